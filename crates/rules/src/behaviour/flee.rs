//! Fleeing along a safety map, as Brogue and the "Dijkstra maps" article describe: the distances
//! from the player, multiplied by -1.2 and rescanned so that every cell is at most one step's cost
//! worse than its best neighbour. Descending it leads away from the player.
//!
//! On its own that map leads into the deepest dead end in reach, where the NPC is caught. So
//! before the rescan, dead ends are peeled off (cells with one open neighbour, repeatedly, as a
//! corridor is eaten back to its junction) and get no value of their own: only what the rescan
//! gives them from their mouth, which rises the further in they go. Loops and rooms survive the
//! peeling, so a chased NPC runs round a loop, where it can keep running, and never backs into a
//! dead end: inside one it heads for the mouth, and where nothing but dead ends lies within
//! reach (every cell peeled, nothing seeded) no step is safer and it fights as if cornered.

use coord_2d::ICoord;
use direction::{CardinalDirection, CardinalDirections};
use grid_search_cardinal::distance_map::DistanceMap;

use super::local_map::Window;
use crate::world::World;

/// Distance from the player counts -1.2 per step (as -12 against a step cost of 10): more than
/// one, so a cell further away is worth a step or two of detour, not a walk into a dead end.
const DISTANCE_WEIGHT: i32 = -12;
const STEP_COST: i32 = 10;
/// The cells beside `index` in a square window `side` cells wide, each once.
fn neighbours(side: usize, index: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (index % side, index / side);
    [
        (y > 0).then(|| index - side),
        (x + 1 < side).then(|| index + 1),
        (y + 1 < side).then(|| index + side),
        (x > 0).then(|| index - 1),
    ]
    .into_iter()
    .flatten()
}

/// Cells outside the map towards the player; open ground beyond it is safer than anything on it.
const OUTSIDE: i32 = i32::MAX;
/// A dead-end cell before the rescan reaches it.
const PEELED: i32 = i32::MAX - 1;

pub struct SafetyMap {
    reach: u32,
    built_for: Option<ICoord>,
    values: Vec<i32>,
    /// Each cell's steps from the player on the player's map (`u8::MAX` off it), for sorting.
    distances: Vec<u8>,
    /// The rescan's queue, in two sorted parts that are merged as they are read (a bucket
    /// queue, as every step costs the same): the seeds, ordered by their distance from the
    /// player by counting (`seed_starts`), and the cells improved since, which join at the back
    /// in order because each costs one step more than the cell just taken.
    seeds: Vec<(i32, u32)>,
    seed_starts: Vec<u32>,
    improved: Vec<(i32, u32)>,
    /// Scratch for peeling: open neighbours not yet peeled, and cells to peel.
    degrees: Vec<u8>,
    peel: Vec<u32>,
}

impl SafetyMap {
    /// A map covering the cells within `reach` of the player (the reach of its distance map).
    pub fn new(reach: u32) -> Self {
        let len = Window::len_for(reach);
        Self {
            reach,
            built_for: None,
            values: vec![OUTSIDE; len],
            distances: vec![u8::MAX; len],
            seeds: vec![(0, 0); len],
            seed_starts: vec![0; reach as usize + 2],
            // Each cell is improved at most once per neighbour.
            improved: Vec::with_capacity(4 * len),
            degrees: vec![0; len],
            peel: Vec::with_capacity(len),
        }
    }

    /// Rebuilds the map unless it was built for the player standing at `player` already:
    /// walls never change, so the map depends on nothing else.
    pub fn prepare(&mut self, world: &World, player: ICoord, player_map: &DistanceMap) {
        if self.built_for == Some(player) {
            return;
        }
        let window = Window::new(player, self.reach);
        let side = window.side();
        let mut index = 0;
        for y in 0..side {
            for x in 0..side {
                let coord = window.origin() + ICoord::new(x, y);
                let distance = player_map.distance(coord);
                self.values[index] = distance.map_or(OUTSIDE, |d| DISTANCE_WEIGHT * d as i32);
                self.distances[index] = distance.map_or(u8::MAX, |d| d as u8);
                index += 1;
            }
        }
        self.peel_dead_ends(world, window);
        self.sort_seeds();
        self.rescan(window);
        self.built_for = Some(player);
    }

