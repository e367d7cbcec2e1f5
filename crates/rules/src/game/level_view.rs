//! The level as the app draws it and the tests read it: each cell as the player knows it,
//! its ground, fire, gas and light, borrowed from a game through [`Game::level`]. Ground
//! truth is marked as such: the app shows it only where the player sees.

use coord_2d::ICoord;

use super::{Brightness, CellLight, CellView, Game};
use crate::visibility::CellVisibility;

/// A read-only view of the game's level (see the module's words).
#[derive(Clone, Copy)]
pub struct LevelView<'a>(&'a Game);

impl Game {
    /// The level, to read.
    pub fn level(&self) -> LevelView<'_> {
        LevelView(self)
    }
}

impl LevelView<'_> {
    /// True where walking in means a fall to the next depth (what the app asks about first).
    pub fn is_chasm(&self, coord: ICoord) -> bool {
        self.0.world.falls(coord)
    }

    /// The trap (or a machine's flagstone) the player knows lies on the cell (found, and seen
    /// or remembered there): what the app asks about before a step onto it. A hidden one is
    /// floor to the player.
    pub fn known_trap(&self, coord: ICoord) -> Option<crate::content::Ground> {
        match self.cell_view(coord).tiles.floor {
            Some(crate::world::Tile::Ground(ground)) if ground.rules().is_known_plate() => {
                Some(ground)
            }
            _ => None,
        }
    }

    /// The cell as the player knows it: live if in view, the last sighting if remembered.
    pub fn cell_view(&self, coord: ICoord) -> CellView {
        let visibility = self.0.visibility.cell_visibility(coord);
        let tiles = match visibility {
            CellVisibility::Visible => self.0.world.tiles_at(coord),
            CellVisibility::Remembered | CellVisibility::Mapped | CellVisibility::NeverSeen => {
                self.0.visibility.memory(coord)
            }
        };
        CellView { visibility, tiles }
    }

    /// Fire on a cell the player sees now, if any: what is burning is seen only in view.
    pub fn fire_in_view(&self, coord: ICoord) -> Option<crate::world::Flame> {
        let seen = self.0.visibility.cell_visibility(coord) == CellVisibility::Visible;
        self.0.world.fires().flame_at(coord).filter(|_| seen)
    }

    /// Gas on a cell the player sees now, and how much, if any.
    pub fn gas_in_view(&self, coord: ICoord) -> Option<(crate::content::GasKind, u16)> {
        let seen = self.0.visibility.cell_visibility(coord) == CellVisibility::Visible;
        self.0.world.gases().at(coord).filter(|_| seen)
    }

    /// How a cell burns, if it does, seen or not (for tests and tools).
    pub fn fire_at(&self, coord: ICoord) -> Option<crate::world::Flame> {
        self.0.world.fires().flame_at(coord)
    }

    /// The gas on a cell and how much, seen or not (for tests and tools).
    pub fn gas_at(&self, coord: ICoord) -> Option<(crate::content::GasKind, u16)> {
        self.0.world.gases().at(coord)
    }

    /// All the gas on the level, and what the last turn's gas thinned away or poured into
    /// chasms (for tests and tools).
    pub fn gas_total(&self) -> (u64, u64) {
        (
            self.0.world.gases().total(),
            self.0.world.gases().gone_last_turn(),
        )
    }

    /// What the last turn let out (a zombie's breath, a burst, a wizard's cloud).
    pub fn gas_made(&self) -> u64 {
        self.0.world.gases().made_last_turn()
    }

    /// How many cells burn (for tests and tools).
    pub fn cells_burning(&self) -> usize {
        self.0.world.fires().cells().len()
    }

    /// The kind of ground on a cell, seen or not (for tests and tools).
    pub fn ground_at(&self, coord: ICoord) -> crate::content::Ground {
        self.0.world.ground_at(coord)
    }

    /// The ground underfoot on a cell (grass under an open door's frame, a bridge), seen or
    /// not (for tests and tools).
    pub fn burnable_ground_at(&self, coord: ICoord) -> Option<crate::content::Ground> {
        self.0.world.fuel(coord)
    }

    /// The light at a cell as the player's eyes would meet it there (its own light only where
    /// its eyes reach), in the rules' units: lit from [`crate::balance::LIT`].
    pub fn light_at(&self, coord: ICoord) -> u32 {
        self.0.visibility.light_at(&self.0.world, coord)
    }

    /// True if the player's eyes reach the cell now, lit or not (a dark cell in reach is not
    /// seen, but whatever is there sees the player's light).
    pub fn in_reach(&self, coord: ICoord) -> bool {
        self.0.visibility.in_player_sight(coord)
    }

    /// How a cell the player's eyes reach is lit: for drawing the light and telling it.
    pub fn cell_light(&self, coord: ICoord) -> CellLight {
        let own = self.0.visibility.own_light_at(coord);
        let level = self.0.visibility.light_at(&self.0.world, coord);
        let strongest = (self.0.visibility.eyes().lighting == crate::visibility::Lighting::Natural)
            .then(|| self.0.world.light_here(coord).strongest)
            .flatten();
        let brightness = match (
            level >= crate::balance::LIT,
            level - own.min(level) >= crate::balance::LIT,
        ) {
            (_, true) => Brightness::Lit,
            (true, false) => Brightness::Shadow,
            (false, _) => Brightness::Dark,
        };
        CellLight {
            level,
            own,
            strongest,
            brightness,
        }
    }

    /// True if nothing is seen on or past the cell (a wall, a closed door). Ground truth, for
    /// tests of what hides what.
    #[cfg(feature = "testing")]
    pub fn blocks_sight(&self, coord: ICoord) -> bool {
        self.0.world.blocks_sight(coord)
    }

    /// True if nobody can stand on the cell's ground (or it is outside the map). Ground truth,
    /// for tests of where things go.
    #[cfg(feature = "testing")]
    pub fn blocks_walking(&self, coord: ICoord) -> bool {
        self.0.world.blocks_walking(coord)
    }
}
