//! How a run ends: a morgue file and a recording kept side by side for every finished run, and a
//! high-score table of the best ten that survives damage as a save does.

use std::fs;
use std::path::Path;

mod common;

use common::finished::{app_in, files_named};
use common::{orc, troll};

use chargrid::core::{Component, FrameBuffer, UCoord};
use chargrid::input::KeyboardInput;
use common::tmux::TempDir;
use common::umbra;
use umbra::app::{GameApp, score_lines};
use umbra::cli::{self, Parsed};
use umbra::session;
use umbra::storage::{RecordingFile, SaveSlot, runs};
use umbra_rules::game::History;
use umbra_rules::game::{
    Actor, Ending, HIGH_SCORES_KEPT, HighScores, RULES_VERSION, ScoreConditions, ScoreEntry,
};
use umbra_rules::{Game, PlayerAction};

const SCREEN: UCoord = UCoord::new_u16(100, 40);

fn press(app: &mut GameApp, key: KeyboardInput) {
    common::press_on(app, SCREEN, key);
}

fn screen(app: &GameApp) -> String {
    let mut fb = FrameBuffer::new(SCREEN);
    app.render(&(), fb.default_ctx(), &mut fb);
    fb.rows()
        .map(|row| row.iter().map(|cell| cell.character).collect::<String>() + "\n")
        .collect()
}

fn die_to_a_troll(dir: &Path) -> GameApp {
    let mut app = app_in(dir, &["#######", "#@T...#", "#######"]);
    for _ in 0..200 {
        if app.game().is_over() {
            break;
        }
        press(&mut app, KeyboardInput::Char('.'));
    }
    assert!(app.game().is_over(), "the troll kills a waiting player");
    app
}

#[test]
fn death_writes_a_morgue_file_and_keeps_the_run_as_a_recording() {
    let dir = TempDir::new("morgue");
    let app = die_to_a_troll(&dir.0);
    let morgues = files_named(&dir.0, ".txt");
    assert_eq!(morgues.len(), 1, "{morgues:?}");
    let morgue = fs::read_to_string(&morgues[0]).expect("readable");
    let turns = app.game().turn();
    for field in [
        format!("Umbra {}", env!("CARGO_PKG_VERSION")),
        "Rules version: ".to_string(),
        "Seed: 0".to_string(),
        "Result: killed by a troll on depth 1".to_string(),
        "Depth: 1 of 10".to_string(),
        format!("Turns: {turns}"),
        "Kills: none".to_string(),
        "Last messages:".to_string(),
        "  The troll kills you.".to_string(),
        "Depth 1 as remembered:".to_string(),
        "#######".to_string(),
    ] {
        assert!(morgue.contains(&field), "{field:?} missing from:\n{morgue}");
    }
    let messages = morgue
        .split("Last messages:\n")
        .nth(1)
        .expect("a message section");
    let messages = messages.split("\n\n").next().unwrap_or("");
    // The log has one more line by now: where the morgue went.
    let before = app.log().len() - 1;
    let expected: Vec<String> = app
        .log()
        .iter()
        .take(before)
        .skip(before.saturating_sub(20))
        .map(|m| format!("  {}", m.shown()))
        .collect();
    let shown: Vec<&str> = messages.lines().collect();
    assert_eq!(shown, expected, "the last twenty messages");
    assert_eq!(shown.len(), 20, "a long fight fills the section");
    assert!(
        morgue.contains("#%T"),
        "the remembered map shows the body and its killer:\n{morgue}"
    );
    let recordings = files_named(&dir.0, ".umbra");
    assert_eq!(recordings.len(), 1);
    assert_eq!(
        recordings[0].with_extension("txt"),
        morgues[0],
        "the recording sits next to its morgue"
    );
    let recording = History::read(&recordings[0]).expect("a readable recording");
    assert_eq!(recording.actions, app.game().actions());
    let text = screen(&app);
    assert!(
        text.contains("You died") && text.contains("High scores"),
        "{text}"
    );
}

#[test]
fn victory_writes_a_morgue_file_and_ranks_above_a_death() {
    let dir = TempDir::new("victory");
    die_to_a_troll(&dir.0);
    let mut app = app_in(&dir.0, &["#####", "#@*.#", "#####"]);
    press(&mut app, KeyboardInput::Right);
    assert!(app.game().is_won());
    let morgues = files_named(&dir.0, ".txt");
    assert_eq!(morgues.len(), 2, "one per finished run: {morgues:?}");
    assert!(
        morgues[1].to_string_lossy().contains("run-0002"),
        "{morgues:?}"
    );
    let morgue = fs::read_to_string(&morgues[1]).expect("readable");
    assert!(
        morgue.contains("Result: took the Sunstone on depth 1"),
        "{morgue}"
    );
    let scores = runs::read_scores(&dir.0).expect("a readable table");
    let endings: Vec<Ending> = scores.table.entries().iter().map(|e| e.ending).collect();
    let troll = Actor::Npc(troll());
    assert_eq!(endings, [Ending::Won, Ending::Died { killer: troll }]);
    let text = screen(&app);
    assert!(text.contains("You won!"), "{text}");
    assert!(
        text.contains("> 1."),
        "the run is marked first in the table: {text}"
    );
}

