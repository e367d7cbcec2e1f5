//! Light on the level: what glows there (ground whose row gives light: torches in the walls of
//! lit halls, fungus, altars, the Sunstone's dais) and what characters carry about, summed cell by
//! cell. Light goes where sight goes: it reaches a cell along a line with nothing that blocks
//! sight strictly between (a closed door stops it, an open one lets it through). The player's
//! own light is the player's sight's business (`visibility`); this is the rest of it.
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

use super::World;
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

    /// How bright a light of `kind` is at `offset` from where it glows.
    fn brightness_at(&self, kind: LightKind, offset: ICoord) -> u32 {
        let distance2 = (offset.x * offset.x + offset.y * offset.y) as usize;
        let by_distance = &self.brightness[kind.index()];
        by_distance.get(distance2).copied().unwrap_or(0)
    }

    /// The sources whose square may hold `cell`.
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

/// Light at a cell: how much, and the kind that gives most of what is not the player's own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LightHere {
    pub level: u32,
    /// The light that gives the cell most of its light, if any does.
    pub strongest: Option<LightKind>,
}

impl LightHere {
    fn add(&mut self, kind: LightKind, amount: u32, strongest_amount: &mut u32) {
        self.level += amount;
        if amount > *strongest_amount {
            *strongest_amount = amount;
            self.strongest = Some(kind);
        }
    }
}

impl World {
    /// The light at `cell` from everything but the player's own light: what glows on the level
    /// and what characters carry.
    pub fn light_at(&self, cell: ICoord) -> u32 {
        if self.derived.lights.carriers.is_empty() {
            return self.fixed_light_at(cell);
        }
        self.fixed_light_at(cell) + self.carried_light_at(cell, |_, _| ())
    }

    /// [`World::light_at`] with the carried light of only the carriers listed (by
    /// [`World::carried_lights_near`]): asked of every cell in view, where asking every
    /// carrier on the level where it stands and what it carries cost a turn of a crowd more
    /// than the rest of its sight.
    pub fn light_at_among(&self, cell: ICoord, carried: &[(ICoord, LightKind)]) -> u32 {
        let fixed = self.fixed_light_at(cell);
        if carried.is_empty() {
            return fixed;
        }
        let from = |&(at, kind): &(ICoord, LightKind)| self.carried_light_from(at, kind, cell);
        fixed + carried.iter().map(from).sum::<u32>()
    }

    /// Where each carrier of light that may reach within `reach` cells (along either axis) of
    /// `centre` stands and what light it carries, into `out` (emptied first). Carriers are
    /// few: the list grows only when the level's carriers have.
    pub fn carried_lights_near(
        &self,
        centre: ICoord,
        reach: i32,
        out: &mut Vec<(ICoord, LightKind)>,
    ) {
        out.clear();
        out.reserve(self.derived.lights.carriers.len());
        let reach = reach + crate::content::LIGHT_REACH_MAX as i32;
        // Where it stands first: on a level of thousands of carriers most are far, and what
        // each carries is a second lookup.
        for &carrier in &self.derived.lights.carriers {
            let Some(at) = self.spatial_table.coord_of(carrier) else {
                continue;
            };
            if (at.x - centre.x).abs().max((at.y - centre.y).abs()) > reach {
                continue;
            }
            if let Some(kind) = self.npc_kind(carrier).and_then(|k| k.rules().light) {
                out.push((at, kind));
            }
        }
    }

    /// Every cell's light as it glows, where that is all the light there is but what is carried:
    /// no source waits to be worked out again and nothing burns. A cell's light is then one
    /// read (the player's view reads hundreds a turn).
    pub fn settled_glow(&self) -> Option<&Grid<u32>> {
        let settled = self.derived.lights.pending == 0 && self.burning_cells().is_empty();
        settled.then_some(&self.derived.lights.glow)
    }

    /// What glows on the level and what burns, at `cell`: its light but what is carried.
    fn fixed_light_at(&self, cell: ICoord) -> u32 {
        self.derived.lights.glow_at(cell) + self.fire_light_at(cell, |_, _| ())
    }

    /// [`World::light_at`], with the light that gives the cell most of it: for drawing it.
    pub fn light_here(&self, cell: ICoord) -> LightHere {
        let mut here = LightHere::default();
        let mut strongest = 0;
        let lights = &self.derived.lights;
        let on_map = cell.is_valid(self.size());
        for &index in lights.near(cell).iter().filter(|_| on_map) {
            let source = lights.sources[index as usize];
            let amount = lights.light_from(source, cell);
            if amount > 0 {
                here.add(source.kind, amount, &mut strongest);
            }
        }
        self.carried_light_at(cell, |kind, amount| here.add(kind, amount, &mut strongest));
        self.fire_light_at(cell, |kind, amount| here.add(kind, amount, &mut strongest));
        here
    }

