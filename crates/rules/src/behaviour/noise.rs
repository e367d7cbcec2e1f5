//! Noise: a fight or a shout carries along open ground, not through walls, for a bounded number
//! of steps, and every NPC it reaches learns something.

use coord_2d::ICoord;
use entity_table::Entity;

use super::agent::Reason;
use super::local_map::LocalMap;
use crate::balance;
use crate::world::World;

/// How far the loudest noise carries: the reach of the map noises are measured on.
pub const NOISE_MAX_STEPS: u32 = if balance::SHOUT_NOISE_STEPS > balance::COMBAT_NOISE_STEPS {
    balance::SHOUT_NOISE_STEPS
} else {
    balance::COMBAT_NOISE_STEPS
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoiseKind {
    /// Blows struck: whoever hears comes to see.
    Fight,
    /// An orc that spotted the player calls the others to where it saw it.
    Shout { player_at: ICoord },
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

    pub fn reach(&self) -> u32 {
        match self.kind {
            NoiseKind::Fight => balance::COMBAT_NOISE_STEPS,
            NoiseKind::Shout { .. } => balance::SHOUT_NOISE_STEPS,
        }
    }

    /// Where a listener goes, and why.
    pub fn lead(&self) -> (ICoord, Reason) {
        match self.kind {
            NoiseKind::Fight => (self.source, Reason::HeardNoise),
            NoiseKind::Shout { player_at } => (player_at, Reason::Alerted),
        }
    }
}

/// Calls `hear` for every NPC within the noise's reach, nearest first. (The order is no
/// matter: each listener's memory changes on its own, and the woken join the awake in spawn
/// order.)
pub fn listeners(
    map: &mut LocalMap,
    world: &World,
    noise: &Noise,
    mut hear: impl FnMut(Entity, ICoord),
) {
    map.lead_to(world, noise.source);
    for (coord, distance) in map.reached() {
        if distance > noise.reach() {
            // Nearest first: nothing further on is within reach.
            break;
        }
        if !world.has_character(coord) {
            continue;
        }
        if let Some(entity) = world.character_at(coord)
            && entity != world.player()
        {
            hear(entity, coord);
        }
    }
}
