//! Every number that decides how hard Umbra is, together, each with its reason.
//!
//! Starting points were the reference tutorial's (player 20 HP, orc 2, troll 6, all hitting for 1).
//! With those, a level of a dozen NPCs deals more damage than 20 HP can take even when fought one at
//! a time in corridors, so the player hits harder and heals slowly: careful play (fighting in
//! corridors, resting between fights) clears a level; charging into a room of three rarely does.

use crate::terrain::NpcType;

/// The player can take about ten orc hits or five troll hits.
pub const PLAYER_MAX_HIT_POINTS: u32 = 20;
/// Two hits kill an orc, five a troll.
pub const PLAYER_DAMAGE: u32 = 2;
/// One hit point back every this many turns: resting between fights matters, resting through one does not.
pub const PLAYER_REGENERATION_INTERVAL: u64 = 10;

pub const fn npc_max_hit_points(npc_type: NpcType) -> u32 {
    match npc_type {
        // Dies to two player hits, so a lone orc costs the player about one hit point.
        NpcType::Orc => 4,
        // Takes five player hits: a troll in the open is a real threat.
        NpcType::Troll => 10,
    }
}

pub const fn npc_damage(npc_type: NpcType) -> u32 {
    match npc_type {
        NpcType::Orc => 1,
        // Trolls hit twice as hard as orcs: one troll fight costs about a third of the player's health.
        NpcType::Troll => 2,
    }
}
