//! The level's inhabitants as the app and the tests read them: the NPCs in acting order, what
//! each is and remembers, the wanderers' waypoints, borrowed from a game through
//! [`Game::inhabitants`]. Ground truth: the app shows an NPC only where the player sees it.

use coord_2d::ICoord;
use entity_table::Entity;

use super::{Game, NpcCondition, NpcInfo};
use crate::behaviour::Agent;
use crate::world::Side;

/// A read-only view of the level's NPCs (see the module's words).
#[derive(Clone, Copy)]
pub struct Inhabitants<'a>(&'a Game);

impl Game {
    /// The level's NPCs, to read.
    pub fn inhabitants(&self) -> Inhabitants<'_> {
        Inhabitants(self)
    }
}

impl<'a> Inhabitants<'a> {
    /// Living NPCs in the order they act. Ground truth, for tests and tools.
    pub fn npcs(&self) -> impl Iterator<Item = NpcInfo> + 'a {
        self.0.world.npcs().iter().map(|&npc| NpcInfo {
            id: npc,
            coord: self.0.world.coord_of(npc),
            kind: self.0.world.npc_kind(npc).expect("NPCs have a type"),
            hit_points: self.0.world.hit_points(npc).expect("NPCs have hit points"),
            side: self.0.world.side_of(npc).unwrap_or(Side::Dungeon),
        })
    }

    pub fn count_corpses(&self) -> usize {
        self.0.world.count_corpses()
    }

    /// Steps from `coord` to the player on the NPCs' shared distance map.
    #[cfg(feature = "testing")]
    pub fn npc_distance_to_player(&self, coord: ICoord) -> Option<u32> {
        self.0
            .minds
            .behaviour
            .distance_to_player(&self.0.world, coord)
    }

    /// The memory of the NPC `id`, while it lives.
    pub fn agent(&self, id: Entity) -> Option<Agent> {
        self.0.minds.agents.get(id).copied()
    }

    /// The living NPC standing at `coord`, if any, found through the spatial table rather than
    /// by scanning every NPC. Ground truth: callers show it only where the player sees.
    pub fn npc_at(&self, coord: ICoord) -> Option<NpcInfo> {
        let npc = self.0.world.character_at(coord)?;
        Some(NpcInfo {
            id: npc,
            coord,
            kind: self.0.world.npc_kind(npc)?,
            hit_points: self.0.world.hit_points(npc)?,
            side: self.0.world.side_of(npc)?,
        })
    }

    /// What the NPC `id` is beyond its kind, and the spells on it: for the look and the
    /// sidebar.
    pub fn npc_condition(&self, id: Entity) -> NpcCondition {
        let world = &self.0.world;
        NpcCondition {
            learned: world.natures().learned(id),
            unseen: world.natures().is_unseen(id),
            submerged: world.is_submerged(id),
            carrying: (world.natures().carrying(id)).map(|(kind, _)| self.0.hero.lore.name(kind)),
            hasted_for: world.natures().hasted_for(id),
            held_for: world.natures().held_for(id),
            fades_in: world.natures().fades_in(id),
        }
    }

    /// Characters that joined this level in play (twins, summoned) and that faded from it.
    pub fn joined_and_faded(&self) -> (u32, u32) {
        self.0.progress.joined_and_faded
    }

    /// The memory of the NPC standing at `coord`, if a living NPC stands there.
    pub fn agent_at(&self, coord: ICoord) -> Option<Agent> {
        let npc = self.0.world.character_at(coord)?;
        self.0.minds.agents.get(npc).copied()
    }

    /// How many NPCs are awake (wandering, hunting, searching or fleeing).
    #[cfg(feature = "testing")]
    pub fn awake_npcs(&self) -> usize {
        self.0.minds.awake.len()
    }

    /// How many waypoints wandering NPCs walk between on this level.
    pub fn waypoint_count(&self) -> usize {
        self.0.minds.behaviour.waypoint_count()
    }

    /// Where wandering NPCs head: the waypoints' cells, by row then column. For tests of where
    /// they are placed; nothing in play needs them.
    #[cfg(feature = "testing")]
    pub fn waypoint_cells(&self) -> &'a [ICoord] {
        self.0.minds.behaviour.waypoint_cells()
    }

    /// Bytes the waypoints' maps and tables hold (reserved; pages are backed once written).
    pub fn waypoint_bytes(&self) -> usize {
        self.0.minds.behaviour.waypoint_bytes()
    }

    /// How many NPCs saw the player on the turn just played, by their memory of it.
    #[cfg(feature = "testing")]
    pub fn npcs_seeing_player(&self) -> usize {
        self.0
            .minds
            .agents
            .iter()
            .filter(|(_, agent)| {
                agent
                    .last_sighting
                    .is_some_and(|s| s.turn == self.0.progress.turn)
            })
            .count()
    }

    /// The NPC is on fire.
    pub fn is_burning(&self, npc: Entity) -> bool {
        self.0.world.is_on_fire(npc)
    }
}
