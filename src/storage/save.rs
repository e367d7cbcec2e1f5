//! The save slot: where a living game waits between sessions. Permadeath means a game that ended
//! has no save.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::{LoadError, unwrap, wrap, write_atomically};
use crate::game::Game;

const MAGIC: &[u8; 8] = b"UMBRASAV";
/// Bump when the encoding of the game state changes; older saves are then set aside.
const VERSION: u32 = 1;
const FILE_NAME: &str = "save.umbra";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveSlot {
    path: PathBuf,
}

impl SaveSlot {
    pub fn in_dir(dir: &Path) -> Self {
        Self {
            path: dir.join(FILE_NAME),
        }
    }

    /// The platform's data directory for Umbra, if the platform has one.
    pub fn default_location() -> Option<Self> {
        let dirs = directories::ProjectDirs::from("", "", "umbra")?;
        Some(Self::in_dir(dirs.data_dir()))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The saved game, or `None` if there is no save.
    pub fn load(&self) -> Result<Option<Game>, LoadError> {
        let bytes = match fs::read(&self.path) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(error.into()),
        };
        Self::decode(&bytes).map(Some)
    }

    pub fn store(&self, game: &Game) -> io::Result<()> {
        write_atomically(&self.path, &Self::encode(game))
    }

    /// The bytes of a save file holding `game`.
    pub fn encode(game: &Game) -> Vec<u8> {
        wrap(MAGIC, VERSION, &game.to_save_bytes())
    }

    /// Reads the bytes of a save file; never panics, whatever the bytes.
    pub fn decode(bytes: &[u8]) -> Result<Game, LoadError> {
        Game::from_save_bytes(unwrap(MAGIC, VERSION, bytes)?)
    }

    /// Removes the save; no save is not an error.
    pub fn delete(&self) -> io::Result<()> {
        match fs::remove_file(&self.path) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
            _ => Ok(()),
        }
    }

    /// Renames an unreadable save out of the way (never over an earlier one) and returns where
    /// it went, so nothing the player had is silently lost.
    pub fn set_aside(&self) -> io::Result<PathBuf> {
        let mut n = 0;
        loop {
            let mut name = self.path.as_os_str().to_owned();
            name.push(if n == 0 {
                ".unreadable".to_string()
            } else {
                format!(".unreadable.{n}")
            });
            let aside = PathBuf::from(name);
            if !aside.exists() {
                fs::rename(&self.path, &aside)?;
                return Ok(aside);
            }
            n += 1;
        }
    }
}
