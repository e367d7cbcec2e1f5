//! Level generation: rooms of several designs grown onto each other, caves and caverns, loops and
//! doors, by the level profile of each depth (`content/levels.ron`), carved into a grid of
//! terrain tiles.
//!
//! Generation only decides *what is where*; turning the result into entities is the world's job.

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;

pub use crate::content::{Ground, GroundRules};
use crate::content::{ItemKind, NpcKind};

mod accrete;
mod ascii;
mod captives;
mod chokepoints;
mod dead_ends;
mod designs;
mod generate;
mod lakes;
mod lighting;
mod machines;
mod patches;
mod populate;
mod reach;
mod surface;
mod traps;
mod vaults;

pub use ascii::{AsciiMapError, from_ascii, ground_letter, ground_to_ascii};
pub use captives::BandRoll;
pub use designs::DesignKind;
pub use generate::{generate, generate_at_depth, generate_by_profile, generate_in_run};
pub use machines::MachineSpawn;
pub use populate::arriving_band;
pub use reach::walking_distances;
pub use vaults::{VaultGuard, VaultSpawn};

/// The smallest map a level can be generated on: room for a few rooms and corridors.
pub const MIN_MAP_SIZE: UCoord = UCoord::new_u16(20, 15);
/// The largest map: a million cells keeps generation and memory comfortably bounded.
pub const MAX_MAP_SIZE: UCoord = UCoord::new_u16(1000, 1000);

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
    pub grid: Grid<Ground>,
    pub player: ICoord,
    pub npcs: Vec<NpcSpawn>,
    pub items: Vec<ItemSpawn>,
    /// The design of each room grown, in the order they were placed (none for a drawn map).
    pub designs: Vec<DesignKind>,
    /// The level's vaults.
    pub vaults: Vec<VaultSpawn>,
    /// The level's machines.
    pub machines: Vec<MachineSpawn>,
    /// Where the monster from deeper down stands, if the level drew one (see
    /// `content::OutOfDepth`).
    pub from_deeper: Option<ICoord>,
    /// The gas the level begins with: a swamp's methane.
    pub gas: Vec<(ICoord, crate::content::GasKind, u16)>,
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

    /// The room's cells and the ring of cells round them (where its walls stand).
    fn coords_with_rim(&self) -> impl Iterator<Item = ICoord> + '_ {
        let size = UCoord::new(self.size.width() + 2, self.size.height() + 2);
        let corner = self.top_left - ICoord::new(1, 1);
        size.icoord_iter_row_major().map(move |c| corner + c)
    }

    fn contains(&self, cell: ICoord) -> bool {
        let offset = cell - self.top_left;
        offset.is_valid(self.size)
    }
}

/// True if a level can be generated at this size.
pub fn is_valid_size(size: UCoord) -> bool {
    let fits = |value: u32, min: u32, max: u32| (min..=max).contains(&value);
    fits(size.width(), MIN_MAP_SIZE.width(), MAX_MAP_SIZE.width())
        && fits(size.height(), MIN_MAP_SIZE.height(), MAX_MAP_SIZE.height())
}
