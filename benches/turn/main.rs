//! Turn benchmarks: one player wait, the whole NPC phase and the field of view, on scenes built
//! from fixed seeds (see `benches/support/scenes.rs`), next to an A* baseline (see `baseline.rs`).
//!
//! How a turn is timed: each benchmark plays one long game, the way a player meets turns. The
//! scenes' player has hit points enough to outlast any run ([`scenes::SCENE_PLAYER_HIT_POINTS`]),
//! so the crowd fights on turn after turn. The game first plays [`SETTLE_TURNS`] untimed, so the
//! crowd has closed in and every benchmark times the same kind of turn; then criterion times
//! turns one after another on it. The baseline is timed the same way.
//!
//! After criterion's groups, in benchmark mode, the ratios baseline/ours for scenes (a) and (c)
//! are measured once more, ours and the baseline alternating block by block so that drift in the
//! machine's speed hits both alike, and printed.

mod baseline;

#[path = "../common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use baseline::{AStarTurns, Reach};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion};
// Each user of the shared scenes takes only the ones it needs.
#[allow(dead_code)]
#[path = "../support/scenes.rs"]
mod scenes;
use scenes::{Scene, SceneSpec};
use umbra_rules::content::MachineKind;
use umbra_rules::{Game, GameOptions, PlayerAction};

/// Untimed turns before timing: the crowd in (c) has closed round the player by then.
const SETTLE_TURNS: u64 = 30;
/// Wanderers settle longer: a waypoint's map is built the first time an NPC heads there, and
/// after this many turns nearly every waypoint has been visited, so the timed turns are those of
/// a level in full swing rather than of its first hour.
const WANDER_SETTLE_TURNS: u64 = 600;
/// Seed of the default-size generated level, scene (b).
const DEFAULT_MAP_SEED: u64 = scenes::SCENE_SEED;

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

/// A game that has played [`SETTLE_TURNS`], ready to be timed.
fn settled<T: Turns>(game: T) -> T {
    settled_for(game, SETTLE_TURNS)
}

fn settled_for<T: Turns>(mut game: T, turns: u64) -> T {
    for _ in 0..turns {
        game.turn();
    }
    game
}

/// The time one turn takes, `turns` times over, on the same long game.
fn time_turns<T: Turns + ?Sized>(game: &mut T, turns: u64) -> Duration {
    let start = Instant::now();
    for _ in 0..turns {
        game.turn();
    }
    let elapsed = start.elapsed();
    assert!(
        game.is_player_alive(),
        "the player died while being timed, so later turns would measure nothing"
    );
    elapsed
}

/// Times turns of the game `new_game` builds. The game is built and settled on first use, so a
/// benchmark that criterion's filter leaves out costs nothing.
fn bench_game<T: Turns>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    settle: u64,
    new_game: impl Fn() -> T,
) {
    let mut game = None;
    group.bench_function(name, |b| {
        let game = game.get_or_insert_with(|| settled_for(new_game(), settle));
        b.iter_custom(|turns| time_turns(game, turns));
    });
}

struct Bench {
    name: &'static str,
    scene: Scene,
    settle: u64,
}

fn crowd_scenes() -> [(&'static str, SceneSpec); 7] {
    [
        ("a_40x30_15_npcs", scenes::SMALL),
        ("c_250x250_1000_npcs", scenes::CROWD),
        ("c_archers_250x250_1000_npcs", scenes::ARCHER_CROWD),
        ("c_area_x4_500x500", scenes::CROWD_LARGE_MAP),
        ("c_idle_x10_250x250_10000_npcs", scenes::CROWD_MANY_IDLE),
        ("d_500x500_10000_wanderers", scenes::WANDERERS),
        (
            "d_area_x4_1000x1000_40000_wanderers",
            scenes::WANDERERS_AREA_X4,
        ),
    ]
}

/// The default level, with the scenes' player so that it, too, can be played for as long as
/// criterion needs.
fn default_game() -> Game {
    Game::new(DEFAULT_MAP_SEED, GameOptions::default())
        .with_player_max_hit_points(scenes::SCENE_PLAYER_HIT_POINTS)
}

/// What a scene holds, from the game itself: NPCs, and how many see the player on the first
/// turn and on the first timed turn.
fn describe(name: &str, mut game: Game) {
    let npcs = game.inhabitants().npcs().count();
    game.act(PlayerAction::Wait);
    let first = game.inhabitants().npcs_seeing_player();
    let game = settled(game);
    let timed = game.inhabitants().npcs_seeing_player();
    let size = game.size();
    println!(
        "scene {name}: {}x{}, {npcs} NPCs ({} awake), hunting the player: {first} on turn 1, \
         {timed} on turn {}; {} waypoints",
        size.width(),
        size.height(),
        game.inhabitants().awake_npcs(),
        game.turn(),
        game.inhabitants().waypoint_count(),
    );
}

fn turn_benches(criterion: &mut Criterion, benches: &[Bench]) {
    let mut group = criterion.benchmark_group("turn");
    bench_game(&mut group, "b_default_80x30", SETTLE_TURNS, default_game);
    for bench in benches {
        bench_game(&mut group, bench.name, bench.settle, || bench.scene.game());
    }
    bench_game(
        &mut group,
        "c_allies_250x250_1000_npcs_50_allies",
        SETTLE_TURNS,
        scenes::crowd_with_allies,
    );
    group.finish();
}

fn baseline_benches(criterion: &mut Criterion, benches: &[Bench]) {
    let mut group = criterion.benchmark_group("turn_astar_baseline");
    // A baseline turn at (c) takes a fifth of a second: ten samples keep the run short.
    group.sample_size(10);
    for bench in benches.iter().take(2) {
        bench_game(&mut group, bench.name, bench.settle, || {
            AStarTurns::new(bench.scene.world(), Reach::Unbounded)
        });
    }
    group.finish();
}

/// One game in a ratio measurement, and how many turns it plays in a row.
struct Entrant<'a> {
    game: &'a mut dyn Turns,
    block: u32,
}

