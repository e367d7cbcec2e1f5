//! Sleepers wake from a fight they can hear, by path over open ground and no further; an orc that
//! spots the player shouts, and neighbours that cannot see it come to where it was seen.

mod common;

use common::Scenario;
use direction::CardinalDirection::*;
use umbra_rules::PlayerAction;
use umbra_rules::balance;
use umbra_rules::behaviour::{Agent, NpcState, Reason};
use umbra_rules::game::FightEvent;

/// The player fights the troll next to it. The orc asleep at 1 is round the corner, out of the
/// player's view, five steps from the troll.
const ROUND_THE_CORNER: &[&str] = &[
    "#######", //
    "#@T...#", //
    "#####.#", //
    "#####1#", //
    "#######",
];

#[test]
fn a_sleeping_orc_next_to_a_fight_wakes_and_comes_to_it() {
    let mut s = Scenario::with_npcs(ROUND_THE_CORNER, &[('1', 'z')]);
    s.check(s.mind('1').is_asleep(), "asleep before the fight");
    s.act(PlayerAction::Move(East));
    let orc = s.mind('1');
    s.check(
        matches!(orc.state, NpcState::Searching { .. }),
        "the blow woke it",
    );
    s.check(
        orc.last_transition.reason == Reason::HeardNoise,
        "woken by the noise",
    );
    let start = s.where_is('1');
    for _ in 0..4 {
        s.act(PlayerAction::Move(East));
    }
    let now = s.where_is('1');
    let player = s.game.player_coord();
    s.check(
        now.manhattan_distance(player) < start.manhattan_distance(player),
        "it came towards the fight",
    );
    s.check(
        s.mind('1').state == NpcState::Hunting,
        "and found the player",
    );
}

/// The fight is at the troll's cell (T). The troll asleep at 4 is exactly
/// [`balance::COMBAT_NOISE_STEPS`] steps away round the bend; the orc asleep at 2 is one step
/// further, though only five cells from the troll through the wall; the orc at 3 is far down the
/// corridor.
const BEHIND_THE_WALL: &[&str] = &[
    "#################",
    "#@T..#42......3.#",
    "####.#.##########",
    "####...##########",
    "#################",
];

#[test]
fn noise_travels_along_open_ground_only_as_far_as_its_reach() {
    assert_eq!(
        balance::COMBAT_NOISE_STEPS,
        8,
        "the map is drawn for this reach"
    );
    let mut s = Scenario::with_npcs(BEHIND_THE_WALL, &[('4', 'Z'), ('2', 'z'), ('3', 'z')]);
    s.act(PlayerAction::Move(East));
    s.check(
        s.mind('4').last_transition.reason == Reason::HeardNoise,
        "at the edge of earshot the troll heard the blow",
    );
    for turn in 0..6 {
        s.check(s.mind('2').is_asleep(), "the wall blocks the noise");
        s.check(s.mind('3').is_asleep(), "too far to hear");
        if turn < 4 {
            s.act(PlayerAction::Move(East));
        } else {
            s.wait(1);
        }
    }
}

/// The orc at 1 sees the player across the room; the orc asleep at 2, behind the wall, cannot.
const LOOKOUT: &[&str] = &[
    "############",
    "#@..1....#2#",
    "#........#.#",
    "#..........#",
    "############",
];

/// The first seed on which the unaware lookout at 1 notices the waiting player on the first turn
/// (within the stealth range, it does so by chance).
fn noticed_at_once(rows: &[&str], npcs: &[(char, char)]) -> Scenario {
    Scenario::rolled_unnoticed(rows, npcs, |s| {
        s.wait(1);
        s.mind('1').state == NpcState::Hunting
    })
}

#[test]
fn an_orc_that_sees_the_player_alerts_a_sleeping_neighbour() {
    let mut s = noticed_at_once(LOOKOUT, &[('1', 'o'), ('2', 'z')]);
    let seen_at = s.game.player_coord();
    let neighbour = s.mind('2');
    s.check(
        neighbour.last_transition.reason == Reason::Alerted,
        "the shout woke the neighbour",
    );
    let NpcState::Searching { target, .. } = neighbour.state else {
        s.fail("the neighbour goes to look");
    };
    s.check(target == seen_at, "where the lookout saw the player");
    s.check(
        s.game.events().iter().any(|e| {
            matches!(
                e,
                umbra_rules::game::GameEvent::Fight(FightEvent::Shout { .. })
            )
        }),
        "the player hears about it",
    );
    let steps_away = |s: &Scenario| s.game.inhabitants().npc_distance_to_player(s.where_is('2'));
    let before = steps_away(&s).expect("the neighbour is on the map towards the player");
    s.wait(3);
    s.check(
        steps_away(&s).is_some_and(|now| now + 3 <= before),
        "the neighbour came three steps nearer",
    );
}

