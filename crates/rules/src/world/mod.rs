//! The state of a level: an entity table of components plus a spatial table of where things are.
//!
//! `World` keeps the two tables consistent: every entity with a location has its components, and an
//! entity leaves both tables at once. Queries live in `query.rs`, changes in `action.rs`.

mod action;
mod cell_bits;
mod flight;
mod invariants;
mod items;
mod particulars;
mod query;
mod record;
mod record_reader;
mod side_marks;
mod sides;
mod vaults;

pub use action::{ActOutcome, Attack};
use coord_2d::UCoord;
use entity_table::{Entity, EntityAllocator};
pub use flight::flight_cells;
use grid_2d::Grid;
pub use items::Lying;
pub(crate) use query::Ground;
pub use record::{WorldRecord, table_from_rows, table_rows};
pub use record_reader::ReadWorld;
pub use sides::Side;
use spatial_table::{Location, SpatialTable};
pub use vaults::Vault;

use crate::balance::{self, AttackDice};
use crate::content::{ItemKind, NpcKind};
use crate::terrain::{Terrain, TerrainTile};
use cell_bits::*;

/// What an entity looks like; the app picks glyphs and colours for these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Tile {
    Player,
    /// A monster.
    Npc(NpcKind),
    /// An NPC on the player's side.
    Ally(NpcKind),
    /// An NPC held captive, waiting to be freed.
    Captive(NpcKind),
    Floor,
    Wall,
    /// The floor of a cell with the way down.
    Stairs,
    /// The remains of whoever died on the cell.
    Corpse,
    Item(ItemKind),
    /// A door in the feature layer: open exactly while a character stands in it.
    Door,
    /// A door hidden in the wall, in the feature layer with no floor under it: a wall until
    /// found, then a [`Tile::Door`].
    SecretDoor,
    /// Deep water, in the feature layer with no floor under it (nobody stands there).
    DeepWater,
    /// Shallow water: the floor of the cells round deep water.
    ShallowWater,
    /// A chasm, in the feature layer with no floor under it.
    Chasm,
    /// The floor at a chasm's lip.
    ChasmEdge,
    /// The floor of a bridge over a chasm.
    Bridge,
    /// The floor of a vault's altar.
    Altar,
    /// A cage closed over an altar, in the feature layer.
    Cage,
    /// A vault's locked door, in the feature layer over floor: a door once its key opens it.
    LockedDoor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct HitPoints {
    pub current: u32,
    pub max: u32,
}

impl HitPoints {
    pub const fn full(max: u32) -> Self {
        Self { current: max, max }
    }
}

entity_table::declare_entity_module! {
    components {
        tile: Tile,
        // A character's side, kind and hit points, a stack's count: see `particulars`.
        particulars: particulars::Particulars,
    }
}
use components::Components;

spatial_table::declare_layers_module! {
    layers {
        floor: Floor,
        feature: Feature,
        corpse: Corpse,
        // Items lie beside corpses: an orc dying on a potion must not destroy it.
        item: Item,
        character: Character,
    }
}
use layers::Layers;
pub use layers::{Layer, LayerTable};

pub use entity_table::Entity as EntityId;

