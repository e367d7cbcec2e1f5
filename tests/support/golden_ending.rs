//! How a golden recording's game ended, as its `.hashes` file says it: written by the balance
//! example when it records (`examples/balance/golden.rs`) and compared by `tests/golden.rs`.

use umbra_rules::Game;
use umbra_rules::game::Ending;

pub fn ending_line(game: &Game) -> String {
    let how = match game.ending() {
        Some(Ending::Won) => "won",
        Some(Ending::Died { .. }) => "died",
        None => "alive",
    };
    format!(
        "ends {how} depth {} turn {} actions {} score {} kills {}",
        game.depth(),
        game.turn(),
        game.actions().len(),
        game.score(),
        game.kills()
    )
}
