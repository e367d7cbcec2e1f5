//! Rooms in dead ends (`content/machines.ron`, roles `Lair`, `Scenery` and `Shrine`; Brogue's
//! spider lairs, goblin warrens, swamps, idylls, dismal rooms and commutation altars): a dead
//! end of the level, clear of the arrival, the way on, the vaults and the other machines, given
//! over to its ground (for a shrine, ground that does something when set off) and, for a lair,
//! to a band asleep among it and the items it has gathered. A dead end cuts nothing off: the
//! level is walked round it as before.

use coord_2d::ICoord;
use grid_2d::Grid;
use rand::Rng;

use super::machines::{Layout, MachineSpawn, dead_ends_fitting, drawn};
use super::populate::{draw_item_kind, stack_size};
use super::reach::walking_distances;
use super::{Disposition, Ground, ItemSpawn, NpcSpawn};
use crate::content::{GroundRules, Lair, NpcTrait, Role};

/// With `chance` in a hundred, one of the depth's machines of `role` (a lair, a set piece or a
/// shrine) built in a dead end at least `far` steps from the arrival, a lair's sleepers and
/// loot placed on its free floor. What stood or lay there before stays (a lair's band sleeps beside
/// the level's own). None if the depth has none of the role, or the level no dead end it fits.
pub(super) fn dead_end_room<R: Rng>(
    grid: &mut Grid<Ground>,
    (role, depth): (Role, u32),
    (player, far, chance): (ICoord, u32, u32),
    avoid: &[ICoord],
    (npcs, items): (&mut Vec<NpcSpawn>, &mut Vec<ItemSpawn>),
    rng: &mut R,
) -> Option<MachineSpawn> {
    if rng.random_range(0..100) >= chance {
        return None;
    }
    let kind = drawn(role, depth, rng)?;
    let rules = kind.rules();
    let distances = walking_distances(grid, player);
    let mut candidates = dead_ends_fitting(grid, rules.cells, player, avoid);
    candidates.retain(|(door, _)| distances.get_checked(*door).is_some_and(|d| d >= far));
    // Ground nobody walks on laid over its floor (a causeway's water) would drown what stands
    // or lies there: such a row takes only a dead end where nothing does.
    let floods = (rules.parts.iter())
        .any(|part| !part.at.in_the_wall() && part.ground.rules().blocks_walking);
    if floods {
        let empty = |c: &ICoord| {
            !npcs.iter().any(|npc| npc.coord == *c) && !items.iter().any(|item| item.coord == *c)
        };
        candidates.retain(|(_, area)| area.iter().all(empty));
    }
    while !candidates.is_empty() {
        let (door, area) = candidates.swap_remove(rng.random_range(0..candidates.len()));
        let Some(layout) = Layout::of(grid, door, &area, &[]) else {
            continue;
        };
        let Some((cells, dormant)) = layout.lay(grid, rules, rng) else {
            continue;
        };
        if let Some(band) = &rules.lair {
            keep_a_lair(band, (depth, &area), grid, (npcs, items), rng);
        }
        return Some(MachineSpawn {
            kind,
            cells,
            dormant,
        });
    }
    None
}

/// A lair's sleepers and loot, each on a free cell of `area` of its own, drawn at random: a
/// swimmer (an eel) in its water, the rest on its floor.
fn keep_a_lair<R: Rng>(
    band: &Lair,
    (depth, area): (u32, &[ICoord]),
    grid: &Grid<Ground>,
    (npcs, items): (&mut Vec<NpcSpawn>, &mut Vec<ItemSpawn>),
    rng: &mut R,
) {
    let free = |fits: fn(&GroundRules) -> bool| -> Vec<ICoord> {
        (area.iter().copied())
            .filter(|&c| grid.get(c).is_some_and(|g| fits(g.rules())))
            .filter(|&c| !npcs.iter().any(|npc| npc.coord == c))
            .filter(|&c| !items.iter().any(|item| item.coord == c))
            .collect()
    };
    let mut floor = free(|g| !g.blocks_walking);
    let mut water = free(|g| g.submerges);
    let take = |free: &mut Vec<ICoord>, rng: &mut R| {
        (!free.is_empty()).then(|| free.swap_remove(rng.random_range(0..free.len())))
    };
    for &(kind, count) in &band.sleepers {
        let cells = match kind.rules().has(NpcTrait::Submerges) {
            true => &mut water,
            false => &mut floor,
        };
        for _ in 0..count {
            let Some(coord) = take(cells, rng) else { break };
            npcs.push(NpcSpawn {
                coord,
                kind,
                disposition: Disposition::Asleep,
            });
        }
    }
    for _ in 0..band.loot {
        let (Some(item), Some(coord)) = (draw_item_kind(depth, rng), take(&mut floor, rng)) else {
            break;
        };
        let count = stack_size(item, rng);
        items.push(ItemSpawn { coord, item, count });
    }
}
