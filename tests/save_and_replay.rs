//! Saving, resuming, recording and replaying: a quit game comes back exactly as it was, an ended
//! game leaves no save, damaged files are refused without panicking, and recordings replay.

use std::fs;
use std::path::PathBuf;

mod common;

use common::{scripted_actions as actions, umbra};
use coord_2d::UCoord;
use umbra::cli::{self, Parsed};
use umbra::game::DEFAULT_MAP_SIZE;
use umbra::session;
use umbra::storage::{LoadError, Recording, SaveSlot};
use umbra::{Game, GameOptions, PlayerAction};

/// A fresh directory per test, removed when the test ends.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("umbra-test-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("temporary directory");
        Self(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn played(seed: u64, options: GameOptions, script: &[PlayerAction]) -> Game {
    let mut game = Game::new(seed, options);
    for &action in script {
        game.act(action);
    }
    game
}

fn small() -> GameOptions {
    GameOptions {
        map_size: UCoord::new(20, 15),
        ..GameOptions::default()
    }
}

#[test]
fn a_loaded_game_has_the_same_state_and_the_same_future() {
    let dir = TempDir::new("roundtrip");
    let slot = SaveSlot::in_dir(&dir.0);
    let script = actions(300, 9);
    let (before, after) = script.split_at(120);
    let original = played(4, GameOptions::default(), before);
    slot.store(&original).expect("save written");
    let mut loaded = slot.load().expect("save readable").expect("save present");
    assert_eq!(loaded.state_hash(), original.state_hash());
    assert_eq!(loaded.actions(), original.actions());
    let mut original = original;
    for &action in after {
        original.act(action);
        loaded.act(action);
        assert_eq!(loaded.state_hash(), original.state_hash());
    }
    assert_eq!(
        loaded.cell_view(loaded.player_coord()),
        original.cell_view(original.player_coord())
    );
}

#[test]
fn every_truncation_of_a_save_is_refused_without_panicking() {
    let bytes = SaveSlot::encode(&played(2, small(), &actions(40, 2)));
    for length in 0..bytes.len() {
        let result = SaveSlot::decode(&bytes[..length]);
        assert!(
            matches!(result, Err(LoadError::Truncated)),
            "prefix of {length} bytes: {:?}",
            result.err()
        );
    }
    assert!(SaveSlot::decode(&bytes).is_ok());
}

#[test]
fn flipped_bytes_are_detected_without_panicking() {
    let bytes = SaveSlot::encode(&played(3, GameOptions::default(), &actions(60, 3)));
    let mut state = 12345u64;
    for _ in 0..2000 {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
        let index = (state >> 17) as usize % bytes.len();
        let bit = 1u8 << ((state >> 7) % 8);
        let mut damaged = bytes.clone();
        damaged[index] ^= bit;
        assert!(SaveSlot::decode(&damaged).is_err(), "flip at byte {index}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(SaveSlot::decode(&longer).is_err(), "trailing garbage");
}

#[test]
fn a_save_from_another_version_is_refused_by_name() {
    let mut bytes = SaveSlot::encode(&Game::new(1, small()));
    bytes[8] = bytes[8].wrapping_add(1);
    assert!(matches!(
        SaveSlot::decode(&bytes),
        Err(LoadError::WrongVersion { .. })
    ));
    assert!(matches!(
        SaveSlot::decode(b"hello world, not a save"),
        Err(LoadError::NotOurs)
    ));
}

fn args(words: &[&str]) -> cli::Args {
    match cli::parse(words) {
        Ok(Parsed::Play(args)) => args,
        _ => panic!("arguments {words:?} should parse"),
    }
}

#[test]
fn quitting_saves_and_the_next_start_resumes_until_the_game_ends() {
    let dir = TempDir::new("resume");
    let slot = SaveSlot::in_dir(&dir.0);
    let problems = session::Problems::default();
    let mut keep = session::keeper(Some(slot.clone()), None, problems.clone());
    let game = played(8, GameOptions::default(), &actions(50, 8));
    keep(&game);
    let opened = session::open_game(&args(&[]), Some(&slot), || 99);
    assert!(opened.resumed);
    assert_eq!(opened.game.state_hash(), game.state_hash());
    // --new-game and --rng-seed start afresh even with a save waiting.
    let fresh = session::open_game(&args(&["--new-game"]), Some(&slot), || 99);
    assert!(!fresh.resumed);
    assert_eq!(fresh.game.seed(), 99);
    let seeded = session::open_game(&args(&["--rng-seed", "5"]), Some(&slot), || 99);
    assert_eq!(seeded.game.seed(), 5);
    // Death deletes the save: permadeath.
    let mut dead = Game::from_ascii(&["#####", "#@T.#", "#####"], GameOptions::default())
        .expect("valid map")
        .0;
    while !dead.is_over() {
        dead.act(PlayerAction::Wait);
    }
    keep(&dead);
    assert!(!slot.path().exists());
    assert!(!session::open_game(&args(&[]), Some(&slot), || 99).resumed);
    assert!(problems.borrow().is_empty(), "{:?}", problems.borrow());
}

#[test]
fn an_unreadable_save_is_kept_aside_and_a_new_game_starts() {
    let dir = TempDir::new("corrupt");
    let slot = SaveSlot::in_dir(&dir.0);
    let mut bytes = SaveSlot::encode(&Game::new(1, GameOptions::default()));
    bytes.truncate(bytes.len() / 2);
    fs::write(slot.path(), &bytes).expect("write damaged save");
    let opened = session::open_game(&args(&[]), Some(&slot), || 42);
    assert!(!opened.resumed);
    assert_eq!(opened.game.seed(), 42);
    let warning = opened.warning.expect("the player is told");
    assert!(warning.contains("truncated"), "{warning}");
    assert!(!slot.path().exists());
    let aside: Vec<_> = fs::read_dir(&dir.0)
        .expect("listable")
        .map(|entry| entry.expect("entry").path())
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        fs::read(&aside[0]).expect("kept"),
        bytes,
        "nothing was lost"
    );
}

#[test]
fn a_recording_replays_to_the_same_state_even_across_a_resume() {
    let dir = TempDir::new("record");
    let slot = SaveSlot::in_dir(&dir.0);
    let script = actions(400, 21);
    let mut game = played(21, GameOptions::default(), &script[..150]);
    slot.store(&game).expect("saved");
    game = slot.load().expect("readable").expect("present");
    for &action in &script[150..] {
        game.act(action);
    }
    let path = dir.0.join("game.rec");
    Recording::of(&game)
        .write(&path)
        .expect("recording written");
    let recording = Recording::read(&path).expect("recording readable");
    assert_eq!(recording.options.map_size, DEFAULT_MAP_SIZE);
    assert_eq!(recording.play_to_end().state_hash(), game.state_hash());
}

#[test]
fn headless_replay_prints_the_summary_and_hash() {
    let dir = TempDir::new("headless");
    let game = played(13, GameOptions::default(), &actions(200, 13));
    let path = dir.0.join("game.rec");
    Recording::of(&game).write(&path).expect("written");
    let output = umbra(&["--replay", path.to_str().expect("utf-8 path"), "--headless"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains(&format!("State hash: {:016x}", game.state_hash())),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("turn {}", game.turn())),
        "{stdout}"
    );
}

#[test]
fn replaying_a_missing_or_malformed_file_fails_clearly() {
    let dir = TempDir::new("bad-replay");
    let missing = dir.0.join("missing.rec");
    let garbage = dir.0.join("garbage.rec");
    fs::write(&garbage, b"this is not a recording").expect("written");
    let mut truncated_bytes = Recording::of(&Game::new(1, small())).to_bytes();
    truncated_bytes.pop();
    let truncated = dir.0.join("truncated.rec");
    fs::write(&truncated, truncated_bytes).expect("written");
    for (path, expected) in [
        (&missing, "No such file"),
        (&garbage, "not an Umbra file"),
        (&truncated, "truncated"),
    ] {
        let output = umbra(&["--replay", path.to_str().expect("utf-8"), "--headless"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("cannot replay") && stderr.contains(expected),
            "{stderr}"
        );
        assert!(!stderr.contains("panicked"));
    }
}
