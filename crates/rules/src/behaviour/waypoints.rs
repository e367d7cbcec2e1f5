//! Waypoints: the places wandering NPCs walk between, and a map of bounded reach to each.
//!
//! Placed from the walls alone, so a hand-drawn level gets them as well as a generated one, and
//! a loaded game gets the same ones again: the most open cells first (a room's centre before its
//! edge, a room before a corridor), each becoming a waypoint unless an earlier one is within
//! [`COVER_STEPS`]. Every open cell is then that close to some waypoint, so two waypoints whose
//! covers touch are at most `2 × COVER_STEPS + 1` steps apart: with maps reaching
//! [`WAYPOINT_REACH`] the waypoints of a connected level form a connected graph, and an NPC can
//! walk from any waypoint to any other one hop at a time.
//!
//! Brogue keeps forty whole-level maps; on a 1000×1000 level that would be 80 MB or more. Here a
//! waypoint's map is its window of one byte a cell (43×43 = 1849 bytes), measured with a new
//! level (a few microseconds each), in a loaded game the first time a wanderer asks for it, and
//! again after ground opens or closes for good (a secret door found, a locked door opened, cages
//! fallen): so every map is the flood over the ground as it is, whether the game was played
//! through or loaded, and loading does not measure thousands of maps no wanderer may ever need.
//! A new level's wanderers read their first waypoint off these maps (see `nearest_waypoint`).
//!
//! Where the waypoints stand is chosen once, on the new level's lasting shape (every door a
//! wall, every altar open), and saved with the game: play can change that shape (a door burnt
//! away, crystal grown), so a loaded game keeps the waypoints its level placed rather than
//! placing them again.

use coord_2d::{ICoord, UCoord};
use direction::CardinalDirections;

use super::local_map::{UNREACHED, Window, flood, flood_lasting};
use crate::world::World;

/// Every open cell is within this many steps of a waypoint: a 10×10 room is covered by the
/// waypoint at its centre.
pub const COVER_STEPS: u32 = 10;
/// How far a waypoint's map reaches: far enough to join every pair of neighbouring covers.
pub const WAYPOINT_REACH: u32 = 2 * COVER_STEPS + 1;
/// The most neighbours a waypoint keeps (the nearest in index order); an open hall has about ten.
const MAX_NEIGHBOURS: usize = 16;
/// Openness counts up to here: enough to rank a room's centre above its edge.
const CLEARANCE_CAP: u8 = 6;
const MAP_LEN: usize = Window::len_for(WAYPOINT_REACH);

/// A waypoint's number: its index in row-major order of the waypoints' cells.
pub type WaypointId = u32;

#[derive(Debug, Clone, Copy)]
struct Neighbours {
    count: u8,
    ids: [WaypointId; MAX_NEIGHBOURS],
}

pub struct Waypoints {
    /// Sorted by row, then column, so the waypoints in a window are found by binary search.
    cells: Vec<ICoord>,
    /// Where each row's waypoints start in `cells` (one more entry than rows): a window's
    /// waypoints are a short search along each of its rows, where a walk from its first row
    /// passed every waypoint of every row in between (230 on a 1000-wide level, for the 5 or
    /// so in a wanderer's window).
    row_starts: Vec<u32>,
    maps: Vec<u8>,
    neighbours: Vec<Neighbours>,
    /// The world's count of ground changes each map (and its neighbours) was measured at;
    /// [`NEVER`] for one not measured yet.
    measured_at: Vec<u64>,
    /// Scratch for a flood: room for a whole window, so measuring never allocates.
    queue: Vec<u32>,
}

/// No world's count of ground changes: the map was never measured.
const NEVER: u64 = u64::MAX;

impl Waypoints {
    /// The waypoints of a new level, placed on its lasting shape.
    pub fn new(world: &World) -> Self {
        Self::at(world, place(world))
    }

