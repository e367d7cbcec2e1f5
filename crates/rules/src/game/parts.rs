//! The game's state in parts. Each part owns its fields and says which of them are state (saved,
//! and so hashed: see `persist`) and which are derived or scratch (rebuilt, never saved). A field
//! added to a saved part is saved and hashed by the same derive; one that is not state goes into
//! a part that is never saved.

use coord_2d::ICoord;
use entity_table::{ComponentTable, Entity};
use rand_isaac::Isaac64Rng;
use serde::{Deserialize, Serialize};

use super::growth::Growth;
use super::lore::Lore;
use super::{Ending, GameEvent, GameOptions, Noise, Pack, PlayerAction};
use crate::behaviour::{Agent, BehaviourContext};
use crate::content::{BoltKind, ItemKind, MachineKind, NpcKind};
use crate::world::World;

/// What the game was started with, its dice, and every action sent since.
pub(super) struct Chronicle {
    pub seed: u64,
    pub options: GameOptions,
    /// The play's dice: every rule that rolls draws from it. Levels never do: each is made from
    /// its depth's own seed (`seeds`).
    pub rng: Isaac64Rng,
    /// Every action the player has sent, from the first turn: with the seed and options, the
    /// whole game. Saved, but not hashed: the hash says where a game stands, not how it got there
    /// (but for whether a wizard had a hand in it, which the hash adds).
    pub actions: Vec<PlayerAction>,
    /// Made to order for a test or a benchmark (a hand-drawn level, a stronger player): its
    /// seed and actions do not replay to it, so its end is taken as played. Never saved: a
    /// game read back from bytes is one its recording must earn.
    pub made_to_order: bool,
}

/// How far the run has gone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Progress {
    pub turn: u64,
    /// The level the player is on: 1 at the start, [`crate::balance::FINAL_DEPTH`] at the bottom.
    pub depth: u32,
    /// Set once, when the player dies or wins; nothing happens after it.
    pub ending: Option<Ending>,
    /// Monsters the wizard has called up on this level (see
    /// [`crate::balance::WIZARD_SPAWNS_PER_LEVEL`]).
    pub wizard_spawns: u32,
    /// Characters that joined the level in play (a jelly's twin, a conjurer's blade) and that
    /// faded from it, counted for tests and tools that account for every character.
    #[serde(default)]
    pub joined_and_faded: (u32, u32),
    /// Turns in a row the player has spent searching (the fifth is thorough).
    pub searches_in_a_row: u8,
    /// Where the player arrived on this level: where the allies that follow it down arrive.
    pub arrived_at: coord_2d::ICoord,
    /// The last turn on which the player's stealth range is doubled by a fight: the turn after
    /// the player struck or was struck.
    pub loud_until: u64,
    /// The level's light as a wizard has set it (natural unless one has).
    pub lighting: crate::visibility::Lighting,
    /// Turns the player has left stumbling at random (a gas confused it).
    pub confused_for: u16,
    /// The states potions put the player in, and the turns each has left.
    pub draughts: super::draughts::Draughts,
    /// How soon the next band arrives on this level.
    pub arrivals: super::arrivals::Arrivals,
}

/// The hero's things: what it carries and uses, knows, has grown in and has killed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Hero {
    /// What the player carries, and which of it is wielded or worn.
    pub pack: Pack,
    /// Which item kinds the player knows, and how the others look this game.
    pub lore: Lore,
    /// The boons chosen, and the offer waiting for a choice.
    pub growth: Growth,
    /// NPCs the player's side has killed this run, by kind in the bestiary's order.
    pub kills: Vec<u64>,
    /// Secret doors the player has found.
    pub secret_doors_found: u32,
    /// Times the player has jumped into a chasm.
    pub chasms_jumped: u32,
    /// What the player took from vaults, on which depth, and the reward room it was.
    pub vault_rewards: Vec<(ItemKind, u32, Option<MachineKind>)>,
    /// Captives the player has freed.
    pub allies_freed: u32,
    /// Which of them it chose from a reward room's altars (a kennel's), on which depth, and
    /// the room it was.
    pub allies_chosen: Vec<(NpcKind, u32, Option<MachineKind>)>,
    /// Allies that died, and on which depth.
    pub allies_lost: Vec<(NpcKind, u32)>,
    /// Allies on their way down after the player.
    pub followers: Vec<super::allies::Follower>,
}

