//! The tables as the rules use them, read and checked (`load`), with a digest of their rules.

use super::kinds::ItemKind;
use super::{
    Band, BoltRules, Captives, Chance, GasRules, GroundRules, ItemRules, LightRules, NpcRules,
    OutOfDepth,
};

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

/// The tables, checked, and a digest of their rules (not their words): saves and recordings
/// carry it, so a game is never replayed under other content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Content {
    pub bestiary: Bestiary,
    pub items: Items,
    pub bolts: Vec<BoltRules>,
    /// The ground table's rows, in its order ([`Ground`](super::Ground) indexes it).
    pub ground: Vec<GroundRules>,
    /// The light table's rows, in its order ([`super::LightKind`] indexes it).
    pub lights: Vec<LightRules>,
    /// The gas table's rows, in its order ([`super::GasKind`] indexes it).
    pub gases: Vec<GasRules>,
    /// The features table's rows, in its order ([`super::FeatureKind`] indexes it).
    pub features: Vec<super::FeatureRules>,
    /// The machines table's rows, in its order ([`super::MachineKind`] indexes it).
    pub machines: Vec<super::MachineRules>,
    pub digest: u32,
}
