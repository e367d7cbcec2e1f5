//! A whole game as its inputs: seed, options and every player action, enough to replay it.

use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{LoadError, unwrap, wrap, write_atomically};
use crate::game::{Game, GameOptions, PlayerAction};

const MAGIC: &[u8; 8] = b"UMBRAREC";
/// Bump when the encoding of anything below changes.
const VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recording {
    pub seed: u64,
    pub options: GameOptions,
    pub actions: Vec<PlayerAction>,
}

impl Recording {
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
        let payload = postcard::to_allocvec(self).expect("recordings always encode");
        wrap(MAGIC, VERSION, &payload)
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Self, LoadError> {
        let payload = unwrap(MAGIC, VERSION, bytes)?;
        let recording: Self =
            postcard::from_bytes(payload).map_err(|e| LoadError::Invalid(e.to_string()))?;
        if !crate::terrain::is_valid_size(recording.options.map_size) {
            return Err(LoadError::Invalid("the map size is out of range".into()));
        }
        Ok(recording)
    }

    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        write_atomically(path, &self.to_bytes())
    }

    pub fn read(path: &Path) -> Result<Self, LoadError> {
        Self::from_bytes(&fs::read(path)?)
    }
}