    /// Works out the light of every source of a new level (or one read back from a save).
    pub(super) fn light_up(&mut self) {
        let size = self.size();
        let super::derived::Derived {
            lights, occupied, ..
        } = &mut self.derived;
        let blocks_sight = |cell: ICoord| {
            (occupied.get(cell)).is_none_or(|&bits| bits & super::cell_bits::BLOCKS_SIGHT != 0)
        };
        lights.light_up(size, blocks_sight);
    }

    /// Something that blocks sight may have come or gone at `cell`: the walls of the sources
    /// round it follow, and those whose walls changed are pending.
    pub(super) fn light_changed_at(&mut self, cell: ICoord) {
        let blocks = self.blocks_sight(cell);
        let lights = &mut self.derived.lights;
        for i in 0..lights.near(cell).len() {
            let index = lights.near(cell)[i] as usize;
            let source = lights.sources[index];
            let Some(bit) = source.square.bit_of(cell - source.at) else {
                continue;
            };
            if source.has(&lights.walls, bit) == blocks {
                continue;
            }
            lights.walls[source.first_word as usize + bit / WORD] ^= 1 << (bit % WORD);
            if !source.pending {
                lights.sources[index].pending = true;
                lights.pending += 1;
                for chunk in source_chunks(source, lights.chunks) {
                    *lights.pending_in_chunk.get_checked_mut(chunk) += 1;
                }
            }
        }
    }

    /// Works out the footprints of the pending sources whose light may reach the box of
    /// `reach` cells round `centre`: what the player's sight asks next costs a read a cell.
    pub fn refresh_light_near(&mut self, centre: ICoord, reach: i32) {
        if self.derived.lights.pending == 0 {
            return;
        }
        let size = self.size();
        let lights = &mut self.derived.lights;
        let r = ICoord::new(reach, reach);
        for chunk in chunks_between(centre - r, centre + r, lights.chunks) {
            if *lights.pending_in_chunk.get_checked(chunk) == 0 {
                continue;
            }
            let index = index_of(chunk, lights.chunks);
            for i in 0..lights.reaching[index].len() {
                let source = lights.reaching[index][i] as usize;
                if lights.sources[source].pending {
                    lights.work_out_changes(source, size);
                }
            }
        }
    }

    /// The light the characters that carry one cast on `cell`, each told to `add`.
    fn carried_light_at(&self, cell: ICoord, mut add: impl FnMut(LightKind, u32)) -> u32 {
        let mut sum = 0;
        for &carrier in &self.derived.lights.carriers {
            let Some(kind) = self.npc_kind(carrier).and_then(|k| k.rules().light) else {
                continue;
            };
            let amount = self.carried_light_from(self.coord_of(carrier), kind, cell);
            if amount > 0 {
                sum += amount;
                add(kind, amount);
            }
        }
        sum
    }

    /// The light a carrier of `kind` standing at `at` casts on `cell`: none where a wall
    /// stands between.
    fn carried_light_from(&self, at: ICoord, kind: LightKind, cell: ICoord) -> u32 {
        let offset = cell - at;
        let amount = self.derived.lights.brightness_at(kind, offset);
        let square = square(kind.rules().radius);
        let Some(bit) = square.bit_of(offset).filter(|_| amount > 0) else {
            return 0;
        };
        match (square.cells_between(bit).iter()).any(|&between| self.blocks_sight(at + between)) {
            true => 0,
            false => amount,
        }
    }

    /// The light the burning cells round `cell` cast on it, each told to `add`: looked for in
    /// the square a fire's light reaches, so a turn's light costs a few reads a cell seen
    /// whatever burns elsewhere, and nothing at all while nothing burns.
    fn fire_light_at(&self, cell: ICoord, mut add: impl FnMut(LightKind, u32)) -> u32 {
        if self.burning_cells().is_empty() {
            return 0;
        }
        let kind = LightKind::FIRE;
        let square = square(kind.rules().radius);
        let r = square.radius;
        let mut sum = 0;
        for dy in -r..=r {
            for dx in -r..=r {
                let at = cell + ICoord::new(dx, dy);
                if !self.is_burning(at) {
                    continue;
                }
                let offset = cell - at;
                let amount = self.derived.lights.brightness_at(kind, offset);
                let Some(bit) = square.bit_of(offset).filter(|_| amount > 0) else {
                    continue;
                };
                if !(square.cells_between(bit).iter())
                    .any(|&between| self.blocks_sight(at + between))
                {
                    sum += amount;
                    add(kind, amount);
                }
            }
        }
        sum
    }

    /// A character that carries a light has come (spawned) or gone (died): the list of
    /// carriers follows.
    pub(super) fn note_carrier(&mut self, entity: Entity, alive: bool) {
        let carries = (self.npc_kind(entity)).is_some_and(|kind| kind.rules().light.is_some());
        if !carries {
            return;
        }
        let carriers = self.derived.lights.carriers_mut();
        match (alive, carriers.binary_search(&entity)) {
            (true, Err(at)) => carriers.insert(at, entity),
            (false, Ok(at)) => {
                carriers.remove(at);
            }
            _ => (),
        }
    }
}