    /// The waypoints a saved game kept, where its level placed them: placing them again on a
    /// loaded level would place them on its shape as play left it (a door burnt away, crystal
    /// grown), elsewhere than the wanderers' goals name. None if they are not a level's: off
    /// the map, or not in row order once each.
    pub fn from_saved(world: &World, cells: Vec<ICoord>) -> Option<Self> {
        let on_map = cells.iter().all(|cell| cell.is_valid(world.size()));
        let in_order = cells
            .windows(2)
            .all(|pair| (pair[0].y, pair[0].x) < (pair[1].y, pair[1].x));
        (on_map && in_order).then(|| Self::at(world, cells))
    }

    fn at(world: &World, cells: Vec<ICoord>) -> Self {
        let count = cells.len();
        let rows = world.size().height() as i32;
        let row_starts = (0..=rows)
            .map(|y| cells.partition_point(|c| c.y < y) as u32)
            .collect();
        Self {
            cells,
            row_starts,
            maps: vec![0; count * MAP_LEN],
            neighbours: vec![
                Neighbours {
                    count: 0,
                    ids: [0; MAX_NEIGHBOURS],
                };
                count
            ],
            measured_at: vec![NEVER; count],
            queue: Vec::with_capacity(MAP_LEN),
        }
    }

    /// Measures the waypoint's map (and finds its neighbours) unless it stands for the ground
    /// as it is: call it before asking [`Waypoints::distance`] or [`Waypoints::neighbours`].
    ///
    /// Inlined, with the rest out of line: every wanderer asks each turn, and the map is
    /// nearly always as the ground is.
    #[inline]
    pub fn prepare(&mut self, world: &World, id: WaypointId) {
        if self.measured_at[id as usize] != world.ground_changes() {
            self.bring_up_to_date(world, id);
        }
    }

    #[inline(never)]
    fn bring_up_to_date(&mut self, world: &World, id: WaypointId) {
        let then = self.measured_at[id as usize];
        // The map is a flood within its window: ground changed beyond it leaves it right.
        let near = |then| world.ground_changed_near(then, self.cell(id), WAYPOINT_REACH + 1);
        if then == NEVER || near(then) {
            self.build(world, id);
        }
        self.measured_at[id as usize] = world.ground_changes();
    }

    /// The waypoints whose kept map differs from the flood over the ground as it is, among those
    /// [`Waypoints::prepare`] would leave as they are: each a stale cache, which a game played
    /// through would walk by where a loaded one, measuring afresh, would not (for the
    /// invariants; it measures every kept map again).
    pub fn stale(&self, world: &World) -> Vec<WaypointId> {
        let now = world.ground_changes();
        let mut map = vec![0; MAP_LEN];
        let mut queue = Vec::with_capacity(MAP_LEN);
        let mut stale = Vec::new();
        for id in 0..self.cells.len() as WaypointId {
            let then = self.measured_at[id as usize];
            let rebuilt_when_asked =
                then != now && world.ground_changed_near(then, self.cell(id), WAYPOINT_REACH + 1);
            if then == NEVER || rebuilt_when_asked {
                continue;
            }
            flood(world, self.cell(id), WAYPOINT_REACH, &mut map, &mut queue);
            let start = id as usize * MAP_LEN;
            if map[..] != self.maps[start..start + MAP_LEN] {
                stale.push(id);
            }
        }
        stale
    }

    /// [`Waypoints::prepare`] for a map measured before (brought up to date if the ground near
    /// it changed since); false for one never measured, which is left so.
    pub fn prepare_if_measured(&mut self, world: &World, id: WaypointId) -> bool {
        if self.measured_at[id as usize] == NEVER {
            return false;
        }
        self.prepare(world, id);
        true
    }

    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    /// Every waypoint's cell, by row then column.
    pub(crate) fn cells(&self) -> &[ICoord] {
        &self.cells
    }

    pub fn cell(&self, id: WaypointId) -> ICoord {
        self.cells[id as usize]
    }

