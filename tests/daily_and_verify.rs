//! The daily run (one seed a day for everyone) and `--verify` (a finished run's score,
//! replayed from its recording by anyone, so a table of daily runs needs no trusted server).

mod common;

use std::fs;

use common::tmux::TempDir;
use common::umbra;
use umbra::app::Notice;
use umbra::app::daily::{FIRST_DAY, daily_of, daily_seed, today};
use umbra::app::messages::MessageLog;
use umbra::cli::{self, Parsed};
use umbra::session;
use umbra::storage::RecordingBytes;
use umbra::storage::SaveSlot;
use umbra_rules::game::{HighScores, History};
use umbra_rules::{Game, GameOptions, PlayerAction};

fn seed_of(argv: &[&str]) -> Option<u64> {
    match cli::parse(argv) {
        Ok(Parsed::Play(args)) => args.rng_seed,
        other => panic!("{argv:?} parses: {other:?}"),
    }
}

#[test]
fn daily_twice_on_one_day_gives_one_seed_and_says_which_day() {
    let first = seed_of(&["--daily"]).expect("a seed");
    let second = seed_of(&["--daily"]).expect("a seed");
    assert_eq!(first, second);
    assert_eq!(daily_of(first).expect("a daily seed").day, today());
    assert_ne!(daily_seed(today() + 1), first, "tomorrow has its own");
    assert!(
        umbra::app::seed_line(first).contains("(the daily run of 20"),
        "{}",
        umbra::app::seed_line(first)
    );
    assert_eq!(umbra::app::seed_line(7), "RNG Seed: 7");
}

