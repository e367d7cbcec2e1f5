//! How NPCs decide what to do. Deciding reads the world, the player's field of view and the NPC's
//! own memory ([`Agent`]); it never changes the world. The game applies the chosen action through
//! the same path as the player's.
//!
//! Each NPC is in one [`NpcState`]: asleep, wandering between waypoints, hunting the player it
//! sees, searching where it last saw it (or heard a fight), or fleeing when badly hurt. The maps
//! they move by live here, shared by every NPC and reused every turn: the distance map towards
//! the player, the waypoints' maps, the safety map, and scratch maps for searching and noise.

mod agent;
mod ally;
mod decision;
mod flee;
mod foes;
mod hunt;
pub(crate) mod local_map;
mod noise;
mod notice;
mod ranged;
mod search;
mod side_map;
mod sight;
mod wander;
mod way_maps;
pub mod waypoints;
mod ways_of_walking;

pub use agent::{Agent, Awareness, NpcState, Reason, Sighting, Transition};
pub use decision::{
    DISTANCE_MAP_MAX_STEPS, Decision, NpcAction, ROUTE_SEARCH_DISTANCE, SEARCH_MAP_MAX_STEPS,
    has_trait,
};
pub use noise::{NOISE_MAX_STEPS, Noise, NoiseKind};
pub use notice::{ally_stealth_range, notices, steps_between};
use sight::nearest_in_sight;
pub use sight::{can_see, sees_player};

use coord_2d::ICoord;
use direction::{CardinalDirection, CardinalDirections};
use entity_table::Entity;
use grid_search_cardinal::distance_map::{PopulateContext, SearchContext};
use rand::Rng;

use crate::balance;
use crate::content::NpcTrait;
use crate::visibility::Visibility;
use crate::world::World;
pub use flee::SafetyMap;
use flee::should_flee;
use foes::FoesMap;
use local_map::{LocalMap, LocalMaps};
use side_map::SideMap;
#[cfg(feature = "testing")]
pub(crate) use side_map::Unharmed;
use waypoints::Waypoints;

/// How many searched cells keep their maps: a fight's searchers head for a few cells at most
/// (where the player was seen, where a blow was heard); 4 KB each.
const SEARCH_MAPS_KEPT: usize = 4;

/// What an NPC decides from: the world, what the player sees this turn, and the turn.
#[derive(Clone, Copy)]
pub struct Senses<'a> {
    pub world: &'a World,
    pub visibility: &'a Visibility,
    pub turn: u64,
    /// The player's stealth range this turn, in steps (see `game::stealth`).
    pub stealth: u32,
}

/// Scratch state and shared maps for NPC decisions, reused every turn so deciding allocates
/// nothing. None of it is saved: it is rebuilt from the world, giving the same decisions.
pub struct BehaviourContext {
    /// The map towards the player's side, shared by every hunter on foot.
    side: SideMap,
    populate: PopulateContext,
    search: SearchContext,
    /// Distances to searched cells (and to where a hunter walks round a crowd); NPCs heading
    /// for the same cell share a map.
    search_maps: LocalMaps,
    /// Who hears the turn's noises.
    hearing: noise::Hearing,
    /// Distances from one NPC, to find its nearest waypoint.
    nearby_map: LocalMap,
    /// Scratch: the waypoints in the window round that NPC, with their cells.
    near_waypoints: Vec<(ICoord, waypoints::WaypointId)>,
    safety: SafetyMap,
    waypoints: Waypoints,
    /// The allies' map of the monsters round the player, built once a turn.
    foes: FoesMap,
    /// The allies' way back to the player.
    to_player: LocalMap,
    /// Scratch: enemies a character might see, nearest first, each looked at in turn until
    /// one is in sight (a line of sight is dearer than a distance).
    candidates: Vec<(u32, ICoord)>,
    /// The turn being decided (see [`BehaviourContext::prepare`]).
    turn: u64,
    /// Whether the NPC deciding stands where the player's field of view reaches (lit or not):
    /// only from there does it shoot at the player. Its sight is a segment, the player's a
    /// shadowcast, and the segment sees round corners the shadowcast does not: an archer shot
    /// the player from where the player could not even look (a hand-played run). From the
    /// dark within view it still shoots, and is told as unseen.
    in_players_view: bool,
    /// Where the allies stood as the turn began, and the turn: read once a turn for all the
    /// monsters that look for them (one that has moved since is looked for where it went
    /// next turn).
    ally_cells: Vec<ICoord>,
    ally_cells_at: Option<u64>,
    /// The maps of flyers and swimmers, made the first time one hunts.
    ways: way_maps::WayMaps,
}

