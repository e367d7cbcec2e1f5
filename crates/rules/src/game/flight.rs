//! Aiming what the player sends flying: where it would go ([`Game::aim`], computed by the same
//! world queries the flight resolves with, so the cells the player is shown are the cells it
//! takes) and whom it may be aimed at.

use coord_2d::ICoord;
use entity_table::Entity;

use super::{Actor, Game, Missile};
use crate::content::ItemUse;

/// Why an aimed item cannot go where the player asked: said before any time passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AimError {
    /// Nothing is carried under that letter.
    NoSuchItem,
    /// It is used at a cell and none was given.
    NoTarget,
    /// The player's own cell.
    OwnCell,
    /// A cell the player does not see now.
    NotInView,
    /// Further than the item reaches.
    OutOfRange,
    /// A wall stands between the player and the cell.
    NoClearLine,
}

/// Where an aimed item would go: the cells it crosses, the character it would stop on, and for
/// a burst the cells it would reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aim {
    /// From the cell after the player's to where it stops.
    pub path: Vec<ICoord>,
    /// The character it stops on, if any.
    pub stops_on: Option<Actor>,
    /// For a burst, every cell it reaches; empty otherwise.
    pub area: Vec<ICoord>,
}

impl Game {
    /// Where the item under a letter would go if used at `at`, or why it cannot be.
    pub fn aim(&self, slot: u8, at: ICoord) -> Result<Aim, AimError> {
        let stack = self.hero.pack.get(slot).ok_or(AimError::NoSuchItem)?;
        let use_ = stack.kind.rules().use_;
        let from = self.world.player_coord();
        if at == from {
            return Err(AimError::OwnCell);
        }
        if !self.visibility.in_player_sight(at) {
            return Err(AimError::NotInView);
        }
        let range = use_.range().unwrap_or(0);
        if at.distance2(from) > range * range {
            return Err(AimError::OutOfRange);
        }
        let stop = self.world.flight_stop(from, at);
        let path: Vec<ICoord> = super::flight_cells(from, at, stop).collect();
        let stops_on = self.world.character_at(stop).map(|c| self.actor(c));
        if stop != at && stops_on.is_none() {
            return Err(AimError::NoClearLine);
        }
        let area = match use_ {
            ItemUse::Fireball { .. } if self.hero.lore.is_known(stack.kind) => {
                self.burst_area(Missile::Item(stack.kind), stop)
            }
            _ => Vec::new(),
        };
        Ok(Aim {
            path,
            stops_on,
            area,
        })
    }

    /// The cells a burst of this at `centre` reaches: what the app lights when one bursts.
    pub fn burst_area(&self, what: Missile, centre: ICoord) -> Vec<ICoord> {
        match what.radius() {
            Some(radius) => self.world.burst_cells(centre, radius),
            None => Vec::new(),
        }
    }

    /// The NPCs in the player's view, nearest first (by straight distance, the first spawned on
    /// a tie): what aiming steps through, and what lightning picks from.
    pub fn enemies_in_view(&self) -> Vec<(Entity, ICoord)> {
        let player = self.world.player_coord();
        let mut enemies: Vec<(u32, Entity, ICoord)> = self
            .npcs_in_sight()
            .map(|npc| {
                let coord = self.world.coord_of(npc);
                (coord.distance2(player), npc, coord)
            })
            .collect();
        enemies.sort_unstable();
        enemies
            .into_iter()
            .map(|(_, npc, coord)| (npc, coord))
            .collect()
    }

    /// The enemy a bolt of lightning reaching `range` would strike: the nearest in view.
    pub fn lightning_target(&self, range: u32) -> Option<Entity> {
        let player = self.world.player_coord();
        let (npc, coord) = self.enemies_in_view().into_iter().next()?;
        (coord.distance2(player) <= range * range).then_some(npc)
    }
}
