//! The world as a saved game keeps it: every entity on the map as a plain row (where, on which
//! layer, what it is), in the order of its id, and the lists that refer to them by position.
//! Reading one back builds the world through the same calls play uses, checking every row
//! first, so damaged bytes (with a correct checksum) are an error, never a panic or a huge
//! allocation: the map's size is checked before anything is made of it, and nothing is sized
//! by a number read from the bytes but the map.

use coord_2d::{ICoord, UCoord};
use entity_table::{ComponentTable, Entity, EntityAllocator};
use grid_2d::Grid;
use serde::{Deserialize, Serialize};
use spatial_table::{Location, SpatialTable};

use super::{FIRST_CHANGE, HitPoints, Layer, Tile, World, components::Components};
use crate::content::{ItemKind, NpcKind};

/// One entity on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Row {
    coord: ICoord,
    layer: Layer,
    tile: Tile,
    side: Option<super::Side>,
    kind: Option<NpcKind>,
    hit_points: Option<HitPoints>,
    count: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorldRecord {
    size: UCoord,
    rows: Vec<Row>,
    /// Positions in `rows`.
    player: u32,
    npcs: Vec<u32>,
    corpses: Vec<u32>,
    deaths: u64,
    corpses_replaced: u64,
    vaults: Vec<super::Vault>,
}

/// Layers a cell has room for: no map holds more entities than this many a cell.
const LAYERS: usize = 5;

impl World {
    /// The world as rows, and the entity of each row (to write other tables by row position).
    pub fn to_record(&self) -> (WorldRecord, Vec<Entity>) {
        let mut entities: Vec<Entity> = Vec::new();
        for (_, layers) in self.spatial_table.enumerate() {
            layers.option_for_each(|&entity| entities.push(entity));
        }
        entities.sort_unstable();
        let row = |entity: Entity| {
            let location = self.spatial_table.location_of(entity).copied();
            let location = location.expect("every entity listed is on the map");
            Row {
                coord: location.coord,
                layer: location.layer.expect("every entity is on a layer"),
                tile: self
                    .components
                    .tile
                    .get(entity)
                    .copied()
                    .unwrap_or(Tile::Floor),
                side: self.components.side.get(entity).copied(),
                kind: self.components.npc_kind.get(entity).copied(),
                hit_points: self.components.hit_points.get(entity).copied(),
                count: self.components.count.get(entity).copied(),
            }
        };
        let position = |entity: Entity| {
            entities
                .binary_search(&entity)
                .map_or(u32::MAX, |at| at as u32)
        };
        let record = WorldRecord {
            size: self.size(),
            rows: entities.iter().map(|&e| row(e)).collect(),
            player: position(self.player),
            npcs: self.npcs.iter().map(|&e| position(e)).collect(),
            corpses: self.corpses.iter().map(|&e| position(e)).collect(),
            deaths: self.deaths,
            corpses_replaced: self.corpses_replaced,
            vaults: self.vaults.clone(),
        };
        (record, entities)
    }

    /// The world a record describes, and the entity made for each row; an error in words for
    /// any row or reference that no world could hold.
    pub fn from_record(record: WorldRecord) -> Result<(Self, Vec<Entity>), String> {
        // Hand-drawn maps may be smaller than generated ones, never larger.
        let max = crate::terrain::MAX_MAP_SIZE;
        let (width, height) = (record.size.width(), record.size.height());
        if !(1..=max.width()).contains(&width) || !(1..=max.height()).contains(&height) {
            return Err(format!("a map of {width}x{height} cannot be"));
        }
        if record.rows.len() > record.size.count() * LAYERS {
            return Err("more entities than the map has room for".into());
        }
        for vault in &record.vaults {
            vault.check(record.size)?;
        }
        if record.vaults.len() > super::vaults::VAULTS_MAX {
            return Err("more vaults than a level holds".into());
        }
        let mut allocator = EntityAllocator::default();
        let entities: Vec<Entity> = record.rows.iter().map(|_| allocator.alloc()).collect();
        let mut world = Self {
            entity_allocator: allocator,
            components: Components::default(),
            spatial_table: SpatialTable::new(record.size),
            player: entity_at(&entities, record.player)?,
            npcs: positions(&entities, &record.npcs)?,
            deaths: record.deaths,
            corpses_replaced: record.corpses_replaced,
            corpses: positions(&entities, &record.corpses)?,
            occupied: Grid::new_copy(record.size, 0),
            changes: Grid::new_copy(record.size, FIRST_CHANGE),
            player_gear: super::Gear::BARE,
            doors_moved: 0,
            vaults: record.vaults,
            allies: Vec::new(),
            heroes_moved: 0,
            ground_changes: 0,
        };
        for (&entity, row) in entities.iter().zip(&record.rows) {
            world.place_row(entity, row)?;
        }
        world.rebuild_derived();
        Ok((world, entities))
    }

    fn place_row(&mut self, entity: Entity, row: &Row) -> Result<(), String> {
        check_kinds(row)?;
        let location = Location {
            coord: row.coord,
            layer: Some(row.layer),
        };
        self.spatial_table
            .update(entity, location)
            .map_err(|error| format!("{:?} cannot go at {:?}: {error:?}", row.tile, row.coord))?;
        self.components.tile.insert(entity, row.tile);
        if let Some(side) = row.side {
            self.components.side.insert(entity, side);
        }
        if let Some(kind) = row.kind {
            self.components.npc_kind.insert(entity, kind);
        }
        if let Some(hit_points) = row.hit_points {
            self.components.hit_points.insert(entity, hit_points);
        }
        if let Some(count) = row.count {
            self.components.count.insert(entity, count);
        }
        Ok(())
    }
}

/// Every kind a row names is in the tables.
fn check_kinds(row: &Row) -> Result<(), String> {
    let npc_in_range = |kind: NpcKind| kind.index() < NpcKind::all().len();
    let item_in_range = |kind: ItemKind| kind.index() < ItemKind::all().len();
    let tile_ok = match row.tile {
        Tile::Npc(kind) | Tile::Ally(kind) | Tile::Captive(kind) => npc_in_range(kind),
        Tile::Item(kind) => item_in_range(kind),
        _ => true,
    };
    if tile_ok && row.kind.is_none_or(npc_in_range) {
        Ok(())
    } else {
        Err(format!("a kind outside the tables at {:?}", row.coord))
    }
}

fn entity_at(entities: &[Entity], position: u32) -> Result<Entity, String> {
    (entities.get(position as usize).copied())
        .ok_or_else(|| format!("a reference to entity {position} of {}", entities.len()))
}

fn positions(entities: &[Entity], positions: &[u32]) -> Result<Vec<Entity>, String> {
    positions.iter().map(|&p| entity_at(entities, p)).collect()
}

/// A table keyed by entity, as rows by position.
pub fn table_rows<T: Copy>(table: &ComponentTable<T>, entities: &[Entity]) -> Vec<(u32, T)> {
    let mut rows: Vec<(u32, T)> = table
        .iter()
        .filter_map(|(entity, &value)| Some((entities.binary_search(&entity).ok()? as u32, value)))
        .collect();
    rows.sort_unstable_by_key(|&(position, _)| position);
    rows
}

/// Rows by position back into a table keyed by the entities made for them.
pub fn table_from_rows<T>(
    rows: Vec<(u32, T)>,
    entities: &[Entity],
) -> Result<ComponentTable<T>, String> {
    let mut table = ComponentTable::default();
    for (position, value) in rows {
        table.insert(entity_at(entities, position)?, value);
    }
    Ok(table)
}
