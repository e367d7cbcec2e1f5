//! Which enemy an ally goes for: the nearest it sees within the leash of the player and none
//! beyond it, never one it cannot see, always one beside it (wherever the player is), and the
//! one it fights is the one its mind names.

mod common;

use common::allies::{ROOM, kind, make_ally, steps_between, struck};
use common::{Scenario, orc};
use umbra_rules::PlayerAction;
use umbra_rules::game::Actor;

#[test]
fn an_ally_attacks_an_orc_within_the_leash() {
    let mut s = Scenario::with_npcs(ROOM, &[('1', 'O'), ('2', 'z')]).with_ally('1');
    let (ally, foe) = (Actor::Ally(kind('O')), Actor::Npc(orc()));
    for _ in 0..8 {
        s.act(PlayerAction::Wait);
        if struck(&s.game, ally, foe) || s.npc('2').is_none() {
            return;
        }
    }
    s.fail("the ally never went for the orc four steps from the player");
}

#[test]
fn an_ally_leaves_an_orc_beyond_the_leash_alone() {
    // Seeds where the orc sleeps on for the whole wait, so it never comes within the leash.
    let s = Scenario::rolled(ROOM, &[('1', 'O'), ('3', 'z')], |s| {
        make_ally(s, '1');
        for _ in 0..8 {
            s.act(PlayerAction::Wait);
            let near = steps_between(s.where_is('1'), s.game.player_coord()) <= 2;
            if !s.mind('3').is_asleep() || !near {
                return s.mind('3').is_asleep();
            }
        }
        true
    });
    s.check(s.mind('3').is_asleep(), "the far orc slept on");
    s.check(
        steps_between(s.where_is('1'), s.game.player_coord()) <= 2,
        "the ally stayed by the player",
    );
    let orc = s.npc('3').expect("alive");
    s.check_eq(
        orc.hit_points.current,
        orc.hit_points.max,
        "the far orc unhurt",
    );
}

#[test]
fn an_ally_goes_for_a_sleeping_orc_it_sees_within_the_leash() {
    // Seeds where the orc sleeps until the ally stands beside it (or all along): it never
    // comes to the ally.
    let s = Scenario::rolled(ROOM, &[('1', 'o'), ('2', 'z')], |s| {
        make_ally(s, '1');
        for _ in 0..4 {
            s.act(PlayerAction::Wait);
            if !s.mind('2').is_asleep() {
                return false;
            }
            if steps_between(s.where_is('1'), s.where_is('2')) == 1 {
                return true;
            }
        }
        true
    });
    s.check(
        steps_between(s.where_is('1'), s.where_is('2')) == 1,
        "the ally went up to the sleeping orc it saw within the leash",
    );
}

/// The orc at 2 is within the leash of the player but behind the wall from the ally at 1,
/// which could walk round to it by the bottom row.
const BEHIND_A_WALL: &[&str] = &[
    "#########",
    "#@1#....#",
    "#..#.2..#",
    "#.......#",
    "#########",
];

#[test]
fn an_ally_leaves_alone_an_orc_it_cannot_see() {
    // Seeds where the orc sleeps through the wait, so it never shows itself.
    let s = Scenario::rolled(BEHIND_A_WALL, &[('1', 'o'), ('2', 'z')], |s| {
        make_ally(s, '1');
        for _ in 0..6 {
            s.act(PlayerAction::Wait);
            if !s.mind('2').is_asleep() {
                return false;
            }
        }
        true
    });
    s.check_eq(
        s.where_is('1'),
        coord_2d::ICoord::new(2, 1),
        "the ally stayed by the player",
    );
}

/// The orc at 2 sleeps beside the ally at 1, far beyond the leash of the player.
const FAR_END: &[&str] = &["################", "#@...........12#", "################"];

#[test]
fn an_ally_strikes_an_enemy_beside_it_even_beyond_the_leash() {
    let mut s = Scenario::with_npcs(FAR_END, &[('1', 'o'), ('2', 'z')]).with_ally('1');
    for _ in 0..2 {
        s.act(PlayerAction::Wait);
        if struck(&s.game, Actor::Ally(orc()), Actor::Npc(orc())) {
            return;
        }
    }
    s.fail("the ally turned its back on the orc beside it");
}

/// Two sleeping orcs within the leash that the ally at 1 sees: 2 further up, 3 beside it.
const TWO_ORCS: &[&str] = &[
    "#########",
    "#...2...#",
    "#.......#",
    "#@..1...#",
    "#...3...#",
    "#########",
];

#[test]
fn an_ally_fights_the_enemy_beside_it_and_its_mind_says_so() {
    let mut s = Scenario::with_npcs(TWO_ORCS, &[('1', 'o'), ('2', 'z'), ('3', 'z')]).with_ally('1');
    let beside = s.where_is('3');
    s.act(PlayerAction::Wait);
    s.check(
        struck(&s.game, Actor::Ally(orc()), Actor::Npc(orc())),
        "the ally struck",
    );
    let sighting = s.mind('1').last_sighting.map(|seen| seen.coord);
    s.check_eq(
        sighting,
        Some(beside),
        "the ally's target is the orc beside it",
    );
}
