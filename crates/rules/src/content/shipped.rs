//! The shipped tables, read once at first use and checked when the game starts, and what each
//! kind is in them: its row, every kind of its table, the kind a map letter stands for.

use std::sync::LazyLock;

use super::kinds::{
    BoltKind, FeatureKind, GasKind, Ground, ItemKind, LightKind, MachineKind, NpcKind,
};
use super::loaded::Content;
use super::sources::Sources;
use super::{
    BoltRules, ContentError, FeatureRules, GasRules, GroundRules, ItemRules, LightRules,
    MachineRules, MapLetters, NpcRules, levels,
};

static CONTENT: LazyLock<Result<Content, ContentError>> =
    LazyLock::new(|| Content::load(Sources::SHIPPED));

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

/// The digest saves and recordings carry: the rules' half of all seven tables (the bestiary with
/// its bands and captives, the items, the bolts, the ground, the lights, the gases, and the
/// level profiles), so a game is never replayed under other tables.
pub fn digest() -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&content().digest.to_le_bytes());
    hasher.update(&levels::digest().to_le_bytes());
    hasher.finalize()
}

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
kind_of_table!(Ground, "ground", |c| c.ground.len());
kind_of_table!(LightKind, "light", |c| c.lights.len());
kind_of_table!(GasKind, "gas", |c| c.gases.len());
kind_of_table!(FeatureKind, "feature", |c| c.features.len());
kind_of_table!(MachineKind, "machine", |c| c.machines.len());

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

impl Ground {
    /// Every kind, in table order.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
        (0..super::content().ground.len()).map(|i| Self(i as u8))
    }

    /// The kind's place in the table.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// This kind's row of the ground table.
    pub fn rules(self) -> &'static GroundRules {
        &super::content().ground[self.index()]
    }

    /// What the ground is once found: itself, unless it hides another (a secret door, a
    /// hidden lever or trap), which it shows as something else until then.
    pub fn as_found(self) -> Self {
        self.rules().found_as.unwrap_or(self)
    }

    /// The letter hand-drawn maps and dumps write it with.
    pub fn map_letter(self) -> char {
        self.rules().map_letters[0]
    }

    /// The kind a hand-drawn map writes with `letter`.
    pub fn from_map_letter(letter: char) -> Option<Self> {
        let rows = &super::content().ground;
        (rows
            .iter()
            .position(|row| row.map_letters.contains(&letter)))
        .map(|i| Self(i as u8))
    }
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

impl LightKind {
    /// Every kind, in table order.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
        (0..content().lights.len()).map(|i| Self(i as u8))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn rules(self) -> &'static LightRules {
        &content().lights[self.index()]
    }
}

impl GasKind {
    /// Every kind, in table order.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
        (0..content().gases.len()).map(|i| Self(i as u8))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn rules(self) -> &'static GasRules {
        &content().gases[self.index()]
    }
}

impl FeatureKind {
    /// Every kind, in table order.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
        (0..content().features.len()).map(|i| Self(i as u8))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn rules(self) -> &'static FeatureRules {
        &content().features[self.index()]
    }
}

impl MachineKind {
    /// Every kind, in table order.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
        (0..content().machines.len()).map(|i| Self(i as u8))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn rules(self) -> &'static MachineRules {
        &content().machines[self.index()]
    }
}
