//! The turn benchmark's scale rows played for a profiler: scene (d), ten thousand wanderers, or
//! the crowd with allies (c_allies), built and settled as `benches/turn` settles them, then
//! `turns` turns played inside one function, `measured_turns`, so callgrind counts those alone:
//!
//! ```text
//! cargo build --release --example scene_turns
//! valgrind --tool=callgrind --toggle-collect='scene_turns::measured_turns' \
//!     target/release/examples/scene_turns d
//! ```
//!
//! Instruction counts are steady where times on a shared machine are not: docs/performance.md
//! and its dated notes (docs/notes/performance-history.md) compare them between commits
//! (build this example in a `git worktree` of the other one).
//! `scene_turns d|c [turns]`; prints the wall time a turn took.

#[allow(dead_code)]
#[path = "../benches/support/scenes.rs"]
mod scenes;

use std::time::Instant;

use umbra_rules::{Game, PlayerAction};

/// Turns played before counting, as the benchmark settles each scene.
const WANDER_SETTLE_TURNS: u32 = 600;
const CROWD_SETTLE_TURNS: u32 = 30;

#[inline(never)]
fn measured_turns(game: &mut Game, turns: u32) {
    for _ in 0..turns {
        std::hint::black_box(game.act(PlayerAction::Wait));
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let scene = args.next().unwrap_or_default();
    let turns = args.next().map(|text| text.parse::<u32>());
    let (mut game, settle, default_turns) = match scene.as_str() {
        "d" => (scenes::WANDERERS.build().game(), WANDER_SETTLE_TURNS, 30),
        "c" => (scenes::crowd_with_allies(), CROWD_SETTLE_TURNS, 1000),
        _ => {
            eprintln!(
                "usage: scene_turns d|c [turns] (d: ten thousand wanderers, c: the crowd with allies)"
            );
            std::process::exit(2);
        }
    };
    let turns = match turns {
        None => default_turns,
        Some(Ok(turns)) if turns > 0 => turns,
        Some(_) => {
            eprintln!("scene_turns: the number of turns must be a whole number above 0");
            std::process::exit(2);
        }
    };
    for _ in 0..settle {
        game.act(PlayerAction::Wait);
    }
    let start = Instant::now();
    measured_turns(&mut game, turns);
    println!("{:?} a turn over {turns} turns", start.elapsed() / turns);
}