/// Time per turn of each game, timed in blocks of its own length, one block of each in turn,
/// for `rounds` rounds. Alternating spreads drift in the machine's speed over all the games
/// alike; blocks keep each game's data warm as in play, although A* evicts everything in between.
fn time_in_rounds(entrants: &mut [Entrant], rounds: u32) -> Vec<Duration> {
    let mut totals = vec![Duration::ZERO; entrants.len()];
    for _ in 0..rounds {
        for (entrant, total) in entrants.iter_mut().zip(&mut totals) {
            *total += time_turns(&mut *entrant.game, u64::from(entrant.block));
        }
    }
    entrants
        .iter()
        .zip(totals)
        .map(|(entrant, total)| total / (entrant.block * rounds))
        .collect()
}

/// How a ratio is measured: turns in a row for ours, for A*, and for A* kept within 20 steps.
struct RatioPlan {
    blocks: [u32; 3],
    rounds: u32,
}

const RATIO_SMALL: RatioPlan = RatioPlan {
    blocks: [1_000, 1_000, 1_000],
    rounds: 20,
};
/// Blocks of roughly equal time: an A* turn at (c) takes thousands of ours.
const RATIO_CROWD: RatioPlan = RatioPlan {
    blocks: [1_000, 1, 20],
    rounds: 20,
};

fn print_ratio(label: &str, spec: &SceneSpec, plan: &RatioPlan) {
    let scene = spec.build();
    let mut ours = settled(scene.game());
    let mut astar = settled(AStarTurns::new(scene.world(), Reach::Unbounded));
    let mut astar_window = settled(AStarTurns::new(scene.world(), Reach::DistanceMapWindow));
    let games: [&mut dyn Turns; 3] = [&mut ours, &mut astar, &mut astar_window];
    let mut entrants: Vec<Entrant> = games
        .into_iter()
        .zip(plan.blocks)
        .map(|(game, block)| Entrant { game, block })
        .collect();
    let times = time_in_rounds(&mut entrants, plan.rounds);
    let [ours, astar, astar_window] = times[..] else {
        unreachable!("one time per game")
    };
    let ratio = |baseline: Duration| baseline.as_secs_f64() / ours.as_secs_f64();
    let turns = plan.blocks.map(|block| block * plan.rounds);
    println!(
        "{label}: ours {ours:.2?}/turn; A* {astar:.2?}/turn, ratio {:.1}x; \
         A* kept within 20 steps {astar_window:.2?}/turn, ratio {:.1}x \
         (turns timed: {}, {}, {})",
        ratio(astar),
        ratio(astar_window),
        turns[0],
        turns[1],
        turns[2],
    );
}

/// Time per wandering NPC on (d) and on four times its area with four times the NPCs,
/// alternating block by block, and their ratio: the per-NPC cost should not grow with the map.
fn print_wander_scaling() {
    let mut small = settled_for(scenes::WANDERERS.build().game(), WANDER_SETTLE_TURNS);
    let mut large = settled_for(
        scenes::WANDERERS_AREA_X4.build().game(),
        WANDER_SETTLE_TURNS,
    );
    let (small_npcs, large_npcs) = (
        small.inhabitants().awake_npcs(),
        large.inhabitants().awake_npcs(),
    );
    let mut entrants = [
        Entrant {
            game: &mut small,
            block: 100,
        },
        Entrant {
            game: &mut large,
            block: 25,
        },
    ];
    let times = time_in_rounds(&mut entrants, 20);
    let per_npc = |time: Duration, npcs: usize| time.as_nanos() as f64 / npcs as f64;
    let (small_ns, large_ns) = (per_npc(times[0], small_npcs), per_npc(times[1], large_npcs));
    println!(
        "(d) wanderers: 500x500 {:.2?}/turn, {small_ns:.0} ns per NPC; 1000x1000 {:.2?}/turn, \
         {large_ns:.0} ns per NPC; per-NPC ratio 4x area / 1x area {:.2}x",
        times[0],
        times[1],
        large_ns / small_ns
    );
}

