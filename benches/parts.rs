//! The parts of a turn and of a frame on their own: the NPCs' distance map, the player's field of
//! view, and drawing the app into a 100×40 frame buffer, with and without the debug views. Scenes come from `support/scenes.rs` and a
//! fixed-seed default level, as in the turn benchmarks.

mod common;

use std::hint::black_box;

use chargrid::core::{Component, FrameBuffer, UCoord};
use chargrid::input::KeyboardInput;
use coord_2d::ICoord;
use criterion::Criterion;
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra::app::GameApp;
use umbra::app::debug_aids::DebugFlags;
use umbra_rules::behaviour::BehaviourContext;
use umbra_rules::game::DEFAULT_MAP_SIZE;
// Each user of the shared scenes takes only the ones it needs.
#[allow(dead_code)]
#[path = "support/scenes.rs"]
mod scenes;
use umbra_rules::terrain::{self, Terrain};
use umbra_rules::visibility::{Omniscience, Visibility};
use umbra_rules::world::World;
use umbra_rules::{Game, GameOptions, PlayerAction};

/// The same seed as the turn benchmarks' default level.
const DEFAULT_MAP_SEED: u64 = scenes::SCENE_SEED;
const SCREEN: UCoord = UCoord::new_u16(100, 40);

/// The level `Game::new(DEFAULT_MAP_SEED, GameOptions::default())` plays on.
fn default_terrain() -> Terrain {
    let mut rng = Isaac64Rng::seed_from_u64(DEFAULT_MAP_SEED);
    terrain::generate(DEFAULT_MAP_SIZE, &mut rng)
}

fn crowd_terrain() -> Terrain {
    scenes::CROWD.build().terrain()
}

/// The distance map is rebuilt only when the player has moved, so the benchmark alternates between
/// two worlds whose players stand one cell apart: every `prepare` floods the map afresh.
/// NPCs are left out; the map is over open ground and ignores them.
fn distance_map(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("distance_map");
    for (name, mut terrain) in [
        ("b_default_80x30", default_terrain()),
        ("c_hall_250x250", crowd_terrain()),
    ] {
        terrain.npcs.clear();
        let here = World::from_terrain(&terrain);
        terrain.player = [ICoord::new(1, 0), ICoord::new(-1, 0), ICoord::new(0, 1)]
            .into_iter()
            .map(|step| terrain.player + step)
            .find(|&c| terrain.grid.get(c) == Some(&terrain::Ground::FLOOR))
            .expect("the player has an open neighbour");
        let there = World::from_terrain(&terrain);
        let worlds = [here, there];
        let mut context = BehaviourContext::new(&worlds[0]);
        let mut which = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                which ^= 1;
                context.prepare(black_box(&worlds[which]));
            });
        });
    }
    group.finish();
}

fn field_of_view(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("field_of_view");
    for (name, terrain) in [
        ("b_default_80x30", default_terrain()),
        ("c_hall_250x250", crowd_terrain()),
    ] {
        let world = World::from_terrain(&terrain);
        let mut visibility = Visibility::new(world.size());
        group.bench_function(name, |b| {
            b.iter(|| visibility.update(black_box(&world), Omniscience::Off));
        });
    }
    group.finish();
}

fn render(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("render");
    for (name, mut game) in [
        (
            "b_default_80x30",
            Game::new(DEFAULT_MAP_SEED, GameOptions::default()),
        ),
        ("c_250x250_1000_npcs", scenes::CROWD.build().game()),
    ] {
        // One turn first, so the screen shows a game in play, with messages.
        game.act(PlayerAction::Wait);
        let app = GameApp::new(game);
        let mut frame_buffer = FrameBuffer::new(SCREEN);
        group.bench_function(name, |b| {
            b.iter(|| {
                frame_buffer.clear();
                let ctx = frame_buffer.default_ctx();
                app.render(&(), ctx, &mut frame_buffer);
                black_box(&frame_buffer);
            });
        });
    }
    group.finish();
}

/// The crowd's frame with each debug view drawn over the map (`v` cycles them), and without:
/// the views must fit in a frame's budget on the largest crowd, and cost nothing when off.
fn debug_views(criterion: &mut Criterion) {
    let mut game = scenes::CROWD.build().game();
    game.act(PlayerAction::Wait);
    let flags = DebugFlags {
        overlays: true,
        wizard: false,
    };
    let mut app = GameApp::new(game).with_debug(flags);
    let mut group = criterion.benchmark_group("debug_views");
    let mut times = Vec::new();
    for view in VIEWS {
        let mut frame_buffer = FrameBuffer::new(SCREEN);
        let mut draw = || {
            frame_buffer.clear();
            let ctx = frame_buffer.default_ctx();
            app.render(&(), ctx, &mut frame_buffer);
            black_box(&frame_buffer);
        };
        group.bench_function(format!("c_250x250_1000_npcs_{view}"), |b| b.iter(&mut draw));
        if common::timing_wanted("debug_views") {
            times.push((view, mean_time(draw)));
        }
        common::press(&mut app, SCREEN, KeyboardInput::Char('v'));
    }
    group.finish();
    if let Some(&(_, plain)) = times.first() {
        for (view, time) in &times {
            println!(
                "debug_views {view}: {:.1} µs a frame, {:.2}× the frame without a view",
                time * 1e6,
                time / plain
            );
        }
    }
}

/// The views in the order `v` reaches them, from none.
const VIEWS: [&str; 6] = ["none", "distance", "safety", "minds", "noises", "sight"];

/// Seconds a call of `work` takes, on average over a second's calls.
fn mean_time(mut work: impl FnMut()) -> f64 {
    let start = std::time::Instant::now();
    let mut calls = 0u32;
    while start.elapsed().as_secs_f64() < 1.0 {
        work();
        calls += 1;
    }
    start.elapsed().as_secs_f64() / f64::from(calls)
}

fn main() {
    let mut criterion = common::criterion();
    distance_map(&mut criterion);
    field_of_view(&mut criterion);
    render(&mut criterion);
    debug_views(&mut criterion);
    criterion.final_summary();
}
