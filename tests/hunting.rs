//! How orcs and trolls hunt: they approach what they see, route around each other, and never see
//! through walls.

mod common;

use common::Scenario;
use coord_2d::ICoord;
use umbra::behaviour::NpcState;
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