impl BehaviourContext {
    pub fn new(world: &World) -> Self {
        Self::with_waypoints(world, Waypoints::new(world))
    }

    /// The context of a loaded game, with the waypoints its level placed (saved with it); None
    /// if they are not a level's (see [`Waypoints::from_saved`]).
    pub fn with_saved_waypoints(world: &World, cells: Vec<ICoord>) -> Option<Self> {
        Waypoints::from_saved(world, cells).map(|waypoints| Self::with_waypoints(world, waypoints))
    }

    fn with_waypoints(world: &World, waypoints: Waypoints) -> Self {
        let size = world.size();
        let mut context = Self {
            side: SideMap::new(size),
            populate: PopulateContext::default(),
            search: SearchContext::new(size),
            search_maps: LocalMaps::new(SEARCH_MAPS_KEPT, SEARCH_MAP_MAX_STEPS),
            hearing: noise::Hearing::new(world),
            nearby_map: LocalMap::new(waypoints::COVER_STEPS),
            // No window holds more waypoints than cells.
            near_waypoints: Vec::with_capacity(local_map::Window::len_for(waypoints::COVER_STEPS)),
            safety: SafetyMap::new(DISTANCE_MAP_MAX_STEPS),
            waypoints,
            foes: FoesMap::new(),
            to_player: LocalMap::new(DISTANCE_MAP_MAX_STEPS),
            candidates: Vec::with_capacity(
                world
                    .npcs()
                    .len()
                    .max(local_map::Window::len_for(balance::ALLY_MAP_REACH)),
            ),
            turn: 0,
            in_players_view: false,
            // Room for every NPC to be an ally, so no turn grows it.
            ally_cells: Vec::with_capacity(world.npcs().len()),
            ally_cells_at: None,
            ways: way_maps::WayMaps::for_level(world),
        };
        context.grow_queues(size);
        context
    }

    /// Measures the whole map towards the player's side now (to its full reach), unless it can
    /// be read as it stands (see [`side_map::Measured::fresh`]): what the NPCs' own measuring
    /// costs at most (`benches/parts.rs`).
    pub fn prepare(&mut self, world: &World) {
        (self.side).prepare(world, self.turn, &mut self.populate, DISTANCE_MAP_MAX_STEPS);
    }

    /// Measures the map towards the player's side now, far enough to read it `beyond` steps
    /// past `coord` (every cell a step or a route search from there reads), unless it can be
    /// read as it stands (see [`side_map::Measured::fresh`]). NPCs do this themselves the first
    /// time one needs the map in a turn, so a turn in which nobody hunts pays nothing for it,
    /// and a turn in which they hunt near the player pays for the flood near the player.
    pub(super) fn prepare_around(&mut self, world: &World, coord: ICoord, beyond: u32) {
        // Steps along open ground are never fewer than steps across it: the first flood may
        // prove too short, never too long, and then the distance it finds says how far to go.
        let mut need = (coord - world.player_coord()).manhattan_magnitude() + beyond;
        loop {
            self.side
                .prepare(world, self.turn, &mut self.populate, need);
            let reach = self.side.reach();
            need = match self.side.map().distance(coord) {
                _ if reach >= DISTANCE_MAP_MAX_STEPS => return,
                Some(distance) if distance + beyond <= reach => return,
                Some(distance) => distance + beyond,
                None => DISTANCE_MAP_MAX_STEPS,
            };
        }
    }

    /// Steps from `coord` to the player over open ground, as the NPCs' map towards the player
    /// measures them (the same flood, to the same reach), whether or not an NPC has needed the
    /// map since the player last moved.
    pub fn distance_to_player(&self, world: &World, coord: ICoord) -> Option<u32> {
        self.side.distance_to_player(world, coord)
    }

    /// The distance from `coord` on the shared map towards the player's side, as it was last
    /// built, and the player's cell it was built for: none if no NPC has needed it yet.
    pub fn built_distance(&self, coord: ICoord) -> (Option<ICoord>, Option<u32>) {
        self.side.built_distance(coord)
    }

    /// The safety map as the last fleeing NPC left it.
    pub fn safety(&self) -> &SafetyMap {
        &self.safety
    }

    /// Where a waypoint is, if the level has it.
    pub fn waypoint_cell(&self, id: waypoints::WaypointId) -> Option<ICoord> {
        ((id as usize) < self.waypoints.len()).then(|| self.waypoints.cell(id))
    }

    /// Measures every waypoint's map now (see [`Waypoints::prepare`]).
    pub fn measure_waypoints(&mut self, world: &World) {
        for id in 0..self.waypoints.len() as waypoints::WaypointId {
            self.waypoints.prepare(world, id);
        }
    }

