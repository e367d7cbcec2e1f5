//! The save as a journal: kept after every action, it resumes exactly the game that was being
//! played (with or without its snapshot), a death is never undone, a living save is never thrown
//! away without asking, and recordings replay.

use std::fs;
use std::path::Path;
use std::time::Duration;

mod common;

use chargrid::core::{Component, Event, FrameBuffer, UCoord};
use chargrid::input::{Input, KeyboardInput, keys};
use common::tmux::TempDir;
use common::{scripted_actions as actions, umbra};
use umbra::app::{GameApp, Keeper, Notice};
use umbra::cli::{self, Parsed};
use umbra::session::{self, Opened};
use umbra::storage::{RecordingBytes, RecordingFile, SaveSlot};
use umbra_rules::game::History;
use umbra_rules::{Game, GameOptions, PlayerAction};

fn args(words: &[&str]) -> cli::Args {
    match cli::parse(words) {
        Ok(Parsed::Play(args)) => args,
        _ => panic!("arguments {words:?} should parse"),
    }
}

fn open(dir: &Path, words: &[&str]) -> Opened {
    let slot = SaveSlot::in_dir(dir);
    session::open_game(&args(words), Some(&slot), || 99, session::reporting().0)
        .unwrap_or_else(|error| panic!("the save opens: {error}"))
}

/// A new game of `seed` whose every action is kept, as the app keeps it; dropping the result
/// stops keeping without a quit, as `kill -9` would.
fn kept_game(dir: &Path, seed: u64, script: &[PlayerAction]) -> (Game, session::FileKeeper) {
    let seed = seed.to_string();
    let Opened {
        mut game,
        mut keeper,
        ..
    } = open(dir, &["--rng-seed", &seed]);
    for &action in script {
        game.act(action);
        keeper.record(&game).expect("kept");
    }
    (game, keeper)
}

/// The first seed from `from` whose player lives through the whole script, so its save lives on.
fn surviving(from: u64, script: &[PlayerAction]) -> u64 {
    (from..from + 1000)
        .find(|&seed| !played(seed, script).is_over())
        .expect("a seed whose player survives the script")
}

fn played(seed: u64, script: &[PlayerAction]) -> Game {
    let mut game = Game::new(seed, GameOptions::default());
    for &action in script {
        game.act(action);
    }
    game
}

#[test]
fn a_game_stopped_without_quitting_resumes_with_the_same_state_and_future() {
    let dir = TempDir::new("journal");
    let script = actions(300, 9);
    let (before, after) = script.split_at(120);
    let (mut original, keeper) = kept_game(&dir.0, surviving(4, &script), before);
    drop(keeper);
    let mut opened = open(&dir.0, &[]);
    assert!(opened.resumed);
    assert!(opened.notices.is_empty(), "{:?}", opened.notices);
    assert_eq!(opened.game.state_hash(), original.state_hash());
    assert_eq!(opened.game.actions(), original.actions());
    for &action in after {
        original.act(action);
        opened.game.act(action);
        assert_eq!(opened.game.state_hash(), original.state_hash());
    }
}

/// Thousands of actions in a few hundred turns: one wait, then nine steps north, which soon
/// bump into a wall (a bump is kept as an action but takes no time). Wandering NPCs find a
/// player that waits for thousands of turns; in a few hundred, on some seeds, none does.
fn long_script(n: usize) -> Vec<PlayerAction> {
    (0..n)
        .map(|i| match i % 10 {
            0 => PlayerAction::Wait,
            _ => PlayerAction::Move(direction::CardinalDirection::North),
        })
        .collect()
}

fn resumed_hash(dir: &Path) -> u32 {
    let opened = open(dir, &[]);
    assert!(opened.resumed && opened.notices.is_empty());
    opened.game.state_hash()
}

/// How many actions loading the save replays after its snapshot (all of them without one).
fn replayed(dir: &Path) -> usize {
    let slot = SaveSlot::in_dir(dir).claim().expect("claimed");
    slot.load().expect("loads").expect("a save").replayed
}

