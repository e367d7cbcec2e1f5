//! The reference tutorial's world as its part 6 keeps it: an entity table of tiles, NPC types and
//! hit points, and a spatial table with the layers floor, character, corpse and feature, every
//! question ("is this cell opaque?", "can an NPC enter?") answered by looking at a cell's layers.
//! Built from Umbra's generated terrain and NPCs, so both games play the same level.
//!
//! Its rules, from the branch `part-6-end`: a bump between the player and an NPC deals one point
//! of damage; a character at zero dies into a corpse; an orc has 2 hit points, a troll 6 (Umbra's
//! first two kinds are the tutorial's two).

use coord_2d::{ICoord, UCoord};
use direction::CardinalDirection;
use entity_table::{Entity, EntityAllocator};
use spatial_table::{Location, SpatialTable};
use umbra_rules::terrain::{Ground as TerrainGround, Terrain};

use super::reference::Ground;

/// The tutorial's orc and troll.
const NPC_HIT_POINTS: [u32; 2] = [2, 6];
const DAMAGE: u32 = 1;

// Serde only because the game's crates turn on entity_table's `serialize` for every user.
#[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize)]
pub enum Tile {
    Player,
    Floor,
    Wall,
    Npc,
    Corpse,
}

#[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize)]
pub struct HitPoints {
    current: u32,
}

entity_table::declare_entity_module! {
    components {
        tile: Tile,
        npc_kind: usize,
        hit_points: HitPoints,
    }
}

spatial_table::declare_layers_module! {
    layers {
        floor: Floor,
        character: Character,
        corpse: Corpse,
        feature: Feature,
    }
}
use layers::{Layer, Layers};

pub struct TutorialWorld {
    entity_allocator: EntityAllocator,
    components: components::Components,
    spatial_table: SpatialTable<Layers>,
    player: Entity,
    npcs: Vec<Entity>,
}

impl TutorialWorld {
    /// The level as the tutorial's `populate` spawns one: a floor under every cell, a wall
    /// feature on walls, the player and the NPCs on the character layer.
    pub fn from_terrain(terrain: &Terrain, player_hit_points: u32) -> Self {
        let mut entity_allocator = EntityAllocator::default();
        // The tutorial spawns the player as it meets it on the map; here first, to have its id.
        let player = entity_allocator.alloc();
        let mut world = Self {
            entity_allocator,
            components: components::Components::default(),
            spatial_table: SpatialTable::new(terrain.grid.size()),
            player,
            npcs: Vec::new(),
        };
        for (coord, &tile) in terrain.grid.enumerate() {
            world.spawn(coord, Layer::Floor, Tile::Floor);
            if tile == TerrainGround::WALL {
                world.spawn(coord, Layer::Feature, Tile::Wall);
            }
        }
        world.place(player, terrain.player, Layer::Character, Tile::Player);
        world.components.hit_points.insert(
            world.player,
            HitPoints {
                current: player_hit_points,
            },
        );
        for npc in &terrain.npcs {
            let kind = npc.kind.index().min(NPC_HIT_POINTS.len() - 1);
            let entity = world.spawn(npc.coord, Layer::Character, Tile::Npc);
            world.components.npc_kind.insert(entity, kind);
            let current = NPC_HIT_POINTS[kind];
            world
                .components
                .hit_points
                .insert(entity, HitPoints { current });
            world.npcs.push(entity);
        }
        world
    }

    fn spawn(&mut self, coord: ICoord, layer: Layer, tile: Tile) -> Entity {
        let entity = self.entity_allocator.alloc();
        self.place(entity, coord, layer, tile);
        entity
    }

    fn place(&mut self, entity: Entity, coord: ICoord, layer: Layer, tile: Tile) {
        let location = Location {
            coord,
            layer: Some(layer),
        };
        self.spatial_table
            .update(entity, location)
            .expect("the terrain puts one thing on each layer of a cell");
        self.components.tile.insert(entity, tile);
    }

    fn bump_attack(&mut self, victim: Entity) {
        if let Some(hit_points) = self.components.hit_points.get_mut(victim) {
            hit_points.current = hit_points.current.saturating_sub(DAMAGE);
            if hit_points.current == 0 {
                self.die(victim);
            }
        }
    }

    /// As the tutorial: a corpse already on the cell leaves existence for the new one.
    fn die(&mut self, entity: Entity) {
        if let Err(error) = self.spatial_table.update_layer(entity, Layer::Corpse) {
            let previous = error.unwrap_occupied_by();
            self.components.remove_entity(previous);
            self.spatial_table.remove(previous);
            self.entity_allocator.free(previous);
            self.spatial_table
                .update_layer(entity, Layer::Corpse)
                .expect("the old corpse is gone");
        }
        self.components.tile.insert(entity, Tile::Corpse);
    }
}

impl Ground for TutorialWorld {
    fn size(&self) -> UCoord {
        self.spatial_table.grid_size()
    }

    fn player(&self) -> Entity {
        self.player
    }

    fn coord_of(&self, entity: Entity) -> ICoord {
        self.spatial_table
            .coord_of(entity)
            .expect("every entity has a coord")
    }

    fn npcs(&self) -> &[Entity] {
        &self.npcs
    }

    fn is_alive(&self, entity: Entity) -> bool {
        self.spatial_table.layer_of(entity) == Some(Layer::Character)
    }

    fn is_opaque(&self, coord: ICoord) -> bool {
        self.spatial_table
            .layers_at(coord)
            .is_none_or(|layers| layers.feature.is_some())
    }

    fn can_enter_ignoring_npcs(&self, coord: ICoord) -> bool {
        self.spatial_table
            .layers_at(coord)
            .is_some_and(|layers| layers.feature.is_none())
    }

    /// As the tutorial: only walls and other NPCs are in the way. The player's cell can be
    /// entered, so a search beside the player steps at it, and the step is a bump.
    fn can_npc_enter(&self, coord: ICoord) -> bool {
        self.spatial_table.layers_at(coord).is_some_and(|layers| {
            let npc = (layers.character).is_some_and(|c| self.components.npc_kind.contains(c));
            layers.feature.is_none() && !npc
        })
    }

    fn move_character(&mut self, character: Entity, direction: CardinalDirection) {
        let destination = self.coord_of(character) + direction.coord();
        let Some(layers) = self.spatial_table.layers_at(destination) else {
            return;
        };
        if let Some(other) = layers.character {
            let npc = self.components.npc_kind.contains(character);
            if npc != self.components.npc_kind.contains(other) {
                self.bump_attack(other);
            }
        } else if layers.feature.is_none() {
            self.spatial_table
                .update_coord(character, destination)
                .expect("the cell was checked to be free");
        }
    }
}
