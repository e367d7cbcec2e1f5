//! How NPCs decide what to do. Deciding reads the world and the NPC's own memory; it never
//! changes the world. The game applies the chosen action through the same path as the player's.
//!
//! An NPC that sees the player (an unbroken `line_2d` segment within vision range) remembers where
//! and when, and closes in along a shared distance map, stepping around other NPCs. Once it loses
//! sight it walks to the last place it saw the player, because that is all it knows. When it gets
//! there, or after [`CHASE_MEMORY_TURNS`] without a sighting, it gives up and stands where it is
//! until it sees the player again.

use coord_2d::{ICoord, UCoord};
use direction::{CardinalDirection, CardinalDirections};
use entity_table::Entity;
use grid_search_cardinal::CanEnter;
use grid_search_cardinal::distance_map::{DistanceMap, PopulateContext, SearchContext};
use line_2d::{Config, LineSegment};

use crate::world::World;

/// NPCs see as far as the player does (radius squared 100).
pub const NPC_VISION_DISTANCE_SQUARED: u32 = 100;
/// The distance map reaches 20 steps from the player: twice the vision radius, so every NPC that
/// can see the player also finds it on the map unless walls force a long detour.
pub const DISTANCE_MAP_MAX_STEPS: u32 = 20;
/// How far an NPC looks for a way around other NPCs before it waits its turn.
pub const ROUTE_SEARCH_DISTANCE: u32 = 5;
/// How many turns an NPC keeps heading for the player's last known position after losing sight.
pub const CHASE_MEMORY_TURNS: u64 = 12;
/// How far the map towards a last-seen cell reaches. A sighting is at most ten cells away in a
/// straight line; thirty steps allow for walls in the way without flooding the whole level.
pub const LAST_SEEN_MAP_MAX_STEPS: u32 = 30;

/// An NPC's decision for one turn: the same kinds of action the player has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NpcAction {
    Wait,
    /// Step, or attack whoever stands in the way.
    Move(CardinalDirection),
}

/// Where and when an NPC last saw the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Sighting {
    pub coord: ICoord,
    pub turn: u64,
}

/// One NPC's own memory.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Agent {
    pub last_sighting: Option<Sighting>,
}

/// Scratch state for NPC decisions, reused every turn so deciding allocates nothing.
pub struct BehaviourContext {
    distance_map: DistanceMap,
    populate: PopulateContext,
    search: SearchContext,
    /// Distances to one NPC's last-seen cell, rebuilt when an NPC searches for a different cell.
    last_seen_map: DistanceMap,
    /// The cell `last_seen_map` leads to. Walls never change, so the map stays right for that
    /// cell: NPCs that lost sight of the player in the same place share one map.
    last_seen_map_goal: Option<ICoord>,
    /// Where the player stood when the distance map was last built; walls never change, so the
    /// map only needs rebuilding when the player moves.
    populated_from: Option<ICoord>,
}

/// Open ground, ignoring characters: the cells an NPC could enter if other NPCs were not there.
struct OpenGround<'a>(&'a World);

impl CanEnter for OpenGround<'_> {
    fn can_enter(&self, coord: ICoord) -> bool {
        !self.0.is_wall(coord)
    }
}

/// Cells an NPC can step onto right now: open and unoccupied.
struct FreeCells<'a>(&'a World);

