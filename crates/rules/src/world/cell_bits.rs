//! The world's one byte a cell: a bit for each fact of the cell's ground and one for a
//! character standing there, what sight, steps, flights and every distance map ask; and how
//! it is kept in step with what stands on each cell.

use coord_2d::ICoord;
use entity_table::Entity;
use grid_2d::Grid;

use super::tables::Layers;
use super::{Tile, World};
use crate::balance;
use crate::terrain::Ground;

/// Light stops on the cell (see [`crate::terrain::GroundRules`]).
pub(super) const BLOCKS_SIGHT: u8 = 1;
/// Nobody can stand on or step onto the cell.
pub(super) const BLOCKS_WALKING: u8 = 2;
/// Whatever flies stops before the cell.
pub(super) const STOPS_MISSILES: u8 = 4;
/// A character stands on the cell.
pub(super) const CHARACTER: u8 = 8;
/// The cell is a door: while a character stands in it, it neither blocks sight nor stops
/// missiles (the door is open), and it closes again when the cell is left.
pub(super) const DOOR: u8 = 16;
/// What an open door lets through.
pub(super) const DOOR_CLOSED_BITS: u8 = BLOCKS_SIGHT | STOPS_MISSILES;
/// The cell is a secret not yet found (a wall in every other way, until a search).
pub(super) const SECRET: u8 = 32;
/// The cell is a drop to the next depth (see [`crate::terrain::GroundRules::falls`]).
pub(super) const FALLS: u8 = 64;
/// The cell is shut in the level's lasting shape, whatever happens on it: ground nobody walks,
/// or a door of any kind (one found or opened is the same door as one never hidden or locked).
/// A cage falling over an altar shuts it to feet, but not for good: waypoints are placed on
/// the lasting shape, which counts an altar open either way, so that a loaded game places them
/// where the level did.
pub(super) const SHUT: u8 = 128;

/// The bits a kind of ground sets on its cell.
pub(super) fn ground_bits(ground: Ground) -> u8 {
    let rules = ground.rules();
    let bit = |fact: bool, bit: u8| if fact { bit } else { 0 };
    let hides_a_door = rules.found_as.is_some_and(|found| found.rules().door);
    let a_door = rules.door || hides_a_door || rules.unlocks_as.is_some();
    let open_below = rules.on.is_some_and(|under| !under.rules().blocks_walking);
    bit(rules.blocks_sight, BLOCKS_SIGHT)
        | bit(rules.blocks_walking, BLOCKS_WALKING)
        | bit(rules.stops_missiles, STOPS_MISSILES)
        | bit(rules.falls, FALLS)
        | bit(rules.door, DOOR)
        | bit(rules.found_as.is_some(), SECRET)
        | bit(a_door || (rules.blocks_walking && !open_below), SHUT)
}

/// A plate (a trap's, or a machine's flagstone) lies on a cell of these grounds.
pub(super) fn plate_of_grounds(feature: Option<Ground>, floor: Option<Ground>) -> bool {
    [feature, floor]
        .into_iter()
        .flatten()
        .any(|ground| ground.rules().goes_off_underfoot())
}

/// The bits a tile placed on a cell sets there: its ground's facts, or that a character stands.
pub(super) fn tile_bits(tile: Tile) -> u8 {
    match tile {
        Tile::Ground(ground) => ground_bits(ground),
        Tile::Player | Tile::Npc(_) | Tile::Ally(_) | Tile::Captive(_) => CHARACTER,
        Tile::Corpse | Tile::Item(_) => 0,
    }
}

/// A door's cell as it stands: open (seen and shot through) while a character is in it,
/// closed otherwise. Other cells as they are.
pub(super) const fn with_door_state(cell: u8) -> u8 {
    match (cell & DOOR != 0, cell & CHARACTER != 0) {
        (true, true) => cell & !DOOR_CLOSED_BITS,
        (true, false) => cell | DOOR_CLOSED_BITS,
        (false, _) => cell,
    }
}

