//! The run beyond one level: the stairs to the next depth.

use super::{Game, GameEvent, TurnOutcome};
use crate::terrain;

impl Game {
    /// Takes the stairs: the next level is generated from the run's RNG, so the same seed and
    /// actions always lead to the same levels. Arriving takes the turn; the new level's NPCs
    /// first act on the next one.
    pub(super) fn descend(&mut self) -> TurnOutcome {
        if !self.world.is_stairs(self.world.player_coord()) {
            self.scratch.events.push(GameEvent::NoStairsHere);
            return TurnOutcome::NoTurn;
        }
        self.go_down()
    }

    /// Arrives on the next depth, wherever the player stood (the stairs, or a wizard's word).
    pub(super) fn go_down(&mut self) -> TurnOutcome {
        self.progress.depth += 1;
        let terrain = terrain::generate_at_depth(
            self.chronicle.options.map_size,
            self.progress.depth,
            &mut self.chronicle.rng,
        );
        self.enter_level(&terrain);
        self.offer_boons();
        self.progress.turn += 1;
        self.regenerate();
        self.scratch.events.push(GameEvent::Descended {
            depth: self.progress.depth,
        });
        self.report_npcs_coming_into_view();
        TurnOutcome::TurnTaken
    }
}
