//! Reading the world: what is where, who is alive, and where characters may go.

use coord_2d::ICoord;
use entity_table::Entity;

use super::{HitPoints, LayerTable, Tile, WALL, World};
use crate::content::NpcKind;

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

    pub fn npc_type(&self, entity: Entity) -> Option<NpcKind> {
        self.components.npc_type.get(entity).copied()
    }

    pub fn is_wall(&self, coord: ICoord) -> bool {
        // Asked by sight and every distance map for every cell they cover: one byte.
        self.occupied
            .get(coord)
            .is_none_or(|&cell| cell & WALL != 0)
    }

    /// True where the way down is.
    pub fn is_stairs(&self, coord: ICoord) -> bool {
        self.spatial_table
            .layers_at(coord)
            .and_then(|layers| layers.floor)
            .and_then(|floor| self.components.tile.get(floor))
            == Some(&Tile::Stairs)
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
