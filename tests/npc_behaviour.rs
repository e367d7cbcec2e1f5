//! How orcs and trolls hunt: they approach what they see, route around each other, never see
//! through walls, and search where they last saw the player rather than where it really is.

mod common;

use common::Scenario;
use coord_2d::ICoord;
use direction::CardinalDirection::*;
use umbra::PlayerAction;
use umbra::behaviour::CHASE_MEMORY_TURNS;

#[test]
fn an_orc_in_a_corridor_approaches_step_by_step() {
    let mut s = Scenario::new(&["##########", "#@.....o.#", "##########"]);
    for expected_x in (2..7).rev() {
        s.wait(1);
        assert_eq!(s.npc_coords(), vec![ICoord::new(expected_x, 1)]);
    }
    let hit_points_before = s.game.player_hit_points().current;
    s.wait(1);
    assert_eq!(
        s.npc_coords(),
        vec![ICoord::new(2, 1)],
        "adjacent: attacks, stays"
    );
    assert!(s.game.player_hit_points().current < hit_points_before);
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
fn an_orc_without_line_of_sight_does_not_move() {
    let mut s = Scenario::new(&[
        "#########",
        "#@......#",
        "######..#",
        "#o......#",
        "#########",
    ]);
    s.wait(10);
    assert_eq!(s.npc_coords(), vec![ICoord::new(1, 3)]);
    assert_eq!(s.agent(ICoord::new(1, 3)).last_sighting, None);
}

/// The player is seen at 1, ducks down the side passage and round the corner at the bottom.
const HIDE_AND_SEEK: &[&str] = &[
    "##############",
    "#o.....@.....#",
    "#######.######",
    "#######.######",
    "#######.######",
    "#######.######",
    "#######......#",
    "##############",
];

#[test]
fn after_losing_sight_an_orc_searches_the_last_seen_cell_then_gives_up() {
    let mut s = Scenario::new(HIDE_AND_SEEK);
    let seen_at = s.game.player_coord();
    s.wait(1);
    let orc = s.npc_coords()[0];
    let sighting = s.agent(orc).last_sighting.expect("the orc saw the player");
    assert_eq!(sighting.coord, seen_at);
    let escape = [
        South, South, South, South, South, East, East, East, East, East,
    ];
    for direction in escape {
        s.game.act(PlayerAction::Move(direction));
    }
    let player = s.game.player_coord();
    assert_eq!(player, ICoord::new(12, 6));
    // Ten turns later the orc has walked to where it saw the player, not down the passage.
    assert_eq!(s.npc_coords(), vec![seen_at]);
    let memory = s.agent(seen_at);
    assert!(
        memory.last_sighting.is_none(),
        "arrived, found nothing, gave up"
    );
    s.wait(CHASE_MEMORY_TURNS as usize * 2);
    assert_eq!(
        s.npc_coords(),
        vec![seen_at],
        "a giving-up orc stands still"
    );
}

#[test]
fn an_orc_gives_up_when_its_memory_runs_out_before_it_arrives() {
    // Across the room the last-seen cell is 14 steps away, more than the orc remembers for.
    let mut s = Scenario::new(
        &[
            "###########",
            "#o........#",
            "#.........#",
            "#.........#",
            "#.........#",
            "#.........#",
            "#.........#",
            "#.........#",
            "#.......@.#",
            "########.##",
            "########.##",
            "########.......#",
            "################",
        ]
        .map(|row| format!("{row:#<16}"))
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>(),
    );
    s.wait(1);
    for direction in [South, South, South, East, East, East, East, East, East] {
        s.game.act(PlayerAction::Move(direction));
    }
    let agent = s.agent(s.npc_coords()[0]);
    let sighting = agent
        .last_sighting
        .expect("the orc saw the player in the room");
    assert!(sighting.coord.y >= 8, "last seen at the room's far side");
    s.wait(CHASE_MEMORY_TURNS as usize);
    let orc = s.npc_coords()[0];
    assert!(
        orc.manhattan_distance(ICoord::new(1, 1)) >= 10,
        "it set off: {orc}"
    );
    assert_ne!(orc, sighting.coord, "it never got there");
    assert!(s.agent(orc).last_sighting.is_none(), "it forgot");
    s.wait(10);
    assert_eq!(s.npc_coords(), vec![orc], "and it stays put");
}
