//! Laying traps (`content/levels.ron`, `traps`): on plain floor in the open, away from the
//! arrival, each a kind drawn from the ground table's traps and hidden by the profile's odds.

use coord_2d::ICoord;
use grid_2d::Grid;
use rand::Rng;

use super::Ground;
use crate::balance;
use crate::content::{MachineKind, TrapOdds};

/// The profile's count of traps is for a level of this many cells (80×30); larger maps get
/// more by area.
const TRAPS_AREA: usize = 80 * 30;
/// No trap within this many steps of the arrival (Brogue's rule): the first steps on a level
/// are the player's to look round.
pub const TRAP_FREE_STEPS: u32 = 10;

/// Lays the level's traps on cells of `grid` not in `taken` (where monsters, items, the way on
/// and the vault stand), at least [`TRAP_FREE_STEPS`] from `arrival`. A trap lies only on
/// floor whose eight neighbours are open ground (no wall, door or water), and never beside
/// another: such a cell cuts no way, and a monster walking round it has room to.
pub(super) fn lay<R: Rng>(
    grid: &mut Grid<Ground>,
    odds: &TrapOdds,
    depth: u32,
    (arrival, taken): (ICoord, &[ICoord]),
    rng: &mut R,
) {
    let tries = odds.most as usize * (grid.size().count() / TRAPS_AREA).max(1);
    if tries == 0 {
        return;
    }
    // A machine's plates (a lair's webs) are its own, laid only by it.
    let a_machines = |kind: Ground| {
        MachineKind::all().any(|m| m.rules().parts.iter().any(|part| part.ground == kind))
    };
    let kinds: Vec<Ground> = Ground::all()
        .filter(|&kind| {
            let rules = kind.rules();
            rules.is_plain_trap()
                && !a_machines(kind)
                && rules
                    .pressure_plate
                    .is_some_and(|feature| depth < balance::FINAL_DEPTH || !feature.rules().drops)
        })
        .collect();
    if kinds.is_empty() {
        return;
    }
    let distances = super::reach::walking_distances(grid, arrival);
    let far_enough = |cell: ICoord| {
        distances
            .get(cell)
            .is_some_and(|d| d.is_some_and(|d| d >= TRAP_FREE_STEPS))
    };
    let mut free = Grid::new_copy(grid.size(), true);
    for &cell in taken {
        if let Some(free) = free.get_mut(cell) {
            *free = false;
        }
    }
    let mut open: Vec<ICoord> = grid
        .size()
        .icoord_iter_row_major()
        .filter(|&cell| free.get(cell) == Some(&true) && far_enough(cell))
        .filter(|&cell| open_all_round(grid, cell))
        .collect();
    for _ in 0..tries {
        if !rng.random_ratio(odds.chance.min(100), 100) {
            continue;
        }
        // A cell beside a trap laid since the list was made is no longer open all round.
        let Some(at) = (0..open.len()).find_map(|_| {
            let at = open.swap_remove(rng.random_range(0..open.len()));
            open_all_round(grid, at).then_some(at)
        }) else {
            continue;
        };
        let kind = kinds[rng.random_range(0..kinds.len())];
        let hidden = rng.random_ratio(odds.hidden.min(100), 100);
        *grid.get_checked_mut(at) = match hidden {
            true => hidden_as(kind).unwrap_or(kind),
            false => kind,
        };
    }
}

/// Plain floor with open ground on all eight sides: nothing that stops feet, no door, no
/// secret, no trap.
fn open_all_round(grid: &Grid<Ground>, cell: ICoord) -> bool {
    if grid.get(cell) != Some(&Ground::FLOOR) {
        return false;
    }
    (-1..=1).all(|dy| {
        (-1..=1).all(|dx| {
            grid.get(cell + ICoord::new(dx, dy)).is_some_and(|ground| {
                let rules = ground.rules();
                !rules.blocks_walking
                    && !rules.door
                    && rules.found_as.is_none()
                    && rules.pressure_plate.is_none()
            })
        })
    })
}

/// The hidden kind that is found as `kind`, if the table has one.
fn hidden_as(kind: Ground) -> Option<Ground> {
    Ground::all().find(|hidden| hidden.rules().found_as == Some(kind))
}
