//! Ground that opens or closes for good in play (a secret door found, a locked door opened,
//! cages falling over altars): a game saved after it and loaded plays on exactly as the game
//! played through, turn by turn. The maps NPCs walk by (wanderers' waypoints, the way to the
//! player, the safety of a fleeing orc, searchers' routes) are measured over the ground as it
//! is, never kept from before the change, and waypoints stand where the level put them.

use direction::CardinalDirection::{self, *};
use umbra_rules::game::DungeonEvent;
use umbra_rules::game::GameEvent;
use umbra_rules::{Game, GameOptions, PlayerAction};

/// The game as a save holds it, loaded again.
fn reloaded(game: &Game) -> Game {
    Game::from_state_bytes(&game.to_state_bytes()).expect("a game's own state loads")
}

/// Plays `turns` waits on the game and on its reloaded copy, and says after which wait they
/// first differ, if they do.
fn first_difference(game: &mut Game, turns: u32) -> Option<u32> {
    let mut loaded = reloaded(game);
    (1..=turns).find(|_| {
        game.act(PlayerAction::Wait);
        loaded.act(PlayerAction::Wait);
        game.state_hash() != loaded.state_hash()
    })
}

fn moves(game: &mut Game, direction: CardinalDirection, count: usize) {
    for _ in 0..count {
        game.act(PlayerAction::Move(direction));
    }
}

fn happened(game: &Game, wanted: impl Fn(&GameEvent) -> bool) -> bool {
    game.events().iter().any(wanted)
}

/// An orc across deep water sees the player and hunts it the long way round, by the east end;
/// a secret door at the west end is the short way, once found.
const SECRET: &[&str] = &[
    "##############",
    "#..@.........#",
    "#=~~~~~~~~~~.#",
    "#..o.........#",
    "##############",
];

#[test]
fn a_game_loaded_after_a_secret_door_is_found_plays_on_as_the_game_played_through() {
    let (mut game, _) = Game::from_ascii(SECRET, GameOptions::default()).expect("a valid map");
    let mut found = false;
    for _ in 0..6 {
        game.act(PlayerAction::Search);
        found |= happened(&game, |e| {
            matches!(e, GameEvent::Dungeon(DungeonEvent::FoundSecretDoor { .. }))
        });
    }
    assert!(found && game.secret_doors_found() == 1, "the door is found");
    assert_eq!(first_difference(&mut game, 300), None);
}

/// An ally across the water follows the player the long way round until the secret door at
/// the west end is found: then its way to the player (measured from the player's cell, which
/// searching does not change) is the short one.
#[test]
fn an_ally_follows_by_a_found_door_alike_in_a_loaded_game_and_one_played_through() {
    let (game, _) = Game::from_ascii(SECRET, GameOptions::default()).expect("a valid map");
    let orc = game.inhabitants().npcs().next().expect("the orc").id;
    let mut game = game.with_ally(orc);
    // The ally sets off the long way before the door is found; the game is saved the turn it
    // is found, while the ally is still on the long way.
    game.act(PlayerAction::Wait);
    let found = (0..10).any(|_| {
        game.act(PlayerAction::Search);
        happened(&game, |e| {
            matches!(e, GameEvent::Dungeon(DungeonEvent::FoundSecretDoor { .. }))
        })
    });
    assert!(found, "the door is found");
    assert_eq!(first_difference(&mut game, 100), None);
}

/// The key beside the player, a locked door east of it, and orcs wandering the hall beyond.
const LOCKED: &str = "\
############################
#.-@$......................#
###.#......o...............#
#...#......................#
#.###.................o....#
#..........................#
############################

vault (door: (4, 1), guard: Locked, altars: [], rewards: [], taken: false)
";

#[test]
fn a_game_loaded_after_a_locked_door_is_opened_plays_on_as_the_game_played_through() {
    let (mut game, _) = Game::from_dump(LOCKED, GameOptions::default()).expect("a valid dump");
    moves(&mut game, West, 1);
    game.act(PlayerAction::PickUp);
    moves(&mut game, East, 2);
    assert!(
        happened(&game, |e| *e == GameEvent::Dungeon(DungeonEvent::Unlocked)),
        "the key opens the door"
    );
    assert_eq!(first_difference(&mut game, 300), None);
}

/// Two rooms joined by a corridor with three altars in it, an orc wandering the east room out
/// of the player's sight:
/// taking from the first altar cages the other two, and the corridor is shut.
const ALTARS: &str = "\
##########################
#.......##########......o#
#.@.......|||............#
#.......##########.......#
#.......##########.......#
#.......##########.......#
##########################

item (at: (10, 2), kind: '/', count: 1)
item (at: (11, 2), kind: ')', count: 1)
item (at: (12, 2), kind: '[', count: 1)
vault (door: (9, 2), guard: Sleepers, altars: [(10, 2), (11, 2), (12, 2)], rewards: ['/', ')', '['], taken: false)
";

#[test]
fn a_game_loaded_after_cages_fall_plays_on_as_the_game_played_through() {
    let (mut game, _) = Game::from_dump(ALTARS, GameOptions::default()).expect("a valid dump");
    moves(&mut game, East, 8);
    game.act(PlayerAction::PickUp);
    assert!(
        happened(&game, |e| *e
            == GameEvent::Dungeon(DungeonEvent::Caged { altars: 2 })),
        "taking an altar's item cages the others"
    );
    // Out of the orc's sight, so that it wanders on by the waypoints.
    moves(&mut game, West, 8);
    moves(&mut game, South, 2);
    assert_eq!(first_difference(&mut game, 300), None);
}
