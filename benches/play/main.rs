//! Turns shaped like a player's game, next to the reference tutorial's turn (see `reference.rs`)
//! on the same levels, and the turn's floor (the field of view and one distance map).
//!
//! Each game is a fresh level straight from generation (`Game::new` for a seed, and the same
//! terrain for the reference), every NPC awake from the first turn, and a player with ten million
//! hit points walking a scripted path ([`script`]: 70 % moves in runs of one direction, 30 %
//! waits), so fights go on, orcs flee and come back. Both play the same actions. The floor
//! (`umbra_rules::turn_floor`), like Umbra's game, takes no turn for a step into a wall, where
//! the reference runs its whole turn.
//!
//! The ratios after criterion's groups are timed with `Instant`: ours, the reference and the
//! floor alternate in blocks of [`BLOCK`] turns within each game, so drift in the machine's speed
//! hits all three alike; the first [`TURNS`] turns of each game, over many seeds.

mod reference;
mod tutorial_world;

#[path = "../common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use coord_2d::UCoord;
use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, Criterion};
use direction::CardinalDirection;
use reference::{Ground, ReferenceTurns, UmbraGround};
use tutorial_world::TutorialWorld;
use umbra_rules::terrain::Terrain;
use umbra_rules::turn_floor::Floor;
use umbra_rules::world::World;
use umbra_rules::{Game, GameOptions, PlayerAction};

/// The first turns of a game, the ones a player meets most.
const TURNS: usize = 400;
/// A long game, for the ratio once the level has settled.
const LONG_TURNS: usize = 4000;
/// Turns timed in a row before the next entrant's turn.
const BLOCK: usize = 50;
/// A player who outlasts any fight.
const PLAYER_HIT_POINTS: u32 = 10_000_000;

/// A level size and how many seeds' games are timed on it.
struct Size {
    name: &'static str,
    size: UCoord,
    seeds: u64,
    turns: usize,
}

const SIZES: [Size; 4] = [
    Size {
        name: "40x30",
        size: UCoord::new_u16(40, 30),
        seeds: 100,
        turns: TURNS,
    },
    Size {
        name: "80x30",
        size: UCoord::new_u16(80, 30),
        seeds: 100,
        turns: TURNS,
    },
    Size {
        name: "160x90",
        size: UCoord::new_u16(160, 90),
        seeds: 30,
        turns: TURNS,
    },
    Size {
        name: "40x30, 4000 turns",
        size: UCoord::new_u16(40, 30),
        seeds: 10,
        turns: LONG_TURNS,
    },
];

/// The player's actions for a seed: 30 % waits, 70 % moves in runs of one to six steps in one
/// direction; from a fixed arithmetic sequence, so every entrant plays the same game.
fn script(seed: u64, turns: usize) -> Vec<PlayerAction> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |below: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % below
    };
    let mut actions = Vec::with_capacity(turns);
    while actions.len() < turns {
        if next(10) < 3 {
            actions.push(PlayerAction::Wait);
            continue;
        }
        let direction = CardinalDirection::all()
            .nth(next(4) as usize)
            .expect("four directions");
        for _ in 0..=next(6) {
            actions.push(PlayerAction::Move(direction));
        }
    }
    actions.truncate(turns);
    actions
}

fn options(size: UCoord) -> GameOptions {
    GameOptions {
        map_size: size,
        ..GameOptions::default()
    }
}

fn our_game(seed: u64, size: UCoord) -> Game {
    Game::new(seed, options(size))
        .with_player_max_hit_points(PLAYER_HIT_POINTS)
        .with_every_npc_awake()
}

/// The level `Game::new` makes for the seed (the run's first depth), for the other entrants.
fn level(seed: u64, size: UCoord) -> Terrain {
    umbra_rules::game::level_of_run(seed, 1, size)
}

fn umbra_world(level: &Terrain) -> World {
    let mut world = World::from_terrain(level);
    world.set_player_max_hit_points(PLAYER_HIT_POINTS);
    world
}

/// The reference tutorial as written, on its own world: the baseline of the targets.
fn reference_game(seed: u64, size: UCoord) -> ReferenceTurns<TutorialWorld> {
    let level = level(seed, size);
    ReferenceTurns::new(TutorialWorld::from_terrain(&level, PLAYER_HIT_POINTS))
}

