//! Reading a saved world back: each row is placed in the tables as it is decoded, so a level of
//! a million entities is never held twice (as rows, then as tables). The bytes are the ones
//! [`WorldRecord`](super::WorldRecord) writes. Damaged bytes (with a correct checksum) are an
//! error in words, never a panic or a huge allocation: the map's size is checked before
//! anything is made of it, and nothing is sized by a number read from the bytes but the map.

use std::fmt;

use coord_2d::UCoord;
use entity_table::{Entity, EntityAllocator};
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use spatial_table::{Location, SpatialTable};

use super::particulars::Particulars;
use super::record::{LAYERS, Row, check_kinds, entity_at, positions};
use super::tables::{Components, Layers};
use super::{Vault, World};

/// A world read from its record: built, or what no world could hold, in words.
pub struct ReadWorld(pub Result<(World, Vec<Entity>), String>);

impl<'de> Deserialize<'de> for ReadWorld {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct("WorldRecord", FIELDS, RecordVisitor)
    }
}

/// `WorldRecord`'s fields, in the order it writes them.
const FIELDS: &[&str] = &[
    "size",
    "rows",
    "player",
    "npcs",
    "corpses",
    "deaths",
    "corpses_replaced",
    "vaults",
    "fires",
    "gases",
    "burning",
    "crystals",
    "natures",
    "machines",
];

struct RecordVisitor;

impl<'de> Visitor<'de> for RecordVisitor {
    type Value = ReadWorld;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a world record")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ReadWorld, A::Error> {
        let size: UCoord = field(&mut seq, 0)?;
        let placed = (seq.next_element_seed(RowsSeed { size })?)
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        let lists = Lists {
            player: field(&mut seq, 2)?,
            npcs: field(&mut seq, 3)?,
            corpses: field(&mut seq, 4)?,
            deaths: field(&mut seq, 5)?,
            corpses_replaced: field(&mut seq, 6)?,
            vaults: field(&mut seq, 7)?,
            fires: field(&mut seq, 8)?,
            gases: field(&mut seq, 9)?,
            burning: field(&mut seq, 10)?,
            crystals: field(&mut seq, 11)?,
            natures: field(&mut seq, 12)?,
            machines: field(&mut seq, 13)?,
        };
        Ok(ReadWorld(
            placed.and_then(|tables| tables.finish(size, lists)),
        ))
    }
}

fn field<'de, A: SeqAccess<'de>, T: Deserialize<'de>>(
    seq: &mut A,
    index: usize,
) -> Result<T, A::Error> {
    seq.next_element()?
        .ok_or_else(|| de::Error::invalid_length(index, &"a world record"))
}

/// What the record says after its rows.
struct Lists {
    /// Positions in the rows.
    player: u32,
    npcs: Vec<u32>,
    corpses: Vec<u32>,
    deaths: u64,
    corpses_replaced: u64,
    vaults: Vec<Vault>,
    fires: Vec<(coord_2d::ICoord, super::Flame)>,
    gases: Vec<(coord_2d::ICoord, crate::content::GasKind, u16)>,
    burning: Vec<u32>,
    crystals: Vec<(coord_2d::ICoord, u16)>,
    natures: Vec<(u32, super::Nature)>,
    machines: Vec<super::Machine>,
}

/// The rows of a map of this size, placed as they are read.
struct RowsSeed {
    size: UCoord,
}

impl<'de> DeserializeSeed<'de> for RowsSeed {
    type Value = Result<Tables, String>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for RowsSeed {
    type Value = Result<Tables, String>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("the rows of a world record")
    }

    /// Every row is decoded even after one is found wrong, so that the bytes are read to
    /// their end and an unreadable record stays told apart from an inconsistent one.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut tables = Tables::new(self.size, seq.size_hint());
        while let Some(row) = seq.next_element::<Row>()? {
            if let Ok(placing) = &mut tables
                && let Err(problem) = placing.place(&row)
            {
                tables = Err(problem);
            }
        }
        Ok(tables)
    }
}

/// The entity and spatial tables, filling as rows are read.
struct Tables {
    allocator: EntityAllocator,
    components: Components,
    spatial_table: SpatialTable<Layers>,
    entities: Vec<Entity>,
    placed: usize,
    /// More rows than this, and the map has no room for them.
    room: usize,
}

