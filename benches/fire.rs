//! Fire and gas benchmarks: a turn on a 1000×1000 cavern of dry grass set alight in many places
//! against the same cavern calm, and a turn on the small level with a room full of gas against
//! the same level without, each pair in one run (criterion's groups, then both alternating
//! block by block with their ratio printed). Then a whole fire on the cavern, from the first
//! spark until it is out, turn by turn, three times: the median turn and the slowest, each
//! turn's least time over the three.
//!
//! And the issue 64 scene, a level as the game makes them: a generated 1000×1000 cavern (the
//! deepest profile, a cavern surely) whose grass is set alight in a spark every hundred cells
//! and where caustic gas and methane are let out; turn by turn until the fire is out (median
//! and slowest printed, and the same cavern calm as many turns), and criterion's time of the
//! turn that pass found slowest.

use std::hint::black_box;
use std::time::{Duration, Instant};

use coord_2d::ICoord;
use criterion::{Criterion, SamplingMode};
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra_rules::content::profile_at;
use umbra_rules::game::WizardCommand;
use umbra_rules::terrain::{MAX_MAP_SIZE, generate_by_profile};
use umbra_rules::{Game, GameOptions, PlayerAction};

/// The cavern: dry grass from wall to wall, the player in a corner of bare floor.
const CAVERN_SIDE: usize = 1000;
/// Fires lit across it, on a grid this many cells apart: each runs its own way until the fronts
/// meet, so the worst turn has tens of thousands of cells alight.
const SPARK_SPACING: usize = 100;

fn cavern() -> Game {
    let mut rows = Vec::with_capacity(CAVERN_SIDE);
    for y in 0..CAVERN_SIDE {
        let row: String = (0..CAVERN_SIDE)
            .map(|x| match (x, y) {
                (0, _) | (_, 0) => '#',
                (x, y) if x == CAVERN_SIDE - 1 || y == CAVERN_SIDE - 1 => '#',
                (1, 1) => '@',
                (x, y) if x < 6 && y < 6 => '.',
                _ => '{',
            })
            .collect();
        rows.push(row);
    }
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (game, _) = Game::from_ascii(&rows, GameOptions::default()).expect("a cavern");
    game.with_player_max_hit_points(2_000_000_000)
}

/// The cavern with a spark every [`SPARK_SPACING`] cells, before the fire's first turn.
fn sparked() -> Game {
    let mut game = cavern();
    for y in (SPARK_SPACING / 2..CAVERN_SIDE).step_by(SPARK_SPACING) {
        for x in (SPARK_SPACING / 2..CAVERN_SIDE).step_by(SPARK_SPACING) {
            let at = ICoord::new(x as i32, y as i32);
            game.act(PlayerAction::Wizard(WizardCommand::SetFire { at }));
        }
    }
    game
}

fn ablaze() -> Game {
    let mut game = sparked();
    // A few turns in, each spark is a ring of fire.
    for _ in 0..30 {
        game.act(PlayerAction::Wait);
    }
    game
}

/// The small level (40×30) with a room's worth of methane (which lingers) let out by the
/// player, or without.
fn small(gas: bool) -> Game {
    let options = GameOptions {
        map_size: coord_2d::UCoord::new(40, 30),
        ..GameOptions::default()
    };
    let mut game = Game::new(1, options).with_player_max_hit_points(2_000_000_000);
    if gas {
        let at = game.player_coord();
        for _ in 0..4 {
            let command = WizardCommand::ReleaseGas { kind: 2, at };
            game.act(PlayerAction::Wizard(command));
        }
    }
    for _ in 0..10 {
        game.act(PlayerAction::Wait);
    }
    game
}

/// The time of `turns` turns, each on a game that still has what `lasting` asks for: one that
/// has lost it is made again by `make` (untimed) before its next turn is timed.
fn time_lasting(
    game: &mut Game,
    turns: u64,
    lasting: fn(&Game) -> bool,
    make: fn() -> Game,
) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..turns {
        if !lasting(game) {
            *game = make();
        }
        total += time(game, 1);
    }
    total
}

fn on_fire(game: &Game) -> bool {
    game.level().cells_burning() > 0
}

fn gassed(game: &Game) -> bool {
    game.level().gas_total().0 > GAS_KEPT_ABOVE
}

/// Below this much gas the gassed level is made again: a room's worth still hangs about.
const GAS_KEPT_ABOVE: u64 = 500;

fn time(game: &mut Game, turns: u64) -> Duration {
    let start = Instant::now();
    for _ in 0..turns {
        black_box(game.act(PlayerAction::Wait));
    }
    start.elapsed()
}

