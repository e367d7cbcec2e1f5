//! The baseline: the reference tutorial's turn (gridbugs' chargrid roguelike tutorial 2020, as of
//! its part 6). Its rules, written here from reading that branch:
//!
//! - one distance map to the player, rebuilt every turn, reaching 20 steps and ignoring NPCs;
//! - each NPC, in the order of its agents' table (the dead dropped first): a `line_2d` line of
//!   sight to the player within radius² 100; one that has not seen the player for more than 3
//!   turns waits; otherwise it takes the first step of a bounded search (5 steps, other NPCs
//!   blocking) down that map, bumping to attack;
//! - then the player's field of view: shadowcast within radius² 100, each cell in view stamped
//!   with the turn (the reference remembers when a cell was seen, not what was on it).
//!
//! The turn runs on any [`Ground`]: the tutorial's own world ([`super::tutorial_world`], the
//! baseline the targets are set against, as the issue measured it), or Umbra's world with its
//! one-byte wall grid and its dice (a stricter bar: the tutorial's logic on our data).

use std::marker::PhantomData;

use coord_2d::{ICoord, UCoord};
use direction::CardinalDirection;
use entity_table::{ComponentTable, Entity};
use grid_2d::Grid;
use grid_search_cardinal::CanEnter;
use grid_search_cardinal::distance_map::{DistanceMap, PopulateContext, SearchContext};
use line_2d::LineSegment;
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use shadowcast::{InputGrid, VisionDistance, vision_distance};
use umbra_rules::world::World;

/// How far the reference's map to the player reaches.
pub const MAX_APPROACH_DISTANCE: u32 = 20;
/// How far an NPC searches down it for a step round others.
const SEARCH_DISTANCE: u32 = 5;
/// An NPC gives up the chase this many turns after it last saw the player.
const CHASE_TURNS: u32 = 3;
/// The reference's sight, the player's and the NPCs': radius² 100.
const VISION: vision_distance::Circle = vision_distance::Circle::new_squared(100);

/// What the reference's turn asks of a world.
pub trait Ground {
    fn size(&self) -> UCoord;
    fn player(&self) -> Entity;
    fn coord_of(&self, entity: Entity) -> ICoord;
    /// Every NPC spawned, dead or alive, in spawn order.
    fn npcs(&self) -> &[Entity];
    fn is_alive(&self, entity: Entity) -> bool;
    fn is_opaque(&self, coord: ICoord) -> bool;
    fn can_enter_ignoring_npcs(&self, coord: ICoord) -> bool;
    fn can_npc_enter(&self, coord: ICoord) -> bool;
    /// Step, or bump whoever stands there.
    fn move_character(&mut self, character: Entity, direction: CardinalDirection);
}

/// Umbra's own world and its dice, as the reference's ground.
pub struct UmbraGround {
    world: World,
    npcs: Vec<Entity>,
    rng: Isaac64Rng,
}

impl UmbraGround {
    pub fn new(world: World) -> Self {
        Self {
            npcs: world.npcs().to_vec(),
            world,
            rng: Isaac64Rng::seed_from_u64(0),
        }
    }
}

impl Ground for UmbraGround {
    fn size(&self) -> UCoord {
        self.world.size()
    }
    fn player(&self) -> Entity {
        self.world.player()
    }
    fn coord_of(&self, entity: Entity) -> ICoord {
        self.world.coord_of(entity)
    }
    fn npcs(&self) -> &[Entity] {
        &self.npcs
    }
    fn is_alive(&self, entity: Entity) -> bool {
        self.world.is_alive(entity)
    }
    fn is_opaque(&self, coord: ICoord) -> bool {
        self.world.blocks_sight(coord)
    }
    fn can_enter_ignoring_npcs(&self, coord: ICoord) -> bool {
        !self.world.blocks_walking(coord)
    }
    fn can_npc_enter(&self, coord: ICoord) -> bool {
        self.world.can_npc_enter(coord)
    }
    fn move_character(&mut self, character: Entity, direction: CardinalDirection) {
        let from = self.world.coord_of(character);
        (self.world).move_character(character, from, direction, &mut self.rng);
    }
}

