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
