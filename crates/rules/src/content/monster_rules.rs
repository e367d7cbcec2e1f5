//! A monster kind's rules as its row of `content/bestiary.ron` gives them: its numbers, its
//! traits (what code asks of a kind, never its name), what it learns and whom it summons.

use serde::{Deserialize, Serialize};

use super::kinds::{BoltKind, GasKind, LightKind, NpcKind};
use super::spawn::NpcSpawn;
use crate::balance::AttackDice;

/// A behaviour a kind may have; code asks for the trait, never for the kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NpcTrait {
    /// Spotting the player, it shouts, waking and calling the others within
    /// [`crate::balance::SHOUT_NOISE_STEPS`].
    ShoutsOnSight,
    /// Badly hurt (see [`crate::balance::FLEE_AT_OR_BELOW`]), it runs on a safety map, and
    /// comes back to fight once healed.
    FleesWhenHurt,
    /// Stays [`crate::balance::KEEP_DISTANCE_STEPS`] away from the player: steps back when the
    /// player comes closer, and comes no closer itself (Brogue's MAINTAINS_DISTANCE).
    KeepsDistance,
    /// Flies: crosses chasms and deep water as floor (bats, blades).
    Flies,
    /// Moves erratically: one action in [`crate::balance::FLIT_CHANCE`] is a step at random
    /// (Brogue's MONST_FLITS).
    Flits,
    /// Lives in deep water and nowhere else: under it, it is unseen and cannot be struck; it
    /// rises to strike, and is seen and struck until its next action (Brogue's eel).
    Submerges,
    /// Unseen by the player, but on the turn it strikes or while gas shows its shape
    /// (Brogue's phantom).
    Invisible,
    /// Fire neither catches nor harms it.
    Fireproof,
    /// Sets alight the ground it steps off (a salamander's trail of flame).
    Kindles,
    /// A blow that lands on the player takes an item from the pack instead of hit points; it
    /// runs with it, and drops it where it dies (Brogue's monkey).
    Steals,
    /// Struck and not killed, it divides: half of the hit points it has left go to a new one
    /// beside it (Brogue's pink jelly).
    Splits,
    /// Webs neither hold it nor tear under it: it walks its lair's strands and shrugs off a
    /// spat web (Brogue's spiders, immune to webs).
    WalksWebs,
}

impl NpcTrait {
    /// The trait's bit in [`NpcRules::trait_bits`].
    pub const fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// What an ally standing by when a kind dies may learn from it (once, for good), as Brogue's
/// allies learn from the foes they see fall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lesson {
    /// The kind's own bolt.
    Bolt,
    Flight,
    /// Heals as fast as [`crate::balance::LEARNED_REGENERATION_TURNS`].
    Regeneration,
}

/// What an ally has learned: [`Lesson`] with the bolt found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ability {
    Bolt(BoltKind),
    Flight,
    Regeneration,
}

/// Others it calls to its side (a conjurer's blades): `count` of `kind` round it, at most once
/// every `every` turns, while it sees an enemy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summons<K = NpcKind> {
    pub kind: K,
    pub count: (u32, u32),
    pub every: u32,
}

/// How hand-drawn maps (tests, benchmarks) write a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapLetters {
    pub awake: char,
    pub asleep: char,
}

/// How long a kind's actions take, in hundredths of a player's turn: 100 is the player's
/// pace, 50 twice as fast, 200 half as fast (Brogue's movement and attack durations).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionTimes {
    /// A step, a wait, a stumble.
    #[serde(rename = "move")]
    pub move_: u32,
    /// A blow or a bolt sent.
    pub attack: u32,
}

/// The player's own pace: every kind that does not say otherwise.
pub const NORMAL_TIMES: ActionTimes = ActionTimes {
    move_: crate::balance::TURN_TIME,
    attack: crate::balance::TURN_TIME,
};

fn normal_times() -> ActionTimes {
    NORMAL_TIMES
}

