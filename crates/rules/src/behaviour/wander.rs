//! Wandering: an awake NPC with nothing to do walks from waypoint to waypoint, resting a few
//! turns at each, and picks its next one among the neighbours of the one it reached, not the
//! one it came from unless that is the only way on. It steps only downhill on the waypoint's map,
//! so never into a wall; blocked by another NPC for a few turns, it heads somewhere else.

use coord_2d::ICoord;
use direction::{CardinalDirection, CardinalDirections};
use rand::Rng;

use super::local_map::Window;
use super::waypoints::{COVER_STEPS, WAYPOINT_REACH, WaypointId};
use super::{Agent, BehaviourContext, NpcAction, NpcState};
use crate::balance;
use crate::world::World;

/// One more than the most neighbours a waypoint keeps, for the choices buffer.
const CHOICES_MAX: usize = 17;

impl BehaviourContext {
    /// A wanderer's turn: rest, arrive, step on, step aside, or turn back. Each change of its
    /// plan is one of the transitions on [`Agent`] (`rest_at`, `head_for`, `turn_back`).
    pub(super) fn wander_step(
        &mut self,
        world: &World,
        here: ICoord,
        agent: &mut Agent,
        rng: &mut impl Rng,
        turn: u64,
    ) -> NpcAction {
        let NpcState::Wandering {
            goal, resume_at, ..
        } = agent.state
        else {
            return NpcAction::Wait;
        };
        if turn < resume_at {
            return NpcAction::Wait;
        }
        let Some((goal, distance)) = self.wander_goal(world, here, goal) else {
            return NpcAction::Wait;
        };
        let arrived =
            distance == 0 || (distance == 1 && !world.can_npc_enter(self.waypoints.cell(goal)));
        if arrived {
            return self.arrive(world, here, goal, agent, rng, turn);
        }
        agent.head_for(goal);
        if let Some(direction) = self.downhill(world, goal, here, distance, rng) {
            // The count is not reset here but on arrival: a step downhill right after a step
            // aside only comes back to where it was blocked, and before a sleeper in a corridor
            // resetting would have it pace there for ever.
            return NpcAction::Move(direction);
        }
        agent.stuck_turns += 1;
        if agent.stuck_turns < balance::STUCK_TURNS {
            // Blocked: a step aside, which the next step downhill may well lead round.
            return self
                .aside(world, goal, here, distance, rng)
                .map_or(NpcAction::Wait, NpcAction::Move);
        }
        self.give_up_goal(world, here, goal, agent, rng);
        // A step anywhere free: at the edge of its waypoints' maps, with the one way on
        // blocked by a sleeper, every new goal would lead into the sleeper again, and a step
        // off the edge finds maps that lead round it.
        let mut free = [CardinalDirection::North; 4];
        let mut count = 0;
        for direction in CardinalDirections {
            if world.can_npc_enter(here + direction.coord()) {
                free[count] = direction;
                count += 1;
            }
        }
        match count {
            0 => NpcAction::Wait,
            n => NpcAction::Move(free[rng.random_range(0..n)]),
        }
    }

    /// The waypoint the wanderer heads for and how far it is: its goal while its map reaches
    /// here, else the nearest waypoint. None on a level without one in reach. Inlined: every
    /// wanderer asks every turn, and the goal's map nearly always reaches it.
    #[inline]
    fn wander_goal(
        &mut self,
        world: &World,
        here: ICoord,
        goal: Option<WaypointId>,
    ) -> Option<(WaypointId, u32)> {
        if let Some(goal) = goal {
            self.waypoints.prepare(world, goal);
            if let Some(distance) = self.waypoints.distance(goal, here) {
                return Some((goal, distance));
            }
        }
        let nearest = self.nearest_waypoint(world, here)?;
        self.waypoints.prepare(world, nearest);
        Some((nearest, self.waypoints.distance(nearest, here).unwrap_or(0)))
    }

    /// At its waypoint: rests there, then heads for one of its neighbours.
    fn arrive(
        &mut self,
        world: &World,
        here: ICoord,
        goal: WaypointId,
        agent: &mut Agent,
        rng: &mut impl Rng,
        turn: u64,
    ) -> NpcAction {
        let NpcState::Wandering { from, .. } = agent.state else {
            return NpcAction::Wait;
        };
        let next = self.next_goal(world, here, goal, from, rng);
        if next == goal && from == Some(goal) {
            // Rested here and there is no way on (a sleeper blocks the only way out of a
            // pocket): pace about rather than stand for ever.
            return self
                .pick_step(world, goal, here, rng, |_| true)
                .map_or(NpcAction::Wait, NpcAction::Move);
        }
        let (low, high) = balance::WANDER_PAUSE_TURNS;
        agent.rest_at(goal, next, turn + rng.random_range(low..=high));
        NpcAction::Wait
    }