/// Two games' turns, alternating block by block so that drift in the machine hits both alike:
/// the time a turn of each.
fn alternating(a: &mut Game, b: &mut Game, block: u64, rounds: u32) -> (Duration, Duration) {
    let (mut first, mut second) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..rounds {
        first += time(a, block);
        second += time(b, block);
    }
    let turns = block * u64::from(rounds);
    (first / turns as u32, second / turns as u32)
}

fn print_ratios() {
    let (mut calm, mut burning) = (cavern(), ablaze());
    let (calm_turn, burning_turn) = alternating(&mut calm, &mut burning, 5, 6);
    println!(
        "cavern 1000x1000: ablaze {burning_turn:.2?}/turn ({} cells burning at the end) against \
         {calm_turn:.2?}/turn calm, ratio {:.2}x",
        burning.level().cells_burning(),
        burning_turn.as_secs_f64() / calm_turn.as_secs_f64()
    );
    let (mut plain, mut gassed) = (small(false), small(true));
    let (plain_turn, gas_turn) = alternating(&mut plain, &mut gassed, 20, 10);
    println!(
        "40x30 with a room of gas ({} in all): {gas_turn:.2?}/turn against {plain_turn:.2?}/turn \
         without, ratio {:.2}x",
        gassed.level().gas_total().0,
        gas_turn.as_secs_f64() / plain_turn.as_secs_f64()
    );
}

/// A whole fire on the cavern, from the sparks until nothing burns, played [`WHOLE_FIRE_PLAYS`]
/// times: each turn's least time over the plays (the fire is the same every play, so what a
/// turn costs beyond its least is the machine's, not the turn's), and the slowest single timing
/// beside it.
fn print_whole_fire() {
    let plays: Vec<(Vec<Duration>, usize)> = (0..WHOLE_FIRE_PLAYS).map(|_| whole_fire()).collect();
    let (first, most) = &plays[0];
    let same = plays
        .iter()
        .all(|(turns, m)| turns.len() == first.len() && m == most);
    assert!(same, "the whole fire burns the same in every play");
    let mut least: Vec<Duration> = (0..first.len())
        .map(|i| {
            plays
                .iter()
                .map(|(turns, _)| turns[i])
                .min()
                .unwrap_or_default()
        })
        .collect();
    let slowest_at = (0..least.len()).max_by_key(|&i| least[i]).unwrap_or(0);
    let single = plays.iter().flat_map(|(turns, _)| turns.iter()).max();
    least.sort();
    let median = least.get(least.len() / 2).copied().unwrap_or_default();
    let slowest = least.last().copied().unwrap_or_default();
    println!(
        "cavern 1000x1000, a whole fire: {} turns until out, at most {most} cells alight; \
         each turn's least of {WHOLE_FIRE_PLAYS} plays: median turn {median:.2?}, slowest \
         {slowest:.2?} (turn {slowest_at}); slowest single timing {:.2?}",
        first.len(),
        single.copied().unwrap_or_default()
    );
}

/// Plays of the whole fire: a turn's least time over three is steady where one timing is not
/// (the slowest turn of a single play took 27.0, 39.4 and 43.3 ms in three runs of the same
/// hour; the least of three, 27.8 and 31.6 ms in two, is that turn's work on the machine).
const WHOLE_FIRE_PLAYS: usize = 3;

/// One whole fire on the cavern: every turn's time, and the most cells alight at once.
fn whole_fire() -> (Vec<Duration>, usize) {
    let mut game = sparked();
    let mut turns = Vec::new();
    let mut most = 0;
    while game.level().cells_burning() > 0 && turns.len() < 5_000 {
        most = most.max(game.level().cells_burning());
        turns.push(time(&mut game, 1));
    }
    (turns, most)
}

/// The generated cavern's seed.
const GRASS_SEED: u64 = 7;
/// The gases let out with the fire: caustic gas and methane (the gas table's rows 0 and 2).
const GASES: [u8; 2] = [0, 2];

/// The generated cavern with its grass alight and gas let out (or calm), as the first turn
/// begins.
fn grass_cavern_alight(alight: bool) -> Game {
    let mut profile = profile_at(10).clone();
    profile.cavern = 100;
    let mut rng = Isaac64Rng::seed_from_u64(GRASS_SEED);
    let terrain = generate_by_profile(MAX_MAP_SIZE, 10, &profile, &mut rng);
    let options = GameOptions {
        map_size: MAX_MAP_SIZE,
        ..GameOptions::default()
    };
    let mut game =
        Game::on_terrain(GRASS_SEED, options, &terrain).with_player_max_hit_points(2_000_000_000);
    let burns = |x: usize, y: usize| {
        let at = ICoord::new(x as i32, y as i32);
        let ground = terrain.grid.get(at).copied()?;
        (ground.rules().fire.catches > 0).then_some(at)
    };
    // The first cell that burns in each square of the spark spacing: a fire in every patch
    // of grass that reaches one.
    let side = SPARK_SPACING;
    for top in (0..CAVERN_SIDE).step_by(side) {
        for left in (0..CAVERN_SIDE).step_by(side) {
            let first = (top..top + side)
                .flat_map(|y| (left..left + side).map(move |x| (x, y)))
                .find_map(|(x, y)| burns(x, y));
            if let Some(at) = first.filter(|_| alight) {
                game.act(PlayerAction::Wizard(WizardCommand::SetFire { at }));
                for kind in GASES {
                    game.act(PlayerAction::Wizard(WizardCommand::ReleaseGas { kind, at }));
                }
            }
        }
    }
    game
}

