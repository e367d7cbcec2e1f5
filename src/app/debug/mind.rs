//! An NPC's whole memory in words, for the look cursor when the debug views are on: its state
//! and why it changed, where it last saw the player, where it is going, and its clocks.

use chargrid::core::ICoord;

use super::super::words::npc_name;
use umbra_rules::game::{Game, Heading, NpcState, Reason};

/// Lines telling everything the NPC standing at `cell` remembers; empty where none stands.
pub fn memory_lines(game: &Game, cell: ICoord) -> Vec<String> {
    let (Some(npc), Some(agent)) = (
        game.inhabitants().npc_at(cell),
        game.inhabitants().agent_at(cell),
    ) else {
        return Vec::new();
    };
    let hp = npc.hit_points;
    let transition = agent.last_transition;
    let first = format!(
        "{} {}/{} HP: {} since turn {} ({})",
        npc_name(npc.kind),
        hp.current,
        hp.max,
        state_words(agent.state),
        transition.turn,
        reason_words(transition.reason)
    );
    let sighting = match agent.last_sighting {
        Some(seen) => format!(
            "last saw you at {},{} on turn {}",
            seen.coord.x, seen.coord.y, seen.turn
        ),
        None => "has never seen you".to_string(),
    };
    let heading = game.heading(npc.id).map_or(String::new(), heading_words);
    let second = format!("{sighting}; {heading}");
    let third = format!(
        "time left {}, stuck {} turns, confused {} more actions{}",
        agent.time_left,
        agent.stuck_turns,
        agent.confused_for,
        if agent.gave_ground {
            ", gave ground last"
        } else {
            ""
        }
    );
    vec![first, second, third]
}

fn state_words(state: NpcState) -> String {
    match state {
        NpcState::Asleep => "asleep".to_string(),
        NpcState::Wandering { resume_at, .. } => {
            format!("wandering (moves on at turn {resume_at})")
        }
        NpcState::Hunting => "hunting".to_string(),
        NpcState::Searching {
            prowling, until, ..
        } => format!(
            "searching ({} until turn {until})",
            if prowling {
                "looking around"
            } else {
                "on its way"
            }
        ),
        NpcState::Fleeing => "fleeing".to_string(),
        NpcState::Captive => "held captive".to_string(),
        NpcState::Guarding { post } => format!("guarding {},{}", post.x, post.y),
        NpcState::Following => "following you".to_string(),
    }
}

fn reason_words(reason: Reason) -> &'static str {
    match reason {
        Reason::Spawned => "as it was made",
        Reason::SawPlayer => "saw you",
        Reason::NoticedPlayer => "noticed you in its sleep",
        Reason::HeardNoise => "heard a fight",
        Reason::Alerted => "heard a shout",
        Reason::LostSight => "lost sight of you",
        Reason::ReachedTarget => "reached where it searched",
        Reason::SearchOver => "gave up searching",
        Reason::TargetUnreachable => "could not reach where it searched",
        Reason::Hurt => "badly hurt",
        Reason::Recovered => "healed",
        Reason::Cornered => "cornered",
        Reason::SawEnemy => "saw an enemy",
        Reason::Freed => "freed by you",
        Reason::NoEnemyNear => "no enemy near",
        Reason::CameLooking => "came onto the level looking for you",
        Reason::Roused => "let out of its machine, it came for you",
    }
}

fn heading_words(heading: Heading) -> String {
    match heading {
        Heading::Nowhere => "going nowhere".to_string(),
        Heading::Waypoint(cell) => format!("heading for the waypoint at {},{}", cell.x, cell.y),
        Heading::Player(_) => "heading for you".to_string(),
        Heading::Search { target, prowling } if prowling => {
            format!("looking around {},{}", target.x, target.y)
        }
        Heading::Search { target, .. } => format!("heading for {},{}", target.x, target.y),
        Heading::Away => "running down the safety map".to_string(),
        Heading::Enemy(cell) => format!("after the enemy at {},{}", cell.x, cell.y),
        Heading::Following(_) => "keeping by you".to_string(),
        Heading::Post(cell) => format!("at its post, {},{}", cell.x, cell.y),
    }
}
