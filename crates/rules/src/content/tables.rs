//! The rules' half of the content tables, as read from `content/*.ron`: numbers and traits only.
//! Each entry's `look` (glyph, colour, words) is the app's and is skipped here unread. Here: the
//! files' shapes and where kinds spawn; a monster's rules are `monster_rules`, an item's
//! `item_rules`.

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use super::item_rules::ItemRules;
use super::monster_rules::NpcRules;

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
