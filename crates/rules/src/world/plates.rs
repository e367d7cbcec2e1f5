//! Where the traps' plates lie, hidden or found, and how many there are: every step a native
//! takes asks, and a level without a trap answers from the count alone (the ten thousand
//! wanderers of the largest scenes step on levels without one).

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;

#[derive(Debug)]
pub(super) struct Plates {
    cells: Grid<bool>,
    count: usize,
}

impl Plates {
    pub fn new(size: UCoord) -> Self {
        Self {
            cells: Grid::new_copy(size, false),
            count: 0,
        }
    }

    /// The plates of a grid worked out afresh.
    pub fn of(cells: Grid<bool>) -> Self {
        let count = cells.iter().filter(|&&plate| plate).count();
        Self { cells, count }
    }

    /// A plate lies on the cell.
    #[inline]
    pub fn at(&self, coord: ICoord) -> bool {
        self.count > 0 && self.cells.get(coord).is_some_and(|&plate| plate)
    }

    /// Whether a plate lies on the cell now.
    pub fn set(&mut self, coord: ICoord, plate: bool) {
        if let Some(cell) = self.cells.get_mut(coord)
            && *cell != plate
        {
            *cell = plate;
            match plate {
                true => self.count += 1,
                false => self.count -= 1,
            }
        }
    }

    /// The count kept against the plates there are.
    pub fn count_violation(&self) -> Option<String> {
        let there = self.cells.iter().filter(|&&plate| plate).count();
        (there != self.count).then(|| format!("{} plates counted, {there} lie", self.count))
    }
}
