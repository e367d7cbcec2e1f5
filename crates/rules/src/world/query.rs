//! Reading the world: what is where, who is alive, and where characters may go.

use coord_2d::ICoord;
use entity_table::Entity;

use super::{CHARACTER, FIRST_CHANGE, HitPoints, LayerTable, Tile, WALL, World};
use crate::content::NpcKind;

/// The map's cells by index. Levels are walled all round, so every neighbour of an open cell is
/// on the map: a flood over open ground can step by index (±1 along a row, ± the width across
/// rows) without asking whether it left the map.
#[derive(Clone, Copy)]
pub(crate) struct Ground<'a> {
    cells: &'a [u8],
    width: isize,
}

impl Ground<'_> {
    /// The index of a cell on the map.
    pub fn index(&self, coord: ICoord) -> isize {
        coord.y as isize * self.width + coord.x as isize
    }

    /// The steps to the neighbours of a cell, in the order of `CardinalDirections` (north,
    /// east, south, west).
    pub fn steps(&self) -> [isize; 4] {
        [-self.width, 1, self.width, -1]
    }

    /// True if the cell at `index` (a neighbour of an open cell, so on the map) is not wall.
    pub fn is_open(&self, index: isize) -> bool {
        self.cells[index as usize] & WALL == 0
    }
}

impl World {
    pub fn player(&self) -> Entity {
        self.player
    }

    pub fn player_coord(&self) -> ICoord {
        self.coord_of(self.player)
    }

    /// Every entity the world knows has a location, so this only fails on a freed id.
    pub fn coord_of(&self, entity: Entity) -> ICoord {
        self.spatial_table
            .coord_of(entity)
            .expect("entity ids handed out by the world always have a location")
    }

    pub fn is_player_alive(&self) -> bool {
        self.is_alive(self.player)
    }

    /// Living characters are exactly those on the character layer.
    pub fn is_alive(&self, entity: Entity) -> bool {
        self.spatial_table.layer_of(entity) == Some(super::Layer::Character)
    }

    pub fn hit_points(&self, entity: Entity) -> Option<HitPoints> {
        self.components.hit_points.get(entity).copied()
    }

    /// The side a character fights on.
    pub fn side_of(&self, entity: Entity) -> Option<super::Side> {
        self.components.side.get(entity).copied()
    }

    pub fn npc_type(&self, entity: Entity) -> Option<NpcKind> {
        self.components.npc_type.get(entity).copied()
    }

    pub fn is_wall(&self, coord: ICoord) -> bool {
        // Asked by sight and every distance map for every cell they cover: one byte.
        self.occupied
            .get(coord)
            .is_none_or(|&cell| cell & WALL != 0)
    }

    /// The walls as one byte a cell in row-major order, for floods that step from cell to cell
    /// by index rather than by coordinate.
    pub(crate) fn ground(&self) -> Ground<'_> {
        Ground {
            cells: self.occupied.raw(),
            width: self.occupied.width() as isize,
        }
    }

    /// True where the way down is.
    pub fn is_stairs(&self, coord: ICoord) -> bool {
        self.spatial_table
            .layers_at(coord)
            .and_then(|layers| layers.floor)
            .and_then(|floor| self.components.tile.get(floor))
            == Some(&Tile::Stairs)
    }

    /// True if a character stands on the cell: one byte, for scans over every cell in view
    /// before they ask the spatial table who it is.
    pub fn has_character(&self, coord: ICoord) -> bool {
        self.occupied
            .get(coord)
            .is_some_and(|&cell| cell & CHARACTER != 0)
    }

    /// How many times what the cell shows ([`World::tiles_at`]) has changed: the same count
    /// means the same tiles.
    pub fn changes_at(&self, coord: ICoord) -> u32 {
        self.changes.get(coord).copied().unwrap_or(FIRST_CHANGE)
    }

    pub fn character_at(&self, coord: ICoord) -> Option<Entity> {
        self.spatial_table
            .layers_at(coord)
            .and_then(|layers| layers.character)
    }

    /// An NPC may step onto open ground that no other character stands on.
    pub fn can_npc_enter(&self, coord: ICoord) -> bool {
        // Thousands of wandering NPCs ask this several times a turn: one byte, not the cell.
        self.occupied.get(coord) == Some(&0)
    }

    /// What each layer of a cell shows, for drawing and for remembering.
    pub fn tiles_at(&self, coord: ICoord) -> LayerTable<Option<Tile>> {
        match self.spatial_table.layers_at(coord) {
            Some(layers) => {
                layers.option_and_then(|&entity| self.components.tile.get(entity).copied())
            }
            None => LayerTable {
                floor: None,
                feature: None,
                corpse: None,
                item: None,
                character: None,
            },
        }
    }

    /// Living NPCs in the order they were spawned, which is the order they act in.
    pub fn npcs(&self) -> &[Entity] {
        &self.npcs
    }

    /// Corpses in the order their owners died.
    pub fn corpses(&self) -> &[Entity] {
        &self.corpses
    }

    /// Counted from the map itself, so it can check the bookkeeping.
    pub fn count_corpses(&self) -> usize {
        self.spatial_table
            .enumerate()
            .filter(|(_, layers)| layers.corpse.is_some())
            .count()
    }
}
