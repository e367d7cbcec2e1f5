//! One game: the world, its RNG, what the player sees, and the turn order.
//!
//! This is the API that frontends, tests and benchmarks use. A turn is: the player's action, then
//! (if that took time) every living NPC in spawn order, then the field of view. Same seed, same
//! options and same actions give the same game.

use coord_2d::ICoord;
use entity_table::Entity;

use crate::behaviour::Agent;
use crate::terrain::{self, AsciiMapError, Disposition, Terrain};
use crate::travel::TravelContext;
use crate::visibility::Visibility;
use crate::world::World;
use seeds::RunSeeds;

mod actions;
mod activity;
mod allies;
mod arrivals;
mod bestiary;
mod bolts;
mod catalog;
mod combat;
mod commutation;
mod draughts;
mod dump;
mod dump_notes;
mod environment;
mod equipment;
mod events;
mod flight;
mod growth;
mod history;
mod inhabitants;
mod inspect;
mod items;
mod level_view;
mod lore;
mod machines;
mod magic;
mod minds;
mod notice;
mod npc_phase;
mod pack;
mod parts;
mod persist;
mod rings;
mod rooms_seen;
mod run;
#[cfg(feature = "testing")]
mod scenario;
mod score;
mod search;
mod seeds;
mod spells;
mod state_hash;
mod stealth;
mod step;
mod traps;
mod turn;
mod wiring;
mod wizard;
mod zap;

pub use crate::world::flight_cells;
pub use actions::{Boon, DEFAULT_MAP_SIZE, GameOptions, PlayerAction, WizardCommand};
pub use activity::{Activity, Doing, Stop};
pub use allies::Follower;
pub use catalog::{CaptiveCatalog, LevelCatalog, MachineCatalog, VaultCatalog, seed_catalog};
pub use draughts::Draughts;
pub use events::{
    Actor, AimError, AllyEvent, BestiaryEvent, DungeonEvent, Ending, EnvironmentEvent, Fall,
    FightEvent, GameEvent, ItemEvent, MagicEvent, Missile, TurnOutcome, WizardEvent,
};
pub use flight::Aim;
pub use history::History;
pub use inhabitants::Inhabitants;
pub use level_view::LevelView;
pub use lore::ItemName;
pub use minds::{Heading, Noise, NoiseKind, ThinkingMaps};
pub use pack::{PACK_LETTERS, Pack, Stack};
pub use seeds::level_of_run;
pub use wiring::Wire;
// The vocabulary the app draws and words, so that everything above the rules imports them
// through `game` alone: the kinds, what a cell holds and what is remembered of it, an NPC's
// state, the depth of the Sunstone and the sizes a level may have.
pub use crate::balance::{FINAL_DEPTH, GAS_HARMS_AT, LIT, TURN_TIME};
pub use crate::behaviour::{Awareness, NpcState, Reason, Sighting, Transition};
pub use crate::content::{
    Ability, BESTIARY_SOURCE, BOLTS_SOURCE, BoltEffect, BoltKind, BoltPath, ContentError, Draught,
    FEATURES_SOURCE, FeatureKind, GASES_SOURCE, GROUND_SOURCE, GasHarm, GasKind, Ground,
    ITEMS_SOURCE, ItemClass, ItemKind, ItemUse, LIGHTS_SOURCE, LOOKS_PER_CLASS, LightKind,
    MACHINES_SOURCE, MachineKind, NpcKind, NpcTrait, Problem, Reach, RingPower, Sources, Spell,
    Trigger, check as check_content, parse_table,
};

/// The digest of the content tables' rules, which saves and recordings carry beside
/// [`RULES_VERSION`]: the same seed and actions replay to the same game only under both.
pub fn content_digest() -> u32 {
    crate::content::digest()
}
pub use crate::terrain::{
    DesignKind, MAX_MAP_SIZE, MIN_MAP_SIZE, VaultGuard, is_valid_size as is_valid_map_size,
};
pub use crate::visibility::{CellVisibility, Lighting, Omniscience, TileSnapshot};
pub use crate::world::{EntityId, Flame, Gear, HitPoints, Lying, Side, Tile, Tuning};
pub use dump::DumpError;
pub use equipment::GearNumbers;
pub use persist::DecodeError;
pub use score::{
    Earned, HIGH_SCORES_KEPT, HighScores, ScoreConditions, ScoreEntry, Unscored, boon_counts,
};
pub use zap::ZapNumbers;