impl Tables {
    fn new(size: UCoord, rows: Option<usize>) -> Result<Self, String> {
        // Hand-drawn maps may be smaller than generated ones, never larger.
        let max = crate::terrain::MAX_MAP_SIZE;
        let (width, height) = (size.width(), size.height());
        if !(1..=max.width()).contains(&width) || !(1..=max.height()).contains(&height) {
            return Err(format!("a map of {width}x{height} cannot be"));
        }
        let room = size.count() * LAYERS;
        let mut tables = Self {
            allocator: EntityAllocator::default(),
            components: Components::default(),
            spatial_table: SpatialTable::new(size),
            entities: Vec::new(),
            placed: 0,
            room,
        };
        tables.presize(rows.unwrap_or(0).min(room));
        Ok(tables)
    }

    /// entity_table's tables grow by one entity per insert, a resize call each, and by
    /// reallocation. The rows are announced, so their entities are made at once by an allocator
    /// with room for them, and the last one is given a tile and a place and has them taken away
    /// again: every table is sized once, as placing the rows in order leaves it (a quarter of a
    /// large level's load).
    fn presize(&mut self, rows: usize) {
        self.allocator = allocator_with_room(rows as u32);
        self.entities.reserve_exact(rows);
        self.entities
            .extend((0..rows).map(|_| self.allocator.alloc()));
        if let Some(&last) = self.entities.last() {
            let nowhere = Location {
                coord: coord_2d::ICoord::new(0, 0),
                layer: None,
            };
            let _ = self.spatial_table.update(last, nowhere);
            self.components
                .tile
                .insert(last, super::Tile::Ground(crate::terrain::Ground::FLOOR));
            self.spatial_table.remove(last);
            self.components.remove_entity(last);
        }
    }

    fn place(&mut self, row: &Row) -> Result<(), String> {
        if self.placed == self.room {
            return Err("more entities than the map has room for".into());
        }
        check_kinds(row)?;
        let entity = match self.entities.get(self.placed) {
            Some(&announced) => announced,
            None => {
                let entity = self.allocator.alloc();
                self.entities.push(entity);
                entity
            }
        };
        let location = Location {
            coord: row.coord,
            layer: Some(row.layer),
        };
        (self.spatial_table.update(entity, location))
            .map_err(|error| format!("{:?} cannot go at {:?}: {error:?}", row.tile, row.coord))?;
        self.components.tile.insert(entity, row.tile);
        if row.particulars != Particulars::default() {
            self.components.particulars.insert(entity, row.particulars);
        }
        self.placed += 1;
        Ok(())
    }

    fn finish(self, size: UCoord, lists: Lists) -> Result<(World, Vec<Entity>), String> {
        let entities = self.entities;
        if self.placed != entities.len() {
            return Err("fewer rows than announced".into());
        }
        for vault in &lists.vaults {
            vault.check(size)?;
        }
        if lists.vaults.len() > super::vaults::VAULTS_MAX {
            return Err("more vaults than a level holds".into());
        }
        for machine in &lists.machines {
            machine.check(size)?;
        }
        if lists.machines.len() > super::machines::MACHINES_MAX {
            return Err("more machines than a level holds".into());
        }
        let mut world = World {
            entity_allocator: self.allocator,
            components: self.components,
            spatial_table: self.spatial_table,
            player: entity_at(&entities, lists.player)?,
            npcs: positions(&entities, &lists.npcs)?,
            deaths: lists.deaths,
            corpses_replaced: lists.corpses_replaced,
            corpses: positions(&entities, &lists.corpses)?,
            vaults: lists.vaults,
            machines: lists.machines,
            fires: super::fire::Fires::new(size),
            gases: super::gas::Gases::new(size),
            burning: Vec::with_capacity(lists.npcs.len() + 1),
            crystals: Vec::new(),
            natures: super::nature::Natures::with_capacity(lists.npcs.len() + 1),
            derived: super::derived::Derived::new(size),
        };
        world.rebuild_derived();
        world.restore_fires(&lists.fires)?;
        world.restore_gases(&lists.gases)?;
        world.restore_crystals(&lists.crystals)?;
        for burning in positions(&entities, &lists.burning)? {
            if !world.is_alive(burning) || !world.set_on_fire(burning) {
                return Err("a character on fire that is not, or twice".into());
            }
        }
        for &(position, nature) in &lists.natures {
            let entity = entity_at(&entities, position)?;
            if !world.is_alive(entity) || world.natures().of(entity).is_some() {
                return Err("a nature for no character, or twice".into());
            }
            world.set_nature_of(entity, Some(nature));
        }
        Ok((world, entities))
    }
}

