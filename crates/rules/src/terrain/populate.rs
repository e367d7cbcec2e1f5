//! Who and what a generated level holds, drawn from the content tables: monsters room by room
//! by the bestiary's counts and spawn weights at this depth, then items by the item table's.

use coord_2d::ICoord;
use grid_2d::Grid;
use rand::Rng;

use super::{ItemSpawn, Room, TerrainTile};
use crate::content::{self, ItemKind, NpcKind, pick_weighted};

/// Monsters for each room, never next to the player: a count from the bestiary's `per_room`
/// list plus one with its `extra_per_room` chance; for each, a free cell, then a kind drawn by
/// weight at this depth, then the rest of its band on free cells of the same room. (The cell is
/// drawn before the kind so that seeds make the levels they made before the tables.)
pub(super) fn place_npcs<R: Rng>(
    grid: &Grid<TerrainTile>,
    rooms: &[Room],
    player: ICoord,
    depth: u32,
    rng: &mut R,
) -> Vec<(ICoord, NpcKind)> {
    let bestiary = &content::content().bestiary;
    let table = &bestiary.per_room;
    let extra = bestiary.extra_per_room;
    let extra_chance = extra.chance.at((1, crate::balance::FINAL_DEPTH), depth);
    let mut npcs: Vec<(ICoord, NpcKind)> = Vec::new();
    let mut candidates = Vec::new();
    for room in rooms {
        let count = table[rng.random_range(0..table.len())]
            + u32::from(rng.random_ratio(extra_chance, extra.out_of));
        candidates.clear();
        candidates.extend(
            room.coords().filter(|&c| {
                grid.get(c) == Some(&TerrainTile::Floor) && !is_near_player(c, player)
            }),
        );
        for _ in 0..count {
            let Some(coord) = free_cell(&mut candidates, &npcs, rng) else {
                break;
            };
            let Some(kind) = draw_npc_kind(depth, rng) else {
                break;
            };
            npcs.push((coord, kind));
            for _ in 1..band_size(kind, rng) {
                let Some(coord) = free_cell(&mut candidates, &npcs, rng) else {
                    break;
                };
                npcs.push((coord, kind));
            }
        }
    }
    npcs
}

/// A random cell of the room no monster stands on yet; None once the room is full.
fn free_cell<R: Rng>(
    candidates: &mut Vec<ICoord>,
    npcs: &[(ICoord, NpcKind)],
    rng: &mut R,
) -> Option<ICoord> {
    candidates.retain(|c| npcs.iter().all(|(n, _)| n != c));
    if candidates.is_empty() {
        return None;
    }
    Some(candidates[rng.random_range(0..candidates.len())])
}

fn draw_npc_kind<R: Rng>(depth: u32, rng: &mut R) -> Option<NpcKind> {
    let weights = NpcKind::all().map(|kind| {
        let spawn = kind.rules().spawn;
        spawn.weight.at(spawn.depths, depth)
    });
    let index = pick_weighted(weights, rng)?;
    NpcKind::all().nth(index)
}

/// How many come together; no draw for a kind that always comes alone (or always so many).
fn band_size<R: Rng>(kind: NpcKind, rng: &mut R) -> u32 {
    let (fewest, most) = kind.rules().spawn.band;
    if fewest == most {
        fewest
    } else {
        rng.random_range(fewest..=most)
    }
}

/// Items in random rooms, on cells holding nothing else and never under the player nor on the
/// way on: a count from the item table's `per_level`, each a kind by weight at this depth.
pub(super) fn place_items<R: Rng>(
    rooms: &[Room],
    player: ICoord,
    exit: ICoord,
    depth: u32,
    items: &mut Vec<ItemSpawn>,
    rng: &mut R,
) {
    let (low, high) = content::content().items.per_level;
    let count = rng.random_range(low..=high);
    for _ in 0..count {
        let weights = ItemKind::all().map(|kind| {
            kind.rules()
                .spawn
                .map_or(0, |spawn| spawn.weight.at(spawn.depths, depth))
        });
        let Some(item) = pick_weighted(weights, rng).and_then(|i| ItemKind::all().nth(i)) else {
            return;
        };
        let room = &rooms[rng.random_range(0..rooms.len())];
        let offset = ICoord::new(
            rng.random_range(0..room.size.width()) as i32,
            rng.random_range(0..room.size.height()) as i32,
        );
        let coord = room.top_left + offset;
        let taken = coord == player || coord == exit || items.iter().any(|i| i.coord == coord);
        if !taken {
            let count = stack_size(item, rng);
            items.push(ItemSpawn { coord, item, count });
        }
    }
}

/// How many lie together; no draw for a kind that always lies alone (or always so many).
fn stack_size<R: Rng>(kind: ItemKind, rng: &mut R) -> u32 {
    let (fewest, most) = kind.rules().stack;
    if fewest == most {
        fewest
    } else {
        rng.random_range(fewest..=most)
    }
}

/// The player's cell and the eight around it stay free so no fight starts on turn one.
fn is_near_player(coord: ICoord, player: ICoord) -> bool {
    (coord.x - player.x).abs() <= 1 && (coord.y - player.y).abs() <= 1
}
