//! The baseline: the reference tutorial's turn (gridbugs' chargrid roguelike tutorial 2020, as of
//! its part 6), on Umbra's own world. Its rules, written here from reading that branch:
//!
//! - one distance map to the player, rebuilt every turn, reaching 20 steps and ignoring NPCs;
//! - each NPC, in spawn order: a `line_2d` line of sight to the player within radius² 100; one
//!   that has not seen the player for more than 3 turns waits; otherwise it takes the first
//!   step of a bounded search (5 steps, other NPCs blocking) down that map, bumping to attack;
//! - then the player's field of view: shadowcast within radius² 100, each cell in view stamped
//!   with the turn (the reference remembers when a cell was seen, not what was on it).
//!
//! The world, the moves and blows and the line of sight (`behaviour::can_see`, the same test)
//! are Umbra's own code, walls read from Umbra's one-byte grid, so the difference measured is the
//! turn's logic, not the world's representation.

use coord_2d::ICoord;
use entity_table::ComponentTable;
use grid_2d::Grid;
use grid_search_cardinal::CanEnter;
use grid_search_cardinal::distance_map::{DistanceMap, PopulateContext, SearchContext};
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use shadowcast::{InputGrid, vision_distance};
use umbra_rules::PlayerAction;
use umbra_rules::behaviour::can_see;
use umbra_rules::visibility::{Omniscience, Visibility};
use umbra_rules::world::World;

/// How far the reference's map to the player reaches.
const MAX_APPROACH_DISTANCE: u32 = 20;
/// How far an NPC searches down it for a step round others.
const SEARCH_DISTANCE: u32 = 5;
/// An NPC gives up the chase this many turns after it last saw the player.
const CHASE_TURNS: u32 = 3;

/// The reference's sight: radius² 100.
const VISION_DISTANCE_SQUARED: u32 = 100;

/// Light stops at walls.
struct Opacity;

impl InputGrid for Opacity {
    type Grid = World;
    type Opacity = u8;
    fn size(&self, world: &World) -> coord_2d::UCoord {
        world.size()
    }
    fn get_opacity(&self, world: &World, coord: ICoord) -> u8 {
        if world.is_wall(coord) { 255 } else { 0 }
    }
}

/// The reference's visibility grid: the turn each cell was last seen.
struct VisibilityGrid {
    last_seen: Grid<u64>,
    count: u64,
    shadowcast: shadowcast::Context<u8>,
}

impl VisibilityGrid {
    fn new(size: coord_2d::UCoord) -> Self {
        Self {
            last_seen: Grid::new_copy(size, 0),
            count: 1,
            shadowcast: shadowcast::Context::default(),
        }
    }

    fn update(&mut self, world: &World) {
        self.count += 1;
        let (count, grid) = (self.count, &mut self.last_seen);
        self.shadowcast.for_each_visible(
            world.player_coord(),
            &Opacity,
            world,
            vision_distance::Circle::new_squared(VISION_DISTANCE_SQUARED),
            255,
            |coord, _, _| *grid.get_checked_mut(coord) = count,
        );
    }
}

struct Walls<'a>(&'a World);

impl CanEnter for Walls<'_> {
    fn can_enter(&self, coord: ICoord) -> bool {
        !self.0.is_wall(coord)
    }
}

struct Open<'a>(&'a World);

impl CanEnter for Open<'_> {
    fn can_enter(&self, coord: ICoord) -> bool {
        self.0.can_npc_enter(coord)
    }
}

pub struct ReferenceTurns {
    world: World,
    visibility: VisibilityGrid,
    /// Umbra's own field of view (what is in sight and what is remembered there), for the floor.
    umbra_sight: Visibility,
    distance_map: DistanceMap,
    populate: PopulateContext,
    search: SearchContext,
    /// Turns since each NPC last saw the player: the reference's per-agent memory.
    unseen_for: ComponentTable<u32>,
    rng: Isaac64Rng,
}

impl ReferenceTurns {
    pub fn new(world: World) -> Self {
        let size = world.size();
        let mut visibility = VisibilityGrid::new(size);
        visibility.update(&world);
        let mut umbra_sight = Visibility::new(size);
        umbra_sight.update(&world, Omniscience::Off);
        let mut unseen_for = ComponentTable::default();
        for &npc in world.npcs() {
            unseen_for.insert(npc, u32::MAX);
        }
        Self {
            unseen_for,
            world,
            visibility,
            umbra_sight,
            distance_map: DistanceMap::new(size),
            populate: PopulateContext::default(),
            search: SearchContext::new(size),
            rng: Isaac64Rng::seed_from_u64(0),
        }
    }

    /// The player's action, then the reference's NPC turn, then the field of view.
    pub fn turn(&mut self, action: PlayerAction) {
        self.player(action);
        self.map_to_player();
        self.npc_phase();
        self.visibility.update(&self.world);
    }

    /// Umbra's turn's floor: the player's action, one distance map and Umbra's own field of
    /// view (cells in sight, and what is there remembered), with no NPC deciding anything.
    pub fn floor_turn(&mut self, action: PlayerAction) {
        self.player(action);
        self.map_to_player();
        self.umbra_sight.update(&self.world, Omniscience::Off);
    }

    fn player(&mut self, action: PlayerAction) {
        if let PlayerAction::Move(direction) = action {
            let player = self.world.player();
            self.world.move_character(player, direction, &mut self.rng);
        }
    }

    fn map_to_player(&mut self) {
        self.populate.add(self.world.player_coord());
        self.populate.populate_approach(
            &Walls(&self.world),
            MAX_APPROACH_DISTANCE,
            &mut self.distance_map,
        );
    }

    fn npc_phase(&mut self) {
        let mut index = 0;
        while let Some(&npc) = self.world.npcs().get(index) {
            let coord = self.world.coord_of(npc);
            let player = self.world.player_coord();
            index += 1;
            let Some(unseen) = self.unseen_for.get_mut(npc) else {
                continue;
            };
            *unseen = if can_see(&self.world, coord, player) {
                0
            } else {
                unseen.saturating_add(1)
            };
            if *unseen > CHASE_TURNS {
                continue;
            }
            let step = self.search.search_first(
                &Open(&self.world),
                coord,
                SEARCH_DISTANCE,
                &self.distance_map,
            );
            if let Some(direction) = step {
                self.world.move_character(npc, direction, &mut self.rng);
            }
        }
    }
}