/// Saved as a [`WorldRecord`] (see `record`), never as its tables, which would trust sizes read
/// from the bytes.
#[derive(Debug)]
pub struct World {
    entity_allocator: EntityAllocator,
    components: Components,
    spatial_table: SpatialTable<Layers>,
    player: Entity,
    /// Living NPCs in spawn order: the order they act in, kept so no turn has to sort.
    npcs: Vec<Entity>,
    /// Characters that have died, and corpses removed to make room for a newer one: together
    /// they account for every corpse on the map.
    deaths: u64,
    corpses_replaced: u64,
    /// Corpses in order of death, so reading them never scans the map.
    corpses: Vec<Entity>,
    /// A bit for each fact of each cell's ground ([`BLOCKS_SIGHT`], [`BLOCKS_WALKING`],
    /// [`STOPS_MISSILES`]) and one for a character standing there ([`CHARACTER`]): what sight,
    /// steps, flights and every distance map ask, thousands of times a turn. One byte a cell keeps it in the caches on the largest maps, where the
    /// spatial table's cells are far bigger. Derived from the spatial table, so not saved.
    occupied: Grid<u8>,
    /// How many times what each cell shows has changed (something arrived, left, died or was
    /// taken), so the player's memory of a cell in view is refreshed only when it changed.
    /// Derived, so not saved: a loaded world counts from [`FIRST_CHANGE`] again.
    changes: Grid<u32>,
    /// What the player fights with and in: set by the game from what it has in use, so not
    /// saved.
    player_gear: Gear,
    /// How many times a door within the player's sight radius has opened or closed: what the
    /// player sees from a cell changes only with this (walls never move). Derived, not saved.
    doors_moved: u64,
    /// The level's vaults: where their altars are and whether one has been taken from.
    vaults: Vec<Vault>,
    /// The living NPCs on the player's side, in spawn order: few, so reading them is cheap
    /// where every NPC would not be. Derived from the sides, so not saved.
    allies: Vec<Entity>,
    /// Where the player's side and the captives stand. Derived, not saved.
    side_marks: side_marks::SideMarks,
    /// How many times a character of the player's side has moved, arrived or died: the maps
    /// that lead to them stay right while this stands still. Derived, not saved.
    heroes_moved: u64,
    /// How many times ground has opened or closed to feet for good (a secret door found, a
    /// locked door opened, cages fallen): every map over the ground stays right while this
    /// stands still. Derived, not saved: a loaded game's maps are all measured afresh.
    ground_changes: u64,
}

/// The player's weapon and armour as blows see them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gear {
    pub attack: AttackDice,
    /// A blow that lands on the player loses 0 to this much of its damage (one roll).
    pub armour: u32,
}

impl Gear {
    /// Bare: the player's own blade, no armour.
    pub const BARE: Self = Self {
        attack: balance::PLAYER_ATTACK,
        armour: 0,
    };
}

/// What every cell's change count starts at: never the count a memory starts with (0), so a
/// new or loaded world's cells are all remembered afresh the first time they are in view.
pub const FIRST_CHANGE: u32 = 1;

impl World {
    /// Builds the world for a generated or hand-made level: one floor entity under every open
    /// cell, one wall feature on every wall cell, then the player and the NPCs.
    pub fn from_terrain(terrain: &Terrain) -> Self {
        let mut entity_allocator = EntityAllocator::default();
        let player = entity_allocator.alloc();
        let mut world = Self {
            entity_allocator,
            components: Components::default(),
            spatial_table: SpatialTable::new(terrain.grid.size()),
            player,
            npcs: Vec::with_capacity(terrain.npcs.len()),
            deaths: 0,
            corpses_replaced: 0,
            // Room for every death, so a kill never grows the list in mid-game.
            corpses: Vec::with_capacity(terrain.npcs.len() + 1),
            occupied: Grid::new_copy(terrain.grid.size(), 0),
            changes: Grid::new_copy(terrain.grid.size(), FIRST_CHANGE),
            player_gear: Gear::BARE,
            doors_moved: 0,
            vaults: terrain.vaults.iter().map(Vault::from_spawn).collect(),
            allies: Vec::new(),
            side_marks: side_marks::SideMarks::new(terrain.grid.size()),
            heroes_moved: 0,
            ground_changes: 0,
        };
        world.place(
            player,
            (terrain.player, Layer::Character).into(),
            Tile::Player,
        );
        let player_hit_points = HitPoints::full(balance::PLAYER_MAX_HIT_POINTS);
        world.set_particulars(player, |p| {
            p.hit_points = Some(player_hit_points);
            p.side = Some(Side::Hero);
        });
        (world.side_marks).mark(terrain.player, Some(Side::Hero));
        for (coord, tile) in terrain.grid.enumerate() {
            let (layer, tile) = match tile {
                TerrainTile::Floor => (Layer::Floor, Tile::Floor),
                TerrainTile::Wall => (Layer::Feature, Tile::Wall),
                TerrainTile::Stairs => (Layer::Floor, Tile::Stairs),
                TerrainTile::Door => {
                    // A doorway is floor with a door standing in it.
                    world.spawn(Location::from((coord, Layer::Floor)), Tile::Floor);
                    (Layer::Feature, Tile::Door)
                }
                TerrainTile::SecretDoor => (Layer::Feature, Tile::SecretDoor),
                TerrainTile::DeepWater => (Layer::Feature, Tile::DeepWater),
                TerrainTile::ShallowWater => (Layer::Floor, Tile::ShallowWater),
                TerrainTile::Chasm => (Layer::Feature, Tile::Chasm),
                TerrainTile::ChasmEdge => (Layer::Floor, Tile::ChasmEdge),
                TerrainTile::Bridge => (Layer::Floor, Tile::Bridge),
                TerrainTile::Altar => (Layer::Floor, Tile::Altar),
                TerrainTile::CagedAltar => {
                    world.spawn(Location::from((coord, Layer::Floor)), Tile::Altar);
                    (Layer::Feature, Tile::Cage)
                }
                TerrainTile::LockedDoor => {
                    world.spawn(Location::from((coord, Layer::Floor)), Tile::Floor);
                    (Layer::Feature, Tile::LockedDoor)
                }
            };
            world.spawn(Location::from((coord, layer)), tile);
        }
        for item in &terrain.items {
            world.put_item(item.coord, item.item, item.count);
        }
        for npc in &terrain.npcs {
            world.spawn_npc(npc.coord, npc.kind);
        }
        world
    }

