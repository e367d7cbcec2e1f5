//! The rules' half of the content tables, as read from `content/*.ron`: numbers and traits only.
//! Each entry's `look` (glyph, colour, words) is the app's and is skipped here unread.

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use super::kinds::{BoltKind, GasKind, LightKind, NpcKind};
use crate::balance::AttackDice;

/// One entry of a table: its name (to name it in errors), the rules' half, the app's half.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Entry<R> {
    pub name: String,
    pub rules: R,
    #[allow(dead_code)]
    pub look: IgnoredAny,
}

/// `content/bestiary.ron`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BestiaryFile {
    pub per_room: Vec<u32>,
    pub extra_per_room: Chance,
    pub captives: CaptivesFile,
    pub bands: Vec<BandFile>,
    pub out_of_depth: OutOfDepth,
    pub kinds: Vec<Entry<NpcRules<String, String, String, String>>>,
}

/// A mixed band in `content/bestiary.ron`, as written: its members by name, each with how many.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BandFile {
    pub name: String,
    pub members: Vec<(String, (u32, u32))>,
    pub spawn: Spawn,
}

/// Now and then a level holds one monster from deeper down, awake and wandering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutOfDepth {
    /// The chance in a hundred that a level holds one...
    pub chance: u32,
    /// ...drawn as if the level were this many depths deeper (never below the last)...
    pub deeper: u32,
    /// ...from this depth on: the first level is none's.
    pub from_depth: u32,
}

/// `captives` in `content/bestiary.ron`, as written: kinds by name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CaptivesFile {
    pub depths: (u32, u32),
    pub chance: Ramp,
    pub bands: Vec<CaptiveBandFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CaptiveBandFile {
    pub captive: String,
    pub captors: String,
    pub count: (u32, u32),
    pub spawn: Spawn,
}

/// `content/items.ron`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ItemsFile {
    pub per_level: (u32, u32),
    pub kinds: Vec<Entry<ItemRules<String>>>,
}

/// A number that changes with depth: `first` on the shallowest level of its window, `last` on
/// the deepest, in a straight line between (rounded down), nothing outside the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ramp {
    pub first: u32,
    pub last: u32,
}

impl Ramp {
    /// The value at `depth` of a window from `from` to `to` (inclusive); zero outside it.
    pub fn at(self, (from, to): (u32, u32), depth: u32) -> u32 {
        if !(from..=to).contains(&depth) {
            return 0;
        }
        if from == to {
            return self.first;
        }
        let (first, last) = (i64::from(self.first), i64::from(self.last));
        let along = i64::from(depth - from);
        let span = i64::from(to - from);
        (first + ((last - first) * along).div_euclid(span)) as u32
    }
}

/// A chance of `chance` in `out_of`, the numerator rising over the whole dungeon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chance {
    pub chance: Ramp,
    pub out_of: u32,
}

/// Where and how often a kind appears.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spawn {
    /// The shallowest and deepest levels it appears on.
    pub depths: (u32, u32),
    /// Its weight against the other kinds of its table on each depth of the window.
    pub weight: Ramp,
}

/// A monster kind's spawn: [`Spawn`] and how many come together when it is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NpcSpawn {
    pub depths: (u32, u32),
    pub weight: Ramp,
    /// How many of it come at once (inclusive range): a band placed together in one room.
    pub band: (u32, u32),
}

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