/// Which rules this build plays by. Saves and recordings carry it: the same seed and actions
/// replay to the same game only under the same rules, so a file from other rules is refused
/// rather than replayed into a different game. Bump it with any change a replay would notice
/// (a number in `balance`, the turn order, level generation, an extra random draw); the golden
/// recordings' test fails until it is bumped with them.
pub const RULES_VERSION: u32 = 55;

/// A cell as the player knows it: whether it is in view, and what is (or was) there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellView {
    pub visibility: CellVisibility,
    pub tiles: TileSnapshot,
}

/// How a cell is lit, as the player's eyes meet it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellLight {
    /// All the light there, the player's own included.
    pub level: u32,
    /// The player's own share of it.
    pub own: u32,
    /// The light that gives most of the rest, if any does.
    pub strongest: Option<LightKind>,
    pub brightness: Brightness,
}

/// A cell's light in a word: lit by something other than the player's own light, seen only by
/// the player's own light (in shadow), or too dark to see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brightness {
    Lit,
    Shadow,
    Dark,
}

/// What an NPC is beyond its kind, as the look and the sidebar tell it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NpcCondition {
    /// What it learned from a fallen foe (an ally).
    pub learned: Option<crate::content::Ability>,
    /// The player's eyes miss it (under water, or invisible).
    pub unseen: bool,
    /// Under deep water, out of reach.
    pub submerged: bool,
    /// What it took from the player's pack.
    pub carrying: Option<ItemName>,
    pub hasted_for: u16,
    /// Tries left before it breaks out of a web.
    pub held_for: u16,
    /// Turns left before it fades, if it fades.
    pub fades_in: Option<u16>,
}

/// A living NPC as tests and tools see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NpcInfo {
    /// Stays the NPC's for the whole game, wherever it goes.
    pub id: Entity,
    pub coord: ICoord,
    pub kind: NpcKind,
    pub hit_points: HitPoints,
    /// Whose side it is on: the dungeon's, the player's (an ally), or a captive's.
    pub side: Side,
}

/// One game, in parts that each own their fields (see `parts`); the turn order is [`Game::act`].
pub struct Game {
    chronicle: parts::Chronicle,
    progress: parts::Progress,
    world: World,
    visibility: Visibility,
    minds: parts::Minds,
    hero: parts::Hero,
    scratch: parts::TurnScratch,
    /// Scratch space for the routes of exploring and travelling.
    travel: TravelContext,
}

impl Game {
    /// A new game on a generated level. `options.map_size` must be within the terrain limits.
    pub fn new(seed: u64, options: GameOptions) -> Self {
        let terrain = seeds::level_of_run(seed, 1, options.map_size);
        Self::from_terrain(seed, options, &terrain)
    }

    /// A game on a hand-made level (see [`terrain::from_ascii`]); also returns the digit labels.
    pub fn from_ascii(
        rows: &[&str],
        options: GameOptions,
    ) -> Result<(Self, Vec<(char, ICoord)>), AsciiMapError> {
        let (terrain, labels) = terrain::from_ascii(rows)?;
        let mut game = Self::from_terrain(0, options, &terrain);
        game.chronicle.made_to_order = true;
        Ok((game, labels))
    }

    /// A game of the run `seed` begun on `terrain`: the play's dice and the items' looks are
    /// the run's, each from a seed of its own.
    fn from_terrain(seed: u64, options: GameOptions, terrain: &Terrain) -> Self {
        let seeds = RunSeeds::of(seed);
        let world = World::from_terrain(terrain);
        let lore = lore::Lore::shuffled(&mut seeds.looks_rng());
        let mut rng = seeds.play_rng();
        let arrivals = arrivals::Arrivals::lit(terrain, &mut rng);
        let mut game = Self {
            chronicle: parts::Chronicle {
                seed,
                // For a hand-made level these still describe what a new game would generate.
                options,
                rng,
                actions: persist::with_room_to_grow(Vec::new()),
                made_to_order: false,
            },
            progress: parts::Progress {
                turn: 0,
                depth: 1,
                ending: None,
                wizard_spawns: 0,
                joined_and_faded: (0, 0),
                searches_in_a_row: 0,
                arrived_at: terrain.player,
                loud_until: 0,
                lighting: crate::visibility::Lighting::Natural,
                confused_for: 0,
                draughts: draughts::Draughts::default(),
                arrivals,
            },
            visibility: Visibility::new(world.size()),
            minds: parts::Minds::for_new_level(&world),
            world,
            hero: parts::Hero::new(lore),
            scratch: parts::TurnScratch::new(),
            travel: TravelContext::default(),
        };
        game.meet_level(terrain);
        game.note_npcs_in_view();
        game
    }

