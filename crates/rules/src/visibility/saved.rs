//! A view read back from a save: its cells read into room sized once, and checked whole.

use super::Visibility;
use crate::world::Tile;

/// The tile names a kind the content tables have.
fn tile_is_known(tile: Tile) -> bool {
    match tile {
        Tile::Npc(kind) | Tile::Ally(kind) | Tile::Captive(kind) => {
            kind.index() < crate::content::NpcKind::all().len()
        }
        Tile::Item(kind) => kind.index() < crate::content::ItemKind::all().len(),
        _ => true,
    }
}

impl Visibility {
    /// A loaded view is whole: a cell for every coordinate of its size, and every remembered
    /// thing of a kind the tables have.
    pub fn is_sound(&self) -> bool {
        let whole = self.grid.iter().count() == self.grid.size().count();
        whole
            && self.grid.iter().all(|cell| {
                let mut known = true;
                cell.memory
                    .option_for_each(|&tile| known &= tile_is_known(tile));
                known
            })
    }
}