/// Room for a reward from a vault on every depth, so taking one never grows the list in play.
pub(super) const VAULT_REWARDS_ROOM: usize = crate::balance::FINAL_DEPTH as usize;

impl Hero {
    pub fn new(lore: Lore) -> Self {
        Self {
            pack: Pack::with_room(),
            lore,
            growth: Growth::default(),
            kills: vec![0; NpcKind::all().len()],
            secret_doors_found: 0,
            chasms_jumped: 0,
            vault_rewards: Vec::with_capacity(VAULT_REWARDS_ROOM),
            allies_freed: 0,
            allies_chosen: Vec::new(),
            allies_lost: Vec::new(),
            followers: Vec::new(),
        }
    }
}

/// The NPCs' minds: each one's memory (state), and what all of them share (derived).
pub(super) struct Minds {
    /// Each living NPC's own memory: the only saved field of this part.
    pub agents: ComponentTable<Agent>,
    /// Distance maps and scratch space shared by every NPC, rebuilt from the world.
    pub behaviour: BehaviourContext,
    /// The living NPCs that are not asleep, in spawn order: the ones that act. Rebuilt from the
    /// agents, so not saved.
    pub awake: Vec<Entity>,
    /// How many memories have gone (a death, a fading) since these minds were made (for a new
    /// game or level, or loaded): the NPC phase sweeps its awake list for the dead only when
    /// this moved, and a phase never spans two levels. Not saved.
    forgotten: u64,
}

impl Minds {
    /// The NPC's memory goes (it died or faded): what it was, if it had one.
    pub fn forget(&mut self, npc: Entity) -> Option<Agent> {
        self.forgotten += 1;
        self.agents.remove(npc)
    }

    /// See [`Minds::forgotten`]'s field.
    pub fn forgotten(&self) -> u64 {
        self.forgotten
    }

    pub fn new(world: &World, agents: ComponentTable<Agent>) -> Self {
        Self {
            agents,
            behaviour: BehaviourContext::new(world),
            awake: Vec::new(),
            forgotten: 0,
        }
    }

    /// A loaded game's minds: its agents, and the waypoints its level placed; None if those
    /// are not a level's.
    pub fn loaded(
        world: &World,
        agents: ComponentTable<Agent>,
        waypoints: Vec<coord_2d::ICoord>,
    ) -> Option<Self> {
        Some(Self {
            agents,
            behaviour: BehaviourContext::with_saved_waypoints(world, waypoints)?,
            awake: Vec::new(),
            forgotten: 0,
        })
    }

    /// A new level's minds: no agents yet, and every waypoint's map measured now, with the
    /// level, so that no turn of the level's first wanderers pays for one. (A loaded game
    /// measures each as a wanderer first asks for it, so that loading a large level is quick.)
    pub fn for_new_level(world: &World) -> Self {
        let mut minds = Self::new(world, ComponentTable::default());
        minds.behaviour.measure_waypoints(world);
        minds
    }

    /// The awake list from the agents, in spawn order, with room for every NPC.
    pub fn rebuild_awake(&mut self, world: &World) {
        self.awake.clear();
        self.awake.reserve(world.npcs().len());
        let agents = &self.agents;
        let awake =
            (world.npcs().iter()).filter(|&&npc| agents.get(npc).is_some_and(|agent| agent.acts()));
        self.awake.extend(awake);
    }
}

