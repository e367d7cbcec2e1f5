//! The fields of view from the last cells the player scanned from. A player walking about a
//! room steps back onto a cell it stood on a few moves ago about a third of the time (the play
//! benchmark's scripted player: 34 % of its steps land on one of its last eight cells), and
//! with nothing that stops sight changed since, the cells in view from there are the ones it
//! saw then: the shadowcast need not run again.

use coord_2d::ICoord;

/// How many views are kept: 64 of at most 841 cells (the eyes' reach), 430 KB. On the chargrid
/// tutorial's levels (`tools/tutorial-vs-umbra`, 40×30) a player walking about scans in 10,075
/// of 24,343 turns taken with 8 kept, 8,320 with 16, 6,502 with 32, 5,898 with 64 and 5,868
/// with 512: past 64 nearly every scan is from a cell never stood on. A look that finds its
/// view kept costs about 1,300 instructions there, a scan about 17,000.
const KEPT: usize = 64;

/// Where a view was scanned from, and how many times anything that stops sight had changed on
/// the level then ([`crate::world::World::sight_changes`]).
pub(super) type ViewKey = (ICoord, u64);

#[derive(Debug, Clone)]
pub(super) struct RecentViews {
    keys: [Option<ViewKey>; KEPT],
    views: Vec<Vec<ICoord>>,
    /// The slot the next view is kept in: the oldest.
    next: usize,
}

impl RecentViews {
    /// Room in each view for `room` cells, so that keeping a view never allocates.
    pub(super) fn with_room(room: usize) -> Self {
        Self {
            keys: [None; KEPT],
            views: (0..KEPT).map(|_| Vec::with_capacity(room)).collect(),
            next: 0,
        }
    }

    /// The cells in view, in the order the scan found them, from `key` if kept.
    pub(super) fn get(&self, key: ViewKey) -> Option<&[ICoord]> {
        let slot = self.keys.iter().position(|&kept| kept == Some(key))?;
        Some(&self.views[slot])
    }

    /// Keeps `cells` as the view from `key`, in place of the oldest.
    pub(super) fn keep(&mut self, key: ViewKey, cells: &[ICoord]) {
        let slot = self.next;
        self.next = (slot + 1) % KEPT;
        self.keys[slot] = Some(key);
        self.views[slot].clear();
        self.views[slot].extend_from_slice(cells);
    }
}
