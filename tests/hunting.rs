//! How orcs and trolls hunt: they approach what they see, route around each other, and never see
//! through walls.

mod common;
// The benchmarks' scenes; this file takes only the crowd.
#[allow(dead_code)]
#[path = "../benches/support/scenes.rs"]
mod scenes;

use common::Scenario;
use coord_2d::ICoord;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;
use umbra::behaviour::NpcState;

use umbra::PlayerAction;
use umbra::game::{Actor, GameEvent};

#[test]
fn an_orc_in_a_corridor_approaches_step_by_step() {
    let mut s = Scenario::new(&["##########", "#@.....o.#", "##########"]);
    for expected_x in (2..7).rev() {
        s.wait(1);
        assert_eq!(s.npc_coords(), vec![ICoord::new(expected_x, 1)]);
    }
    s.wait(1);
    assert_eq!(
        s.npc_coords(),
        vec![ICoord::new(2, 1)],
        "adjacent: attacks, stays"
    );
    let swung = s.game.events().iter().any(|event| {
        matches!(
            event,
            GameEvent::Attack {
                target: Actor::Player,
                ..
            } | GameEvent::Miss {
                target: Actor::Player,
                ..
            }
        )
    });
    assert!(swung, "it swung at the player: {:?}", s.game.events());
}

#[test]
fn an_orc_behind_another_routes_around_it() {
    let mut s = Scenario::new(&["#######", "#.....#", "#@oo..#", "#.....#", "#######"]);
    s.wait(1);
    let second = s.npc_coords()[1];
    assert_ne!(second, ICoord::new(3, 2), "the second orc does not queue");
    s.wait(2);
    let player = s.game.player_coord();
    for npc in s.npc_coords() {
        assert_eq!(
            npc.manhattan_distance(player),
            1,
            "both orcs reach the player"
        );
    }
}

#[test]
fn an_orc_with_no_way_around_waits_its_turn() {
    let mut s = Scenario::new(&["#########", "#@oo....#", "#########"]);
    s.wait(3);
    assert_eq!(s.npc_coords(), vec![ICoord::new(2, 1), ICoord::new(3, 1)]);
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
    assert_eq!(s.agent(orc).last_sighting, None);
    assert_ne!(s.agent(orc).state, NpcState::Hunting);
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