    /// Still blocked after [`balance::STUCK_TURNS`]: heads for somewhere it can set off towards
    /// now, for the blocker may be a sleeper that will not move all game.
    fn give_up_goal(
        &mut self,
        world: &World,
        here: ICoord,
        goal: WaypointId,
        agent: &mut Agent,
        rng: &mut impl Rng,
    ) {
        let mut next = self.next_goal(world, here, goal, Some(goal), rng);
        if self.waypoints.distance(next, here).is_some_and(|d| d <= 1) {
            // Back where it stands: choose on from here rather than rest again.
            next = self.next_goal(world, here, next, Some(goal), rng);
        }
        agent.turn_back(goal, next);
    }

    /// A free neighbouring cell one step nearer the waypoint, chosen at random when there are
    /// two, so that NPCs crossing a room spread out rather than all hugging one edge.
    fn downhill(
        &mut self,
        world: &World,
        goal: WaypointId,
        here: ICoord,
        distance: u32,
        rng: &mut impl Rng,
    ) -> Option<CardinalDirection> {
        self.pick_step(world, goal, here, rng, |d| d + 1 == distance)
    }

    /// A free neighbouring cell no nearer the waypoint and at most one step further.
    fn aside(
        &mut self,
        world: &World,
        goal: WaypointId,
        here: ICoord,
        distance: u32,
        rng: &mut impl Rng,
    ) -> Option<CardinalDirection> {
        self.pick_step(world, goal, here, rng, |d| {
            d == distance || d == distance + 1
        })
    }

    /// A free neighbouring cell whose distance on the waypoint's map is `wanted`: one of the
    /// fitting cells at random, or the next one round if that is taken. The map is asked first
    /// and the world only about the cells that fit, as thousands of NPCs do this every turn.
    fn pick_step(
        &mut self,
        world: &World,
        goal: WaypointId,
        here: ICoord,
        rng: &mut impl Rng,
        wanted: impl Fn(u32) -> bool,
    ) -> Option<CardinalDirection> {
        let mut fitting = [CardinalDirection::North; 4];
        let mut count = 0;
        let around = self.waypoints.around(goal, here);
        for (i, direction) in CardinalDirections.into_iter().enumerate() {
            if around[i].is_some_and(&wanted) {
                fitting[count] = direction;
                count += 1;
            }
        }
        let first = match count {
            0 => return None,
            1 => 0,
            _ => rng.random_range(0..count),
        };
        (0..count)
            .map(|i| fitting[(first + i) % count])
            .find(|d| world.can_npc_enter(here + d.coord()))
    }

    /// A random neighbour of `at` that `here` can set off towards right now (its map reaches
    /// `here` and the first step is free), other than `avoid` if there is a choice; failing
    /// that, any whose map reaches `here`; `at` itself if it has none.
    fn next_goal(
        &mut self,
        world: &World,
        here: ICoord,
        at: WaypointId,
        avoid: Option<WaypointId>,
        rng: &mut impl Rng,
    ) -> WaypointId {
        let mut open = [0; CHOICES_MAX];
        let mut open_count = 0;
        let mut reached = [0; CHOICES_MAX];
        let mut reached_count = 0;
        self.waypoints.prepare(world, at);
        let neighbours_len = self.waypoints.neighbours(at).len();
        for i in 0..neighbours_len {
            let id = self.waypoints.neighbours(at)[i];
            self.waypoints.prepare(world, id);
            let Some(distance) = self.waypoints.distance(id, here) else {
                continue;
            };
            if distance > 1 {
                reached[reached_count] = id;
                reached_count += 1;
            }
            // A waypoint it already stands on or next to is no way on.
            let wanted = distance > 1 && Some(id) != avoid;
            if wanted && self.can_step_towards(world, id, here, distance) {
                open[open_count] = id;
                open_count += 1;
            }
        }
        if open_count > 0 {
            return open[rng.random_range(0..open_count)];
        }
        let fallback = reached[..reached_count]
            .iter()
            .find(|&&id| Some(id) != avoid);
        match fallback.or(reached[..reached_count].first()) {
            Some(&id) => id,
            None => self.any_waypoint_in_reach(world, here, at, rng),
        }
    }

    /// A random waypoint other than `at` whose map reaches `here`: for when none of `at`'s
    /// neighbours does (`here` is on the far side of `at` from all of them).
    fn any_waypoint_in_reach(
        &mut self,
        world: &World,
        here: ICoord,
        at: WaypointId,
        rng: &mut impl Rng,
    ) -> WaypointId {
        let mut nearby = [0; CHOICES_MAX];
        let mut count = 0;
        for id in self.waypoints.in_window(Window::new(here, WAYPOINT_REACH)) {
            if id != at && count < CHOICES_MAX {
                nearby[count] = id;
                count += 1;
            }
        }
        let mut reaching = [0; CHOICES_MAX];
        let mut reaching_count = 0;
        for &id in &nearby[..count] {
            self.waypoints.prepare(world, id);
            if self.waypoints.distance(id, here).is_some() {
                reaching[reaching_count] = id;
                reaching_count += 1;
            }
        }
        match reaching_count {
            0 => at,
            _ => reaching[rng.random_range(0..reaching_count)],
        }
    }

