//! What a potion drunk does for a while (Brogue's good potions): the player floats over chasms
//! and water, senses every monster of the level, acts at twice its pace, or walks through fire
//! unburnt. Each is a count of turns in the player's progress, run down as turns pass; the world
//! is told what it needs (who flies, who does not burn).

use serde::{Deserialize, Serialize};

use super::{Game, GameEvent};
use crate::content::Draught;
use crate::game::{EnvironmentEvent, MagicEvent};

/// Turns left of each draught's state, none when zero.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Draughts {
    levitating: u16,
    telepathic: u16,
    hasted: u16,
    fireproof: u16,
}

impl Draughts {
    /// Turns left of a state.
    pub fn turns(&self, state: Draught) -> u16 {
        match state {
            Draught::Levitation => self.levitating,
            Draught::Telepathy => self.telepathic,
            Draught::Haste => self.hasted,
            Draught::FireImmunity => self.fireproof,
        }
    }

    pub fn is(&self, state: Draught) -> bool {
        self.turns(state) > 0
    }

    fn turns_mut(&mut self, state: Draught) -> &mut u16 {
        match state {
            Draught::Levitation => &mut self.levitating,
            Draught::Telepathy => &mut self.telepathic,
            Draught::Haste => &mut self.hasted,
            Draught::FireImmunity => &mut self.fireproof,
        }
    }

    /// A draught drunk while its state lasts adds to it (up to a long while, never less).
    fn drink(&mut self, state: Draught, turns: u32) {
        let left = self.turns_mut(state);
        *left = (u32::from(*left) + turns).min(u32::from(u16::MAX)) as u16;
    }

    /// Negation ends them all.
    pub(super) fn end_all(&mut self) {
        *self = Self::default();
    }

    /// A turn passes; the states that ended with it.
    fn pass_a_turn(&mut self) -> impl Iterator<Item = Draught> + use<> {
        let mut ended = [None; 4];
        for (i, state) in ALL.into_iter().enumerate() {
            let left = self.turns_mut(state);
            if *left == 1 {
                ended[i] = Some(state);
            }
            *left = left.saturating_sub(1);
        }
        ended.into_iter().flatten()
    }
}

const ALL: [Draught; 4] = [
    Draught::Levitation,
    Draught::Telepathy,
    Draught::Haste,
    Draught::FireImmunity,
];

impl Game {
    /// The player's states from potions, and how long each has left.
    pub fn draughts(&self) -> Draughts {
        self.progress.draughts
    }

    /// The monster a telepathic player senses at `coord`, out of its sight: its kind.
    pub fn sensed_at(&self, coord: coord_2d::ICoord) -> Option<crate::content::NpcKind> {
        if !self.progress.draughts.is(Draught::Telepathy)
            || self.visibility.sees(&self.world, coord)
            || !self.world.has_character(coord)
        {
            return None;
        }
        let npc = self.world.character_at(coord)?;
        self.world.npc_kind(npc)
    }

    /// A potion of a state drunk.
    pub(super) fn quaff(&mut self, state: Draught, turns: u32) {
        self.progress.draughts.drink(state, turns);
        self.scratch
            .events
            .push(GameEvent::Magic(MagicEvent::Feels { state, ends: false }));
        self.tell_world_of_draughts();
    }

    /// A turn of the player's states passes: the ended ones are told, and a levitation ending
    /// over a chasm drops the player (over deep water, it swims to the nearest shore).
    pub(super) fn pass_draughts(&mut self) -> Option<super::TurnOutcome> {
        let mut fell = None;
        for state in self.progress.draughts.pass_a_turn() {
            self.scratch
                .events
                .push(GameEvent::Magic(MagicEvent::Feels { state, ends: true }));
            if state == Draught::Levitation {
                fell = self.land();
            }
        }
        self.tell_world_of_draughts();
        fell
    }

    /// The world knows who floats and who does not burn.
    pub(super) fn tell_world_of_draughts(&mut self) {
        let player = self.world.player();
        let draughts = self.progress.draughts;
        self.world
            .set_flying(player, draughts.is(Draught::Levitation));
        self.world
            .set_fireproof(player, draughts.is(Draught::FireImmunity));
    }

    /// The player comes down where it floats: into the chasm below, or out of deep water to
    /// the nearest ground.
    fn land(&mut self) -> Option<super::TurnOutcome> {
        let here = self.world.player_coord();
        if self.world.falls(here) {
            return Some(self.fall_mid_turn(super::Fall::StoppedFloating));
        }
        if self.world.blocks_walking(here)
            && let Some(shore) = self.world.nearest_open_cell(here)
        {
            let player = self.world.player();
            self.world.put_character(player, shore);
            self.scratch
                .events
                .push(GameEvent::Environment(EnvironmentEvent::SwamAshore));
        }
        None
    }

    /// How long an action of the player's takes, hasted or not.
    pub(super) fn hasted(&self, time: u32) -> u32 {
        match self.progress.draughts.is(Draught::Haste) {
            true => {
                let (part, whole) = crate::balance::HASTE_TIME_SHARE;
                (time * part / whole).max(1)
            }
            false => time,
        }
    }
}
