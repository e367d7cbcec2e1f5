//! What lights a level: torches set in the walls of some rooms, patches of luminescent fungus in
//! some caves, by the level profile's `lit` chances; and the Sunstone's dais on the last depth.
//! (A vault is lit by its altars, which glow.) Placed last, on walls and floor the level has
//! already settled, so nothing else about the level depends on it.

use coord_2d::ICoord;
use grid_2d::Grid;
use rand::Rng;

use super::designs::DesignKind;
use super::{Ground, Room, patches};
use crate::content::Lit;

/// A torch for every this many cells of a lit room's walls that face its floor: a hall lit from
/// wall to wall without a torch at every step (Brogue's lit rooms have a torch or two a side).
const WALL_CELLS_PER_TORCH: usize = 9;
/// Torches stand at least this far apart (by either axis), so a hall's light is spread round it.
const TORCH_SPACING: i32 = 3;
/// A cave's fungus grows in patches: this many a cave, of up to [`PATCH_CELLS`] cells each.
const PATCHES_PER_CAVE: (u32, u32) = (1, 3);
const PATCH_CELLS: u32 = 5;
/// A cavern (a cave filling most of the level) has a patch for every this many of its cells.
const CAVERN_CELLS_PER_PATCH: usize = 120;

/// Lights the rooms the profile's chances pick, and the Sunstone's dais at `prize` if any.
pub(super) fn light<R: Rng>(
    grid: &mut Grid<Ground>,
    rooms: &[Room],
    designs: &[DesignKind],
    lit: Lit,
    prize: Option<ICoord>,
    rng: &mut R,
) {
    for (room, &design) in rooms.iter().zip(designs) {
        let cave = matches!(design, DesignKind::Cave | DesignKind::Cavern);
        let chance = if cave { lit.caves } else { lit.halls };
        if rng.random_range(0..100) >= chance {
            continue;
        }
        if cave {
            grow_fungus(grid, room, design == DesignKind::Cavern, rng);
        } else {
            set_torches(grid, room, rng);
        }
    }
    if let Some(prize) = prize
        && grid.get(prize).is_some_and(|&g| !g.rules().blocks_walking)
    {
        *grid.get_checked_mut(prize) = Ground::DAIS;
    }
}

/// Torches in the room's walls: wall cells beside the room's floor (never beside a doorway, so
/// a torch never stands where a door would be read as one), spread round it.
fn set_torches<R: Rng>(grid: &mut Grid<Ground>, room: &Room, rng: &mut R) {
    let floor = |c: ICoord| grid.get(c) == Some(&Ground::FLOOR) && room.contains(c);
    let steps = [
        ICoord::new(0, -1),
        ICoord::new(1, 0),
        ICoord::new(0, 1),
        ICoord::new(-1, 0),
    ];
    let mut walls: Vec<ICoord> = room
        .coords_with_rim()
        .filter(|&c| grid.get(c) == Some(&Ground::WALL))
        .filter(|&c| steps.iter().any(|&s| floor(c + s)))
        .filter(|&c| {
            steps.iter().all(|&s| {
                grid.get(c + s)
                    .is_none_or(|g| !g.rules().door && g.rules().found_as.is_none())
            })
        })
        .collect();
    let wanted = walls.len().div_ceil(WALL_CELLS_PER_TORCH).max(1);
    let mut placed: Vec<ICoord> = Vec::with_capacity(wanted);
    while placed.len() < wanted && !walls.is_empty() {
        let cell = walls.swap_remove(rng.random_range(0..walls.len()));
        let apart = |other: &ICoord| {
            let d = cell - *other;
            d.x.abs().max(d.y.abs()) >= TORCH_SPACING
        };
        if placed.iter().all(apart) {
            placed.push(cell);
        }
    }
    for cell in placed {
        *grid.get_checked_mut(cell) = Ground::WALL_TORCH;
    }
}

/// Patches of fungus on the cave's floor, each grown from a floor cell to its floor neighbours.
fn grow_fungus<R: Rng>(grid: &mut Grid<Ground>, room: &Room, cavern: bool, rng: &mut R) {
    let floors = patches::bare_floor(grid, room);
    if floors.is_empty() {
        return;
    }
    let patches = if cavern {
        (floors.len() / CAVERN_CELLS_PER_PATCH).max(1) as u32
    } else {
        rng.random_range(PATCHES_PER_CAVE.0..=PATCHES_PER_CAVE.1)
    };
    for _ in 0..patches {
        let start = floors[rng.random_range(0..floors.len())];
        let steps = rng.random_range(1..=PATCH_CELLS);
        patches::wander(grid, (start, steps), Ground::FUNGUS, None, rng);
    }
}
