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

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use coord_2d::ICoord;
use direction::{CardinalDirection, CardinalDirections};
use grid_search_cardinal::distance_map::DistanceMap;

use super::local_map::Window;
use crate::world::World;

/// Distance from the player counts -1.2 per step (as -12 against a step cost of 10): more than
/// one, so a cell further away is worth a step or two of detour, not a walk into a dead end.
const DISTANCE_WEIGHT: i32 = -12;
const STEP_COST: i32 = 10;
/// Cells outside the map towards the player; open ground beyond it is safer than anything on it.
const OUTSIDE: i32 = i32::MAX;
/// A dead-end cell before the rescan reaches it.
const PEELED: i32 = i32::MAX - 1;

pub struct SafetyMap {
    reach: u32,
    built_for: Option<ICoord>,
    values: Vec<i32>,
    heap: BinaryHeap<Reverse<(i32, u32)>>,
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
            // Each cell is pushed once as a seed and at most once per neighbour that improves it.
            heap: BinaryHeap::with_capacity(5 * len),
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
        for (index, value) in self.values.iter_mut().enumerate() {
            *value = match player_map.distance(window.coord(index)) {
                Some(distance) => DISTANCE_WEIGHT * distance as i32,
                None => OUTSIDE,
            };
        }
        self.peel_dead_ends(world, window);
        self.heap.clear();
        for (index, &value) in self.values.iter().enumerate() {
            if value < PEELED {
                self.heap.push(Reverse((value, index as u32)));
            }
        }
        while let Some(Reverse((value, index))) = self.heap.pop() {
            if value > self.values[index as usize] {
                continue;
            }
            let coord = window.coord(index as usize);
            for direction in CardinalDirections {
                let Some(n) = window.index(coord + direction.coord()) else {
                    continue;
                };
                let offered = value + STEP_COST;
                if self.values[n] != OUTSIDE && offered < self.values[n] {
                    self.values[n] = offered;
                    self.heap.push(Reverse((offered, n as u32)));
                }
            }
        }
        self.built_for = Some(player);
    }

    /// Marks every cell of a dead end [`PEELED`]. Open cells beyond the map count as neighbours
    /// that are never peeled: a corridor leading out of reach is a way out, not a dead end.
    fn peel_dead_ends(&mut self, world: &World, window: Window) {
        self.peel.clear();
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
            let coord = window.coord(index as usize);
            for direction in CardinalDirections {
                let Some(n) = window.index(coord + direction.coord()) else {
                    continue;
                };
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