/// What using (or taking) an item does. Ranges and radii are circles (squared distance), as
/// sight is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemUse<B = BoltKind> {
    /// A potion: drunk, it heals this many hit points (thrown, it shatters and is wasted).
    Drink { heal: u32 },
    /// A potion that puts its drinker in a state for `turns` turns (levitating, telepathic,
    /// hasted, unburnt by fire); thrown, it shatters and is wasted.
    Quaff { state: Draught, turns: u32 },
    /// A potion that is thrown (Brogue's malevolent potions): it shatters where it lands and
    /// does what this bolt does there (a burst of flame, a cloud of gas); drunk, it shatters
    /// at the drinker's feet.
    Shatter { bolt: B },
    /// A scroll, read: sends this bolt from the player (lightning, confusion, a fireball), at a
    /// cell the player picks if the bolt flies along a line.
    Read { bolt: B },
    /// A scroll whose power is its own rather than a bolt's (enchanting, teleportation...).
    Recite { spell: Spell },
    /// Thrown at a target as this bolt (its range, its blow); it lands where it stops, to be
    /// picked up again, unless it breaks: `breaks` is a chance (in so many) each throw.
    Throw { bolt: B, breaks: (u32, u32) },
    /// Wielded (`e`, again to put it away) as the player's weapon: its blows roll these dice
    /// and take `time` (100 is a turn; the player's own fists and blade take 100).
    Wield {
        attack: AttackDice,
        time: u32,
        /// How many times its damage a blow from the dark deals with it, if not the rule's
        /// (`balance::SNEAK_ATTACK_MULTIPLIER`): a dagger's quick, quiet stroke.
        #[serde(default)]
        sneak_attack: Option<u32>,
        /// Whom a blow reaches besides the foe struck.
        #[serde(default)]
        reach: Reach,
    },
    /// Worn (`e`, again to take it off) as the player's armour: a blow or an arrow that lands
    /// on the player loses 0 to `armour` of its damage (one roll), and each step takes
    /// `step_time`; `clank` steps are added to the player's stealth range while it is worn.
    Wear {
        armour: u32,
        step_time: u32,
        #[serde(default)]
        clank: u32,
    },
    /// A staff: zapped (`z`), it sends its bolt; it holds `charges` (one more a level of
    /// enchanting) and gets one back every `recharge` turns (sooner as it is enchanted).
    Staff {
        bolt: B,
        charges: u32,
        recharge: u32,
    },
    /// A wand: `charges` zaps of its bolt that never come back (but by enchanting).
    Wand { bolt: B, charges: u32 },
    /// A ring, worn on either hand (two at once): its power, one level and one more for each
    /// enchanting.
    Ring { power: RingPower },
    /// Lies on the last level in place of the stairs; taking it wins the run.
    WinsTheRun,
    /// Opens its level's locked vault door: walking into the door with it unlocks the door and
    /// uses it up. It crumbles when the player leaves the level.
    Key,
}

/// A state a potion puts its drinker in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Draught {
    /// Floats over chasms and water (and falls, or swims ashore, where it ends).
    Levitation,
    /// Senses every monster of the level, through walls.
    Telepathy,
    /// Everything done in half the time.
    Haste,
    /// Fire neither burns nor harms the drinker.
    FireImmunity,
}

/// What a scroll with a power of its own does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Spell {
    /// One more level for an item the reader chooses.
    Enchanting,
    /// The reader is somewhere else on the level, far off.
    Teleportation,
    /// The whole level's layout remembered, secret doors found.
    MagicMapping,
    /// Every staff carried full of charges again.
    Recharging,
    /// Every monster in view loses its magic: its bolt, its burst, its spells on it.
    Negation,
    /// Every monster of the level wakes and comes for the reader: the scroll that turns on
    /// whoever reads it.
    Aggravation,
}

/// What a ring gives, a level at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RingPower {
    /// Each level takes a step off the wearer's stealth range.
    Stealth,
    /// Each level makes the wearer heal sooner.
    Regeneration,
    /// Each level adds a cell to the wearer's own light.
    Light,
}

/// Whom a weapon's blow reaches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reach {
    /// The foe struck.
    #[default]
    One,
    /// Every enemy beside the wielder (an axe's sweep).
    Around,
    /// The foe struck and the one behind it (a spear's thrust).
    Through,
}

/// What an item is, as far as how it looks and how it is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemClass {
    /// Drunk; looks alike until identified.
    Potion,
    /// Read; looks alike until identified.
    Scroll,
    /// Zapped, charges coming back with time; looks alike until zapped.
    Staff,
    /// Zapped, a few charges; looks alike until zapped.
    Wand,
    /// Worn on a hand; looks alike until worn a while.
    Ring,
    /// Thrown; known at a glance.
    Missile,
    /// Wielded; known at a glance.
    Weapon,
    /// Worn; known at a glance.
    Armour,
    /// The Sunstone.
    Prize,
    /// A vault's key.
    Key,
}

impl ItemClass {
    /// The classes whose kinds look alike until known.
    pub const ALIKE: [Self; 5] = [
        Self::Potion,
        Self::Scroll,
        Self::Staff,
        Self::Wand,
        Self::Ring,
    ];

    /// True for what can be enchanted: gear, staffs, wands and rings.
    pub fn takes_enchanting(self) -> bool {
        matches!(
            self,
            Self::Staff | Self::Wand | Self::Ring | Self::Weapon | Self::Armour
        )
    }
}

