//! A captive band: a monster held by others of the bestiary's captive table, placed together in
//! a room far from the arrival, the captive in the middle and its captors on guard round it.

use coord_2d::ICoord;
use grid_2d::Grid;
use rand::Rng;

use super::{Disposition, Ground, ItemSpawn, NpcSpawn, Room};
use crate::content::{self, pick_weighted};

/// Rooms tried for the band before the level goes without one.
const ROOM_TRIES: usize = 8;
/// Rooms tried for a band the level must hold: every room of a level is tried several times
/// over, so only a level with no room fit for one goes without.
const SURE_ROOM_TRIES: usize = 64;

/// Whether a level's band is left to its chance or sure (the run's depth that holds one surely:
/// `balance::CAPTIVE_BAND_BY`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BandRoll {
    ByChance,
    Sure,
}
/// The band stands at least this many steps (along both axes together) from the arrival, so at
/// least 15/√2, more than 10 cells, in a straight line: out of the player's sight radius. The
/// player meets it by exploring, never on its first turn.
const FAR_FROM_ARRIVAL: u32 = 15;

/// What a band may not be placed on: the cells of a vault, the arrival and the way on, and
/// whatever already stands or lies somewhere.
pub(super) struct Taken<'a> {
    pub player: ICoord,
    pub exit: ICoord,
    pub vault: &'a [ICoord],
    pub npcs: &'a [NpcSpawn],
    pub items: &'a [ItemSpawn],
}

impl Taken<'_> {
    fn allows(&self, cell: ICoord) -> bool {
        (cell - self.player).manhattan_magnitude() >= FAR_FROM_ARRIVAL
            && cell != self.exit
            && !self.vault.contains(&cell)
            && !self.npcs.iter().any(|npc| npc.coord == cell)
            && !self.items.iter().any(|item| item.coord == cell)
    }
}

/// With the captive table's chance at `depth` (or surely), a band: its kind by weight, then a room with a
/// cell whose neighbours have room for every captor. The spawns to add, captive first.
pub(super) fn band<R: Rng>(
    grid: &Grid<Ground>,
    rooms: &[Room],
    depth: u32,
    taken: &Taken,
    roll: BandRoll,
    rng: &mut R,
) -> Vec<NpcSpawn> {
    let captives = &content::content().bestiary.captives;
    // No roll where there is no chance (the first level): its levels stay as they were.
    let chance = captives.chance_at(depth);
    if rooms.is_empty() || chance == 0 {
        return Vec::new();
    }
    // Drawn even when the band is sure, so that the rest of the level is as chance made it.
    let rolled = rng.random_range(0..100) < chance;
    if !rolled && roll == BandRoll::ByChance {
        return Vec::new();
    }
    let tries = match roll {
        BandRoll::ByChance => ROOM_TRIES,
        BandRoll::Sure => SURE_ROOM_TRIES,
    };
    let weights = (captives.bands.iter()).map(|b| b.spawn.weight.at(b.spawn.depths, depth));
    let Some(band) = pick_weighted(weights, rng).map(|i| captives.bands[i]) else {
        return Vec::new();
    };
    let count = rng.random_range(band.count.0..=band.count.1) as usize;
    let free = |cell: ICoord| grid.get(cell) == Some(&Ground::FLOOR) && taken.allows(cell);
    for _ in 0..tries {
        let room = &rooms[rng.random_range(0..rooms.len())];
        // The captive never moves until freed, so it stands where the eight cells round it are
        // all floor: a ring anyone can walk round it, never a doorway or a corridor it would
        // stop (as one did, leaving its captors and the way on behind it).
        let open = |c: ICoord| grid.get(c) == Some(&Ground::FLOOR);
        let roomy: Vec<ICoord> = room
            .coords()
            .filter(|&c| {
                free(c) && round(c).all(open) && round(c).filter(|&n| free(n)).count() >= count
            })
            .collect();
        if roomy.is_empty() {
            continue;
        }
        let centre = roomy[rng.random_range(0..roomy.len())];
        let mut posts: Vec<ICoord> = round(centre).filter(|&n| free(n)).collect();
        let mut spawns = vec![NpcSpawn {
            coord: centre,
            kind: band.captive,
            disposition: Disposition::Captive,
        }];
        for _ in 0..count {
            let coord = posts.swap_remove(rng.random_range(0..posts.len()));
            spawns.push(NpcSpawn {
                coord,
                kind: band.captors,
                disposition: Disposition::Guarding,
            });
        }
        return spawns;
    }
    Vec::new()
}

/// The eight cells round `centre`.
fn round(centre: ICoord) -> impl Iterator<Item = ICoord> {
    (-1..=1)
        .flat_map(|y| (-1..=1).map(move |x| ICoord::new(x, y)))
        .filter(|&step| step != ICoord::new(0, 0))
        .map(move |step| centre + step)
}
