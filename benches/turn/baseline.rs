//! The baseline: the same turn with each hunting NPC planning its step by A* to the player, the
//! way bracket-lib-style tutorials do it, instead of stepping along the shared distance map.
//!
//! Everything but the decision is Umbra's own code: the same `World` built from the same terrain,
//! the same NPC order, the same "does it see the player" test (`behaviour::can_see`), moves and
//! attacks through `World::move_character`, and the field of view through `Visibility::update`.
//! An NPC that does not see the player waits, as idle NPCs do in our game.

use coord_2d::ICoord;
use direction::{CardinalDirection, CardinalDirections};
use pathfinding::prelude::astar;
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra_rules::behaviour::{DISTANCE_MAP_MAX_STEPS, can_see};
use umbra_rules::visibility::{Omniscience, Visibility};
use umbra_rules::world::World;

/// How far A* may wander from the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Anywhere on the map, as in the tutorials: an NPC boxed in by others floods every cell it
    /// can reach before giving up.
    Unbounded,
    /// Only cells within [`DISTANCE_MAP_MAX_STEPS`] of the player (Manhattan), the same reach as
    /// our distance map: a kinder baseline, to show how much of the gap is the flood.
    DistanceMapWindow,
}

pub struct AStarTurns {
    world: World,
    visibility: Visibility,
    reach: Reach,
    /// Rolls the blows, as the game's own RNG does.
    rng: Isaac64Rng,
}

impl AStarTurns {
    pub fn new(world: World, reach: Reach) -> Self {
        let mut visibility = Visibility::new(world.size());
        visibility.update(&world, Omniscience::Off);
        Self {
            world,
            visibility,
            reach,
            rng: Isaac64Rng::seed_from_u64(0),
        }
    }

    /// The player waits, every living NPC acts in spawn order, then the field of view.
    pub fn turn(&mut self) {
        self.npc_phase();
        self.visibility.update(&self.world, Omniscience::Off);
    }

    pub fn is_player_alive(&self) -> bool {
        self.world.is_player_alive()
    }

    fn npc_phase(&mut self) {
        let mut index = 0;
        while let Some(&npc) = self.world.npcs().get(index) {
            index += 1;
            if !self.world.is_player_alive() {
                return;
            }
            let coord = self.world.coord_of(npc);
            let player = self.world.player_coord();
            if !can_see(&self.world, coord, player) {
                continue;
            }
            if let Some(direction) = first_step(&self.world, coord, player, self.reach) {
                let from = self.world.coord_of(npc);
                self.world
                    .move_character(npc, from, direction, &mut self.rng);
            }
        }
    }
}

/// A* over cardinal steps of cost 1 with the Manhattan heuristic; walls and other characters
/// block, except the player's own cell, which is the goal.
fn first_step(
    world: &World,
    from: ICoord,
    player: ICoord,
    reach: Reach,
) -> Option<CardinalDirection> {
    let in_reach = |coord: ICoord| match reach {
        Reach::Unbounded => true,
        Reach::DistanceMapWindow => coord.manhattan_distance(player) <= DISTANCE_MAP_MAX_STEPS,
    };
    let successors = |&coord: &ICoord| {
        CardinalDirections.into_iter().filter_map(move |direction| {
            let next = coord + direction.coord();
            let open = next == player || (world.can_npc_enter(next) && in_reach(next));
            open.then_some((next, 1_u32))
        })
    };
    let heuristic = |coord: &ICoord| coord.manhattan_distance(player);
    let (path, _cost) = astar(&from, successors, heuristic, |&coord| coord == player)?;
    let step = *path.get(1)?;
    CardinalDirections
        .into_iter()
        .find(|direction| from + direction.coord() == step)
}
