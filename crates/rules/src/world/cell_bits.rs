//! The world's one byte a cell: a bit for each fact of the cell's ground and one for a
//! character standing there, what sight, steps, flights and every distance map ask; and how
//! it is kept in step with what stands on each cell.

use coord_2d::ICoord;
use entity_table::Entity;

use super::{Layers, Tile, World};
use crate::balance;
use crate::terrain::{GroundFacts, TerrainTile};

/// Light stops on the cell (see [`GroundFacts`]).
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
/// The cell is a secret door not yet found (a wall in every other way).
pub(super) const SECRET: u8 = 32;
/// The cell is a drop to the next depth (see [`GroundFacts::falls`]).
pub(super) const FALLS: u8 = 64;
/// The cell is an altar, caged or not: a cage falling over it shuts it to feet, but waypoints
/// are placed on the level's lasting shape, which counts an altar open either way.
pub(super) const ALTAR: u8 = 128;

/// The ground a tile of the floor or feature layer is, if it is ground.
pub(super) const fn ground_of(tile: Tile) -> Option<TerrainTile> {
    match tile {
        Tile::Floor => Some(TerrainTile::Floor),
        Tile::Wall => Some(TerrainTile::Wall),
        Tile::Stairs => Some(TerrainTile::Stairs),
        Tile::Door => Some(TerrainTile::Door),
        Tile::SecretDoor => Some(TerrainTile::SecretDoor),
        Tile::DeepWater => Some(TerrainTile::DeepWater),
        Tile::ShallowWater => Some(TerrainTile::ShallowWater),
        Tile::Chasm => Some(TerrainTile::Chasm),
        Tile::ChasmEdge => Some(TerrainTile::ChasmEdge),
        Tile::Bridge => Some(TerrainTile::Bridge),
        Tile::Altar => Some(TerrainTile::Altar),
        Tile::Cage => Some(TerrainTile::CagedAltar),
        Tile::LockedDoor => Some(TerrainTile::LockedDoor),
        Tile::Player
        | Tile::Npc(_)
        | Tile::Ally(_)
        | Tile::Captive(_)
        | Tile::Corpse
        | Tile::Item(_) => None,
    }
}

/// The occupied grid's bits for ground of these facts.
pub(super) fn ground_bits(facts: GroundFacts) -> u8 {
    let bit = |fact: bool, bit: u8| if fact { bit } else { 0 };
    bit(facts.blocks_sight, BLOCKS_SIGHT)
        | bit(facts.blocks_walking, BLOCKS_WALKING)
        | bit(facts.stops_missiles, STOPS_MISSILES)
        | bit(facts.falls, FALLS)
}

/// The bits a tile placed on a cell sets there: its ground's facts, or that a character stands.
pub(super) fn tile_bits(tile: Tile) -> u8 {
    match (tile, ground_of(tile)) {
        (Tile::Door, Some(ground)) => ground_bits(ground.facts()) | DOOR,
        (Tile::SecretDoor, Some(ground)) => ground_bits(ground.facts()) | SECRET,
        (Tile::Altar | Tile::Cage, Some(ground)) => ground_bits(ground.facts()) | ALTAR,
        (_, Some(ground)) => ground_bits(ground.facts()),
        (Tile::Player | Tile::Npc(_) | Tile::Ally(_) | Tile::Captive(_), None) => CHARACTER,
        _ => 0,
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
        let bits =
            (self.spatial_table.layers_at(coord)).map_or(0, |layers| self.occupied_bits(layers));
        if let Some(cell) = self.occupied.get_mut(coord) {
            *cell = bits;
        }
        self.changed(coord);
    }

    pub(super) fn set_occupied(&mut self, coord: ICoord, what: u8, there: bool) {
        if let Some(cell) = self.occupied.get_mut(coord) {
            let before = *cell;
            if there {
                *cell |= what;
            } else {
                *cell &= !what;
            }
            *cell = with_door_state(*cell);
            if (before ^ *cell) & BLOCKS_SIGHT != 0 && *cell & DOOR != 0 && self.near_player(coord)
            {
                self.doors_moved += 1;
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
        if let Some(count) = self.changes.get_mut(coord) {
            *count = count.wrapping_add(1);
        }
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
