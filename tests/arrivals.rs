//! The dungeon does not wait: once a level holds fewer monsters than it began with, bands
//! arrive on it as time passes, out of the player's sight and far from it, by the stairs or
//! where the player came in, and come looking for the player where it stood; they interrupt a
//! rest, and a level as full as it began gets none.

mod common;

use common::Scenario;
use coord_2d::ICoord;
use direction::CardinalDirection::*;
use umbra_rules::PlayerAction;
use umbra_rules::balance::{ARRIVAL_DISTANCE, ARRIVAL_FUSE, SEARCH_APPROACH_TURNS};
use umbra_rules::behaviour::{NpcState, Reason};
use umbra_rules::game::{Activity, DungeonEvent, GameEvent, Stop};
use umbra_rules::visibility::CellVisibility;

/// Two halls joined by a closed door: the player and a jackal (asleep) in the west one, the
/// stairs down at the far end of the east one, out of sight behind the door.
const TWO_HALLS: &[&str] = &[
    "#################################",
    "#@1.............#...............#",
    "#...............+..............>#",
    "#...............#...............#",
    "#################################",
];

fn arrived(s: &Scenario) -> bool {
    (s.game.events().iter())
        .any(|e| matches!(e, GameEvent::Dungeon(DungeonEvent::SomethingArrived)))
}

/// The scenario with the jackal killed: the level holds one monster fewer than it began with.
fn after_a_kill() -> Scenario {
    let mut s = Scenario::with_npcs(TWO_HALLS, &[('1', 'j')]);
    s.game = s.game.with_player_max_hit_points(1000);
    for _ in 0..50 {
        if s.npc('1').is_none() {
            return s;
        }
        s.act(PlayerAction::Move(East));
    }
    s.fail("the jackal dies")
}

#[test]
fn once_a_monster_is_killed_a_band_arrives_by_the_stairs_out_of_sight() {
    let mut s = after_a_kill();
    let stairs = ICoord::new(31, 2);
    let start = s.game.turn();
    let mut when = None;
    for _ in 0..ARRIVAL_FUSE.1 + 10 {
        s.act(PlayerAction::Wait);
        if arrived(&s) {
            when = Some(s.game.turn() - start);
            break;
        }
    }
    let when = when.unwrap_or_else(|| s.fail("a band arrives within the longest first fuse"));
    assert!(
        when + 10 >= u64::from(ARRIVAL_FUSE.0),
        "not before the fuse: {when}"
    );
    let newcomers: Vec<_> = s.game.inhabitants().npcs().collect();
    assert!(!newcomers.is_empty(), "someone came");
    let player = s.game.player_coord();
    for npc in &newcomers {
        assert!(
            (npc.coord - stairs).magnitude2() <= 8,
            "by the stairs: {:?}",
            npc.coord
        );
        assert!(npc.coord.distance2(player) >= ARRIVAL_DISTANCE.pow(2));
        assert_ne!(
            s.game.level().cell_view(npc.coord).visibility,
            CellVisibility::Visible,
            "out of sight"
        );
    }
}

#[test]
fn a_band_comes_looking_for_the_player_where_it_stood_and_finds_it_resting() {
    let mut s = after_a_kill();
    // Within a search's reach of the stairs (some twenty steps), still out of their sight.
    while s.game.player_coord().x < 12 {
        s.act(PlayerAction::Move(East));
    }
    let mut waited = 0;
    while !arrived(&s) {
        s.act(PlayerAction::Wait);
        waited += 1;
        assert!(waited <= ARRIVAL_FUSE.1 + 10, "a band arrives");
    }
    let player = s.game.player_coord();
    for npc in s.npcs() {
        let agent = s.agent(npc.coord);
        s.check(
            matches!(agent.state, NpcState::Searching { target, .. } if target == player),
            &format!(
                "the newcomer at {:?} searches where the player stands: {agent:?}",
                npc.coord
            ),
        );
        s.check_eq(agent.last_transition.reason, Reason::CameLooking, "why");
    }
    // What the player notices: standing still where it was, it sees them come through the door.
    for _ in 0..SEARCH_APPROACH_TURNS {
        s.act(PlayerAction::Wait);
        let seen = (s.npcs().iter())
            .any(|npc| s.game.level().cell_view(npc.coord).visibility == CellVisibility::Visible);
        if seen {
            return;
        }
    }
    s.fail("a newcomer comes into view before its search gives out")
}

