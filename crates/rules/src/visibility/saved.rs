//! A view read back from a save: its cells read into room sized once, and checked whole.

use coord_2d::UCoord;
use grid_2d::Grid;

use super::{Cell, Visibility};
use crate::world::Tile;

/// Reads the grid as grid_2d writes it, into a vector sized once. grid_2d's own reading grows
/// the vector from a megabyte (serde's caution against sizes read from the bytes) by doubling,
/// copying a large level's memories (32 megabytes) over and over; the size here is trusted only
/// as far as the largest map.
pub(super) fn read_cells<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Grid<Cell>, D::Error> {
    deserializer.deserialize_struct("Grid", &["cells", "size"], CellsVisitor)
}

struct CellsVisitor;

impl<'de> serde::de::Visitor<'de> for CellsVisitor {
    type Value = Grid<Cell>;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a grid of remembered cells")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Grid<Cell>, A::Error> {
        use serde::de::Error;
        let cells = (seq.next_element_seed(CellsWithRoom)?)
            .ok_or_else(|| A::Error::invalid_length(0, &self))?;
        let size: UCoord =
            (seq.next_element()?).ok_or_else(|| A::Error::invalid_length(1, &self))?;
        Grid::try_new_iterator(size, cells.into_iter())
            .map_err(|_| A::Error::custom("a grid's cells and size differ"))
    }
}

/// The cells, read into a vector with room for as many as the bytes announce, up to the
/// largest map's.
struct CellsWithRoom;

impl<'de> serde::de::DeserializeSeed<'de> for CellsWithRoom {
    type Value = Vec<Cell>;

    fn deserialize<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for CellsWithRoom {
    type Value = Vec<Cell>;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("remembered cells")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Cell>, A::Error> {
        let most = crate::terrain::MAX_MAP_SIZE.count();
        let mut cells = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(most));
        while let Some(cell) = seq.next_element()? {
            cells.push(cell);
        }
        Ok(cells)
    }
}

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
