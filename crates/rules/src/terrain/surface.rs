//! The surface: grass on the floor of many caves and some rooms, dead grass among it the deeper
//! the level, by the level profile's `grass` chances. Grown after the light (a cave's fungus
//! keeps its cells) on bare floor alone, so nothing else about the level depends on it.

use grid_2d::Grid;
use rand::Rng;

use super::designs::DesignKind;
use super::{Ground, Room, patches};
use crate::content::{GasHarm, GasKind, Grass};

/// A cave grows this many patches, a room this many.
const PATCHES_PER_CAVE: (u32, u32) = (2, 4);
const PATCHES_PER_ROOM: (u32, u32) = (1, 2);
/// A patch is grown over up to this many steps from its first cell: large enough that a fire
/// has somewhere to run, small enough that a cave keeps bare floor to stand on.
const PATCH_STEPS: (u32, u32) = (8, 24);
/// A cavern (a cave filling most of the level) has a patch for every this many of its cells.
const CAVERN_CELLS_PER_PATCH: usize = 80;

/// A swamp's shallows are grown over up to this many steps, each under this much methane:
/// thick enough to explode (`balance::GAS_EXPLODES_AT`) until it has drifted a while.
const SWAMP_STEPS: (u32, u32) = (6, 14);
const SWAMP_METHANE: u16 = 25;

/// Lays a swamp in each cave the profile's chance picks: shallow water over bare floor and a
/// cloud of methane over it. The methane, for the world to let out.
pub(super) fn swamps<R: Rng>(
    grid: &mut Grid<Ground>,
    rooms: &[Room],
    designs: &[DesignKind],
    grass: Grass,
    rng: &mut R,
) -> Vec<(coord_2d::ICoord, GasKind, u16)> {
    let mut gas = Vec::new();
    if grass.swamps == 0 {
        return gas;
    }
    let Some(methane) = GasKind::all().find(|kind| matches!(kind.rules().harm, GasHarm::Burns(_)))
    else {
        return gas;
    };
    for (room, &design) in rooms.iter().zip(designs) {
        let cave = matches!(design, DesignKind::Cave | DesignKind::Cavern);
        if !cave || rng.random_range(0..100) >= grass.swamps {
            continue;
        }
        let floors = patches::bare_floor(grid, room);
        if floors.is_empty() {
            continue;
        }
        let start = floors[rng.random_range(0..floors.len())];
        let steps = rng.random_range(SWAMP_STEPS.0..=SWAMP_STEPS.1);
        patches::wander(grid, (start, steps), Ground::SHALLOW_WATER, Some(room), rng);
        let swamp = (floors.iter()).filter(|&&cell| grid.get(cell) == Some(&Ground::SHALLOW_WATER));
        gas.extend(swamp.map(|&cell| (cell, methane, SWAMP_METHANE)));
    }
    gas
}

/// Grows grass in the rooms the profile's chances pick.
pub(super) fn grow<R: Rng>(
    grid: &mut Grid<Ground>,
    rooms: &[Room],
    designs: &[DesignKind],
    grass: Grass,
    rng: &mut R,
) {
    for (room, &design) in rooms.iter().zip(designs) {
        let cave = matches!(design, DesignKind::Cave | DesignKind::Cavern);
        let chance = if cave { grass.caves } else { grass.halls };
        if rng.random_range(0..100) >= chance {
            continue;
        }
        let floors = patches::bare_floor(grid, room);
        if floors.is_empty() {
            continue;
        }
        let patches = match design {
            DesignKind::Cavern => (floors.len() / CAVERN_CELLS_PER_PATCH).max(1) as u32,
            _ if cave => rng.random_range(PATCHES_PER_CAVE.0..=PATCHES_PER_CAVE.1),
            _ => rng.random_range(PATCHES_PER_ROOM.0..=PATCHES_PER_ROOM.1),
        };
        for _ in 0..patches {
            let kind = if rng.random_range(0..100) < grass.dead {
                Ground::DEAD_GRASS
            } else {
                Ground::GRASS
            };
            let start = floors[rng.random_range(0..floors.len())];
            let steps = rng.random_range(PATCH_STEPS.0..=PATCH_STEPS.1);
            patches::wander(grid, (start, steps), kind, Some(room), rng);
        }
    }
}
