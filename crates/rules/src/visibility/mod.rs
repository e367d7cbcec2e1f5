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

mod invariants;
mod recent_views;
mod sightings;

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;
use shadowcast::{InputGrid, vision_distance};

use crate::balance::{LIT, PLAYER_VISION_DISTANCE_SQUARED};
use crate::content::LightKind;
use crate::world::{LayerTable, Tile, World};
use entity_table::ComponentTable;
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

/// Light enough for every cell, when a wizard lights the level.
const ALL_LIT: u32 = 100;

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

/// Marks `cells`, a view already worked out, as in sight at the look of `generation`.
fn stamp_in_sight(grid: &mut Grid<Cell>, cells: &[ICoord], generation: u64) {
    for &coord in cells {
        if let Some(cell) = grid.get_mut(coord) {
            cell.in_sight = generation;
        }
    }
}

/// The cell in view shows something new since its memory was taken (at the world's change
/// count `changes` now): its memory taken afresh, and who stands there remembered there. Out
/// of line, so that the look at every cell in view, most of which show what they showed, stays
/// a few instructions.
#[inline(never)]
fn take_memory(
    grid: &mut Grid<Cell>,
    sightings: &mut Sightings,
    world: &World,
    coord: ICoord,
    changes: u32,
) {
    let Some(cell) = grid.get_mut(coord) else {
        return;
    };
    cell.memory = world.tiles_at(coord);
    cell.memory_taken_at = changes;
    let who = cell.memory.character.and(world.character_at(coord));
    if let Some(elsewhere) = sightings.remember(coord, who) {
        forget_character(grid, elsewhere);
    }
}

/// The character remembered at `cell` is no longer shown there (it was seen elsewhere); the
/// cell's memory is taken afresh when next in view.
fn forget_character(grid: &mut Grid<Cell>, cell: ICoord) {
    if let Some(cell) = grid.get_mut(cell) {
        cell.memory.character = None;
        cell.memory_taken_at = 0;
    }
}

/// The tile names a kind the content tables have.
fn tile_is_known(tile: Tile) -> bool {
    match tile {
        Tile::Npc(kind) | Tile::Ally(kind) | Tile::Captive(kind) => {
            kind.index() < crate::content::NpcKind::all().len()
        }
        Tile::Item(kind) => kind.index() < crate::content::ItemKind::all().len(),
        _ => true,
    }
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
        if out_of_reach || world.blocks_sight(coord) {
            OPAQUE
        } else {
            TRANSPARENT
        }
    }
}

/// Calls `see` with every cell the player's eyes reach from where it stands.
fn scan(shadowcast: &mut shadowcast::Context<u8>, world: &World, mut see: impl FnMut(ICoord)) {
    let player = world.player_coord();
    shadowcast.for_each_visible(
        player,
        &Opacity { centre: player },
        world,
        vision_distance::Circle::new_squared(PLAYER_VISION_DISTANCE_SQUARED),
        OPAQUE,
        |coord, _visible_directions, _light| see(coord),
    );
}

/// Room for the most cells a field of view of the player's radius can hold (its bounding
/// square), so that no turn grows the list.
fn in_view_with_room() -> Vec<ICoord> {
    let side = 2 * VISION_REACH as usize + 1;
    Vec::with_capacity(side * side)
}

/// The light of the cells the player's eyes reach this turn, asked of each of them every turn:
/// the player's own light by its table, then the level's only where that is not enough (most
/// cells in view are near the player).
struct LightInView<'a> {
    own: &'a [u32],
    from: ICoord,
    lighting: Lighting,
    /// The carriers of light that may light a cell in view (all of them, where not listed).
    carried: Option<&'a [(ICoord, LightKind)]>,
    /// The level's light by cell, where it is all the light (see [`World::settled_glow`]) and
    /// no carrier is listed.
    glow: Option<&'a Grid<u32>>,
}