#[test]
fn a_snapshot_spares_the_replay_but_never_changes_the_game() {
    let dir = TempDir::new("snapshot");
    let snapshot = dir.0.join("save.snapshot");
    // Two snapshots in one sitting, at 1000 and 2000 actions, then stopped without a quit.
    let seed = surviving(11, &long_script(3700));
    drop(kept_game(&dir.0, seed, &long_script(2500)));
    let early = fs::read(&snapshot).expect("a snapshot every thousand actions");
    assert_eq!(
        replayed(&dir.0),
        500,
        "stopped 500 actions after the last snapshot"
    );
    let Opened {
        mut game,
        mut keeper,
        ..
    } = open(&dir.0, &[]);
    // The rest of the script the seed was chosen to survive.
    for &action in &long_script(3700)[2500..] {
        game.act(action);
        keeper.record(&game).expect("kept");
    }
    assert!(!game.is_over(), "the scenario needs a living game");
    keeper.close(&game).expect("closed");
    drop(keeper);
    let expected = game.state_hash();
    assert_eq!(resumed_hash(&dir.0), expected, "with the latest snapshot");
    assert_eq!(replayed(&dir.0), 0, "quitting leaves nothing to replay");
    fs::write(&snapshot, &early).expect("an older snapshot put back");
    assert_eq!(resumed_hash(&dir.0), expected, "with a stale snapshot");
    assert_eq!(
        replayed(&dir.0),
        1700,
        "a stale snapshot still spares its actions"
    );
    let mut damaged = early.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 1;
    fs::write(&snapshot, &damaged).expect("a damaged snapshot");
    assert_eq!(resumed_hash(&dir.0), expected, "with a damaged snapshot");
    assert_eq!(replayed(&dir.0), 3700, "a damaged snapshot is not used");
    fs::remove_file(&snapshot).expect("snapshot removed");
    assert_eq!(resumed_hash(&dir.0), expected, "with no snapshot");
    game.act(PlayerAction::Wait);
    assert_ne!(
        resumed_hash(&dir.0),
        game.state_hash(),
        "hashes tell games apart"
    );
}

/// One step somewhere open, then waits: another history for the same seed.
fn a_step_then_waits(seed: u64, n: usize) -> Vec<PlayerAction> {
    let game = Game::new(seed, GameOptions::default());
    let open = direction::CardinalDirection::all()
        .find(|d| !game.level().blocks_walking(game.player_coord() + d.coord()))
        .expect("the player can move");
    let mut script = long_script(n);
    script[0] = PlayerAction::Move(open);
    script
}

#[test]
fn a_snapshot_of_another_history_is_ignored() {
    // Same seed, same options, as many actions: only the chain of checksums tells them apart.
    let seed = (20..)
        .find(|&seed| {
            !played(seed, &long_script(1100)).is_over()
                && !played(seed, &a_step_then_waits(seed, 1100)).is_over()
        })
        .expect("a seed for both histories");
    let other = TempDir::new("other");
    drop(kept_game(&other.0, seed, &long_script(1100)));
    let dir = TempDir::new("mine");
    let (game, keeper) = kept_game(&dir.0, seed, &a_step_then_waits(seed, 1100));
    drop(keeper);
    fs::copy(other.0.join("save.snapshot"), dir.0.join("save.snapshot")).expect("copied");
    assert_ne!(
        played(seed, &long_script(1100)).state_hash(),
        game.state_hash()
    );
    assert_eq!(resumed_hash(&dir.0), game.state_hash());
}

/// Another game's snapshot, further on than this journal, left beside it: ignored, and the
/// journal resumes as it is, never set aside for it.
#[test]
fn another_games_snapshot_ahead_of_the_journal_is_ignored() {
    let other = TempDir::new("other-ahead");
    drop(kept_game(
        &other.0,
        surviving(14, &long_script(1100)),
        &long_script(1100),
    ));
    let dir = TempDir::new("mine-behind");
    let seed = surviving(40, &long_script(300));
    let (game, keeper) = kept_game(&dir.0, seed, &long_script(300));
    drop(keeper);
    fs::copy(other.0.join("save.snapshot"), dir.0.join("save.snapshot")).expect("copied");
    assert_eq!(resumed_hash(&dir.0), game.state_hash());
}

