//! What the player's eyes see of what they reach: a cell is seen if it is lit, by the player's
//! own light (its reach set by the depth, `Eyes`) or by the level's (`world::light`), or as a
//! wizard has lit or darkened the level.

use coord_2d::ICoord;
use grid_2d::Grid;

use super::{Eyes, Lighting, Visibility, own_light_table};
use crate::balance::LIT;
use crate::content::LightKind;
use crate::world::World;

/// Light enough for every cell, when a wizard lights the level.
const ALL_LIT: u32 = 100;

/// The light of the cells the player's eyes reach this turn, asked of each of them every turn:
/// the player's own light by its table, then the level's only where that is not enough (most
/// cells in view are near the player).
pub(super) struct LightInView<'a> {
    pub(super) own: &'a [u32],
    pub(super) from: ICoord,
    pub(super) lighting: Lighting,
    /// The carriers of light that may light a cell in view (all of them, where not listed).
    pub(super) carried: Option<&'a [(ICoord, LightKind)]>,
    /// The level's light by cell, where it is all the light (see [`World::settled_glow`]) and
    /// no carrier is listed.
    pub(super) glow: Option<&'a Grid<u32>>,
}

impl LightInView<'_> {
    pub(super) fn own_at(&self, cell: ICoord) -> u32 {
        let distance2 = self.from.distance2(cell) as usize;
        self.own.get(distance2).copied().unwrap_or(0)
    }

    /// The level's light at `cell`, which is on the map at `index` (row by row).
    pub(super) fn level_light_at(&self, world: &World, cell: ICoord, index: usize) -> u32 {
        if let Some(glow) = self.glow {
            return glow.raw()[index];
        }
        match self.carried {
            Some(carried) => world.light_at_among(cell, carried),
            None => world.light_at(cell),
        }
    }

    /// True if `cell`, which the player's eyes reach, at `index` on the map (row by row), is
    /// lit enough to be seen.
    pub(super) fn is_lit(&self, world: &World, cell: ICoord, index: usize) -> bool {
        let own = self.own_at(cell);
        match self.lighting {
            Lighting::AllLit => true,
            Lighting::Dark => own >= LIT,
            Lighting::Natural => own >= LIT || own + self.level_light_at(world, cell, index) >= LIT,
        }
    }
}

impl Visibility {
    /// How the player sees from now on (a new depth's light, a wizard's lighting).
    pub fn set_eyes(&mut self, eyes: Eyes) {
        if eyes.light_radius != self.eyes.light_radius || self.own_light.is_empty() {
            self.own_light = own_light_table(eyes);
        }
        self.eyes = eyes;
    }

    pub fn eyes(&self) -> Eyes {
        self.eyes
    }

    /// The light at `cell` as the player's sight meets it: the level's light there (what glows
    /// and what is carried) and the player's own, if its light reaches the cell.
    pub fn light_at(&self, world: &World, cell: ICoord) -> u32 {
        let level = match self.eyes.lighting {
            Lighting::AllLit => return ALL_LIT,
            Lighting::Dark => 0,
            Lighting::Natural => world.light_at(cell),
        };
        level + self.own_light_at(cell)
    }

    /// The player's own light at `cell`: it shines where the player's eyes reach, fading with
    /// distance to its rim.
    pub fn own_light_at(&self, cell: ICoord) -> u32 {
        if !self.in_player_sight(cell) {
            return 0;
        }
        self.light_in_view().own_at(cell)
    }

    fn light_in_view(&self) -> LightInView<'_> {
        LightInView {
            own: &self.own_light,
            from: self.player_at,
            lighting: self.eyes.lighting,
            carried: None,
            glow: None,
        }
    }

    /// True if the player sees `cell` now: its eyes reach it and it is lit. (Unlike
    /// [`Visibility::cell_visibility`], which answers for the last turn's end, this holds in the
    /// middle of a turn.)
    pub fn sees(&self, world: &World, cell: ICoord) -> bool {
        self.in_player_sight(cell) && self.is_lit(world, cell)
    }

    /// True if `cell` is lit enough to be seen.
    pub fn is_lit(&self, world: &World, cell: ICoord) -> bool {
        match self.in_player_sight(cell) {
            true => {
                let index = self.grid.index_of_coord_unchecked(cell);
                self.light_in_view().is_lit(world, cell, index)
            }
            false => self.eyes.lighting == Lighting::AllLit || self.light_at(world, cell) >= LIT,
        }
    }

    /// True if no light but the player's own reaches `cell`: standing there, the player is in
    /// shadow (and harder to notice).
    pub fn in_shadow(&self, world: &World, cell: ICoord) -> bool {
        match self.eyes.lighting {
            Lighting::AllLit => false,
            Lighting::Dark => true,
            Lighting::Natural => world.light_at(cell) < LIT,
        }
    }
}
