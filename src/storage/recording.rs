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

impl RecordingBytes for History {
    fn to_bytes(&self) -> Vec<u8> {
        let (mut bytes, mut chain) = journal::encode_header(self.seed, self.options);
        bytes.reserve(self.actions.len() * RECORD_LEN);
        journal::encode_actions(&mut chain, &self.actions, &mut bytes);
        bytes
    }

    fn from_bytes(bytes: &[u8]) -> Result<Self, LoadError> {
        let decoded = journal::decode(bytes, None)?;
        Ok(Self {
            seed: decoded.seed,
            options: decoded.options,
            actions: decoded.actions,
        })
    }
}