#[test]
fn a_journal_that_lost_actions_its_snapshot_has_is_set_aside() {
    let dir = TempDir::new("shortened");
    drop(kept_game(
        &dir.0,
        surviving(14, &long_script(1100)),
        &long_script(1100),
    ));
    let journal = dir.0.join("save.umbra");
    let bytes = fs::read(&journal).expect("journal");
    // Cut at a record boundary, before the snapshot: a valid-looking but shorter history.
    fs::write(&journal, &bytes[..bytes.len() - 500 * 5]).expect("cut");
    let opened = open(&dir.0, &[]);
    assert!(!opened.resumed);
    assert!(
        matches!(&opened.notices[..], [Notice::SetAside { reason, .. }] if reason.contains("lost actions")),
        "{:?}",
        opened.notices
    );
}

#[test]
fn a_half_written_last_action_is_dropped_and_said_so() {
    let dir = TempDir::new("torn");
    let script = actions(40, 3);
    let (game, keeper) = kept_game(&dir.0, surviving(5, &script), &script);
    drop(keeper);
    let journal = dir.0.join("save.umbra");
    let mut bytes = fs::read(&journal).expect("journal");
    bytes.truncate(bytes.len() - 2);
    fs::write(&journal, &bytes).expect("torn");
    let mut opened = open(&dir.0, &[]);
    assert_eq!(opened.notices, vec![Notice::TornTail]);
    assert_eq!(opened.game.actions(), &game.actions()[..39]);
    // The journal was mended: appending goes on from the last whole action.
    opened.game.act(PlayerAction::Wait);
    opened.keeper.record(&opened.game).expect("kept");
    let expected = opened.game.state_hash();
    drop(opened);
    assert_eq!(resumed_hash(&dir.0), expected);
}

#[test]
fn asking_for_a_new_game_keeps_the_living_save_until_the_player_agrees() {
    let dir = TempDir::new("ask");
    let script = actions(30, 8);
    let (game, keeper) = kept_game(&dir.0, surviving(8, &script), &script);
    drop(keeper);
    let journal = fs::read(dir.0.join("save.umbra")).expect("journal");
    for (words, seed) in [(&["--new-game"][..], 99), (&["--rng-seed", "5"][..], 5)] {
        let opened = open(&dir.0, words);
        assert!(opened.resumed, "{words:?}");
        assert_eq!(opened.ask_to_abandon, Some(seed), "{words:?}");
        assert_eq!(opened.game.state_hash(), game.state_hash());
        drop(opened);
        let now = fs::read(dir.0.join("save.umbra")).expect("journal");
        assert_eq!(
            now, journal,
            "nothing is abandoned before the player says so"
        );
    }
    let Opened { mut keeper, .. } = open(&dir.0, &["--new-game"]);
    keeper
        .start(&Game::new(5, GameOptions::default()))
        .expect("started");
    drop(keeper);
    assert_eq!(open(&dir.0, &[]).game.seed(), 5, "abandoned once agreed");
}

/// `--daily` a second time on its day goes on with the day's run (it once offered to abandon
/// it and start it over: a daily re-rolled in one key press), and once the day's run has ended
/// and been kept, another start of it is refused in words.
#[test]
fn the_daily_begun_is_resumed_and_the_daily_ended_is_not_played_again() {
    let dir = TempDir::new("daily-once");
    let Opened {
        mut game,
        mut keeper,
        ..
    } = open(&dir.0, &["--daily"]);
    let today = umbra::app::daily::daily_seed(umbra::app::daily::today());
    assert_eq!(game.seed(), today);
    for &action in &actions(12, 4) {
        game.act(action);
        keeper.record(&game).expect("kept");
    }
    drop(keeper);
    let again = open(&dir.0, &["--daily"]);
    assert!(again.resumed, "the day's run goes on");
    assert_eq!(again.ask_to_abandon, None, "never offered to start over");
    assert_eq!(again.game.actions(), game.actions());
    drop(again);

    // The run ends and is kept as every finished run is; its save goes.
    umbra::storage::runs::keep_run(&dir.0, 1, &game, "a morgue").expect("kept");
    fs::remove_file(dir.0.join("save.umbra")).expect("the ended save goes");
    let _ = fs::remove_file(dir.0.join("save.snapshot"));
    let slot = SaveSlot::in_dir(&dir.0);
    let refused = session::open_game(
        &args(&["--daily"]),
        Some(&slot),
        || 99,
        session::reporting().0,
    );
    let Err(error) = refused else {
        panic!("the day's run is not played twice");
    };
    let words = error.to_string();
    assert!(
        words.contains("today's daily run has been played (run 1 in"),
        "{words}"
    );
    assert!(!dir.0.join("save.umbra").exists(), "nothing was begun");
    // Any other game may still be played there.
    assert_eq!(open(&dir.0, &["--rng-seed", "5"]).game.seed(), 5);
}