/// The crowd with 50 of its hunters on the player's side against the same crowd without,
/// alternating block by block.
fn print_allies_ratio() {
    let mut plain = settled(scenes::crowd_fighting_on());
    let mut allied = settled(scenes::crowd_with_allies());
    let mut entrants = [
        Entrant {
            game: &mut plain,
            block: 500,
        },
        Entrant {
            game: &mut allied,
            block: 500,
        },
    ];
    let times = time_in_rounds(&mut entrants, 20);
    println!(
        "(c) with {} allies: {:.2?}/turn against {:.2?}/turn without, ratio {:.2}x",
        scenes::CROWD_ALLIES,
        times[1],
        times[0],
        times[1].as_secs_f64() / times[0].as_secs_f64()
    );
}

/// The crowd with a crypt and a hidden caustic trap armed in a pocket of wall nobody reaches,
/// against the same crowd without, both read back from the crowd's own dump, alternating
/// block by block: what armed machines and traps cost a turn that sets none off (every step
/// asks whether a plate lies there, every turn whether a machine is changing).
fn print_machines_ratio() {
    let dump = scenes::crowd_fighting_on().dump();
    let armed = with_armed_pocket(&dump);
    let load = |text: &str| {
        let (game, _) = Game::from_dump(text, GameOptions::default()).expect("the crowd's dump");
        settled(game)
    };
    let (mut plain, mut armed) = (load(&dump), load(&armed));
    assert_eq!(armed.machines().len(), 1, "the crypt armed");
    let mut entrants = [
        Entrant {
            game: &mut plain,
            block: 500,
        },
        Entrant {
            game: &mut armed,
            block: 500,
        },
    ];
    let times = time_in_rounds(&mut entrants, 20);
    println!(
        "(c) with a machine and a trap armed: {:.2?}/turn against {:.2?}/turn without, ratio {:.3}x",
        times[1],
        times[0],
        times[1].as_secs_f64() / times[0].as_secs_f64()
    );
}

/// `dump` with a pocket carved in the first solid 5×5 block of wall: a crypt's hidden flagstone
/// and a hidden caustic trap on its floor, and the crypt over it.
fn with_armed_pocket(dump: &str) -> String {
    let (map, rest) = dump.split_once("\n\n").expect("a map, then the rest");
    let mut rows: Vec<Vec<char>> = map.lines().map(|line| line.chars().collect()).collect();
    let solid = |rows: &Vec<Vec<char>>, x: usize, y: usize| {
        (0..5).all(|dy| (0..5).all(|dx| rows[y + dy].get(x + dx) == Some(&'#')))
    };
    let (x, y) = (0..rows.len() - 5)
        .flat_map(|y| (0..rows[y].len()).map(move |x| (x, y)))
        .find(|&(x, y)| solid(&rows, x, y))
        .expect("a block of wall");
    let pocket = [(1, 2), (2, 2), (3, 2)].map(|(dx, dy)| (x + dx, y + dy));
    rows[pocket[0].1][pocket[0].0] = '.';
    rows[pocket[1].1][pocket[1].0] = '⊟';
    rows[pocket[2].1][pocket[2].0] = '△';
    let crypt = MachineKind::all()
        .find(|&kind| umbra::app::looks::machine(kind).description == "a crypt")
        .expect("the crypt");
    let cells: Vec<(usize, usize)> = pocket.to_vec();
    let map: Vec<String> = rows.into_iter().map(String::from_iter).collect();
    format!(
        "{}\n\n{rest}\nmachine (kind: {}, cells: {cells:?}, signals: 0)\n",
        map.join("\n"),
        crypt.index()
    )
}

fn main() {
    let mut criterion = common::criterion();
    let benches: Vec<Bench> = crowd_scenes()
        .into_iter()
        .map(|(name, spec)| Bench {
            name,
            scene: spec.build(),
            settle: if spec.idle_awake {
                WANDER_SETTLE_TURNS
            } else {
                SETTLE_TURNS
            },
        })
        .collect();
    describe("b_default_80x30", default_game());
    describe(
        "c_allies_250x250_1000_npcs_50_allies",
        scenes::crowd_with_allies(),
    );
    for bench in &benches {
        describe(bench.name, bench.scene.game());
    }
    turn_benches(&mut criterion, &benches);
    baseline_benches(&mut criterion, &benches);
    criterion.final_summary();
    if common::timing_wanted("ratio") {
        println!("\nratio = A* baseline time / our time, per turn, over the same games:");
        print_ratio("(a) 40x30, 15 NPCs", &scenes::SMALL, &RATIO_SMALL);
        print_ratio("(c) 250x250, 1000 NPCs", &scenes::CROWD, &RATIO_CROWD);
        print_wander_scaling();
        print_allies_ratio();
        print_machines_ratio();
    }
}
