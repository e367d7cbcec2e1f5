//! Distances over open ground from one cell, kept only in a square window round it.
//!
//! grid_search_cardinal's distance maps cover the whole level at 16 bytes a cell (16 MB on a
//! 1000×1000 map), which is right for the one map everybody shares, towards the player. Maps of
//! bounded reach (a noise, a searched cell, a waypoint) only ever hold the cells within their
//! reach, so they keep one byte per cell of their window: a few hundred bytes to a few KB each.

use coord_2d::ICoord;
use direction::{CardinalDirection, CardinalDirections};

use crate::world::{Floorplan, World};

/// The distance stored for a cell the flood did not reach.
pub const UNREACHED: u8 = u8::MAX;

/// The square of cells within `reach` steps (along either axis) of a centre.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    origin: ICoord,
    side: i32,
}

impl Window {
    pub fn new(centre: ICoord, reach: u32) -> Self {
        let reach = reach as i32;
        Self {
            origin: centre - ICoord::new(reach, reach),
            side: 2 * reach + 1,
        }
    }

    /// Cells in a window of this reach.
    pub const fn len_for(reach: u32) -> usize {
        let side = 2 * reach as usize + 1;
        side * side
    }

    pub fn index(&self, coord: ICoord) -> Option<usize> {
        let local = coord - self.origin;
        let inside = (0..self.side).contains(&local.x) && (0..self.side).contains(&local.y);
        inside.then(|| (local.y * self.side + local.x) as usize)
    }

    pub fn coord(&self, index: usize) -> ICoord {
        let index = index as i32;
        self.origin + ICoord::new(index % self.side, index / self.side)
    }

    pub fn origin(&self) -> ICoord {
        self.origin
    }

    pub fn centre(&self) -> ICoord {
        let half = self.side / 2;
        self.origin + ICoord::new(half, half)
    }

    pub fn side(&self) -> i32 {
        self.side
    }
}

/// Turns a window's indices into the map's (of the cells on the map) without a division:
/// floods ask it of every cell they take, and a division by the window's side there cost more
/// than the rest of the step.
#[derive(Debug, Clone, Copy)]
pub struct MapIndex {
    origin: isize,
    /// From the end of one row of the window to the start of the next, on the map.
    row_gap: isize,
    /// 2^32 / side, rounded up: `index * reciprocal >> 32` is `index / side` for every index
    /// of the window (exact while index × side < 2^32, so for sides under 1,600).
    reciprocal: u64,
}

impl MapIndex {
    pub fn new(ground: Floorplan, window: Window) -> Self {
        let side = window.side() as u64;
        debug_assert!(side * side * side < 1 << 32);
        Self {
            origin: ground.index(window.origin()),
            row_gap: ground.steps()[2] - side as isize,
            reciprocal: (1 << 32) / side + 1,
        }
    }

    /// The map's index of the window's cell `index`.
    pub fn of(&self, index: u32) -> isize {
        let row = ((u64::from(index) * self.reciprocal) >> 32) as isize;
        self.origin + index as isize + row * self.row_gap
    }
}

/// Fills `distances` (one byte per cell of the window of `reach` round `centre`) with the steps
/// from `centre` over open ground, up to `reach`; everything else is [`UNREACHED`]. `queue` is
/// scratch: with room for the whole window it never grows. Afterwards it holds the cells
/// reached, nearest first.
///
/// A cell taken from the queue is at most `reach - 1` steps from the centre, so its neighbours
/// are inside the window; and (but for the centre) it is open ground, so its neighbours are on
/// the map. Past the centre the flood steps by index alone, as every map NPCs use is one.
pub fn flood(
    world: &World,
    centre: ICoord,
    reach: u32,
    distances: &mut [u8],
    queue: &mut Vec<u32>,
) {
    flood_in(world, Window::new(centre, reach), reach, distances, queue);
}

/// [`flood`] over the level's lasting shape (see `Floorplan::is_lasting_open`): where waypoints
/// are placed.
pub fn flood_lasting(
    world: &World,
    centre: ICoord,
    reach: u32,
    distances: &mut [u8],
    queue: &mut Vec<u32>,
) {
    let window = Window::new(centre, reach);
    let ground = world.floorplan();
    let lasting =
        |coord: ICoord| coord.is_valid(world.size()) && ground.is_lasting_open(ground.index(coord));
    flood_by(
        world,
        window,
        reach,
        (distances, queue),
        lasting,
        |ground, index| ground.is_lasting_open(index),
    );
}

