//! What an entity looks like, which the app draws and words: the player, a monster, an ally, a
//! captive, a corpse, an item, or a kind of ground.

use crate::content::{ItemKind, NpcKind};
use crate::terrain::Ground;

/// What an entity looks like; the app picks glyphs and colours for these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Tile {
    Player,
    /// A monster.
    Npc(NpcKind),
    /// An NPC on the player's side.
    Ally(NpcKind),
    /// An NPC held captive, waiting to be freed.
    Captive(NpcKind),
    /// The remains of whoever died on the cell.
    Corpse,
    Item(ItemKind),
    /// Ground, in the floor layer or standing in the feature layer as its kind's row says
    /// (`content/ground.ron`): a door in the feature layer over floor, open exactly while a
    /// character stands in it; a wall or deep water with nothing under it.
    Ground(Ground),
}
