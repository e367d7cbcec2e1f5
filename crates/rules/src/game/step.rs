//! The player's step: into a chasm (a jump), into a locked door (with its key or not), into an
//! ally (a swap) or a captive (asked to free it), or a move or a blow like any character's.

use coord_2d::ICoord;
use direction::CardinalDirection;

use super::{Game, GameEvent, TurnOutcome};
use crate::content::{ItemKind, ItemUse, Reach};
use entity_table::Entity;

/// The eight cells round a character, row by row.
const AROUND: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
use crate::game::{AllyEvent, BestiaryEvent, DungeonEvent};
use crate::world::ActOutcome;

impl Game {
    /// The player's step: a jump into a chasm, a locked door tried, or a move or a blow. What
    /// the step did if the turn goes on, or the turn's outcome if it is already over.
    pub(super) fn step_player(
        &mut self,
        direction: CardinalDirection,
    ) -> Result<Option<ActOutcome>, TurnOutcome> {
        let ahead = self.world.player_coord() + direction.coord();
        let player = self.world.player();
        let held = self.world.natures().held_for(player) > 0;
        if self.world.falls(ahead) && !self.world.flies(player, None) && !held {
            return Err(self.jump());
        }
        if self.world.blocks_walking(ahead)
            && self.world.ground_at(ahead).rules().unlocks_as.is_some()
        {
            return self.try_unlock(ahead).map_or(Ok(None), Err);
        }
        if self.is_lever(ahead) {
            return self.pull_lever(ahead).map_or(Ok(None), Err);
        }
        match self.step_into_friend(direction) {
            Some(TurnOutcome::TurnTaken) => return Ok(Some(ActOutcome::Moved)),
            Some(outcome) => return Err(outcome),
            None => (),
        }
        let moved = match self.unaware_one_ahead(player, ahead) {
            Some(attack) => ActOutcome::Attacked(attack),
            None => (self.world).move_character(
                player,
                self.world.player_coord(),
                direction,
                &mut self.chronicle.rng,
            ),
        };
        match moved {
            ActOutcome::Blocked => {
                // Wading into what hides under a flood is a turn spent finding it there (a
                // step refused would let the player feel for it for free).
                if self.world.submerged_at(ahead) && !self.world.blocks_walking(ahead) {
                    self.scratch
                        .events
                        .push(GameEvent::Dungeon(DungeonEvent::SomethingUnderWater));
                    return Ok(None);
                }
                // A wall needs no words; water the player could wade elsewhere does, and so
                // does a captive behind bars (it looks like one to free).
                if self.world.ground_at(ahead).rules().submerges {
                    self.scratch
                        .events
                        .push(GameEvent::Dungeon(DungeonEvent::TooDeep));
                }
                let caged = self.world.caged_captive_at(ahead);
                if let Some(kind) = caged.and_then(|captive| self.world.npc_kind(captive)) {
                    self.scratch
                        .events
                        .push(GameEvent::Allies(AllyEvent::CaptiveCaged { kind }));
                }
                return Err(TurnOutcome::NoTurn);
            }
            ActOutcome::Struggled => {
                let who = super::Actor::Player;
                self.scratch
                    .events
                    .push(GameEvent::Bestiary(BestiaryEvent::Struggled { who }));
            }
            ActOutcome::Moved => {
                if let Some(fell) = self.stepped_onto(player, ahead) {
                    return Err(fell);
                }
                self.walk_over_items();
            }
            ActOutcome::Attacked(attack) => {
                self.record_attack(attack);
                self.follow_through(direction, attack.target);
            }
        }
        Ok(Some(moved))
    }

    /// What the weapon's blow reaches besides its foe: every other enemy round the player (an
    /// axe's sweep), or the one behind the foe (a spear's thrust), each a blow of its own.
    fn follow_through(&mut self, direction: CardinalDirection, struck: Entity) {
        let reach = match self.hero.pack.wielded().map(|kind| kind.rules().use_) {
            Some(ItemUse::Wield { reach, .. }) => reach,
            _ => return,
        };
        let player = self.world.player();
        let here = self.world.player_coord();
        let mut cells = [None; 8];
        match reach {
            Reach::One => return,
            Reach::Through => cells[0] = Some(here + direction.coord() + direction.coord()),
            Reach::Around => {
                for (cell, offset) in cells.iter_mut().zip(AROUND) {
                    *cell = Some(here + ICoord::new(offset.0, offset.1));
                }
            }
        }
        for cell in cells.into_iter().flatten() {
            let Some(other) = self.world.character_at(cell) else {
                continue;
            };
            if other == struck
                || !self.world.are_enemies(player, other)
                || !self.world.is_alive(other)
            {
                continue;
            }
            let attack = self.world.strike_at(player, other, &mut self.chronicle.rng);
            self.record_attack(attack);
            if self.is_over() {
                return;
            }
        }
    }

    /// Walks into a locked door: with the key it opens (the key used up, the turn taken);
    /// without, nothing happens. None if the turn goes on.
    fn try_unlock(&mut self, door: ICoord) -> Option<TurnOutcome> {
        let Some(slot) = self.hero.pack.slot_of(ItemKind::key()) else {
            self.scratch
                .events
                .push(GameEvent::Dungeon(DungeonEvent::DoorLocked));
            return Some(TurnOutcome::NoTurn);
        };
        self.hero.pack.take_one(slot);
        self.world.unlock(door);
        self.scratch
            .events
            .push(GameEvent::Dungeon(DungeonEvent::Unlocked));
        None
    }
}
