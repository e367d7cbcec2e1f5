//! Umbra's floor on the tutorial's levels: what any turn of Umbra's must do when the player
//! moves and no NPC decides anything (the player's step, one distance map to the player, the
//! field of view and what it shows remembered), as `benches/play/floor.rs` has it on Umbra's
//! own levels. A turn's cost over this one's is what the NPC phase and the rest of the rules
//! add: docs/performance.md's cost model.

use coord_2d_04::ICoord;
use gsc04::distance_map::{DistanceMap, PopulateContext};
use gsc04::CanEnter;
use rand09::SeedableRng;
use rand_isaac04::Isaac64Rng;
use umbra_rules::visibility::{Omniscience, Visibility};
use umbra_rules::world::World;
use umbra_rules::PlayerAction;

/// The tutorial's reach of its map to the player, and Umbra's.
const MAX_APPROACH_DISTANCE: u32 = 20;

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
    pub fn new(rows: &[String]) -> Self {
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (terrain, _) = umbra_rules::terrain::from_ascii(&rows).expect("a tutorial level reads");
        let world = World::from_terrain(&terrain);
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

    /// One turn; false if the player's step was refused (a wall), which Umbra's game does not
    /// count as a turn taken.
    pub fn turn(&mut self, action: PlayerAction) -> bool {
        if let PlayerAction::Move(direction) = action {
            let player = self.world.player();
            let from = self.world.coord_of(player);
            if self.world.blocks_walking(from + direction.coord()) {
                return false;
            }
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
        true
    }
}
