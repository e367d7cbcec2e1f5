//! Level generation: rooms of several designs grown onto each other, caves and caverns, loops and
//! doors, by the level profile of each depth (`content/levels.ron`), carved into a grid of
//! terrain tiles.
//!
//! Generation only decides *what is where*; turning the result into entities is the world's job.

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;
use rand::Rng;

use crate::balance;
use crate::content::{ItemKind, NpcKind};

mod accrete;
mod ascii;
mod captives;
mod chokepoints;
mod designs;
mod ground;
mod lakes;
mod populate;
mod reach;
mod vaults;

pub use ascii::{AsciiMapError, from_ascii, ground_letter, ground_to_ascii};
pub use designs::DesignKind;
pub use ground::GroundFacts;
pub use reach::walking_distances;
pub use vaults::{VaultGuard, VaultSpawn};

/// The smallest map a level can be generated on: room for a few rooms and corridors.
pub const MIN_MAP_SIZE: UCoord = UCoord::new_u16(20, 15);
/// The largest map: a million cells keeps generation and memory comfortably bounded.
pub const MAX_MAP_SIZE: UCoord = UCoord::new_u16(1000, 1000);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TerrainTile {
    Floor,
    Wall,
    /// Open ground with the way down: taking it leaves for the next depth.
    Stairs,
    /// A door: closed, it hides what is behind it and stops missiles; anyone may step into it,
    /// and it stands open while someone stands in it.
    Door,
    /// A door hidden in a wall: wall in every way until a search finds it.
    SecretDoor,
    /// Too deep to wade: seen and shot across, never walked; what falls in sinks.
    DeepWater,
    /// The wreath round deep water: open ground.
    ShallowWater,
    /// A drop to the next depth: NPCs keep out, the player may jump; what falls in is lost.
    Chasm,
    /// The lip round a chasm: open ground.
    ChasmEdge,
    /// A way across a chasm: open ground.
    Bridge,
    /// Where a vault's reward lies: open ground.
    Altar,
    /// An altar a cage has closed on: its item is out of reach.
    CagedAltar,
    /// A vault's door, locked: a wall until its key opens it, then a door.
    LockedDoor,
}

/// An item as a level places it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ItemSpawn {
    pub coord: ICoord,
    pub item: ItemKind,
    /// How many lie together.
    pub count: u32,
}

/// How an NPC starts the level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Disposition {
    Asleep,
    Awake,
    /// Held by its captors until the player frees it.
    Captive,
    /// Awake, standing guard where it was placed (by a captive).
    Guarding,
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
    /// The design of each room grown, in the order they were placed (none for a drawn map).
    pub designs: Vec<DesignKind>,
    /// The level's vaults.
    pub vaults: Vec<VaultSpawn>,
    /// Where the monster from deeper down stands, if the level drew one (see
    /// `content::OutOfDepth`).
    pub from_deeper: Option<ICoord>,
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

/// Generates the level at `depth` (1 is the top) by the level profile of that depth: rooms of
/// its designs grown from a first room (or a cavern), loops cut, doors hung, every open cell
/// joined to the arrival, the way on as far from it by walking as the level allows. Deeper
/// levels hold more NPCs and more trolls; the last holds the Sunstone where others have stairs.
pub fn generate_at_depth<R: Rng>(size: UCoord, depth: u32, rng: &mut R) -> Terrain {
    generate_by_profile(size, depth, crate::content::profile_at(depth), rng)
}

/// [`generate_at_depth`] with the level built by `profile` rather than the depth's own (for
/// measuring one design alone); the monsters and items are still the depth's.
pub fn generate_by_profile<R: Rng>(
    size: UCoord,
    depth: u32,
    profile: &crate::content::LevelProfile,
    rng: &mut R,
) -> Terrain {
    assert!(is_valid_size(size), "map size {size:?} is out of range");
    let mut builder = accrete::Builder::new(size);
    builder.first_room(profile, rng);
    builder.attach_rooms(profile, rng);
    builder.add_loops(profile.loop_distance, rng);
    // Before the doors, so a door is only hung in a doorway the water left in a wall.
    let below = depth < balance::FINAL_DEPTH;
    lakes::add_lakes(&mut builder.grid, &profile.lakes, below, rng);
    builder.hang_doors(profile, rng);
    let accrete::Builder {
        mut grid,
        rooms,
        designs,
        ..
    } = builder;
    // The arrival at one end of the level and the way on at the other: the room cell furthest
    // from where growth began, then the room cell furthest from that.
    let player = reach::farthest_floor(&grid, middle_of(&grid, &rooms[0]));
    let exit = reach::farthest_floor(&grid, player);
    let vault = vaults::plan(&mut grid, &profile.vaults, player, exit, rng);
    let placed = populate::place_npcs(&grid, &rooms, player, depth, rng);
    let deeper_one = populate::deeper_one(&grid, &rooms, player, &placed, depth, rng);
    let from_deeper = deeper_one.map(|(coord, _)| coord);
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
        .chain(deeper_one.map(|(coord, kind)| NpcSpawn {
            coord,
            kind,
            disposition: Disposition::Awake,
        }))
        .collect();
    let mut items = Vec::new();
    if depth >= balance::FINAL_DEPTH {
        items.push(ItemSpawn {
            coord: exit,
            item: ItemKind::prize(),
            count: 1,
        });
    } else {
        *grid.get_checked_mut(exit) = TerrainTile::Stairs;
    }
    populate::place_items(&grid, &rooms, player, exit, depth, &mut items, rng);
    let mut npcs = npcs;
    let vault_cells = vault
        .as_ref()
        .map_or(Vec::new(), |plan| plan.inside().to_vec());
    let vaults: Vec<VaultSpawn> = vault
        .map(|plan| plan.furnish(&mut grid, player, depth, &mut npcs, &mut items, rng))
        .into_iter()
        .collect();
    let taken = captives::Taken {
        player,
        exit,
        vault: &vault_cells,
        npcs: &npcs,
        items: &items,
    };
    let band = captives::band(&grid, &rooms, depth, &taken, rng);
    npcs.extend(band);
    Terrain {
        grid,
        player,
        npcs,
        items,
        designs,
        vaults,
        from_deeper,
    }
}

/// The first room's floor cell nearest its middle; if a lake has taken all of the room's floor,
/// the level's floor cell nearest it (a start in the water would leave the arrival there).
fn middle_of(grid: &Grid<TerrainTile>, room: &Room) -> ICoord {
    let centre = room.centre();
    let floor = |c: &ICoord| grid.get(*c) == Some(&TerrainTile::Floor);
    let nearest = |c: &ICoord| (c.manhattan_distance(centre), c.y, c.x);
    room.coords()
        .filter(floor)
        .min_by_key(nearest)
        .or_else(|| {
            grid.size()
                .icoord_iter_row_major()
                .filter(floor)
                .min_by_key(nearest)
        })
        .unwrap_or(centre)
}