/// [`flood`] from the centre of `window`, which may reach further than the flood does.
pub fn flood_in(
    world: &World,
    window: Window,
    reach: u32,
    distances: &mut [u8],
    queue: &mut Vec<u32>,
) {
    let walkable = |coord: ICoord| !world.blocks_walking(coord);
    flood_by(
        world,
        window,
        reach,
        (distances, queue),
        walkable,
        |ground, index| ground.is_open(index),
    );
}

/// The flood of [`flood_in`] over the cells `open_at` (asked by coordinate, of the centre's
/// neighbours, which may be off the map) and `open` (asked by index, of every other cell).
fn flood_by(
    world: &World,
    window: Window,
    reach: u32,
    (distances, queue): (&mut [u8], &mut Vec<u32>),
    open_at: impl Fn(ICoord) -> bool,
    open: impl Fn(Floorplan, isize) -> bool,
) {
    debug_assert!(reach < u32::from(UNREACHED));
    debug_assert!(window.side() > 2 * reach as i32);
    let centre = window.centre();
    distances.fill(UNREACHED);
    queue.clear();
    let start = window
        .index(centre)
        .expect("the centre is inside its window");
    distances[start] = 0;
    queue.push(start as u32);
    if reach == 0 {
        return;
    }
    // The centre may be a wall or on the map's edge: its neighbours are asked by coordinate.
    for direction in CardinalDirections {
        let neighbour = centre + direction.coord();
        if let Some(n) = window.index(neighbour)
            && open_at(neighbour)
        {
            distances[n] = 1;
            queue.push(n as u32);
        }
    }
    spread(
        world.floorplan(),
        window,
        reach,
        (distances, queue),
        1,
        open,
    );
}

/// Carries a flood on from the cells queued from `next` on, in order, each to its open
/// neighbours not yet reached, up to `reach` steps. Every cell taken is open ground within
/// the window's reach less one of its centre (or the flood's sources are), so its neighbours
/// are in the window and on the map, and it steps by index.
pub fn spread(
    ground: Floorplan,
    window: Window,
    reach: u32,
    (distances, queue): (&mut [u8], &mut Vec<u32>),
    mut next: usize,
    open: impl Fn(Floorplan, isize) -> bool,
) {
    let side = window.side() as isize;
    let in_window = [-side, 1, side, -1];
    let on_map = ground.steps();
    let map_index = MapIndex::new(ground, window);
    while let Some(&index) = queue.get(next) {
        next += 1;
        let distance = distances[index as usize];
        if u32::from(distance) >= reach {
            continue;
        }
        let cell = map_index.of(index);
        for (step, map_step) in in_window.into_iter().zip(on_map) {
            let n = (index as isize + step) as usize;
            if distances[n] == UNREACHED && open(ground, cell + map_step) {
                distances[n] = distance + 1;
                queue.push(n as u32);
            }
        }
    }
}

/// One reusable map of bounded reach, remembering which cell it leads to. It is measured a
/// layer of equal distance at a time, and only as far as asked: an NPC heading for the goal
/// reads the cells nearer the goal than it stands, and the next turn, a step nearer, needs no
/// more than it had.
#[derive(Debug, Clone)]
pub struct LocalMap {
    reach: u32,
    goal: Option<ICoord>,
    /// The world's count of ground changes when it was measured.
    ground: u64,
    /// Every cell within this many steps of the goal is measured, none beyond.
    measured: u32,
    /// Where in `queue` the cells `measured` steps from the goal begin: the layer to spread to
    /// measure one step more.
    layer_start: usize,
    distances: Vec<u8>,
    queue: Vec<u32>,
}

impl LocalMap {
    pub fn new(reach: u32) -> Self {
        let len = Window::len_for(reach);
        Self {
            reach,
            goal: None,
            ground: 0,
            measured: 0,
            layer_start: 0,
            distances: vec![UNREACHED; len],
            queue: Vec::with_capacity(len),
        }
    }

    /// Measures distances to `goal` over open ground to the map's whole reach, unless the map
    /// already leads there over the ground as it is: a map stays right for its goal until a
    /// door is found or opened or cages fall.
    pub fn lead_to(&mut self, world: &World, goal: ICoord) {
        self.start(world, goal);
        self.measure_to(world, self.reach);
    }

