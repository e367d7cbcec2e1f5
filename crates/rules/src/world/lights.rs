//! The level's light from what glows (`Lights`): each glowing cell's footprint and walls as
//! bits, their light summed a cell, and which sources wait to be worked out again. World's light
//! (`light`) asks it, and adds what characters carry and what burns.
//!
//! What glows never moves, so each source keeps two sets of bits over the square round it: the
//! cells that stop light (its walls, kept as doors move) and the cells its light reaches (its
//! footprint), and the level keeps the footprints' light summed a cell. A cell's light is lit
//! from a source when no wall of its square lies on the line to it: a few words of bits, the
//! lines worked out once for every radius (`light_shape`). A door that opens or closes flips a
//! bit of the walls of the sources round it and marks them pending; the footprints of pending
//! sources are worked out again from their walls when the game asks for the light round the
//! player ([`World::refresh_light_near`]), and a cell a pending source may reach is summed from
//! the walls on the spot. Either way the answer is what the walls say now: the light never
//! depends on what was asked before, and a door flapping far off costs a bit flipped. Whole
//! numbers throughout: the same light on every platform.

use coord_2d::{ICoord, UCoord};
use entity_table::Entity;
use grid_2d::Grid;

use super::light_shape::{Square, brightness_by_distance, square};
use crate::content::LightKind;

/// The side of a chunk of cells (8): the sources whose light may reach a cell are looked for
/// among those listed for its chunk, and pending ones are counted a chunk.
const CHUNK_SHIFT: u32 = 3;
/// Bits in a word of a square's bits.
const WORD: usize = 64;

/// One glowing cell of the level.
#[derive(Debug, Clone, Copy)]
struct Source {
    at: ICoord,
    kind: LightKind,
    /// The square round it its light may reach.
    square: &'static Square,
    /// Where its bits start in [`Lights::footprints`] and [`Lights::walls`].
    first_word: u32,
    /// Its walls changed since its footprint was worked out.
    pending: bool,
}

impl Source {
    fn words(&self) -> std::ops::Range<usize> {
        let first = self.first_word as usize;
        first..first + self.square.words
    }

    /// Whether the cell with bit `bit` of its square is set in `bits` (its footprint or its
    /// walls).
    fn has(&self, bits: &[u64], bit: usize) -> bool {
        bits[self.first_word as usize + bit / WORD] & (1 << (bit % WORD)) != 0
    }

    /// Whether its light reaches the cell with bit `bit` past the walls `walls` (its own).
    fn clear_to(&self, walls: &[u64], bit: usize) -> bool {
        let line = self.square.line_to(bit);
        (line.iter().zip(&walls[self.words()])).all(|(line, wall)| line & wall == 0)
    }
}

/// The level's light.
#[derive(Debug)]
pub(super) struct Lights {
    /// Every glowing cell, in row order.
    sources: Vec<Source>,
    /// For each source, the cells of its square its light reaches (as of when it was last
    /// worked out: see `pending`).
    footprints: Vec<u64>,
    /// For each source, the cells of its square that stop light (off the map counts as
    /// stopping: no line between two cells on it leaves it), always as they are.
    walls: Vec<u64>,
    /// For each source, its walls as they were when its footprint was worked out: where they
    /// differ from `walls` is what a pending source has to look at again (a door that opened
    /// and closed again since differs in nothing).
    settled_walls: Vec<u64>,
    /// For each chunk, the sources whose square touches it.
    reaching: Vec<Vec<u32>>,
    /// The level's size in chunks.
    chunks: UCoord,
    /// The light of every source's footprint, summed a cell.
    glow: Grid<u32>,
    /// For each chunk, how many of the sources reaching it are pending: while any is, a cell
    /// of the chunk is summed on the spot.
    pending_in_chunk: Grid<u16>,
    /// How many sources are pending in all.
    pending: u32,
    /// Each kind of light's brightness by squared distance, by the kind's index.
    brightness: Vec<Vec<u32>>,
    /// The living characters that carry a light, in spawn order: few, so every one is asked.
    carriers: Vec<Entity>,
}

