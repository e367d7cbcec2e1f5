//! Hunting: closing in on an enemy the NPC sees (the player or an ally), along the shared
//! distance map to the player's side, stepping round other NPCs.

use coord_2d::{ICoord, UCoord};
use direction::{CardinalDirection, CardinalDirections};
use grid_search_cardinal::CanEnter;

use super::{BehaviourContext, DISTANCE_MAP_MAX_STEPS, NpcAction, ROUTE_SEARCH_DISTANCE};
use crate::world::World;

/// Cells a hunter can step onto right now: open and unoccupied. Closing on its prey, it does
/// not look where it treads: it walks onto a trap (lead it over one).
struct Rushing<'a>(&'a World);

impl CanEnter for Rushing<'_> {
    fn can_enter(&self, coord: ICoord) -> bool {
        self.0.can_npc_rush(coord)
    }
}

/// Every cell of an empty map of the given size: open ground with nothing on it.
struct EmptyMap(UCoord);

impl CanEnter for EmptyMap {
    fn can_enter(&self, coord: ICoord) -> bool {
        coord.is_valid(self.0)
    }
}

impl BehaviourContext {
    /// The search contexts' queues cannot reserve room; each grows the first time a search needs
    /// it, so the first chase or detour of a game would allocate in mid-turn. Searches on an empty
    /// map of the same size grow them now, each as far as a real search on that map could need.
    /// Every search starts by resetting its context, and the distance map is cleared at the end,
    /// so nothing else of them remains.
    pub(super) fn grow_queues(&mut self, size: UCoord) {
        let empty = EmptyMap(size);
        let centre = ICoord::new(size.width() as i32 / 2, size.height() as i32 / 2);
        // From the middle of an empty map the flood has the widest frontier it can have.
        self.populate.add(centre);
        (self.populate).populate_approach(&empty, DISTANCE_MAP_MAX_STEPS, self.side.scratch());
        // With every cell at distance zero nothing is pruned: the route search queues every cell
        // within its reach.
        let reach = ROUTE_SEARCH_DISTANCE as i32;
        for y in -reach..=reach {
            for x in -reach..=reach {
                self.populate.add(centre + ICoord::new(x, y));
            }
        }
        (self.populate).populate_approach(&empty, 0, self.side.scratch());
        let _ = self
            .search
            .search_first(&empty, centre, ROUTE_SEARCH_DISTANCE, self.side.map());
        self.side.scratch().clear();
    }

    /// A step (or a blow) towards `target`, an enemy it sees, along the map of the player's
    /// side: which leads to the nearest of them, the player or an ally.
    pub(super) fn close_in(&mut self, world: &World, coord: ICoord, target: ICoord) -> NpcAction {
        if let Some(direction) = adjacent_direction(coord, target) {
            return NpcAction::Move(direction);
        }
        if !world.allies().is_empty()
            && let Some(direction) =
                (CardinalDirections.into_iter()).find(|d| world.has_hero(coord + d.coord()))
        {
            // Another of the player's side stands in its way: it strikes that one.
            return NpcAction::Move(direction);
        }
        // The route search reads the map up to five steps from here, but only a cell at most
        // two steps further from the player than this one can lie on a way of five steps to a
        // cell nearer than this one (each step changes the distance by one at most, and a way
        // that climbs three has not the steps left to come back below where it began), and
        // the search keeps and follows only such a way: the map need reach no further.
        self.prepare_around(world, coord, ROUTE_SEARCH_DISTANCE / 2);
        if self.side.map().distance(coord).is_none() {
            // Seen, but further than the map reaches by walking: head for it directly.
            return self.walk_towards(world, coord, target);
        }
        // The search context is shared by every hunter and keeps each cell's cost from earlier
        // searches; only cells a search visits get new costs, and its start is not one of them.
        // A stale cost at the start cannot hurt: its four neighbours are visited first, at cost
        // 1, heading away from it, and a search only ever steps forward, left or right, so no
        // step of it comes back into the start to give it a parent (which would make
        // `search_first` follow a loop for ever). So no guard is needed (an earlier one, which
        // reset the start's cost before each search, was removed); tests/hunting.rs keeps a
        // crowd of hunters searching in one context under a watchdog.
        self.search
            .search_first(
                &Rushing(world),
                coord,
                ROUTE_SEARCH_DISTANCE,
                self.side.map(),
            )
            .map_or(NpcAction::Wait, NpcAction::Move)
    }

    /// One step along a shortest path over open ground; waits if another NPC blocks that step.
    fn walk_towards(&mut self, world: &World, coord: ICoord, goal: ICoord) -> NpcAction {
        self.search_maps.lead_from(world, goal, coord, 0);
        match self.search_maps.current().step_towards_goal(world, coord) {
            Some(direction) => NpcAction::Move(direction),
            None => NpcAction::Wait,
        }
    }
}

/// The step from `here` to a free cell further by `distance` than `here` is, the furthest
/// (the first in compass order on a tie); None if no step leads further. Whoever steps away
/// (a shooter giving ground, an ally fleeing) reads it off the map of what it steps away from.
pub(super) fn step_further(
    world: &World,
    here: ICoord,
    distance: impl Fn(ICoord) -> Option<u32>,
) -> Option<CardinalDirection> {
    let now = distance(here)?;
    CardinalDirections
        .into_iter()
        .filter_map(|direction| {
            let next = here + direction.coord();
            let further = distance(next)?;
            (further > now && world.can_npc_enter(next)).then_some((further, direction))
        })
        .fold(
            None,
            |best: Option<(u32, CardinalDirection)>, step| match best {
                Some((furthest, _)) if furthest >= step.0 => best,
                _ => Some(step),
            },
        )
        .map(|(_, direction)| direction)
}

pub(super) fn adjacent_direction(from: ICoord, to: ICoord) -> Option<CardinalDirection> {
    match to - from {
        ICoord { x: 0, y: -1 } => Some(CardinalDirection::North),
        ICoord { x: 1, y: 0 } => Some(CardinalDirection::East),
        ICoord { x: 0, y: 1 } => Some(CardinalDirection::South),
        ICoord { x: -1, y: 0 } => Some(CardinalDirection::West),
        _ => None,
    }
}
