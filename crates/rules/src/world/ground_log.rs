//! Where ground has opened or closed to feet for good, lately: maps over the ground ask it
//! whether a change came near enough to matter to them.
//!
//! A change anywhere used to make every map over the ground stale: on a 1000×1000 level of
//! thousands of wanderers, each door a salamander's fire burnt away had every one of eleven
//! thousand waypoint maps measured again as wanderers next asked for them (most of a turn
//! there). A map is a flood within its window, so a change outside the window leaves it as
//! it is: the log keeps the cells of the last changes so that a map can tell.

use coord_2d::ICoord;

/// How many changes the log remembers. Changes are rare (a door burnt, a secret found, cages
/// falling), so a map measured before the oldest one kept is simply measured again.
const KEPT: usize = 64;

#[derive(Debug, Clone)]
pub(super) struct GroundLog {
    /// How many changes since the world was made or read back.
    count: u64,
    /// Change `n` (counting from 1) is at `cells[(n - 1) % KEPT]`, while `n > count - KEPT`.
    cells: [ICoord; KEPT],
}

impl Default for GroundLog {
    fn default() -> Self {
        Self {
            count: 0,
            cells: [ICoord::new(0, 0); KEPT],
        }
    }
}

impl GroundLog {
    pub(super) fn note(&mut self, cell: ICoord) {
        self.cells[(self.count % KEPT as u64) as usize] = cell;
        self.count += 1;
    }

    pub(super) fn count(&self) -> u64 {
        self.count
    }

    /// True if a change after the `since`th may lie within `reach` cells (along either axis)
    /// of `centre`: one did, or the log no longer holds them all.
    pub(super) fn changed_near(&self, since: u64, centre: ICoord, reach: u32) -> bool {
        if since >= self.count {
            return false;
        }
        if self.count - since > KEPT as u64 {
            return true;
        }
        let reach = reach as i32;
        (since..self.count).any(|n| {
            let cell = self.cells[(n % KEPT as u64) as usize];
            (cell.x - centre.x).abs() <= reach && (cell.y - centre.y).abs() <= reach
        })
    }
}
