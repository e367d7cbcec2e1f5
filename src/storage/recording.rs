//! A game's [`History`] as bytes: a recording. On disk it is a journal (see `journal`), so a
//! save can be replayed as a recording too.

use umbra_rules::game::History;

use super::LoadError;
use super::journal::{self, RECORD_LEN};

/// The largest recording or save read, in bytes: some thirteen million actions, far beyond any
/// game a person plays, and small enough to read whole.
pub const RECORDING_SIZE_LIMIT: u64 = 64 << 20;

/// A history written as a recording's bytes and read back; the same bytes on every platform.
pub trait RecordingBytes: Sized {
    fn to_bytes(&self) -> Vec<u8>;

    /// Reads a recording; never panics, whatever the bytes. A torn last record (the file was
    /// being written when the machine stopped) is left out, as a save's would be.
    fn from_bytes(bytes: &[u8]) -> Result<Self, LoadError>;
}

/// How a recording read back ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordingEnd {
    /// Written whole and found whole: every action its end record counts.
    Whole,
    /// A save's journal, still being played (or stopped without ending): it holds what was kept
    /// so far; `torn_tail` when its last record was half written and is left out.
    Live { torn_tail: bool },
}

/// A recording read to be watched: the game's history and how its file ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Watched {
    pub history: History,
    pub end: RecordingEnd,
}

/// Reads a recording to watch; never panics. A file written whole that is cut short or altered
/// is refused; a live journal is read as far as it is intact.
pub fn watched_from_bytes(bytes: &[u8]) -> Result<Watched, LoadError> {
    let decoded = journal::decode(bytes, None)?;
    let end = if decoded.whole {
        RecordingEnd::Whole
    } else {
        RecordingEnd::Live {
            torn_tail: decoded.valid_len < bytes.len() as u64,
        }
    };
    let history = History {
        seed: decoded.seed,
        options: decoded.options,
        actions: decoded.actions,
    };
    Ok(Watched { history, end })
}

impl RecordingBytes for History {
    fn to_bytes(&self) -> Vec<u8> {
        let (mut bytes, mut chain) = journal::encode_header(self.seed, self.options, true);
        bytes.reserve(self.actions.len() * RECORD_LEN);
        journal::encode_actions(&mut chain, &self.actions, &mut bytes);
        journal::encode_end(&mut chain, self.actions.len() as u64, &mut bytes);
        bytes
    }

    fn from_bytes(bytes: &[u8]) -> Result<Self, LoadError> {
        watched_from_bytes(bytes).map(|watched| watched.history)
    }
}
