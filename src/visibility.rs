//! What the player sees now and what it remembers.
//!
//! Each update bumps a generation counter and stamps the cells in view with it, so nothing is
//! cleared per turn: a cell is visible if its stamp is the current generation, remembered if it has
//! an older stamp, never seen if it has none. A cell also keeps a snapshot of what was on it when it
//! was last in view, so the player remembers the orc where it stood, not where it is now.

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;
use shadowcast::{InputGrid, vision_distance};

use crate::world::{LayerTable, Tile, World};

/// The player sees ten cells in every direction (radius squared 100).
pub const PLAYER_VISION_DISTANCE_SQUARED: u32 = 100;
/// Light passes through open cells untouched and is stopped entirely by a wall.
const OPAQUE: u8 = u8::MAX;
const TRANSPARENT: u8 = 0;

/// Whether the player sees the whole map regardless of walls and distance (a debugging aid).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Omniscience {
    #[default]
    Off,
    On,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellVisibility {
    NeverSeen,
    /// In view this turn: what is drawn there is live.
    Visible,
    /// Seen before, out of view now: what is drawn there is the snapshot from the last sighting.
    Remembered,
}

/// The tiles of a cell's layers, as seen at one moment.
pub type TileSnapshot = LayerTable<Option<Tile>>;

const EMPTY_SNAPSHOT: TileSnapshot = LayerTable {
    floor: None,
    feature: None,
    corpse: None,
    character: None,
};

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Cell {
    /// The generation in which the cell was last in view; 0 means never.
    last_seen: u64,
    memory: TileSnapshot,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Visibility {
    generation: u64,
    grid: Grid<Cell>,
    /// Scratch space only: a loaded game starts with an empty one.
    #[serde(skip)]
    shadowcast: shadowcast::Context<u8>,
}

/// No cell further than this from the player along either axis is within vision range.
const VISION_REACH: i32 = PLAYER_VISION_DISTANCE_SQUARED.isqrt() as i32;

/// Walls block light. So does everything beyond [`VISION_REACH`]: shadowcast only stops a scan
/// where the light is blocked, and would otherwise follow open ground to the edge of the map,
/// costing time for cells it never reports. Every cell within range keeps its real opacity, and
/// a row of the scan depends only on the rows nearer the player, so what is seen is unchanged.
struct Opacity {
    centre: ICoord,
}

impl InputGrid for Opacity {
    type Grid = World;
    type Opacity = u8;
    fn size(&self, world: &World) -> UCoord {
        world.size()
    }
    fn get_opacity(&self, world: &World, coord: ICoord) -> u8 {
        let offset = coord - self.centre;
        let out_of_reach = offset.x.abs().max(offset.y.abs()) > VISION_REACH;
        if out_of_reach || world.is_wall(coord) {
            OPAQUE
        } else {
            TRANSPARENT
        }
    }
}

impl Visibility {
    pub fn new(size: UCoord) -> Self {
        let never_seen = Cell {
            last_seen: 0,
            memory: EMPTY_SNAPSHOT,
        };
        Self {
            generation: 0,
            grid: Grid::new_clone(size, never_seen),
            shadowcast: shadowcast::Context::default(),
        }
    }

    /// Recomputes what the player sees from where it stands now and refreshes the memory of
    /// every cell in view.
    pub fn update(&mut self, world: &World, omniscience: Omniscience) {
        self.generation += 1;
        let generation = self.generation;
        let grid = &mut self.grid;
        let mut see = |coord: ICoord| {
            if let Some(cell) = grid.get_mut(coord) {
                cell.last_seen = generation;
                cell.memory = world.tiles_at(coord);
            }
        };
        match omniscience {
            Omniscience::On => world.size().icoord_iter_row_major().for_each(see),
            Omniscience::Off => self.shadowcast.for_each_visible(
                world.player_coord(),
                &Opacity {
                    centre: world.player_coord(),
                },
                world,
                vision_distance::Circle::new_squared(PLAYER_VISION_DISTANCE_SQUARED),
                OPAQUE,
                |coord, _visible_directions, _light| see(coord),
            ),
        }
    }

    pub fn size(&self) -> UCoord {
        self.grid.size()
    }

    pub fn cell_visibility(&self, coord: ICoord) -> CellVisibility {
        match self.grid.get(coord).map(|cell| cell.last_seen) {
            None | Some(0) => CellVisibility::NeverSeen,
            Some(seen) if seen == self.generation => CellVisibility::Visible,
            Some(_) => CellVisibility::Remembered,
        }
    }

    /// What was on the cell when the player last saw it (empty if never seen).
    pub fn memory(&self, coord: ICoord) -> TileSnapshot {
        self.grid
            .get(coord)
            .map(|cell| cell.memory)
            .unwrap_or(EMPTY_SNAPSHOT)
    }
}