fn entry(score: u64, seed: u64) -> ScoreEntry {
    ScoreEntry {
        score,
        seed,
        depth: 1,
        turns: 10,
        kills: 0,
        ending: Ending::Died {
            killer: Actor::Npc(orc()),
        },
        boons: Default::default(),
        conditions: Some(ScoreConditions {
            map_width: 80,
            map_height: 30,
            rules_version: RULES_VERSION,
        }),
    }
}

#[test]
fn a_score_line_counts_kills_in_words() {
    let mut scores = HighScores::default();
    for (kills, score) in [(1, 200), (2, 100)] {
        scores.insert(ScoreEntry {
            kills,
            ..entry(score, kills)
        });
    }
    let lines = score_lines(&scores, None);
    assert!(
        lines[0].ends_with(&format!(
            ", 1 kill, no boons, seed 1, map 80×30, rules {RULES_VERSION}"
        )),
        "{lines:?}"
    );
    assert!(
        lines[1].ends_with(&format!(
            ", 2 kills, no boons, seed 2, map 80×30, rules {RULES_VERSION}"
        )),
        "{lines:?}"
    );
}

#[test]
fn a_score_line_names_the_runs_build_by_the_boon_chosen_most() {
    use umbra_rules::game::{Boon, boon_counts};
    let mut scores = HighScores::default();
    let builds = [
        vec![Boon::Might, Boon::Vigour, Boon::Might],
        vec![Boon::Swiftness],
        vec![Boon::Recovery, Boon::Precision],
    ];
    for (i, build) in builds.iter().enumerate() {
        scores.insert(ScoreEntry {
            boons: boon_counts(build),
            ..entry(300 - i as u64, i as u64)
        });
    }
    let lines = score_lines(&scores, None);
    assert!(lines[0].contains(", Might ×2, "), "{lines:?}");
    assert!(lines[1].contains(", Swiftness, "), "{lines:?}");
    // A tie goes to the boon listed first.
    assert!(lines[2].contains(", Precision, "), "{lines:?}");
}

#[test]
fn the_high_score_table_orders_runs_and_keeps_ten() {
    let mut scores = HighScores::default();
    let places: Vec<Option<usize>> = [300, 100, 500, 300, 200, 700, 50, 400, 600, 150, 250, 80]
        .into_iter()
        .enumerate()
        .map(|(seed, score)| scores.insert(entry(score, seed as u64)))
        .collect();
    assert_eq!(places[0], Some(0));
    assert_eq!(places[5], Some(0), "700 goes to the top");
    assert_eq!(places[11], None, "80 is below the ten best");
    let kept: Vec<(u64, u64)> = scores.entries().iter().map(|e| (e.score, e.seed)).collect();
    assert_eq!(kept.len(), HIGH_SCORES_KEPT);
    let expected = [
        (700, 5),
        (600, 8),
        (500, 2),
        (400, 7),
        (300, 0),
        (300, 3),
        (250, 10),
        (200, 4),
        (150, 9),
        (100, 1),
    ];
    assert_eq!(
        kept, expected,
        "best first; of equal scores, the earlier run first"
    );
    let lines = score_lines(&scores, Some(2));
    assert!(
        lines[2].starts_with('>') && !lines[0].starts_with('>'),
        "{lines:?}"
    );
}

