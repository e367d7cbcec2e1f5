//! Measures of generated levels that a test asserts and the docs quote (tests/docs.rs checks the
//! docs' figure against the same measure).

use coord_2d::ICoord;
use umbra_rules::game::{Brightness, FINAL_DEPTH, WizardCommand};
use umbra_rules::{Game, GameOptions, PlayerAction};

/// How much the open ground of whole runs' levels differs from level to level (the spread of
/// the walkable cells' count as a share of its mean): every depth of seeds 1 to 8, each reached
/// as a run reaches it (by the wizard's descent, which arrives as the stairs do).
pub fn open_ground_spread_of_whole_runs() -> f64 {
    let mut open_ground = Vec::new();
    every_level(1..=8, |_, _, game| {
        let size = game.size();
        let cells = (0..size.height() as i32)
            .flat_map(|y| (0..size.width() as i32).map(move |x| ICoord::new(x, y)));
        open_ground.push(cells.filter(|&c| !game.level().blocks_walking(c)).count() as f64);
    });
    spread(&open_ground)
}

/// The coefficient of variation: the standard deviation as a share of the mean.
pub fn spread(values: &[f64]) -> f64 {
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64;
    variance.sqrt() / mean
}

/// Each level of seeds `seeds` from depth 1 to 10, reached as a run reaches it (by the
/// wizard's descent, which arrives as the stairs do), shown to `look`.
pub fn every_level(seeds: std::ops::RangeInclusive<u64>, mut look: impl FnMut(u64, u32, &Game)) {
    for seed in seeds {
        let mut game = Game::new(seed, GameOptions::default());
        for depth in 1..=FINAL_DEPTH {
            look(seed, depth, &game);
            if depth < FINAL_DEPTH {
                game.act(PlayerAction::Wizard(WizardCommand::Descend));
                game.act(PlayerAction::Choose { boon: 0 });
            }
        }
    }
}

/// The open cells of a level that something other than the player's own light lights.
pub fn lit_ground(game: &Game) -> Vec<ICoord> {
    let size = game.size();
    (0..size.height() as i32)
        .flat_map(|y| (0..size.width() as i32).map(move |x| ICoord::new(x, y)))
        .filter(|&c| {
            !game.level().blocks_walking(c)
                && game.level().cell_light(c).brightness == Brightness::Lit
        })
        .collect()
}

/// The share of open ground lit (by anything but the player's own light) on each depth's
/// levels of seeds 1 to 8, depth 1 first.
pub fn lit_share_by_depth() -> Vec<f64> {
    let mut lit = vec![0usize; FINAL_DEPTH as usize];
    let mut open = vec![0usize; FINAL_DEPTH as usize];
    every_level(1..=8, |_, depth, game| {
        let size = game.size();
        let cells = (0..size.height() as i32)
            .flat_map(|y| (0..size.width() as i32).map(move |x| ICoord::new(x, y)));
        open[depth as usize - 1] += cells.filter(|&c| !game.level().blocks_walking(c)).count();
        lit[depth as usize - 1] += lit_ground(game).len();
    });
    lit.iter()
        .zip(&open)
        .map(|(&lit, &open)| lit as f64 / open.max(1) as f64)
        .collect()
}
