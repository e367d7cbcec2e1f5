//! Fleeing along a safety map, as Brogue and the "Dijkstra maps" article describe: the distances
//! from the player, multiplied by -1.2 and rescanned so that every cell is at most one step's cost
//! worse than its best neighbour. Descending it leads away from the player, and because a dead
//! end's far cells are rescanned to values no better than its mouth, it prefers open ground and
//! loops, where a chased NPC can keep running, to corners where it would be caught.

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

pub struct SafetyMap {
    reach: u32,
    built_for: Option<ICoord>,
    values: Vec<i32>,
    heap: BinaryHeap<Reverse<(i32, u32)>>,
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
        }
    }

    /// Rebuilds the map unless it was built for the player standing at `player` already:
    /// walls never change, so the map depends on nothing else.
    pub fn prepare(&mut self, player: ICoord, player_map: &DistanceMap) {
        if self.built_for == Some(player) {
            return;
        }
        let window = Window::new(player, self.reach);
        self.heap.clear();
        for (index, value) in self.values.iter_mut().enumerate() {
            *value = match player_map.distance(window.coord(index)) {
                Some(distance) => {
                    let seed = DISTANCE_WEIGHT * distance as i32;
                    self.heap.push(Reverse((seed, index as u32)));
                    seed
                }
                None => OUTSIDE,
            };
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
