//! Patches of ground grown on a level's floor by a wandering walk: the fungus of a lit cave,
//! the grass of the surface.

use coord_2d::ICoord;
use grid_2d::Grid;
use rand::Rng;

use super::{Ground, Room};

const STEPS: [ICoord; 4] = [
    ICoord::new(0, -1),
    ICoord::new(1, 0),
    ICoord::new(0, 1),
    ICoord::new(-1, 0),
];

/// The room's cells of bare floor, where a patch may start.
pub(super) fn bare_floor(grid: &Grid<Ground>, room: &Room) -> Vec<ICoord> {
    room.coords()
        .filter(|&c| grid.get(c) == Some(&Ground::FLOOR))
        .collect()
}

/// A walk of `steps` from `start`: each step covers its cell with `kind` if it is bare floor,
/// then moves to a side neighbour drawn at random if that is not a wall (nor, with `within`,
/// outside that room).
pub(super) fn wander<R: Rng>(
    grid: &mut Grid<Ground>,
    (start, steps): (ICoord, u32),
    kind: Ground,
    within: Option<&Room>,
    rng: &mut R,
) {
    let mut cell = start;
    for _ in 0..steps {
        if grid.get(cell) == Some(&Ground::FLOOR) {
            *grid.get_checked_mut(cell) = kind;
        }
        let next = cell + STEPS[rng.random_range(0..STEPS.len())];
        let open = grid.get(next).is_some_and(|g| !g.rules().blocks_walking);
        if open && within.is_none_or(|room| room.contains(next)) {
            cell = next;
        }
    }
}
