//! One game: the world, its RNG, what the player sees, and the turn order.
//!
//! This is the API that frontends, tests and benchmarks use. A turn is: the player's action, then
//! (if that took time) every living NPC in spawn order, then the field of view. Same seed, same
//! options and same actions give the same game.

use coord_2d::{ICoord, UCoord};
use direction::CardinalDirection;
use entity_table::{ComponentTable, Entity};
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;

use crate::balance;
use crate::behaviour::{Agent, BehaviourContext, NPC_VISION_DISTANCE_SQUARED, NpcAction};
use crate::terrain::{self, AsciiMapError, NpcType, Terrain};
use crate::visibility::{CellVisibility, Omniscience, TileSnapshot, Visibility};
use crate::world::{ActOutcome, Attack, HitPoints, World};

mod inspect;
mod persist;

pub use persist::DecodeError;

/// Which rules this build plays by. Saves and recordings carry it: the same seed and actions
/// replay to the same game only under the same rules, so a file from other rules is refused
/// rather than replayed into a different game. Bump it with any change a replay would notice
/// (a number in `balance`, the turn order, level generation, an extra random draw).
pub const RULES_VERSION: u32 = 1;

/// The default map fits a 100×40 terminal with room below it for the status line and messages.
pub const DEFAULT_MAP_SIZE: UCoord = UCoord::new_u16(80, 30);
/// Room for this many recorded actions before the list grows (and so allocates) mid-game.
const ACTIONS_RESERVED: usize = 4096;
/// The most events one turn can record: the player's blow and a kill, blows from the four NPCs
/// that can stand next to the player, and the player's death.
const EVENTS_PER_TURN_MAX: usize = 7;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameOptions {
    pub map_size: UCoord,
    pub omniscience: Omniscience,
}

impl Default for GameOptions {
    fn default() -> Self {
        Self {
            map_size: DEFAULT_MAP_SIZE,
            omniscience: Omniscience::Off,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PlayerAction {
    Move(CardinalDirection),
    Wait,
}

/// Who did something, in terms a message can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Actor {
    Player,
    Npc(NpcType),
}

/// Something that happened during a turn, for the UI to put into words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEvent {
    Attack {
        attacker: Actor,
        target: Actor,
        damage: u32,
    },
    Kill {
        killer: Actor,
        victim: Actor,
    },
    PlayerDied {
        killer: Actor,
    },
}

/// What the player's action amounted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnOutcome {
    /// The action took no time (walking into a wall, or the game is already over).
    NoTurn,
    TurnTaken,
}

/// A cell as the player knows it: whether it is in view, and what is (or was) there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellView {
    pub visibility: CellVisibility,
    pub tiles: TileSnapshot,
}

/// A living NPC as tests and tools see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NpcInfo {
    pub coord: ICoord,
    pub npc_type: NpcType,
    pub hit_points: HitPoints,
}

pub struct Game {
    seed: u64,
    options: GameOptions,
    world: World,
    /// Level generation draws from it; kept for rules that roll dice and hashed with the state.
    rng: Isaac64Rng,
    visibility: Visibility,
    behaviour: BehaviourContext,
    agents: ComponentTable<Agent>,
    turn: u64,
    events: Vec<GameEvent>,
    /// Every action the player has sent, from the first turn: with the seed and options, the
    /// whole game.
    actions: Vec<PlayerAction>,
    /// NPCs that remembered the player at the end of the last NPC phase. Rebuilt from the
    /// agents, so not saved.
    remembering: Vec<Entity>,
    /// Scratch space for the NPCs that act this turn.
    awake: Vec<Entity>,
}

impl Game {
    /// A new game on a generated level. `options.map_size` must be within the terrain limits.
    pub fn new(seed: u64, options: GameOptions) -> Self {
        let mut rng = Isaac64Rng::seed_from_u64(seed);
        let terrain = terrain::generate(options.map_size, &mut rng);
        Self::from_terrain(seed, options, &terrain, rng)
    }

    /// A game on a hand-made level (see [`terrain::from_ascii`]); also returns the digit labels.
    pub fn from_ascii(
        rows: &[&str],
        options: GameOptions,
    ) -> Result<(Self, Vec<(char, ICoord)>), AsciiMapError> {
        let (terrain, labels) = terrain::from_ascii(rows)?;
        let rng = Isaac64Rng::seed_from_u64(0);
        Ok((Self::from_terrain(0, options, &terrain, rng), labels))
    }

    fn from_terrain(seed: u64, options: GameOptions, terrain: &Terrain, rng: Isaac64Rng) -> Self {
        let world = World::from_terrain(terrain);
        let size = world.size();
        let mut agents = ComponentTable::default();
        for &npc in world.npcs() {
            agents.insert(npc, Agent::default());
        }
        let mut game = Self {
            seed,
            // For a hand-made level these still describe what a new game would generate.
            options,
            world,
            rng,
            visibility: Visibility::new(size),
            behaviour: BehaviourContext::new(size),
            agents,
            turn: 0,
            events: Vec::with_capacity(EVENTS_PER_TURN_MAX),
            actions: persist::with_room_to_grow(Vec::new()),
            remembering: Vec::new(),
            awake: Vec::new(),
        };
        game.reserve_npc_lists();
        game.visibility.update(&game.world, options.omniscience);
        game
    }

