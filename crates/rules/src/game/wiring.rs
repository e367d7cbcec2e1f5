//! How the level is wired (Brogue's machines, seen from above): which cell sets off which
//! machine and how, which cells answer when it goes off, and where the traps lie. For the
//! debug wiring view and state dumps; play never asks.

use coord_2d::ICoord;

use super::Game;
use crate::content::Trigger;

/// What one cell does in the level's wiring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wire {
    /// Sets machine `machine` (its index on the level) off, by `trigger`; `hidden` until a
    /// search finds it (a lever in the wall).
    SetsOff {
        machine: usize,
        trigger: Trigger,
        hidden: bool,
    },
    /// Changes when machine `machine` goes off, or of itself once it has: it becomes other
    /// ground, lets a feature loose, or crumbles, floods or drains a turn at a time.
    Answers { machine: usize },
    /// A cell of machine `machine` with no part in its wiring: the floor it fills.
    Part { machine: usize },
    /// A trap: a step onto it, or an item landing on it, lets its feature loose here.
    Trap { hidden: bool },
}

impl Game {
    /// Every wired cell of the level: each machine's cells in the machines' order, then the
    /// traps row by row.
    pub fn wiring(&self) -> Vec<(ICoord, Wire)> {
        let mut wires = Vec::new();
        for (machine, built) in self.world.machines().iter().enumerate() {
            for &cell in &built.cells {
                let ground = self.world.ground_at(cell);
                let found = ground.as_found();
                let wire = match found.rules().signals {
                    Some(trigger) => Wire::SetsOff {
                        machine,
                        trigger,
                        hidden: found != ground,
                    },
                    None if self.world.answers_signal(cell) => Wire::Answers { machine },
                    None => Wire::Part { machine },
                };
                wires.push((cell, wire));
            }
        }
        let traps = (self.world.size().icoord_iter_row_major()).filter_map(|cell| {
            let rules = self.world.ground_at(cell).rules();
            let hidden = rules.found_as.is_some();
            rules.pressure_plate.map(|_| (cell, Wire::Trap { hidden }))
        });
        wires.extend(traps);
        wires
    }
}
