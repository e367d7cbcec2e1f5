//! Searching for secrets (secret doors, hidden traps and levers): a search turn looks hard at
//! the cells in view nearby, the more likely to find a secret the nearer it is, and the fifth
//! in a row finds every one within reach; every turn besides, a secret in view nearby may be
//! noticed unsought, at a fifth of the chance. What is found becomes what it always was (a
//! door, a trap, a lever), for the player and for everyone else.

use coord_2d::ICoord;
use rand::Rng;

use super::{Game, GameEvent};
use crate::balance::{PASSIVE_SEARCH_SHARE, SEARCH_CHANCE, SEARCH_RADIUS, THOROUGH_SEARCH_TURNS};
use crate::game::DungeonEvent;

/// In a hundred, a search's chance to find a secret door `distance` cells off (1 beside).
fn search_chance(distance: u32) -> u32 {
    let (beside, fall) = SEARCH_CHANCE;
    beside.saturating_sub(fall * distance.saturating_sub(1))
}

impl Game {
    /// A turn spent searching (the player's action); the fifth in a row is thorough.
    pub(super) fn search(&mut self) {
        self.progress.searches_in_a_row = self.progress.searches_in_a_row.saturating_add(1);
        let thorough = self.progress.searches_in_a_row >= THOROUGH_SEARCH_TURNS;
        self.search_within(|distance| {
            if thorough {
                100
            } else {
                search_chance(distance)
            }
        });
    }

    /// What every turn notices unsought: a share of what a search would.
    pub(super) fn notice_secrets(&mut self) {
        self.search_within(|distance| search_chance(distance) / PASSIVE_SEARCH_SHARE);
    }

    /// Rolls for each secret door in view within [`SEARCH_RADIUS`] cells (either axis), with
    /// `chance` in a hundred by its distance (1 beside the player). Cells out of view are never
    /// found.
    fn search_within(&mut self, chance: impl Fn(u32) -> u32) {
        let radius = SEARCH_RADIUS;
        let player = self.world.player_coord();
        // Most of the time no secret is near: a look along the rows of bytes says so, where
        // asking cell by cell cost every turn more than the player's memory of its view.
        if !self.world.any_secret_within(player, radius) {
            return;
        }
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                let at = player + ICoord::new(dx, dy);
                // The cheap question first: most cells hold no secret to see.
                if !self.world.is_secret(at) || !self.visibility.sees(&self.world, at) {
                    continue;
                }
                let distance = dx.unsigned_abs().max(dy.unsigned_abs());
                if self.chronicle.rng.random_range(0..100) < chance(distance) {
                    self.find_secret(at);
                }
            }
        }
    }

    /// The secret at `at` is found (a secret door becomes a door, a hidden trap the trap it
    /// is), and the player knows it.
    pub(super) fn find_secret(&mut self, at: ICoord) {
        let Some(was) = self.world.reveal_secret(at) else {
            return;
        };
        let found = self.world.ground_at(at);
        let event = match was.rules().goes_off_underfoot() {
            true => DungeonEvent::FoundTrap { at, trap: found },
            false if found.rules().signals.is_some() => DungeonEvent::FoundLever { at },
            false => {
                self.hero.secret_doors_found += 1;
                DungeonEvent::FoundSecretDoor { at }
            }
        };
        self.scratch.events.push(GameEvent::Dungeon(event));
    }
}
