//! The rules' half of the content tables, as read from `content/*.ron`: numbers and traits only.
//! Each entry's `look` (glyph, colour, words) is the app's and is skipped here unread.

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

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
    pub kinds: Vec<Entry<NpcRules>>,
}

/// `content/items.ron`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ItemsFile {
    pub per_level: (u32, u32),
    pub kinds: Vec<Entry<ItemRules>>,
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
}

/// How hand-drawn maps (tests, benchmarks) write a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapLetters {
    pub awake: char,
    pub asleep: char,
}

/// Everything the rules know of a monster kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NpcRules {
    pub hit_points: u32,
    pub attack: AttackDice,
    pub traits: Vec<NpcTrait>,
    /// Points for killing one.
    pub score: u64,
    pub spawn: NpcSpawn,
    pub map_letters: MapLetters,
}

impl NpcRules {
    pub fn has(&self, wanted: NpcTrait) -> bool {
        self.traits.contains(&wanted)
    }
}

/// What using (or taking) an item does. Ranges and radii are circles (squared distance), as
/// sight is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemUse {
    /// A potion: drunk, it heals this many hit points.
    Drink { heal: u32 },
    /// A scroll, read: strikes the nearest enemy in the player's view within `range`.
    Lightning { damage: (u32, u32), range: u32 },
    /// A scroll, read at a target: the first character on the line moves at random for
    /// `turns`, then goes back to what it was doing.
    Confuse { turns: u32, range: u32 },
    /// A scroll, read at a target: it flies along the line and bursts where it stops, hurting
    /// every character (the player too) within `radius` that the blast reaches.
    Fireball {
        damage: (u32, u32),
        radius: u32,
        range: u32,
    },
    /// Thrown at a target: the first character on the line takes a blow with these dice; it
    /// lands where it stops, to be picked up again.
    Throw { attack: AttackDice, range: u32 },
    /// Lies on the last level in place of the stairs; taking it wins the run.
    WinsTheRun,
}

/// What an item is, as far as how it looks and how it is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemClass {
    /// Drunk; looks alike until identified.
    Potion,
    /// Read; looks alike until identified.
    Scroll,
    /// Thrown; known at a glance.
    Missile,
    /// The Sunstone.
    Prize,
}

impl ItemUse {
    pub fn class(self) -> ItemClass {
        match self {
            Self::Drink { .. } => ItemClass::Potion,
            Self::Lightning { .. } | Self::Confuse { .. } | Self::Fireball { .. } => {
                ItemClass::Scroll
            }
            Self::Throw { .. } => ItemClass::Missile,
            Self::WinsTheRun => ItemClass::Prize,
        }
    }

    /// How far it reaches, for the kinds that reach.
    pub fn range(self) -> Option<u32> {
        match self {
            Self::Lightning { range, .. }
            | Self::Confuse { range, .. }
            | Self::Fireball { range, .. }
            | Self::Throw { range, .. } => Some(range),
            Self::Drink { .. } | Self::WinsTheRun => None,
        }
    }

    /// True for the kinds used at a cell the player picks.
    pub fn is_aimed(self) -> bool {
        matches!(
            self,
            Self::Confuse { .. } | Self::Fireball { .. } | Self::Throw { .. }
        )
    }
}

fn one() -> (u32, u32) {
    (1, 1)
}

/// Everything the rules know of an item kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemRules {
    #[serde(rename = "use")]
    pub use_: ItemUse,
    /// None for an item placed by its own rule (the Sunstone).
    pub spawn: Option<Spawn>,
    /// How many lie together where one is placed (inclusive range; one if not given).
    #[serde(default = "one")]
    pub stack: (u32, u32),
    pub map_letter: char,
}
