//! Crystal a staff of obstruction grows: a wall on open ground that stops steps, missiles and
//! gas for a while, then dissolves. Each crystal cell is listed with the turns it has left
//! (saved with the world), so a turn visits only the crystal there is.

use coord_2d::ICoord;
use entity_table::Entity;

use super::{Layer, Tile, World};
use crate::content::Ground;

impl World {
    /// Crystal on every cell of `cells` with nothing standing on its ground (no character, no
    /// feature, ground one may walk on), for `turns` turns; how many cells took it.
    pub fn grow_crystal(&mut self, cells: &[ICoord], turns: u16) -> u32 {
        let mut grown = 0;
        for &cell in cells {
            let Some(layers) = self.spatial_table.layers_at(cell).copied() else {
                continue;
            };
            if layers.feature.is_some() || layers.character.is_some() || self.blocks_walking(cell) {
                continue;
            }
            self.spawn((cell, Layer::Feature).into(), Tile::Ground(Ground::CRYSTAL));
            self.refresh_bits(cell);
            self.derived.ground_log.note(cell);
            self.crystals.push((cell, turns.max(1)));
            grown += 1;
        }
        grown
    }

    /// A turn passes for every crystal: those whose time is up dissolve, leaving the ground
    /// they grew on. How many dissolved.
    pub fn dissolve_crystal(&mut self) -> u32 {
        let mut dissolved = 0;
        let mut i = 0;
        while i < self.crystals.len() {
            let (cell, left) = &mut self.crystals[i];
            *left -= 1;
            if *left > 0 {
                i += 1;
                continue;
            }
            let cell = *cell;
            self.crystals.swap_remove(i);
            if let Some(entity) = self.crystal_entity(cell) {
                self.despawn(entity);
                self.refresh_bits(cell);
                self.derived.ground_log.note(cell);
                dissolved += 1;
            }
        }
        dissolved
    }

    /// The crystal cells with the turns each has left.
    pub fn crystals(&self) -> &[(ICoord, u16)] {
        &self.crystals
    }

    fn crystal_entity(&self, cell: ICoord) -> Option<Entity> {
        let feature = self.spatial_table.layers_at(cell)?.feature?;
        (self.components.tile.get(feature) == Some(&Tile::Ground(Ground::CRYSTAL)))
            .then_some(feature)
    }

    /// Puts the saved crystal list back on a world read from its record: every listed cell
    /// holds crystal, and every crystal is listed.
    pub(super) fn restore_crystals(&mut self, crystals: &[(ICoord, u16)]) -> Result<(), String> {
        for &(cell, left) in crystals {
            if left == 0 || self.crystal_entity(cell).is_none() {
                return Err(format!("no crystal to dissolve at {cell:?}"));
            }
        }
        self.crystals = crystals.to_vec();
        Ok(())
    }
}
