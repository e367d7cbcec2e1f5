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
//! waypoint's map is its window of one byte a cell (43×43 = 1849 bytes), built with the level
//! (a few microseconds each), so that no wanderer's turn pays for a flood.

use coord_2d::{ICoord, UCoord};

use super::local_map::{UNREACHED, Window, flood};
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
    maps: Vec<u8>,
    neighbours: Vec<Neighbours>,
}

impl Waypoints {
    pub fn new(world: &World) -> Self {
        let cells = place(world);
        let count = cells.len();
        let mut waypoints = Self {
            cells,
            maps: vec![0; count * MAP_LEN],
            neighbours: vec![
                Neighbours {
                    count: 0,
                    ids: [0; MAX_NEIGHBOURS],
                };
                count
            ],
        };
        let mut queue = Vec::with_capacity(MAP_LEN);
        for id in 0..count as WaypointId {
            waypoints.build(world, id, &mut queue);
        }
        waypoints
    }

    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    /// Every waypoint's cell, by row then column.
    #[cfg(feature = "testing")]
    pub(crate) fn cells(&self) -> &[ICoord] {
        &self.cells
    }

    pub fn cell(&self, id: WaypointId) -> ICoord {
        self.cells[id as usize]
    }

    /// Bytes held, for the memory figure of docs/performance.md.
    pub fn heap_bytes(&self) -> usize {
        self.cells.capacity() * size_of::<ICoord>()
            + self.maps.capacity()
            + self.neighbours.capacity() * size_of::<Neighbours>()
    }

    /// Steps from `coord` to the waypoint, if within its map's reach.
    pub fn distance(&self, id: WaypointId, coord: ICoord) -> Option<u32> {
        let window = Window::new(self.cell(id), WAYPOINT_REACH);
        let distance = self.map(id)[window.index(coord)?];
        (distance != UNREACHED).then_some(u32::from(distance))
    }

    /// The waypoints within reach of `id`, nearest first by index.
    pub fn neighbours(&self, id: WaypointId) -> &[WaypointId] {
        let neighbours = &self.neighbours[id as usize];
        &neighbours.ids[..usize::from(neighbours.count)]
    }

    /// The waypoints whose cells lie in `window`, in index order.
    pub fn in_window(&self, window: Window) -> impl Iterator<Item = WaypointId> + '_ {
        let top = window.origin().y;
        let left = window.origin().x;
        let right = left + window.side();
        (top..top + window.side()).flat_map(move |y| {
            let start = self.cells.partition_point(|c| (c.y, c.x) < (y, left));
            let end = self.cells.partition_point(|c| (c.y, c.x) < (y, right));
            (start..end).map(|i| i as WaypointId)
        })
    }

    fn map(&self, id: WaypointId) -> &[u8] {
        let start = id as usize * MAP_LEN;
        &self.maps[start..start + MAP_LEN]
    }

    /// Measures the waypoint's map and finds its neighbours.
    fn build(&mut self, world: &World, id: WaypointId, queue: &mut Vec<u32>) {
        let centre = self.cell(id);
        let start = id as usize * MAP_LEN;
        let map = &mut self.maps[start..start + MAP_LEN];
        flood(world, centre, WAYPOINT_REACH, map, queue);
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
    for level in (1..=CLEARANCE_CAP).rev() {
        for (i, coord) in size.icoord_iter_row_major().enumerate() {
            if clearance[i] != level || covered[i] {
                continue;
            }
            cells.push(coord);
            flood(world, coord, COVER_STEPS, &mut distances, &mut queue);
            let window = Window::new(coord, COVER_STEPS);
            for (j, &d) in distances.iter().enumerate() {
                if d != UNREACHED {
                    covered[index_of(size, window.coord(j))] = true;
                }
            }
        }
    }
    cells.sort_unstable_by_key(|c| (c.y, c.x));
    cells
}

fn index_of(size: UCoord, coord: ICoord) -> usize {
    coord.y as usize * size.width() as usize + coord.x as usize
}

/// For each cell, how many cells away the nearest wall is along the worse axis (Chebyshev),
/// capped at [`CLEARANCE_CAP`]; 0 for walls. Two passes of a chamfer transform.
fn clearance(world: &World) -> Vec<u8> {
    let size = world.size();
    let (width, height) = (size.width() as i32, size.height() as i32);
    let mut clearance: Vec<u8> = size
        .icoord_iter_row_major()
        .map(|c| {
            if world.blocks_walking(c) {
                0
            } else {
                CLEARANCE_CAP
            }
        })
        .collect();
    let at = |clearance: &[u8], x: i32, y: i32| -> u8 {
        if x < 0 || y < 0 || x >= width || y >= height {
            0
        } else {
            clearance[(y * width + x) as usize]
        }
    };
    for y in 0..height {
        for x in 0..width {
            let nearest = [(-1, -1), (0, -1), (1, -1), (-1, 0)]
                .iter()
                .map(|&(dx, dy)| at(&clearance, x + dx, y + dy))
                .min()
                .unwrap_or(0);
            let cell = &mut clearance[(y * width + x) as usize];
            *cell = (*cell).min(nearest.saturating_add(1));
        }
    }
    for y in (0..height).rev() {
        for x in (0..width).rev() {
            let nearest = [(1, 1), (0, 1), (-1, 1), (1, 0)]
                .iter()
                .map(|&(dx, dy)| at(&clearance, x + dx, y + dy))
                .min()
                .unwrap_or(0);
            let cell = &mut clearance[(y * width + x) as usize];
            *cell = (*cell).min(nearest.saturating_add(1));
        }
    }
    clearance
}
