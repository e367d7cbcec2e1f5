//! The turn: the player's action, then everything after it (time passing, the NPCs, fire,
//! gas and machines, and what the player sees at the end).

use super::{DungeonEvent, Game, GameEvent, PlayerAction, TurnOutcome};

impl Game {
    /// Plays one turn. Events from the turn are in [`Game::events`] afterwards.
    pub fn act(&mut self, action: PlayerAction) -> TurnOutcome {
        self.scratch.events.clear();
        self.scratch.unwitnessed = 0;
        self.world.new_turn();
        if self.is_over() {
            return TurnOutcome::NoTurn;
        }
        self.chronicle.actions.push(action);
        self.scratch.still = matches!(action, PlayerAction::Wait | PlayerAction::Search);
        if let PlayerAction::Choose { boon } = action {
            self.choose_boon(boon);
            return TurnOutcome::NoTurn;
        }
        if let PlayerAction::Wizard(command) = action {
            return self.wizard(command);
        }
        if self.growth_pending() {
            self.scratch
                .events
                .push(GameEvent::Dungeon(DungeonEvent::ChooseABoonFirst));
            return TurnOutcome::NoTurn;
        }
        let outcome = match self.player_acts(action) {
            Ok(outcome) => outcome,
            Err(done) => return done,
        };
        self.rest_of_turn(action, outcome)
    }

    /// The player's action carried out: what a step or a blow amounted to, or the outcome
    /// that ends the turn here (nothing done and no time taken, or the stairs taken).
    fn player_acts(
        &mut self,
        action: PlayerAction,
    ) -> Result<Option<crate::world::ActOutcome>, TurnOutcome> {
        let done = |ok: bool| {
            if ok {
                Ok(None)
            } else {
                Err(TurnOutcome::NoTurn)
            }
        };
        match action {
            PlayerAction::Move(meant) => {
                let confused = self.progress.confused_for > 0;
                let direction = self.player_stumbles(meant);
                match self.step_player(direction) {
                    Ok(moved) => Ok(moved),
                    // A stumble into a wall is a turn lost, not a step refused: the dice rolled.
                    Err(TurnOutcome::NoTurn) if confused => {
                        self.scratch.events.clear();
                        Ok(None)
                    }
                    Err(done) => Err(done),
                }
            }
            PlayerAction::Wait => Ok(None),
            PlayerAction::Search => {
                self.search();
                Ok(None)
            }
            PlayerAction::Free(direction) => done(self.free_captive(direction)),
            PlayerAction::PickUp => {
                let here = self.world.player_coord();
                done(self.pick_up_here())?;
                self.lifted_from(here).map_or(Ok(None), Err)
            }
            PlayerAction::Drop { slot } => done(self.drop_stack(slot)),
            PlayerAction::Use { slot, at } => {
                done(self.use_item(slot, at))?;
                self.struck_by_the_throw()
            }
            PlayerAction::Throw { slot, at } => {
                done(self.throw_item(slot, at))?;
                self.struck_by_the_throw()
            }
            PlayerAction::UseOn { slot, on } => done(self.enchant_with(slot, on)),
            PlayerAction::Descend => Err(self.descend()),
            PlayerAction::Choose { .. } | PlayerAction::Wizard(_) => {
                unreachable!("chosen and done in act, taking no turn")
            }
        }
    }

    /// A plate where the player's throw came down goes off: the turn ends there if that let
    /// the player fall.
    fn struck_by_the_throw(&mut self) -> Result<Option<crate::world::ActOutcome>, TurnOutcome> {
        let at = self.scratch.struck.take();
        at.and_then(|at| self.struck(at)).map_or(Ok(None), Err)
    }

    /// Everything after the player's action: time passes for its draughts, staffs, rings and
    /// health, the NPCs act, fire and gas move, and the player sees and remembers the result.
    fn rest_of_turn(
        &mut self,
        action: PlayerAction,
        outcome: Option<crate::world::ActOutcome>,
    ) -> TurnOutcome {
        self.progress.turn += 1;
        self.progress.confused_for = self.progress.confused_for.saturating_sub(1);
        if let Some(fell) = self.pass_draughts() {
            return fell;
        }
        self.recharge_staffs();
        self.wear_rings();
        self.regenerate();
        self.arrive_followers();
        if self.is_over() {
            // Taking the Sunstone (or dying of its own doing) ends the run before anyone else
            // moves; the player's last sight is still what is there.
            self.look_round();
            self.visibility
                .remember(&self.world, self.chronicle.options.omniscience);
            return TurnOutcome::TurnTaken;
        }
        if action != PlayerAction::Search {
            self.progress.searches_in_a_row = 0;
        }
        let sight_near = self.world.sight_moved_near();
        self.look_round();
        self.notice_secrets();
        self.npc_phase(self.time_taken(outcome));
        let crystal_gone = self.world.dissolve_crystal() > 0;
        let burning = !self.world.fires().cells().is_empty() || crystal_gone;
        if let Some(fell) = self.environment_phase() {
            return fell;
        }
        if let Some(fell) = self.machines_phase() {
            return fell;
        }
        self.count_down_arrivals();
        if self.world.sight_moved_near() != sight_near
            || burning
            || !self.world.fires().cells().is_empty()
        {
            // Fire lights what is round it: the player looks again. Something that stops sight
            // came or went near the player (a door an NPC opened, one burnt away, crystal
            // gone): the player sees what is there now.
            self.look_round();
        } else {
            // A door further off may still have changed the light of what the player sees.
            self.refresh_light_round_player();
        }
        self.visibility
            .remember(&self.world, self.chronicle.options.omniscience);
        self.see_rooms();
        self.report_npcs_coming_into_view();
        TurnOutcome::TurnTaken
    }

    /// Where a step the player meant to take goes: anywhere while a gas has it confused.
    fn player_stumbles(
        &mut self,
        meant: direction::CardinalDirection,
    ) -> direction::CardinalDirection {
        if self.progress.confused_for == 0 {
            return meant;
        }
        use direction::CardinalDirection::{East, North, South, West};
        use rand::Rng;
        [North, East, South, West][self.chronicle.rng.random_range(0..4)]
    }

    /// The dead do not heal: a player killed on its own turn (by a burst it set off) stays dead.
    pub(super) fn regenerate(&mut self) {
        let alive = self.world.is_player_alive();
        if alive
            && self
                .progress
                .turn
                .is_multiple_of(self.regeneration_interval())
        {
            self.world.heal_player(1);
        }
    }

    pub(super) fn growth_pending(&self) -> bool {
        self.boons_offered().is_some()
    }
}
