//! Looking into the NPCs' heads, for the debug views: the maps they decide by, where each is
//! heading, what they heard on the last turn and what one of them sees. Reading only: nothing
//! here changes the game, and nothing is computed unless a view asks for it.

use coord_2d::{ICoord, UCoord};
use direction::CardinalDirections;
use entity_table::Entity;

use super::Game;
use crate::behaviour::{
    DISTANCE_MAP_MAX_STEPS, NOISE_MAX_STEPS, NpcState, SafetyMap, can_see, local_map::LocalMap,
    sees_player,
};

pub use crate::behaviour::{Noise, NoiseKind};

/// Where an NPC is going, by its state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heading {
    /// Asleep, or resting at a waypoint: nowhere.
    Nowhere,
    /// Wandering to this waypoint.
    Waypoint(ICoord),
    /// Hunting the player it sees, along the map towards the player's side.
    Player(ICoord),
    /// Hunting another enemy it sees: a monster after an ally, an ally after a monster.
    Enemy(ICoord),
    /// An ally keeping by the player.
    Following(ICoord),
    /// A guard at (or back to) its post.
    Post(ICoord),
    /// Searching this cell (walking to it, or looking around it once `prowling`).
    Search { target: ICoord, prowling: bool },
    /// Running from the player (an ally: from the nearest enemy) down the safety map.
    Away,
}

/// The maps every NPC decides by, as they are this turn: the distances towards the player and
/// the safety map. Taken from the behaviour context when it holds them for where the player
/// stands; otherwise measured here the same way (the same flood, the same reach), as the
/// context would the moment an NPC needed them.
pub struct ThinkingMaps<'a> {
    game: &'a Game,
    /// The distances, when the context's are for another cell.
    distances: Option<LocalMap>,
    /// The safety map, when the context's is for another cell.
    safety: Option<SafetyMap>,
}

impl ThinkingMaps<'_> {
    /// How far the maps reach from the player, in steps.
    pub const REACH: u32 = DISTANCE_MAP_MAX_STEPS;

    /// Steps from `coord` to the player; none beyond the map's reach or through walls.
    pub fn distance_to_player(&self, coord: ICoord) -> Option<u32> {
        match &self.distances {
            Some(map) => map.distance(coord),
            None => self.game.minds.behaviour.built_distance(coord).1,
        }
    }

    /// How safe the cell is to a fleeing NPC, lower safer; none beyond the map or in a wall
    /// (and in a dead end, which has no value of its own).
    pub fn safety(&self, coord: ICoord) -> Option<i32> {
        let map = self
            .safety
            .as_ref()
            .unwrap_or(self.game.minds.behaviour.safety());
        map.value_on_map(&self.game.world, coord)
    }

    /// The cells an NPC at `from` would step through towards the player, following the map
    /// downhill round walls (not round other NPCs), at most `steps` of them.
    pub fn steps_to_player(&self, from: ICoord, steps: usize) -> Vec<ICoord> {
        let mut path = Vec::with_capacity(steps);
        let mut here = from;
        while path.len() < steps {
            let Some(distance) = self.distance_to_player(here).filter(|&d| d > 0) else {
                break;
            };
            let next = CardinalDirections
                .into_iter()
                .map(|d| here + d.coord())
                .find(|&c| self.distance_to_player(c) == Some(distance - 1));
            match next {
                Some(next) => {
                    path.push(next);
                    here = next;
                }
                None => break,
            }
        }
        path
    }
}

