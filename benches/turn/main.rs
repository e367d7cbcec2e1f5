//! Turn benchmarks: one player wait, the whole NPC phase and the field of view, on scenes built
//! from fixed seeds (see `umbra::scenes`), next to an A* baseline (see `baseline.rs`).
//!
//! How a turn is timed: the crowd scenes kill a waiting player on turn five, so no game can be
//! played turn after turn for seconds. Every timed turn is therefore turn 2, 3 or 4 of a fresh
//! game: the game is built and plays one warm-up turn untimed, then [`TIMED_TURNS_PER_GAME`] turns
//! are timed one by one with `Instant` (criterion's `iter_custom`). Building the next game is not
//! timed. The same method times every scene and the baseline.
//!
//! After criterion's groups, in benchmark mode, the ratios baseline/ours for scenes (a) and (c)
//! are measured once more over the same games, ours and the baseline alternating game by game so
//! that drift in the machine's speed hits both alike, and printed.

mod baseline;

use std::hint::black_box;
use std::time::{Duration, Instant};

use baseline::{AStarTurns, Reach};
use criterion::Criterion;
use umbra::scenes::{self, Scene, SceneSpec};
use umbra::{Game, GameOptions, PlayerAction};

/// The crowd's four attackers, all orcs, take 16 of the player's 20 hit points in four turns.
const TIMED_TURNS_PER_GAME: u64 = 3;
/// Seed of the default-size generated level, scene (b).
const DEFAULT_MAP_SEED: u64 = scenes::SCENE_SEED;
/// Games per ratio measurement: enough timed turns for a stable mean on a quiet machine.
const RATIO_GAMES_SMALL: u64 = 1_000;
const RATIO_GAMES_CROWD: u64 = 20;

/// Something that plays whole turns: our game, or the baseline's.
trait Turns {
    fn turn(&mut self);
    fn is_player_alive(&self) -> bool;
}

impl Turns for Game {
    fn turn(&mut self) {
        black_box(self.act(PlayerAction::Wait));
    }

    fn is_player_alive(&self) -> bool {
        !self.is_over()
    }
}

impl Turns for AStarTurns {
    fn turn(&mut self) {
        AStarTurns::turn(self);
    }

    fn is_player_alive(&self) -> bool {
        AStarTurns::is_player_alive(self)
    }
}

/// The time `turns` timed turns take, spread over as many fresh games as needed.
fn time_turns<T: Turns>(turns: u64, mut new_game: impl FnMut() -> T) -> Duration {
    let mut total = Duration::ZERO;
    let mut remaining = turns;
    while remaining > 0 {
        let mut game = new_game();
        game.turn();
        for _ in 0..remaining.min(TIMED_TURNS_PER_GAME) {
            let start = Instant::now();
            game.turn();
            total += start.elapsed();
            assert!(
                game.is_player_alive(),
                "the player died in a timed turn, which would then have measured nothing"
            );
            remaining -= 1;
        }
    }
    total
}

struct Bench {
    name: &'static str,
    scene: Scene,
}

