//! The chargrid roguelike tutorial's side of the harness: its five rules files (its `part-6-end`
//! branch, fetched by `run.sh`), its levels, the scripted player and its turn. Nothing here uses
//! Umbra. Built as a shared library too, whose turn `tutorial-vs-umbra` loads and times (the
//! `tutorial_*` functions at the end): that machine code is the same whatever Umbra's code is,
//! where in one binary with Umbra the tutorial's turn took 9–17 % more or less time as Umbra's
//! code moved its loops (docs/performance.md, "By the clock, the ratio misleads here").
#![allow(dead_code)]

pub mod behaviour;
pub mod game;
pub mod terrain;
pub mod visibility;
pub mod world;

use std::hint::black_box;
use std::time::Duration;

use coord_2d::Size;
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use terrain::TerrainTile;
use world::NpcType;

pub const TURNS: usize = 400;
pub const BLOCK: usize = 50;
/// Width, height and how many games (seeds 0 to n - 1) at each size.
pub const SIZES: [(u32, u32, u64); 3] = [(40, 30, 100), (80, 30, 100), (160, 90, 30)];

/// One action of the scripted player.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Wait,
    /// A step in the direction of this index into `CardinalDirection::all()` (north, east,
    /// south, west), which both `direction` versions order alike.
    Move(usize),
}

/// The play benchmark's scripted player: 30 % waits, 70 % moves in runs of one to six steps.
pub fn script(seed: u64, turns: usize) -> Vec<Step> {
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
            actions.push(Step::Wait);
            continue;
        }
        let direction = next(4) as usize;
        for _ in 0..=next(6) {
            actions.push(Step::Move(direction));
        }
    }
    actions.truncate(turns);
    actions
}

/// The tutorial's level for a seed, as its `World::populate` draws it, in Umbra's ASCII, and how
/// many NPCs it holds.
pub fn tutorial_level(seed: u64, width: u32, height: u32) -> (Vec<String>, usize) {
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

pub fn tutorial_game(seed: u64, width: u32, height: u32) -> game::GameState {
    game::GameState::new(
        Size::new(width, height),
        seed,
        visibility::VisibilityAlgorithm::Shadowcast,
    )
}

// Out of line so that callgrind can count the turns alone (footprint.sh).
#[inline(never)]
pub fn play_tutorial(game: &mut game::GameState, block: &[Step]) -> u32 {
    for &action in block {
        match action {
            Step::Move(d) => {
                let d = direction::CardinalDirection::all().nth(d).unwrap();
                game.maybe_move_player(d)
            }
            Step::Wait => game.wait_player(),
        }
        game.update_visibility(visibility::VisibilityAlgorithm::Shadowcast);
    }
    black_box(&game);
    block.len() as u32
}

/// A tutorial game, made in the shared library (the first of the three functions
/// `tutorial-vs-umbra` calls there): free it with [`tutorial_drop`].
#[no_mangle]
pub extern "C" fn tutorial_new(seed: u64, width: u32, height: u32) -> *mut game::GameState {
    Box::into_raw(Box::new(tutorial_game(seed, width, height)))
}

/// [`play_tutorial`] of `len` steps from `steps`.
///
/// # Safety
/// `game` is from [`tutorial_new`] and not yet dropped; `steps` points at `len` steps.
#[no_mangle]
pub unsafe extern "C" fn tutorial_play(
    game: *mut game::GameState,
    steps: *const Step,
    len: usize,
) -> u32 {
    play_tutorial(&mut *game, std::slice::from_raw_parts(steps, len))
}

/// # Safety
/// `game` is from [`tutorial_new`] and dropped only once.
#[no_mangle]
pub unsafe extern "C" fn tutorial_drop(game: *mut game::GameState) {
    drop(Box::from_raw(game));
}

/// The sizes played: every one, or the one `only` names by its width.
pub fn sizes(only: Option<&String>) -> impl Iterator<Item = (u32, u32, u64)> + '_ {
    SIZES
        .iter()
        .copied()
        .filter(move |&(w, _, _)| only.is_none_or(|only| only == &w.to_string()))
}

/// Microseconds each of `n`.
pub fn per(total: Duration, n: u32) -> f64 {
    total.as_secs_f64() * 1e6 / f64::from(n.max(1))
}