impl Lights {
    /// The light of a level whose glowing cells are `glowing`, none of it worked out yet (see
    /// [`World::light_up`]).
    pub fn new(size: UCoord, glowing: Vec<(ICoord, LightKind)>) -> Self {
        let chunks = UCoord::new(
            size.width().div_ceil(1 << CHUNK_SHIFT),
            size.height().div_ceil(1 << CHUNK_SHIFT),
        );
        // Every kind's square worked out now, not in the middle of a turn (a monster carrying
        // a light of a radius nothing on the level glows with).
        LightKind::all().for_each(|kind| _ = square(kind.rules().radius));
        let mut reaching = vec![Vec::new(); chunks.count()];
        let mut sources = Vec::with_capacity(glowing.len());
        let mut words = 0;
        for (index, (at, kind)) in glowing.into_iter().enumerate() {
            let source = Source {
                at,
                kind,
                square: square(kind.rules().radius),
                first_word: words as u32,
                pending: false,
            };
            words += source.square.words;
            for chunk in source_chunks(source, chunks) {
                reaching[index_of(chunk, chunks)].push(index as u32);
            }
            sources.push(source);
        }
        Self {
            sources,
            footprints: vec![0; words],
            walls: vec![0; words],
            settled_walls: vec![0; words],
            reaching,
            chunks,
            glow: Grid::new_copy(size, 0),
            pending_in_chunk: Grid::new_copy(chunks, 0),
            pending: 0,
            brightness: LightKind::all().map(brightness_by_distance).collect(),
            carriers: Vec::new(),
        }
    }

    pub fn carriers_mut(&mut self) -> &mut Vec<Entity> {
        &mut self.carriers
    }

    #[inline]
    pub fn carriers(&self) -> &[Entity] {
        &self.carriers
    }

    /// Every glowing cell and its light, in row order.
    pub fn sources(&self) -> Vec<(ICoord, LightKind)> {
        self.sources.iter().map(|s| (s.at, s.kind)).collect()
    }

    /// Works out every source's walls (where `blocks_sight`) and footprint from nothing.
    pub fn light_up(&mut self, size: UCoord, blocks_sight: impl Fn(ICoord) -> bool) {
        for index in 0..self.sources.len() {
            let source = self.sources[index];
            let r = source.square.radius;
            let mut bit = 0;
            for dy in -r..=r {
                for dx in -r..=r {
                    if blocks_sight(source.at + ICoord::new(dx, dy)) {
                        self.walls[source.first_word as usize + bit / WORD] |= 1 << (bit % WORD);
                    }
                    bit += 1;
                }
            }
            self.work_out(index, size);
        }
    }

    /// The light of what glows at `cell` (nothing off the map): one read, or for a cell a
    /// pending source may reach, summed from the walls as they are.
    #[inline]
    pub fn glow_at(&self, cell: ICoord) -> u32 {
        let Some(&kept) = self.glow.get(cell) else {
            return 0;
        };
        match *self.pending_in_chunk.get_checked(chunk_of(cell)) {
            0 => kept,
            _ => (self.near(cell).iter())
                .map(|&index| self.light_from(self.sources[index as usize], cell))
                .sum(),
        }
    }

    /// Something that blocks sight may have come or gone at `cell` (`blocks`, now): the walls
    /// of the sources round it follow, and those whose walls changed are pending.
    pub fn wall_changed_at(&mut self, cell: ICoord, blocks: bool) {
        for i in 0..self.near(cell).len() {
            let index = self.near(cell)[i] as usize;
            let source = self.sources[index];
            let Some(bit) = source.square.bit_of(cell - source.at) else {
                continue;
            };
            if source.has(&self.walls, bit) == blocks {
                continue;
            }
            self.walls[source.first_word as usize + bit / WORD] ^= 1 << (bit % WORD);
            if !source.pending {
                self.sources[index].pending = true;
                self.pending += 1;
                for chunk in source_chunks(source, self.chunks) {
                    *self.pending_in_chunk.get_checked_mut(chunk) += 1;
                }
            }
        }
    }

    /// Works out the footprints of the pending sources whose light may reach the box of
    /// `reach` cells round `centre`, on a level of `size`.
    pub fn refresh_near(&mut self, centre: ICoord, reach: i32, size: UCoord) {
        if self.pending == 0 {
            return;
        }
        let r = ICoord::new(reach, reach);
        for chunk in chunks_between(centre - r, centre + r, self.chunks) {
            if *self.pending_in_chunk.get_checked(chunk) == 0 {
                continue;
            }
            let index = index_of(chunk, self.chunks);
            for i in 0..self.reaching[index].len() {
                let source = self.reaching[index][i] as usize;
                if self.sources[source].pending {
                    self.work_out_changes(source, size);
                }
            }
        }
    }

    /// Every cell's light as it glows, where no source waits to be worked out again.
    pub fn glow_if_settled(&self) -> Option<&Grid<u32>> {
        (self.pending == 0).then_some(&self.glow)
    }

    /// Each source's light at `cell` (on the map), its kind and amount told to `add`.
    pub fn each_glow_at(&self, cell: ICoord, mut add: impl FnMut(LightKind, u32)) {
        for &index in self.near(cell) {
            let source = self.sources[index as usize];
            let amount = self.light_from(source, cell);
            if amount > 0 {
                add(source.kind, amount);
            }
        }
    }

