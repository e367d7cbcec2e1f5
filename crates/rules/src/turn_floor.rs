//! The turn's floor: what any turn of Umbra's must do when the player moves and no NPC decides
//! anything (the player's step, one distance map to the player, the field of view and what it
//! shows remembered), on a world as the game has it. A turn's cost over this one's is what the
//! NPC phase and the rest of the rules add: the play benchmark times it beside the game on
//! Umbra's levels, the tutorial harness on the tutorial's (docs/performance.md's cost model).

use grid_search_cardinal::distance_map::{DistanceMap, PopulateContext};
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;

use crate::PlayerAction;
use crate::behaviour::{DISTANCE_MAP_MAX_STEPS, Unharmed};
use crate::visibility::{Omniscience, Visibility};
use crate::world::World;

pub struct Floor {
    world: World,
    sight: Visibility,
    distance_map: DistanceMap,
    populate: PopulateContext,
    rng: Isaac64Rng,
}

impl Floor {
    pub fn new(world: World) -> Self {
        let mut sight = Visibility::new(world.size());
        sight.update(&world, Omniscience::Off);
        Self {
            distance_map: DistanceMap::new(world.size()),
            populate: PopulateContext::default(),
            sight,
            world,
            rng: Isaac64Rng::seed_from_u64(0),
        }
    }

    /// One turn; false if the player's step was into a wall, which the game does not count as
    /// a turn taken (and this floor does not play).
    pub fn turn(&mut self, action: PlayerAction) -> bool {
        if let PlayerAction::Move(direction) = action {
            let player = self.world.player();
            let from = self.world.coord_of(player);
            if self.world.blocks_walking(from + direction.coord()) {
                return false;
            }
            (self.world).move_character(player, from, direction, &mut self.rng);
        }
        self.populate.add(self.world.player_coord());
        self.populate.populate_approach(
            &Unharmed(&self.world),
            DISTANCE_MAP_MAX_STEPS,
            &mut self.distance_map,
        );
        self.sight.update(&self.world, Omniscience::Off);
        true
    }
}
