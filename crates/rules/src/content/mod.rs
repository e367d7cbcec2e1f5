//! The content: every monster kind, item kind, bolt and kind of ground, each one entry of a
//! table in `content/*.ron` at the workspace root (embedded in the build: `sources`). This
//! module reads the rules' half of each entry (numbers,
//! traits, where it spawns); the app reads the other half (glyph, colour, words) from the same
//! entry. Code that does something different for a kind asks for a trait, never for a name.
//!
//! Kinds are numbered in table order; every per-kind lookup indexes a table of that length, so
//! a new entry is known everywhere at once.

mod bands;
mod bolts;
mod captives;
mod error;
mod features;
mod gases;
mod ground;
mod item_checks;
mod item_rules;
mod kinds;
mod levels;
mod lights;
mod load;
mod loaded;
mod machines;
mod monster_rules;
mod shipped;
mod sources;
mod spawn;
mod tables;

pub use bands::Band;
pub use bolts::{BoltEffect, BoltPath, BoltRules};
pub use captives::{CaptiveBand, Captives};
pub use error::{ContentError, Problem};
pub use features::{Blob, FeatureRules};
pub use gases::{GasHarm, GasRules};
pub use ground::{Change, Flammability, GroundLayer, GroundRules, Trigger};
pub use item_rules::{Draught, ItemClass, ItemRules, ItemUse, Reach, RingPower, Spell};
pub use kinds::{
    BoltKind, FeatureKind, GasKind, Ground, ItemKind, LightKind, MachineKind, NpcKind,
};
pub use levels::{
    DesignWeights, Grass, LEVELS_SOURCE, Lakes, LevelProfile, Lit, TrapOdds, VaultOdds, levels,
    load_levels, profile_at,
};
pub use lights::{LIGHT_REACH_MAX, LightRules};
pub use load::parse_table;
pub use loaded::{Bestiary, Content, Items};
pub use machines::{Lair, MachineRules, Part, Reward, Role, Spot};
pub use monster_rules::{
    Ability, ActionTimes, Lesson, MapLetters, NORMAL_TIMES, NpcRules, NpcTrait, Summons,
};
pub use shipped::{check, content, digest};
pub use sources::{
    BESTIARY_SOURCE, BOLTS_SOURCE, FEATURES_SOURCE, GASES_SOURCE, GROUND_SOURCE, ITEMS_SOURCE,
    LIGHTS_SOURCE, MACHINES_SOURCE, Sources,
};
pub use spawn::{Chance, NpcSpawn, Ramp, Spawn, pick_weighted};
pub use tables::OutOfDepth;

/// How many looks (potion colours, scroll labels) each class has to share out among its kinds
/// in a game: the app names each; a table with more kinds of a class than this is refused.
pub const LOOKS_PER_CLASS: u8 = 16;
