//! Searching: walking to where the player was last seen (or where a noise came from), then
//! looking around it for a while, then giving up. It never freezes: an unreachable cell ends the
//! search at once, and a searcher that cannot get closer for a few turns starts looking around
//! where it is.

use coord_2d::ICoord;
use direction::CardinalDirections;
use rand::Rng;

use super::{Agent, BehaviourContext, NpcAction, NpcState, Reason};
use crate::balance;
use crate::world::World;

impl BehaviourContext {
    pub(super) fn search_step(
        &mut self,
        world: &World,
        here: ICoord,
        agent: &mut Agent,
        rng: &mut impl Rng,
        turn: u64,
    ) -> NpcAction {
        let NpcState::Searching {
            target,
            prowling,
            until,
            ..
        } = agent.state
        else {
            return NpcAction::Wait;
        };
        if turn >= until {
            agent.give_up(Reason::SearchOver, turn);
            return self.wander_step(world, here, agent, rng, turn);
        }
        // Prowling keeps within `SEARCH_PROWL_STEPS` of the target (or as far as it stands).
        (self.search_maps).lead_from(world, target, here, balance::SEARCH_PROWL_STEPS);
        let Some(distance) = self.search_maps.current().distance(here) else {
            agent.give_up(Reason::TargetUnreachable, turn);
            return self.wander_step(world, here, agent, rng, turn);
        };
        if !prowling {
            if distance > 1 {
                if let Some(direction) = self.search_maps.current().step_towards_goal(world, here) {
                    agent.stuck_turns = 0;
                    return NpcAction::Move(direction);
                }
                agent.stuck_turns += 1;
                if agent.stuck_turns < balance::STUCK_TURNS {
                    return NpcAction::Wait;
                }
            }
            agent.start_prowling(here, Reason::ReachedTarget, turn);
        }
        match self.prowl_step(world, here, agent, distance, rng) {
            NpcAction::Wait => {
                // Hemmed in near the searched cell: after a few turns, look elsewhere.
                agent.stuck_turns += 1;
                if agent.stuck_turns >= balance::STUCK_TURNS {
                    agent.give_up(Reason::SearchOver, turn);
                }
                NpcAction::Wait
            }
            step => {
                agent.stuck_turns = 0;
                step
            }
        }
    }

    /// A step to a random free neighbour that stays near the searched cell, never straight back
    /// unless there is no other way.
    fn prowl_step(
        &self,
        world: &World,
        here: ICoord,
        agent: &mut Agent,
        distance: u32,
        rng: &mut impl Rng,
    ) -> NpcAction {
        let NpcState::Searching { previous, .. } = &mut agent.state else {
            return NpcAction::Wait;
        };
        let limit = distance.max(balance::SEARCH_PROWL_STEPS);
        let near = |next: ICoord| {
            world.can_npc_enter(next)
                && self
                    .search_maps
                    .current()
                    .distance(next)
                    .is_some_and(|d| d <= limit)
        };
        let mut choices = [None; 4];
        let mut count = 0;
        for direction in CardinalDirections {
            let next = here + direction.coord();
            if next != *previous && near(next) {
                choices[count] = Some(direction);
                count += 1;
            }
        }
        let back = CardinalDirections
            .into_iter()
            .find(|d| here + d.coord() == *previous && near(*previous));
        let chosen = match count {
            0 => back,
            _ => choices[rng.random_range(0..count)],
        };
        match chosen {
            Some(direction) => {
                *previous = here;
                NpcAction::Move(direction)
            }
            None => NpcAction::Wait,
        }
    }
}
