//! Umbra in a real browser: headless Chromium, driven by selenium (`tests/browser/drive.py`),
//! plays the page `web/build.sh` builds, served on 127.0.0.1. What a player would notice: the
//! map and status line are drawn, keys move the player, the game reached is exactly the one the
//! native game reaches with the same seed and keys (state hash), a recording made natively ends
//! at the native hash when watched in the browser, a reload resumes at the same turn, quitting
//! leads to a title screen, a crashed tab loses nothing, a damaged save is set aside and
//! reported, a bad address is refused.
//!
//! Needs what `web/setup.sh` installs (chromium, chromium-driver, web/.venv with selenium, a
//! Rust for wasm32); without it the test prints a note and skips, except under `CI`, where it
//! fails.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use chargrid::input::KeyboardInput;
use coord_2d::UCoord;
use serde_json::Value;
use umbra::app::GameApp;
use umbra::storage::{RecordingBytes, RecordingFile};

use umbra_rules::game::History;
use umbra_rules::{Game, GameOptions, PlayerAction};

const SEED: u64 = 42;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn python() -> PathBuf {
    root().join("web/.venv/bin/python")
}

/// Skips (returns false) when the tools are missing, unless CI demands the test run.
fn tools_present() -> bool {
    let needed = [
        PathBuf::from("/usr/bin/chromium"),
        PathBuf::from("/usr/bin/chromedriver"),
        python(),
    ];
    let missing: Vec<_> = needed.iter().filter(|path| !path.exists()).collect();
    if missing.is_empty() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must provide {missing:?} (see .ci/run and web/setup.sh)"
    );
    eprintln!("skipping the browser test: {missing:?} missing; run web/setup.sh");
    false
}