struct Opacity<G>(PhantomData<G>);

impl<G: Ground> InputGrid for Opacity<G> {
    type Grid = G;
    type Opacity = u8;
    fn size(&self, ground: &G) -> UCoord {
        ground.size()
    }
    fn get_opacity(&self, ground: &G, coord: ICoord) -> u8 {
        if ground.is_opaque(coord) { 255 } else { 0 }
    }
}

struct IgnoringNpcs<'a, G>(&'a G);

impl<G: Ground> CanEnter for IgnoringNpcs<'_, G> {
    fn can_enter(&self, coord: ICoord) -> bool {
        self.0.can_enter_ignoring_npcs(coord)
    }
}

struct Free<'a, G>(&'a G);

impl<G: Ground> CanEnter for Free<'_, G> {
    fn can_enter(&self, coord: ICoord) -> bool {
        self.0.can_npc_enter(coord)
    }
}

/// The tutorial's `npc_has_line_of_sight`: every cell of the segment, ends included, within
/// range and see-through.
fn has_line_of_sight<G: Ground>(ground: &G, from: ICoord, to: ICoord) -> bool {
    if from == to {
        return true;
    }
    LineSegment::new(from, to)
        .iter()
        .all(|coord| VISION.in_range(coord - from) && !ground.is_opaque(coord))
}

pub struct ReferenceTurns<G> {
    ground: G,
    /// The turn each cell was last seen.
    last_seen: Grid<u64>,
    count: u64,
    shadowcast: shadowcast::Context<u8>,
    distance_map: DistanceMap,
    populate: PopulateContext,
    search: SearchContext,
    /// Turns since each NPC last saw the player: the reference's agents.
    agents: ComponentTable<u32>,
}

impl<G: Ground> ReferenceTurns<G> {
    pub fn new(ground: G) -> Self {
        let size = ground.size();
        let mut agents = ComponentTable::default();
        for &npc in ground.npcs() {
            agents.insert(npc, u32::MAX);
        }
        let mut turns = Self {
            ground,
            last_seen: Grid::new_copy(size, 0),
            count: 1,
            shadowcast: shadowcast::Context::default(),
            distance_map: DistanceMap::new(size),
            populate: PopulateContext::default(),
            search: SearchContext::new(size),
            agents,
        };
        turns.update_visibility();
        turns
    }

    /// The player's move (a wait is no move), the NPCs' turn, then the field of view.
    pub fn turn(&mut self, step: Option<CardinalDirection>) {
        if let Some(direction) = step {
            let player = self.ground.player();
            self.ground.move_character(player, direction);
        }
        self.ai_turn();
        self.update_visibility();
    }

    fn ai_turn(&mut self) {
        let player = self.ground.coord_of(self.ground.player());
        self.populate.add(player);
        self.populate.populate_approach(
            &IgnoringNpcs(&self.ground),
            MAX_APPROACH_DISTANCE,
            &mut self.distance_map,
        );
        let ground = &self.ground;
        let dead: Vec<Entity> = self
            .agents
            .entities()
            .filter(|&npc| !ground.is_alive(npc))
            .collect();
        for npc in dead {
            self.agents.remove(npc);
        }
        for (npc, unseen) in self.agents.iter_mut() {
            let coord = self.ground.coord_of(npc);
            let player = self.ground.coord_of(self.ground.player());
            *unseen = if has_line_of_sight(&self.ground, coord, player) {
                0
            } else {
                unseen.saturating_add(1)
            };
            if *unseen > CHASE_TURNS {
                continue;
            }
            let step = self.search.search_first(
                &Free(&self.ground),
                coord,
                SEARCH_DISTANCE,
                &self.distance_map,
            );
            if let Some(direction) = step {
                self.ground.move_character(npc, direction);
            }
        }
    }

    fn update_visibility(&mut self) {
        self.count += 1;
        let (count, grid) = (self.count, &mut self.last_seen);
        let player = self.ground.coord_of(self.ground.player());
        self.shadowcast.for_each_visible(
            player,
            &Opacity(PhantomData),
            &self.ground,
            VISION,
            255,
            |coord, _, _| *grid.get_checked_mut(coord) = count,
        );
    }
}