/// Everything the rules know of a monster kind. `B` names a bolt: its name as the table writes
/// it, then its place in the bolt table once read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NpcRules<B = BoltKind, L = LightKind, G = GasKind, K = NpcKind> {
    pub hit_points: u32,
    pub attack: AttackDice,
    /// How long its steps and blows take; the player's pace if not given.
    #[serde(default = "normal_times")]
    pub time: ActionTimes,
    /// What it sends from afar: shot at the player if it hurts, sent at a hurt ally in view if
    /// it heals.
    #[serde(default = "Option::default")]
    pub bolt: Option<B>,
    /// What bursts where it dies.
    #[serde(default = "Option::default")]
    pub on_death: Option<B>,
    pub traits: Vec<NpcTrait>,
    /// The traits as bits, one a variant, made as the table is read: every NPC's every turn
    /// asks for traits, and a bit is nearer than the list. Not written (the list is).
    #[serde(skip)]
    pub trait_bits: u32,
    /// Points for killing one.
    pub score: u64,
    pub spawn: NpcSpawn,
    pub map_letters: MapLetters,
    /// The light it carries about, if any (`content/lights.ron`).
    #[serde(default = "Option::default")]
    pub light: Option<L>,
    /// Whom it calls to its side, if anyone.
    #[serde(default = "Option::default")]
    pub summons: Option<Summons<K>>,
    /// Turns it lasts before it fades away (a conjured blade); none: until it is killed.
    #[serde(default = "Option::default")]
    pub lifespan: Option<u32>,
    /// A gas it breathes out on its cell with each of its actions, and how much.
    #[serde(default = "Option::default")]
    pub exhales: Option<(G, u16)>,
    /// What an ally who sees it die may learn from it.
    #[serde(default = "Option::default")]
    pub teaches: Option<Lesson>,
}

impl<B, L, G, K> NpcRules<B, L, G, K> {
    pub fn has(&self, wanted: NpcTrait) -> bool {
        self.trait_bits & NpcTrait::bit(wanted) != 0
    }

    /// It leaves something behind as it acts (fire, gas) or hides from the player's eyes:
    /// what the game looks at after each of its actions.
    pub fn leaves_or_hides(&self) -> bool {
        let hides = [NpcTrait::Kindles, NpcTrait::Submerges, NpcTrait::Invisible];
        let mask = hides.into_iter().fold(0, |bits, t| bits | NpcTrait::bit(t));
        self.exhales.is_some() || self.trait_bits & mask != 0
    }

    /// The same kind with its bolts, light, gas and summoned kind named another way.
    pub(super) fn map_names<C, M, H, J, E>(
        self,
        mut bolt: impl FnMut(B) -> Result<C, E>,
        light: impl FnOnce(L) -> Result<M, E>,
        gas: impl FnOnce(G) -> Result<H, E>,
        kind: impl FnOnce(K) -> Result<J, E>,
    ) -> Result<NpcRules<C, M, H, J>, E> {
        let summons = match self.summons {
            Some(s) => Some(Summons {
                kind: kind(s.kind)?,
                count: s.count,
                every: s.every,
            }),
            None => None,
        };
        let exhales = match self.exhales {
            Some((g, volume)) => Some((gas(g)?, volume)),
            None => None,
        };
        Ok(NpcRules {
            summons,
            lifespan: self.lifespan,
            exhales,
            teaches: self.teaches,
            light: self.light.map(light).transpose()?,
            hit_points: self.hit_points,
            attack: self.attack,
            time: self.time,
            bolt: self.bolt.map(&mut bolt).transpose()?,
            on_death: self.on_death.map(&mut bolt).transpose()?,
            trait_bits: (self.traits.iter()).fold(0, |bits, &t| bits | NpcTrait::bit(t)),
            traits: self.traits,
            score: self.score,
            spawn: self.spawn,
            map_letters: self.map_letters,
        })
    }
}
