//! Autoexplore on the largest level: a 1000×1000 generated level's ground (no NPCs, so every
//! explore step is taken and nothing interrupts), explored for a while untimed so the frontier
//! is far from where exploring began. Timed: choosing the next step with the route planned
//! afresh (a search from the player to the nearest unexplored place; in play the route is kept
//! while the player follows it and learns nothing new), and a whole explore turn as played (the
//! step, the look round) next to the baseline, a turn of waiting on the same level. The ratio
//! and the slowest explore turn are printed at the end.
//!
//! Criterion runs hundreds of thousands of turns, more than it takes to explore the level; when
//! it is all explored, a new copy of the level is made, untimed, and exploring goes on there.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra_rules::game::{Activity, Doing, Stop};
use umbra_rules::terrain::{self, MAX_MAP_SIZE};
use umbra_rules::{Game, GameOptions, PlayerAction};

const SEED: u64 = 1;
/// Untimed steps first: by then a good part of the level is known and its frontier far off.
const EXPLORED_FIRST: u32 = 3_000;

/// A game exploring the level, remade when the level is all explored.
struct Explorer {
    rows: Vec<String>,
    game: Game,
    doing: Doing,
}

impl Explorer {
    fn new() -> Self {
        let mut rng = Isaac64Rng::seed_from_u64(SEED);
        let terrain = terrain::generate(MAX_MAP_SIZE, &mut rng);
        let rows = terrain::ground_to_ascii(&terrain);
        let mut game = fresh_game(&rows);
        let mut doing = game.begin(Activity::Explore);
        while doing.steps() < EXPLORED_FIRST {
            if let Err(stop) = game.step(&mut doing) {
                panic!("exploring stopped early: {stop:?}");
            }
        }
        Self { rows, game, doing }
    }

    /// One explore turn as played, the route kept between turns; its time.
    fn timed_turn(&mut self) -> Duration {
        let start = Instant::now();
        let result = self.game.step(&mut self.doing);
        let took = start.elapsed();
        match result {
            Ok(outcome) => {
                black_box(outcome);
            }
            Err(Stop::Explored { .. }) => {
                self.game = fresh_game(&self.rows);
                self.doing = self.game.begin(Activity::Explore);
            }
            Err(stop) => panic!("exploring stopped: {stop:?}"),
        }
        took
    }

    fn timed_wait(&mut self) -> Duration {
        let start = Instant::now();
        black_box(self.game.act(PlayerAction::Wait));
        start.elapsed()
    }
}

fn fresh_game(rows: &[String]) -> Game {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    Game::from_ascii(&rows, GameOptions::default())
        .expect("a generated level")
        .0
}

fn main() {
    let mut criterion = common::criterion();
    let mut group = criterion.benchmark_group("explore on 1000x1000");
    let mut explorer = Explorer::new();
    group.bench_function("next step, route planned afresh", |b| {
        b.iter(|| {
            let _ = explorer.game.begin(Activity::Explore);
            black_box(explorer.game.next_explore_step())
        })
    });
    explorer.doing = explorer.game.begin(Activity::Explore);
    group.bench_function("explore turn", |b| {
        b.iter_custom(|iters| (0..iters).map(|_| explorer.timed_turn()).sum())
    });
    group.bench_function("baseline: wait turn", |b| {
        b.iter_custom(|iters| (0..iters).map(|_| explorer.timed_wait()).sum())
    });
    group.finish();
    criterion.final_summary();
    if std::env::args().any(|a| a == "--bench") {
        print_ratio(&mut explorer);
    }
}

/// Explore turns against wait turns, alternating in blocks so the machine's drift hits both.
fn print_ratio(explorer: &mut Explorer) {
    let (mut explore, mut wait, mut slowest) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let turns = 2_000;
    for _ in 0..10 {
        for _ in 0..turns {
            let took = explorer.timed_turn();
            explore += took;
            slowest = slowest.max(took);
        }
        wait += (0..turns).map(|_| explorer.timed_wait()).sum::<Duration>();
    }
    println!(
        "explore turn on 1000x1000: {:?}, {:.2}x a wait turn ({:?}); slowest of {} {:?}",
        explore / (10 * turns),
        explore.as_secs_f64() / wait.as_secs_f64(),
        wait / (10 * turns),
        10 * turns,
        slowest
    );
}
