//! Noise: a fight or a shout carries along open ground, not through walls, for a bounded number
//! of steps, and every NPC it reaches learns something: of several, the nearest.

use coord_2d::ICoord;
use entity_table::Entity;

use super::agent::Reason;
use crate::balance;
use crate::world::World;

/// How far the loudest noise carries: the reach of the map noises are measured on.
pub const NOISE_MAX_STEPS: u32 = max(
    balance::ALARM_NOISE_STEPS,
    max(balance::SHOUT_NOISE_STEPS, balance::COMBAT_NOISE_STEPS),
);

const fn max(a: u32, b: u32) -> u32 {
    if a > b { a } else { b }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoiseKind {
    /// Blows struck: whoever hears comes to see.
    Fight,
    /// An orc that spotted the player calls the others to where it saw it.
    Shout { player_at: ICoord },
    /// A trap's bell: every monster within its reach comes to where it rang.
    Alarm,
}

impl NoiseKind {
    /// The kinds in the order they are heard, each of one reach: a later one outweighs an
    /// earlier (a bell or a shout says more than a fight).
    pub const HEARD_IN_ORDER: [fn(&Self) -> bool; 3] = [
        |kind| *kind == Self::Fight,
        |kind| *kind == Self::Alarm,
        |kind| matches!(kind, Self::Shout { .. }),
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Noise {
    pub source: ICoord,
    pub kind: NoiseKind,
}

impl Noise {
    pub fn fight(at: ICoord) -> Self {
        Self {
            source: at,
            kind: NoiseKind::Fight,
        }
    }

    pub fn shout(from: ICoord, player_at: ICoord) -> Self {
        Self {
            source: from,
            kind: NoiseKind::Shout { player_at },
        }
    }

    pub fn alarm(at: ICoord) -> Self {
        Self {
            source: at,
            kind: NoiseKind::Alarm,
        }
    }

    pub fn reach(&self) -> u32 {
        match self.kind {
            NoiseKind::Fight => balance::COMBAT_NOISE_STEPS,
            NoiseKind::Shout { .. } => balance::SHOUT_NOISE_STEPS,
            NoiseKind::Alarm => balance::ALARM_NOISE_STEPS,
        }
    }

    /// Where a listener goes, and why.
    pub fn lead(&self) -> (ICoord, Reason) {
        match self.kind {
            NoiseKind::Fight => (self.source, Reason::HeardNoise),
            NoiseKind::Shout { player_at } => (player_at, Reason::Alerted),
            NoiseKind::Alarm => (self.source, Reason::Alerted),
        }
    }
}

/// Who hears the noises of a turn: one flood for all the noises of a kind at once (fights, or
/// shouts), each cell claimed by the nearest of them by walking (the first made, on a tie), so
/// a melee's dozens of blows cost one flood, not one each. Cells are marked by a stamp a flood
/// over a grid of the level's size, so nothing is cleared between floods.
pub struct Hearing {
    /// The flood that last reached each cell.
    stamps: Vec<u32>,
    stamp: u32,
    /// Cells reached: their index, their steps from the nearest noise and that noise's place in
    /// the turn's list, nearest first.
    queue: Vec<(u32, u8, u16)>,
}

/// Room the queue starts with: the cells within reach of a few shouts, so a fight's first turns
/// do not grow it.
const QUEUE_ROOM: usize = 8 * crate::behaviour::local_map::Window::len_for(NOISE_MAX_STEPS);

impl Hearing {
    pub fn new(world: &World) -> Self {
        let size = world.size();
        Self {
            stamps: vec![0; size.count()],
            stamp: 0,
            queue: Vec::with_capacity(QUEUE_ROOM.min(size.count())),
        }
    }

    /// Calls `hear` with every NPC within reach of the nearest of the `noises` that are `of_kind`
    /// (all of one reach), where it stands and that noise, nearest first. Noises beyond the
    /// turn's first 65,536 are not heard: no turn makes so many.
    pub fn listeners<'a>(
        &mut self,
        world: &World,
        noises: &'a [Noise],
        of_kind: impl Fn(&Noise) -> bool,
        mut hear: impl FnMut(Entity, ICoord, &'a Noise),
    ) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.fill(0);
            self.stamp = 1;
        }
        self.queue.clear();
        let ground = world.floorplan();
        let kind = noises
            .iter()
            .enumerate()
            .filter(|(_, noise)| of_kind(noise));
        for (owner, noise) in kind.take(usize::from(u16::MAX)) {
            let source = ground.index(noise.source) as usize;
            if world.blocks_walking(noise.source) || self.stamps[source] == self.stamp {
                continue;
            }
            self.stamps[source] = self.stamp;
            self.queue.push((source as u32, 0, owner as u16));
        }
        // Only an NPC within the noises' reach can hear: once every NPC in the box round them
        // has been found, the rest of the flood would find nobody.
        let mut unheard = within_reach(world, noises, &self.queue);
        let player = world.player();
        let steps_to = ground.steps();
        let mut next = 0;
        while unheard > 0
            && let Some(&(cell, steps, owner)) = self.queue.get(next)
        {
            next += 1;
            let noise = &noises[usize::from(owner)];
            let index = cell as isize;
            if ground.has_character(index)
                && let Some(npc) = world
                    .character_at(ground.coord(index))
                    .filter(|&c| c != player)
            {
                hear(npc, ground.coord(index), noise);
                unheard -= 1;
            }
            if u32::from(steps) >= noise.reach() {
                continue;
            }
            // Open ground is never on the map's edge (levels are walled all round), so its
            // neighbours are on the map: the flood steps by index.
            for step in steps_to {
                let near = index + step;
                if ground.is_open(near) && self.stamps[near as usize] != self.stamp {
                    self.stamps[near as usize] = self.stamp;
                    self.queue.push((near as u32, steps + 1, owner));
                }
            }
        }
    }
}

/// How many NPCs stand within `reach` steps as the crow walks (across walls) of one of the
/// `sources` queued: at least as many as the flood from them, over open ground alone, can find.
fn within_reach(world: &World, noises: &[Noise], sources: &[(u32, u8, u16)]) -> usize {
    let Some(&(_, _, first)) = sources.first() else {
        return 0;
    };
    let reach = noises[usize::from(first)].reach();
    let near = |at: ICoord| {
        (sources.iter()).any(|&(_, _, owner)| {
            (at - noises[usize::from(owner)].source).manhattan_magnitude() <= reach
        })
    };
    (world.npcs().iter())
        .filter(|&&npc| near(world.coord_of(npc)))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The map noises are heard on reaches as far as the loudest carries, and no further.
    #[test]
    fn the_hearing_map_reaches_the_loudest_noise_exactly() {
        let reaches = [
            balance::COMBAT_NOISE_STEPS,
            balance::SHOUT_NOISE_STEPS,
            balance::ALARM_NOISE_STEPS,
        ];
        assert!(reaches.iter().all(|&reach| reach <= NOISE_MAX_STEPS));
        assert!(reaches.contains(&NOISE_MAX_STEPS));
        assert_eq!(max(3, 5), 5);
        assert_eq!(max(5, 3), 5);
    }
}