#[test]
fn a_damaged_score_file_is_reported_and_kept_and_a_new_table_begins() {
    let dir = TempDir::new("scores");
    let path = runs::scores_path(&dir.0);
    fs::write(&path, b"UMBRASCO not a table at all").expect("written");
    let out = umbra(&["--scores", "--save-dir", dir.0.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("cannot read the high scores"), "{stderr}");
    assert_eq!(
        fs::read(&path).expect("kept"),
        b"UMBRASCO not a table at all"
    );
    let app = die_to_a_troll(&dir.0);
    let aside = dir.0.join("scores.umbra.unreadable");
    assert_eq!(
        fs::read(&aside).expect("set aside"),
        b"UMBRASCO not a table at all"
    );
    assert_eq!(
        runs::read_scores(&dir.0)
            .expect("a new table")
            .table
            .entries()
            .len(),
        1
    );
    assert!(
        screen(&app).contains("could not be read"),
        "the player is told"
    );
    let out = umbra(&["--scores", "--save-dir", dir.0.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("killed by a troll on depth 1"), "{stdout}");
}

/// Run numbers never wrap round: with the highest number taken, keeping another run is refused
/// in words, and run 0000 (or any kept run) is never written over.
#[test]
fn the_last_run_number_is_never_wrapped_round_onto_the_first_run() {
    let dir = TempDir::new("last-run-number");
    let first = dir.0.join("run-0000-seed-3.txt");
    fs::write(&first, "the first run").expect("written");
    fs::write(
        dir.0.join(format!("run-{}-seed-3.txt", u32::MAX)),
        "the last",
    )
    .expect("written");
    let error = runs::next_run_number(&dir.0).expect_err("no number is left");
    assert!(
        error.to_string().contains("no run number is left"),
        "{error}"
    );
    assert_eq!(fs::read_to_string(&first).expect("kept"), "the first run");
    assert_eq!(fs::read_dir(&dir.0).expect("listed").count(), 2);
}

/// The app of `umbra --save-dir DIR` (and `--rng-seed SEED` if given), as the binary opens it.
fn opened_in(dir: &Path, seed: Option<u64>) -> GameApp {
    let mut argv = vec![
        "--save-dir".to_string(),
        dir.to_str().expect("UTF-8").to_string(),
    ];
    if let Some(seed) = seed {
        argv.extend(["--rng-seed".to_string(), seed.to_string()]);
    }
    let Ok(Parsed::Play(args)) = cli::parse(argv) else {
        panic!("arguments parse")
    };
    let slot = SaveSlot::in_dir(dir);
    let opened =
        session::open_game(&args, Some(&slot), || 1, session::reporting().0).expect("opens");
    GameApp::new(opened.game).with_keeper(opened.keeper)
}

fn log_text(app: &GameApp) -> String {
    app.log().iter().map(|m| m.text.clone() + "\n").collect()
}

#[test]
fn a_run_whose_end_cannot_be_written_keeps_its_save_and_is_finished_at_the_next_start() {
    let dir = TempDir::new("end-unwritten");
    // With the last run number taken, no morgue can be written.
    let blocker = dir.0.join(format!("run-{}-seed-1.txt", u32::MAX));
    fs::write(&blocker, "the last").expect("written");
    // A seed whose NPCs find and kill a player who only waits, within a few hundred turns.
    let mut app = opened_in(&dir.0, Some(common::doomed_seed(500)));
    for _ in 0..500 {
        if app.game().is_over() {
            break;
        }
        press(&mut app, KeyboardInput::Char('.'));
    }
    assert!(app.game().is_over(), "the waiting player dies");
    let (turn, seed) = (app.game().turn(), app.game().seed());
    assert!(
        log_text(&app).contains("This run could not be kept"),
        "{}",
        log_text(&app)
    );
    assert!(
        !screen(&app).contains("High scores"),
        "a run not kept is shown in no table: {}",
        screen(&app)
    );
    press(&mut app, KeyboardInput::Char('q'));
    drop(app);
    assert!(
        dir.0.join("save.umbra").exists(),
        "the ended run's save is kept"
    );
    assert!(files_named(&dir.0, ".umbra").is_empty(), "no run kept yet");

    fs::remove_file(&blocker).expect("removed");
    let app = opened_in(&dir.0, None);
    assert!(app.game().is_over(), "the next start shows the ended run");
    assert_eq!((app.game().turn(), app.game().seed()), (turn, seed));
    let morgues = files_named(&dir.0, ".txt");
    assert_eq!(morgues.len(), 1, "its morgue is written now: {morgues:?}");
    assert_eq!(files_named(&dir.0, ".umbra").len(), 1, "and its recording");
    let scores = runs::read_scores(&dir.0).expect("a score table");
    assert!(
        scores
            .table
            .entries()
            .iter()
            .any(|entry| entry.seed == seed),
        "and its score"
    );
    assert!(!dir.0.join("save.umbra").exists(), "then its save goes");
    assert!(screen(&app).contains("You died"), "{}", screen(&app));
}

#[test]
fn a_score_file_that_is_a_directory_enters_nothing_shows_no_table_and_is_reported() {
    let dir = TempDir::new("scores-dir");
    fs::create_dir(runs::scores_path(&dir.0)).expect("a directory where the scores go");
    let argv = [
        "--save-dir",
        dir.0.to_str().expect("UTF-8"),
        "--rng-seed",
        "7",
    ];
    let Ok(Parsed::Play(args)) = cli::parse(argv) else {
        panic!("arguments parse")
    };
    let (reporter, reports) = session::reporting();
    let slot = SaveSlot::in_dir(&dir.0);
    let opened = session::open_game(&args, Some(&slot), || 1, reporter).expect("opens");
    // The run kept by that session ends in a troll's corridor: a sure death, however the
    // dungeon's own levels would play out for a player who only waits.
    let (game, _) = umbra_rules::Game::from_ascii(
        &["#######", "#@T...#", "#######"],
        umbra_rules::GameOptions::default(),
    )
    .expect("valid map");
    let mut app = GameApp::new(game).with_keeper(opened.keeper);
    for _ in 0..400 {
        if app.game().is_over() {
            break;
        }
        press(&mut app, KeyboardInput::Char('.'));
    }
    assert!(app.game().is_over(), "the troll kills a waiting player");
    assert!(
        log_text(&app).contains("this run was not entered"),
        "{}",
        log_text(&app)
    );
    assert!(!screen(&app).contains("High scores"), "{}", screen(&app));
    assert_eq!(files_named(&dir.0, ".txt").len(), 1, "the morgue is kept");
    assert!(!dir.0.join("save.umbra").exists(), "and the save goes");
    let problems = reports.collect().problems;
    assert!(
        problems.iter().any(|p| p.contains("high scores")),
        "the exit code hears of it: {problems:?}"
    );
}

/// A state read back from a snapshot forged together with its checkpoint (the world of one
/// game beside the actions of another, as an edited file and its re-summed record would give)
/// plays on to its end; the high scores take what its recording replays to, never the forged
/// state's own score, and the player is told. `--scores` then shows the line `--verify` of the
/// kept recording prints.
#[test]
fn a_run_read_from_a_forged_state_enters_only_what_its_recording_earns() {
    let (forged, replayed) = (1..200u64)
        .find_map(|seed| {
            let options = umbra_rules::GameOptions::default();
            let mut honest = Game::new(seed, options);
            let mut other = Game::new(seed, options);
            for action in common::scripted_actions(30, seed) {
                honest.act(PlayerAction::Wait);
                other.act(action);
            }
            if honest.is_over() || other.is_over() {
                return None;
            }
            let state = other.to_state_bytes();
            let theirs = postcard::to_allocvec(other.actions()).expect("encodes");
            let mut bytes = state[..state.len() - theirs.len()].to_vec();
            bytes.extend(postcard::to_allocvec(honest.actions()).expect("encodes"));
            let mut forged = Game::from_state_bytes(&bytes).ok()?;
            for _ in 0..3000 {
                if forged.is_over() {
                    break;
                }
                forged.act(PlayerAction::Wait);
            }
            let replayed = History::of(&forged).play_to_end();
            let differs = forged.score_entry() != replayed.score_entry();
            (forged.is_over() && replayed.is_over() && differs).then_some((forged, replayed))
        })
        .expect("a seed whose forged state ends otherwise than its recording");
    let dir = TempDir::new("forged-state");
    let Ok(Parsed::Play(args)) = cli::parse(["--save-dir", dir.0.to_str().expect("UTF-8")]) else {
        panic!("arguments parse")
    };
    let slot = SaveSlot::in_dir(&dir.0);
    let mut opened =
        session::open_game(&args, Some(&slot), || 1, session::reporting().0).expect("opens");
    let record = umbra::app::Keeper::ended(&mut opened.keeper, &forged, "morgue").expect("kept");
    assert_eq!(
        record.notice,
        Some(umbra::app::Notice::ScoreAsRecorded { entered: true })
    );
    let entries = record.scores.entries();
    assert_eq!(entries, [replayed.score_entry().expect("an entry")]);
    assert!(!entries.contains(&forged.score_entry().expect("its own")));
    let recording = files_named(&dir.0, ".umbra")
        .into_iter()
        .find(|path| path.to_string_lossy().contains("run-"))
        .expect("the run's recording");
    let verified = umbra(&["--verify", recording.to_str().expect("UTF-8")]);
    let verified = String::from_utf8_lossy(&verified.stdout).into_owned();
    let score = replayed.score_entry().expect("an entry").score;
    assert!(
        verified.starts_with(&format!("Score {score}:")),
        "{verified}"
    );
    let shown = umbra(&["--scores", "--save-dir", dir.0.to_str().expect("UTF-8")]);
    let shown = String::from_utf8_lossy(&shown.stdout).into_owned();
    assert!(shown.contains(&format!("{score:6}")), "{shown}");
}
