//! Lairs (`content/machines.ron`, role `Lair`; Brogue's spider lairs and goblin warrens): a
//! dead end of the level, clear of the arrival, the way on, the vault and the other machines,
//! given over to a band asleep among its ground and the items it has gathered. A dead end cuts
//! nothing off: the level is walked round it as before.

use coord_2d::ICoord;
use grid_2d::Grid;
use rand::Rng;

use super::machines::{Layout, MachineSpawn, dead_ends_fitting, drawn};
use super::populate::{draw_item_kind, stack_size};
use super::reach::walking_distances;
use super::{Disposition, Ground, ItemSpawn, NpcSpawn};
use crate::content::Role;

/// With `chance` in a hundred, one of the depth's lairs built in a dead end at least `far`
/// steps from the arrival, its sleepers and loot placed on its free floor. What stood or lay
/// there before stays (a lair's band sleeps beside the level's own). None if the depth has no
/// lair, or the level no dead end it fits.
pub(super) fn lair<R: Rng>(
    grid: &mut Grid<Ground>,
    depth: u32,
    (player, far, chance): (ICoord, u32, u32),
    avoid: &[ICoord],
    (npcs, items): (&mut Vec<NpcSpawn>, &mut Vec<ItemSpawn>),
    rng: &mut R,
) -> Option<MachineSpawn> {
    if rng.random_range(0..100) >= chance {
        return None;
    }
    let kind = drawn(Role::Lair, depth, rng)?;
    let rules = kind.rules();
    let band = rules.lair.as_ref()?;
    let distances = walking_distances(grid, player);
    let mut candidates = dead_ends_fitting(grid, rules.cells, player, avoid);
    candidates.retain(|(door, _)| distances.get_checked(*door).is_some_and(|d| d >= far));
    while !candidates.is_empty() {
        let (door, area) = candidates.swap_remove(rng.random_range(0..candidates.len()));
        let Some(layout) = Layout::of(grid, door, &area, &[]) else {
            continue;
        };
        let Some((cells, dormant)) = layout.lay(grid, rules, rng) else {
            continue;
        };
        // Each sleeper and each item on a free cell of its own, drawn at random.
        let mut free: Vec<ICoord> = (area.iter().copied())
            .filter(|&c| grid.get(c).is_some_and(|g| !g.rules().blocks_walking))
            .filter(|&c| !npcs.iter().any(|npc| npc.coord == c))
            .filter(|&c| !items.iter().any(|item| item.coord == c))
            .collect();
        let mut take = |rng: &mut R| {
            (!free.is_empty()).then(|| free.swap_remove(rng.random_range(0..free.len())))
        };
        for &(kind, count) in &band.sleepers {
            for _ in 0..count {
                let Some(coord) = take(rng) else { break };
                npcs.push(NpcSpawn {
                    coord,
                    kind,
                    disposition: Disposition::Asleep,
                });
            }
        }
        for _ in 0..band.loot {
            let (Some(item), Some(coord)) = (draw_item_kind(depth, rng), take(rng)) else {
                break;
            };
            let count = stack_size(item, rng);
            items.push(ItemSpawn { coord, item, count });
        }
        return Some(MachineSpawn {
            kind,
            cells,
            dormant,
        });
    }
    None
}
