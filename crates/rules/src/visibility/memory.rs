//! What the player remembers: each cell in view and lit keeps a snapshot of what stands and lies
//! there, taken again only when the world's count of the cell's changes moved, and each
//! character is remembered only where it was last seen (`sightings`).

use coord_2d::ICoord;
use entity_table::ComponentTable;
use grid_2d::Grid;

use super::VISION_REACH;
use super::light::LightInView;
use super::{
    Cell, CellVisibility, EMPTY_SNAPSHOT, Omniscience, Sightings, TileSnapshot, Visibility,
};
use crate::world::World;

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

impl Visibility {
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
        let change_counts = world.change_counts();
        // Every cell asked is on the map (in view, or the whole map), at the same index row by
        // row in the grid and in the world's counts alike: each is read by that index, worked
        // out once, not asked by coordinate again.
        let mut see = |grid: &mut Grid<Cell>, coord: ICoord, index: usize| {
            let cell = &mut grid.raw_mut()[index];
            if let Some(mark) = mark {
                cell.lit_at = mark;
            }
            if cell.last_seen == 0 {
                *discoveries += 1;
            }
            cell.last_seen = generation;
            // Most cells in view show what they showed last turn: asking the spatial table
            // and the tiles for them again is most of a turn's sight.
            let changes = change_counts[index];
            if cell.memory_taken_at != changes {
                take_memory(grid, sightings, world, coord, changes);
            }
        };
        match omniscience {
            Omniscience::On => (world.size().icoord_iter_row_major().enumerate())
                .for_each(|(index, coord)| see(grid, coord, index)),
            Omniscience::Off => {
                for &coord in &self.in_view {
                    let index = grid.index_of_coord_unchecked(coord);
                    if light.is_lit(world, coord, index) {
                        see(grid, coord, index);
                    }
                }
            }
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