fn crowd_scenes() -> [(&'static str, SceneSpec); 4] {
    [
        ("a_40x30_15_npcs", scenes::SMALL),
        ("c_250x250_1000_npcs", scenes::CROWD),
        ("c_area_x4_500x500", scenes::CROWD_LARGE_MAP),
        ("c_idle_x10_250x250_10000_npcs", scenes::CROWD_MANY_IDLE),
    ]
}

fn default_game() -> Game {
    Game::new(DEFAULT_MAP_SEED, GameOptions::default())
}

/// What a scene holds, from the game itself: NPCs, and how many saw the player on turn one.
fn describe(name: &str, mut game: Game) {
    let npcs = game.npcs().count();
    game.act(PlayerAction::Wait);
    let turn = game.turn();
    let hunting = game
        .npcs()
        .filter_map(|npc| game.agent_at(npc.coord))
        .filter(|agent| agent.last_sighting.is_some_and(|s| s.turn == turn))
        .count();
    let size = game.size();
    println!(
        "scene {name}: {}x{}, {npcs} NPCs, {hunting} hunting the player",
        size.width(),
        size.height()
    );
}

fn turn_benches(criterion: &mut Criterion, benches: &[Bench]) {
    let mut group = criterion.benchmark_group("turn");
    group.bench_function("b_default_80x30", |b| {
        b.iter_custom(|turns| time_turns(turns, default_game));
    });
    for bench in benches {
        group.bench_function(bench.name, |b| {
            b.iter_custom(|turns| time_turns(turns, || bench.scene.game()));
        });
    }
    group.finish();
}

fn baseline_benches(criterion: &mut Criterion, benches: &[Bench]) {
    let mut group = criterion.benchmark_group("turn_astar_baseline");
    // A baseline turn at (c) takes tens of milliseconds: ten samples keep the run short.
    group.sample_size(10);
    for bench in benches.iter().take(2) {
        let terrain = bench.scene.terrain();
        group.bench_function(bench.name, |b| {
            b.iter_custom(|turns| {
                time_turns(turns, || AStarTurns::new(&terrain, Reach::Unbounded))
            });
        });
    }
    group.finish();
}

fn per_turn(total: Duration, turns: u64) -> Duration {
    total / u32::try_from(turns).expect("ratio runs time far fewer than 2^32 turns")
}

fn print_ratio(label: &str, spec: &SceneSpec, games: u64) {
    let scene = spec.build();
    let terrain = scene.terrain();
    let mut ours = Duration::ZERO;
    let mut astar = Duration::ZERO;
    let mut astar_window = Duration::ZERO;
    for _ in 0..games {
        ours += time_turns(TIMED_TURNS_PER_GAME, || scene.game());
        astar += time_turns(TIMED_TURNS_PER_GAME, || {
            AStarTurns::new(&terrain, Reach::Unbounded)
        });
        astar_window += time_turns(TIMED_TURNS_PER_GAME, || {
            AStarTurns::new(&terrain, Reach::DistanceMapWindow)
        });
    }
    let turns = games * TIMED_TURNS_PER_GAME;
    let (ours, astar, astar_window) = (
        per_turn(ours, turns),
        per_turn(astar, turns),
        per_turn(astar_window, turns),
    );
    let ratio = |baseline: Duration| baseline.as_secs_f64() / ours.as_secs_f64();
    println!(
        "{label}: ours {ours:.2?}/turn; A* {astar:.2?}/turn, ratio {:.1}x; \
         A* kept within 20 steps {astar_window:.2?}/turn, ratio {:.1}x ({turns} turns each)",
        ratio(astar),
        ratio(astar_window),
    );
}

/// Criterion's options that take a value, so the filter can be told apart from them.
const OPTIONS_WITH_VALUES: &[&str] = &[
    "-c",
    "--color",
    "-s",
    "--save-baseline",
    "-b",
    "--baseline",
    "--baseline-lenient",
    "--format",
    "--profile-time",
    "--load-baseline",
    "--sample-size",
    "--warm-up-time",
    "--measurement-time",
    "--nresamples",
    "--noise-threshold",
    "--confidence-level",
    "--significance-level",
    "--plotting-backend",
    "--output-format",
];

/// The ratios run under `cargo bench` (which passes `--bench`) when no filter is given or the
/// filter mentions "ratio"; never under `cargo test`, `--list` or `--profile-time`.
fn ratios_wanted() -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    if !has("--bench") || has("--test") || has("--list") || has("--profile-time") {
        return false;
    }
    let mut filter = None;
    let mut skip_value = false;
    for arg in &args {
        if skip_value {
            skip_value = false;
        } else if arg.starts_with('-') {
            skip_value = !arg.contains('=') && OPTIONS_WITH_VALUES.contains(&arg.as_str());
        } else {
            filter = Some(arg.as_str());
        }
    }
    filter.is_none_or(|f| f.contains("ratio"))
}

fn main() {
    let mut criterion = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let benches: Vec<Bench> = crowd_scenes()
        .into_iter()
        .map(|(name, spec)| Bench {
            name,
            scene: spec.build(),
        })
        .collect();
    describe("b_default_80x30", default_game());
    for bench in &benches {
        describe(bench.name, bench.scene.game());
    }
    turn_benches(&mut criterion, &benches);
    baseline_benches(&mut criterion, &benches);
    criterion.final_summary();
    if ratios_wanted() {
        println!("\nratio = A* baseline time / our time, per turn, over the same games:");
        print_ratio("(a) 40x30, 15 NPCs", &scenes::SMALL, RATIO_GAMES_SMALL);
        print_ratio("(c) 250x250, 1000 NPCs", &scenes::CROWD, RATIO_GAMES_CROWD);
    }
}