    /// Moves the player to the level `terrain` describes, as it left the last one (its hit
    /// points), with a fresh view and behaviour context sized for the new level.
    fn enter_level(&mut self, terrain: &Terrain) {
        let player_hit_points = self.player_hit_points();
        let mut world = World::from_terrain(terrain);
        world.set_player_hit_points(player_hit_points);
        self.minds = parts::Minds::for_new_level(&world);
        self.visibility = Visibility::new(world.size());
        self.world = world;
        self.travel.forget();
        self.progress.wizard_spawns = 0;
        self.progress.joined_and_faded = (0, 0);
        self.progress.arrived_at = terrain.player;
        self.progress.lighting = crate::visibility::Lighting::Natural;
        self.progress.arrivals = arrivals::Arrivals::lit(terrain, &mut self.chronicle.rng);
        self.scratch.seen_before.clear();
        self.fit_gear();
        // The new level's world is told who floats and who does not burn before the first
        // step on it, as a loaded game's is: a levitating player does not fall into the first
        // chasm it steps over.
        self.tell_world_of_draughts();
        self.meet_level(terrain);
    }

    /// The memories of the level's NPCs, asleep or awake as the terrain has them, and the
    /// player's first look round.
    fn meet_level(&mut self, terrain: &Terrain) {
        // The world spawns NPCs in the terrain's order.
        let mut captives = Vec::new();
        for (&npc, spawn) in self.world.npcs().iter().zip(&terrain.npcs) {
            let agent = match spawn.disposition {
                Disposition::Asleep => Agent::asleep(),
                Disposition::Awake => Agent::wandering(),
                Disposition::Captive => {
                    captives.push(npc);
                    Agent::captive()
                }
                Disposition::Guarding => Agent::guarding(spawn.coord),
            };
            self.minds.agents.insert(npc, agent);
        }
        for captive in captives {
            self.world.set_side(captive, Side::Captive);
        }
        self.rebuild_npc_lists();
        self.fit_eyes();
        self.look_round();
        self.visibility
            .remember(&self.world, self.chronicle.options.omniscience);
    }

    /// The awake list from the agents, and room in every NPC list for every NPC.
    fn rebuild_npc_lists(&mut self) {
        self.minds.rebuild_awake(&self.world);
        self.scratch.reserve_for(self.world.npcs().len());
        // Every NPC and the player may be remembered somewhere.
        (self.visibility).reserve_sightings(self.world.npcs().len() + 1);
    }

    /// The player's eyes take in where it stands: the light round it worked out where doors
    /// moved, then its field of view.
    fn look_round(&mut self) {
        self.refresh_light_round_player();
        self.visibility.look(&self.world);
    }

    /// The light of every cell the player's eyes may reach kept up to date, so that sight reads
    /// it (a speed, not a rule: a cell's light is the same asked either way).
    fn refresh_light_round_player(&mut self) {
        let reach = crate::balance::PLAYER_VISION_DISTANCE_SQUARED.isqrt() as i32;
        self.world
            .refresh_light_near(self.world.player_coord(), reach);
    }

    /// How the player sees on this depth: its own light's reach, and a wizard's lighting.
    fn fit_eyes(&mut self) {
        let eyes = self.eyes_now();
        self.visibility.set_eyes(eyes);
    }

    /// The player's eyes as the depth, the rings in use and a wizard's lighting make them.
    fn eyes_now(&self) -> crate::visibility::Eyes {
        let depth = self.progress.depth.clamp(1, crate::balance::FINAL_DEPTH) as usize;
        let ring =
            crate::balance::RING_LIGHT_CELLS * self.ring_level(crate::content::RingPower::Light);
        crate::visibility::Eyes {
            light_radius: crate::balance::PLAYER_LIGHT_RADIUS[depth - 1] + ring,
            lighting: self.progress.lighting,
        }
    }
}