    fn spawn(&mut self, location: Location<Layer>, tile: Tile) -> Entity {
        let entity = self.entity_allocator.alloc();
        self.place(entity, location, tile);
        entity
    }

    fn place(&mut self, entity: Entity, location: Location<Layer>, tile: Tile) {
        self.spatial_table
            .update(entity, location)
            .expect("spawn location is inside the map and free on its layer");
        self.changed(location.coord);
        self.set_occupied(location.coord, tile_bits(tile), true);
        self.components.tile.insert(entity, tile);
    }

    /// The secret door at `coord` is found: it becomes a door (closed) with floor under it.
    /// False if there is none there.
    pub fn reveal_secret_door(&mut self, coord: coord_2d::ICoord) -> bool {
        let Some(feature) = self
            .spatial_table
            .layers_at(coord)
            .and_then(|layers| layers.feature)
        else {
            return false;
        };
        if self.components.tile.get(feature) != Some(&Tile::SecretDoor) {
            return false;
        }
        self.components.tile.insert(feature, Tile::Door);
        self.spawn(Location::from((coord, Layer::Floor)), Tile::Floor);
        self.refresh_bits(coord);
        self.ground_changes += 1;
        true
    }

    /// A monster arrives in mid-game (a wizard's command) on a cell it could enter.
    pub fn add_npc(&mut self, coord: coord_2d::ICoord, kind: NpcKind) -> Entity {
        self.spawn_npc(coord, kind)
    }

    /// A character stands at once on `to`, a cell it could enter (a wizard's command).
    pub fn put_character(&mut self, entity: Entity, to: coord_2d::ICoord) {
        let from = self.coord_of(entity);
        self.spatial_table
            .update_coord(entity, to)
            .expect("the caller checked the cell is inside the map and free");
        self.set_character_gone(from);
        self.set_character_here(to);
        self.hero_moved(entity, from, to);
    }

    fn spawn_npc(&mut self, coord: coord_2d::ICoord, kind: NpcKind) -> Entity {
        let entity = self.spawn((coord, Layer::Character).into(), Tile::Npc(kind));
        let hit_points = HitPoints::full(kind.rules().hit_points);
        self.set_particulars(entity, |p| {
            p.kind = Some(kind);
            p.side = Some(Side::Dungeon);
            p.hit_points = Some(hit_points);
        });
        self.npcs.push(entity);
        entity
    }

    /// Removes an entity from both tables at once, so neither can hold a stale id. The id is
    /// retired, not handed back to the allocator: only a wizard spawns in mid-game, so it
    /// would hardly be reused, and handing it back grows the allocator's free list in mid-turn.
    fn despawn(&mut self, entity: Entity) {
        if let Some(coord) = self.spatial_table.coord_of(entity) {
            self.changed(coord);
        }
        self.spatial_table.remove(entity);
        self.components.remove_entity(entity);
    }

    /// Rebuilds what is derived from the tables, after loading.
    pub fn rebuild_derived(&mut self) {
        let size = self.size();
        self.occupied = Grid::new_fn(size, |coord| {
            self.spatial_table
                .layers_at(coord)
                .map_or(0, |layers| self.occupied_bits(layers))
        });
        self.changes = Grid::new_copy(size, FIRST_CHANGE);
        self.rebuild_allies();
        self.rebuild_side_marks();
    }

    pub fn size(&self) -> UCoord {
        self.spatial_table.grid_size()
    }
}
