//! How NPCs decide what to do. Deciding reads the world, the player's field of view and the NPC's
//! own memory ([`Agent`]); it never changes the world. The game applies the chosen action through
//! the same path as the player's.
//!
//! Each NPC is in one [`NpcState`]: asleep, wandering between waypoints, hunting the player it
//! sees, searching where it last saw it (or heard a fight), or fleeing when badly hurt. The maps
//! they move by live here, shared by every NPC and reused every turn: the distance map towards
//! the player, the waypoints' maps, the safety map, and scratch maps for searching and noise.

mod agent;
mod flee;
mod hunt;
pub(crate) mod local_map;
mod noise;
mod ranged;
mod search;
mod sight;
mod wander;
pub mod waypoints;

pub use agent::{Agent, NpcState, Reason, Sighting, Transition};
pub use noise::{NOISE_MAX_STEPS, Noise, NoiseKind};
pub use sight::{can_see, sees_player};

use coord_2d::ICoord;
use direction::CardinalDirection;
use entity_table::Entity;
use grid_search_cardinal::CanEnter;
use grid_search_cardinal::distance_map::{DistanceMap, PopulateContext, SearchContext};
use rand::Rng;

use crate::balance;
use crate::content::NpcTrait;
use crate::visibility::Visibility;
use crate::world::World;
pub use flee::SafetyMap;
use local_map::{LocalMap, LocalMaps};
use waypoints::Waypoints;

/// The distance map reaches 20 steps from the player: twice the vision radius, so every NPC that
/// can see the player also finds it on the map unless walls force a long detour.
pub const DISTANCE_MAP_MAX_STEPS: u32 = 20;
/// How far an NPC looks for a way around other NPCs before it waits its turn.
pub const ROUTE_SEARCH_DISTANCE: u32 = 5;
/// How far the map towards a searched cell reaches. A sighting is at most ten cells away in a
/// straight line; thirty steps allow for walls in the way without flooding the whole level.
pub const SEARCH_MAP_MAX_STEPS: u32 = 30;
/// How many searched cells keep their maps: a fight's searchers head for a few cells at most
/// (where the player was seen, where a blow was heard); 4 KB each.
const SEARCH_MAPS_KEPT: usize = 4;

/// An NPC's decision for one turn: the same kinds of action the player has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NpcAction {
    Wait,
    /// Step, or attack whoever stands in the way.
    Move(CardinalDirection),
    /// Send its kind's bolt at a cell: an arrow at the player, healing at an ally.
    Fire(ICoord),
}

/// What an NPC decided: its action, and whether it shouts to the others (free, with the action).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    pub action: NpcAction,
    pub shout: bool,
}

/// What an NPC decides from: the world, what the player sees this turn, and the turn.
#[derive(Clone, Copy)]
pub struct Senses<'a> {
    pub world: &'a World,
    pub visibility: &'a Visibility,
    pub turn: u64,
}

/// Scratch state and shared maps for NPC decisions, reused every turn so deciding allocates
/// nothing. None of it is saved: it is rebuilt from the world, giving the same decisions.
pub struct BehaviourContext {
    distance_map: DistanceMap,
    populate: PopulateContext,
    search: SearchContext,
    /// Where the player stood when the distance map was last built; walls never change, so the
    /// map only needs rebuilding when the player moves.
    populated_from: Option<ICoord>,
    /// Distances to searched cells (and to where a hunter walks round a crowd); NPCs heading
    /// for the same cell share a map.
    search_maps: LocalMaps,
    /// Distances from the latest noise.
    noise_map: LocalMap,
    /// Distances from one NPC, to find its nearest waypoint.
    nearby_map: LocalMap,
    safety: SafetyMap,
    waypoints: Waypoints,
}

/// Open ground, ignoring characters: the cells an NPC could enter if other NPCs were not there.
struct OpenGround<'a>(&'a World);

impl CanEnter for OpenGround<'_> {
    fn can_enter(&self, coord: ICoord) -> bool {
        !self.0.blocks_walking(coord)
    }
}

impl BehaviourContext {
    pub fn new(world: &World) -> Self {
        let size = world.size();
        let mut context = Self {
            distance_map: DistanceMap::new(size),
            populate: PopulateContext::default(),
            search: SearchContext::new(size),
            populated_from: None,
            search_maps: LocalMaps::new(SEARCH_MAPS_KEPT, SEARCH_MAP_MAX_STEPS),
            noise_map: LocalMap::new(noise::NOISE_MAX_STEPS),
            nearby_map: LocalMap::new(waypoints::COVER_STEPS),
            safety: SafetyMap::new(DISTANCE_MAP_MAX_STEPS),
            waypoints: Waypoints::new(world),
        };
        context.grow_queues(size);
        context
    }

    /// Measures the distance map towards the player now, unless it already leads to where the
    /// player stands. NPCs do this themselves the first time one needs the map in a turn, so a
    /// turn in which nobody hunts pays nothing for it.
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

    /// Steps from `coord` to the player over open ground, as the NPCs' map towards the player
    /// measures them (the same flood, to the same reach), whether or not an NPC has needed the
    /// map since the player last moved.
    pub fn distance_to_player(&self, world: &World, coord: ICoord) -> Option<u32> {
        let player = world.player_coord();
        if self.populated_from == Some(player) {
            return self.distance_map.distance(coord);
        }
        let mut map = LocalMap::new(DISTANCE_MAP_MAX_STEPS);
        map.lead_to(world, player);
        map.distance(coord)
    }

