//! The dungeon does not wait: as the player stays on a level, bands of monsters keep arriving on
//! it (Brogue CE's periodic hordes), drawn from the level's own spawn table, awake. Each comes
//! by a way onto the level (the stairs down, or where the player arrived) that the player does
//! not see and is far from, and the next comes sooner than the last: a level's time is a
//! resource, and resting to full between every fight costs fights. A band comes looking for
//! the player where it stood when the band came (a search, as for a fight heard: within a
//! search's reach, 30 steps; a band further off does not know the way and wanders), so a rest
//! at a third of one's health is a wager rather than a wait, and a healing potion what
//! settles it (wandering bands left the careful player's rests alone often enough that a
//! fifth of its wins drank no healing potion).
//!
//! Bands come only while the level holds fewer monsters than it began with: what the player
//! killed is replaced as time passes, what it sneaked past is still there. So a level stayed on
//! is never emptied for good, nor flooded past what it was made with.
//!
//! The fuse is part of the game's state (saved, hashed) and every roll is the play's dice, so
//! a loaded game and a replay meet the same bands on the same turns.

use coord_2d::ICoord;
use rand::Rng;
use serde::{Deserialize, Serialize};

use super::{DungeonEvent, Game, GameEvent};
use crate::balance::{
    ARRIVAL_DISTANCE, ARRIVAL_FUSE, ARRIVAL_FUSE_FLOOR, ARRIVAL_QUICKENS, ARRIVAL_RETRY_TURNS,
    ARRIVAL_SPREAD,
};
use crate::behaviour::Agent;
use crate::world::Side;

/// How soon the next band arrives on this level, and how many have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Arrivals {
    /// Turns until the next band is due.
    pub due_in: u32,
    /// Bands that arrived on this level.
    pub arrived: u32,
    /// The monsters the level was made with (its captives are none): no band comes while as
    /// many are on it.
    pub crowd: u32,
    /// The stairs down, if the level has them: a way in, found once when the level is made
    /// (nothing in play moves them).
    pub stairs: Option<ICoord>,
}

impl Arrivals {
    /// A level just entered, made as `terrain`: its first band's fuse lit.
    pub fn lit(terrain: &crate::terrain::Terrain, rng: &mut impl Rng) -> Self {
        let monsters = (terrain.npcs.iter())
            .filter(|npc| npc.disposition != crate::terrain::Disposition::Captive)
            .count();
        Self {
            due_in: fuse(0, rng),
            arrived: 0,
            crowd: u32::try_from(monsters).unwrap_or(u32::MAX),
            stairs: stairs_of(terrain),
        }
    }
}

/// Where the stairs down are on `terrain`, if it has them.
fn stairs_of(terrain: &crate::terrain::Terrain) -> Option<ICoord> {
    (terrain.grid.enumerate())
        .find(|&(_, &ground)| ground == crate::content::Ground::STAIRS)
        .map(|(coord, _)| coord)
}

/// The turns until the next band when `arrived` bands have come: the first fuse's range,
/// shortened by [`ARRIVAL_QUICKENS`] for each, never below [`ARRIVAL_FUSE_FLOOR`].
fn fuse(arrived: u32, rng: &mut impl Rng) -> u32 {
    let (mut shortest, mut longest) = ARRIVAL_FUSE;
    let (kept, of) = ARRIVAL_QUICKENS;
    for _ in 0..arrived {
        if longest <= ARRIVAL_FUSE_FLOOR {
            break;
        }
        shortest = shortest * kept / of;
        longest = longest * kept / of;
    }
    rng.random_range(shortest..=longest).max(ARRIVAL_FUSE_FLOOR)
}

impl Game {
    /// One turn nearer the next band; when it is due, it arrives (or, with the level as full
    /// as it began or no way onto it out of sight, tries again a little later).
    pub(super) fn count_down_arrivals(&mut self) {
        if self.is_over() {
            // A player killed in this turn's NPC phase sees no more of the level.
            return;
        }
        let arrivals = &mut self.progress.arrivals;
        arrivals.due_in = arrivals.due_in.saturating_sub(1);
        if arrivals.due_in > 0 {
            return;
        }
        let way_in = match self.monsters_on_level() < self.progress.arrivals.crowd {
            true => self.way_in_unseen(),
            false => None,
        };
        let Some(way_in) = way_in else {
            self.progress.arrivals.due_in = ARRIVAL_RETRY_TURNS;
            return;
        };
        let mut band = std::mem::take(&mut self.scratch.band);
        crate::terrain::arriving_band(self.progress.depth, &mut band, &mut self.chronicle.rng);
        let came = self.arrive(&band, way_in);
        self.scratch.band = band;
        let arrivals = &mut self.progress.arrivals;
        arrivals.arrived += 1;
        arrivals.due_in = fuse(arrivals.arrived, &mut self.chronicle.rng);
        if came > 0 {
            self.scratch
                .events
                .push(GameEvent::Dungeon(DungeonEvent::SomethingArrived));
        }
    }

