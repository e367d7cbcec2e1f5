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

// How NPCs behave. Sources: Brogue CE (monsters mostly asleep, wandering between waypoints,
// fleeing on a safety map) and DCSS (noise that wakes and draws monsters to a fight).

/// One NPC in three starts awake and wandering; the rest sleep until something wakes them.
/// Enough that a level feels alive, few enough that sneaking past sleepers is a real choice.
pub const NPC_AWAKE_AT_START: (u32, u32) = (1, 3);
/// A sleeping NPC in the player's view wakes with this chance each turn (a stealth check): on
/// average after five turns in view, so a sleeper can be passed quickly or reached and struck
/// first, but not watched for long.
pub const SLEEPER_NOTICE_CHANCE: (u32, u32) = (1, 5);
/// A blow is heard this many steps away, by path over open ground: about the span of a room and
/// the corridor beside it, so a fight draws its neighbours but not the whole level.
pub const COMBAT_NOISE_STEPS: u32 = 8;
/// An orc that spots the player shouts; the shout carries a little further than a blow.
pub const SHOUT_NOISE_STEPS: u32 = 12;
/// An orc shouts again only if it had not seen the player for this long: about a search's
/// length, so losing the player round a corner, or coming back healed, raises no new alarm.
pub const SHOUT_AGAIN_AFTER_TURNS: u64 = 50;
/// How long a searching NPC keeps at it: time to walk to the last-seen cell...
pub const SEARCH_APPROACH_TURNS: u64 = 30;
/// ...and then to look around it for this many turns before wandering again.
pub const SEARCH_PROWL_TURNS: u64 = 15;
/// While looking around, a searcher stays within this many steps of the cell it is searching.
pub const SEARCH_PROWL_STEPS: u32 = 5;
/// A wandering NPC rests this many turns (inclusive range) at each waypoint it reaches.
pub const WANDER_PAUSE_TURNS: (u64, u64) = (2, 6);
/// An NPC that wanted to step and could not for this many turns picks another way: long enough
/// to let a neighbour pass, short enough that two NPCs in a corridor never block each other for
/// long.
pub const STUCK_TURNS: u8 = 3;
/// NPCs heal one hit point every this many turns: slower than the player, so a wounded orc that
/// got away comes back, but not soon.
pub const NPC_REGENERATION_INTERVAL: u64 = 20;

/// Whether an NPC of this kind runs when badly hurt. Trolls are too stupid and too proud.
pub const fn flees(npc_type: NpcType) -> bool {
    matches!(npc_type, NpcType::Orc)
}

/// A fleeing kind flees at or below half its hit points (an orc after one player blow)...
pub const FLEE_AT_OR_BELOW: (u32, u32) = (1, 2);
/// ...and comes back to fight once healed to three quarters (an orc after twenty turns' rest).
pub const RECOVERED_AT_OR_ABOVE: (u32, u32) = (3, 4);

/// Whether an NPC of this kind shouts when it spots the player, waking and calling the others
/// within [`SHOUT_NOISE_STEPS`]. Orcs fight in bands; trolls keep their finds to themselves.
pub const fn shouts(npc_type: NpcType) -> bool {
    matches!(npc_type, NpcType::Orc)
}