/// Keeping the occupied grid and the change counts in step with what stands on each cell.
impl World {
    /// Sets the cell's bits again from what stands on it, and counts the change.
    pub(super) fn refresh_bits(&mut self, coord: ICoord) {
        // The cell's layers and their grounds are read once for every grid derived from them.
        let layers = self.spatial_table.layers_at(coord);
        let bits = layers.map_or(0, |layers| self.occupied_bits(layers));
        let before = self.derived.occupied.get(coord).copied().unwrap_or(0);
        if (before ^ bits) & BLOCKS_SIGHT != 0 {
            self.derived.sight_changes += 1;
            // A door burnt away or crystal gone near the player changes what it sees as much
            // as a door opening does.
            if self.near_player(coord) {
                self.derived.sight_moved_near += 1;
            }
        }
        let (feature, floor) = layers.map_or((None, None), |layers| self.grounds_of(layers));
        if let Some(cell) = self.derived.occupied.get_mut(coord) {
            *cell = bits;
        }
        if let Some(cell) = self.derived.fuel.get_mut(coord) {
            *cell = super::fire::fuel_of_grounds(feature, floor);
        }
        self.derived
            .plates
            .set(coord, plate_of_grounds(feature, floor));
        (self.gases).set_wall(coord, super::gas::wall_of(feature, floor));
        self.light_changed_at(coord);
        self.changed(coord);
    }

    /// Marks whether a trap's plate lies on the cell, from its grounds as they are.
    pub(super) fn refresh_plate(&mut self, coord: ICoord) {
        let layers = self.spatial_table.layers_at(coord);
        let (feature, floor) = layers.map_or((None, None), |layers| self.grounds_of(layers));
        self.derived
            .plates
            .set(coord, plate_of_grounds(feature, floor));
    }

    /// Inlined, with a change of sight out of line: every step of every character sets two
    /// cells, and hardly any of them stops more or less sight than before.
    #[inline]
    pub(super) fn set_occupied(&mut self, coord: ICoord, what: u8, there: bool) {
        if let Some(cell) = self.derived.occupied.get_mut(coord) {
            let before = *cell;
            if there {
                *cell |= what;
            } else {
                *cell &= !what;
            }
            // Only a doorway's sight follows who stands in it (`with_door_state` leaves any
            // other cell as it is), and most changes stop no more sight than before: the ten
            // thousand wanderers' steps each turn are over open ground.
            if *cell & DOOR != 0 {
                *cell = with_door_state(*cell);
            }
            if (before ^ *cell) & BLOCKS_SIGHT != 0 {
                let door = *cell & DOOR != 0;
                self.sight_changed_at(coord, door);
            }
        }
    }

    #[inline(never)]
    fn sight_changed_at(&mut self, coord: ICoord, door: bool) {
        self.derived.sight_changes += 1;
        if door {
            self.light_changed_at(coord);
            if self.near_player(coord) {
                self.derived.sight_moved_near += 1;
            }
        }
    }

    /// Within the player's sight radius (either axis): a door further off cannot change what the
    /// player sees, so its moving leaves the player's view as it was (on a level of wanderers,
    /// doors open and close far away every turn).
    pub(super) fn near_player(&self, coord: ICoord) -> bool {
        let reach = balance::PLAYER_VISION_DISTANCE_SQUARED.isqrt() as i32;
        let player = self.spatial_table.coord_of(self.player);
        player.is_none_or(|p| (p.x - coord.x).abs().max((p.y - coord.y).abs()) <= reach)
    }

    /// The cell is a door with someone standing in it (so open).
    pub(super) fn is_open_door(&self, coord: ICoord) -> bool {
        (self.derived.occupied.get(coord))
            .is_some_and(|&cell| cell & DOOR != 0 && cell & CHARACTER != 0)
    }

    /// A character left `coord` (moved off it, or died there).
    pub(super) fn set_character_gone(&mut self, coord: ICoord) {
        self.set_occupied(coord, CHARACTER, false);
        self.changed(coord);
    }