    /// Bytes held, for the memory figure of docs/performance.md.
    pub fn heap_bytes(&self) -> usize {
        self.cells.capacity() * size_of::<ICoord>()
            + self.row_starts.capacity() * size_of::<u32>()
            + self.maps.capacity()
            + self.neighbours.capacity() * size_of::<Neighbours>()
            + self.measured_at.capacity() * size_of::<u64>()
            + self.queue.capacity() * size_of::<u32>()
    }

    /// Steps from `coord` to the waypoint, if within its map's reach (measured by
    /// [`Waypoints::prepare`]).
    pub fn distance(&self, id: WaypointId, coord: ICoord) -> Option<u32> {
        debug_assert!(
            self.measured_at[id as usize] != NEVER,
            "waypoint {id} not prepared"
        );
        let window = Window::new(self.cell(id), WAYPOINT_REACH);
        let distance = self.map(id)[window.index(coord)?];
        (distance != UNREACHED).then_some(u32::from(distance))
    }

    /// Steps to the waypoint from each cell beside `coord`, in `CardinalDirections`' order
    /// (None beyond its map's reach): what [`Waypoints::distance`] gives each of the four, with
    /// the map's window found once, as every wanderer's step asks all four. Inlined, as that
    /// caller reads the four at once.
    #[inline]
    pub fn around(&self, id: WaypointId, coord: ICoord) -> [Option<u32>; 4] {
        debug_assert!(
            self.measured_at[id as usize] != NEVER,
            "waypoint {id} not prepared"
        );
        let window = Window::new(self.cell(id), WAYPOINT_REACH);
        let map = self.map(id);
        let read = |index: usize| {
            let distance = map[index];
            (distance != UNREACHED).then_some(u32::from(distance))
        };
        let side = window.side();
        let local = coord - window.origin();
        let inner = 1..side - 1;
        if inner.contains(&local.x) && inner.contains(&local.y) {
            let index = (local.y * side + local.x) as usize;
            let side = side as usize;
            return [
                read(index - side),
                read(index + 1),
                read(index + side),
                read(index - 1),
            ];
        }
        self.around_at_edge(id, coord)
    }

    /// [`Waypoints::around`] for a cell on or beyond its window's edge, rare enough to be out of
    /// line.
    #[cold]
    #[inline(never)]
    fn around_at_edge(&self, id: WaypointId, coord: ICoord) -> [Option<u32>; 4] {
        let mut steps = [None; 4];
        for (step, direction) in steps.iter_mut().zip(CardinalDirections) {
            *step = self.distance(id, coord + direction.coord());
        }
        steps
    }

    /// The waypoints within reach of `id`, nearest first by index (found by
    /// [`Waypoints::prepare`]).
    pub fn neighbours(&self, id: WaypointId) -> &[WaypointId] {
        debug_assert!(
            self.measured_at[id as usize] != NEVER,
            "waypoint {id} not prepared"
        );
        let neighbours = &self.neighbours[id as usize];
        &neighbours.ids[..usize::from(neighbours.count)]
    }