/// The grass cavern's fire from the sparks until nothing burns, every turn timed: the turns'
/// times, and the most cells alight at once.
fn grass_fire_turns() -> (Vec<Duration>, usize) {
    let mut game = grass_cavern_alight(true);
    let mut turns = Vec::new();
    let mut most = 0;
    while game.level().cells_burning() > 0 && turns.len() < 5_000 {
        most = most.max(game.level().cells_burning());
        turns.push(time(&mut game, 1));
    }
    (turns, most)
}

/// The whole grass fire printed (median and slowest turn) and the slowest turn's number.
fn print_grass_fire() -> usize {
    let (turns, most) = grass_fire_turns();
    let slowest_turn = (0..turns.len()).max_by_key(|&i| turns[i]).unwrap_or(0);
    let mut sorted = turns.clone();
    sorted.sort();
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or_default();
    let slowest = sorted.last().copied().unwrap_or_default();
    // The level's first turn is every monster's first choice of a waypoint: told apart.
    let after_first = turns.iter().skip(1).max().copied().unwrap_or_default();
    println!(
        "generated cavern 1000x1000, grass alight and gas let out: {} turns until out, at most \
         {most} cells alight; median turn {median:.2?}, slowest {slowest:.2?} (turn \
         {slowest_turn}), slowest after the first {after_first:.2?}",
        turns.len()
    );
    let mut calm = grass_cavern_alight(false);
    let mut calm_turns: Vec<Duration> = (0..turns.len()).map(|_| time(&mut calm, 1)).collect();
    calm_turns.sort();
    let calm_median = calm_turns
        .get(calm_turns.len() / 2)
        .copied()
        .unwrap_or_default();
    let calm_slowest = calm_turns.last().copied().unwrap_or_default();
    println!(
        "the same cavern calm, as many turns: median turn {calm_median:.2?}, slowest \
         {calm_slowest:.2?}"
    );
    slowest_turn
}

/// Criterion's time of the grass fire's turn `turn` (counted from the sparks), as played: each
/// iteration makes the cavern afresh, plays up to that turn untimed and times it (a game read
/// back from a snapshot would measure its waypoints' maps afresh, which a played one has
/// done). Ten samples of one turn each: a level a sample, made outside the time.
fn bench_grass_fire_turn(criterion: &mut Criterion, turn: usize) {
    let mut group = criterion.benchmark_group("grass_fire");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_millis(100));
    group.bench_function(format!("cavern_1000x1000_turn_{turn}"), |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                let mut game = grass_cavern_alight(true);
                for _ in 0..turn {
                    game.act(PlayerAction::Wait);
                }
                total += time(&mut game, 1);
            }
            total
        })
    });
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    {
        let mut group = criterion.benchmark_group("fire_and_gas");
        group.sample_size(10);
        let mut calm = None;
        group.bench_function("cavern_1000x1000_calm", |b| {
            let game = calm.get_or_insert_with(cavern);
            b.iter_custom(|turns| time(game, turns));
        });
        let mut burning = None;
        group.bench_function("cavern_1000x1000_ablaze", |b| {
            let game = burning.get_or_insert_with(ablaze);
            b.iter_custom(|turns| time_lasting(game, turns, on_fire, ablaze));
        });
        let mut plain = None;
        group.bench_function("small_40x30_no_gas", |b| {
            let game = plain.get_or_insert_with(|| small(false));
            b.iter_custom(|turns| time(game, turns));
        });
        let mut gassy = None;
        group.bench_function("small_40x30_room_of_gas", |b| {
            let game = gassy.get_or_insert_with(|| small(true));
            b.iter_custom(|turns| time_lasting(game, turns, gassed, || small(true)));
        });
        group.finish();
    }
    if std::env::args().any(|arg| arg == "--bench") {
        let slowest = print_grass_fire();
        bench_grass_fire_turn(&mut criterion, slowest);
    }
    criterion.final_summary();
    if std::env::args().any(|arg| arg == "--bench") {
        print_ratios();
        print_whole_fire();
    }
}
