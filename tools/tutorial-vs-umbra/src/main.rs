//! The chargrid roguelike tutorial's own turn (its `part-6-end` branch, fetched by `run.sh`)
//! against Umbra's, on the tutorial's own levels (its rooms and L-corridors, drawn by its own
//! generator from the same seed) and the play benchmark's scripted player, alternating blocks
//! of 50 actions within each game, with Umbra's floor (`umbra_rules::turn_floor`: a turn with
//! no NPC phase) beside them. Umbra takes no turn for a step into a wall where the tutorial runs its whole
//! turn, so the fair unit is the time per turn taken; per action is printed beside it.
//!
//! `tutorial-vs-umbra [ratio|umbra|tutorial|floor] [runs] [width]`: `umbra`, `tutorial` or
//! `floor` plays one alone, for callgrind and cachegrind (`cost-model.sh`); with
//! `-setup` after it (`umbra-setup`) it only makes the games, whose counts docs/performance.md's
//! cost model subtracts. `width` keeps one size. `pad` prices code that leaves the instruction
//! cache: the tutorial's turn played as it is and followed by 16 KB and 32 KB of no-ops
//! (`pad.rs`), alternating, against those no-ops run hot; `pad-jumps` the same with pads that
//! are chains of jumps in a scattered order, which the fetch of the next line does not help.
#![allow(dead_code)]

mod behaviour;
mod game;
mod pad;
mod terrain;
mod visibility;
mod world;

use std::hint::black_box;
use std::time::{Duration, Instant};

use coord_2d::Size;
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use terrain::TerrainTile;
use umbra_rules::game::TurnOutcome;
use umbra_rules::turn_floor::Floor;
use umbra_rules::world::World;
use umbra_rules::{Game, GameOptions, PlayerAction};
use world::NpcType;

const TURNS: usize = 400;
const BLOCK: usize = 50;
const SIZES: [(u32, u32, u64); 3] = [(40, 30, 100), (80, 30, 100), (160, 90, 30)];

/// The play benchmark's scripted player: 30 % waits, 70 % moves in runs of one to six steps.
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
        let direction = direction19::CardinalDirection::all()
            .nth(next(4) as usize)
            .unwrap();
        for _ in 0..=next(6) {
            actions.push(PlayerAction::Move(direction));
        }
    }
    actions.truncate(turns);
    actions
}

/// The tutorial's level for a seed, as its `World::populate` draws it, in Umbra's ASCII.
fn tutorial_level(seed: u64, width: u32, height: u32) -> (Vec<String>, usize) {
    let mut rng = Isaac64Rng::seed_from_u64(seed);
    let grid = terrain::generate_dungeon(Size::new(width, height), &mut rng);
    let mut rows = vec![String::new(); height as usize];
    let mut npcs = 0;
    for (coord, tile) in grid.enumerate() {
        let ch = match tile {
            TerrainTile::Player => '@',
            TerrainTile::Floor => '.',
            TerrainTile::Wall => '#',
            TerrainTile::Npc(NpcType::Orc) => 'o',
            TerrainTile::Npc(NpcType::Troll) => 'T',
        };
        if matches!(tile, TerrainTile::Npc(_)) {
            npcs += 1;
        }
        rows[coord.y as usize].push(ch);
    }
    (rows, npcs)
}

fn umbra_game(rows: &[String], width: u32, height: u32) -> Game {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let options = GameOptions {
        map_size: coord_2d_04::UCoord::new(width, height),
        ..GameOptions::default()
    };
    let (game, _) = Game::from_ascii(&rows, options).expect("a tutorial level reads");
    game.with_player_max_hit_points(10_000_000)
        .with_every_npc_awake()
}

/// Umbra's floor on the tutorial's level drawn in `rows`.
fn floor_game(rows: &[String]) -> Floor {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (terrain, _) = umbra_rules::terrain::from_ascii(&rows).expect("a tutorial level reads");
    Floor::new(World::from_terrain(&terrain))
}

fn tutorial_game(seed: u64, width: u32, height: u32) -> game::GameState {
    game::GameState::new(
        Size::new(width, height),
        seed,
        visibility::VisibilityAlgorithm::Shadowcast,
    )
}

// Out of line so that callgrind can count the turns alone (footprint.sh).
#[inline(never)]
fn play_umbra(game: &mut Game, block: &[PlayerAction]) -> u32 {
    let mut taken = 0;
    for &action in block {
        if let TurnOutcome::TurnTaken = black_box(game.act(action)) {
            taken += 1;
        }
    }
    taken
}

// Out of line so that callgrind can count the turns alone (footprint.sh).
#[inline(never)]
fn play_floor(floor: &mut Floor, block: &[PlayerAction]) -> u32 {
    let mut taken = 0;
    for &action in block {
        taken += u32::from(black_box(floor.turn(action)));
    }
    taken
}

// Out of line so that callgrind can count the turns alone (footprint.sh).
#[inline(never)]
fn play_tutorial(game: &mut game::GameState, block: &[PlayerAction]) -> u32 {
    for &action in block {
        match action {
            PlayerAction::Move(d) => {
                let d = direction::CardinalDirection::all().nth(d as usize).unwrap();
                game.maybe_move_player(d)
            }
            _ => game.wait_player(),
        }
        game.update_visibility(visibility::VisibilityAlgorithm::Shadowcast);
    }
    black_box(&game);
    block.len() as u32
}

#[derive(Default)]
struct Times {
    umbra: Duration,
    tutorial: Duration,
    floor: Duration,
    umbra_turns: u32,
    tutorial_turns: u32,
    floor_turns: u32,
    actions: u32,
    npcs: usize,
}