fn build() {
    let output = Command::new("bash")
        .arg(root().join("web/build.sh"))
        .output()
        .expect("bash runs");
    assert!(
        output.status.success(),
        "web/build.sh failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The keys typed in the browser (moves and waits from a fixed sequence, a potion drunk) and
/// the native app fed them: the first scripted sequence that moves the player on [`SEED`] and
/// leaves it alive to be resumed. Found, not assumed, so that a change of rules that gets one
/// sequence killed does not break the test.
fn keys_and_native_app() -> (String, GameApp) {
    let start = Game::new(SEED, GameOptions::default()).player_coord();
    (1..100)
        .map(|script| {
            let mut keys: String = common::scripted_actions(300, script)
                .into_iter()
                .map(common::play::key)
                .collect();
            keys.push('d');
            let app = native_app(&keys);
            (keys, app)
        })
        .find(|(_, app)| !app.game().is_over() && app.game().player_coord() != start)
        .expect("some script of 300 actions leaves the player alive elsewhere")
}

/// The native app fed the same keys: the game the browser must reach.
fn native_app(keys: &str) -> GameApp {
    let mut app = GameApp::new(Game::new(SEED, GameOptions::default()));
    for key in keys.chars() {
        common::press_on(&mut app, UCoord::new(100, 40), KeyboardInput::Char(key));
    }
    app
}

/// A careful player's whole run (the golden recording that uses every item kind): exploring,
/// fighting, resting, stairs, potions, scrolls read at targets and darts thrown; and how many
/// of its actions were aimed.
fn native_recording() -> (History, usize) {
    let path = root().join("tests/golden/careful-every-item.umbra");
    let bytes = std::fs::read(&path).expect("the golden recording");
    let recording = History::from_bytes(&bytes).expect("a recording of these rules");
    let aimed = (recording.actions.iter())
        .filter(|action| matches!(action, PlayerAction::Use { at: Some(_), .. }))
        .count();
    (recording, aimed)
}

fn drive(recording: &Path, keys: &str) -> Value {
    let output = Command::new(python())
        .arg(root().join("tests/browser/drive.py"))
        .arg(root().join("web"))
        .arg(recording)
        .arg(keys)
        .output()
        .expect("the driver runs");
    assert!(
        output.status.success(),
        "the browser driver failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the driver reports JSON")
}

fn hash(game: &Game) -> String {
    format!("{:08x}", game.state_hash())
}

/// The screen as the player reads it: the page's text, non-breaking spaces as spaces.
fn screen(stage: &Value) -> String {
    stage["screen"]
        .as_str()
        .unwrap_or_default()
        .replace('\u{a0}', " ")
}

#[test]
fn the_browser_plays_keeps_and_replays_the_native_game() {
    if !tools_present() {
        return;
    }
    build();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (recording, aimed) = native_recording();
    assert!(aimed > 0, "the recording the browser plays throws and aims");
    let recording_path = dir.path().join("native.umbra");
    recording
        .write(&recording_path)
        .expect("the recording is written");
    let (keys, native_app) = keys_and_native_app();
    let native = native_app.game();
    let seen = drive(&recording_path, &keys);

    let loaded = &seen["loaded"];
    let first = screen(loaded);
    for shown in ["@", "HP", "Depth 1", "Turn 0", "Welcome to Umbra"] {
        assert!(
            first.contains(shown),
            "the first screen lacks {shown:?}:\n{first}"
        );
    }
    assert_eq!(loaded["state"]["game"]["seed"], SEED.to_string());

    let played = &seen["played"]["state"]["game"];
    let native_at = native.player_coord();
    assert_eq!(
        played["player"],
        serde_json::json!([native_at.x, native_at.y])
    );
    assert_eq!(
        played["turn"],
        native.turn(),
        "the browser's turn after the keys"
    );
    assert_eq!(played["actions"], native.actions().len());
    assert_eq!(
        played["hash"],
        hash(native),
        "the browser reached another game"
    );
    let turn_shown = format!("Turn {}", native.turn());
    assert!(screen(&seen["played"]).contains(&turn_shown));

    let reloaded = &seen["reloaded"]["state"]["game"];
    assert_eq!(
        reloaded["turn"],
        native.turn(),
        "a reload resumes at the same turn"
    );
    assert_eq!(
        reloaded["hash"],
        hash(native),
        "a reload resumes the same game"
    );

    let watched = &seen["watched"]["state"]["watching"];
    assert_eq!(watched["actions"], recording.actions.len());
    assert_eq!(
        watched["hash"],
        hash(&recording.play_to_end()),
        "the native recording ends elsewhere in the browser"
    );
    let after = &seen["after_watching"]["state"];
    assert!(after["watching"].is_null(), "q leaves the recording");
    assert_eq!(
        after["game"]["hash"],
        hash(native),
        "watching left the game alone"
    );

    let title = &seen["title"];
    assert_eq!(title["state"]["title"], true, "q leads to the title screen");
    let continue_line = format!(
        "Continue (depth {}, turn {})",
        native.depth(),
        native.turn()
    );
    for shown in ["U M B R A", continue_line.as_str(), "New game"] {
        assert!(
            screen(title).contains(shown),
            "the title lacks {shown:?}:\n{}",
            screen(title)
        );
    }
    assert_eq!(seen["continued"]["state"]["title"], false, "c continues");

    let before = &seen["before_crash"]["state"]["game"];
    let after = &seen["after_crash"]["state"]["game"];
    assert!(
        before["turn"].as_u64() > Some(native.turn()),
        "keys after continuing"
    );
    assert_eq!(after, before, "a crashed tab loses nothing");

    let debugging = screen(&seen["debugging"]);
    for shown in ["Distance to you", "WIZARD", "Wizard: you are fully healed."] {
        assert!(
            debugging.contains(shown),
            "the debugging aids from the address lack {shown:?}:\n{debugging}"
        );
    }

    let damaged = &seen["damaged"];
    let words = screen(damaged);
    for shown in [
        "Your save could not be read",
        "kept as umbra.save.unreadable",
    ] {
        assert!(
            words.contains(shown),
            "a damaged save is not reported:\n{words}"
        );
    }
    assert_eq!(damaged["state"]["game"]["turn"], 0, "a new game begins");
    let kept = damaged["storage"].as_array().expect("the storage's keys");
    assert!(
        kept.contains(&Value::from("umbra.save.unreadable")),
        "{kept:?}"
    );

    let refused = screen(&seen["bad_address"]);
    assert!(refused.contains("umbra: invalid seed \"abc\""), "{refused}");
}
