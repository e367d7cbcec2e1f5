//! What the player sees now and what it remembers.
//!
//! The player's eyes reach a field of view (a shadowcast, walls and closed doors stopping it);
//! within it a cell is seen only if it is lit: by the player's own light, which shrinks with
//! depth, or by anything else that lights it (`world::light`). A far lit hall is seen across a
//! dark cave; a dark corner beyond the player's light is not.
//!
//! Each update bumps a generation counter and stamps the cells in view with it, so nothing is
//! cleared per turn: a cell is visible if its stamp is the current generation, remembered if it has
//! an older stamp, never seen if it has none. A cell also keeps a snapshot of what was on it when it
//! was last in view, so the player remembers the orc where it stood, not where it is now (and
//! only there: `sightings`).
//!
//! Where each part lives: `field_of_view` (what the eyes reach, and keeping a scan), `light`
//! (which of it is lit enough to see), `memory` (what is remembered, and where each character
//! was last seen), `invariants` (the kept view against one worked out afresh). A view read back
//! from a save is whole by its reading: a grid whose cells and size differ is refused
//! (`read_cells`), and so is a remembered kind past its table (each kind reads through
//! `TryFrom<u8>`).

mod field_of_view;
mod invariants;
mod light;
mod memory;
mod recent_views;
mod sightings;

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;

use crate::balance::PLAYER_VISION_DISTANCE_SQUARED;
use crate::content::LightKind;
use crate::world::{LayerTable, Tile};
pub use sightings::Sightings;

/// How the player sees this turn: how far its own light reaches (by depth), and whether a
/// wizard has lit or darkened the level. Set by the game; not saved (it follows from the
/// depth and the game's state).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Eyes {
    pub light_radius: u32,
    pub lighting: Lighting,
}

impl Default for Eyes {
    fn default() -> Self {
        Self {
            light_radius: crate::balance::PLAYER_LIGHT_RADIUS[0],
            lighting: Lighting::Natural,
        }
    }
}

