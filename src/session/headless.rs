//! A recording played with no screen: its summary, or the state at one turn as a dump.

use crate::app::messages;
use umbra_rules::game::{Ending, History, Unscored};

/// The game of a recording as it stood when turn `turn` began (after the last action before
/// it; at the end if the recording stops sooner), as a state dump that `Game::from_dump` and
/// the scenario tests read back.
pub fn dump_at(recording: &History, turn: u64) -> String {
    let mut game = recording.start();
    for &action in &recording.actions {
        if game.turn() >= turn || game.is_over() {
            break;
        }
        game.act(action);
    }
    game.dump()
}

/// The result of replaying a recording with no screen.
pub fn headless_summary(recording: &History) -> String {
    let game = recording.play_to_end();
    let hit_points = game.player_hit_points();
    let outcome = match game.ending() {
        Some(Ending::Died { .. }) => "the player died".to_string(),
        Some(Ending::Won) => format!("the player took {}", crate::app::looks::prize()),
        None => "the player was still exploring".to_string(),
    };
    let wizard = match game.unscored() {
        Some(Unscored::Wizard) => ", in a wizard run",
        Some(Unscored::Omniscient) => ", with the whole level in view",
        None => "",
    };
    format!(
        "Replayed {} actions of seed {}: turn {}, depth {}, HP {}/{}, {}, {} left on this \
         depth; {outcome}{wizard}.\nState hash: {:08x}\n",
        recording.actions.len(),
        recording.seed,
        game.turn(),
        game.depth(),
        hit_points.current,
        hit_points.max,
        messages::counted(game.kills(), "kill", "kills"),
        messages::counted(game.enemies_left() as u64, "enemy", "enemies"),
        game.state_hash()
    )
}
