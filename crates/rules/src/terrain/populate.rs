//! Who and what a generated level holds, drawn from the content tables: monsters area by area
//! by the bestiary's counts and spawn weights at this depth, then items by the item table's.
//! Monsters come by the floor a room holds, so they keep to about the same density whatever the
//! design: a closet, a cave or a cavern filling the level.

use coord_2d::ICoord;
use grid_2d::Grid;
use rand::Rng;

use super::{Ground, ItemSpawn, Room};
use crate::content::{self, ItemKind, NpcKind, pick_weighted};

/// Monsters for each room, never next to the player: a count from the bestiary's `per_room`
/// list plus one with its `extra_per_room` chance; for each, a free cell, then a kind drawn by
/// weight at this depth, then the rest of its band on free cells of the same room. (The cell is
/// drawn before the kind so that seeds make the levels they made before the tables.)
/// One draw of the bestiary's `per_room` count for this many cells of a room's floor (a room
/// of fewer has that share of a chance of one): the rectangles of the first levels averaged 49
/// cells a room and a draw each; grown wall to wall the levels hold about a third more floor in
/// rooms, so a draw for 60 cells kept their populations where they were, and gives a cavern as
/// many monsters as the rooms its floor would have made. Since bands arrive as time passes
/// (rules 29, `game/arrivals.rs`) a level begins with fewer: a draw for 100 cells, so that a
/// careful run's kills stay about 150 (206 with arrivals at 60, 162 at 80, 146 at 100).
const CELLS_PER_DRAW: usize = 100;

pub(super) fn place_npcs<R: Rng>(
    grid: &Grid<Ground>,
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
    let mut taken = Grid::new_copy(grid.size(), false);
    let mut candidates = Vec::new();
    // The level's deep water, listed the first time a swimmer is drawn.
    let mut water: Option<Vec<ICoord>> = None;
    for room in rooms {
        candidates.clear();
        candidates.extend(
            room.coords()
                .filter(|&c| grid.get(c) == Some(&Ground::FLOOR)),
        );
        let floor = candidates.len();
        let share = (floor % CELLS_PER_DRAW) as u32;
        let draws =
            floor / CELLS_PER_DRAW + usize::from(rng.random_ratio(share, CELLS_PER_DRAW as u32));
        candidates.retain(|&c| !is_near_player(c, player));
        let count: u32 = (0..draws)
            .map(|_| {
                table[rng.random_range(0..table.len())]
                    + u32::from(rng.random_ratio(extra_chance, extra.out_of))
            })
            .sum();
        for _ in 0..count {
            let Some(coord) = free_cell(&mut candidates, &taken, rng) else {
                break;
            };
            let Some(encounter) = draw_encounter(depth, rng) else {
                break;
            };
            let mut members = Vec::new();
            encounter.members_into(&mut members, rng);
            let Some((&first, rest)) = members.split_first() else {
                continue;
            };
            if first.rules().has(content::NpcTrait::Submerges) {
                // A swimmer lives in the level's water, wherever it lies; none without.
                let water = water.get_or_insert_with(|| deep_water(grid));
                for &kind in &members {
                    if let Some(cell) = free_cell_of(water, &taken, rng) {
                        npcs.push((cell, kind));
                        *taken.get_checked_mut(cell) = true;
                    }
                }
                continue;
            }
            npcs.push((coord, first));
            *taken.get_checked_mut(coord) = true;
            for &kind in rest {
                let Some(coord) = free_cell(&mut candidates, &taken, rng) else {
                    break;
                };
                npcs.push((coord, kind));
                *taken.get_checked_mut(coord) = true;
            }
        }
    }
    npcs
}