#[test]
fn a_level_as_full_as_it_began_gets_no_band() {
    // The orc may wake and strike; the player never strikes back.
    let mut s = Scenario::with_npcs(TWO_HALLS, &[('1', 'z')]);
    s.game = s.game.with_player_max_hit_points(1000);
    for _ in 0..3 * ARRIVAL_FUSE.1 {
        s.act(PlayerAction::Wait);
        assert!(!arrived(&s), "turn {}: a band came", s.game.turn());
    }
    assert!(!s.game.is_over(), "every turn was played");
    assert_eq!(s.game.inhabitants().npcs().count(), 1);
}

#[test]
fn a_band_arriving_interrupts_a_rest() {
    let mut s = after_a_kill();
    s.game = s.game.with_player_hit_points(1);
    let (stop, turns) = s.perform(Activity::Rest);
    assert_eq!(stop, Stop::Interrupted, "after {turns} turns");
    assert!(arrived(&s), "by the arrival: {:?}", s.game.events());
    assert!(turns <= ARRIVAL_FUSE.1 + 1, "{turns}");
}

#[test]
fn no_band_arrives_where_the_player_sees_it() {
    // The stairs thirteen cells off, lit by a torch and in plain view; the player's own cell
    // is the other way in, too near. Nothing may come while the player stands here.
    let mut s = Scenario::with_npcs(
        &[
            "#################",
            "#@1...........>}#",
            "#################",
        ],
        &[('1', 'j')],
    );
    s.game = s.game.with_player_max_hit_points(1000);
    while s.npc('1').is_some() {
        s.act(PlayerAction::Move(East));
    }
    let stairs = ICoord::new(14, 1);
    assert_eq!(
        s.game.level().cell_view(stairs).visibility,
        CellVisibility::Visible,
        "the stairs are in view"
    );
    for _ in 0..3 * ARRIVAL_FUSE.1 {
        s.act(PlayerAction::Wait);
        assert!(!arrived(&s), "turn {}: a band came in view", s.game.turn());
    }
}

/// The west hall with an orc beside the player too; the jackal killed, the player is left at
/// one hit point with the next band due in `band_due_in` turns, and waits for the orc's blow.
/// The turns it lived, and whether a band came on the turn it died.
fn felled_by_the_orc(band_due_in: u32) -> (u32, bool) {
    let mut rows = TWO_HALLS.to_vec();
    rows[2] = "#2..............+..............>#";
    let mut s = Scenario::with_npcs(&rows, &[('1', 'j'), ('2', 'o')]);
    s.game = s.game.with_player_max_hit_points(1000);
    while s.npc('1').is_some() {
        s.act(PlayerAction::Move(East));
    }
    s.game = s
        .game
        .with_player_hit_points(1)
        .with_band_due_in(band_due_in);
    for turns in 1..=200 {
        s.act(PlayerAction::Wait);
        if s.game.is_over() {
            return (turns, arrived(&s));
        }
    }
    s.fail("the orc kills the player")
}

#[test]
fn no_band_arrives_on_the_turn_the_player_dies() {
    let (lived, _) = felled_by_the_orc(1000);
    // The same fight, with the band due on the turn of the blow: the dead see no newcomer.
    let (lived_again, came) = felled_by_the_orc(lived);
    assert_eq!(lived_again, lived, "the same fight");
    assert!(!came, "a band came after the player died");
}