    /// The waypoints whose cells lie in `window`, in index order.
    pub fn in_window(&self, window: Window) -> impl Iterator<Item = WaypointId> + '_ {
        let rows = self.row_starts.len() as i32 - 1;
        let top = window.origin().y.clamp(0, rows);
        let bottom = (window.origin().y + window.side()).clamp(top, rows);
        let left = window.origin().x;
        let right = left + window.side();
        (top..bottom).flat_map(move |y| {
            let first = self.row_starts[y as usize] as usize;
            let row = &self.cells[first..self.row_starts[y as usize + 1] as usize];
            let start = row.partition_point(|c| c.x < left);
            let inside = row[start..].iter().take_while(move |c| c.x < right).count();
            (first + start..first + start + inside).map(|i| i as WaypointId)
        })
    }

    fn map(&self, id: WaypointId) -> &[u8] {
        let start = id as usize * MAP_LEN;
        &self.maps[start..start + MAP_LEN]
    }

    /// Measures the waypoint's map and finds its neighbours.
    fn build(&mut self, world: &World, id: WaypointId) {
        let centre = self.cell(id);
        let start = id as usize * MAP_LEN;
        let map = &mut self.maps[start..start + MAP_LEN];
        flood(world, centre, WAYPOINT_REACH, map, &mut self.queue);
        let window = Window::new(centre, WAYPOINT_REACH);
        let mut found = Neighbours {
            count: 0,
            ids: [0; MAX_NEIGHBOURS],
        };
        for other in self.in_window(window) {
            let index = window.index(self.cells[other as usize]);
            let reached = index.is_some_and(|i| self.maps[start + i] != UNREACHED);
            if other != id && reached && usize::from(found.count) < MAX_NEIGHBOURS {
                found.ids[usize::from(found.count)] = other;
                found.count += 1;
            }
        }
        self.neighbours[id as usize] = found;
    }
}

/// Chooses the waypoints' cells, sorted by row then column.
fn place(world: &World) -> Vec<ICoord> {
    let size = world.size();
    let clearance = clearance(world);
    let mut covered = vec![false; size.count()];
    let mut distances = vec![UNREACHED; Window::len_for(COVER_STEPS)];
    let mut queue = Vec::with_capacity(distances.len());
    let mut cells = Vec::new();
    // The cells of each openness, in row order, most open first: one pass over the level in
    // place of one a level of openness (a 1000×1000 level is a million cells a pass).
    let mut by_clearance: Vec<u32> = (0..size.count() as u32)
        .filter(|&i| clearance[i as usize] > 0)
        .collect();
    by_clearance.sort_by_key(|&i| std::cmp::Reverse(clearance[i as usize]));
    let width = size.width() as i32;
    for i in by_clearance {
        if covered[i as usize] {
            continue;
        }
        let coord = ICoord::new(i as i32 % width, i as i32 / width);
        cells.push(coord);
        flood_lasting(world, coord, COVER_STEPS, &mut distances, &mut queue);
        let window = Window::new(coord, COVER_STEPS);
        for &j in &queue {
            covered[index_of(size, window.coord(j as usize))] = true;
        }
    }
    cells.sort_unstable_by_key(|c| (c.y, c.x));
    cells
}

fn index_of(size: UCoord, coord: ICoord) -> usize {
    coord.y as usize * size.width() as usize + coord.x as usize
}

/// For each cell, how many cells away the nearest wall (any cell not open in the level's
/// lasting shape) is along the worse axis (Chebyshev), capped at [`CLEARANCE_CAP`]; 0 for
/// walls. Two passes of a chamfer transform. A neighbour off the map counts as a wall; only the
/// border's cells have one, so the rest step by index.
fn clearance(world: &World) -> Vec<u8> {
    let size = world.size();
    let (width, height) = (size.width() as i32, size.height() as i32);
    let mut clearance: Vec<u8> = size
        .icoord_iter_row_major()
        .map(|c| {
            let ground = world.floorplan();
            match ground.is_lasting_open(ground.index(c)) {
                true => CLEARANCE_CAP,
                false => 0,
            }
        })
        .collect();
    let forward = [(-1, -1), (0, -1), (1, -1), (-1, 0)];
    let backward = [(1, 1), (0, 1), (-1, 1), (1, 0)];
    for y in 0..height {
        chamfer_row(&mut clearance, (width, height), y, forward, false);
    }
    for y in (0..height).rev() {
        chamfer_row(&mut clearance, (width, height), y, backward, true);
    }
    clearance
}

