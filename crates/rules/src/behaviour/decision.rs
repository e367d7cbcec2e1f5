//! What an NPC's turn comes to: its action, of the same kinds the player sends, and whether it
//! shouts; how far the shared maps reach; and the traits its kind is asked for.

use coord_2d::ICoord;
use direction::CardinalDirection;
use entity_table::Entity;

use crate::content::NpcTrait;
use crate::world::World;

/// The distance map reaches 20 steps from the player: half as far again as sight reaches (14
/// cells), so every NPC that can see the player also finds it on the map unless walls force a
/// long detour.
pub const DISTANCE_MAP_MAX_STEPS: u32 = 20;
/// How far an NPC looks for a way around other NPCs before it waits its turn.
pub const ROUTE_SEARCH_DISTANCE: u32 = 5;
/// How far the map towards a searched cell reaches. A sighting is at most ten cells away in a
/// straight line; thirty steps allow for walls in the way without flooding the whole level.
pub const SEARCH_MAP_MAX_STEPS: u32 = 30;
/// An NPC's decision for one turn: the same kinds of action the player has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NpcAction {
    Wait,
    /// Step, or attack whoever stands in the way.
    Move(CardinalDirection),
    /// Send its kind's bolt at a cell: an arrow at the player, healing at an ally.
    Fire(ICoord),
    /// Call its kind's summons to its side.
    Summon,
}

/// What an NPC decided: its action, and whether it shouts to the others (free, with the action).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    pub action: NpcAction,
    pub shout: bool,
}

/// Whether the NPC's kind has the trait.
pub fn has_trait(world: &World, npc: Entity, wanted: NpcTrait) -> bool {
    world
        .npc_kind(npc)
        .is_some_and(|kind| kind.rules().has(wanted))
}
