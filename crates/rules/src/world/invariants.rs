//! Checks that must hold after every turn, for tests that drive the game with random input.

use super::{Layer, Tile, World};
use crate::terrain::Ground;

impl World {
    /// Every broken rule, described; empty when the world is consistent.
    pub fn invariant_violations(&self) -> Vec<String> {
        let mut problems = self.consistency_violations();
        problems.extend(self.derived_violations());
        problems.extend(self.fire_and_gas_violations());
        problems
    }

    /// Fire only where it can be (never on water or in a wall that does not burn), gas never
    /// inside a wall, each burning cell listed once, every character on fire alive.
    fn fire_and_gas_violations(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let burning = self.fires().cells();
        for (i, &cell) in burning.iter().enumerate() {
            if !self.fires().is_burning(cell) || burning[..i].contains(&cell) {
                problems.push(format!("{cell}: listed as burning but not, or twice"));
            }
            if self.puts_out_fire(cell) || (self.blocks_walking(cell) && self.fuel(cell).is_none())
            {
                problems.push(format!("{cell}: fire where none can be"));
            }
        }
        for cell in self.gases().cells() {
            let rules = self.ground_at(cell).rules();
            if rules.blocks_gas && !rules.door {
                problems.push(format!("{cell}: gas inside a wall"));
            }
        }
        for &character in self.burning_characters() {
            if !self.is_alive(character) {
                problems.push(format!("{character:?} burns but is not alive"));
            }
        }
        problems
    }

    /// Every broken rule among the facts themselves, leaving out the grids derived from them:
    /// what a loaded world must satisfy, its derived grids having just been built from it.
    pub fn consistency_violations(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut characters = 0;
        for (coord, layers) in self.spatial_table.enumerate() {
            let Some(entity) = layers.character else {
                continue;
            };
            characters += 1;
            if self.spatial_table.coord_of(entity) != Some(coord) {
                problems.push(format!("character at {coord} is recorded elsewhere"));
            }
            // A cage that closed over an altar keeps in whoever stood there (tests/vaults.rs).
            let caged = (layers.feature).and_then(|f| self.components.tile.get(f))
                == Some(&Tile::Ground(Ground::CAGE));
            // A flier floats over water and chasms, a swimmer swims in deep water.
            let afloat = self.can_walk_onto(entity, coord);
            if self.blocks_walking(coord) && !caged && !afloat {
                problems.push(format!("character inside a wall at {coord}"));
            }
            if self.side_of(entity).is_none() {
                problems.push(format!("character at {coord} has no side"));
            }
            match (self.components.tile.get(entity), self.hit_points(entity)) {
                (
                    Some(Tile::Player | Tile::Npc(_) | Tile::Ally(_) | Tile::Captive(_)),
                    Some(hp),
                ) if hp.current > 0 => {
                    if hp.current > hp.max {
                        problems.push(format!("{coord}: hit points {hp:?} over the maximum"));
                    }
                }
                other => problems.push(format!("character at {coord} has {other:?}")),
            }
        }
        let living = self.npcs.len() + usize::from(self.is_player_alive());
        if characters != living {
            problems.push(format!(
                "{characters} characters on the map, {living} alive"
            ));
        }
        // The player's row, wherever it stands, is the player's own, or its corpse once it
        // died (a damaged save may point at the floor).
        let row = (
            self.components.tile.get(self.player).copied(),
            self.spatial_table.layer_of(self.player),
        );
        let sound = match row {
            (Some(Tile::Player), Some(Layer::Character)) => true,
            (Some(Tile::Corpse), Some(Layer::Corpse)) | (_, None) => !self.is_player_alive(),
            _ => false,
        };
        if !sound {
            problems.push(format!("the player's row is {row:?}"));
        }
        for &npc in &self.npcs {
            if self.spatial_table.layer_of(npc) != Some(Layer::Character) {
                problems.push(format!("NPC {npc:?} in the living list is not a character"));
            }
        }
        let corpses = self.count_corpses() as u64;
        if corpses != self.deaths - self.corpses_replaced {
            problems.push(format!(
                "{corpses} corpses after {} deaths and {} replaced corpses",
                self.deaths, self.corpses_replaced
            ));
        }
        problems
    }

    /// Checks a world read from a file before anything relies on it: every entity the world
    /// refers to must have a place on the map, and the map's edge blocks walking, sight and
    /// missiles (as every level's does: sight, flight and every distance map step off an open
    /// cell without a bounds check).
    pub fn check_loaded(&self) -> Result<(), String> {
        let (width, height) = (self.size().width() as i32, self.size().height() as i32);
        let across = (0..width).flat_map(|x| [(x, 0), (x, height - 1)]);
        let down = (0..height).flat_map(|y| [(0, y), (width - 1, y)]);
        if let Some((x, y)) = across
            .chain(down)
            .find(|&(x, y)| !self.is_solid((x, y).into()))
        {
            return Err(format!("the map's edge is open at {x},{y}"));
        }
        let referenced = [self.player].into_iter().chain(self.npcs.iter().copied());
        for entity in referenced.chain(self.corpses.iter().copied()) {
            if self.spatial_table.coord_of(entity).is_none() {
                return Err(format!("entity {entity:?} has no place on the map"));
            }
        }
        Ok(())
    }

    pub fn deaths(&self) -> u64 {
        self.deaths
    }
}
