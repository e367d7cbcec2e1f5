//! The kinds of the tables: each a place in its table (a monster in the bestiary, an item in
//! the item table, a bolt, a kind of ground), numbered in table order, so every per-kind lookup
//! indexes a table of that length and a new entry is known everywhere at once. What a kind is
//! (its row) is read through the shipped tables (`shipped`).

use serde::{Deserialize, Serialize};

/// A monster kind: its place in the bestiary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct NpcKind(pub(super) u8);

/// An item kind: its place in the item table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct ItemKind(pub(super) u8);

/// A bolt kind: its place in the bolt table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct BoltKind(pub(super) u8);

/// A kind of ground: its place in the ground table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Ground(pub(super) u8);

impl Ground {
    pub const FLOOR: Self = Self(0);
    pub const WALL: Self = Self(1);
    /// Open ground with the way down: taking it leaves for the next depth.
    pub const STAIRS: Self = Self(2);
    pub const DOOR: Self = Self(3);
    pub const SECRET_DOOR: Self = Self(4);
    pub const DEEP_WATER: Self = Self(5);
    /// The wreath round deep water.
    pub const SHALLOW_WATER: Self = Self(6);
    pub const CHASM: Self = Self(7);
    /// The lip round a chasm.
    pub const CHASM_EDGE: Self = Self(8);
    pub const BRIDGE: Self = Self(9);
    /// Where a vault's reward lies.
    pub const ALTAR: Self = Self(10);
    /// An altar a cage has closed on.
    pub const CAGE: Self = Self(11);
    /// A vault's door, locked until its key opens it.
    pub const LOCKED_DOOR: Self = Self(12);
    /// A torch in the wall of a lit hall.
    pub const WALL_TORCH: Self = Self(13);
    /// The glowing floor of a cave's lit patches.
    pub const FUNGUS: Self = Self(14);
    /// Where the Sunstone lies, glowing.
    pub const DAIS: Self = Self(15);
    /// The surface of some caves and rooms: it burns.
    pub const GRASS: Self = Self(16);
    /// Grass gone dry deeper down: it burns more readily.
    pub const DEAD_GRASS: Self = Self(17);
    /// A staff of obstruction's wall, which dissolves.
    pub const CRYSTAL: Self = Self(18);

    /// The kinds the code places by name, as the table names them, in its order.
    pub(super) const NAMED: [&'static str; 19] = [
        "floor",
        "wall",
        "stairs",
        "door",
        "secret door",
        "deep water",
        "shallow water",
        "chasm",
        "chasm edge",
        "bridge",
        "altar",
        "cage",
        "locked door",
        "wall torch",
        "luminescent fungus",
        "dais",
        "grass",
        "dead grass",
        "crystal",
    ];
}

/// A kind of light: its place in the light table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct LightKind(pub(super) u8);

impl LightKind {
    /// The player's own light: the table's first row.
    pub const PLAYERS: Self = Self(0);
    pub(super) const PLAYERS_NAME: &'static str = "your light";
    /// The light of a burning cell: the table's second row.
    pub const FIRE: Self = Self(1);
    pub(super) const FIRE_NAME: &'static str = "fire";
}

/// A kind of dungeon feature (what lands when a trap goes off): its place in the features table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct FeatureKind(pub(super) u8);

/// A kind of machine (a blueprint): its place in the machines table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct MachineKind(pub(super) u8);

/// A kind of gas: its place in the gas table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct GasKind(pub(super) u8);