impl LightInView<'_> {
    fn own_at(&self, cell: ICoord) -> u32 {
        let distance2 = self.from.distance2(cell) as usize;
        self.own.get(distance2).copied().unwrap_or(0)
    }

    fn level_light_at(&self, world: &World, cell: ICoord) -> u32 {
        if let Some(glow) = self.glow {
            return glow.get(cell).copied().unwrap_or(0);
        }
        match self.carried {
            Some(carried) => world.light_at_among(cell, carried),
            None => world.light_at(cell),
        }
    }

    /// True if `cell`, which the player's eyes reach, is lit enough to be seen.
    fn is_lit(&self, world: &World, cell: ICoord) -> bool {
        let own = self.own_at(cell);
        match self.lighting {
            Lighting::AllLit => true,
            Lighting::Dark => own >= LIT,
            Lighting::Natural => own >= LIT || own + self.level_light_at(world, cell) >= LIT,
        }
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

    /// How the player sees from now on (a new depth's light, a wizard's lighting).
    pub fn set_eyes(&mut self, eyes: Eyes) {
        if eyes.light_radius != self.eyes.light_radius || self.own_light.is_empty() {
            self.own_light = own_light_table(eyes);
        }
        self.eyes = eyes;
    }

    pub fn eyes(&self) -> Eyes {
        self.eyes
    }

    /// The light at `cell` as the player's sight meets it: the level's light there (what glows
    /// and what is carried) and the player's own, if its light reaches the cell.
    pub fn light_at(&self, world: &World, cell: ICoord) -> u32 {
        let level = match self.eyes.lighting {
            Lighting::AllLit => return ALL_LIT,
            Lighting::Dark => 0,
            Lighting::Natural => world.light_at(cell),
        };
        level + self.own_light_at(cell)
    }

    /// The player's own light at `cell`: it shines where the player's eyes reach, fading with
    /// distance to its rim.
    pub fn own_light_at(&self, cell: ICoord) -> u32 {
        if !self.in_player_sight(cell) {
            return 0;
        }
        self.light_in_view().own_at(cell)
    }

    fn light_in_view(&self) -> LightInView<'_> {
        LightInView {
            own: &self.own_light,
            from: self.player_at,
            lighting: self.eyes.lighting,
            carried: None,
            glow: None,
        }
    }

    /// True if the player sees `cell` now: its eyes reach it and it is lit. (Unlike
    /// [`Visibility::cell_visibility`], which answers for the last turn's end, this holds in the
    /// middle of a turn.)
    pub fn sees(&self, world: &World, cell: ICoord) -> bool {
        self.in_player_sight(cell) && self.is_lit(world, cell)
    }

    /// True if `cell` is lit enough to be seen.
    pub fn is_lit(&self, world: &World, cell: ICoord) -> bool {
        match self.in_player_sight(cell) {
            true => self.light_in_view().is_lit(world, cell),
            false => self.eyes.lighting == Lighting::AllLit || self.light_at(world, cell) >= LIT,
        }
    }

    /// True if no light but the player's own reaches `cell`: standing there, the player is in
    /// shadow (and harder to notice).
    pub fn in_shadow(&self, world: &World, cell: ICoord) -> bool {
        match self.eyes.lighting {
            Lighting::AllLit => false,
            Lighting::Dark => true,
            Lighting::Natural => world.light_at(cell) < LIT,
        }
    }

    /// [`Visibility::look`] then [`Visibility::remember`], for a world where nothing moves
    /// between the two.
    pub fn update(&mut self, world: &World, omniscience: Omniscience) {
        self.look(world);
        self.remember(world, omniscience);
    }

    /// Works out what the player sees from where it stands now. NPCs decide on this, after the
    /// player's move and before their own; only a door they open or close changes it while they
    /// move, and the game looks again then.
    pub fn look(&mut self, world: &World) {
        self.generation += 1;
        let generation = self.generation;
        let grid = &mut self.grid;
        let in_view = &mut self.in_view;
        let player = world.player_coord();
        self.player_at = player;
        let scanned = (player, world.sight_moved_near());
        if self.scanned_from == Some(scanned) {
            stamp_in_sight(grid, in_view, generation);
            return;
        }
        self.scanned_from = Some(scanned);
        in_view.clear();
        let key = (player, world.sight_changes());
        if let Some(view) = self.recent_views.get(key) {
            stamp_in_sight(grid, view, generation);
            in_view.extend_from_slice(view);
            return;
        }
        scan(&mut self.shadowcast, world, |coord| {
            if let Some(cell) = grid.get_mut(coord)
                && cell.in_sight != generation
            {
                cell.in_sight = generation;
                in_view.push(coord);
            }
        });
        self.recent_views.keep(key, in_view);
    }

    /// Works out again which cells the player's eyes reach, as the last [`Visibility::look`]
    /// did, for a game loaded without its scratch space. Nothing is stamped anew.
    pub fn restore_sight(&mut self, world: &World) {
        self.player_at = world.player_coord();
        let in_view = &mut self.in_view;
        in_view.clear();
        scan(&mut self.shadowcast, world, |coord| {
            if coord.is_valid(world.size()) {
                in_view.push(coord);
            }
        });
        // The scan may report a cell more than once; a stamp would tell, but none is made here.
        in_view.sort_unstable_by_key(|coord| (coord.y, coord.x));
        in_view.dedup();
    }

    /// Refreshes the memory of every cell the player sees (every cell, with omniscience) with
    /// what is on it now, after everyone has moved: a cell in view is seen if it is lit.
    pub fn remember(&mut self, world: &World, omniscience: Omniscience) {
        let generation = self.generation;
        // The cells in view found lit are marked, for the NPCs in view to be read off them.
        let mark = match omniscience {
            Omniscience::On => None,
            Omniscience::Off => Some(self.next_lit_mark()),
        };
        self.lit_marks = mark.map(|mark| (generation, mark));
        world.carried_lights_near(self.player_at, VISION_REACH, &mut self.carried_near);
        let light = LightInView {
            own: &self.own_light,
            from: self.player_at,
            lighting: self.eyes.lighting,
            carried: Some(&self.carried_near),
            glow: (world.settled_glow()).filter(|_| self.carried_near.is_empty()),
        };
        let grid = &mut self.grid;
        let discoveries = &mut self.discoveries;
        let sightings = &mut self.sightings;
        let mut see = |coord: ICoord| {
            let Some(cell) = grid.get_mut(coord) else {
                return;
            };
            if let Some(mark) = mark {
                cell.lit_at = mark;
            }
            if cell.last_seen == 0 {
                *discoveries += 1;
            }
            cell.last_seen = generation;
            // Most cells in view show what they showed last turn: asking the spatial table
            // and the tiles for them again is most of a turn's sight.
            let changes = world.changes_at(coord);
            if cell.memory_taken_at != changes {
                take_memory(grid, sightings, world, coord, changes);
            }
        };
        match omniscience {
            Omniscience::On => world.size().icoord_iter_row_major().for_each(see),
            Omniscience::Off => (self.in_view.iter())
                .filter(|&&cell| light.is_lit(world, cell))
                .for_each(|&cell| see(cell)),
        }
    }

    /// A mark no cell holds yet: the count of markings, once round (four billion turns) every
    /// cell's mark wiped.
    fn next_lit_mark(&mut self) -> u32 {
        self.lit_count = self.lit_count.wrapping_add(1);
        if self.lit_count == 0 {
            for cell in self.grid.iter_mut() {
                cell.lit_at = 0;
            }
            self.lit_count = 1;
        }
        self.lit_count
    }

    /// [`Visibility::sees`], read off the marks the last [`Visibility::remember`] left where
    /// they are still the view (no look since, and remembered without omniscience), which is
    /// a byte where working the cell's light out again is a few lookups. Only for a world
    /// unchanged since that remembering: the game asks it of the NPCs in view as a turn ends,
    /// straight after remembering.
    pub(crate) fn sees_as_remembered(&self, world: &World, cell: ICoord) -> bool {
        match self.lit_marks {
            Some((generation, mark)) if generation == self.generation => {
                self.grid.get(cell).is_some_and(|c| c.lit_at == mark)
            }
            _ => self.sees(world, cell),
        }
    }

    /// Every cell never seen known as its ground is now, without who or what stands or lies
    /// there (a scroll of magic mapping: the layout, not its monsters and treasures); still
    /// never seen, so exploring goes to see it (Brogue's magic-mapped cells).
    pub fn remember_layout(&mut self, world: &World) {
        for coord in world.size().icoord_iter_row_major() {
            let Some(cell) = self.grid.get_mut(coord) else {
                continue;
            };
            if cell.last_seen != 0 {
                continue;
            }
            let mut memory = world.tiles_at(coord);
            memory.character = None;
            memory.item = None;
            memory.corpse = None;
            cell.memory = memory;
            cell.mapped = true;
            cell.memory_taken_at = 0;
            self.discoveries += 1;
        }
    }

    /// Where each character was last seen, for saving.
    pub fn sightings(&self) -> ComponentTable<ICoord> {
        self.sightings.table()
    }

    /// Room to remember where each of `characters` was last seen without growing in a turn.
    pub fn reserve_sightings(&mut self, characters: usize) {
        self.sightings.reserve(characters);
    }

    /// Puts back where each character was last seen, as saved; false if a cell is off the map.
    pub fn restore_sightings(&mut self, at: ComponentTable<ICoord>) -> bool {
        let size = self.grid.size();
        if at.iter().any(|(_, coord)| !coord.is_valid(size)) {
            return false;
        }
        self.sightings = Sightings::from_table(&at);
        true
    }

    /// The cells the player's own eyes reach this turn.
    pub fn in_sight(&self) -> &[ICoord] {
        &self.in_view
    }

    /// True if the player's own eyes reach the cell this turn, whatever omniscience shows.
    pub fn in_player_sight(&self, coord: ICoord) -> bool {
        // Every cell in sight is within the eyes' reach of where the player last looked from:
        // ten thousand wanderers ask this each turn, and a cell far off is not worth a read of
        // the grid (a cache miss on a large level).
        let offset = coord - self.player_at;
        if offset.x.abs().max(offset.y.abs()) > VISION_REACH {
            return false;
        }
        self.grid
            .get(coord)
            .is_some_and(|cell| cell.in_sight == self.generation)
    }

    pub fn size(&self) -> UCoord {
        self.grid.size()
    }

    /// A loaded view is whole: a cell for every coordinate of its size, and every remembered
    /// thing of a kind the tables have.
    pub fn is_sound(&self) -> bool {
        let whole = self.grid.iter().count() == self.grid.size().count();
        whole
            && self.grid.iter().all(|cell| {
                let mut known = true;
                cell.memory
                    .option_for_each(|&tile| known &= tile_is_known(tile));
                known
            })
    }

    /// True if the cell was in the player's sight at the last look (before what was seen there
    /// is remembered, unlike [`Visibility::cell_visibility`]).
    pub fn is_in_sight(&self, coord: ICoord) -> bool {
        self.grid
            .get(coord)
            .is_some_and(|cell| cell.in_sight == self.generation)
    }

    pub fn cell_visibility(&self, coord: ICoord) -> CellVisibility {
        match self.grid.get(coord).map(|cell| cell.last_seen) {
            Some(0) if self.grid.get(coord).is_some_and(|cell| cell.mapped) => {
                CellVisibility::Mapped
            }
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

    /// Cells discovered so far on this level; see [`Visibility::discoveries`]'s field.
    pub fn discoveries(&self) -> u64 {
        self.discoveries
    }

    /// How many looks ago the cell was last in view: 0 if in view now, `None` if never seen.
    /// The player looks once a turn, so this is also how many turns ago.
    pub fn looks_since_seen(&self, coord: ICoord) -> Option<u64> {
        match self.grid.get(coord)?.last_seen {
            0 => None,
            seen => Some(self.generation - seen),
        }
    }

    /// True if the player knows the cell to be open ground (seen, and not a wall).
    pub fn is_known_open(&self, coord: ICoord) -> bool {
        self.grid
            .get(coord)
            .is_some_and(|cell| (cell.last_seen != 0 || cell.mapped) && cell.memory.floor.is_some())
    }

    /// True if the cell is known open ground next to a cell never seen: where exploring leads.
    pub fn is_frontier(&self, coord: ICoord) -> bool {
        self.is_known_open(coord)
            && direction::CardinalDirections.into_iter().any(|direction| {
                self.grid
                    .get(coord + direction.coord())
                    .is_some_and(|cell| cell.last_seen == 0)
            })
    }
}
