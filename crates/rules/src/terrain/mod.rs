//! Level generation: rooms joined by corridors, carved into a grid of terrain tiles.
//!
//! Generation only decides *what is where*; turning the result into entities is the world's job.

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;
use rand::Rng;

use crate::balance;
use crate::content::{ItemKind, NpcKind};

mod ascii;
mod ground;
mod populate;

pub use ascii::{AsciiMapError, from_ascii, ground_to_ascii};
pub use ground::GroundFacts;

/// The smallest map a level can be generated on: room for a few rooms and corridors.
pub const MIN_MAP_SIZE: UCoord = UCoord::new_u16(20, 15);
/// The largest map: a million cells keeps generation and memory comfortably bounded.
pub const MAX_MAP_SIZE: UCoord = UCoord::new_u16(1000, 1000);

const ROOM_MIN_SIDE: u32 = 4;
const ROOM_MAX_SIDE: u32 = 10;
/// One placement attempt per this many cells of map: dense enough to fill the map with rooms,
/// sparse enough that rejected attempts stay cheap.
const CELLS_PER_ROOM_ATTEMPT: usize = 40;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TerrainTile {
    Floor,
    Wall,
    /// Open ground with the way down: taking it leaves for the next depth.
    Stairs,
}

/// An item as a level places it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ItemSpawn {
    pub coord: ICoord,
    pub item: ItemKind,
    /// How many lie together.
    pub count: u32,
}

/// Whether an NPC starts the level asleep or awake.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Disposition {
    Asleep,
    Awake,
}

/// An NPC as a level places it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NpcSpawn {
    pub coord: ICoord,
    pub kind: NpcKind,
    pub disposition: Disposition,
}

/// A level before it becomes a world: the terrain grid, where the player starts, who lives
/// where and what lies where.
#[derive(Debug, Clone)]
pub struct Terrain {
    pub grid: Grid<TerrainTile>,
    pub player: ICoord,
    pub npcs: Vec<NpcSpawn>,
    pub items: Vec<ItemSpawn>,
}

#[derive(Debug, Clone, Copy)]
struct Room {
    top_left: ICoord,
    size: UCoord,
}

impl Room {
    fn centre(&self) -> ICoord {
        self.top_left + ICoord::new(self.size.width() as i32 / 2, self.size.height() as i32 / 2)
    }

    fn coords(&self) -> impl Iterator<Item = ICoord> + '_ {
        self.size.icoord_iter_row_major().map(|c| self.top_left + c)
    }
}

/// True if a level can be generated at this size.
pub fn is_valid_size(size: UCoord) -> bool {
    let fits = |value: u32, min: u32, max: u32| (min..=max).contains(&value);
    fits(size.width(), MIN_MAP_SIZE.width(), MAX_MAP_SIZE.width())
        && fits(size.height(), MIN_MAP_SIZE.height(), MAX_MAP_SIZE.height())
}

/// Generates the first level of a run at the given size, which must satisfy [`is_valid_size`].
pub fn generate<R: Rng>(size: UCoord, rng: &mut R) -> Terrain {
    generate_at_depth(size, 1, rng)
}

/// Generates the level at `depth` (1 is the top): deeper levels hold more NPCs and more
/// trolls; the last one holds the Sunstone where the others have their stairs.
pub fn generate_at_depth<R: Rng>(size: UCoord, depth: u32, rng: &mut R) -> Terrain {
    assert!(is_valid_size(size), "map size {size:?} is out of range");
    let mut grid = Grid::new_copy(size, TerrainTile::Wall);
    let rooms = place_rooms(&mut grid, rng);
    connect_rooms(&mut grid, &rooms);
    let player = rooms[0].centre();
    let placed = populate::place_npcs(&grid, &rooms, player, depth, rng);
    // Drawn after every NPC is placed, so the layout of a seed's level does not depend on them.
    let npcs = placed
        .into_iter()
        .map(|(coord, kind)| {
            let (awake, out_of) = balance::NPC_AWAKE_AT_START;
            let disposition = if rng.random_ratio(awake, out_of) {
                Disposition::Awake
            } else {
                Disposition::Asleep
            };
            NpcSpawn {
                coord,
                kind,
                disposition,
            }
        })
        .collect();
    let mut items = Vec::new();
    let exit = farthest_room_centre(&rooms, player);
    if depth >= balance::FINAL_DEPTH {
        items.push(ItemSpawn {
            coord: exit,
            item: ItemKind::prize(),
            count: 1,
        });
    } else {
        *grid.get_checked_mut(exit) = TerrainTile::Stairs;
    }
    populate::place_items(&rooms, player, exit, depth, &mut items, rng);
    Terrain {
        grid,
        player,
        npcs,
        items,
    }
}