fn run(width: u32, height: u32, seeds: u64, which: &str) -> Times {
    let mut t = Times::default();
    for seed in 0..seeds {
        let (rows, npcs) = tutorial_level(seed, width, height);
        t.npcs += npcs;
        let actions = script(seed, TURNS);
        let side = which.trim_end_matches("-setup");
        let mut umbra = matches!(side, "ratio" | "umbra").then(|| umbra_game(&rows, width, height));
        let mut tutorial =
            matches!(side, "ratio" | "tutorial").then(|| tutorial_game(seed, width, height));
        let mut floor = matches!(side, "ratio" | "floor").then(|| floor_game(&rows));
        if side != which {
            black_box((&umbra, &tutorial, &floor));
            continue;
        }
        for block in actions.chunks(BLOCK) {
            if let Some(g) = umbra.as_mut() {
                let start = Instant::now();
                t.umbra_turns += play_umbra(g, block);
                t.umbra += start.elapsed();
            }
            if let Some(f) = floor.as_mut() {
                let start = Instant::now();
                t.floor_turns += play_floor(f, block);
                t.floor += start.elapsed();
            }
            if let Some(g) = tutorial.as_mut() {
                let start = Instant::now();
                t.tutorial_turns += play_tutorial(g, block);
                t.tutorial += start.elapsed();
            }
        }
        t.actions += actions.len() as u32;
    }
    t
}

/// The tutorial's turn plain and followed by each pad, alternating in blocks on the same
/// games, and each pad run hot in a loop as many times: the time a turn of each, in order
/// plain, padded by 256 lines, padded by 512, then the two pads hot. `jumps`: the pads are
/// chains of jumps in a scattered order, not no-ops in a row.
fn run_pad(width: u32, height: u32, seeds: u64, jumps: bool) -> [Duration; 5] {
    let mut t = [Duration::ZERO; 5];
    let mut turns = 0;
    let pads: [fn(); 2] = match jumps {
        true => [pad::jumps::<256>, pad::jumps::<512>],
        false => [pad::lines::<256>, pad::lines::<512>],
    };
    for seed in 0..seeds {
        let actions = script(seed, TURNS);
        let mut games: Vec<_> = (0..3).map(|_| tutorial_game(seed, width, height)).collect();
        for block in actions.chunks(BLOCK) {
            for (i, game) in games.iter_mut().enumerate() {
                let start = Instant::now();
                match i {
                    0 => {
                        play_tutorial(game, block);
                    }
                    _ => play_tutorial_padded(game, block, pads[i - 1]),
                }
                t[i] += start.elapsed();
            }
            for (i, pad) in pads.iter().enumerate() {
                let start = Instant::now();
                for _ in block {
                    pad();
                }
                t[3 + i] += start.elapsed();
            }
            turns += block.len() as u32;
        }
    }
    t.map(|d| d / turns.max(1))
}

/// [`play_tutorial`], with `pad` run after each turn.
#[inline(never)]
fn play_tutorial_padded(game: &mut game::GameState, block: &[PlayerAction], pad: fn()) {
    for action in block {
        play_tutorial(game, std::slice::from_ref(action));
        pad();
    }
}

/// The sizes played: every one, or the one `only` names by its width.
fn sizes(only: Option<&String>) -> impl Iterator<Item = (u32, u32, u64)> + '_ {
    SIZES
        .iter()
        .copied()
        .filter(move |&(w, _, _)| only.is_none_or(|only| only == &w.to_string()))
}

fn per(total: Duration, n: u32) -> f64 {
    total.as_secs_f64() * 1e6 / f64::from(n.max(1))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map(String::as_str).unwrap_or("ratio");
    let runs: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    if which == "pad" || which == "pad-jumps" {
        println!("| size | tutorial's turn | + 256 lines | + 512 lines | 256 lines hot | 512 lines hot | a line fetched again, each turn |");
        println!("|---|---|---|---|---|---|---|");
        for _ in 0..runs {
            for (w, h, seeds) in sizes(args.get(3)) {
                let [plain, p256, p512, hot256, hot512] =
                    run_pad(w, h, seeds, which == "pad-jumps").map(|d| d.as_secs_f64() * 1e6);
                let line = |padded: f64, hot: f64, n: f64| (padded - plain - hot) * 1e3 / n;
                println!(
                    "| {w}x{h} | {plain:.2} µs | {p256:.2} µs | {p512:.2} µs | {hot256:.3} µs | {hot512:.3} µs | {:.1} ns; {:.1} ns |",
                    line(p256, hot256, 256.0),
                    line(p512, hot512, 512.0)
                );
            }
        }
        return;
    }
    println!("| size | games | NPCs a level | Umbra per turn taken | tutorial per turn | ratio | Umbra's floor per turn taken | tutorial / floor | Umbra per action | ratio per action | Umbra turns taken | turns taken (Umbra; floor; tutorial) |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for _ in 0..runs {
        for (w, h, seeds) in sizes(args.get(3)) {
            let t = run(w, h, seeds, which);
            let u = per(t.umbra, t.umbra_turns);
            let r = per(t.tutorial, t.tutorial_turns);
            let f = per(t.floor, t.floor_turns);
            let ua = per(t.umbra, t.actions);
            println!(
                "| {w}x{h} | {seeds} | {:.1} | {u:.2} µs | {r:.2} µs | {:.2}x | {f:.2} µs | {:.2}x | {ua:.2} µs | {:.2}x | {:.0} % | {}; {}; {} |",
                t.npcs as f64 / seeds as f64,
                r / u,
                r / f,
                r / ua,
                100.0 * f64::from(t.umbra_turns) / f64::from(t.actions),
                t.umbra_turns,
                t.floor_turns,
                t.tutorial_turns
            );
        }
    }
}