    /// [`LocalMap::lead_to`], but measured only as far as `from` and at least `at_least` steps
    /// (to the whole reach if `from` is not within it): `from`'s distance, whether a step from
    /// it leads nearer the goal, and which of its neighbours are within `at_least` steps (or
    /// `from`'s own distance) read the same as on the whole map.
    pub fn lead_from(&mut self, world: &World, goal: ICoord, from: ICoord, at_least: u32) {
        self.start(world, goal);
        let window = Window::new(goal, self.reach);
        let from = window.index(from);
        loop {
            let needed = match from.map(|index| self.distances[index]) {
                Some(distance) if distance != UNREACHED => u32::from(distance).max(at_least),
                _ => self.reach,
            };
            if self.measured >= needed.min(self.reach) {
                return;
            }
            self.measure_layer(world, window);
        }
    }

    /// Starts measuring afresh unless the map leads to `goal` over the ground as it is: the goal
    /// and the cells beside it, as the whole flood lays them (its neighbours asked by
    /// coordinate, as it may be a wall or on the map's edge).
    fn start(&mut self, world: &World, goal: ICoord) {
        if self.goal == Some(goal) && self.ground == world.ground_changes() {
            return;
        }
        self.goal = Some(goal);
        self.ground = world.ground_changes();
        self.measured = self.reach.min(1);
        self.layer_start = 1;
        flood_by(
            world,
            Window::new(goal, self.reach),
            self.measured,
            (&mut self.distances, &mut self.queue),
            |coord| !world.blocks_walking(coord),
            |ground, index| ground.is_open(index),
        );
    }

    /// Measures every cell within `steps` of the goal (no further than the map's reach).
    fn measure_to(&mut self, world: &World, steps: u32) {
        let window = Window::new(
            self.goal.expect("a map is started before it is measured"),
            self.reach,
        );
        while self.measured < steps.min(self.reach) {
            self.measure_layer(world, window);
        }
    }

    /// Measures one step further from the goal (`window` is the goal's): the cells of the last
    /// layer measured are queued from `layer_start` on, and spreading them one step lays the
    /// next, queued but not spread.
    fn measure_layer(&mut self, world: &World, window: Window) {
        let next_layer = self.queue.len();
        self.measured += 1;
        spread(
            world.floorplan(),
            window,
            self.measured,
            (&mut self.distances, &mut self.queue),
            self.layer_start,
            |ground, index| ground.is_open(index),
        );
        self.layer_start = next_layer;
    }

    /// Measures the steps from `centre` over open ground as [`LocalMap::lead_to`] does, but only
    /// as far as the nearest of `targets`: every cell nearer than it and every target as near
    /// are measured, nothing beyond (a wanderer choosing its first waypoint needs no more, and
    /// on a level of thousands the whole flood was most of their first turn). The nearest
    /// target's distance, if one is within reach.
    pub fn lead_to_nearest(
        &mut self,
        world: &World,
        centre: ICoord,
        targets: impl Iterator<Item = ICoord> + Clone,
    ) -> Option<u32> {
        let window = Window::new(centre, self.reach);
        // Measured afresh: the map last measured for `centre` may reach further than the
        // nearest target, and a target further than that nearest is not asked for.
        self.goal = None;
        self.start(world, centre);
        let reached = |distances: &[u8], layer: u32| {
            (targets.clone())
                .filter_map(|target| window.index(target))
                .any(|index| u32::from(distances[index]) <= layer)
        };
        for layer in 0..=self.reach {
            self.measure_to(world, layer);
            if reached(&self.distances, layer) {
                return Some(layer);
            }
        }
        None
    }

    pub fn distance(&self, coord: ICoord) -> Option<u32> {
        let window = Window::new(self.goal?, self.reach);
        let distance = self.distances[window.index(coord)?];
        (distance != UNREACHED).then_some(u32::from(distance))
    }

    /// A step from `coord` one cell nearer the goal onto a free cell, if there is one.
    pub fn step_towards_goal(&self, world: &World, coord: ICoord) -> Option<CardinalDirection> {
        let distance = self.distance(coord)?;
        CardinalDirections.into_iter().find(|d| {
            let next = coord + d.coord();
            self.distance(next) == Some(distance.wrapping_sub(1)) && world.can_npc_enter(next)
        })
    }
}

/// A few maps of one reach, kept by goal. Searchers heading for different cells take turns each
/// turn; with one shared map each would measure its goal afresh every turn. The least recently
/// measured map gives way to a new goal.
pub struct LocalMaps {
    maps: Vec<LocalMap>,
    current: usize,
    next: usize,
}

impl LocalMaps {
    pub fn new(count: usize, reach: u32) -> Self {
        Self {
            maps: (0..count.max(1)).map(|_| LocalMap::new(reach)).collect(),
            current: 0,
            next: 0,
        }
    }