impl CanEnter for FreeCells<'_> {
    fn can_enter(&self, coord: ICoord) -> bool {
        self.0.can_npc_enter(coord)
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
    pub fn new(size: UCoord) -> Self {
        let mut context = Self {
            distance_map: DistanceMap::new(size),
            populate: PopulateContext::default(),
            search: SearchContext::new(size),
            last_seen_map: DistanceMap::new(size),
            last_seen_map_goal: None,
            populated_from: None,
        };
        context.grow_queues(size);
        context
    }

    /// The search contexts' queues cannot reserve room; each grows the first time a search needs
    /// it, so the first chase or detour of a game would allocate in mid-turn. Searches on an empty
    /// map of the same size grow them now, each as far as a real search on that map could need.
    /// Every search starts by resetting its context, and the distance map is cleared at the end,
    /// so nothing else of them remains.
    fn grow_queues(&mut self, size: UCoord) {
        let empty = EmptyMap(size);
        let centre = ICoord::new(size.width() as i32 / 2, size.height() as i32 / 2);
        // From the middle of an empty map the flood has the widest frontier it can have.
        self.populate.add(centre);
        let widest = DISTANCE_MAP_MAX_STEPS.max(LAST_SEEN_MAP_MAX_STEPS);
        self.populate
            .populate_approach(&empty, widest, &mut self.distance_map);
        // With every cell at distance zero nothing is pruned: the route search queues every cell
        // within its reach.
        let reach = ROUTE_SEARCH_DISTANCE as i32;
        for y in -reach..=reach {
            for x in -reach..=reach {
                self.populate.add(centre + ICoord::new(x, y));
            }
        }
        self.populate
            .populate_approach(&empty, 0, &mut self.distance_map);
        let _ = self
            .search
            .search_first(&empty, centre, ROUTE_SEARCH_DISTANCE, &self.distance_map);
        self.distance_map.clear();
    }

    /// Called once per NPC phase, before any NPC decides.
    pub fn prepare(&mut self, world: &World) {
        let player = world.player_coord();
        if self.populated_from == Some(player) {
            return;
        }
        self.populate.add(player);
        self.populate.populate_approach(
            &OpenGround(world),
            DISTANCE_MAP_MAX_STEPS,
            &mut self.distance_map,
        );
        self.populated_from = Some(player);
    }

    /// Steps from `coord` to the player along the distance map, if the map reaches `coord`.
    pub fn distance_to_player(&self, coord: ICoord) -> Option<u32> {
        self.distance_map.distance(coord)
    }

    /// Chooses what `npc` does this turn and updates its memory of the player.
    pub fn choose_action(
        &mut self,
        world: &World,
        npc: Entity,
        agent: &mut Agent,
        turn: u64,
    ) -> NpcAction {
        let coord = world.coord_of(npc);
        let player = world.player_coord();
        if can_see(world, coord, player) {
            agent.last_sighting = Some(Sighting {
                coord: player,
                turn,
            });
            return self.close_in(world, coord, player);
        }
        match agent.last_sighting {
            Some(sighting)
                if sighting.coord != coord && turn - sighting.turn <= CHASE_MEMORY_TURNS =>
            {
                self.walk_towards(world, coord, sighting.coord)
            }
            Some(_) => {
                agent.last_sighting = None;
                NpcAction::Wait
            }
            None => NpcAction::Wait,
        }
    }

    fn close_in(&mut self, world: &World, coord: ICoord, player: ICoord) -> NpcAction {
        if let Some(direction) = adjacent_direction(coord, player) {
            return NpcAction::Move(direction);
        }
        if self.distance_map.distance(coord).is_none() {
            // Seen, but further than the map reaches by walking: head for it directly.
            return self.walk_towards(world, coord, player);
        }
        self.protect_search_start(coord);
        self.search
            .search_first(
                &FreeCells(world),
                coord,
                ROUTE_SEARCH_DISTANCE,
                &self.distance_map,
            )
            .map_or(NpcAction::Wait, NpcAction::Move)
    }

    /// Works around a bug in grid_search_cardinal 0.4: a search marks its start cell as seen but
    /// keeps the cost some earlier search recorded there, so a detour that comes back to the
    /// start more cheaply than that stale cost gives the start a parent, and `search_first` then
    /// follows the loop for ever. A search from a neighbour records the start at cost 1 (it is
    /// marked before anything else is checked, and `Nowhere` stops the search right there); no
    /// route back to the start costs less than that, so the real search is safe.
    fn protect_search_start(&mut self, start: ICoord) {
        let mapped_neighbour = CardinalDirections
            .into_iter()
            .map(|direction| start + direction.coord())
            .find(|&neighbour| self.distance_map.distance(neighbour).is_some());
        if let Some(neighbour) = mapped_neighbour {
            self.search
                .search_first(&Nowhere, neighbour, 1, &self.distance_map);
        }
        // With no neighbour on the map, the real search cannot leave its first ring of cells,
        // so it cannot come back to the start either.
    }

    /// One step along a shortest path over open ground; waits if another NPC blocks that step.
    fn walk_towards(&mut self, world: &World, coord: ICoord, goal: ICoord) -> NpcAction {
        if self.last_seen_map_goal != Some(goal) {
            self.populate.add(goal);
            self.populate.populate_approach(
                &OpenGround(world),
                LAST_SEEN_MAP_MAX_STEPS,
                &mut self.last_seen_map,
            );
            self.last_seen_map_goal = Some(goal);
        }
        match self.last_seen_map.direction_to_best_neighbour(coord) {
            Some(direction) if world.can_npc_enter(coord + direction.coord()) => {
                NpcAction::Move(direction)
            }
            _ => NpcAction::Wait,
        }
    }
}

/// Enters nothing: a search that only records its first ring of cells.
struct Nowhere;

impl CanEnter for Nowhere {
    fn can_enter(&self, _coord: ICoord) -> bool {
        false
    }
}

/// True if an NPC at `from` sees `to`: within vision range and no wall strictly between them.
pub fn can_see(world: &World, from: ICoord, to: ICoord) -> bool {
    if from.distance2(to) > NPC_VISION_DISTANCE_SQUARED {
        return false;
    }
    let Ok(segment) = LineSegment::try_new(from, to) else {
        return true;
    };
    let between = Config {
        exclude_start: true,
        exclude_end: true,
    };
    segment
        .config_iter(between)
        .all(|coord| !world.is_wall(coord))
}

fn adjacent_direction(from: ICoord, to: ICoord) -> Option<CardinalDirection> {
    match to - from {
        ICoord { x: 0, y: -1 } => Some(CardinalDirection::North),
        ICoord { x: 1, y: 0 } => Some(CardinalDirection::East),
        ICoord { x: 0, y: 1 } => Some(CardinalDirection::South),
        ICoord { x: -1, y: 0 } => Some(CardinalDirection::West),
        _ => None,
    }
}
