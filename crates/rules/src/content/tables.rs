//! The rules' half of the content tables, as read from `content/*.ron`: numbers and traits only.
//! Each entry's `look` (glyph, colour, words) is the app's and is skipped here unread. Here: the
//! files' shapes and where kinds spawn; a monster's rules are `monster_rules`, an item's
//! `item_rules`.

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use super::item_rules::ItemRules;
use super::monster_rules::NpcRules;
use super::spawn::{Chance, Ramp, Spawn};

/// One entry of a table: its name (to name it in errors), the rules' half, the app's half.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Entry<R> {
    pub name: String,
    pub rules: R,
    #[allow(dead_code)]
    pub look: IgnoredAny,
}

/// A table's rows are at most a byte's worth (kinds are numbered in a byte) and each of a name
/// of its own: `what` names its rows in the error ("features").
pub(super) fn check_named_once<R>(
    table: &'static str,
    kinds: &[Entry<R>],
    what: &str,
) -> Result<(), super::ContentError> {
    if kinds.len() >= usize::from(u8::MAX) {
        return Err(super::ContentError {
            table,
            entry: None,
            problem: super::Problem::Field {
                field: "kinds",
                reason: format!("at most {} kinds", u8::MAX - 1),
            },
        });
    }
    for (i, entry) in kinds.iter().enumerate() {
        if kinds[..i].iter().any(|other| other.name == entry.name) {
            let reason = format!("two {what} of one name");
            return Err(super::error::field_error(
                table,
                &entry.name,
                "name",
                reason,
            ));
        }
    }
    Ok(())
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
