//! What can be walked to from where: the checks every generated level passes before play sees
//! it, and the place of the way on.

use std::collections::VecDeque;

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;

use super::Ground;
use super::designs::SIDES;

/// Steps from `from` to every cell walkable from it (`None` where it cannot be walked to).
pub fn walking_distances(grid: &Grid<Ground>, from: ICoord) -> Grid<Option<u32>> {
    let mut distances = Grid::new_copy(grid.size(), None);
    let mut queue = VecDeque::new();
    *distances.get_checked_mut(from) = Some(0);
    queue.push_back(from);
    while let Some(cell) = queue.pop_front() {
        let steps = distances.get_checked(cell).unwrap_or(0);
        for out in SIDES {
            let next = cell + out;
            let walkable = grid.get(next).is_some_and(|t| !t.rules().blocks_walking);
            if walkable && distances.get_checked(next).is_none() {
                *distances.get_checked_mut(next) = Some(steps + 1);
                queue.push_back(next);
            }
        }
    }
    distances
}

/// Every cell walkable from `from` within `steps` steps, `from` first.
pub(super) fn within_steps(grid: &Grid<Ground>, from: ICoord, steps: u32) -> Vec<ICoord> {
    let mut reached = vec![from];
    let mut queue = VecDeque::from([(from, 0)]);
    while let Some((cell, distance)) = queue.pop_front() {
        if distance == steps {
            continue;
        }
        for out in SIDES {
            let next = cell + out;
            let walkable = grid.get(next).is_some_and(|t| !t.rules().blocks_walking);
            if walkable && !reached.contains(&next) {
                reached.push(next);
                queue.push_back((next, distance + 1));
            }
        }
    }
    reached
}

/// The floor cell in a room (open on three sides or more, so never in a corridor) furthest from
/// `from` by walking, the first in reading order among equals.
pub(super) fn farthest_floor(grid: &Grid<Ground>, from: ICoord) -> ICoord {
    let distances = walking_distances(grid, from);
    let floor = |c: ICoord| grid.get(c) == Some(&Ground::FLOOR);
    let in_a_room = |c: ICoord| SIDES.iter().filter(|&&out| floor(c + out)).count() >= 3;
    grid.enumerate()
        .filter(|&(cell, _)| floor(cell) && in_a_room(cell))
        .filter_map(|(cell, _)| distances.get_checked(cell).map(|d| (d, cell)))
        .max_by_key(|&(d, cell)| (d, std::cmp::Reverse((cell.y, cell.x))))
        .map_or(from, |(_, cell)| cell)
}

/// A breadth-first search that stops at a number of steps, reusing its marks from search to
/// search (a search's number, so nothing is cleared between them).
pub(super) struct BoundedSearch {
    marks: Grid<u32>,
    search: u32,
    queue: VecDeque<(ICoord, u32)>,
}

impl BoundedSearch {
    pub(super) fn new(size: UCoord) -> Self {
        Self {
            marks: Grid::new_copy(size, 0),
            search: 0,
            queue: VecDeque::new(),
        }
    }

    /// True if `to` is at most `steps` steps from `from` over walkable ground.
    pub(super) fn within(
        &mut self,
        grid: &Grid<Ground>,
        from: ICoord,
        to: ICoord,
        steps: u32,
    ) -> bool {
        self.search += 1;
        self.queue.clear();
        self.queue.push_back((from, 0));
        *self.marks.get_checked_mut(from) = self.search;
        while let Some((cell, distance)) = self.queue.pop_front() {
            if cell == to {
                return true;
            }
            if distance == steps {
                continue;
            }
            for out in SIDES {
                let next = cell + out;
                let walkable = grid.get(next).is_some_and(|t| !t.rules().blocks_walking);
                if walkable && *self.marks.get_checked(next) != self.search {
                    *self.marks.get_checked_mut(next) = self.search;
                    self.queue.push_back((next, distance + 1));
                }
            }
        }
        false
    }
}
