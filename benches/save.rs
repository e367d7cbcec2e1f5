//! What keeping a game costs: resuming a 100,000-turn game, and the price per turn of keeping
//! the journal current (the append every key press pays, the fsync paid at most once a second,
//! a snapshot paid once in a thousand actions and at quit).
//!
//! `cargo bench --bench save`; after criterion's groups it prints ratios timed in the same run.

mod common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use coord_2d::UCoord;
use criterion::{BatchSize, Criterion, criterion_group};
use umbra::storage::{ClaimedSlot, SaveSlot};
use umbra_rules::{Game, GameOptions, PlayerAction};

/// Beyond a hundred thousand turns: the last snapshot was taken at 100,000, so resuming loads it
/// and replays the 999 actions after it, as after `kill -9` at the worst moment.
const LONG_GAME: usize = 100_999;

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("umbra-bench-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// A seed whose player lives through `turns` turns of waiting (nobody comes for it).
fn patient_seed(turns: usize) -> u64 {
    (1..)
        .find(|&seed| {
            let mut game = Game::new(seed, GameOptions::default());
            (0..turns).all(|_| {
                game.act(PlayerAction::Wait);
                !game.is_over()
            })
        })
        .expect("some seed")
}

/// The save of a game of `LONG_GAME` turns, kept action by action as the app keeps it and never
/// closed; returns the claimed slot to load it from.
fn long_save(dir: &Path) -> ClaimedSlot {
    let seed = patient_seed(LONG_GAME);
    let slot = SaveSlot::in_dir(dir).claim().expect("claimed");
    let mut game = Game::new(seed, GameOptions::default());
    let mut writer = slot.start(&game).expect("started");
    for _ in 0..LONG_GAME {
        game.act(PlayerAction::Wait);
        writer.record(&game).expect("kept");
    }
    slot
}

fn resume_benches(criterion: &mut Criterion, slot: &ClaimedSlot, dir: &Path) {
    let mut group = criterion.benchmark_group("resume");
    group.sample_size(10);
    group.bench_function("100k turns, snapshot + 999 actions", |b| {
        b.iter(|| slot.load().expect("loads").expect("a save").game.turn())
    });
    let snapshot = dir.join("save.snapshot");
    let kept = fs::read(&snapshot).expect("a snapshot");
    fs::remove_file(&snapshot).expect("removed");
    group.bench_function("100k turns, journal only (full replay)", |b| {
        b.iter(|| slot.load().expect("loads").expect("a save").game.turn())
    });
    fs::write(&snapshot, kept).expect("restored");
    let large = scratch_dir("large");
    let large_slot = SaveSlot::in_dir(&large).claim().expect("claimed");
    let options = GameOptions {
        map_size: UCoord::new(1000, 1000),
        ..GameOptions::default()
    };
    let mut game = Game::new(patient_seed(10), options);
    game.act(PlayerAction::Wait);
    large_slot
        .start(&game)
        .and_then(|mut w| w.close(&game))
        .expect("saved");
    // The game loaded is returned, so that freeing the last one (tens of megabytes handed back
    // to the kernel, which a player pays at quit, not at resume) is not timed as loading.
    group.bench_function("1000x1000 level, from its snapshot", |b| {
        b.iter_with_large_drop(|| large_slot.load().expect("loads").expect("a save"))
    });
    drop(large_slot);
    let _ = fs::remove_dir_all(&large);
    group.finish();
}

fn keep_benches(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("keep");
    let seed = patient_seed(2000);
    let dir = scratch_dir("keep");
    let slot = SaveSlot::in_dir(&dir).claim().expect("claimed");
    group.bench_function("turn alone", |b| {
        let mut game = Game::new(seed, GameOptions::default());
        b.iter(|| game.act(PlayerAction::Wait))
    });
    group.bench_function("turn + journal", |b| {
        let mut game = Game::new(seed, GameOptions::default());
        let mut writer = slot.start(&game).expect("started");
        b.iter(|| {
            game.act(PlayerAction::Wait);
            writer.record(&game).expect("kept")
        })
    });
    group.bench_function("fsync of the journal", |b| {
        let mut file = fs::File::create(dir.join("fsync-probe")).expect("created");
        b.iter(|| {
            file.write_all(b"12345").expect("written");
            file.sync_data().expect("synced")
        })
    });
    for (name, size) in [
        ("80x30", None),
        ("1000x1000", Some(UCoord::new(1000, 1000))),
    ] {
        let options = GameOptions {
            map_size: size.unwrap_or(GameOptions::default().map_size),
            ..GameOptions::default()
        };
        // One action, so quitting has something the last snapshot lacks.
        let mut game = Game::new(seed, options);
        game.act(PlayerAction::Wait);
        group.bench_function(format!("quit with snapshot, {name}"), |b| {
            b.iter_batched(
                || slot.start(&game).expect("started"),
                |mut writer| writer.close(&game).expect("closed"),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
    drop(slot);
    let _ = fs::remove_dir_all(&dir);
}

/// Per-turn time of `turns` turns, with and without keeping the journal, alternating blocks so
/// neither gets a quieter machine.
fn journal_ratio(turns: u32) -> (Duration, Duration) {
    let seed = patient_seed(20 * turns as usize + 10);
    let dir = scratch_dir("ratio");
    let slot = SaveSlot::in_dir(&dir).claim().expect("claimed");
    let mut plain = Game::new(seed, GameOptions::default());
    let mut kept = Game::new(seed, GameOptions::default());
    let mut writer = slot.start(&kept).expect("started");
    let (mut alone, mut with_journal) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..10 {
        let start = Instant::now();
        for _ in 0..turns {
            plain.act(PlayerAction::Wait);
        }
        alone += start.elapsed();
        let start = Instant::now();
        for _ in 0..turns {
            kept.act(PlayerAction::Wait);
            writer.record(&kept).expect("kept");
        }
        with_journal += start.elapsed();
    }
    drop(slot);
    let _ = fs::remove_dir_all(&dir);
    let per_turn = |total: Duration| total / (10 * turns);
    (per_turn(alone), per_turn(with_journal))
}

fn benches(criterion: &mut Criterion) {
    let dir = scratch_dir("resume");
    let slot = long_save(&dir);
    resume_benches(criterion, &slot, &dir);
    drop(slot);
    let _ = fs::remove_dir_all(&dir);
    keep_benches(criterion);
}

criterion_group! {
    name = save;
    config = common::criterion();
    targets = benches
}

fn main() {
    save();
    let (alone, with_journal) = journal_ratio(1000);
    println!(
        "\nkeeping the journal: {with_journal:?} per turn against {alone:?} for the turn alone \
         ({:.2}x; {:?} added per key press)",
        with_journal.as_secs_f64() / alone.as_secs_f64(),
        with_journal.saturating_sub(alone)
    );
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