/// The level's light as a wizard may have set it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Lighting {
    /// As what glows and what is carried light it.
    #[default]
    Natural,
    /// Every cell lit.
    AllLit,
    /// Nothing lit but by the player's own light.
    Dark,
}

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
    /// Never seen, but its ground is known from a map (magic mapping): drawn as remembered,
    /// still to be explored.
    Mapped,
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
    item: None,
    character: None,
};

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Cell {
    /// The generation in which the cell was last in view; 0 means never.
    last_seen: u64,
    /// The generation in which the player's own eyes last reached the cell. The same as
    /// `last_seen` unless omniscience shows more than the player sees; NPCs go by this one.
    in_sight: u64,
    memory: TileSnapshot,
    /// Its layout is known from a map (magic mapping), though it was never seen: `memory`
    /// holds its ground, and exploring still goes to see it.
    mapped: bool,
    /// The world's change count of the cell when `memory` was taken: while it stands, the
    /// memory is still what is there. Derived, so not saved: a loaded game's memories are all
    /// taken afresh when next in view (0 is never a world's count).
    #[serde(skip)]
    memory_taken_at: u32,
    /// The count of the last [`Visibility::remember`] that found the cell in view and lit
    /// (see [`Visibility::sees_as_remembered`]). Scratch, not saved.
    #[serde(skip)]
    lit_at: u32,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Visibility {
    generation: u64,
    /// How many cells have gone from never seen to seen: a route planned on the player's
    /// knowledge stays good while this stands still.
    discoveries: u64,
    #[serde(deserialize_with = "read_cells")]
    grid: Grid<Cell>,
    /// The cells in the player's sight this generation, between [`Visibility::look`] and
    /// [`Visibility::remember`]. Scratch, like the shadowcast context.
    #[serde(skip, default = "in_view_with_room")]
    in_view: Vec<ICoord>,
    /// Scratch space only: a loaded game starts with an empty one.
    #[serde(skip)]
    shadowcast: shadowcast::Context<u8>,
    /// Where the player stood for the last scan that filled `in_view`, and how many times doors
    /// had moved then. Walls never change, so from the same cell, with every door as it was,
    /// the same cells are in view: a turn the player waits needs no scan. Scratch: a loaded
    /// game scans afresh.
    #[serde(skip)]
    scanned_from: Option<(ICoord, u64)>,
    /// How the player sees (its light's reach); set by the game.
    #[serde(skip)]
    eyes: Eyes,
    /// Where the player stood at the last look: where its own light shines from.
    #[serde(skip)]
    player_at: ICoord,
    /// The player's own light by squared distance from it, for the eyes' radius: asked of
    /// every cell in view every turn, so worked out once a depth.
    #[serde(skip, default = "own_light_of_default_eyes")]
    own_light: Vec<u32>,
    /// Where each character was last seen; saved by the game, by the world's rows.
    #[serde(skip)]
    sightings: Sightings,
    /// The views from the last cells scanned from. Scratch: a loaded game scans afresh.
    #[serde(skip, default = "recent_views_with_room")]
    recent_views: recent_views::RecentViews,
    /// Scratch: the carriers of light near enough to light a cell in view this turn.
    #[serde(skip)]
    carried_near: Vec<(ICoord, LightKind)>,
    /// Scratch: the look (its generation) whose cells in view and lit the last remembering
    /// marked, and the mark; none after remembering with omniscience, or before any.
    #[serde(skip)]
    lit_marks: Option<(u64, u32)>,
    /// Scratch: how many times cells were marked lit, the last mark.
    #[serde(skip)]
    lit_count: u32,
}

fn recent_views_with_room() -> recent_views::RecentViews {
    recent_views::RecentViews::with_room(in_view_with_room().capacity())
}

/// No cell further than this from the player along either axis is within vision range.
const VISION_REACH: i32 = PLAYER_VISION_DISTANCE_SQUARED.isqrt() as i32;

/// Room for the most cells a field of view of the player's radius can hold (its bounding
/// square), so that no turn grows the list.
fn in_view_with_room() -> Vec<ICoord> {
    let side = 2 * VISION_REACH as usize + 1;
    Vec::with_capacity(side * side)
}

/// The player's own light for `eyes`, by squared distance (none beyond the last entry).
fn own_light_table(eyes: Eyes) -> Vec<u32> {
    let rules = LightKind::PLAYERS.rules();
    let radius = eyes.light_radius;
    (0..=radius * radius)
        .map(|distance2| rules.brightness_at(radius, distance2))
        .collect()
}

fn own_light_of_default_eyes() -> Vec<u32> {
    own_light_table(Eyes::default())
}

/// Reads the grid as grid_2d writes it, into a vector sized once. grid_2d's own reading grows
/// the vector from a megabyte (serde's caution against sizes read from the bytes) by doubling,
/// copying a large level's memories (32 megabytes) over and over; the size here is trusted only
/// as far as the largest map.
fn read_cells<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Grid<Cell>, D::Error> {
    deserializer.deserialize_struct("Grid", &["cells", "size"], CellsVisitor)
}

struct CellsVisitor;

impl<'de> serde::de::Visitor<'de> for CellsVisitor {
    type Value = Grid<Cell>;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a grid of remembered cells")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Grid<Cell>, A::Error> {
        use serde::de::Error;
        let cells = (seq.next_element_seed(CellsWithRoom)?)
            .ok_or_else(|| A::Error::invalid_length(0, &self))?;
        let size: UCoord =
            (seq.next_element()?).ok_or_else(|| A::Error::invalid_length(1, &self))?;
        Grid::try_new_iterator(size, cells.into_iter())
            .map_err(|_| A::Error::custom("a grid's cells and size differ"))
    }
}

/// The cells, read into a vector with room for as many as the bytes announce, up to the
/// largest map's.
struct CellsWithRoom;

impl<'de> serde::de::DeserializeSeed<'de> for CellsWithRoom {
    type Value = Vec<Cell>;

    fn deserialize<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for CellsWithRoom {
    type Value = Vec<Cell>;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("remembered cells")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Cell>, A::Error> {
        let most = crate::terrain::MAX_MAP_SIZE.count();
        let mut cells = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(most));
        while let Some(cell) = seq.next_element()? {
            cells.push(cell);
        }
        Ok(cells)
    }
}

impl Visibility {
    pub fn new(size: UCoord) -> Self {
        let never_seen = Cell {
            last_seen: 0,
            in_sight: 0,
            memory: EMPTY_SNAPSHOT,
            mapped: false,
            memory_taken_at: 0,
            lit_at: 0,
        };
        Self {
            generation: 0,
            discoveries: 0,
            grid: Grid::new_clone(size, never_seen),
            in_view: in_view_with_room(),
            shadowcast: shadowcast::Context::default(),
            scanned_from: None,
            eyes: Eyes::default(),
            player_at: ICoord::new(0, 0),
            own_light: own_light_of_default_eyes(),
            sightings: Sightings::default(),
            recent_views: recent_views_with_room(),
            carried_near: Vec::new(),
            lit_marks: None,
            lit_count: 0,
        }
    }

    pub fn size(&self) -> UCoord {
        self.grid.size()
    }
}
