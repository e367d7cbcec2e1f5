//! The content: every monster kind and every item kind, each one entry of a table in
//! `content/*.ron` at the workspace root (embedded in the build, so the game stays one binary and
//! the browser needs no files). This module reads the rules' half of each entry (numbers,
//! traits, where it spawns); the app reads the other half (glyph, colour, words) from the same
//! entry. Code that does something different for a kind asks for a trait, never for a name.
//!
//! Kinds are numbered in table order; every per-kind lookup indexes a table of that length, so
//! a new entry is known everywhere at once.

mod bands;
mod bolts;
mod captives;
mod error;
mod item_checks;
mod levels;
mod load;
#[cfg(test)]
pub(crate) use load::MAP_SYNTAX;
mod spawn;
mod tables;

use std::sync::LazyLock;

pub use bands::Band;
pub use bolts::{BoltEffect, BoltPath, BoltRules};
pub use captives::{CaptiveBand, Captives};
pub use error::{ContentError, Problem};
pub use levels::{
    DesignWeights, LEVELS_SOURCE, Lakes, LevelProfile, VaultOdds, levels, load_levels, profile_at,
};
pub use load::parse_table;
pub use spawn::pick_weighted;
pub use tables::{
    ActionTimes, Chance, ItemClass, ItemRules, ItemUse, MapLetters, NORMAL_TIMES, NpcRules,
    NpcSpawn, NpcTrait, OutOfDepth, Ramp, Spawn,
};

/// How many looks (potion colours, scroll labels) each class has to share out among its kinds
/// in a game: the app names each; a table with more kinds of a class than this is refused.
pub const LOOKS_PER_CLASS: u8 = 16;

/// The shipped bestiary and item table.
pub const BESTIARY_SOURCE: &str = include_str!("../../../../content/bestiary.ron");
pub const ITEMS_SOURCE: &str = include_str!("../../../../content/items.ron");
pub const BOLTS_SOURCE: &str = include_str!("../../../../content/bolts.ron");

/// A monster kind: its place in the bestiary.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "u8", into = "u8")]
pub struct NpcKind(u8);

/// An item kind: its place in the item table.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "u8", into = "u8")]
pub struct ItemKind(u8);

/// A kind read back from bytes (a snapshot, a score file) is one of this build's tables, or the
/// bytes are refused: a file written under a bestiary with more kinds, or crafted, must never
/// name a row that is not there. (Same bytes as the plain number: nothing already written changes.)
macro_rules! kind_of_table {
    ($kind:ident, $what:literal, $rows:expr) => {
        impl TryFrom<u8> for $kind {
            type Error = String;

            fn try_from(index: u8) -> Result<Self, String> {
                let rows: fn(&Content) -> usize = $rows;
                if usize::from(index) < rows(content()) {
                    Ok(Self(index))
                } else {
                    Err(format!(
                        "there is no {} kind {index} in this version",
                        $what
                    ))
                }
            }
        }

        impl From<$kind> for u8 {
            fn from(kind: $kind) -> u8 {
                kind.0
            }
        }
    };
}

kind_of_table!(NpcKind, "monster", |c| c.bestiary.kinds.len());
kind_of_table!(ItemKind, "item", |c| c.items.kinds.len());
kind_of_table!(BoltKind, "bolt", |c| c.bolts.len());

impl NpcKind {
    /// Every kind, in table order.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
        (0..content().bestiary.kinds.len()).map(Self::at)
    }

    pub(super) fn at(index: usize) -> Self {
        Self(index as u8)
    }

    /// The kind's place in the table, for tables of per-kind numbers (kills).
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn rules(self) -> &'static NpcRules {
        &content().bestiary.kinds[self.index()]
    }
}

impl ItemKind {
    /// Every kind, in table order.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
        (0..content().items.kinds.len()).map(Self::at)
    }

    fn at(index: usize) -> Self {
        Self(index as u8)
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn rules(self) -> &'static ItemRules {
        &content().items.kinds[self.index()]
    }

    /// The item whose taking wins the run (the tables have exactly one).
    pub fn prize() -> Self {
        content().items.prize
    }

    /// The key that opens a vault's locked door.
    pub fn key() -> Self {
        content().items.key
    }
}

/// A bolt kind: its place in the bolt table.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "u8", into = "u8")]
pub struct BoltKind(u8);

impl BoltKind {
    /// Every kind, in table order.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
        (0..content().bolts.len()).map(|i| Self(i as u8))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn rules(self) -> &'static BoltRules {
        &content().bolts[self.index()]
    }
}

/// The bestiary as the rules use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bestiary {
    pub per_room: Vec<u32>,
    pub extra_per_room: Chance,
    pub kinds: Vec<NpcRules>,
    /// Bands whose leader is held captive by the rest.
    pub captives: Captives,
    /// Mixed bands, drawn alongside the kinds.
    pub bands: Vec<Band>,
    /// A monster from deeper down, now and then.
    pub out_of_depth: OutOfDepth,
}

/// The item table as the rules use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Items {
    pub per_level: (u32, u32),
    pub kinds: Vec<ItemRules>,
    pub prize: ItemKind,
    pub key: ItemKind,
}

/// Both tables, checked, and a digest of their rules (not their words): saves and recordings
/// carry it, so a game is never replayed under other content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Content {
    pub bestiary: Bestiary,
    pub items: Items,
    pub bolts: Vec<BoltRules>,
    pub digest: u32,
}

static CONTENT: LazyLock<Result<Content, ContentError>> =
    LazyLock::new(|| Content::load(BESTIARY_SOURCE, ITEMS_SOURCE, BOLTS_SOURCE));

/// The shipped content. Checked by the tests and by [`check`] when the game starts, so play
/// never meets broken tables.
pub fn content() -> &'static Content {
    match &*CONTENT {
        Ok(content) => content,
        Err(error) => panic!("the shipped content tables are broken: {error}"),
    }
}

/// Whether the shipped tables are sound: what a frontend asks before anything else, so broken
/// tables end the program with one clear line rather than a panic mid-game.
pub fn check() -> Result<(), &'static ContentError> {
    CONTENT.as_ref().map(|_| ())?;
    levels::levels_checked()
}

/// The digest saves and recordings carry: the monster, item and bolt tables' and the level
/// profiles', so a game is never replayed under other tables of either.
pub fn digest() -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&content().digest.to_le_bytes());
    hasher.update(&levels::digest().to_le_bytes());
    hasher.finalize()
}

impl NpcKind {
    /// The kind a hand-drawn map writes with `letter`, and whether it is asleep.
    pub fn from_map_letter(letter: char) -> Option<(Self, bool)> {
        content()
            .bestiary
            .kinds
            .iter()
            .enumerate()
            .find_map(|(i, kind)| {
                let MapLetters { awake, asleep } = kind.map_letters;
                let found = letter == awake || letter == asleep;
                found.then_some((Self(i as u8), letter == asleep))
            })
    }
}

impl ItemKind {
    /// The kind a hand-drawn map writes with `letter`.
    pub fn from_map_letter(letter: char) -> Option<Self> {
        let kinds = &content().items.kinds;
        (kinds.iter().position(|kind| kind.map_letter == letter)).map(|i| Self(i as u8))
    }
}