#[test]
fn daily_beside_a_seed_a_replay_or_the_scores_is_refused_in_one_line() {
    for argv in [
        &["--daily", "--rng-seed", "3"][..],
        &["--daily", "--replay", "x.umbra"],
        &["--daily", "--scores"],
        &["--verify", "x.umbra", "--daily"],
        &["--verify", "x.umbra", "--replay", "y.umbra"],
    ] {
        let output = umbra(argv);
        assert_eq!(output.status.code(), Some(2), "{argv:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().next().expect("a message");
        assert!(first.contains("cannot be combined"), "{argv:?}: {first}");
    }
}

/// The daily run is the same for everyone: no debugging aid beside it, its own map size, begun
/// once; and no day's run is played by its seed before its day (or after it).
#[test]
fn the_daily_refuses_aids_other_sizes_and_its_seed_given_by_hand() {
    for (argv, why) in [
        (
            &["--daily", "--debug-omniscient"][..],
            "cannot be combined with --debug-omniscient",
        ),
        (
            &["--daily", "--debug-wizard"],
            "cannot be combined with --debug-wizard",
        ),
        (
            &["--daily", "--debug-overlays"],
            "cannot be combined with --debug-overlays",
        ),
        (
            &["--daily", "--new-game"],
            "cannot be combined with --new-game",
        ),
        (
            &["--daily", "--map-size", "20x15"],
            "played at its own map size, 80x30",
        ),
    ] {
        let output = umbra(argv);
        assert_eq!(output.status.code(), Some(2), "{argv:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().next().expect("a message");
        assert!(first.contains(why), "{argv:?}: {stderr}");
    }
    assert!(seed_of(&["--daily", "--map-size", "80x30"]).is_some());
    for day in [today() + 1, today(), today() - 1] {
        let seed = daily_seed(day).to_string();
        for argv in [
            &["--rng-seed", &seed][..],
            &["--seed-catalog", &seed],
            &["--seed-catalog", "--rng-seed", &seed],
        ] {
            let output = umbra(argv);
            assert_eq!(output.status.code(), Some(2), "{argv:?}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                stderr.contains("which is played only with --daily on its day"),
                "{argv:?}: {stderr}"
            );
        }
    }
}

/// A run played with the whole level in view never has a score, and says why wherever a score
/// would be; one on another map size says its size wherever its score is told.
#[test]
fn an_omniscient_run_has_no_score_and_a_small_map_says_its_size() {
    let dir = TempDir::new("verify-conditions");
    let (history, game) = finished_run(1..40);
    let omniscient = History {
        options: GameOptions {
            omniscience: umbra_rules::game::Omniscience::On,
            ..history.options
        },
        ..history.clone()
    };
    let seen_all = omniscient.play_to_end();
    assert!(
        seen_all.is_over(),
        "omniscience changes nothing the monsters do"
    );
    assert_eq!(seen_all.score_entry(), None);
    let (ok, stdout, stderr) = verify(&dir, "omniscient.umbra", &omniscient.to_bytes());
    assert!(!ok, "{stdout}");
    assert!(
        stderr.contains("whole level in view (--debug-omniscient)"),
        "{stderr}"
    );
    let mut morgue = umbra::app::morgue_text(&seen_all, &MessageLog::default());
    assert!(morgue.contains("Omniscient run"), "{morgue}");

    let small = GameOptions {
        map_size: coord_2d::UCoord::new(30, 20),
        ..GameOptions::default()
    };
    let (history, game_small) = finished_run_with(small, 1..200);
    let (ok, stdout, stderr) = verify(&dir, "small.umbra", &history.to_bytes());
    assert!(ok, "{stderr}");
    assert!(stdout.contains("map 30×20"), "{stdout}");
    let entries = [&game, &game_small].map(|g| g.score_entry().expect("an entry"));
    let lines = umbra::app::score_lines(&HighScores::from_entries(entries.to_vec()), None);
    assert!(
        lines.iter().any(|line| line.contains("map 30×20")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|line| line.contains("map 80×30")),
        "{lines:?}"
    );
    morgue = umbra::app::morgue_text(&game_small, &MessageLog::default());
    assert!(morgue.contains("Map size: 30x20"), "{morgue}");
}

/// A run that ends: the player waits where it stands until the seed's monsters find it.
fn finished_run(seeds: impl Iterator<Item = u64>) -> (History, Game) {
    finished_run_with(GameOptions::default(), seeds)
}

/// The same at other options (a map size).
fn finished_run_with(options: GameOptions, seeds: impl Iterator<Item = u64>) -> (History, Game) {
    for seed in seeds {
        let mut game = Game::new(seed, options);
        let mut actions = Vec::new();
        while !game.is_over() && actions.len() < 3000 {
            game.act(PlayerAction::Wait);
            actions.push(PlayerAction::Wait);
        }
        if game.is_over() {
            return (
                History {
                    seed,
                    options,
                    actions,
                },
                game,
            );
        }
    }
    panic!("no seed's player died waiting");
}

fn verify(dir: &TempDir, name: &str, bytes: &[u8]) -> (bool, String, String) {
    let file = dir.0.join(name);
    fs::write(&file, bytes).expect("written");
    let output = umbra(&["--verify", file.to_str().expect("UTF-8")]);
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn verify_prints_a_finished_runs_score_and_refuses_one_altered_or_cut() {
    let dir = TempDir::new("verify");
    let (history, game) = finished_run(1..40);
    let bytes = history.to_bytes();
    let (ok, stdout, stderr) = verify(&dir, "run.umbra", &bytes);
    assert!(ok, "{stderr}");
    let expected = format!(
        "Score {}: seed {}, not a daily run, map 80×30, rules {}, killed by",
        game.score(),
        history.seed,
        umbra_rules::game::RULES_VERSION
    );
    assert!(stdout.starts_with(&expected), "{stdout}");
    assert!(
        stdout.contains(&format!("turn {}", game.turn())),
        "{stdout}"
    );

    let mut altered = bytes.clone();
    let middle = altered.len() / 2;
    altered[middle] ^= 0x01;
    let cut = &bytes[..bytes.len() - 3];
    let unfinished = History {
        actions: history.actions[..5].to_vec(),
        ..history.clone()
    }
    .to_bytes();
    for (name, bytes, why) in [
        ("altered.umbra", &altered[..], ""),
        ("cut.umbra", cut, "truncated"),
        ("unfinished.umbra", &unfinished[..], "has not ended"),
    ] {
        let (ok, stdout, stderr) = verify(&dir, name, bytes);
        assert!(!ok, "{name} refused: {stdout}");
        assert!(stdout.is_empty(), "{name}: {stdout}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(
            stderr.starts_with("umbra: cannot verify") && stderr.contains(why),
            "{name}: {stderr}"
        );
    }
}

#[test]
fn verify_says_a_daily_run_is_one_and_of_which_day() {
    let dir = TempDir::new("verify-daily");
    // A day whose run a player could have played: today or before, not before the first.
    let (history, game) = finished_run((FIRST_DAY..=today()).map(daily_seed));
    // The high scores name the day in place of the daily run's twenty-digit seed.
    let (_, ordinary) = finished_run(1..40);
    let entries = [&game, &ordinary].map(|g| g.score_entry().expect("an entry"));
    let lines = umbra::app::score_lines(&HighScores::from_entries(entries.to_vec()), None);
    let daily_line = (lines.iter())
        .find(|line| line.contains("the daily run of 20"))
        .expect("the daily run's line");
    assert!(
        !daily_line.contains(&history.seed.to_string()),
        "{daily_line}"
    );
    assert!(
        lines
            .iter()
            .any(|line| line.contains(&format!("seed {},", ordinary.seed()))),
        "{lines:?}"
    );
    let (ok, stdout, stderr) = verify(&dir, "daily.umbra", &history.to_bytes());
    assert!(ok, "{stderr}");
    assert!(stdout.contains(", the daily run of 20"), "{stdout}");
}

/// A save written by hand with tomorrow's daily seed in its header (its sums made good) is no
/// daily run: it is set aside as a save that describes no game, not resumed, and never reaches
/// the table; its replay and its dumps are refused in one line naming the day.
#[test]
fn a_save_with_tomorrows_daily_seed_is_neither_resumed_nor_replayed() {
    let dir = TempDir::new("tomorrows-daily");
    let mut game = Game::new(daily_seed(today() + 1), GameOptions::default());
    for _ in 0..5 {
        game.act(PlayerAction::Wait);
    }
    let save = dir.0.join("save.umbra");
    fs::write(&save, umbra::storage::JournalCursor::whole(&game).0).expect("written");
    let args = match cli::parse(Vec::<String>::new()) {
        Ok(Parsed::Play(args)) => args,
        _ => panic!("no arguments parse"),
    };
    let slot = SaveSlot::in_dir(&dir.0);
    let opened =
        session::open_game(&args, Some(&slot), || 5, session::reporting().0).expect("opens");
    assert!(!opened.resumed, "not resumed");
    assert_eq!(opened.game.seed(), 5, "a new game in its place");
    let [Notice::SetAside { reason, aside, .. }] = &opened.notices[..] else {
        panic!("set aside: {:?}", opened.notices);
    };
    assert!(reason.contains("a day still to come"), "{reason}");
    let aside = aside.clone();
    drop(opened);
    for argv in [
        vec!["--replay", "--headless"],
        vec!["--replay", "--headless", "--dump-at", "0"],
    ] {
        let mut argv: Vec<&str> = argv;
        argv.insert(1, aside.to_str().expect("UTF-8"));
        let output = umbra(&argv);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{argv:?}");
        assert!(
            stderr.starts_with("umbra: cannot replay") && stderr.contains("a day still to come"),
            "{argv:?}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

/// `--verify` calls no recording "the daily run of" that no daily run could be: of a day still
/// to come, of a day before the first daily run (1970-01-01), played at another map size, or
/// tagged with other rules than those it was played under. Each is refused in one line naming
/// why.
#[test]
fn verify_calls_no_impossible_recording_a_daily_run() {
    let dir = TempDir::new("verify-impossible-daily");
    let small = GameOptions {
        map_size: coord_2d::UCoord::new(40, 24),
        ..GameOptions::default()
    };
    // Tagged with rules versions other than these, on today's date.
    let other_rules = (1..60u64).map(|version| daily_seed(today()) ^ (version << 32));
    let cases = [
        (
            "to-come.umbra",
            finished_run((today() + 1..today() + 60).map(daily_seed)).0,
            "a day still to come",
        ),
        (
            "epoch.umbra",
            finished_run((0..60).map(daily_seed)).0,
            "before the first daily run",
        ),
        (
            // No player of these days' levels at this size dies waiting: a run cut short, which
            // would be refused as unfinished, is refused first for its size.
            "small.umbra",
            History {
                seed: daily_seed(today()),
                options: small,
                actions: vec![PlayerAction::Wait; 10],
            },
            "played at 40x24, not the daily run's 80x30",
        ),
        (
            "other-rules.umbra",
            finished_run(other_rules).0,
            "under rules version",
        ),
    ];
    for (name, history, why) in cases {
        let (ok, stdout, stderr) = verify(&dir, name, &history.to_bytes());
        assert!(!ok, "{name}: {stdout}");
        assert!(!stdout.contains("the daily run of"), "{name}: {stdout}");
        assert!(
            stderr.starts_with("umbra: cannot verify") && stderr.contains(why),
            "{name}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
    }
}
