//! Playing the game of seed 7 in a tmux pane, key by key, in step with the real game.

use std::path::Path;

use direction::CardinalDirection;
use umbra_rules::{Game, GameOptions, PlayerAction};

use super::tmux::{KEY, Launch, STARTUP, Session, shows_turn};

pub const SEED: u64 = 7;

pub fn launch<'a>(args: &'a [&'a str]) -> Launch<'a> {
    Launch {
        args,
        prefix: "",
        wrapper: "",
    }
}

pub fn key(action: PlayerAction) -> &'static str {
    match action {
        PlayerAction::Move(CardinalDirection::North) => "k",
        PlayerAction::Move(CardinalDirection::South) => "j",
        PlayerAction::Move(CardinalDirection::East) => "l",
        PlayerAction::Move(CardinalDirection::West) => "h",
        PlayerAction::Wait => ".",
        PlayerAction::Descend => ">",
        PlayerAction::PickUp => "g",
        PlayerAction::Search => "s",
        PlayerAction::Choose { boon } => ["1", "2", "3"][usize::from(boon.min(2))],
        // Choosing by letter and aiming take more than one key.
        PlayerAction::Drop { .. }
        | PlayerAction::Use { .. }
        | PlayerAction::Throw { .. }
        | PlayerAction::UseOn { .. }
        | PlayerAction::Wizard(_)
        | PlayerAction::Free(_) => {
            panic!("{action:?} is not one key")
        }
    }
}

/// Plays `actions` one key at a time, waiting for each turn to show.
pub fn play(session: &Session, actions: &[PlayerAction]) -> u64 {
    let mut game = Game::new(SEED, GameOptions::default());
    for &action in actions {
        game.act(action);
        session.send(key(action));
        session.wait_for_screen("the turn to advance", KEY, shows_turn(game.turn()));
    }
    game.turn()
}

/// Starts the game on the save in `save` (no seed: resume if there is one) and returns the turn
/// it shows first.
pub fn resumed_turn(save: &Path) -> u64 {
    let save = save.to_str().expect("UTF-8 path");
    let session = Session::start("resume", &launch(&["--save-dir", save]));
    session.wait_for_screen("the map", STARTUP, |s| s.contains("Turn "));
    let screen = session.screen();
    let turn = screen
        .split("Turn ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("a turn number on the status line");
    session.send("q");
    assert_eq!(session.wait_for_exit(), 0, "{}", session.read("stderr"));
    // Left on the terminal once the game's screen is gone: the seed, to play it again, and
    // where the game took up.
    let said = session.screen();
    for line in [
        format!("RNG Seed: {SEED}"),
        format!("Resuming the saved game at turn {turn}."),
    ] {
        assert!(
            said.contains(&line),
            "{line:?} not said; the terminal:\n{said}"
        );
    }
    turn
}

pub fn new_game(save: &Path) -> Session {
    let save = save.to_str().expect("UTF-8 path");
    let session = Session::start("game", &launch(&["--rng-seed", "7", "--save-dir", save]));
    session.wait_for_screen("the map", STARTUP, shows_turn(0));
    session
}

/// Waits turns, checked in the game itself to leave seed 7's player alive: under other rules
/// an orc could be at hand from the start, and a test would then fail far from the cause.
pub fn waits(n: usize) -> Vec<PlayerAction> {
    let waits = vec![PlayerAction::Wait; n];
    let mut game = Game::new(SEED, GameOptions::default());
    for &action in &waits {
        game.act(action);
    }
    assert!(
        !game.is_over(),
        "seed {SEED}'s player does not outlive {n} waits: choose another seed for these tests"
    );
    waits
}

/// Steps that take seed 7's player next to a wall, and the key that bumps into it: bumping is
/// an action the save must keep, but it takes no turn, so it can be repeated safely.
pub fn walk_to_a_wall() -> (Vec<PlayerAction>, &'static str) {
    let game = Game::new(SEED, GameOptions::default());
    let start = game.player_coord();
    let (direction, steps) = CardinalDirection::all()
        .map(|direction| {
            let steps = (1..)
                .take_while(|&n| !game.level().blocks_walking(start + direction.coord() * n))
                .count();
            (direction, steps)
        })
        .min_by_key(|&(_, steps)| steps)
        .expect("four directions");
    let action = PlayerAction::Move(direction);
    (vec![action; steps], key(action))
}