/// One row of a chamfer pass, in the pass's order (right to left if `reverse`). The border's
/// cells have neighbours off the map and are looked at by coordinate; the rest step by index.
fn chamfer_row(
    clearance: &mut [u8],
    (width, height): (i32, i32),
    y: i32,
    steps: [(i32, i32); 4],
    reverse: bool,
) {
    let offsets = steps.map(|(dx, dy)| (dy * width + dx) as isize);
    for i in 0..width {
        let x = if reverse { width - 1 - i } else { i };
        let index = (y * width + x) as isize;
        let border = x == 0 || y == 0 || x == width - 1 || y == height - 1;
        let nearest = match border {
            true => (steps.into_iter())
                .map(|(dx, dy)| (x + dx, y + dy))
                .map(
                    |(nx, ny)| match (0..width).contains(&nx) && (0..height).contains(&ny) {
                        true => clearance[(ny * width + nx) as usize],
                        // Off the map is a wall.
                        false => 0,
                    },
                )
                .min(),
            false => (offsets.into_iter())
                .map(|offset| clearance[(index + offset) as usize])
                .min(),
        };
        lower_to(clearance, index as usize, nearest.unwrap_or(0));
    }
}

/// The cell at `index` is at most one more than `nearest`.
fn lower_to(clearance: &mut [u8], index: usize, nearest: u8) {
    let cell = &mut clearance[index];
    *cell = (*cell).min(nearest.saturating_add(1));
}

#[cfg(test)]
mod tests {
    use coord_2d::UCoord;
    use rand::SeedableRng;
    use rand_isaac::Isaac64Rng;

    use super::*;
    use crate::content::profile_at;
    use crate::terrain::generate_by_profile;

    /// The steps from the cells beside a cell, read at once, are those read one cell at a time,
    /// in the order the directions come, for every waypoint and every cell round its window and
    /// its window's edge.
    #[test]
    fn the_steps_around_a_cell_are_each_neighbours_steps() {
        let size = UCoord::new(80, 30);
        let mut rng = Isaac64Rng::seed_from_u64(5);
        let terrain = generate_by_profile(size, 3, profile_at(3), &mut rng);
        let world = World::from_terrain(&terrain);
        let mut waypoints = Waypoints::new(&world);
        let reach = WAYPOINT_REACH as i32 + 1;
        let mut reached = 0;
        for id in 0..waypoints.len() as WaypointId {
            waypoints.prepare(&world, id);
            let centre = waypoints.cell(id);
            for y in centre.y - reach..=centre.y + reach {
                for x in centre.x - reach..=centre.x + reach {
                    let here = ICoord::new(x, y);
                    let one_by_one = direction::CardinalDirections
                        .into_iter()
                        .map(|d| waypoints.distance(id, here + d.coord()));
                    let around = waypoints.around(id, here);
                    assert!(one_by_one.eq(around), "waypoint {id}, cell {here:?}");
                    reached += around.iter().flatten().count();
                }
            }
        }
        assert!(reached > 10_000, "{reached} steps read");
    }

    /// The waypoints in a window are every waypoint whose cell is in it, in index order, for
    /// windows of each reach centred on every cell of the map and round it.
    #[test]
    fn a_windows_waypoints_are_those_whose_cells_it_holds() {
        let size = UCoord::new(120, 60);
        let mut rng = Isaac64Rng::seed_from_u64(3);
        let terrain = generate_by_profile(size, 5, profile_at(5), &mut rng);
        let waypoints = Waypoints::new(&World::from_terrain(&terrain));
        assert!(waypoints.len() > 20, "{} waypoints", waypoints.len());
        for reach in [0, 3, COVER_STEPS, WAYPOINT_REACH] {
            for y in -25..size.height() as i32 + 25 {
                for x in -25..size.width() as i32 + 25 {
                    let window = Window::new(ICoord::new(x, y), reach);
                    let found: Vec<WaypointId> = waypoints.in_window(window).collect();
                    let held: Vec<WaypointId> = (0..waypoints.len() as WaypointId)
                        .filter(|&id| window.index(waypoints.cell(id)).is_some())
                        .collect();
                    assert_eq!(found, held, "window of reach {reach} round ({x}, {y})");
                }
            }
        }
    }
}
