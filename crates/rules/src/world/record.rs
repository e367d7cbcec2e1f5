//! The world as a saved game keeps it: every entity on the map as a plain row (where, on which
//! layer, what it is), in the order of its id, and the lists that refer to them by position.
//! `record_reader` reads one back, placing each row as it is decoded.

use coord_2d::{ICoord, UCoord};
use entity_table::{ComponentTable, Entity};
use serde::{Deserialize, Serialize};

use super::particulars::Particulars;
use super::{Layer, Tile, World};
use crate::content::{Ground, ItemKind, NpcKind};

/// One entity on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Row {
    pub(super) coord: ICoord,
    pub(super) layer: Layer,
    pub(super) tile: Tile,
    /// Written as its four fields in turn (postcard writes a struct as its fields), as the rows
    /// were written before the world kept them in one table.
    pub(super) particulars: Particulars,
}

/// Read back by `record_reader`, which places the rows as it decodes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
    /// The burning cells, in the order they caught.
    fires: Vec<(ICoord, super::Flame)>,
    /// The cells with gas, in the order they first filled.
    gases: Vec<(ICoord, crate::content::GasKind, u16)>,
    /// The characters on fire (positions in `rows`), in the order they caught.
    burning: Vec<u32>,
    /// The crystal cells, each with the turns it has left.
    crystals: Vec<(ICoord, u16)>,
    /// What characters are beyond their kinds (positions in `rows`).
    natures: Vec<(u32, super::Nature)>,
    machines: Vec<super::Machine>,
}

/// Layers a cell has room for: no map holds more entities than this many a cell.
pub(super) const LAYERS: usize = 5;

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
                    .unwrap_or(Tile::Ground(Ground::FLOOR)),
                particulars: self.particulars(entity),
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
            fires: self.fires.record(),
            gases: self.gases.record(),
            burning: self.burning.iter().map(|&e| position(e)).collect(),
            crystals: self.crystals.clone(),
            natures: (self.natures.iter())
                .map(|&(e, nature)| (position(e), nature))
                .collect(),
            machines: self.machines.clone(),
        };
        (record, entities)
    }
}

/// Every kind a row names is in the tables.
pub(super) fn check_kinds(row: &Row) -> Result<(), String> {
    let npc_in_range = |kind: NpcKind| kind.index() < NpcKind::all().len();
    let item_in_range = |kind: ItemKind| kind.index() < ItemKind::all().len();
    let tile_ok = match row.tile {
        Tile::Npc(kind) | Tile::Ally(kind) | Tile::Captive(kind) => npc_in_range(kind),
        Tile::Item(kind) => item_in_range(kind),
        _ => true,
    };
    if tile_ok && row.particulars.kind.is_none_or(npc_in_range) {
        Ok(())
    } else {
        Err(format!("a kind outside the tables at {:?}", row.coord))
    }
}

pub(super) fn entity_at(entities: &[Entity], position: u32) -> Result<Entity, String> {
    (entities.get(position as usize).copied())
        .ok_or_else(|| format!("a reference to entity {position} of {}", entities.len()))
}

pub(super) fn positions(entities: &[Entity], positions: &[u32]) -> Result<Vec<Entity>, String> {
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
