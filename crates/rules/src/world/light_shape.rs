//! The shape of a light, worked out once: how bright it is at each squared distance, and, for
//! each cell of the square it may reach, which cells lie strictly between it and that cell (the
//! cells of the `line_2d` line that would have to be clear). A line depends only on the offset
//! between its ends, so one table of lines serves every light of a radius wherever it glows:
//! whether a cell is lit is then a few words of bits against the walls round the light, not a
//! line walked cell by cell.

use std::sync::OnceLock;

use coord_2d::ICoord;
use line_2d::{Config, LineSegment};

use crate::content::{LIGHT_REACH_MAX, LightKind};

/// Bits in a word of a square's bits.
const WORD: usize = 64;
/// Words in the bits of the square round a light of `radius`.
pub(super) const fn square_words(radius: i32) -> usize {
    let side = 2 * radius as usize + 1;
    (side * side).div_ceil(WORD)
}

/// The square round a light of one radius: where each cell's bit is, and the line to each.
#[derive(Debug)]
pub(super) struct Square {
    pub radius: i32,
    pub words: usize,
    /// For each cell of the square (by its bit), the bits of the cells strictly between the
    /// centre and it.
    lines: Vec<u64>,
    /// For each cell of the square, the cells within the circle whose line crosses it (what
    /// a door there may darken or light), as ranges of `behind`.
    crossing: Vec<std::ops::Range<u32>>,
    behind: Vec<u16>,
    /// Each cell's offset from the centre, by its bit.
    offsets: Vec<ICoord>,
    /// For each cell, the offsets of the cells strictly between the centre and it, as ranges
    /// of `between`.
    line_ranges: Vec<std::ops::Range<u32>>,
    between: Vec<ICoord>,
}

impl Square {
    fn new(radius: i32) -> Self {
        let words = square_words(radius);
        let side = 2 * radius + 1;
        let mut lines = vec![0; (side * side) as usize * words];
        let between = Config {
            exclude_start: true,
            exclude_end: true,
        };
        let centre = ICoord::new(radius, radius);
        let cells = (side * side) as usize;
        let mut crossed_by = vec![Vec::new(); cells];
        let mut offsets = Vec::with_capacity(cells);
        let mut line_ranges = Vec::with_capacity(cells);
        let mut between_cells = Vec::new();
        for bit in 0..cells {
            let target = ICoord::new(bit as i32 % side, bit as i32 / side);
            offsets.push(target - centre);
            let start = between_cells.len() as u32;
            if let Ok(line) = LineSegment::try_new(centre, target) {
                // Only a cell within the circle is ever lit: the cells beyond it (the square's
                // corners) are never looked at again when a door on their line moves.
                let within = (target - centre).magnitude2() <= (radius * radius) as u32;
                for cell in line.config_iter(between) {
                    let on = (cell.y * side + cell.x) as usize;
                    lines[bit * words + on / WORD] |= 1 << (on % WORD);
                    if within {
                        crossed_by[on].push(bit as u16);
                    }
                    between_cells.push(cell - centre);
                }
            }
            line_ranges.push(start..between_cells.len() as u32);
        }
        let mut crossing = Vec::with_capacity(cells);
        let mut behind = Vec::new();
        for targets in crossed_by {
            let start = behind.len() as u32;
            behind.extend(targets);
            crossing.push(start..behind.len() as u32);
        }
        Self {
            radius,
            words,
            lines,
            crossing,
            behind,
            offsets,
            line_ranges,
            between: between_cells,
        }
    }

    pub fn side(&self) -> i32 {
        2 * self.radius + 1
    }

    /// The bit of the cell `offset` from the centre, if the square holds it.
    pub fn bit_of(&self, offset: ICoord) -> Option<usize> {
        let at = offset + ICoord::new(self.radius, self.radius);
        let side = self.side();
        let inside = (0..side).contains(&at.x) && (0..side).contains(&at.y);
        inside.then(|| (at.y * side + at.x) as usize)
    }

    /// The offset from the centre of the cell with bit `bit`.
    pub fn offset_of(&self, bit: usize) -> ICoord {
        self.offsets[bit]
    }

    /// The cells strictly between the centre and the cell with bit `bit`.
    pub fn line_to(&self, bit: usize) -> &[u64] {
        &self.lines[bit * self.words..(bit + 1) * self.words]
    }

    /// The cells (their bits) whose line from the centre crosses the cell with bit `bit`.
    pub fn behind(&self, bit: usize) -> &[u16] {
        let range = &self.crossing[bit];
        &self.behind[range.start as usize..range.end as usize]
    }

    /// Each cell of the line to `bit` as an offset from the centre.
    pub fn cells_between(&self, bit: usize) -> &[ICoord] {
        let range = &self.line_ranges[bit];
        &self.between[range.start as usize..range.end as usize]
    }
}

/// The square of a light of `radius` (1 to [`LIGHT_REACH_MAX`]), worked out on first use.
pub(super) fn square(radius: u32) -> &'static Square {
    static SQUARES: [OnceLock<Square>; LIGHT_REACH_MAX as usize + 1] =
        [const { OnceLock::new() }; LIGHT_REACH_MAX as usize + 1];
    let radius = radius.min(LIGHT_REACH_MAX);
    SQUARES[radius as usize].get_or_init(|| Square::new(radius as i32))
}

/// A kind of light's brightness by squared distance from where it glows (none past the last).
pub(super) fn brightness_by_distance(kind: LightKind) -> Vec<u32> {
    let rules = kind.rules();
    (0..=rules.radius * rules.radius)
        .map(|distance2| rules.brightness_at(rules.radius, distance2))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_squares_words_hold_a_bit_for_each_of_its_cells_at_every_radius_a_row_may_give() {
        // The shipped lights' radii (2, 3, 6, 7) happen to need as many words for a side of
        // 2r as of 2r + 1; a row of radius 4 or 8 would not.
        for radius in 0..=LIGHT_REACH_MAX as i32 {
            let side = 2 * radius as usize + 1;
            let words = square_words(radius);
            assert!(
                words * WORD >= side * side,
                "radius {radius}: {words} words"
            );
            assert!(
                (words - 1) * WORD < side * side,
                "radius {radius}: no word to spare"
            );
        }
    }

    #[test]
    fn each_cells_line_is_the_line_2d_line_strictly_between_from_anywhere() {
        let square = square(7);
        for target in [
            ICoord::new(7, 3),
            ICoord::new(-5, 6),
            ICoord::new(0, -7),
            ICoord::new(1, 1),
        ] {
            let bit = square.bit_of(target).expect("within the square");
            let mut ours: Vec<ICoord> = square.cells_between(bit).to_vec();
            // Anywhere on the level: a line is the same from any start.
            let start = ICoord::new(13, 21);
            let line = LineSegment::try_new(start, start + target).expect("a line");
            let mut theirs: Vec<ICoord> = line
                .config_iter(Config {
                    exclude_start: true,
                    exclude_end: true,
                })
                .map(|cell| cell - start)
                .collect();
            ours.sort_by_key(|c| (c.y, c.x));
            theirs.sort_by_key(|c| (c.y, c.x));
            assert_eq!(ours, theirs, "the line to {target:?}");
        }
        assert_eq!(square.bit_of(ICoord::new(8, 0)), None);
    }
}