    /// How many waypoints the level has.
    pub fn waypoint_count(&self) -> usize {
        self.waypoints.len()
    }

    /// Where the waypoints are, by row then column (saved with the game).
    pub fn waypoint_cells(&self) -> &[ICoord] {
        self.waypoints.cells()
    }

    /// Bytes of memory the waypoints hold (their maps are backed only once built).
    pub fn waypoint_bytes(&self) -> usize {
        self.waypoints.heap_bytes()
    }

    /// Calls `hear` with every NPC that hears `noise` and where it stands.
    /// Calls `hear` with every NPC within reach of the nearest of the turn's `noises` that are
    /// `of_kind`, where it stands and the noise it hears.
    pub fn listeners<'a>(
        &mut self,
        world: &World,
        noises: &'a [Noise],
        of_kind: impl Fn(&Noise) -> bool,
        hear: impl FnMut(Entity, ICoord, &'a Noise),
    ) {
        self.hearing.listeners(world, noises, of_kind, hear);
    }

    /// Every kept map that differs from one measured afresh from `world` (for the invariants):
    /// the waypoints' maps that would be read as they are, and the map towards the player's
    /// side within the reach it was measured to.
    pub fn cache_violations(&self, world: &World) -> Vec<String> {
        let stale = self.waypoints.stale(world);
        let mut problems = match stale.is_empty() {
            true => Vec::new(),
            false => vec![format!("the maps of waypoints {stale:?} are stale")],
        };
        problems.extend(self.side.violation(world));
        problems
    }

    /// Chooses what the awake NPC `npc`, of `kind`, standing at `here`, does this turn and
    /// updates its memory.
    pub fn choose_action(
        &mut self,
        senses: Senses,
        (npc, kind): (Entity, Option<crate::content::NpcKind>),
        here: ICoord,
        agent: &mut Agent,
        rng: &mut impl Rng,
    ) -> Decision {
        let Senses { world, turn, .. } = senses;
        self.turn = turn;
        self.in_players_view = senses.visibility.in_player_sight(here);
        let quiet = |action| Decision {
            action,
            shout: false,
        };
        // Standing in fire or harmful gas, it steps out first, whatever it wants.
        if world.has_hazards()
            && !matches!(agent.state, NpcState::Asleep | NpcState::Captive)
            && let Some(away) = out_of_harm(world, here)
        {
            return quiet(NpcAction::Move(away));
        }
        // Its kind's ways of walking: every wanderer asks.
        let (flits, swims) = kind.map_or((false, false), |kind| {
            let rules = kind.rules();
            (rules.has(NpcTrait::Flits), rules.has(NpcTrait::Submerges))
        });
        if flits
            && agent.acts()
            && let Some(action) = Self::flit(world, npc, rng)
        {
            return quiet(action);
        }
        // No side is looked up on a level without allies: ten thousand wanderers pay nothing
        // for it. (A captive never acts: its mind says so, whatever its side.)
        if world.is_ally(npc) {
            return quiet(self.ally_step(world, npc, agent, turn));
        }
        let player = world.player_coord();
        let foe = self.noticed_foe(senses, (npc, kind), here, agent, rng);
        let spotted = match foe {
            Some(at) if at == player => agent.see_player(at, turn),
            Some(at) => agent.see_enemy(at, turn),
            None => false,
        };
        let shout = spotted && has_trait(world, npc, NpcTrait::ShoutsOnSight);
        if should_flee(world, (npc, kind), agent) {
            agent.flee(turn);
        }
        let action = match (agent.state, foe) {
            (NpcState::Asleep | NpcState::Captive | NpcState::Following, _) => NpcAction::Wait,
            (NpcState::Hunting, Some(foe)) => self.engage(world, (npc, kind), here, agent, foe),
            // A swimmer never leaves its water to search or wander: it drifts there.
            (state, _) if swims => {
                if state == NpcState::Hunting {
                    agent.lose_sight(here, turn, false);
                }
                Self::swim_about(world, npc, rng)
            }
            (NpcState::Hunting, None) => {
                let beyond = steps_between(here, player) > senses.stealth;
                agent.lose_sight(here, turn, beyond);
                self.search_step(world, here, agent, rng, turn)
            }
            (NpcState::Searching { .. }, _) => self.search_step(world, here, agent, rng, turn),
            (NpcState::Wandering { .. }, _) => self.wander_step(world, here, agent, rng, turn),
            (NpcState::Guarding { post }, _) => self.guard_step(world, here, post),
            (NpcState::Fleeing, _) => self.flee_step(world, npc, agent, foe, rng, turn),
        };
        Decision { action, shout }
    }

