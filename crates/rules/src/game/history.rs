//! A whole game as its inputs: the seed, the options and every action the player sent. With the
//! same rules, that is the whole game: anything derived (the world, the log) is rebuilt from it.
//! How it is kept (a journal, a recording file, the browser's storage) is the edge's business.

use super::{Game, GameOptions, PlayerAction};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct History {
    pub seed: u64,
    pub options: GameOptions,
    pub actions: Vec<PlayerAction>,
}

impl History {
    pub fn of(game: &Game) -> Self {
        Self {
            seed: game.seed(),
            options: game.options(),
            actions: game.actions().to_vec(),
        }
    }

    /// A fresh game from the seed and options, before any action.
    pub fn start(&self) -> Game {
        Game::new(self.seed, self.options)
    }

    /// The game as it stood after the last action.
    pub fn play_to_end(&self) -> Game {
        let mut game = self.start();
        for &action in &self.actions {
            game.act(action);
        }
        game
    }
}
