//! Finding a cell to put a character on: the nearest open one (a swimmer's shore), or one far
//! off drawn at random (teleportation).

use coord_2d::ICoord;
use rand::Rng;

use super::World;

impl World {
    /// The open, empty cell nearest `from` (on the nearest ring of cells round it, then by
    /// straight distance, then in row order), other than `from` itself; None on a level with
    /// none.
    pub fn nearest_open_cell(&self, from: ICoord) -> Option<ICoord> {
        let size = self.size();
        let widest = size.width().max(size.height()) as i32;
        (1..=widest).find_map(|radius| self.nearest_on_ring(from, radius))
    }

    fn nearest_on_ring(&self, from: ICoord, radius: i32) -> Option<ICoord> {
        let mut best: Option<(u32, ICoord)> = None;
        for y in (from.y - radius)..=(from.y + radius) {
            for x in (from.x - radius)..=(from.x + radius) {
                let cell = ICoord::new(x, y);
                let on_ring = (x - from.x).abs() == radius || (y - from.y).abs() == radius;
                if on_ring && self.can_npc_enter(cell) {
                    let distance = cell.distance2(from);
                    if best.is_none_or(|(d, _)| distance < d) {
                        best = Some((distance, cell));
                    }
                }
            }
        }
        best.map(|(_, cell)| cell)
    }

    /// An open, empty cell `allowed` at least `steps` from `from` in a straight line, drawn with `rng`
    /// among all of them (one draw a candidate, so the draw depends only on the level); the
    /// farthest if none is that far.
    /// Every cell reached by walking from `from` over ground anyone may walk (doors opened, a
    /// locked door or a cage not), whoever stands there.
    pub fn walkable_from(&self, from: ICoord) -> grid_2d::Grid<bool> {
        let mut reached = grid_2d::Grid::new_copy(self.size(), false);
        let mut queue = std::collections::VecDeque::new();
        if let Some(cell) = reached.get_mut(from) {
            *cell = true;
            queue.push_back(from);
        }
        while let Some(cell) = queue.pop_front() {
            for direction in direction::CardinalDirections {
                let next = cell + direction.coord();
                if self.blocks_walking(next) {
                    continue;
                }
                if let Some(seen) = reached.get_mut(next)
                    && !*seen
                {
                    *seen = true;
                    queue.push_back(next);
                }
            }
        }
        reached
    }

    pub fn open_cell_far_from(
        &self,
        from: ICoord,
        steps: u32,
        allowed: impl Fn(ICoord) -> bool,
        rng: &mut impl Rng,
    ) -> Option<ICoord> {
        let mut chosen = None;
        let mut candidates = 0u32;
        let mut farthest: Option<(u32, ICoord)> = None;
        for cell in self.size().icoord_iter_row_major() {
            if !self.can_npc_enter(cell) || !allowed(cell) {
                continue;
            }
            let distance = cell.distance2(from);
            if farthest.is_none_or(|(d, _)| distance > d) {
                farthest = Some((distance, cell));
            }
            if distance < steps * steps {
                continue;
            }
            candidates += 1;
            if rng.random_range(0..candidates) == 0 {
                chosen = Some(cell);
            }
        }
        chosen.or(farthest.map(|(_, cell)| cell))
    }
}
