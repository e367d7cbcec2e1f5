//! Level generation per level, at 80×30 and at the largest size, for each room design on its own
//! (a profile that draws only that design) and for a cavern, next to the baseline of rectangles
//! alone (the design closest to the levels before there were designs). The ratios to the
//! baseline, measured alternately in the same run, are printed at the end, and the cost of the
//! lakes, chasms and bridges: the deepest profile with and without them.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use coord_2d::UCoord;
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra_rules::content::{DesignWeights, LevelProfile, profile_at};
use umbra_rules::terrain::{DesignKind, MAX_MAP_SIZE, generate_by_profile};

const SMALL: UCoord = UCoord::new_u16(80, 30);

/// A profile of the deepest window with every weight on `design` (a cavern: its chance at 100).
fn only(design: DesignKind) -> LevelProfile {
    let mut profile = profile_at(10).clone();
    let weight = |kind| u32::from(kind == design || design == DesignKind::Cavern);
    profile.designs = DesignWeights {
        rectangle: weight(DesignKind::Rectangle),
        cross: weight(DesignKind::Cross),
        circular: weight(DesignKind::Circular),
        chunky: weight(DesignKind::Chunky),
        cave: weight(DesignKind::Cave),
    };
    profile.cavern = if design == DesignKind::Cavern { 100 } else { 0 };
    profile.fill = (100, 100);
    profile
}

fn designs() -> Vec<DesignKind> {
    DesignKind::ALL
        .into_iter()
        .chain([DesignKind::Cavern])
        .collect()
}

/// One level of `profile` from the next seed; its time.
fn timed(size: UCoord, profile: &LevelProfile, seed: &mut u64) -> Duration {
    *seed += 1;
    let mut rng = Isaac64Rng::seed_from_u64(*seed);
    let start = Instant::now();
    black_box(generate_by_profile(size, 5, profile, &mut rng));
    start.elapsed()
}

fn main() {
    let mut criterion = common::criterion();
    let mut seed = 0;
    for (size, name, samples) in [(SMALL, "80x30", 20), (MAX_MAP_SIZE, "1000x1000", 10)] {
        let mut group = criterion.benchmark_group(format!("generate a level {name}"));
        group.sample_size(samples);
        for design in designs() {
            let profile = only(design);
            group.bench_function(format!("{design:?}"), |b| {
                b.iter_custom(|iters| (0..iters).map(|_| timed(size, &profile, &mut seed)).sum())
            });
        }
        group.finish();
    }
    criterion.final_summary();
    if common::timing_wanted("generate") {
        print_ratios(SMALL, "80x30", 200);
        print_ratios(MAX_MAP_SIZE, "1000x1000", 2);
        print_lakes(SMALL, "80x30", 200);
        print_lakes(MAX_MAP_SIZE, "1000x1000", 2);
    }
    if common::timing_wanted("shipped") {
        print_shipped(MAX_MAP_SIZE, "1000x1000", 3);
    }
}

/// Every depth of `seeds` runs as the game makes them (the shipped profiles, each depth from
/// its own seed): the slowest level and the mean.
fn print_shipped(size: UCoord, name: &str, seeds: u64) {
    let mut times = Vec::new();
    for seed in 1..=seeds {
        for depth in 1..=umbra_rules::balance::FINAL_DEPTH {
            let start = Instant::now();
            black_box(umbra_rules::game::level_of_run(seed, depth, size));
            times.push((start.elapsed(), seed, depth));
        }
    }
    let total: Duration = times.iter().map(|&(time, ..)| time).sum();
    let (slowest, seed, depth) = times.iter().copied().max().unwrap_or_default();
    println!(
        "generate {name} by the shipped profiles, depths 1-{} of seeds 1-{seeds}: {:?} a level, \
         slowest {slowest:?} (seed {seed}, depth {depth})",
        umbra_rules::balance::FINAL_DEPTH,
        total / times.len() as u32,
    );
}

/// The deepest window's profile as it is (lakes, chasms and bridges) against the same without
/// lakes, in alternating blocks.
fn print_lakes(size: UCoord, name: &str, levels: u32) {
    let with = profile_at(10).clone();
    let mut without = with.clone();
    without.lakes.most = 0;
    let mut seed = 2_000_000;
    let (mut own, mut base) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..5 {
        own += (0..levels)
            .map(|_| timed(size, &with, &mut seed))
            .sum::<Duration>();
        base += (0..levels)
            .map(|_| timed(size, &without, &mut seed))
            .sum::<Duration>();
    }
    println!(
        "generate {name} depth 10 with lakes: {:?} a level, {:.2}x without ({:?})",
        own / (5 * levels),
        own.as_secs_f64() / base.as_secs_f64(),
        base / (5 * levels),
    );
}

/// Each design against rectangles, in alternating blocks so the machine's drift hits both.
fn print_ratios(size: UCoord, name: &str, levels: u32) {
    let baseline = only(DesignKind::Rectangle);
    let mut seed = 1_000_000;
    for design in designs() {
        let profile = only(design);
        let (mut own, mut base) = (Duration::ZERO, Duration::ZERO);
        for _ in 0..5 {
            own += (0..levels)
                .map(|_| timed(size, &profile, &mut seed))
                .sum::<Duration>();
            base += (0..levels)
                .map(|_| timed(size, &baseline, &mut seed))
                .sum::<Duration>();
        }
        println!(
            "generate {name} {design:?}: {:?} a level, {:.2}x rectangles ({:?})",
            own / (5 * levels),
            own.as_secs_f64() / base.as_secs_f64(),
            base / (5 * levels),
        );
    }
}