    /// The same game with a player of `max` hit points, for scenario tests and benchmarks that
    /// need a longer fight than the balance allows (a crowd that fights on turn after turn).
    /// Call it before the first turn. The hit points are part of the game's state, so saves and
    /// state hashes keep them, but not of its seed and options: a recording of such a game would
    /// replay with the balance's player.
    #[must_use]
    pub fn with_player_max_hit_points(mut self, max: u32) -> Self {
        self.world.set_player_max_hit_points(max);
        self
    }

    /// Room for every NPC in both lists (the awake list may hold each twice before it is
    /// deduplicated), so no turn grows them.
    fn reserve_npc_lists(&mut self) {
        let npcs = self.world.npcs().len();
        self.remembering.reserve(npcs);
        self.awake.reserve(2 * npcs);
    }

    /// Plays one turn. Events from the turn are in [`Game::events`] afterwards.
    pub fn act(&mut self, action: PlayerAction) -> TurnOutcome {
        self.events.clear();
        if self.is_over() {
            return TurnOutcome::NoTurn;
        }
        self.actions.push(action);
        if let PlayerAction::Move(direction) = action {
            let player = self.world.player();
            match self.world.move_character(player, direction) {
                ActOutcome::Blocked => return TurnOutcome::NoTurn,
                ActOutcome::Moved => (),
                ActOutcome::Attacked(attack) => self.record_attack(attack),
            }
        }
        self.turn += 1;
        self.regenerate();
        self.npc_phase();
        self.visibility
            .update(&self.world, self.options.omniscience);
        TurnOutcome::TurnTaken
    }

    fn regenerate(&mut self) {
        if self
            .turn
            .is_multiple_of(balance::PLAYER_REGENERATION_INTERVAL)
        {
            self.world.heal_player(1);
        }
    }

    /// Every living NPC acts once, in spawn order, until the player dies. An NPC that neither
    /// remembers the player nor stands within NPC vision range of it can only wait, so it is
    /// skipped: a turn costs the same however many NPCs idle far away. Skipping is exact, because
    /// an NPC moves only on its own turn, so where it stands when the phase starts is where it
    /// stands when it would decide.
    fn npc_phase(&mut self) {
        self.behaviour.prepare(&self.world);
        let mut awake = std::mem::take(&mut self.awake);
        self.collect_awake_npcs(&mut awake);
        self.remembering.clear();
        for &npc in &awake {
            if !self.world.is_player_alive() {
                break;
            }
            let agent = self
                .agents
                .get_mut(npc)
                .expect("every living NPC has an agent");
            let action = self
                .behaviour
                .choose_action(&self.world, npc, agent, self.turn);
            if agent.last_sighting.is_some() {
                self.remembering.push(npc);
            }
            if let NpcAction::Move(direction) = action
                && let ActOutcome::Attacked(attack) = self.world.move_character(npc, direction)
            {
                self.record_attack(attack);
            }
        }
        self.awake = awake;
    }

    /// The living NPCs within NPC vision range of the player or remembering it, in spawn order
    /// (entity ids are handed out in spawn order and never reused).
    fn collect_awake_npcs(&self, awake: &mut Vec<Entity>) {
        awake.clear();
        let player = self.world.player_coord();
        let reach = NPC_VISION_DISTANCE_SQUARED.isqrt() as i32;
        for y in -reach..=reach {
            for x in -reach..=reach {
                let offset = ICoord::new(x, y);
                if offset.magnitude2() > NPC_VISION_DISTANCE_SQUARED {
                    continue;
                }
                if let Some(npc) = self.world.character_at(player + offset)
                    && npc != self.world.player()
                {
                    awake.push(npc);
                }
            }
        }
        let remembering = self.remembering.iter().copied();
        awake.extend(remembering.filter(|&npc| self.world.is_alive(npc)));
        awake.sort_unstable();
        awake.dedup();
    }

    fn actor(&self, entity: Entity) -> Actor {
        match self.world.npc_type(entity) {
            Some(npc_type) => Actor::Npc(npc_type),
            None => Actor::Player,
        }
    }

    fn record_attack(&mut self, attack: Attack) {
        let attacker = self.actor(attack.attacker);
        let target = self.actor(attack.target);
        self.events.push(GameEvent::Attack {
            attacker,
            target,
            damage: attack.damage,
        });
        if !attack.killed {
            return;
        }
        if attack.target == self.world.player() {
            self.events.push(GameEvent::PlayerDied { killer: attacker });
        } else {
            self.agents.remove(attack.target);
            self.events.push(GameEvent::Kill {
                killer: attacker,
                victim: target,
            });
        }
    }
}