    /// The distance from `coord` on the shared map towards the player, as it was last built,
    /// and the player's cell it was built for: none if no NPC has needed it yet.
    pub fn built_distance(&self, coord: ICoord) -> (Option<ICoord>, Option<u32>) {
        (self.populated_from, self.distance_map.distance(coord))
    }

    /// The safety map as the last fleeing NPC left it.
    pub fn safety(&self) -> &SafetyMap {
        &self.safety
    }

    /// Where a waypoint is, if the level has it.
    pub fn waypoint_cell(&self, id: waypoints::WaypointId) -> Option<ICoord> {
        ((id as usize) < self.waypoints.len()).then(|| self.waypoints.cell(id))
    }

    /// How many waypoints the level has.
    pub fn waypoint_count(&self) -> usize {
        self.waypoints.len()
    }

    /// Where the waypoints are, by row then column.
    #[cfg(feature = "testing")]
    pub fn waypoint_cells(&self) -> &[ICoord] {
        self.waypoints.cells()
    }

    /// Bytes of memory the waypoints hold (their maps are backed only once built).
    pub fn waypoint_bytes(&self) -> usize {
        self.waypoints.heap_bytes()
    }

    /// Calls `hear` with every NPC that hears `noise` and where it stands.
    pub fn listeners(&mut self, world: &World, noise: &Noise, hear: impl FnMut(Entity, ICoord)) {
        noise::listeners(&mut self.noise_map, world, noise, hear);
    }

    /// Chooses what the awake NPC `npc` does this turn and updates its memory.
    pub fn choose_action(
        &mut self,
        senses: Senses,
        npc: Entity,
        agent: &mut Agent,
        rng: &mut impl Rng,
    ) -> Decision {
        let Senses { world, turn, .. } = senses;
        let here = world.coord_of(npc);
        let player = world.player_coord();
        let sees = sees_player(world, senses.visibility, here, player);
        let spotted = sees && agent.see_player(player, turn);
        let shout = spotted && has_trait(world, npc, NpcTrait::ShoutsOnSight);
        if should_flee(world, npc, agent) {
            agent.flee(turn);
        }
        let action = match agent.state {
            NpcState::Asleep => NpcAction::Wait,
            NpcState::Hunting if sees => self.engage(world, npc, agent, player),
            NpcState::Hunting => {
                agent.lose_sight(here, turn);
                self.search_step(world, here, agent, rng, turn)
            }
            NpcState::Searching { .. } => self.search_step(world, here, agent, rng, turn),
            NpcState::Wandering { .. } => self.wander_step(world, here, agent, rng, turn),
            NpcState::Fleeing => self.flee_step(world, npc, agent, sees, rng, turn),
        };
        Decision { action, shout }
    }

    fn flee_step(
        &mut self,
        world: &World,
        npc: Entity,
        agent: &mut Agent,
        sees: bool,
        rng: &mut impl Rng,
        turn: u64,
    ) -> NpcAction {
        let here = world.coord_of(npc);
        let player = world.player_coord();
        if world.hit_points(npc).is_some_and(is_recovered) {
            if sees {
                agent.turn_to_fight(Reason::Recovered, turn);
                return self.engage(world, npc, agent, player);
            }
            agent.recover(here, turn);
            return self.search_step(world, here, agent, rng, turn);
        }
        // Beyond the safety map's reach every cell counts as safe as it gets: no step is
        // safer, and no map need be built to know it.
        let on_map = (here - player).manhattan_magnitude() <= DISTANCE_MAP_MAX_STEPS;
        if on_map {
            self.safety.prepare(world, player);
            if let Some(direction) = self.safety.safer_step(world, here) {
                return NpcAction::Move(direction);
            }
        }
        match hunt::adjacent_direction(here, player) {
            Some(direction) => {
                agent.turn_to_fight(Reason::Cornered, turn);
                NpcAction::Move(direction)
            }
            None => NpcAction::Wait,
        }
    }
}

/// Whether the NPC's kind has the trait.
pub fn has_trait(world: &World, npc: Entity, wanted: NpcTrait) -> bool {
    world
        .npc_kind(npc)
        .is_some_and(|kind| kind.rules().has(wanted))
}

/// A kind that flees, hurt to its threshold, not already fleeing and not fighting because it was
/// cornered (a cornered NPC fights on rather than turning its back every other turn).
fn should_flee(world: &World, npc: Entity, agent: &Agent) -> bool {
    let fleeing_kind = has_trait(world, npc, NpcTrait::FleesWhenHurt);
    let cornered =
        agent.state == NpcState::Hunting && agent.last_transition.reason == Reason::Cornered;
    let awake_and_free = !matches!(agent.state, NpcState::Fleeing | NpcState::Asleep);
    fleeing_kind
        && awake_and_free
        && !cornered
        && world.hit_points(npc).is_some_and(|hp| {
            let (num, den) = balance::FLEE_AT_OR_BELOW;
            hp.current * den <= hp.max * num
        })
}

fn is_recovered(hp: crate::world::HitPoints) -> bool {
    let (num, den) = balance::RECOVERED_AT_OR_ABOVE;
    hp.current * den >= hp.max * num
}
