//! How orcs and trolls hunt: they approach what they see, route around each other, and never see
//! through walls.

mod common;
// The benchmarks' scenes; this file takes only the crowd.
#[allow(dead_code)]
#[path = "../benches/support/scenes.rs"]
mod scenes;

use common::Scenario;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;
use umbra_rules::behaviour::NpcState;

use umbra_rules::PlayerAction;
use umbra_rules::game::FightEvent;
use umbra_rules::game::{Actor, GameEvent};

#[test]
fn an_orc_in_a_corridor_approaches_step_by_step() {
    // The orc at 6 steps to 1, 2, ... 5, one cell a turn.
    let mut s = Scenario::with_npcs(&["##########", "#@543216.#", "##########"], &[('6', 'o')]);
    for step in ['1', '2', '3', '4', '5'] {
        s.wait(1);
        s.check(
            s.game.inhabitants().npcs_seeing_player() == 1,
            "it sees the player",
        );
        s.check(
            s.where_is('6') == s.at(step),
            &format!("the orc is at {step}"),
        );
    }
    s.wait(1);
    s.check(s.where_is('6') == s.at('5'), "adjacent: attacks, stays");
    let swung = s.game.events().iter().any(|event| {
        matches!(
            event,
            GameEvent::Fight(FightEvent::Attack {
                target: Actor::Player,
                ..
            }) | GameEvent::Fight(FightEvent::Miss {
                target: Actor::Player,
                ..
            })
        )
    });
    s.check(
        swung,
        &format!("it swung at the player: {:?}", s.game.events()),
    );
}

// A hunter's route search reads the map towards the player five steps round it, where a way
// round a blocker can lead up to two steps further from the player before it comes back: the
// map is measured as far as that (see `prepare_around`). These two need it.

#[test]
fn a_hunter_across_water_gets_past_sleepers_by_a_step_away() {
    // The orc at 2 sees the player across the water, five cells off and a row down, eight
    // steps away by walking round the top of it: measured as far as those six cells and two
    // more, the map just reaches the orc, and must be measured further. A step north leads
    // nearer the player, but only to the sleeper at 1; the way round the sleepers at 1 and 3
    // leads down through 4, a step further from the player, before it comes back nearer than
    // the way north ever could.
    let mut s = Scenario::with_npcs(
        &[
            "##########",
            "#....1...#",
            "#.~..32..#",
            "#@~...4..#",
            "#.~......#",
            "#.~......#",
            "##########",
        ],
        &[('2', 'o'), ('1', 'z'), ('3', 'z')],
    );
    s.wait(1);
    s.check(
        s.game.inhabitants().npcs_seeing_player() == 1,
        "the orc sees the player across the water",
    );
    s.check(
        s.where_is('2') == s.at('4'),
        "the orc steps away to get round the sleepers",
    );
}

#[test]
fn a_hunter_gets_round_a_wall_of_sleepers_by_two_steps_away() {
    // The sleepers at 1, 3 and 5 stand between the orc at 2 and the player; the way round
    // them leads through 4 and the row above it, two steps further from the player than the
    // orc stands, before it comes back.
    let mut s = Scenario::with_npcs(
        &[
            "#########",
            "#.......#",
            "#....14.#",
            "#@...32.#",
            "#....5..#",
            "#.......#",
            "#########",
        ],
        &[('2', 'o'), ('1', 'z'), ('3', 'z'), ('5', 'z')],
    );
    s.wait(1);
    s.check(
        s.where_is('2') == s.at('4'),
        "the orc sets off round the sleepers",
    );
}

#[test]
fn an_orc_behind_another_routes_around_it() {
    let mut s = Scenario::with_npcs(
        &["#######", "#.....#", "#@o1..#", "#.....#", "#######"],
        &[('1', 'o')],
    );
    s.wait(1);
    s.check(
        s.game.inhabitants().npcs_seeing_player() == 2,
        "both see the player",
    );
    s.check(
        s.where_is('1') != s.at('1'),
        "the second orc does not queue",
    );
    s.wait(2);
    let player = s.game.player_coord();
    for npc in s.npc_coords() {
        s.check_eq(
            npc.manhattan_distance(player),
            1,
            "both orcs reach the player",
        );
    }
}

#[test]
fn an_orc_with_no_way_around_waits_its_turn() {
    let mut s = Scenario::with_npcs(
        &["#########", "#@12....#", "#########"],
        &[('1', 'o'), ('2', 'o')],
    );
    for turn in 1..=3 {
        s.wait(1);
        // Every turn the orc at 1 swings at the player, hit or miss; the one behind cannot.
        let swings = s
            .game
            .events()
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    GameEvent::Fight(FightEvent::Attack {
                        attacker: Actor::Npc(_),
                        ..
                    }) | GameEvent::Fight(FightEvent::Miss {
                        attacker: Actor::Npc(_),
                        ..
                    })
                )
            })
            .count();
        s.check_eq(swings, 1, &format!("blows at the player on turn {turn}"));
        s.check(
            s.where_is('1') == s.at('1') && s.where_is('2') == s.at('2'),
            "both stay: one fights, one waits behind",
        );
    }
}

#[test]
fn an_orc_does_not_see_through_walls() {
    let mut s = Scenario::new(&[
        "#########",
        "#@......#",
        "######..#",
        "#o......#",
        "#########",
    ]);
    s.wait(1);
    let orc = s.npc_coords()[0];
    s.check_eq(
        s.agent(orc).last_sighting,
        None,
        "the orc never saw the player",
    );
    s.check_eq(
        s.game.inhabitants().npcs_seeing_player(),
        0,
        "nobody sees the player",
    );
    s.check_ne(
        s.agent(orc).state,
        NpcState::Hunting,
        "the orc does not hunt",
    );
}

/// 300 hunters packed round the player look for a way round each other every turn, all in one
/// search context that keeps the costs of earlier searches (see `close_in`). A search that
/// followed a loop for ever would hang the game; the watchdog fails the test instead.
#[test]
fn a_crowd_of_hunters_always_finishes_its_turn() {
    const TURNS: u32 = 300;
    let (ended, turns) = mpsc::channel();
    thread::spawn(move || {
        let mut game = scenes::CROWD.build().game();
        for turn in 0..TURNS {
            game.act(PlayerAction::Wait);
            if ended.send(turn).is_err() {
                return;
            }
        }
    });
    for turn in 0..TURNS {
        let ended = turns.recv_timeout(Duration::from_secs(30));
        assert_eq!(
            ended,
            Ok(turn),
            "turn {turn} never ended: a route search is looping"
        );
    }
}