    fn can_step_towards(
        &mut self,
        world: &World,
        goal: WaypointId,
        here: ICoord,
        distance: u32,
    ) -> bool {
        // The map first: a byte, where asking the world is several tables, and one neighbour
        // in four or so is downhill.
        let around = self.waypoints.around(goal, here);
        (CardinalDirections.into_iter().enumerate())
            .any(|(i, d)| around[i] == Some(distance - 1) && world.can_npc_enter(here + d.coord()))
    }

    /// The waypoint fewest steps from `here` (every open cell has one within [`COVER_STEPS`]),
    /// the lowest-numbered of the nearest.
    fn nearest_waypoint(&mut self, world: &World, here: ICoord) -> Option<WaypointId> {
        self.list_near_waypoints(here);
        match self.nearest_by_maps(world, here) {
            Some(nearest) => nearest,
            None => self.nearest_by_flood(world, here),
        }
    }

    /// The waypoints within [`COVER_STEPS`] of `here` along both axes, with their cells.
    fn list_near_waypoints(&mut self, here: ICoord) {
        self.near_waypoints.clear();
        let waypoints = &self.waypoints;
        let window = Window::new(here, COVER_STEPS);
        let near = (waypoints.in_window(window)).map(|id| (waypoints.cell(id), id));
        self.near_waypoints.extend(near);
    }

    /// [`Self::nearest_waypoint`] by a flood from `here` as far as the nearest.
    fn nearest_by_flood(&mut self, world: &World, here: ICoord) -> Option<WaypointId> {
        self.nearby_map.lead_to_nearest(
            world,
            here,
            self.near_waypoints.iter().map(|&(cell, _)| cell),
        )?;
        (self.near_waypoints.iter())
            .filter_map(|&(cell, id)| Some((self.nearby_map.distance(cell)?, id)))
            .min()
            .map(|(_, id)| id)
    }

    /// [`Self::nearest_waypoint`] read off the waypoints' own maps, where each of those near
    /// already has one: between open cells a walk is as long either way, so a waypoint's map
    /// holds the steps a flood from `here` would count to it (a wanderer's first choice on a
    /// new level of thousands was a flood each). None where a map was never measured (a loaded
    /// level measures them as wanderers need them) or `here` is not open ground (one flying
    /// over a chasm): the flood then.
    fn nearest_by_maps(&mut self, world: &World, here: ICoord) -> Option<Option<WaypointId>> {
        if world.blocks_walking(here) {
            return None;
        }
        let mut nearest: Option<(u32, WaypointId)> = None;
        for &(cell, id) in &self.near_waypoints {
            if !self.waypoints.prepare_if_measured(world, id) {
                return None;
            }
            // The flood from `here` never steps onto a waypoint whose cell is shut.
            if world.blocks_walking(cell) {
                continue;
            }
            let steps = self.waypoints.distance(id, here);
            if let Some(steps) = steps.filter(|&steps| steps <= COVER_STEPS) {
                let this = (steps, id);
                nearest = Some(nearest.map_or(this, |best| best.min(this)));
            }
        }
        Some(nearest.map(|(_, id)| id))
    }
}

#[cfg(test)]
mod tests {
    use coord_2d::UCoord;
    use rand::SeedableRng;
    use rand_isaac::Isaac64Rng;

    use super::*;
    use crate::content::profile_at;
    use crate::terrain::generate_by_profile;

    /// The nearest waypoint read off the waypoints' maps is the one a flood from the cell finds,
    /// from every cell of levels of every depth, before and after cages fall over their vaults'
    /// altars (ground shut where waypoints stand, ways made longer) and locked doors open.
    #[test]
    fn the_nearest_waypoint_by_their_maps_is_the_one_a_flood_finds() {
        let mut read_off_maps = 0;
        for depth in [1, 4, 7, 10] {
            for seed in 0..3 {
                let mut rng = Isaac64Rng::seed_from_u64(seed);
                let size = UCoord::new(80, 30);
                let terrain = generate_by_profile(size, depth, profile_at(depth), &mut rng);
                let mut world = World::from_terrain(&terrain);
                let mut context = BehaviourContext::new(&world);
                context.measure_waypoints(&world);
                for changed in [false, true] {
                    if changed {
                        let vaults = world.vaults().to_vec();
                        for vault in vaults {
                            world.take_from_altar(vault.altars[0]);
                        }
                        for cell in size.icoord_iter_row_major() {
                            world.unlock(cell);
                        }
                    }
                    for here in size.icoord_iter_row_major() {
                        context.list_near_waypoints(here);
                        let Some(by_maps) = context.nearest_by_maps(&world, here) else {
                            continue;
                        };
                        read_off_maps += 1;
                        let by_flood = context.nearest_by_flood(&world, here);
                        assert_eq!(
                            by_maps, by_flood,
                            "from {here:?}, depth {depth}, seed {seed}"
                        );
                    }
                }
            }
        }
        assert!(read_off_maps > 10_000, "{read_off_maps} read off the maps");
    }
}