#[test]
fn a_death_deletes_the_save_and_a_journal_that_holds_one_never_plays_on() {
    let dir = TempDir::new("death");
    let (seed, dying) = (0..20)
        .flat_map(|seed| (0..100).map(move |n| (seed, actions(300, n))))
        .find(|(seed, script)| played(*seed, script).is_over())
        .expect("a script that dies");
    let (game, mut keeper) = kept_game(&dir.0, seed, &dying);
    assert!(game.is_over());
    assert!(
        dir.0.join("save.umbra").exists(),
        "the save stays until the run's end is written"
    );
    keeper.ended(&game, "a morgue").expect("the end is written");
    assert!(!dir.0.join("save.umbra").exists(), "permadeath");
    drop(keeper);
    // Stopped after the death was journaled but before the save was deleted.
    History::of(&game)
        .write(&dir.0.join("save.umbra"))
        .expect("written");
    let opened = open(&dir.0, &[]);
    assert!(opened.game.is_over(), "the death is what resumes");
    drop(opened);
    let opened = open(&dir.0, &["--new-game"]);
    assert_eq!(opened.ask_to_abandon, None, "nothing living to abandon");
    assert!(!opened.game.is_over());
}

#[test]
fn an_unreadable_save_is_kept_aside_and_named_on_the_first_screen() {
    let dir = TempDir::new("corrupt");
    let bytes = History::of(&played(1, &actions(20, 1))).to_bytes();
    let damaged = &bytes[..10];
    fs::write(dir.0.join("save.umbra"), damaged).expect("damaged save");
    let opened = open(&dir.0, &[]);
    assert!(!opened.resumed);
    assert_eq!(opened.game.seed(), 99);
    let [Notice::SetAside { aside, reason, .. }] = &opened.notices[..] else {
        panic!("the player is told: {:?}", opened.notices);
    };
    assert!(reason.contains("truncated"), "{reason}");
    assert_eq!(fs::read(aside).expect("kept"), damaged, "nothing was lost");
}

#[test]
fn failures_to_save_are_reported_for_the_exit_code() {
    let dir = TempDir::new("report");
    let (reporter, reports) = session::reporting();
    let slot = SaveSlot::in_dir(&dir.0);
    let opened = session::open_game(&args(&[]), Some(&slot), || 3, reporter);
    let Opened {
        game, mut keeper, ..
    } = opened.expect("opens");
    fs::remove_file(dir.0.join("save.umbra")).expect("removed");
    fs::create_dir(dir.0.join("save.umbra")).expect("a directory in its place");
    let mut game = game;
    game.act(PlayerAction::Wait);
    assert!(
        keeper.record(&game).is_ok(),
        "an open journal still takes appends"
    );
    keeper
        .start(&Game::new(4, GameOptions::default()))
        .expect_err("cannot replace a directory");
    let report = reports.collect();
    assert_eq!(report.problems.len(), 1, "{report:?}");
}

#[test]
fn a_recording_and_a_save_both_replay_to_the_same_state() {
    let dir = TempDir::new("record");
    let script = actions(400, 21);
    let (mut game, keeper) = kept_game(&dir.0, surviving(21, &script), &script[..150]);
    drop(keeper);
    let save = History::read(&dir.0.join("save.umbra")).expect("a save is a recording");
    assert_eq!(save.play_to_end().state_hash(), game.state_hash());
    for &action in &script[150..] {
        game.act(action);
    }
    let path = dir.0.join("game.rec");
    History::of(&game).write(&path).expect("written");
    let recording = History::read(&path).expect("readable");
    assert_eq!(recording.play_to_end().state_hash(), game.state_hash());
}