    /// A character arrived at `coord`.
    pub(super) fn set_character_here(&mut self, coord: ICoord) {
        self.set_occupied(coord, CHARACTER, true);
        self.changed(coord);
    }

    /// What `coord` shows has changed.
    pub(super) fn changed(&mut self, coord: ICoord) {
        if let Some(count) = self.derived.changes.get_mut(coord) {
            *count = count.wrapping_add(1);
        }
    }

    /// Every cell's derived bytes (the occupied grid, the fuel grid, the gas walls) from what
    /// stands on it, and the cells whose ground glows, in one pass over the level that reads
    /// each cell's layers and tiles once: a 1000×1000 level read back from its snapshot made
    /// four such passes, a fifth of the load.
    pub(super) fn derive_cell_grids(&mut self) -> Vec<(ICoord, crate::content::LightKind)> {
        let size = self.size();
        let mut occupied = Grid::new_copy(size, 0);
        let mut fuel = Grid::new_copy(size, 0);
        let mut plates = Grid::new_copy(size, false);
        let mut glowing = Vec::new();
        let tile =
            |entity: Option<Entity>| entity.and_then(|e| self.components.tile.get(e).copied());
        let ground = |tile: Option<Tile>| match tile {
            Some(Tile::Ground(ground)) => Some(ground),
            _ => None,
        };
        // What a cell's ground gives depends only on its two tiles, and runs of cells share
        // them (rows of wall, of floor): worked out again only when they change.
        type Derived = (u8, u8, bool, bool, [Option<crate::content::LightKind>; 2]);
        let derive = |floor: Option<Tile>, feature: Option<Tile>| -> Derived {
            let bits = [floor, feature].into_iter().flatten().map(tile_bits);
            let bits = bits.fold(0, |a, b| a | b);
            let (floor, feature) = (ground(floor), ground(feature));
            let lights = [floor, feature].map(|g| g.and_then(|g| g.rules().light));
            let fuel = super::fire::fuel_of_grounds(feature, floor);
            let wall = super::gas::wall_of(feature, floor);
            (bits, fuel, wall, plate_of_grounds(feature, floor), lights)
        };
        let mut last = None;
        for (coord, layers) in self.spatial_table.enumerate() {
            let tiles = (tile(layers.floor), tile(layers.feature));
            let (bits, cell_fuel, wall, plate, lights) = match last {
                Some((kept, derived)) if kept == tiles => derived,
                _ => {
                    let derived = derive(tiles.0, tiles.1);
                    last = Some((tiles, derived));
                    derived
                }
            };
            let character = layers.character.map_or(0, |_| CHARACTER);
            *occupied.get_checked_mut(coord) = with_door_state(bits | character);
            *fuel.get_checked_mut(coord) = cell_fuel;
            *plates.get_checked_mut(coord) = plate;
            self.gases.set_wall(coord, wall);
            glowing.extend(lights.into_iter().flatten().map(|light| (coord, light)));
        }
        self.derived.occupied = occupied;
        self.derived.fuel = fuel;
        self.derived.plates = super::plates::Plates::of(plates);
        glowing
    }

    /// The grounds in the cell's feature and floor layers.
    pub(super) fn grounds_of(&self, layers: &Layers) -> (Option<Ground>, Option<Ground>) {
        let ground = |entity: Option<Entity>| match entity.and_then(|e| self.components.tile.get(e))
        {
            Some(&Tile::Ground(ground)) => Some(ground),
            _ => None,
        };
        (ground(layers.feature), ground(layers.floor))
    }

    /// What the occupied grid says of a cell with these layers: its ground's facts, and whether
    /// a character stands there.
    pub(super) fn occupied_bits(&self, layers: &Layers) -> u8 {
        let tile = |entity: &Entity| self.components.tile.get(*entity).copied();
        let ground = [layers.floor.as_ref(), layers.feature.as_ref()];
        let ground = ground.into_iter().flatten().filter_map(tile);
        let character = layers.character.map_or(0, |_| CHARACTER);
        with_door_state(ground.fold(character, |bits, tile| bits | tile_bits(tile)))
    }
}
