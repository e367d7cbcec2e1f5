//! Who walks other than on foot, and how: a flyer closes in over chasms and water on the
//! flying map, a swimmer on the swimming map and never out of its water (drifting there when
//! it sees no enemy), and a kind that flits steps at random now and then, whatever it meant.

use coord_2d::ICoord;
use direction::{CardinalDirection, CardinalDirections};
use entity_table::Entity;
use rand::Rng;

use super::way_maps::{FreeToFly, Way};
use super::{BehaviourContext, NpcAction, ROUTE_SEARCH_DISTANCE, hunt};
use crate::balance;
use crate::content::NpcKind;
use crate::world::World;

impl BehaviourContext {
    /// The way `npc`, of `kind`, walks, if it is not on foot.
    pub(super) fn way_of(world: &World, npc: Entity, kind: Option<NpcKind>) -> Option<Way> {
        if world.swims(npc) {
            Some(Way::Swimming)
        } else if world.flies(npc, kind) {
            Some(Way::Flying)
        } else {
            None
        }
    }

    /// A flyer's step (or blow) towards the enemy it sees at `target`, over chasms and water,
    /// round other characters.
    pub(super) fn fly_at(&mut self, world: &World, here: ICoord, target: ICoord) -> NpcAction {
        if let Some(direction) = hunt::adjacent_direction(here, target) {
            return NpcAction::Move(direction);
        }
        let key = (super::side_map::map_key(world), self.turn);
        let map = (self.ways).prepare(world, Way::Flying, key, &mut self.populate);
        if map.distance(here).is_none() {
            return self.close_in(world, here, target);
        }
        self.search
            .search_first(&FreeToFly(world), here, ROUTE_SEARCH_DISTANCE, map)
            .map_or(NpcAction::Wait, NpcAction::Move)
    }

    /// A swimmer's step (or blow) towards the enemy it sees: down its map through the water,
    /// never out of it; waiting if no free water leads nearer.
    pub(super) fn swim_at(&mut self, world: &World, npc: Entity, target: ICoord) -> NpcAction {
        let here = world.coord_of(npc);
        if let Some(direction) = hunt::adjacent_direction(here, target) {
            return NpcAction::Move(direction);
        }
        let key = (super::side_map::map_key(world), self.turn);
        let map = (self.ways).prepare(world, Way::Swimming, key, &mut self.populate);
        let now = map.distance(here).unwrap_or(u32::MAX);
        CardinalDirections
            .into_iter()
            .filter_map(|direction| {
                let next = here + direction.coord();
                let free = world.can_walk_onto(npc, next) && !world.has_character(next);
                let distance = map.distance(next).filter(|&d| free && d < now)?;
                Some((distance, direction))
            })
            .min_by_key(|&(distance, _)| distance)
            .map_or(NpcAction::Wait, |(_, direction)| NpcAction::Move(direction))
    }

    /// A swimmer with no enemy in sight drifts through its water: a step at random one turn
    /// in two.
    pub(super) fn swim_about(world: &World, npc: Entity, rng: &mut impl Rng) -> NpcAction {
        if rng.random_ratio(1, 2) {
            return NpcAction::Wait;
        }
        random_step(world, npc, rng).map_or(NpcAction::Wait, NpcAction::Move)
    }

    /// A kind that flits steps at random now and then, whatever it meant to do.
    pub(super) fn flit(world: &World, npc: Entity, rng: &mut impl Rng) -> Option<NpcAction> {
        let (chance, out_of) = balance::FLIT_CHANCE;
        if !rng.random_ratio(chance, out_of) {
            return None;
        }
        Some(random_step(world, npc, rng).map_or(NpcAction::Wait, NpcAction::Move))
    }
}

/// One of the four ways at random, if the NPC could step that way (no blow: a flit into a
/// character is a step not taken).
fn random_step(world: &World, npc: Entity, rng: &mut impl Rng) -> Option<CardinalDirection> {
    let direction = CardinalDirection::all().nth(rng.random_range(0..4))?;
    let next = world.coord_of(npc) + direction.coord();
    let free = world.can_walk_onto(npc, next) && !world.has_character(next) && !world.harms(next);
    free.then_some(direction)
}
