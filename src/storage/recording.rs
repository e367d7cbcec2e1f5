//! A whole game as its inputs: seed, options and every player action, enough to replay it. On
//! disk it is a journal (see `journal`), so a save can be replayed as a recording too.

use super::LoadError;
use super::journal::{self, RECORD_LEN};
use crate::game::{Game, GameOptions, PlayerAction};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recording {
    pub seed: u64,
    pub options: GameOptions,
    pub actions: Vec<PlayerAction>,
}

impl Recording {
    /// The largest recording or save read, in bytes: some thirteen million actions, far beyond
    /// any game a person plays, and small enough to read whole.
    pub const SIZE_LIMIT: u64 = 64 << 20;

    pub fn of(game: &Game) -> Self {
        Self {
            seed: game.seed(),
            options: game.options(),
            actions: game.actions().to_vec(),
        }
    }

    /// A fresh game from the recording's seed and options, before any action.
    pub fn start(&self) -> Game {
        Game::new(self.seed, self.options)
    }

    /// The game as it stood after the last recorded action.
    pub fn play_to_end(&self) -> Game {
        let mut game = self.start();
        for &action in &self.actions {
            game.act(action);
        }
        game
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let (mut bytes, mut chain) = journal::encode_header(self.seed, self.options);
        bytes.reserve(self.actions.len() * RECORD_LEN);
        journal::encode_actions(&mut chain, &self.actions, &mut bytes);
        bytes
    }

    /// Reads a recording; never panics, whatever the bytes. A torn last record (the file was
    /// being written when the machine stopped) is left out, as a save's would be.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, LoadError> {
        let decoded = journal::decode(bytes, None)?;
        Ok(Self {
            seed: decoded.seed,
            options: decoded.options,
            actions: decoded.actions,
        })
    }
}