#[test]
fn headless_replay_prints_the_summary_and_hash() {
    let dir = TempDir::new("headless");
    let game = played(13, &actions(200, 13));
    let path = dir.0.join("game.rec");
    History::of(&game).write(&path).expect("written");
    let output = umbra(&["--replay", path.to_str().expect("utf-8 path"), "--headless"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let hash = format!("State hash: {:08x}", game.state_hash());
    assert!(stdout.contains(&hash), "{stdout}");
    assert!(
        stdout.contains(&format!("turn {}", game.turn())),
        "{stdout}"
    );
    let kills = match game.kills() {
        1 => "1 kill".to_string(),
        n => format!("{n} kills"),
    };
    let left = match game.enemies_left() {
        1 => "1 enemy left".to_string(),
        n => format!("{n} enemies left"),
    };
    assert!(
        stdout.contains(&format!(", {kills}, {left} on this depth;")),
        "{stdout}"
    );
}

#[test]
fn every_truncation_or_flipped_bit_of_a_finished_recording_is_refused() {
    let game = played(2, &actions(40, 2));
    let bytes = History::of(&game).to_bytes();
    let recorded = History::from_bytes(&bytes).expect("the whole recording reads");
    assert_eq!(recorded.play_to_end().state_hash(), game.state_hash());
    // Cut anywhere, even at a record's edge, it is refused: never a shorter game.
    for length in 0..bytes.len() {
        let result = History::from_bytes(&bytes[..length]);
        assert!(
            result.is_err(),
            "cut to {length} of {} accepted",
            bytes.len()
        );
    }
    for index in 0..bytes.len() {
        for bit in 0..8 {
            let mut damaged = bytes.clone();
            damaged[index] ^= 1 << bit;
            if let Ok(read) = History::from_bytes(&damaged) {
                // Only a change that leaves the same game may pass (none is known).
                assert_eq!(
                    read.play_to_end().state_hash(),
                    game.state_hash(),
                    "flip of bit {bit} at {index} accepted as another game"
                );
            }
        }
    }
}

#[test]
fn a_save_watched_as_a_recording_says_so_and_plays_to_its_torn_tail() {
    let dir = TempDir::new("live-recording");
    let script = actions(30, 4);
    let seed = surviving(40, &script);
    let (game, keeper) = kept_game(&dir.0, seed, &script);
    drop(keeper);
    let save = dir.0.join("save.umbra");
    let mut bytes = fs::read(&save).expect("the save");
    let watched = umbra::storage::read_watched(&save).expect("a save reads as a recording");
    assert_eq!(watched.history.actions, game.actions());
    assert_eq!(
        watched.end,
        umbra::storage::RecordingEnd::Live { torn_tail: false }
    );
    bytes.truncate(bytes.len() - 2);
    fs::write(&save, &bytes).expect("torn");
    let watched = umbra::storage::read_watched(&save).expect("a torn save still reads");
    assert_eq!(
        watched.history.actions,
        game.actions()[..game.actions().len() - 1]
    );
    assert_eq!(
        watched.end,
        umbra::storage::RecordingEnd::Live { torn_tail: true }
    );
    let output = umbra(&["--replay", save.to_str().expect("UTF-8"), "--headless"]);
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("this is a save, not a finished recording"),
        "{said}"
    );
    assert!(said.contains("half written"), "{said}");
    assert!(output.status.success());
}

fn press(app: &mut GameApp, key: KeyboardInput) {
    let frame = FrameBuffer::new(UCoord::new(100, 40));
    app.update(
        &mut (),
        frame.default_ctx(),
        Event::Input(Input::Keyboard(key)),
    );
}

#[test]
fn a_new_game_started_in_the_app_is_the_one_saved() {
    let dir = TempDir::new("app-new-game");
    let script = long_script(3);
    let seed = surviving(30, &script).to_string();
    let Opened { game, keeper, .. } = open(&dir.0, &["--rng-seed", &seed]);
    let mut app = GameApp::new(game)
        .with_keeper(keeper)
        .with_seed_source(|| 77);
    for _ in 0..3 {
        press(&mut app, KeyboardInput::Char('.'));
    }
    let log: Vec<String> = app.log().iter().map(|m| m.text.clone()).collect();
    assert!(
        !log.iter().any(|m| m.contains("saved")),
        "no news while saving works: {log:?}"
    );
    for key in [
        keys::ESCAPE,
        KeyboardInput::Down,
        keys::RETURN,
        KeyboardInput::Char('y'),
    ] {
        press(&mut app, key);
    }
    press(&mut app, KeyboardInput::Char('.'));
    drop(app);
    let resumed = open(&dir.0, &[]);
    assert_eq!((resumed.game.seed(), resumed.game.turn()), (77, 1));
}

#[test]
fn a_game_state_reads_back_as_the_same_game() {
    let script = actions(200, 4);
    let game = played(surviving(40, &script), &script);
    let bytes = game.to_state_bytes();
    let read = Game::from_state_bytes(&bytes).expect("reads back");
    assert_eq!(read.state_hash(), game.state_hash());
    assert_eq!(read.actions(), game.actions());
    assert!(Game::from_state_bytes(&bytes[..bytes.len() / 2]).is_err());
}

#[test]
fn a_dead_games_save_that_cannot_be_removed_is_reported() {
    let dir = TempDir::new("undeletable");
    let (seed, dying) = (0..500)
        .map(|n| (60 + n, actions(300, n)))
        .find(|(seed, script)| played(*seed, script).is_over())
        .expect("a script that dies");
    let (reporter, reports) = session::reporting();
    let slot = SaveSlot::in_dir(&dir.0);
    let seed_text = seed.to_string();
    let opened = session::open_game(
        &args(&["--rng-seed", &seed_text]),
        Some(&slot),
        || 0,
        reporter,
    );
    let Opened {
        mut game,
        mut keeper,
        ..
    } = opened.expect("opens");
    // The journal's name now holds a directory, which a file removal cannot take away.
    fs::remove_file(dir.0.join("save.umbra")).expect("removed");
    fs::create_dir(dir.0.join("save.umbra")).expect("a directory in its place");
    for &action in &dying {
        game.act(action);
        let _ = keeper.record(&game);
    }
    assert!(game.is_over());
    // The run's end is written (in the same directory), then the save is removed: it cannot be.
    let _ = keeper.ended(&game, "a morgue");
    let problems = reports.collect().problems;
    assert!(
        problems
            .iter()
            .any(|p| p.contains("could not remove the save")),
        "{problems:?}"
    );
}

/// Watching a recording, End plays the rest of it at once (paused or not); the game reached is
/// the recording's own end, and keys after that change nothing.
#[test]
fn end_skips_a_watched_recording_to_its_end() {
    let recording = History::of(&played(3, &actions(400, 4)));
    let mut app = GameApp::replay(&recording);
    let screen = UCoord::new(100, 40);
    let press = |app: &mut GameApp, key| {
        let fb = FrameBuffer::new(screen);
        app.update(
            &mut (),
            fb.default_ctx(),
            Event::Input(Input::Keyboard(key)),
        )
    };
    press(&mut app, KeyboardInput::Char(' '));
    assert_eq!(
        app.game().actions().len(),
        0,
        "nothing is played before its time"
    );
    press(&mut app, KeyboardInput::End);
    assert_eq!(app.game().actions(), recording.actions.as_slice());
    assert_eq!(
        app.game().state_hash(),
        recording.play_to_end().state_hash()
    );
    press(&mut app, KeyboardInput::End);
    assert_eq!(app.game().actions().len(), recording.actions.len());
}

#[test]
fn a_save_deleted_in_mid_game_is_written_again_from_the_game_and_said_so() {
    let script = actions(40, 1);
    let seed = surviving(1, &script);
    for whole_directory in [false, true] {
        let dir = TempDir::new("deleted-save");
        let save_dir = dir.0.join("saves");
        let (mut game, mut keeper) = kept_game(&save_dir, seed, &script[..20]);
        if whole_directory {
            fs::remove_dir_all(&save_dir).expect("removed");
        } else {
            fs::remove_file(save_dir.join("save.umbra")).expect("removed");
        }
        for &action in &script[20..] {
            game.act(action);
            keeper.record(&game).expect("kept");
        }
        keeper.close(&game).expect("closed");
        let save = save_dir.join("save.umbra");
        assert_eq!(
            keeper.news(),
            Some(Notice::SaveRewritten { save: save.clone() }),
            "said at once (whole directory: {whole_directory})"
        );
        assert_eq!(keeper.news(), None, "said once");
        drop(keeper);
        let opened = open(&save_dir, &[]);
        assert!(opened.resumed, "the save is back");
        assert_eq!(opened.game.actions(), game.actions(), "with every action");
        assert_eq!(opened.game.state_hash(), game.state_hash());
    }
}

/// How many actions loading the save in `dir` replays after its snapshot (all, without one).
fn replayed_on_loading(dir: &Path) -> usize {
    let slot = SaveSlot::in_dir(dir).claim().expect("claimed");
    slot.load().expect("loads").expect("a save").replayed
}

/// The journal decides: a snapshot whose state was edited and summed again (the player's hit
/// points raised, as an attack on today's build did) is refused, and the game the journal
/// replays to is the one that resumes; an untouched snapshot is still used.
#[test]
fn a_snapshot_edited_and_summed_again_is_refused_for_its_journal() {
    use umbra::storage::snapshot;
    let script = actions(60, 5);
    let seed = surviving(1, &script);
    let dir = TempDir::new("edited-snapshot");
    let (game, mut keeper) = kept_game(&dir.0, seed, &script);
    keeper.close(&game).expect("closed, with a snapshot");
    drop(keeper);
    let snapshot_path = dir.0.join("save.snapshot");
    let bytes = fs::read(&snapshot_path).expect("a snapshot");
    let kept = snapshot::decode(bytes.clone()).expect("it decodes");
    let untouched = open(&dir.0, &[]);
    assert_eq!(untouched.game.state_hash(), game.state_hash());
    drop(untouched);
    assert_eq!(
        replayed_on_loading(&dir.0),
        0,
        "an untouched snapshot spares the replay"
    );

    let edited = kept
        .game()
        .expect("its game")
        .with_player_max_hit_points(60);
    assert_ne!(edited.state_hash(), game.state_hash());
    fs::write(&snapshot_path, snapshot::encode(&edited, kept.chain)).expect("edited");
    let opened = open(&dir.0, &[]);
    assert_eq!(
        opened.game.state_hash(),
        game.state_hash(),
        "the journal's game"
    );
    assert_eq!(opened.game.player_hit_points(), game.player_hit_points());
    drop(opened);
    assert_eq!(
        replayed_on_loading(&dir.0),
        game.actions().len(),
        "replayed from the journal"
    );
}

/// One Umbra per save directory even after the directory is removed: the game that writes it
/// back takes its lock again, so a second start is refused; and a second Umbra that took the
/// directory first is never written over (the first stops saving there, in words).
#[test]
fn a_save_directory_written_back_is_locked_again_and_never_shared() {
    let script = actions(40, 1);
    let seed = surviving(1, &script);
    let dir = TempDir::new("relocked");
    let save_dir = dir.0.join("saves");
    let (mut game, mut keeper) = kept_game(&save_dir, seed, &script[..20]);
    fs::remove_dir_all(&save_dir).expect("removed");
    for &action in &script[20..30] {
        game.act(action);
        keeper.record(&game).expect("kept");
    }
    keeper
        .close(&game)
        .expect("closed, the directory written back");
    let second = SaveSlot::in_dir(&save_dir).claim();
    assert!(
        matches!(&second, Err(session_error) if session_error.to_string().contains("in use by another Umbra")),
        "a second start is refused while the first plays: {second:?}"
    );
    drop(second);

    // Removed again, and this time a second Umbra starts there before the first writes.
    fs::remove_dir_all(&save_dir).expect("removed");
    let other = open(&save_dir, &["--rng-seed", "5"]);
    let theirs = fs::read(save_dir.join("save.umbra")).expect("the second one's journal");
    for &action in &script[30..] {
        game.act(action);
        let _ = keeper.record(&game);
    }
    let refused = keeper
        .close(&game)
        .expect_err("the first cannot save there now");
    assert!(
        refused
            .0
            .contains("another Umbra has taken the save directory"),
        "{}",
        refused.0
    );
    assert_eq!(
        fs::read(save_dir.join("save.umbra")).expect("still there"),
        theirs,
        "the second one's journal is untouched"
    );
    drop(keeper);
    drop(other);
}

/// A save directory removed and replaced by a symbolic link is never written through: the
/// game says so, and the link's target is left exactly as it was.
#[test]
fn a_save_directory_replaced_by_a_link_is_not_written_through() {
    let script = actions(30, 2);
    let seed = surviving(1, &script);
    let dir = TempDir::new("linked-dir");
    let save_dir = dir.0.join("saves");
    let elsewhere = dir.0.join("elsewhere");
    fs::create_dir_all(&elsewhere).expect("made");
    fs::write(elsewhere.join("save.umbra"), "someone else's file").expect("written");
    let (mut game, mut keeper) = kept_game(&save_dir, seed, &script[..10]);
    fs::remove_dir_all(&save_dir).expect("removed");
    std::os::unix::fs::symlink(&elsewhere, &save_dir).expect("linked");
    for &action in &script[10..] {
        game.act(action);
        let _ = keeper.record(&game);
    }
    let refused = keeper
        .close(&game)
        .expect_err("nothing written through the link");
    assert!(
        refused.0.contains("replaced by a symbolic link"),
        "{}",
        refused.0
    );
    let names: Vec<_> = (fs::read_dir(&elsewhere).expect("listed"))
        .map(|entry| entry.expect("an entry").file_name())
        .collect();
    assert_eq!(
        names,
        vec![std::ffi::OsString::from("save.umbra")],
        "nothing added"
    );
    assert_eq!(
        fs::read_to_string(elsewhere.join("save.umbra")).expect("kept"),
        "someone else's file"
    );
}

#[test]
/// End plays a slice of time a frame (how quickly a crafted recording's slices end is
/// `tests/nothing_lost_again.rs`'s viewer test, against the clock): q is heard between slices,
/// the status line counts the skip, and the skip ends in the game the recording holds.
fn end_skips_a_long_recording_a_slice_a_frame_and_stays_responsive() {
    // Asking for stairs that are not there takes no time, so the game is still on at the end.
    let recording = History {
        seed: 3,
        options: GameOptions::default(),
        actions: vec![PlayerAction::Descend; 50_000],
    };
    let screen = UCoord::new(100, 40);
    let fb = FrameBuffer::new(screen);
    let key = |app: &mut GameApp, key| {
        app.update(
            &mut (),
            fb.default_ctx(),
            Event::Input(Input::Keyboard(key)),
        )
    };
    let shown = |app: &GameApp| {
        let mut frame = FrameBuffer::new(screen);
        app.render(&(), frame.default_ctx(), &mut frame);
        frame
            .rows()
            .map(|row| row.iter().map(|cell| cell.character).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let mut app = GameApp::replay(&recording);
    key(&mut app, KeyboardInput::End);
    let first = shown(&app);
    assert!(
        first.contains("/50000 skipping") || first.contains("Replay 50000/50000 finished"),
        "{first}"
    );
    assert!(
        key(&mut app, KeyboardInput::Char('q')).is_some(),
        "q quits in the middle of a skip"
    );
    let mut app = GameApp::replay(&recording);
    key(&mut app, KeyboardInput::End);
    let mut frames = 0;
    while !shown(&app).contains("Replay 50000/50000 finished") {
        app.update(
            &mut (),
            fb.default_ctx(),
            Event::Tick(Duration::from_millis(16)),
        );
        frames += 1;
        assert!(frames < 50_000, "the skip goes on to the end");
    }
    assert_eq!(
        app.game().state_hash(),
        recording.play_to_end().state_hash()
    );
}