/// What one turn works with and leaves for the frontends to read; never saved, since a turn
/// starts by clearing or rebuilding each list.
#[derive(Default)]
pub(super) struct TurnScratch {
    /// What happened this turn, for the frontends to put into words.
    pub events: Vec<GameEvent>,
    /// How many of `events` the player neither saw nor took part in (an ally's fight out of
    /// view): told, but no reason to stop walking.
    pub unwitnessed: usize,
    /// NPCs woken or joined during the NPC phase, added to the awake list as it ends.
    pub woken_in_phase: Vec<Entity>,
    /// Noises made this turn, heard at the end of the NPC phase.
    pub noises: Vec<Noise>,
    /// The noises heard at the end of the last NPC phase: a view of the last turn.
    pub heard: Vec<Noise>,
    /// The sleepers the player sees as the NPC phase begins, each rolling to notice it.
    pub sleepers_in_view: Vec<Entity>,
    /// The sleepers a noise has just woken.
    pub woken: Vec<Entity>,
    /// The NPCs the player saw when the turn began, to tell who comes into view: kept from the
    /// end of the last turn. A set, where a list sorted each turn to be searched cost a crowd
    /// in view a fifth of its turn.
    pub seen_before: rustc_hash::FxHashSet<Entity>,
    /// The NPCs in the player's sight as a turn ends.
    pub in_view_now: Vec<Entity>,
    /// The NPCs in sight now that were not as the turn began.
    pub came_into_view: Vec<Entity>,
    /// The cells a burst reaches, room made for the widest burst of the tables.
    pub burst: Vec<ICoord>,
    /// The cells a machine's crumbling floor let fall this turn.
    pub fell: Vec<ICoord>,
    /// A blob of ground as it spreads: the cells its last step laid, and those this step lays.
    pub blob: (Vec<ICoord>, Vec<ICoord>),
    /// Where what the player threw this turn came down, for a plate there to go off once the
    /// throw is done.
    pub struck: Option<ICoord>,
    /// The band arriving this turn, the leader first (see `arrivals`).
    pub band: Vec<NpcKind>,
    /// The characters the environment phase visits, in its order.
    pub environment: Vec<Entity>,
    /// Whether the player stood still this turn (waited, rested or searched): its stealth
    /// range is halved for the turn.
    pub still: bool,
}

/// The most events one turn can record besides one or two for each NPC: the player's blow and a
/// kill, blows from the four NPCs that can stand next to the player, the player's death, one
/// shout, and an item's use (read or thrown, two kinds identified, its flight and burst).
const EVENTS_PER_TURN_MAX: usize = 14;
/// Room for the largest band the bestiary draws (four: an orc shaman's band at its fullest),
/// twice over for rows to come, so that an arrival draws its band into a list that never grows.
const BAND_MAX: usize = 8;

impl TurnScratch {
    pub fn new() -> Self {
        let widest = BoltKind::all()
            .filter_map(|bolt| bolt.rules().effect.radius())
            .max()
            .unwrap_or(0) as usize;
        Self {
            events: Vec::with_capacity(EVENTS_PER_TURN_MAX),
            burst: Vec::with_capacity((2 * widest + 1).pow(2)),
            band: Vec::with_capacity(BAND_MAX),
            ..Self::default()
        }
    }

    /// Room in every list for every NPC (each makes at most one noise a turn), so no turn grows
    /// them.
    pub fn reserve_for(&mut self, npcs: usize) {
        for list in [
            &mut self.sleepers_in_view,
            &mut self.woken,
            &mut self.woken_in_phase,
            &mut self.in_view_now,
            &mut self.came_into_view,
            &mut self.environment,
        ] {
            list.reserve(npcs);
        }
        self.seen_before.reserve(npcs);
        self.noises.reserve(npcs + 1);
        self.heard.reserve(npcs + 1);
        // Every NPC can come into view at once, or be burnt and killed by one fireball.
        // And each can catch fire, burn, be put out and die of it in the environment's phase.
        self.events.reserve(EVENTS_PER_TURN_MAX + 6 * npcs);
    }
}
