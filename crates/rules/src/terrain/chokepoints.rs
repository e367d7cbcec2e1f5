//! The chokepoint analysis vaults are found by (Brogue's `analyzeMap`, done here with one
//! depth-first search): every walkable cell whose removal cuts a part of the level off from
//! the arrival, with the cells of that part. A depth-first search from the arrival numbers the
//! cells as it meets them; a cell `v` cuts off the cells below its child `c` exactly when no
//! cell below `c` reaches above `v` by another way (Tarjan's low-link), and those cells are the
//! numbers `c` to `c` + the size of its subtree, in the order met.

use coord_2d::ICoord;
use grid_2d::Grid;

use super::Ground;
use super::designs::SIDES;

/// A cell that cuts off an area, and the cells of that area.
pub(super) struct DeadEnd<'a> {
    pub chokepoint: ICoord,
    pub area: &'a [ICoord],
}

/// The level's cells in the order the search met them, and for each cell met its number, its
/// subtree's size and the lowest number it reaches.
pub(super) struct Chokepoints {
    order: Vec<ICoord>,
    /// Each dead end as (the chokepoint's number, the first number of its area).
    ends: Vec<(u32, u32)>,
    size: Vec<u32>,
}

const UNSEEN: u32 = u32::MAX;

impl Chokepoints {
    /// Searches every cell walkable from `from` (doors are walkable, secret doors are not).
    pub fn of(grid: &Grid<Ground>, from: ICoord) -> Self {
        let cells = grid.size().count();
        let width = grid.size().width() as i32;
        let index = |c: ICoord| (c.y * width + c.x) as usize;
        let walkable = |c: ICoord| grid.get(c).is_some_and(|t| !t.rules().blocks_walking);
        let mut number = vec![UNSEEN; cells];
        let mut low: Vec<u32> = Vec::new();
        let mut size: Vec<u32> = Vec::new();
        let mut order = Vec::new();
        let mut ends = Vec::new();
        // (cell, its number, the next side to try)
        let mut stack: Vec<(ICoord, u32, usize)> = Vec::new();
        let first = 0;
        number[index(from)] = first;
        order.push(from);
        low.push(first);
        stack.push((from, first, 0));
        while let Some(top) = stack.last_mut() {
            let (cell, n, side) = *top;
            if side < SIDES.len() {
                top.2 += 1;
                let next = cell + SIDES[side];
                if !walkable(next) {
                    continue;
                }
                match number[index(next)] {
                    UNSEEN => {
                        let m = order.len() as u32;
                        number[index(next)] = m;
                        order.push(next);
                        low.push(m);
                        stack.push((next, m, 0));
                    }
                    seen => low[n as usize] = low[n as usize].min(seen),
                }
                continue;
            }
            stack.pop();
            size.resize(order.len(), 1);
            if let Some(&(_, parent, _)) = stack.last() {
                let child_low = low[n as usize];
                low[parent as usize] = low[parent as usize].min(child_low);
                size[parent as usize] += size[n as usize];
                if child_low >= parent && parent != first {
                    ends.push((parent, n));
                }
            }
        }
        size.resize(order.len(), 1);
        Self { order, ends, size }
    }

    /// Every dead end: a chokepoint other than the arrival and the area behind it.
    pub fn dead_ends(&self) -> impl Iterator<Item = DeadEnd<'_>> + '_ {
        self.ends.iter().map(|&(chokepoint, start)| {
            let start = start as usize;
            let end = start + self.size[start] as usize;
            DeadEnd {
                chokepoint: self.order[chokepoint as usize],
                area: &self.order[start..end],
            }
        })
    }
}

/// A cell in a wall's gap: walls on two opposite sides.
pub(super) fn is_doorway(grid: &Grid<Ground>, cell: ICoord) -> bool {
    let wall = |c: ICoord| grid.get(c) == Some(&Ground::WALL);
    let gap = matches!(grid.get(cell), Some(&Ground::FLOOR | &Ground::DOOR));
    gap && ((wall(cell + SIDES[0]) && wall(cell + SIDES[2]))
        || (wall(cell + SIDES[1]) && wall(cell + SIDES[3])))
}