    /// How bright a light of `kind` is at `offset` from where it glows.
    #[inline]
    pub fn brightness_at(&self, kind: LightKind, offset: ICoord) -> u32 {
        let distance2 = (offset.x * offset.x + offset.y * offset.y) as usize;
        let by_distance = &self.brightness[kind.index()];
        by_distance.get(distance2).copied().unwrap_or(0)
    }

    /// The sources whose square may hold `cell`.
    #[inline]
    fn near(&self, cell: ICoord) -> &[u32] {
        let chunk = chunk_of(cell);
        let inside = (0..self.chunks.width() as i32).contains(&chunk.x)
            && (0..self.chunks.height() as i32).contains(&chunk.y);
        match inside {
            true => &self.reaching[index_of(chunk, self.chunks)],
            false => &[],
        }
    }

    /// A source's light at `cell`, from its walls as they are now.
    #[inline]
    fn light_from(&self, source: Source, cell: ICoord) -> u32 {
        let offset = cell - source.at;
        let Some(bit) = source.square.bit_of(offset) else {
            return 0;
        };
        let lit = match source.pending {
            true => source.clear_to(&self.walls, bit),
            false => source.has(&self.footprints, bit),
        };
        if lit {
            self.brightness_at(source.kind, offset)
        } else {
            0
        }
    }

    /// Works out a source's whole footprint from its walls (a new level).
    fn work_out(&mut self, index: usize, size: UCoord) {
        let source = self.sources[index];
        let r = source.square.radius;
        let mut bit = 0;
        for dy in -r..=r {
            for dx in -r..=r {
                self.settle(source, bit, ICoord::new(dx, dy), size);
                bit += 1;
            }
        }
        self.settled(index);
    }

    /// Works out again the cells of a pending source's footprint whose line crosses a wall
    /// that came or went since it was last worked out.
    fn work_out_changes(&mut self, index: usize, size: UCoord) {
        let source = self.sources[index];
        for word in source.words() {
            let mut changed = self.walls[word] ^ self.settled_walls[word];
            while changed != 0 {
                let crossed =
                    (word - source.first_word as usize) * WORD + changed.trailing_zeros() as usize;
                changed &= changed - 1;
                for &bit in source.square.behind(crossed) {
                    let bit = usize::from(bit);
                    self.settle(source, bit, source.square.offset_of(bit), size);
                }
            }
        }
        self.settled(index);
    }

    /// Lights or darkens the cell with bit `bit` (at `offset`) of a source's footprint as its
    /// walls say, keeping the sum: a cell whose light came or went changes it by the source's
    /// brightness there (a cell the light is too faint to reach stays dark, as does one off the
    /// map).
    fn settle(&mut self, source: Source, bit: usize, offset: ICoord, size: UCoord) {
        let amount = self.brightness_at(source.kind, offset);
        let cell = source.at + offset;
        let lit = amount > 0 && cell.is_valid(size) && source.clear_to(&self.walls, bit);
        let word = &mut self.footprints[source.first_word as usize + bit / WORD];
        let mask = 1 << (bit % WORD);
        if lit != (*word & mask != 0) {
            *word ^= mask;
            let glow = self.glow.get_checked_mut(cell);
            *glow = if lit { *glow + amount } else { *glow - amount };
        }
    }

    /// A source's footprint is what its walls say now.
    fn settled(&mut self, index: usize) {
        let source = self.sources[index];
        let words = source.words();
        self.settled_walls[words.clone()].copy_from_slice(&self.walls[words]);
        if source.pending {
            self.sources[index].pending = false;
            self.pending -= 1;
            for chunk in source_chunks(source, self.chunks) {
                *self.pending_in_chunk.get_checked_mut(chunk) -= 1;
            }
        }
    }
}

/// The chunk a cell is in (a shift rounds towards minus infinity, as a chunk's cells go).
fn chunk_of(cell: ICoord) -> ICoord {
    ICoord::new(cell.x >> CHUNK_SHIFT, cell.y >> CHUNK_SHIFT)
}

fn index_of(chunk: ICoord, chunks: UCoord) -> usize {
    (chunk.y as u32 * chunks.width() + chunk.x as u32) as usize
}

/// The chunks of a level of `chunks` chunks that the box from `first` to `last` touches.
fn chunks_between(first: ICoord, last: ICoord, chunks: UCoord) -> impl Iterator<Item = ICoord> {
    let (first, last) = (chunk_of(first), chunk_of(last));
    let ys = first.y.max(0)..=last.y.min(chunks.height() as i32 - 1);
    ys.flat_map(move |y| {
        let xs = first.x.max(0)..=last.x.min(chunks.width() as i32 - 1);
        xs.map(move |x| ICoord::new(x, y))
    })
}

/// The chunks a source's square touches.
fn source_chunks(source: Source, chunks: UCoord) -> impl Iterator<Item = ICoord> {
    let r = ICoord::new(source.square.radius, source.square.radius);
    chunks_between(source.at - r, source.at + r, chunks)
}
