//! The maps of the ways of walking other than on foot: flying over chasms and deep water,
//! swimming in deep water and nowhere else. Each way has its own map towards the player's side,
//! shared by every NPC that walks that way, made and measured only when one of them hunts: a
//! level without bats or eels pays nothing for them (see `ways_of_walking` for who walks how).

use coord_2d::ICoord;
use grid_search_cardinal::CanEnter;
use grid_search_cardinal::distance_map::{DistanceMap, PopulateContext};

use super::decision::DISTANCE_MAP_MAX_STEPS;
use super::side_map::{MapKey, Measured, add_side};
use crate::world::World;

/// A way of walking with a map of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Way {
    Flying,
    Swimming,
}

/// One way's map towards the player's side, and when it was measured (as the walking map).
#[derive(Default)]
struct WayMap {
    map: Option<DistanceMap>,
    measured: Measured,
}

/// The maps of every way but walking.
#[derive(Default)]
pub(super) struct WayMaps {
    flying: WayMap,
    swimming: WayMap,
}

/// Ground a flyer could cross, ignoring characters (harm kept out of, as on foot).
struct FlyingGround<'a>(&'a World);

impl CanEnter for FlyingGround<'_> {
    fn can_enter(&self, coord: ICoord) -> bool {
        let open = !self.0.blocks_walking(coord) || self.0.ground_at(coord).rules().flown_over;
        open && !self.0.harms(coord)
    }
}

/// Cells a flyer could step onto right now.
pub(super) struct FreeToFly<'a>(pub &'a World);

impl CanEnter for FreeToFly<'_> {
    fn can_enter(&self, coord: ICoord) -> bool {
        FlyingGround(self.0).can_enter(coord) && !self.0.has_character(coord)
    }
}

/// Water a swimmer could swim in, ignoring characters.
struct DeepWater<'a>(&'a World);

impl CanEnter for DeepWater<'_> {
    fn can_enter(&self, coord: ICoord) -> bool {
        self.0.ground_at(coord).rules().submerges
    }
}

impl WayMaps {
    /// Room for the maps of the ways the level's kinds walk (and the kinds they call), made
    /// with the level so that the first flyer or swimmer to hunt allocates nothing; measured
    /// only when one hunts. A way nobody on the level walks gets no map until one does.
    pub(super) fn for_level(world: &World) -> Self {
        use crate::content::NpcTrait;
        let mut maps = Self::default();
        for &npc in world.npcs() {
            let Some(rules) = world.npc_kind(npc).map(|kind| kind.rules()) else {
                continue;
            };
            let called = rules.summons.map(|s| s.kind.rules());
            let flies = |r: &crate::content::NpcRules| r.has(NpcTrait::Flies);
            if maps.flying.map.is_none() && (flies(rules) || called.is_some_and(flies)) {
                maps.flying.map = Some(DistanceMap::new(world.size()));
            }
            if maps.swimming.map.is_none() && rules.has(NpcTrait::Submerges) {
                maps.swimming.map = Some(DistanceMap::new(world.size()));
            }
        }
        maps
    }

    /// `way`'s map towards the player's side, measured now unless it can be read as it stands
    /// with the world at `key` on `turn` (see [`Measured::fresh`]).
    pub(super) fn prepare(
        &mut self,
        world: &World,
        way: Way,
        (key, turn): (MapKey, u64),
        populate: &mut PopulateContext,
    ) -> &DistanceMap {
        let way_map = match way {
            Way::Flying => &mut self.flying,
            Way::Swimming => &mut self.swimming,
        };
        let fresh = (way_map.measured).fresh(key, turn, !world.allies().is_empty());
        let map = way_map
            .map
            .get_or_insert_with(|| DistanceMap::new(world.size()));
        if !fresh {
            add_side(populate, world);
            match way {
                Way::Flying => {
                    populate.populate_approach(&FlyingGround(world), DISTANCE_MAP_MAX_STEPS, map);
                }
                Way::Swimming => {
                    populate.populate_approach(&DeepWater(world), DISTANCE_MAP_MAX_STEPS, map);
                }
            }
            way_map.measured.measured(key, turn);
        }
        map
    }
}
