//! Aiming what the player sends flying: where it would go ([`Game::aim`], computed by the same
//! world queries the flight resolves with, so the cells the player is shown are the cells it
//! takes, as far as the player can see: a character it does not see, in the dark or
//! invisible, is neither named nor stops the line drawn, though it takes the blow) and whom
//! it may be aimed at.

use coord_2d::ICoord;
use entity_table::Entity;

use super::{Actor, AimError, Game, Missile};
use crate::content::BoltPath;

/// Where an aimed item would go: the cells it crosses, the character it would stop on (or,
/// for lightning, every one it passes through), for a burst the cells it would reach, and
/// how far it reaches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aim {
    /// From the cell after the player's to where it stops.
    pub path: Vec<ICoord>,
    /// The character it stops on, if any.
    pub stops_on: Option<Actor>,
    /// For a bolt that passes through characters (lightning), every one the player sees in
    /// its path, nearest first (one unseen in the dark is struck all the same); empty
    /// otherwise.
    pub strikes: Vec<Actor>,
    /// For a burst, every cell it reaches; empty otherwise.
    pub area: Vec<ICoord>,
    /// How far it can be aimed (as sight measures: a circle).
    pub reach: u32,
}

impl Game {
    /// Where the item under a letter would go if used at `at`, or why it cannot be.
    pub fn aim(&self, slot: u8, at: ICoord) -> Result<Aim, AimError> {
        let stack = self.hero.pack.get(slot).ok_or(AimError::NoSuchItem)?;
        let use_ = stack.kind.rules().use_;
        let from = self.world.player_coord();
        // An unknown scroll, staff or wand may be aimed at its user: it may be one that acts
        // on its user (teleportation, mapping), and refusing would tell that it is not. One
        // that flies goes off at the user's feet.
        let used_on_self = !self.hero.lore.is_known(stack.kind)
            && matches!(
                use_.class(),
                crate::content::ItemClass::Scroll
                    | crate::content::ItemClass::Staff
                    | crate::content::ItemClass::Wand
            );
        if at == from && !used_on_self {
            return Err(AimError::OwnCell);
        }
        if !self.visibility.sees(&self.world, at) {
            return Err(AimError::NotInView);
        }
        // A potion with no bolt of its own is thrown as far as one with a bolt would go, and
        // an unknown scroll, staff or wand reaches as far as any: its reach would tell what it
        // is (a bolt with less reach goes no further than its own when sent).
        use crate::content::ItemClass;
        let known = self.hero.lore.is_known(stack.kind);
        let range = match use_.class() {
            ItemClass::Potion => use_.range().unwrap_or(crate::balance::POTION_THROW_RANGE),
            ItemClass::Scroll | ItemClass::Staff | ItemClass::Wand if !known => {
                crate::balance::POTION_THROW_RANGE
            }
            _ => use_.range().unwrap_or(0),
        };
        if at.distance2(from) > range * range {
            return Err(AimError::OutOfRange { reach: range });
        }
        let pierces = use_
            .bolt()
            .is_some_and(|bolt| bolt.rules().path == BoltPath::Pierces);
        if known && pierces {
            return self.aim_through(from, at, range);
        }
        let stop = self.seen_flight_stop(from, at);
        let path: Vec<ICoord> = super::flight_cells(from, at, stop).collect();
        let stops_on = self.seen_character_at(stop).map(|c| self.actor(c));
        // A wall beside the player in the way: it would fly nowhere.
        let nowhere = stop == from && at != from;
        if stop != at && (stops_on.is_none() || nowhere) {
            return Err(AimError::NoClearLine);
        }
        // An unknown scroll's burst is not shown: the preview would tell what it is.
        let area = match self.hero.lore.is_known(stack.kind) {
            true => self.burst_area(Missile::Item(stack.kind), stop),
            false => Vec::new(),
        };
        Ok(Aim {
            path,
            stops_on,
            strikes: Vec::new(),
            area,
            reach: range,
        })
    }

    /// The character on `cell` if the player sees it there (as [`Game::npcs_in_sight`]
    /// counts them). An aim tells what the screen does.
    fn seen_character_at(&self, cell: ICoord) -> Option<Entity> {
        let character = self.world.character_at(cell)?;
        self.sees_character_at(character, cell).then_some(character)
    }

    /// Where a flight would stop as the player knows its line: before a wall, or on the first
    /// character it sees. One it does not see (a phantom, a goblin in the dark) still takes
    /// the blow when it flies: the aim shows what the player knows, not what it cannot.
    fn seen_flight_stop(&self, from: ICoord, toward: ICoord) -> ICoord {
        (self.world).flight_stop_where(from, toward, |cell| self.seen_character_at(cell).is_some())
    }

    /// The aim of a bolt that passes through characters: on to its reach, and whom it strikes.
    fn aim_through(&self, from: ICoord, at: ICoord, range: u32) -> Result<Aim, AimError> {
        let path: Vec<ICoord> = self.world.piercing_cells(from, at, range).collect();
        if !path.contains(&at) {
            return Err(AimError::NoClearLine);
        }
        let strikes = (path.iter())
            .filter_map(|&cell| self.seen_character_at(cell))
            .map(|character| self.actor(character))
            .collect();
        Ok(Aim {
            path,
            stops_on: None,
            strikes,
            area: Vec::new(),
            reach: range,
        })
    }

    /// The cells a burst of this at `centre` reaches: what the app lights when one bursts.
    pub fn burst_area(&self, what: Missile, centre: ICoord) -> Vec<ICoord> {
        match what.radius() {
            Some(radius) => self.world.burst_cells(centre, radius),
            None => Vec::new(),
        }
    }

    /// The player's enemies in its view, nearest first (by straight distance, the first
    /// spawned on a tie): what aiming steps through.
    pub fn enemies_in_view(&self) -> Vec<(Entity, ICoord)> {
        let player = self.world.player_coord();
        let hero = self.world.player();
        let mut enemies: Vec<(u32, Entity, ICoord)> = self
            .npcs_in_sight()
            .filter(|&npc| self.world.are_enemies(hero, npc))
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
}