impl Game {
    /// The NPCs' maps as they stand now (see [`ThinkingMaps`]).
    pub fn thinking_maps(&self) -> ThinkingMaps<'_> {
        let player = self.world.player_coord();
        let (built_for, _) = self.minds.behaviour.built_distance(player);
        let distances = (built_for != Some(player)).then(|| {
            let mut map = LocalMap::new(DISTANCE_MAP_MAX_STEPS);
            map.lead_to(&self.world, player);
            map
        });
        let safety = (self.minds.behaviour.safety().built_for() != Some(player)).then(|| {
            let mut map = SafetyMap::keeping(DISTANCE_MAP_MAX_STEPS, 1);
            map.prepare(&self.world, player);
            map
        });
        ThinkingMaps {
            game: self,
            distances,
            safety,
        }
    }

    /// Where the NPC `id` is going, while it lives.
    pub fn heading(&self, id: Entity) -> Option<Heading> {
        let agent = self.minds.agents.get(id)?;
        Some(match agent.state {
            NpcState::Asleep | NpcState::Captive => Heading::Nowhere,
            NpcState::Guarding { post } => Heading::Post(post),
            NpcState::Following => Heading::Following(self.world.player_coord()),
            NpcState::Wandering { goal, .. } => goal
                .and_then(|goal| self.minds.behaviour.waypoint_cell(goal))
                .map_or(Heading::Nowhere, Heading::Waypoint),
            NpcState::Hunting => {
                let player = self.world.player_coord();
                match agent.last_sighting.map(|seen| seen.coord) {
                    Some(at) if at != player => Heading::Enemy(at),
                    _ => Heading::Player(player),
                }
            }
            NpcState::Searching {
                target, prowling, ..
            } => Heading::Search { target, prowling },
            NpcState::Fleeing => Heading::Away,
        })
    }

    /// The noises NPCs heard at the end of the last turn, in the order they were made.
    pub fn noises_heard(&self) -> &[Noise] {
        &self.scratch.heard
    }

    /// Calls `visit` with each cell of the rectangle at `corner` of `size` that a noise of the
    /// last turn carried to (over open ground, within its reach, as listeners hear it), the
    /// nearest such noise and its steps away. Noises of one reach are flooded together from all
    /// their sources at once, over the rectangle and as far round it as a noise carries, so a
    /// crowd's hundreds of noises cost one flood each kind; a cell both kinds reach is visited
    /// for each, fights first.
    pub fn noise_reach(
        &self,
        corner: ICoord,
        size: UCoord,
        mut visit: impl FnMut(&Noise, ICoord, u32),
    ) {
        let margin = 2 * NOISE_MAX_STEPS as i32;
        let area = Area {
            origin: corner - ICoord::new(margin, margin),
            width: size.width() as i32 + 2 * margin,
            height: size.height() as i32 + 2 * margin,
        };
        let shown = |cell: ICoord| {
            let local = cell - corner;
            (0..size.width() as i32).contains(&local.x)
                && (0..size.height() as i32).contains(&local.y)
        };
        for heard in NoiseKind::HEARD_IN_ORDER {
            let sources = self.scratch.heard.iter().filter(|noise| heard(&noise.kind));
            area.flood(&self.world, sources, |noise, cell, steps| {
                if shown(cell) {
                    visit(noise, cell, steps);
                }
            });
        }
    }

    /// True if the NPC `id` would see `coord` from where it stands (the player by the NPCs'
    /// own rule: also wherever the player sees it).
    pub fn npc_sees(&self, id: Entity, coord: ICoord) -> bool {
        if !self.world.is_alive(id) || !self.world.npcs().contains(&id) {
            return false;
        }
        let from = self.world.coord_of(id);
        if coord == self.world.player_coord() {
            return sees_player(&self.world, &self.visibility, from, coord);
        }
        can_see(&self.world, from, coord)
    }
}

/// A rectangle of the map a view floods noises over.
struct Area {
    origin: ICoord,
    width: i32,
    height: i32,
}

impl Area {
    fn index(&self, cell: ICoord) -> Option<usize> {
        let local = cell - self.origin;
        let inside = (0..self.width).contains(&local.x) && (0..self.height).contains(&local.y);
        inside.then(|| (local.y * self.width + local.x) as usize)
    }

    /// One breadth-first flood from every source inside at once, each cell claimed by the
    /// nearest (the first listed on a tie), up to the noises' reach.
    fn flood<'a>(
        &self,
        world: &crate::world::World,
        sources: impl Iterator<Item = &'a Noise>,
        mut visit: impl FnMut(&Noise, ICoord, u32),
    ) {
        let mut steps = vec![u8::MAX; (self.width * self.height) as usize];
        let mut queue: Vec<(ICoord, &Noise)> = Vec::new();
        for noise in sources {
            if let Some(i) = self.index(noise.source).filter(|&i| steps[i] == u8::MAX) {
                steps[i] = 0;
                queue.push((noise.source, noise));
            }
        }
        let mut next = 0;
        while let Some(&(cell, noise)) = queue.get(next) {
            next += 1;
            let here = self.index(cell).map_or(u8::MAX, |i| steps[i]);
            visit(noise, cell, u32::from(here));
            if u32::from(here) >= noise.reach() {
                continue;
            }
            for direction in CardinalDirections {
                let neighbour = cell + direction.coord();
                let Some(i) = self.index(neighbour) else {
                    continue;
                };
                if steps[i] == u8::MAX && !world.blocks_walking(neighbour) {
                    steps[i] = here + 1;
                    queue.push((neighbour, noise));
                }
            }
        }
    }
}
