//! Items on the map: one stack a cell on the item layer (beside any corpse), taken whole and put
//! down where there is room.

use std::collections::VecDeque;

use coord_2d::ICoord;
use direction::CardinalDirection;

use super::{Layer, Tile, World};
use crate::content::ItemKind;

/// A stack lying on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lying {
    pub kind: ItemKind,
    pub count: u32,
}

impl World {
    /// The stack lying at `coord`, if any.
    pub fn item_at(&self, coord: ICoord) -> Option<Lying> {
        let entity = self.spatial_table.layers_at(coord)?.item?;
        match self.components.tile.get(entity) {
            Some(&Tile::Item(kind)) => Some(Lying {
                kind,
                count: self.particulars(entity).count.unwrap_or(1),
            }),
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

    /// Takes the stack lying at `coord` off the map, if there is one.
    pub fn take_item(&mut self, coord: ICoord) -> Option<Lying> {
        let lying = self.item_at(coord)?;
        let entity = self.spatial_table.layers_at(coord)?.item?;
        self.despawn(entity);
        Some(lying)
    }

    /// Puts a stack down at `coord`: onto a stack of its kind there, or on the nearest open
    /// cell (by steps over open ground) that holds no other kind. Where it went; None only on
    /// a level with no room at all.
    pub fn put_item(&mut self, coord: ICoord, kind: ItemKind, count: u32) -> Option<ICoord> {
        let place = self.room_for_item(coord, kind)?;
        match self.spatial_table.layers_at(place).and_then(|l| l.item) {
            Some(entity) => {
                if let Some(lying) = (self.particulars_mut(entity)).and_then(|p| p.count.as_mut()) {
                    *lying += count;
                }
                self.changed(place);
            }
            None => {
                let entity = self.spawn((place, Layer::Item).into(), Tile::Item(kind));
                self.set_particulars(entity, |p| p.count = Some(count));
            }
        }
        Some(place)
    }

    fn room_for_item(&self, start: ICoord, kind: ItemKind) -> Option<ICoord> {
        // Nothing lies on deep water or over a chasm; an altar's item stays in its cage.
        let ground = |coord: ICoord| {
            !self.blocks_walking(coord) || self.ground_at(coord) == crate::terrain::Ground::CAGE
        };
        let fits = |coord: ICoord| {
            ground(coord) && self.item_at(coord).is_none_or(|lying| lying.kind == kind)
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
