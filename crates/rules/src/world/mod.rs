//! The state of a level: an entity table of components plus a spatial table of where things are.
//!
//! `World` keeps the two tables consistent: every entity with a location has its components, and an
//! entity leaves both tables at once. Queries live in `query.rs`, changes in `action.rs`.

mod action;
mod cell_bits;
mod crystal;
mod derived;
mod fire;
mod flight;
mod gas;
mod ground_log;
mod hazard;
mod invariants;
mod items;
mod light;
mod lights;
mod nature;
mod placement;
mod plates;

mod light_shape;
mod machines;
mod particulars;
mod query;
mod record;
mod record_reader;
mod side_marks;
mod sides;
mod tables;
mod tile;
mod vaults;

pub use action::{ActOutcome, Attack};
use coord_2d::UCoord;
pub use derived::{FIRST_CHANGE, Gear, ToldByGame};
use entity_table::{Entity, EntityAllocator};
pub use fire::{FireChanges, Fires, Flame};
pub use flight::{Over, flight_cells};
pub use gas::Gases;
pub use items::{Lying, Tuning};
pub use light::LightHere;
pub use machines::{Landing, Landings, Machine};
pub use nature::{Nature, Natures};
pub use particulars::HitPoints;
pub(crate) use query::Floorplan;
pub use record::{WorldRecord, table_from_rows, table_rows};
pub use record_reader::ReadWorld;
pub use sides::Side;
use spatial_table::{Location, SpatialTable};
use tables::{Components, Layers};
pub use tables::{Layer, LayerTable};
pub use tile::Tile;
pub use vaults::Vault;

use crate::balance;
use crate::content::{GroundLayer, NpcKind};
use crate::terrain::{Ground, Terrain};
use cell_bits::*;

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
    /// The level's vaults: where their altars are and whether one has been taken from.
    vaults: Vec<Vault>,
    /// The level's machines: their cells and how often each has gone off (saved).
    machines: Vec<Machine>,
    /// The cells that burn (saved).
    fires: fire::Fires,
    /// The gas on each cell (saved).
    gases: gas::Gases,
    /// The characters on fire, in the order they caught (saved).
    burning: Vec<Entity>,
    /// The crystal cells, each with the turns it has left (saved).
    crystals: Vec<(coord_2d::ICoord, u16)>,
    /// What characters are beyond their kinds (see `nature`), by entity: few have anything,
    /// so a short list keeps it off the particulars every turn reads (saved).
    natures: nature::Natures,
    /// What is kept for speed beside the facts above: grids, lists and counts worked out from
    /// them (or set by the game), never saved, rebuilt after loading and compared with a
    /// rebuild by the invariants (see `derived`).
    derived: derived::Derived,
}

/// The cells of a level that glow, and their light: ground whose row gives light, and ground a
/// feature stands on that does (an altar under its cage).
fn glowing(terrain: &Terrain) -> Vec<(coord_2d::ICoord, crate::content::LightKind)> {
    let mut glowing = Vec::new();
    for (cell, ground) in terrain.grid.enumerate() {
        let rules = ground.rules();
        let under = rules.on.and_then(|under| under.rules().light);
        for light in [under, rules.light].into_iter().flatten() {
            glowing.push((cell, light));
        }
    }
    glowing
}

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
            vaults: terrain.vaults.iter().map(Vault::from_spawn).collect(),
            machines: terrain.machines.iter().map(Machine::from_spawn).collect(),
            fires: fire::Fires::new(terrain.grid.size()),
            gases: gas::Gases::new(terrain.grid.size()),
            // Room for every character to burn at once.
            burning: Vec::with_capacity(terrain.npcs.len() + 1),
            crystals: Vec::new(),
            natures: nature::Natures::with_capacity(terrain.npcs.len() + 1),
            derived: derived::Derived::new(terrain.grid.size()),
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
        (world.derived.side_marks).mark(terrain.player, Some(Side::Hero));
        for (coord, &ground) in terrain.grid.enumerate() {
            world.lay_ground(coord, ground);
        }
        world.derived.lights = lights::Lights::new(terrain.grid.size(), glowing(terrain));
        world.light_up();
        for item in &terrain.items {
            world.put_item(item.coord, item.item, item.count);
        }
        for npc in &terrain.npcs {
            world.spawn_npc(npc.coord, npc.kind);
        }
        world.gases.walls_from(&terrain.grid);
        for &(cell, kind, volume) in &terrain.gas {
            world.release_gas(cell, kind, volume);
        }
        world
    }

    /// Ground of this kind on a cell with none: in the layer its row says, over what it
    /// stands on (a doorway's floor under its door).
    fn lay_ground(&mut self, coord: coord_2d::ICoord, ground: Ground) {
        let rules = ground.rules();
        let layer = match rules.layer {
            GroundLayer::Floor => Layer::Floor,
            GroundLayer::Feature => Layer::Feature,
        };
        if let Some(under) = rules.on {
            self.spawn(Location::from((coord, Layer::Floor)), Tile::Ground(under));
        }
        self.spawn(Location::from((coord, layer)), Tile::Ground(ground));
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
        if let Tile::Ground(_) = tile {
            self.refresh_fuel(location.coord);
            self.refresh_plate(location.coord);
        }
    }

    /// The secret at `coord` is found: it becomes what its row says it is found as (a secret
    /// door a door, closed, over what that stands on; a hidden trap the trap). The ground it
    /// was, if there was one there.
    pub fn reveal_secret(&mut self, coord: coord_2d::ICoord) -> Option<Ground> {
        let layers = self.spatial_table.layers_at(coord)?;
        let (entity, ground, found_as) = [layers.feature, layers.floor]
            .into_iter()
            .flatten()
            .find_map(|entity| match self.components.tile.get(entity) {
                Some(&Tile::Ground(ground)) => Some((entity, ground, ground.rules().found_as?)),
                _ => None,
            })?;
        self.components.tile.insert(entity, Tile::Ground(found_as));
        if let Some(under) = found_as.rules().on {
            self.spawn(Location::from((coord, Layer::Floor)), Tile::Ground(under));
        }
        self.refresh_bits(coord);
        self.derived.ground_log.note(coord);
        Some(ground)
    }

    /// The entity standing in the cell's feature layer and the kind of ground it is, if it is
    /// ground.
    pub(super) fn feature_ground(&self, coord: coord_2d::ICoord) -> Option<(Entity, Ground)> {
        let feature = self.spatial_table.layers_at(coord)?.feature?;
        match self.components.tile.get(feature) {
            Some(&Tile::Ground(ground)) => Some((feature, ground)),
            _ => None,
        }
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
        self.note_carrier(entity, true);
        // An eel starts under its water, a phantom unseen.
        let rules = kind.rules();
        if rules.has(crate::content::NpcTrait::Submerges) {
            self.derived.swimmers.push(entity);
        }
        if rules.has(crate::content::NpcTrait::Submerges)
            || rules.has(crate::content::NpcTrait::Invisible)
        {
            self.set_unseen(entity, true);
        }
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

    pub fn size(&self) -> UCoord {
        self.spatial_table.grid_size()
    }
}
