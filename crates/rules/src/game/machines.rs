//! Machines in play: lifting the item on a machine's altar or pulling its lever sets it off
//! (the world changes its cells, `world::machines`), the features its cells let loose land,
//! and the ground it left changing changes a turn at a time, letting whoever and whatever
//! stood on a cell that fell drop to the depth below.

use coord_2d::ICoord;

use super::{Game, GameEvent, TurnOutcome};
use crate::content::Trigger;
use crate::game::DungeonEvent;
use crate::world::{Landing, Landings};

impl Game {
    /// The player lifted what lay on `at`: a machine's altar there sets it off. The turn's
    /// outcome if the player fell.
    pub(super) fn lifted_from(&mut self, at: ICoord) -> Option<TurnOutcome> {
        if self.world.ground_at(at).rules().signals != Some(Trigger::Lifted) {
            return None;
        }
        self.set_off_machine_at(at)
    }

    /// Something thrown came down on `at`: a plate there sets its machine off. The turn's
    /// outcome if the player fell.
    pub(super) fn struck(&mut self, at: ICoord) -> Option<TurnOutcome> {
        if self.world.ground_at(at).rules().signals != Some(Trigger::Landed) {
            return None;
        }
        self.set_off_machine_at(at)
    }

    /// Whether the player walking into `at` pulls a lever there.
    pub(super) fn is_lever(&self, at: ICoord) -> bool {
        self.world.ground_at(at).rules().signals == Some(Trigger::Bumped)
    }

    /// The player walks into the lever at `at`, a turn: it sets its machine off. The turn's
    /// outcome if the player fell.
    pub(super) fn pull_lever(&mut self, at: ICoord) -> Option<TurnOutcome> {
        self.scratch
            .events
            .push(GameEvent::Dungeon(DungeonEvent::LeverPulled { at }));
        self.set_off_machine_at(at)
    }

    /// The machine `at` belongs to goes off, and what its cells let loose lands.
    pub(super) fn set_off_machine_at(&mut self, at: ICoord) -> Option<TurnOutcome> {
        let index = self.world.machine_at(at)?;
        let machine = &self.world.machines()[index];
        let event = DungeonEvent::MachineSetOff {
            machine: machine.kind,
            at,
            first: machine.signals == 0,
        };
        self.scratch.events.push(GameEvent::Dungeon(event));
        let mut landings = Vec::new();
        self.world.signal_machine(index, &mut landings);
        self.let_loose_all(landings)
    }

    /// What a machine's cells let loose lands, each told where it is seen; the first outcome
    /// for the player of them.
    fn let_loose_all(&mut self, landings: Landings) -> Option<TurnOutcome> {
        let mut outcome = None;
        for Landing { at, feature, from } in landings {
            self.tell_at(
                at,
                GameEvent::Dungeon(DungeonEvent::FeatureLetLoose { feature, at }),
            );
            outcome = outcome.or(self.let_loose(feature, at, from));
        }
        outcome
    }

    /// A turn of the ground the machines left changing: what falls lets whoever and whatever
    /// stood there drop. The outcome if the player fell.
    pub(super) fn machines_phase(&mut self) -> Option<TurnOutcome> {
        if !self.world.machines_changing() {
            return None;
        }
        let mut fell = std::mem::take(&mut self.scratch.fell);
        // Empty, so free, on every turn no change lets a feature loose.
        let mut landings = Vec::new();
        (self.world).change_ground(&mut self.chronicle.rng, &mut fell, &mut landings);
        if let Some(outcome) = self.let_loose_all(landings) {
            self.scratch.fell = fell;
            return Some(outcome);
        }
        let mut player_fell = false;
        for &at in &fell {
            player_fell |= self.drop_from(at, |who| DungeonEvent::FellThrough { who }.into());
        }
        self.scratch.fell = fell;
        player_fell.then(|| self.fall_mid_turn(super::Fall::GroundGaveWay))
    }
}
