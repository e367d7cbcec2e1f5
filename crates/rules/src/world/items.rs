//! Items on the map: one stack a cell on the item layer (beside any corpse), taken whole and put
//! down where there is room.

use std::collections::VecDeque;

use coord_2d::ICoord;
use direction::CardinalDirection;

use serde::{Deserialize, Serialize};

use super::{Layer, Tile, World};
use crate::content::ItemKind;

/// What one item is besides its kind: its levels of enchanting and, for a staff or a wand, the
/// charges it holds and the turns until a staff's next one comes back. It goes where the item
/// goes: into the pack, onto the floor, and back.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tuning {
    pub enchant: u8,
    pub charges: u8,
    pub recharge_in: u16,
}

impl Tuning {
    /// An item as it is found: no enchanting, every charge its row gives.
    pub fn fresh(kind: ItemKind) -> Self {
        let charges = kind.rules().use_.charges().unwrap_or(0);
        Self {
            enchant: 0,
            charges: u8::try_from(charges).unwrap_or(u8::MAX),
            recharge_in: 0,
        }
    }
}

/// A stack lying on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lying {
    pub kind: ItemKind,
    pub count: u32,
    pub tuning: Tuning,
    /// The player put it down: walking over it does not take it again.
    pub dropped: bool,
}

impl World {
    /// The stack lying at `coord`, if any.
    pub fn item_at(&self, coord: ICoord) -> Option<Lying> {
        let entity = self.spatial_table.layers_at(coord)?.item?;
        match self.components.tile.get(entity) {
            Some(&Tile::Item(kind)) => {
                let particulars = self.particulars(entity);
                Some(Lying {
                    kind,
                    count: particulars.count.unwrap_or(1),
                    tuning: particulars.tuning.unwrap_or_else(|| Tuning::fresh(kind)),
                    dropped: particulars.dropped,
                })
            }
            _ => None,
        }
    }

    /// Every stack on the map, row by row.
    pub fn items_lying(&self) -> impl Iterator<Item = (ICoord, Lying)> + '_ {
        self.spatial_table
            .enumerate()
            .filter(|(_, layers)| layers.item.is_some())
            .filter_map(|(coord, _)| Some((coord, self.item_at(coord)?)))
    }

    /// Marks the stack lying at `coord` as put down by the player (see [`Lying::dropped`]).
    pub fn mark_dropped(&mut self, coord: ICoord) {
        let Some(entity) = self.spatial_table.layers_at(coord).and_then(|l| l.item) else {
            return;
        };
        self.set_particulars(entity, |p| p.dropped = true);
        self.changed(coord);
    }

    /// Takes the stack lying at `coord` off the map, if there is one.
    pub fn take_item(&mut self, coord: ICoord) -> Option<Lying> {
        let lying = self.item_at(coord)?;
        let entity = self.spatial_table.layers_at(coord)?.item?;
        self.despawn(entity);
        Some(lying)
    }

    /// Puts a stack down at `coord`: onto a stack of its kind (and tuning) there, or on the
    /// nearest open cell (by steps over open ground) that holds nothing else. Where it went;
    /// None only on a level with no room at all.
    pub fn put_item(&mut self, coord: ICoord, kind: ItemKind, count: u32) -> Option<ICoord> {
        self.put_tuned_item(coord, kind, count, Tuning::fresh(kind))
    }

    /// [`World::put_item`] for an item with a tuning of its own (a staff used, a ring
    /// enchanted).
    pub fn put_tuned_item(
        &mut self,
        coord: ICoord,
        kind: ItemKind,
        count: u32,
        tuning: Tuning,
    ) -> Option<ICoord> {
        let place = self.room_for_item(coord, kind, tuning)?;
        match self.spatial_table.layers_at(place).and_then(|l| l.item) {
            Some(entity) => {
                if let Some(lying) = (self.particulars_mut(entity)).and_then(|p| p.count.as_mut()) {
                    *lying += count;
                }
                self.changed(place);
            }
            None => {
                let entity = self.spawn((place, Layer::Item).into(), Tile::Item(kind));
                let tuned = (tuning != Tuning::fresh(kind)).then_some(tuning);
                self.set_particulars(entity, |p| {
                    p.count = Some(count);
                    p.tuning = tuned;
                });
            }
        }
        Some(place)
    }

    fn room_for_item(&self, start: ICoord, kind: ItemKind, tuning: Tuning) -> Option<ICoord> {
        // Nothing lies on deep water or over a chasm; an altar's item stays in its cage.
        let ground = |coord: ICoord| {
            !self.blocks_walking(coord) || self.ground_at(coord) == crate::terrain::Ground::CAGE
        };
        let fits = |coord: ICoord| {
            ground(coord)
                && self
                    .item_at(coord)
                    .is_none_or(|lying| lying.kind == kind && lying.tuning == tuning)
        };
        if fits(start) {
            return Some(start);
        }
        let mut seen = vec![start];
        let mut queue = VecDeque::from([start]);
        while let Some(coord) = queue.pop_front() {
            for direction in CardinalDirection::all() {
                let next = coord + direction.coord();
                if self.blocks_walking(next) || seen.contains(&next) {
                    continue;
                }
                if fits(next) {
                    return Some(next);
                }
                seen.push(next);
                queue.push_back(next);
            }
        }
        None
    }
}