#[test]
fn a_troll_that_sees_the_player_does_not_shout() {
    let s = noticed_at_once(LOOKOUT, &[('1', 'T'), ('2', 'z')]);
    s.check(
        s.mind('1').state == NpcState::Hunting,
        "the troll saw the player",
    );
    s.check(s.mind('2').is_asleep(), "nobody called the neighbour");
}

/// A sleeper in plain view within the player's stealth range: each turn it may notice the
/// player (the player waits in the dark here: half of half the range, four steps).
#[test]
fn a_sleeper_in_view_notices_the_player_within_a_few_turns_but_not_at_once() {
    let (chance, out_of) = balance::NOTICE_CHANCE;
    let mut first_turns = Vec::new();
    for seed in 0..200u64 {
        let mut s = Scenario::with_npcs(&["##########", "#@..1....#", "##########"], &[('1', 'Z')]);
        s.game = s.game.reseeded(seed);
        let mut noticed = None;
        for turn in 1..=60 {
            s.wait(1);
            if !s.mind('1').is_asleep() {
                noticed = Some(turn);
                break;
            }
        }
        let turn = noticed.unwrap_or_else(|| s.fail("a sleeper in view for 60 turns wakes"));
        s.check(
            s.mind('1').last_transition.reason == Reason::NoticedPlayer,
            "it noticed the player",
        );
        first_turns.push(turn);
    }
    let mean = first_turns.iter().sum::<u32>() as f64 / first_turns.len() as f64;
    let expected = f64::from(out_of) / f64::from(chance);
    assert!(
        (mean - expected).abs() < expected * 0.3,
        "mean turns to notice {mean}, expected about {expected}"
    );
}

/// The lookout at 1 sees the player; round the corner, the troll asleep at 3 is exactly
/// [`balance::SHOUT_NOISE_STEPS`] steps from it, the troll asleep at 2 one step further.
const LONG_HALL: &[&str] = &[
    "#####################",
    "#@...1###############",
    "#####.###############",
    "#####..........32...#",
    "#####################",
];

#[test]
fn a_shout_carries_exactly_its_reach() {
    assert_eq!(
        balance::SHOUT_NOISE_STEPS,
        12,
        "the map is drawn for this reach"
    );
    let s = noticed_at_once(LONG_HALL, &[('1', 'o'), ('2', 'Z'), ('3', 'Z')]);
    s.check(
        s.mind('3').last_transition.reason == Reason::Alerted,
        "twelve steps away, the shout is heard",
    );
    s.check(s.mind('2').is_asleep(), "thirteen steps away, it is not");
}

/// The orc at 1 sees the player at the corner, where a torch lights it (so the orc, across the
/// room, is within its stealth range while it waits); the player steps out of its sight and
/// back.
const CORNER: &[&str] = &[
    "########}#",
    "#1......@#",
    "########.#",
    "########.#",
    "########.#",
    "##########",
];

#[test]
fn an_orc_that_sees_the_player_again_soon_after_does_not_shout_again() {
    let mut s = noticed_at_once(CORNER, &[('1', 'o')]);
    let shouted = |s: &Scenario| {
        s.game.events().iter().any(|e| {
            matches!(
                e,
                umbra_rules::game::GameEvent::Fight(FightEvent::Shout { .. })
            )
        })
    };
    s.check(shouted(&s), "spotting the player, it shouts");
    s.act(PlayerAction::Move(South));
    s.act(PlayerAction::Move(South));
    s.act(PlayerAction::Move(South));
    s.check(
        matches!(s.mind('1').state, NpcState::Searching { .. }),
        "out of its sight, it searches",
    );
    for _ in 0..3 {
        s.act(PlayerAction::Move(North));
        s.check(
            !shouted(&s),
            "no new alarm for the same player a moment later",
        );
    }
    s.check(
        s.mind('1').state == NpcState::Hunting,
        "it sees the player again",
    );
}

/// How long an orc stays quiet about a player it saw before: the alarm is raised again only
/// once [`balance::SHOUT_AGAIN_AFTER_TURNS`] have passed since the last sighting, not a turn
/// sooner. Told through the orc's memory, since the player would need to hide for that long.
#[test]
fn the_alarm_is_raised_again_only_after_the_quiet_spell() {
    let quiet = balance::SHOUT_AGAIN_AFTER_TURNS;
    let seen_at = Default::default();
    for (gap, shouts) in [(quiet, false), (quiet + 1, true)] {
        let mut orc = Agent::wandering();
        assert!(orc.see_player(seen_at, 10), "the first sighting is news");
        orc.lose_sight(seen_at, 11, false);
        assert_eq!(
            orc.see_player(seen_at, 10 + gap),
            shouts,
            "seen again {gap} turns after it was last seen"
        );
    }
}