/// The reference's turn on Umbra's world: a stricter bar, the tutorial's logic on our data.
fn reference_on_ours(seed: u64, size: UCoord) -> ReferenceTurns<UmbraGround> {
    ReferenceTurns::new(UmbraGround::new(umbra_world(&level(seed, size))))
}

fn floor_game(seed: u64, size: UCoord) -> Floor {
    Floor::new(umbra_world(&level(seed, size)))
}

/// Time per turn of each entrant, alternating block by block.
#[derive(Default)]
struct Times {
    ours: Duration,
    reference: Duration,
    reference_on_ours: Duration,
    floor: Duration,
    turns: u32,
}

fn time_block<G: Plays>(game: &mut G, block: &[PlayerAction], total: &mut Duration) {
    let start = Instant::now();
    for &action in block {
        game.play(action);
    }
    *total += start.elapsed();
}

fn time_games(spec: &Size) -> Times {
    let mut times = Times::default();
    for seed in 0..spec.seeds {
        let actions = script(seed, spec.turns);
        let mut ours = our_game(seed, spec.size);
        let mut reference = reference_game(seed, spec.size);
        let mut strict = reference_on_ours(seed, spec.size);
        let mut floor = floor_game(seed, spec.size);
        for block in actions.chunks(BLOCK) {
            time_block(&mut ours, block, &mut times.ours);
            time_block(&mut reference, block, &mut times.reference);
            time_block(&mut strict, block, &mut times.reference_on_ours);
            time_block(&mut floor, block, &mut times.floor);
        }
        black_box((&reference, &strict, &floor));
        times.turns += spec.turns as u32;
    }
    times
}

fn micros(total: Duration, turns: u32) -> f64 {
    total.as_secs_f64() * 1e6 / f64::from(turns)
}

fn print_ratios() {
    println!("\nplay: every NPC awake, a scripted player with 10^7 HP; per turn:");
    println!(
        "| level | games | ours | reference | reference/ours | reference on our world | \
         that/ours | floor | ours/floor |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for spec in &SIZES {
        let times = time_games(spec);
        let ours = micros(times.ours, times.turns);
        let reference = micros(times.reference, times.turns);
        let strict = micros(times.reference_on_ours, times.turns);
        let floor = micros(times.floor, times.turns);
        println!(
            "| {} | {} | {ours:.2} µs | {reference:.2} µs | {:.2}x | {strict:.2} µs | {:.2}x | \
             {floor:.2} µs | {:.2}x |",
            spec.name,
            spec.seeds,
            reference / ours,
            strict / ours,
            ours / floor
        );
    }
}

/// Something that plays a player's action and the turn that follows: ours, or the reference.
trait Plays {
    fn play(&mut self, action: PlayerAction);
}

impl Plays for Game {
    fn play(&mut self, action: PlayerAction) {
        black_box(self.act(action));
    }
}

impl<G: Ground> Plays for ReferenceTurns<G> {
    fn play(&mut self, action: PlayerAction) {
        let step = match action {
            PlayerAction::Move(direction) => Some(direction),
            _ => None,
        };
        self.turn(step);
    }
}

impl Plays for Floor {
    fn play(&mut self, action: PlayerAction) {
        black_box(self.turn(action));
    }
}

/// Criterion's view: a whole 400-turn game on a fresh level (made untimed), ours and the
/// reference's.
fn criterion_benches(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("play");
    group.sample_size(10);
    for spec in SIZES.iter().take(3) {
        let actions = script(1, TURNS);
        bench_games(
            &mut group,
            &format!("ours_{}", spec.name),
            &actions,
            |seed| our_game(seed, spec.size),
        );
        bench_games(
            &mut group,
            &format!("reference_{}", spec.name),
            &actions,
            |seed| reference_game(seed, spec.size),
        );
    }
    group.finish();
}

fn bench_games<G: Plays>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    actions: &[PlayerAction],
    new_game: impl Fn(u64) -> G,
) {
    let mut seed = 0;
    group.bench_function(format!("{name}_400_turns"), |b| {
        b.iter_batched(
            || {
                seed += 1;
                new_game(seed % 20)
            },
            |mut game| {
                for &action in actions {
                    game.play(action);
                }
                game
            },
            BatchSize::LargeInput,
        )
    });
}

fn main() {
    let mut criterion = common::criterion();
    criterion_benches(&mut criterion);
    criterion.final_summary();
    if common::timing_wanted("ratio") {
        print_ratios();
    }
}