impl<B> ItemUse<B> {
    pub fn class(&self) -> ItemClass {
        match self {
            Self::Drink { .. } | Self::Quaff { .. } | Self::Shatter { .. } => ItemClass::Potion,
            Self::Read { .. } | Self::Recite { .. } => ItemClass::Scroll,
            Self::Staff { .. } => ItemClass::Staff,
            Self::Wand { .. } => ItemClass::Wand,
            Self::Ring { .. } => ItemClass::Ring,
            Self::Throw { .. } => ItemClass::Missile,
            Self::Wield { .. } => ItemClass::Weapon,
            Self::Wear { .. } => ItemClass::Armour,
            Self::WinsTheRun => ItemClass::Prize,
            Self::Key => ItemClass::Key,
        }
    }

    /// The same use with its bolt named another way.
    pub(super) fn map_bolt<C, E>(
        self,
        bolt: impl FnOnce(B) -> Result<C, E>,
    ) -> Result<ItemUse<C>, E> {
        Ok(match self {
            Self::Drink { heal } => ItemUse::Drink { heal },
            Self::Quaff { state, turns } => ItemUse::Quaff { state, turns },
            Self::Read { bolt: b } => ItemUse::Read { bolt: bolt(b)? },
            Self::Recite { spell } => ItemUse::Recite { spell },
            Self::Shatter { bolt: b } => ItemUse::Shatter { bolt: bolt(b)? },
            Self::Throw { bolt: b, breaks } => ItemUse::Throw {
                bolt: bolt(b)?,
                breaks,
            },
            Self::Wield {
                attack,
                time,
                sneak_attack,
                reach,
            } => ItemUse::Wield {
                attack,
                time,
                sneak_attack,
                reach,
            },
            Self::Wear {
                armour,
                step_time,
                clank,
            } => ItemUse::Wear {
                armour,
                step_time,
                clank,
            },
            Self::Staff {
                bolt: b,
                charges,
                recharge,
            } => ItemUse::Staff {
                bolt: bolt(b)?,
                charges,
                recharge,
            },
            Self::Wand { bolt: b, charges } => ItemUse::Wand {
                bolt: bolt(b)?,
                charges,
            },
            Self::Ring { power } => ItemUse::Ring { power },
            Self::WinsTheRun => ItemUse::WinsTheRun,
            Self::Key => ItemUse::Key,
        })
    }
}

impl ItemUse {
    /// The bolt it sends, for the kinds that send one.
    pub fn bolt(self) -> Option<BoltKind> {
        match self {
            Self::Read { bolt }
            | Self::Throw { bolt, .. }
            | Self::Shatter { bolt }
            | Self::Staff { bolt, .. }
            | Self::Wand { bolt, .. } => Some(bolt),
            Self::Drink { .. }
            | Self::Quaff { .. }
            | Self::Recite { .. }
            | Self::Wield { .. }
            | Self::Wear { .. }
            | Self::Ring { .. }
            | Self::WinsTheRun
            | Self::Key => None,
        }
    }

    /// The charges it holds when found, for what is zapped.
    pub fn charges(self) -> Option<u32> {
        match self {
            Self::Staff { charges, .. } | Self::Wand { charges, .. } => Some(charges),
            _ => None,
        }
    }

    /// How far it reaches, for the kinds that reach: its bolt's range.
    pub fn range(self) -> Option<u32> {
        self.bolt().map(|bolt| bolt.rules().range)
    }

    /// True for the kinds used at a cell the player picks: their bolt flies along a line.
    pub fn is_aimed(self) -> bool {
        self.bolt()
            .is_some_and(|bolt| bolt.rules().flies_along_a_line())
    }
}

fn one() -> (u32, u32) {
    (1, 1)
}

/// Everything the rules know of an item kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemRules<B = BoltKind> {
    #[serde(rename = "use")]
    pub use_: ItemUse<B>,
    /// None for an item placed by its own rule (the Sunstone, a vault's key).
    pub spawn: Option<Spawn>,
    /// Its weight among a vault's rewards, by depth; None if no vault offers it.
    #[serde(default)]
    pub vault: Option<Spawn>,
    /// How many lie together where one is placed (inclusive range; one if not given).
    #[serde(default = "one")]
    pub stack: (u32, u32),
    pub map_letter: char,
}

impl<B> ItemRules<B> {
    /// The same kind with its bolt named another way.
    pub(super) fn map_bolts<C, E>(
        self,
        bolt: impl FnOnce(B) -> Result<C, E>,
    ) -> Result<ItemRules<C>, E> {
        Ok(ItemRules {
            use_: self.use_.map_bolt(bolt)?,
            spawn: self.spawn,
            vault: self.vault,
            stack: self.stack,
            map_letter: self.map_letter,
        })
    }
}