/// The way on lies as far from the arrival as the level allows, so each level is crossed. A
/// level of one room puts it in a corner of that room.
fn farthest_room_centre(rooms: &[Room], player: ICoord) -> ICoord {
    let farthest = rooms
        .iter()
        .map(Room::centre)
        .max_by_key(|c| c.manhattan_distance(player))
        .unwrap_or(player);
    if farthest == player {
        return rooms[0].top_left;
    }
    farthest
}

fn place_rooms<R: Rng>(grid: &mut Grid<TerrainTile>, rng: &mut R) -> Vec<Room> {
    let attempts = (grid.size().count() / CELLS_PER_ROOM_ATTEMPT).max(8);
    let mut rooms = Vec::new();
    for _ in 0..attempts {
        let room = random_room(grid.size(), rng);
        if is_solid_around(grid, &room) {
            for coord in room.coords() {
                *grid.get_checked_mut(coord) = TerrainTile::Floor;
            }
            rooms.push(room);
        }
    }
    // Never empty: the grid starts solid, so the first room always fits.
    rooms
}

fn random_room<R: Rng>(map_size: UCoord, rng: &mut R) -> Room {
    // Rooms keep one wall cell between them and the map edge.
    let max_width = ROOM_MAX_SIDE.min(map_size.width() - 2);
    let max_height = ROOM_MAX_SIDE.min(map_size.height() - 2);
    let width = rng.random_range(ROOM_MIN_SIDE..=max_width);
    let height = rng.random_range(ROOM_MIN_SIDE.min(max_height)..=max_height);
    let x = rng.random_range(1..=(map_size.width() - width - 1)) as i32;
    let y = rng.random_range(1..=(map_size.height() - height - 1)) as i32;
    Room {
        top_left: ICoord::new(x, y),
        size: UCoord::new(width, height),
    }
}

/// True if the room and a one-cell border around it are still all wall, so rooms never touch.
fn is_solid_around(grid: &Grid<TerrainTile>, room: &Room) -> bool {
    let border = UCoord::new(room.size.width() + 2, room.size.height() + 2);
    let top_left = room.top_left - ICoord::new(1, 1);
    border
        .icoord_iter_row_major()
        .all(|c| grid.get(top_left + c) == Some(&TerrainTile::Wall))
}

/// Joins each room to the nearest room placed before it, which links all rooms into one tree.
fn connect_rooms(grid: &mut Grid<TerrainTile>, rooms: &[Room]) {
    for (i, room) in rooms.iter().enumerate().skip(1) {
        let from = room.centre();
        let nearest = rooms[..i]
            .iter()
            .map(Room::centre)
            .min_by_key(|c| c.manhattan_distance(from))
            .expect("rooms before index 1 exist");
        carve_corridor(grid, from, nearest);
    }
}

/// An L-shaped corridor: horizontal first, then vertical.
fn carve_corridor(grid: &mut Grid<TerrainTile>, from: ICoord, to: ICoord) {
    let corner = ICoord::new(to.x, from.y);
    for x in from.x.min(to.x)..=from.x.max(to.x) {
        *grid.get_checked_mut(ICoord::new(x, from.y)) = TerrainTile::Floor;
    }
    for y in corner.y.min(to.y)..=corner.y.max(to.y) {
        *grid.get_checked_mut(ICoord::new(to.x, y)) = TerrainTile::Floor;
    }
}
