//! Hand-made levels for tests and tools: an ASCII picture in, a terrain and its labelled cells out.

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;

use super::{Disposition, Ground, ItemSpawn, NpcSpawn, Terrain};
use crate::content::{ItemKind, NpcKind};

/// Errors from reading an ASCII map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AsciiMapError {
    Empty,
    RaggedRows {
        row: usize,
    },
    UnknownCharacter {
        ch: char,
        x: usize,
        y: usize,
    },
    NoPlayer,
    SeveralPlayers,
    /// A cell on the map's edge that is not wall: levels are walled all round, and the rules
    /// (the waypoints' openness, the searches) rely on it.
    OpenEdge {
        x: usize,
        y: usize,
    },
}

impl std::fmt::Display for AsciiMapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Empty => write!(f, "the map is empty"),
            Self::RaggedRows { row } => write!(f, "row {row} has a different width from row 0"),
            Self::UnknownCharacter { ch, x, y } => {
                write!(f, "unknown character {ch:?} at ({x}, {y})")
            }
            Self::NoPlayer => write!(f, "the map has no player '@'"),
            Self::SeveralPlayers => write!(f, "the map has more than one player '@'"),
            Self::OpenEdge { x, y } => write!(f, "the edge is open at ({x}, {y}): wall it in"),
        }
    }
}

impl std::error::Error for AsciiMapError {}

/// Reads a hand-made level: `#` wall, `.` floor, `@` player, `>` the stairs down, `+` a door,
/// `=` a secret door, `~` deep water, `,` shallow water, `:` a chasm, `;` its edge, `_` a bridge
/// `|` an altar, `"` a caged one, `$` a locked door (each kind's `map_letters` in
/// `content/ground.ron`); a monster by
/// its kind's `map_letters` in the bestiary (`o` an orc, `z` a sleeping one; `T` and `Z` a
/// troll), an item by its `map_letter` in the item table (`!` a healing potion, `*` the Sunstone).
/// Digits `0`-`9` are floor cells that tests use as labels; their coordinates are returned too.
pub fn from_ascii(rows: &[&str]) -> Result<(Terrain, Vec<(char, ICoord)>), AsciiMapError> {
    let width = rows.first().map(|r| r.chars().count()).unwrap_or(0);
    if width == 0 {
        return Err(AsciiMapError::Empty);
    }
    let size = UCoord::new(width as u32, rows.len() as u32);
    let mut grid = Grid::new_copy(size, Ground::FLOOR);
    let mut player = None;
    let mut npcs = Vec::new();
    let mut items = Vec::new();
    let mut labels = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        if row.chars().count() != width {
            return Err(AsciiMapError::RaggedRows { row: y });
        }
        for (x, ch) in row.chars().enumerate() {
            let coord = ICoord::new(x as i32, y as i32);
            match ch {
                '@' if player.is_some() => return Err(AsciiMapError::SeveralPlayers),
                '@' => player = Some(coord),
                '0'..='9' => labels.push((ch, coord)),
                _ => {
                    if let Some(ground) = ground_of_letter(ch) {
                        *grid.get_checked_mut(coord) = ground;
                    } else if let Some(npc) = ascii_npc(coord, ch) {
                        // A swimmer is drawn where it lives: in deep water.
                        if npc.kind.rules().has(crate::content::NpcTrait::Submerges) {
                            *grid.get_checked_mut(coord) = Ground::DEEP_WATER;
                        }
                        npcs.push(npc);
                    } else if let Some(item) = ItemKind::from_map_letter(ch) {
                        items.push(ItemSpawn {
                            coord,
                            item,
                            count: 1,
                        });
                    } else {
                        return Err(AsciiMapError::UnknownCharacter { ch, x, y });
                    }
                }
            }
        }
    }
    let player = player.ok_or(AsciiMapError::NoPlayer)?;
    walled_in(&grid)?;
    let terrain = Terrain {
        grid,
        player,
        npcs,
        items,
        designs: Vec::new(),
        vaults: Vec::new(),
        machines: Vec::new(),
        gas: Vec::new(),
        from_deeper: None,
    };
    Ok((terrain, labels))
}

/// Every cell on the edge is wall, or something as solid (so nothing stands there either: a
/// character or an item stands on floor).
fn walled_in(grid: &Grid<Ground>) -> Result<(), AsciiMapError> {
    let size = grid.size();
    let on_edge = |c: &ICoord| {
        c.x == 0 || c.y == 0 || c.x == size.width() as i32 - 1 || c.y == size.height() as i32 - 1
    };
    match size.icoord_iter_row_major().filter(on_edge).find(|&c| {
        // Wall, or ground that is a wall in every way (a torch set in one), and stays one
        // when found (a hidden lever, not a secret door).
        let solid = |ground: Ground| ground.rules().blocks_walking && ground.rules().blocks_sight;
        let ground = *grid.get_checked(c);
        !(solid(ground) && ground.rules().found_as.is_none_or(solid))
    }) {
        Some(c) => Err(AsciiMapError::OpenEdge {
            x: c.x as usize,
            y: c.y as usize,
        }),
        None => Ok(()),
    }
}

/// The monster a letter stands for (each kind's `map_letters` in the bestiary), if any.
fn ascii_npc(coord: ICoord, ch: char) -> Option<NpcSpawn> {
    let (kind, asleep) = NpcKind::from_map_letter(ch)?;
    let disposition = if asleep {
        Disposition::Asleep
    } else {
        Disposition::Awake
    };
    Some(NpcSpawn {
        coord,
        kind,
        disposition,
    })
}

/// The letter maps and dumps write for a kind of ground (its row's first `map_letters`).
pub fn ground_letter(ground: Ground) -> char {
    ground.map_letter()
}

/// The ground a map letter stands for (other than the player, labels, monsters and items): any
/// of a kind's `map_letters` (`'`, an open door, reads as a door, since a door is open exactly
/// while someone stands in it).
fn ground_of_letter(letter: char) -> Option<Ground> {
    Ground::from_map_letter(letter)
}

/// The level's ground as an ASCII map [`from_ascii`] reads back: walls, floor, stairs and the
/// player, without NPCs or items. Tests and benchmarks use it for a generated level's shape
/// with nobody on it.
pub fn ground_to_ascii(terrain: &Terrain) -> Vec<String> {
    let size = terrain.grid.size();
    (0..size.height() as i32)
        .map(|y| {
            (0..size.width() as i32)
                .map(|x| {
                    let coord = ICoord::new(x, y);
                    if coord == terrain.player {
                        '@'
                    } else {
                        ground_letter(*terrain.grid.get_checked(coord))
                    }
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_ground_reads_back_as_itself() {
        for kind in Ground::all() {
            let letter = ground_letter(kind);
            assert_eq!(ground_of_letter(letter), Some(kind));
        }
        assert_eq!(
            ground_of_letter('\''),
            Some(Ground::DOOR),
            "an open door is a door"
        );
    }
}