/// A band arriving on a level in play (see `game::arrivals`) into `band`, drawn as a room's is
/// at this depth, the leader first; a swimmer is left out, as it has no water to come by.
/// (Into a list the caller keeps, so that an arrival allocates nothing.)
pub fn arriving_band<R: Rng>(depth: u32, band: &mut Vec<NpcKind>, rng: &mut R) {
    band.clear();
    if let Some(encounter) = draw_encounter(depth, rng) {
        encounter.members_into(band, rng);
    }
    band.retain(|kind| !kind.rules().has(content::NpcTrait::Submerges));
}

/// What a room's draw brings: one kind (with the rest of its own band), or a mixed band.
enum Encounter {
    Kind(NpcKind),
    Band(&'static content::Band),
}

impl Encounter {
    /// Every member into `members`, the leader first, each kind's count drawn in the row's
    /// order.
    fn members_into<R: Rng>(&self, members: &mut Vec<NpcKind>, rng: &mut R) {
        match self {
            Self::Kind(kind) => {
                let count = band_size(*kind, rng) as usize;
                members.extend(std::iter::repeat_n(*kind, count));
            }
            Self::Band(band) => {
                for &(kind, (fewest, most)) in &band.members {
                    let count = count_of(fewest, most, rng);
                    members.extend(std::iter::repeat_n(kind, count as usize));
                }
            }
        }
    }
}

/// A kind by the bestiary's weights at this depth, or a mixed band by its own, from one pool.
fn draw_encounter<R: Rng>(depth: u32, rng: &mut R) -> Option<Encounter> {
    let bestiary = &content::content().bestiary;
    let kinds = NpcKind::all().map(|kind| {
        let spawn = kind.rules().spawn;
        spawn.weight.at(spawn.depths, depth)
    });
    let bands = (bestiary.bands.iter()).map(|band| band.spawn.weight.at(band.spawn.depths, depth));
    let index = pick_weighted(kinds.chain(bands), rng)?;
    Some(match NpcKind::all().nth(index) {
        Some(kind) => Encounter::Kind(kind),
        None => Encounter::Band(&bestiary.bands[index - NpcKind::all().len()]),
    })
}

/// With the bestiary's chance, one monster drawn as if the level were deeper, on a free floor
/// cell of a room far from the arrival: it starts awake, wandering.
pub(super) fn deeper_one<R: Rng>(
    grid: &Grid<Ground>,
    rooms: &[Room],
    player: ICoord,
    taken: &[(ICoord, NpcKind)],
    depth: u32,
    rng: &mut R,
) -> Option<(ICoord, NpcKind)> {
    let odds = content::content().bestiary.out_of_depth;
    if rooms.is_empty() || depth < odds.from_depth || rng.random_range(0..100) >= odds.chance {
        return None;
    }
    let deeper = (depth + odds.deeper).min(crate::balance::FINAL_DEPTH);
    let kind = draw_npc_kind(deeper, rng)?;
    // A large level's rooms hold thousands of monsters: a cell is looked up, not searched for.
    let taken: std::collections::HashSet<ICoord> = taken.iter().map(|&(at, _)| at).collect();
    let cells: Vec<ICoord> = (rooms.iter())
        .flat_map(|room| room.coords())
        .filter(|&cell| {
            grid.get(cell) == Some(&Ground::FLOOR)
                && (cell - player).manhattan_magnitude() >= DEEPER_ONE_FROM_ARRIVAL
                && !taken.contains(&cell)
        })
        .collect();
    (!cells.is_empty()).then(|| (cells[rng.random_range(0..cells.len())], kind))
}

/// Every cell of deep water, in row order.
fn deep_water(grid: &Grid<Ground>) -> Vec<ICoord> {
    (grid.enumerate())
        .filter(|(_, ground)| ground.rules().submerges)
        .map(|(coord, _)| coord)
        .collect()
}

/// A random cell of the list nobody stands on yet, the list left whole (a level's water serves
/// every swimmer drawn); None if there is none free.
fn free_cell_of<R: Rng>(cells: &[ICoord], taken: &Grid<bool>, rng: &mut R) -> Option<ICoord> {
    if cells.is_empty() {
        return None;
    }
    for _ in 0..PLACE_TRIES {
        let cell = cells[rng.random_range(0..cells.len())];
        if !*taken.get_checked(cell) {
            return Some(cell);
        }
    }
    None
}

/// The monster from deeper down starts out of the player's sight (see `captives`).
const DEEPER_ONE_FROM_ARRIVAL: u32 = 15;

/// A random cell of the room no monster stands on yet, taken out of the candidates (in constant
/// time: a cavern of the largest level has hundreds of thousands); None once the room is full.
fn free_cell<R: Rng>(
    candidates: &mut Vec<ICoord>,
    taken: &Grid<bool>,
    rng: &mut R,
) -> Option<ICoord> {
    while !candidates.is_empty() {
        let cell = candidates.swap_remove(rng.random_range(0..candidates.len()));
        if !*taken.get_checked(cell) {
            return Some(cell);
        }
    }
    None
}

/// A kind by weight at `depth` for a floor cell (one from deeper down, a vault's guard): never
/// a swimmer, which lives in water.
pub(super) fn draw_npc_kind<R: Rng>(depth: u32, rng: &mut R) -> Option<NpcKind> {
    let weights = NpcKind::all().map(|kind| {
        let rules = kind.rules();
        let spawn = rules.spawn;
        match rules.has(content::NpcTrait::Submerges) {
            true => 0,
            false => spawn.weight.at(spawn.depths, depth),
        }
    });
    let index = pick_weighted(weights, rng)?;
    NpcKind::all().nth(index)
}

/// How many come together; no draw for a kind that always comes alone (or always so many).
fn band_size<R: Rng>(kind: NpcKind, rng: &mut R) -> u32 {
    let (fewest, most) = kind.rules().spawn.band;
    count_of(fewest, most, rng)
}

/// A count between the two, inclusive; no draw when they are one.
fn count_of<R: Rng>(fewest: u32, most: u32, rng: &mut R) -> u32 {
    if fewest == most {
        fewest
    } else {
        rng.random_range(fewest..=most)
    }
}

/// Items in random areas, on floor holding nothing else and never under the player nor on the
/// way on: a count from the item table's `per_level`, each a kind by weight at this depth.
pub(super) fn place_items<R: Rng>(
    grid: &Grid<Ground>,
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
        let Some(item) = draw_item_kind(depth, rng) else {
            return;
        };
        for _ in 0..PLACE_TRIES {
            let room = &rooms[rng.random_range(0..rooms.len())];
            let offset = ICoord::new(
                rng.random_range(0..room.size.width()) as i32,
                rng.random_range(0..room.size.height()) as i32,
            );
            let coord = room.top_left + offset;
            let open = grid.get(coord) == Some(&Ground::FLOOR);
            let taken = coord == player || coord == exit || items.iter().any(|i| i.coord == coord);
            if open && !taken {
                let count = stack_size(item, rng);
                items.push(ItemSpawn { coord, item, count });
                break;
            }
        }
    }
}

/// A kind of item lying about on `depth`, by the items' weights there; None if none lies there.
pub(super) fn draw_item_kind<R: Rng>(depth: u32, rng: &mut R) -> Option<ItemKind> {
    let weights = ItemKind::all().map(|kind| {
        kind.rules()
            .spawn
            .map_or(0, |spawn| spawn.weight.at(spawn.depths, depth))
    });
    pick_weighted(weights, rng).and_then(|i| ItemKind::all().nth(i))
}

/// Cells drawn for an item before it is left out: areas of caves are half rock, and an item
/// drawn onto rock tries again rather than thinning the level's items.
const PLACE_TRIES: usize = 8;

/// How many lie together; no draw for a kind that always lies alone (or always so many).
pub(super) fn stack_size<R: Rng>(kind: ItemKind, rng: &mut R) -> u32 {
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