    /// Makes [`LocalMaps::current`] the map that leads to `goal`, measured as far as `from` and
    /// at least `at_least` steps (see [`LocalMap::lead_from`]); a map for another goal gives way
    /// if none leads there.
    pub fn lead_from(&mut self, world: &World, goal: ICoord, from: ICoord, at_least: u32) {
        self.current = match self.maps.iter().position(|m| m.goal == Some(goal)) {
            // Measured again if the ground has changed since.
            Some(kept) => kept,
            None => {
                let oldest = self.next;
                self.next = (self.next + 1) % self.maps.len();
                oldest
            }
        };
        self.maps[self.current].lead_from(world, goal, from, at_least);
    }

    /// The map the last [`LocalMaps::lead_from`] chose.
    pub fn current(&self) -> &LocalMap {
        &self.maps[self.current]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A map measured only as far as an NPC stands reads, for that NPC, as the whole map does:
    /// its distance, its step nearer the goal and which of its neighbours lie within what it
    /// asked; and nothing beyond it is measured. Asked again from further away, the same map
    /// measures on and still agrees; asked from beyond its reach, it is measured whole.
    #[test]
    fn a_map_measured_as_far_as_an_npc_stands_reads_as_the_whole_map() {
        let rows = [
            "##################",
            "#1.....#.........#",
            "#.####.#.######..#",
            "#.#..#...#....#..#",
            "#.#2.####.#3#.#..#",
            "#.#..#....#.#....#",
            "#....#.####.####.#",
            "####.#.....4.....#",
            "#......#########.#",
            "#.####.......5..@#",
            "##################",
        ];
        let (terrain, labels) = crate::terrain::from_ascii(&rows).expect("a map");
        let world = World::from_terrain(&terrain);
        let at = |label| {
            labels
                .iter()
                .find(|&&(c, _)| c == label)
                .expect("labelled")
                .1
        };
        let reach = 12;
        for goal in ['1', '2', '3', '4', '5'].map(at) {
            let mut whole = LocalMap::new(reach);
            whole.lead_to(&world, goal);
            let mut resumed = LocalMap::new(reach);
            let asks = [('4', 0), ('2', 3), ('5', 1), ('1', 0), ('3', 5), ('2', 4)];
            for (from, at_least) in asks {
                let from = at(from);
                resumed.lead_from(&world, goal, from, at_least);
                let mut fresh = LocalMap::new(reach);
                fresh.lead_from(&world, goal, from, at_least);
                for lazy in [&resumed, &fresh] {
                    let asked = whole.distance(from).map_or(reach, |d| d.max(at_least));
                    let said = |map: &LocalMap| {
                        let within = (world.size().icoord_iter_row_major())
                            .map(|cell| map.distance(cell).filter(|&d| d <= asked))
                            .collect::<Vec<_>>();
                        (map.step_towards_goal(&world, from), within)
                    };
                    assert_eq!(said(lazy), said(&whole), "{goal:?} {from:?}");
                    let beyond = (world.size().icoord_iter_row_major())
                        .any(|cell| lazy.distance(cell).is_some_and(|d| d > lazy.measured));
                    assert!(!beyond, "{goal:?} {from:?}");
                }
            }
        }
    }

    /// Every cell of a window that lies on the map is found where the map keeps it, for
    /// windows of every reach the NPCs' maps use and wider, at the map's corners too.
    #[test]
    fn a_windows_cells_are_found_on_the_map_without_dividing() {
        let (width, height) = (300, 200);
        let mut rows = vec!["#".repeat(width)];
        rows.extend((2..height).map(|_| format!("#{}#", ".".repeat(width - 2))));
        rows.push("#".repeat(width));
        rows[1].replace_range(1..2, "@");
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (terrain, _) = crate::terrain::from_ascii(&rows).expect("a map");
        let world = World::from_terrain(&terrain);
        let ground = world.floorplan();
        let centres = [(0, 0), (150, 100), (299, 199), (40, 7)];
        for reach in [0, 1, 10, 20, 21, 30, 41, 99] {
            for (x, y) in centres {
                let window = Window::new(ICoord::new(x, y), reach);
                let map_index = MapIndex::new(ground, window);
                for index in 0..Window::len_for(reach) {
                    let coord = window.coord(index);
                    if coord.is_valid(world.size()) {
                        let expected = ground.index(coord);
                        assert_eq!(map_index.of(index as u32), expected, "{coord:?}, {reach}");
                    }
                }
            }
        }
    }
}
