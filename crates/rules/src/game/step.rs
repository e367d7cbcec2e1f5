//! The player's step: into a chasm (a jump), into a locked door (with its key or not), into an
//! ally (a swap) or a captive (asked to free it), or a move or a blow like any character's.

use coord_2d::ICoord;
use direction::CardinalDirection;

use super::{Game, GameEvent, TurnOutcome};
use crate::content::ItemKind;
use crate::world::ActOutcome;

impl Game {
    /// The player's step: a jump into a chasm, a locked door tried, or a move or a blow. What
    /// the step did if the turn goes on, or the turn's outcome if it is already over.
    pub(super) fn step_player(
        &mut self,
        direction: CardinalDirection,
    ) -> Result<Option<ActOutcome>, TurnOutcome> {
        let ahead = self.world.player_coord() + direction.coord();
        if self.world.falls(ahead) {
            return Err(self.jump());
        }
        if self.world.blocks_walking(ahead)
            && self.world.ground_at(ahead).rules().unlocks_as.is_some()
        {
            return self.try_unlock(ahead).map_or(Ok(None), Err);
        }
        match self.step_into_friend(direction) {
            Some(TurnOutcome::TurnTaken) => return Ok(Some(ActOutcome::Moved)),
            Some(outcome) => return Err(outcome),
            None => (),
        }
        let player = self.world.player();
        let moved = match self.unaware_one_ahead(player, ahead) {
            Some(attack) => ActOutcome::Attacked(attack),
            None => (self.world).move_character(player, direction, &mut self.chronicle.rng),
        };
        match moved {
            ActOutcome::Blocked => return Err(TurnOutcome::NoTurn),
            ActOutcome::Moved => self.walk_over_items(),
            ActOutcome::Attacked(attack) => self.record_attack(attack),
        }
        Ok(Some(moved))
    }

    /// Walks into a locked door: with the key it opens (the key used up, the turn taken);
    /// without, nothing happens. None if the turn goes on.
    fn try_unlock(&mut self, door: ICoord) -> Option<TurnOutcome> {
        let Some(slot) = self.hero.pack.slot_of(ItemKind::key()) else {
            self.scratch.events.push(GameEvent::DoorLocked);
            return Some(TurnOutcome::NoTurn);
        };
        self.hero.pack.take_one(slot);
        self.world.unlock(door);
        self.scratch.events.push(GameEvent::Unlocked);
        None
    }
}
