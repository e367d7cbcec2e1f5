//! Wandering: an awake NPC with nothing to do walks from waypoint to waypoint, resting a few
//! turns at each, and picks its next one among the neighbours of the one it reached, not the
//! one it came from unless that is the only way on. It steps only downhill on the waypoint's map,
//! so never into a wall; blocked by another NPC for a few turns, it heads somewhere else.

use coord_2d::ICoord;
use direction::CardinalDirections;
use rand::Rng;

use super::local_map::Window;
use super::waypoints::{COVER_STEPS, WaypointId};
use super::{Agent, BehaviourContext, NpcAction, NpcState};
use crate::balance;
use crate::world::World;

/// One more than the most neighbours a waypoint keeps, for the choices buffer.
const CHOICES_MAX: usize = 17;

impl BehaviourContext {
    pub(super) fn wander_step(
        &mut self,
        world: &World,
        here: ICoord,
        agent: &mut Agent,
        rng: &mut impl Rng,
        turn: u64,
    ) -> NpcAction {
        let NpcState::Wandering {
            goal,
            from,
            resume_at,
        } = agent.state
        else {
            return NpcAction::Wait;
        };
        if turn < resume_at {
            return NpcAction::Wait;
        }
        let reachable = |context: &mut Self, id: WaypointId| {
            context.waypoints.distance(world, id, here).is_some()
        };
        let goal = match goal {
            Some(goal) if reachable(self, goal) => goal,
            _ => match self.nearest_waypoint(world, here) {
                Some(nearest) => nearest,
                None => return NpcAction::Wait,
            },
        };
        let distance = self.waypoints.distance(world, goal, here).unwrap_or(0);
        let occupied = !world.can_npc_enter(self.waypoints.cell(goal));
        if distance == 0 || (distance == 1 && occupied) {
            let next = self.next_goal(world, here, goal, from, rng);
            let (low, high) = balance::WANDER_PAUSE_TURNS;
            agent.state = NpcState::Wandering {
                goal: Some(next),
                from: Some(goal),
                resume_at: turn + rng.random_range(low..=high),
            };
            agent.stuck_turns = 0;
            return NpcAction::Wait;
        }
        if let Some(direction) = self.downhill(world, goal, here, distance) {
            agent.state = NpcState::Wandering {
                goal: Some(goal),
                from,
                resume_at,
            };
            agent.stuck_turns = 0;
            return NpcAction::Move(direction);
        }
        agent.stuck_turns += 1;
        if agent.stuck_turns >= balance::STUCK_TURNS {
            agent.stuck_turns = 0;
            let next = self.next_goal(world, here, goal, Some(goal), rng);
            agent.state = NpcState::Wandering {
                goal: Some(next),
                from: Some(goal),
                resume_at,
            };
        }
        NpcAction::Wait
    }

    /// A free neighbouring cell one step nearer the waypoint.
    fn downhill(
        &mut self,
        world: &World,
        goal: WaypointId,
        here: ICoord,
        distance: u32,
    ) -> Option<direction::CardinalDirection> {
        CardinalDirections.into_iter().find(|d| {
            let next = here + d.coord();
            world.can_npc_enter(next)
                && self.waypoints.distance(world, goal, next) == Some(distance - 1)
        })
    }

    /// A random neighbour of `at` whose map reaches `here`, other than `avoid` if there is a
    /// choice; `at` itself if it has none.
    fn next_goal(
        &mut self,
        world: &World,
        here: ICoord,
        at: WaypointId,
        avoid: Option<WaypointId>,
        rng: &mut impl Rng,
    ) -> WaypointId {
        let mut choices = [0; CHOICES_MAX];
        let mut count = 0;
        let neighbours_len = self.waypoints.neighbours(world, at).len();
        for i in 0..neighbours_len {
            let id = self.waypoints.neighbours(world, at)[i];
            if self.waypoints.distance(world, id, here).is_some() {
                choices[count] = id;
                count += 1;
            }
        }
        let fresh = choices[..count]
            .iter()
            .filter(|&&id| Some(id) != avoid)
            .count();
        if fresh > 0 {
            let pick = rng.random_range(0..fresh);
            let mut fresh_choices = choices[..count].iter().filter(|&&id| Some(id) != avoid);
            return *fresh_choices.nth(pick).unwrap_or(&at);
        }
        if count > 0 {
            return choices[0];
        }
        at
    }

    /// The waypoint fewest steps from `here` (every open cell has one within [`COVER_STEPS`]).
    fn nearest_waypoint(&mut self, world: &World, here: ICoord) -> Option<WaypointId> {
        self.nearby_map.lead_to(here, |c| !world.is_wall(c));
        let window = Window::new(here, COVER_STEPS);
        self.waypoints
            .in_window(window)
            .filter_map(|id| {
                let distance = self.nearby_map.distance(self.waypoints.cell(id))?;
                Some((distance, id))
            })
            .min()
            .map(|(_, id)| id)
    }
}
