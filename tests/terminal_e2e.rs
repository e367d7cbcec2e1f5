//! The terminal frontend for real: `umbra --terminal` runs in a tmux pane (see
//! `common::tmux`), keys go in with `send-keys`, the screen comes out with `capture-pane`.

mod common;

use common::tmux::{KEY, Launch, STARTUP, Session, shows_turn, tmux_installed};
use direction::CardinalDirection;
use umbra_rules::{Game, GameOptions};

const SEED: u64 = 7;

/// The game of seed 7 with its save in the session's own directory.
fn seeded(name: &str) -> Session {
    let launch = Launch {
        args: &["--rng-seed", "7", "--save-dir", "{dir}/save"],
        prefix: "",
        wrapper: "",
    };
    Session::start(name, &launch)
}

/// The key that moves the player of seed 7 onto an open, empty cell, found with the game's own
/// API so the test does not depend on the map's layout.
fn open_step_key() -> &'static str {
    let game = Game::new(SEED, GameOptions::default());
    let npcs: Vec<_> = game.inhabitants().npcs().map(|npc| npc.coord).collect();
    let player = game.player_coord();
    [
        (CardinalDirection::East, "l"),
        (CardinalDirection::West, "h"),
        (CardinalDirection::North, "k"),
        (CardinalDirection::South, "j"),
    ]
    .into_iter()
    .find(|(direction, _)| {
        let to = player + direction.coord();
        !game.level().blocks_walking(to) && !npcs.contains(&to)
    })
    .map(|(_, key)| key)
    .expect("the player of seed 7 can step somewhere")
}

/// What one scripted session saw, to compare with another run: the map's text, and the help
/// screen with its colours (no light flickers there).
struct Seen {
    after_moves: String,
    help: String,
}

/// Starts the game, moves, waits, opens and closes the help, and quits with `q`.
fn play_a_short_session(name: &str) -> Seen {
    let session = seeded(name);
    session.wait_for_screen("the map with the player", STARTUP, |screen| {
        screen.contains('@') && screen.contains('#') && screen.contains(&format!("Seed {SEED}"))
    });
    assert!(shows_turn(0)(&session.screen()), "{}", session.screen());

    session.send(open_step_key());
    session.wait_for_screen("turn 1 after a step", KEY, shows_turn(1));
    session.send(".");
    session.wait_for_screen("turn 2 after waiting with .", KEY, shows_turn(2));
    session.send("Space");
    session.wait_for_screen("turn 3 after waiting with space", KEY, shows_turn(3));
    // The map's characters: its colours include the torches' flicker, which is cosmetic and
    // follows the clock (the frame count), never the seed or the keys, so two runs differ there.
    let after_moves = session.screen();
    let map_screen = session.screen();
    assert!(map_screen.contains('@'), "{map_screen}");

    session.send("?");
    session.wait_for_screen("the help screen (\"Keys\")", KEY, |screen| {
        screen.contains("Keys") && screen != map_screen
    });
    let help = session.screen_with_colours();
    session.send("Escape");
    session.wait_for_screen("the map again after Esc closed the help", KEY, |screen| {
        screen == map_screen
    });

    session.send("q");
    let code = session.wait_for_exit();
    let stderr = session.read("stderr");
    assert_eq!(code, 0, "exit code; stderr: {stderr}");
    assert!(stderr.trim().is_empty(), "stderr: {stderr}");
    session.assert_terminal_restored();
    Seen { after_moves, help }
}

#[test]
fn plays_moves_waits_shows_help_and_quits_leaving_the_terminal_restored() {
    if !tmux_installed() {
        return;
    }
    let first = play_a_short_session("first");
    let second = play_a_short_session("second");
    assert!(
        first.after_moves == second.after_moves,
        "same seed and keys, different screens:\n{}\n---\n{}",
        first.after_moves,
        second.after_moves
    );
    assert!(
        first.help == second.help,
        "the help screen differs between runs"
    );
}

/// The test-only `!` key panics inside the game loop: the panic is caught, the terminal
/// restored, and the message and the seed to reproduce it printed on stderr.
#[cfg(feature = "test-crash-key")]
#[test]
fn a_crash_in_the_game_loop_restores_the_terminal_and_prints_the_seed() {
    if !tmux_installed() {
        return;
    }
    let session = seeded("crash");
    session.wait_for_screen("the map with the player", STARTUP, |screen| {
        screen.contains('@') && screen.contains(&format!("Seed {SEED}"))
    });
    session.send("!");
    let code = session.wait_for_exit();
    let stderr = session.read("stderr");
    assert_eq!(code, 101, "exit code; stderr: {stderr}");
    assert!(
        stderr.contains("umbra: the game crashed: crash requested"),
        "stderr: {stderr}"
    );
    assert!(
        stderr.contains(&format!("umbra: to reproduce, run with --rng-seed {SEED}")),
        "stderr: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    session.assert_terminal_restored();
}
