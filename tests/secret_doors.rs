//! Secret doors: a wall to everyone until found; a search finds one in view, the nearer the
//! likelier, the fifth search in a row every one within reach; a glance beside one now and
//! then; never one out of view; autoexplore never walks through one unfound.

mod common;

use common::Scenario;
use direction::CardinalDirection::*;
use umbra_rules::PlayerAction;
use umbra_rules::balance::THOROUGH_SEARCH_TURNS;
use umbra_rules::game::DungeonEvent;
use umbra_rules::game::{Activity, GameEvent, Stop};
use umbra_rules::terrain::Ground;
use umbra_rules::visibility::CellVisibility;
use umbra_rules::world::Tile;

/// A room with a secret door in its south wall below 1, and a hall beyond it.
const ROOM: &[&str] = &[
    "#########",
    "#@..1...#",
    "####=####",
    "#.......#",
    "#########",
];

fn found(s: &Scenario) -> bool {
    s.game.events().iter().any(|event| {
        matches!(
            event,
            GameEvent::Dungeon(DungeonEvent::FoundSecretDoor { .. })
        )
    })
}

#[test]
fn a_search_beside_a_secret_door_finds_it_and_it_becomes_a_door() {
    let mut s = Scenario::rolled(ROOM, &[], |s| {
        s.act(PlayerAction::Move(East));
        s.act(PlayerAction::Move(East));
        s.act(PlayerAction::Move(East));
        s.act(PlayerAction::Search);
        found(s)
    });
    let door = s.at('1') + South.coord();
    s.check_eq(s.game.secret_doors_found(), 1, "one found");
    s.check_eq(
        s.game.level().cell_view(door).tiles.feature,
        Some(Tile::Ground(Ground::DOOR)),
        "a door now",
    );
    s.check(!s.game.level().blocks_walking(door), "walked through");
    s.act(PlayerAction::Move(South));
    s.check_eq(s.game.player_coord(), door, "into the doorway");
}

#[test]
fn before_it_is_found_a_secret_door_is_wall_to_the_eye_and_to_the_foot() {
    let mut s = Scenario::new(ROOM);
    let door = s.at('1') + South.coord();
    s.check(s.game.level().blocks_walking(door), "no one walks into it");
    s.check_eq(
        s.game.level().cell_view(door).tiles.feature,
        Some(Tile::Ground(Ground::SECRET_DOOR)),
        "known only as a tile the screen draws as wall",
    );
    s.check(
        umbra::app::describe(&s.game, door).contains("the wall"),
        "and named as wall",
    );
    s.act(PlayerAction::Wait);
}

#[test]
fn the_fifth_search_in_a_row_finds_every_secret_door_in_view_within_reach() {
    // From 2 the door is five cells off: one search in seven finds it, the fifth always.
    let map = [
        "##########",
        "#2.......#",
        "#........#",
        "#........#",
        "#........#",
        "#....@...#",
        "#####=####",
        "#........#",
        "##########",
    ];
    for seed in 0..20 {
        let mut s = Scenario::new(&map);
        s.game = s.game.reseeded(seed);
        // Nothing beside the door: the player stands at 2, five rows up and four across.
        while s.game.player_coord() != s.at('2') {
            let here = s.game.player_coord();
            let step = if here.y > s.at('2').y { North } else { West };
            s.act(PlayerAction::Move(step));
        }
        let mut turns = 0;
        while s.game.secret_doors_found() == 0 && turns < 10 {
            s.act(PlayerAction::Search);
            turns += 1;
        }
        s.check(
            turns <= u32::from(THOROUGH_SEARCH_TURNS),
            "found by the fifth search",
        );
    }
}

#[test]
fn no_search_ever_finds_a_secret_door_out_of_view() {
    // The door below 3 is three cells from the player but behind the wall of its room.
    let map = [
        "##########",
        "#@.......#",
        "##########",
        "#..3.....#",
        "####=#####",
        "#........#",
        "##########",
    ];
    for seed in 0..20 {
        let mut s = Scenario::new(&map);
        s.game = s.game.reseeded(seed);
        let door = s.at('3') + South.coord();
        s.check(
            s.game.level().cell_view(door).visibility != CellVisibility::Visible,
            "out of view",
        );
        for _ in 0..2 * THOROUGH_SEARCH_TURNS {
            s.act(PlayerAction::Search);
        }
        s.check_eq(s.game.secret_doors_found(), 0, "never found from here");
    }
}

#[test]
fn autoexplore_never_walks_through_an_unfound_secret_door() {
    // All the player can reach is its room; the hall beyond the secret door stays unseen.
    let s = Scenario::rolled(ROOM, &[], |s| {
        let (stop, _) = s.perform(Activity::Explore);
        matches!(stop, Stop::Explored { .. }) && s.game.secret_doors_found() == 0
    });
    let hall = s.at('1') + South.coord() + South.coord();
    s.check_eq(
        s.game.level().cell_view(hall).visibility,
        CellVisibility::NeverSeen,
        "the hall unseen",
    );
    s.check(
        s.game.player_coord().y == 1,
        "the player never left the room",
    );
}

#[test]
fn a_secret_door_in_view_nearby_is_noticed_unsought_now_and_then() {
    // Three cells from the door, waiting: a glance has a fifth of a search's chance.
    let map = [
        "#########",
        "#@......#",
        "####=####",
        "#.......#",
        "#########",
    ];
    let (mut by_waiting, mut by_searching) = (0, 0);
    for seed in 0..50 {
        for (search, found) in [(false, &mut by_waiting), (true, &mut by_searching)] {
            let mut s = Scenario::new(&map);
            s.game = s.game.reseeded(seed);
            for _ in 0..4 {
                let action = if search {
                    PlayerAction::Search
                } else {
                    PlayerAction::Wait
                };
                s.act(action);
            }
            *found += s.game.secret_doors_found();
        }
    }
    assert!(by_waiting > 0, "waiting nearby finds some");
    assert!(
        by_waiting * 2 < by_searching,
        "searching finds far more: {by_waiting} against {by_searching}"
    );
}