    /// The enemy the NPC at `here` sees and has noticed, if any: one it was aware of already,
    /// or one it notices now by a roll within that enemy's stealth range.
    fn noticed_foe(
        &mut self,
        senses: Senses,
        (npc, kind): (Entity, Option<crate::content::NpcKind>),
        here: ICoord,
        agent: &Agent,
        rng: &mut impl Rng,
    ) -> Option<ICoord> {
        let world = senses.world;
        let player = world.player_coord();
        // Without allies the one enemy is the player: the look at it stays the one it was.
        let foe = match world.allies().is_empty() {
            true => sees_player(world, senses.visibility, here, player).then_some(player),
            false => self.nearest_enemy_seen(senses, (npc, kind), here),
        };
        // One that has not noticed its enemies notices the one it sees only within that one's
        // stealth range, by a roll; until then it goes on as it was.
        foe.filter(|&at| {
            agent.awareness() == Awareness::Aware || {
                let range = match at == player {
                    true => senses.stealth,
                    false => ally_stealth_range(world, senses.visibility, at),
                };
                notices(here, at, range, true, rng)
            }
        })
    }

    /// The nearest enemy a monster at `here` sees: the player, or an ally of the player's (by
    /// straight distance, the player first on a tie). With no ally this is the one look at the
    /// player it always was; allies are looked at nearest first, and only those nearer than
    /// the player and within sight's reach.
    fn nearest_enemy_seen(
        &mut self,
        senses: Senses,
        (npc, kind): (Entity, Option<crate::content::NpcKind>),
        here: ICoord,
    ) -> Option<ICoord> {
        let Senses {
            world, visibility, ..
        } = senses;
        let player = world.player_coord();
        let player_seen =
            sees_player(world, visibility, here, player).then(|| (here.distance2(player), player));
        // One that shoots needs the nearest enemy it sees, to aim at; one that strikes closes
        // in on the nearest by walking along the shared map, so the player in sight will do.
        if player_seen.is_some() && !has_harming_bolt(world, npc, kind) {
            return Some(player);
        }
        // An enemy beside it is the nearest there can be: the player first, then the first
        // ally in row order (the player beside is always seen, so one of the player's side
        // beside it now is an ally).
        if player_seen.is_some_and(|(distance, _)| distance == 1) {
            return Some(player);
        }
        let beside = (CardinalDirections.into_iter())
            .map(|d| here + d.coord())
            .filter(|&at| world.has_hero(at))
            .min_by_key(|at| (at.y, at.x));
        if beside.is_some() {
            return beside;
        }
        self.candidates.clear();
        let reach = player_seen.map_or(balance::NPC_VISION_DISTANCE_SQUARED, |(d, _)| d - 1);
        if self.ally_cells_at != Some(self.turn) {
            self.ally_cells.clear();
            self.ally_cells
                .extend(world.allies().iter().map(|&ally| world.coord_of(ally)));
            self.ally_cells_at = Some(self.turn);
        }
        for &at in &self.ally_cells {
            let distance = here.distance2(at);
            if distance <= reach {
                self.candidates.push((distance, at));
            }
        }
        // An ally still where it stood (the player, who never moves while the NPCs act, is
        // never on such a cell).
        let seen = nearest_in_sight(&mut self.candidates, |at| {
            world.has_hero(at) && can_see(world, here, at)
        });
        seen.or(player_seen.map(|(_, at)| at))
    }

    /// A guard stands at its post, and walks back to it when called away and let go.
    fn guard_step(&mut self, world: &World, here: ICoord, post: ICoord) -> NpcAction {
        if here == post {
            return NpcAction::Wait;
        }
        self.search_maps.lead_from(world, post, here, 0);
        (self.search_maps.current())
            .step_towards_goal(world, here)
            .map_or(NpcAction::Wait, NpcAction::Move)
    }
}

/// A step out of fire or harmful gas to a cell free of it, the first in compass order; none
/// if the NPC stands clear of harm, or nothing near is.
fn out_of_harm(world: &World, here: ICoord) -> Option<CardinalDirection> {
    if !world.harms(here) {
        return None;
    }
    CardinalDirections
        .into_iter()
        .find(|d| world.can_npc_enter(here + d.coord()))
}

/// Whether the NPC, of `kind`, sends a bolt that harms (an archer's arrow).
fn has_harming_bolt(world: &World, npc: Entity, kind: Option<crate::content::NpcKind>) -> bool {
    (world.bolt_of(npc, kind)).is_some_and(|bolt| !bolt.rules().effect.helps())
}