    /// The monsters on the level now (neither allies nor captives).
    fn monsters_on_level(&self) -> u32 {
        let monsters = (self.world.npcs().iter())
            .filter(|&&npc| self.world.side_of(npc) == Some(Side::Dungeon))
            .count();
        u32::try_from(monsters).unwrap_or(u32::MAX)
    }

    /// The way onto the level a band comes by: of the stairs down and the cell the player
    /// arrived on, the one furthest from the player of those it does not see, at least
    /// [`ARRIVAL_DISTANCE`] away and free to stand on.
    fn way_in_unseen(&self) -> Option<ICoord> {
        let player = self.world.player_coord();
        [
            self.progress.arrivals.stairs,
            Some(self.progress.arrived_at),
        ]
        .into_iter()
        .flatten()
        .filter(|&cell| self.arrival_may_stand(cell, player))
        .max_by_key(|&cell| cell.distance2(player))
    }

    /// A cell a newcomer may appear on: free, unseen by the player, and not near it.
    fn arrival_may_stand(&self, cell: ICoord, player: ICoord) -> bool {
        self.world.can_npc_enter(cell)
            && !self.visibility.in_player_sight(cell)
            && cell.distance2(player) >= ARRIVAL_DISTANCE * ARRIVAL_DISTANCE
    }

    /// The band on `way_in` and the free unseen cells nearest it (by straight distance, then
    /// row order), come looking for the player; those with no room stay away. How many came.
    fn arrive(&mut self, band: &[crate::content::NpcKind], way_in: ICoord) -> usize {
        let player = self.world.player_coord();
        let mut came = 0;
        for &kind in band {
            let Some(cell) = self.nearest_room_for_arrival(way_in, player) else {
                break;
            };
            let agent = Agent::arriving(player, cell, self.progress.turn);
            self.join(kind, cell, Side::Dungeon, Some(agent));
            came += 1;
        }
        if came > 0 {
            self.rebuild_npc_lists();
        }
        came
    }

    /// The stairs the fuse remembers against the world's: a loaded game's must be where the
    /// level has them.
    pub(super) fn arrival_violations(&self) -> Vec<String> {
        let stairs = (self.world.size().icoord_iter_row_major()).find(|&c| self.world.is_stairs(c));
        match stairs == self.progress.arrivals.stairs {
            true => Vec::new(),
            false => vec![format!(
                "bands come by stairs at {:?}, the level has them at {stairs:?}",
                self.progress.arrivals.stairs
            )],
        }
    }

    fn nearest_room_for_arrival(&self, way_in: ICoord, player: ICoord) -> Option<ICoord> {
        let spread = ARRIVAL_SPREAD;
        (-spread..=spread)
            .flat_map(|y| (-spread..=spread).map(move |x| way_in + ICoord::new(x, y)))
            .filter(|&cell| self.arrival_may_stand(cell, player))
            .min_by_key(|&cell| (cell.distance2(way_in), cell.y, cell.x))
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_isaac::Isaac64Rng;

    use super::*;

    /// The fuses drawn after `arrived` bands, over many rolls: the shortest and the longest.
    fn fuses_after(arrived: u32) -> (u32, u32) {
        let mut rng = Isaac64Rng::seed_from_u64(arrived.into());
        let fuses: Vec<u32> = (0..2_000).map(|_| fuse(arrived, &mut rng)).collect();
        let shortest = fuses.iter().copied().min().unwrap_or(0);
        (shortest, fuses.iter().copied().max().unwrap_or(0))
    }

    #[test]
    fn each_band_that_arrives_brings_the_next_sooner_down_to_the_floor() {
        assert_eq!(fuses_after(0), ARRIVAL_FUSE);
        let mut last = fuses_after(0);
        // Each fuse's range is the last one's, shortened, until its shortest meets the floor.
        for arrived in 1..4 {
            let now = fuses_after(arrived);
            assert!(
                now.1 < last.1 && now.0 < last.0,
                "{arrived}: {now:?} after {last:?}"
            );
            last = now;
        }
        assert_eq!(fuses_after(40), (ARRIVAL_FUSE_FLOOR, ARRIVAL_FUSE_FLOOR));
    }
}
