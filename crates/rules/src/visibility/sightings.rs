//! Where the player last saw each character. A monster is remembered where it was last seen and
//! nowhere else: seen anew elsewhere, it is forgotten where it stood, so a troll that crossed the
//! player's view in the light leaves one remembered troll, not one at every cell it crossed.
//! Kept beside the remembered cells rather than in them: few cells hold a remembered character,
//! and a large level's every cell would pay for the room. An entity is not the same number in a
//! loaded game, so the game saves the table by the world's rows and restores it.

use rustc_hash::FxHashMap as HashMap;

use coord_2d::ICoord;
use entity_table::{ComponentTable, Entity};

#[derive(Debug, Clone, Default)]
pub struct Sightings {
    /// Where each character was last seen.
    at: HashMap<Entity, ICoord>,
    /// Who each cell's memory shows standing there: the other way round.
    by_cell: HashMap<ICoord, Entity>,
}

impl Sightings {
    pub(super) fn from_table(table: &ComponentTable<ICoord>) -> Self {
        let at: HashMap<Entity, ICoord> = table.iter().map(|(who, &coord)| (who, coord)).collect();
        let by_cell = at.iter().map(|(&who, &coord)| (coord, who)).collect();
        Self { at, by_cell }
    }

    /// Room for `characters` remembered at once, so that no turn grows the maps: twice as
    /// many, as a map that forgets as it learns also needs room for what it forgot.
    pub(super) fn reserve(&mut self, characters: usize) {
        let room = 2 * characters;
        self.at.reserve(room.saturating_sub(self.at.len()));
        self.by_cell
            .reserve(room.saturating_sub(self.by_cell.len()));
    }

    /// The cell at `coord` is remembered anew with `who` standing on it (or nobody): the cell
    /// where `who` was remembered before, whose memory of it is now to be forgotten, if any.
    pub(super) fn remember(&mut self, coord: ICoord, who: Option<Entity>) -> Option<ICoord> {
        let before = match who {
            Some(who) => self.by_cell.insert(coord, who),
            None => self.by_cell.remove(&coord),
        };
        if before == who {
            return None;
        }
        if let Some(gone) = before
            && self.at.get(&gone) == Some(&coord)
        {
            self.at.remove(&gone);
        }
        let who = who?;
        let elsewhere = self.at.insert(who, coord).filter(|&cell| cell != coord)?;
        let still_there = self.by_cell.get(&elsewhere) == Some(&who);
        still_there.then(|| {
            self.by_cell.remove(&elsewhere);
            elsewhere
        })
    }

    /// Where each character was last seen, for saving by the world's rows.
    pub fn table(&self) -> ComponentTable<ICoord> {
        let mut table = ComponentTable::default();
        for (&who, &coord) in &self.at {
            table.insert(who, coord);
        }
        table
    }
}
