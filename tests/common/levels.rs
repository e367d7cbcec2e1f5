//! Measures of generated levels that a test asserts and the docs quote (tests/docs.rs checks the
//! docs' figure against the same measure).

use coord_2d::ICoord;
use umbra_rules::game::{FINAL_DEPTH, WizardCommand};
use umbra_rules::{Game, GameOptions, PlayerAction};

/// How much the open ground of whole runs' levels differs from level to level (the spread of
/// the walkable cells' count as a share of its mean): every depth of seeds 1 to 8, each reached
/// as a run reaches it (by the wizard's descent, which arrives as the stairs do).
pub fn open_ground_spread_of_whole_runs() -> f64 {
    let mut open_ground = Vec::new();
    for seed in 1..=8 {
        let mut game = Game::new(seed, GameOptions::default());
        for depth in 1..=FINAL_DEPTH {
            let size = game.size();
            let cells = (0..size.height() as i32)
                .flat_map(|y| (0..size.width() as i32).map(move |x| ICoord::new(x, y)));
            open_ground.push(cells.filter(|&c| !game.blocks_walking(c)).count() as f64);
            if depth < FINAL_DEPTH {
                game.act(PlayerAction::Wizard(WizardCommand::Descend));
                game.act(PlayerAction::Choose { boon: 0 });
            }
        }
    }
    spread(&open_ground)
}

/// The coefficient of variation: the standard deviation as a share of the mean.
pub fn spread(values: &[f64]) -> f64 {
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64;
    variance.sqrt() / mean
}