/// A fresh allocator whose table of ids has room for `count` entities: allocating them one by
/// one would grow it by reallocation, copying it each time. entity_table offers no way to ask
/// for room but its reading of a saved allocator, whose layout this mirrors: nothing allocated
/// or freed, and the first `count` indices marked with ids equal to themselves, which is what
/// each allocation marks them with again. Should the layout ever differ, a default allocator.
fn allocator_with_room(count: u32) -> EntityAllocator {
    #[derive(serde::Serialize)]
    struct SavedAllocator {
        next_id: u32,
        next_index: u32,
        /// Entities whose id differs from their index, and how many from the first match.
        index_to_id: (Vec<(u32, u32)>, u32),
        free_indices: Vec<u32>,
    }
    let saved = SavedAllocator {
        next_id: 0,
        next_index: 0,
        index_to_id: (Vec::new(), count),
        free_indices: Vec::new(),
    };
    let bytes = postcard::to_allocvec(&saved).expect("numbers and empty lists always encode");
    postcard::from_bytes(&bytes).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::VaultGuard;

    /// The world written as a snapshot writes it and read back; what reading says of it.
    fn read_back(world: &World) -> Result<(), String> {
        let (record, _) = world.to_record();
        let bytes = postcard::to_allocvec(&record).expect("a record encodes");
        let read: ReadWorld = postcard::from_bytes(&bytes).expect("its own bytes decode");
        read.0.map(|_| ())
    }

    #[test]
    fn a_world_with_more_vaults_than_a_level_holds_is_refused_and_one_with_as_many_is_not() {
        let (terrain, _) = crate::terrain::from_ascii(&["#####", "#@..#", "#####"]).expect("map");
        let mut world = World::from_terrain(&terrain);
        let vault = Vault {
            door: coord_2d::ICoord::new(3, 1),
            guard: VaultGuard::Sleepers,
            altars: Vec::new(),
            taken: false,
            room: None,
            seen: false,
        };
        world.set_vaults(vec![vault.clone(); super::super::vaults::VAULTS_MAX]);
        assert_eq!(read_back(&world), Ok(()));
        world.set_vaults(vec![vault; super::super::vaults::VAULTS_MAX + 1]);
        assert_eq!(
            read_back(&world),
            Err("more vaults than a level holds".to_string())
        );
    }

    /// A machine's cells on the map and no more machines than a level holds, or no world: a
    /// machine of as many cells as the map has reads back, one a cell off the map, one of more
    /// cells than any level gives one, or one machine too many does not.
    #[test]
    fn a_world_whose_machines_no_level_could_hold_is_refused() {
        use super::super::machines::{CELLS_MAX, MACHINES_MAX};
        let (terrain, _) = crate::terrain::from_ascii(&["#####", "#@..#", "#####"]).expect("map");
        let mut world = World::from_terrain(&terrain);
        let kind = crate::content::MachineKind::all()
            .next()
            .expect("a machine");
        let corner = coord_2d::ICoord::new(4, 2);
        let machine = |cells: Vec<coord_2d::ICoord>| super::super::Machine {
            kind,
            cells,
            signals: 0,
            dormant: Vec::new(),
            seen: false,
        };
        let whole = world.size().icoord_iter_row_major().collect::<Vec<_>>();
        world.set_machines(vec![machine(whole); MACHINES_MAX]);
        assert_eq!(read_back(&world), Ok(()));
        world.set_machines(vec![machine(vec![corner; CELLS_MAX])]);
        assert_eq!(read_back(&world), Ok(()));
        for cells in [
            vec![corner + coord_2d::ICoord::new(1, 0)],
            vec![corner + coord_2d::ICoord::new(0, 1)],
            vec![coord_2d::ICoord::new(-1, 1)],
            vec![corner; CELLS_MAX + 1],
        ] {
            world.set_machines(vec![machine(cells)]);
            assert!(read_back(&world).is_err_and(|e| e.contains("no level could hold")));
        }
        world.set_machines(vec![machine(vec![corner]); MACHINES_MAX + 1]);
        assert_eq!(
            read_back(&world),
            Err("more machines than a level holds".to_string())
        );
    }

    #[test]
    fn an_allocator_with_room_allocates_as_a_fresh_one() {
        let (mut roomy, mut fresh) = (allocator_with_room(1000), EntityAllocator::default());
        for _ in 0..1000 {
            assert_eq!(roomy.alloc(), fresh.alloc());
        }
        assert_eq!(format!("{roomy:?}"), format!("{fresh:?}"));
        assert_eq!(roomy.alloc(), fresh.alloc());
    }
}