    /// The cells that keep a value of their own, safest (furthest from the player) first, by
    /// counting their distances, so that no turn sorts or allocates.
    fn sort_seeds(&mut self) {
        let reach = self.reach as usize;
        let seeded = |values: &[i32], distances: &[u8], index: usize| {
            (values[index] < PEELED).then(|| reach - usize::from(distances[index]))
        };
        self.seed_starts.fill(0);
        for index in 0..self.values.len() {
            if let Some(rank) = seeded(&self.values, &self.distances, index) {
                self.seed_starts[rank + 1] += 1;
            }
        }
        for i in 1..self.seed_starts.len() {
            self.seed_starts[i] += self.seed_starts[i - 1];
        }
        for index in 0..self.values.len() {
            if let Some(rank) = seeded(&self.values, &self.distances, index) {
                let slot = &mut self.seed_starts[rank];
                self.seeds[*slot as usize] = (self.values[index], index as u32);
                *slot += 1;
            }
        }
    }

    /// Dijkstra's rescan: every cell at most one step's cost worse than its best neighbour.
    /// The seeds (`seed_starts` now holds where each distance's run ends, the last the count)
    /// and the improved cells are each in order of value, so the next cell is the lesser head.
    fn rescan(&mut self, window: Window) {
        let window = window.side() as usize;
        let seed_count = self.seed_starts[self.reach as usize] as usize;
        self.improved.clear();
        let (mut next_seed, mut next_improved) = (0, 0);
        loop {
            // A seed keeps the value it was sorted by: one improved since is skipped below, as
            // its improvement is queued on its own.
            let seed = self.seeds[..seed_count].get(next_seed).copied();
            let improved = self.improved.get(next_improved).copied();
            let (value, index) = match (seed, improved) {
                (Some(s), Some(i)) if i.0 < s.0 => {
                    next_improved += 1;
                    i
                }
                (Some(s), _) => {
                    next_seed += 1;
                    s
                }
                (None, Some(i)) => {
                    next_improved += 1;
                    i
                }
                (None, None) => return,
            };
            if value > self.values[index as usize] {
                continue;
            }
            let offered = value + STEP_COST;
            for n in neighbours(window, index as usize) {
                if self.values[n] != OUTSIDE && offered < self.values[n] {
                    self.values[n] = offered;
                    self.improved.push((offered, n as u32));
                }
            }
        }
    }

    /// Marks every cell of a dead end [`PEELED`]. Open cells beyond the map count as neighbours
    /// that are never peeled: a corridor leading out of reach is a way out, not a dead end.
    fn peel_dead_ends(&mut self, world: &World, window: Window) {
        self.peel.clear();
        let side = window.side() as usize;
        for index in 0..self.values.len() {
            if self.values[index] == OUTSIDE {
                continue;
            }
            let coord = window.coord(index);
            let open = CardinalDirections
                .into_iter()
                .filter(|d| !world.is_wall(coord + d.coord()))
                .count() as u8;
            self.degrees[index] = open;
            if open <= 1 {
                self.peel.push(index as u32);
            }
        }
        let mut next = 0;
        while let Some(&index) = self.peel.get(next) {
            next += 1;
            self.values[index as usize] = PEELED;
            for n in neighbours(side, index as usize) {
                if self.values[n] >= PEELED {
                    continue;
                }
                self.degrees[n] -= 1;
                if self.degrees[n] == 1 {
                    self.peel.push(n as u32);
                }
            }
        }
    }

    /// How safe a cell is (lower is safer); open cells off the map count as safest of all.
    fn value(&self, world: &World, coord: ICoord) -> Option<i32> {
        if world.is_wall(coord) {
            return None;
        }
        let player = self.built_for?;
        let index = Window::new(player, self.reach).index(coord);
        match index.map(|i| self.values[i]) {
            Some(OUTSIDE) | None => Some(i32::MIN),
            Some(value) => Some(value),
        }
    }

    /// The free neighbouring cell that is safer than `here`, the safest first; none when `here`
    /// is as safe as it gets (off the map, or cornered).
    pub fn safer_step(&self, world: &World, here: ICoord) -> Option<CardinalDirection> {
        let current = self.value(world, here)?;
        if current == i32::MIN {
            return None;
        }
        CardinalDirections
            .into_iter()
            .filter(|d| world.can_npc_enter(here + d.coord()))
            .filter_map(|d| Some((self.value(world, here + d.coord())?, d)))
            .filter(|&(value, _)| value < current)
            .min_by_key(|&(value, _)| value)
            .map(|(_, direction)| direction)
    }
}
