//! Plays a fixed workload of whole turns, for timing one commit against another from outside
//! (`farm-bench --vs`): twenty generated levels of the default size, every one a scripted
//! player's 600 turns (runs of steps one way, a wait now and then), with hit points enough to
//! outlast every fight. Nothing burns and no gas drifts unless the level brings it (a bloat).
//! `cargo run --release --example turns -- SEEDS TURNS` for another workload.

use direction::CardinalDirection;
use umbra_rules::{Game, GameOptions, PlayerAction};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (seeds, turns) = match args[..] {
        [seeds, turns] => (seeds, turns),
        _ => (20, 600),
    };
    let mut hash = 0u64;
    for seed in 1..=seeds {
        let mut game =
            Game::new(seed, GameOptions::default()).with_player_max_hit_points(10_000_000);
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut direction = CardinalDirection::North;
        for _ in 0..turns {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let action = match state % 10 {
                0..=2 => PlayerAction::Wait,
                3 => {
                    direction = CardinalDirection::all()
                        .nth((state >> 8) as usize % 4)
                        .expect("four directions");
                    PlayerAction::Move(direction)
                }
                _ => PlayerAction::Move(direction),
            };
            game.act(action);
        }
        hash = hash.wrapping_add(u64::from(game.state_hash()));
    }
    println!("{hash}");
}
