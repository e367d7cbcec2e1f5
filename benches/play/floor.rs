//! The turn's floor: what any turn of Umbra's must do when the player moves, with no NPC
//! deciding anything. The player's action, one distance map to the player and Umbra's own field
//! of view (the cells in sight, and what is on them remembered), on Umbra's world.

use coord_2d::ICoord;
use grid_search_cardinal::CanEnter;
use grid_search_cardinal::distance_map::{DistanceMap, PopulateContext};
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra_rules::PlayerAction;
use umbra_rules::visibility::{Omniscience, Visibility};
use umbra_rules::world::World;

use super::reference::MAX_APPROACH_DISTANCE;

struct Open<'a>(&'a World);

impl CanEnter for Open<'_> {
    fn can_enter(&self, coord: ICoord) -> bool {
        !self.0.blocks_walking(coord)
    }
}

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

    pub fn turn(&mut self, action: PlayerAction) {
        if let PlayerAction::Move(direction) = action {
            let player = self.world.player();
            let from = self.world.coord_of(player);
            self.world
                .move_character(player, from, direction, &mut self.rng);
        }
        self.populate.add(self.world.player_coord());
        self.populate.populate_approach(
            &Open(&self.world),
            MAX_APPROACH_DISTANCE,
            &mut self.distance_map,
        );
        self.sight.update(&self.world, Omniscience::Off);
    }
}
