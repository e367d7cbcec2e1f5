//! What Umbra keeps: the save (a journal of actions plus a snapshot that spares a long replay),
//! recordings and the high scores. The byte formats are shared by every platform: each is
//! checked before it is decoded (a magic tag, a format version, a length and a CRC-32), and
//! `resume` turns a journal (and a snapshot, if one matches it) back into the game. Where the
//! bytes live is the edge's: files here, read only if they are regular files of bounded size and
//! written atomically where replaced whole; the browser build keeps them in local storage.

mod action_codes;
// The mark of a run's end in progress: only the native save keeps one.
#[cfg(feature = "native")]
mod ending;
mod format;
pub mod journal;
mod recording;
mod resume;
pub mod scores;
pub mod snapshot;

// Files: the native edge only (see the `native` feature in Cargo.toml).
#[cfg(feature = "native")]
mod files;
#[cfg(feature = "native")]
pub mod runs;
#[cfg(feature = "native")]
mod save;
#[cfg(feature = "native")]
mod save_writer;
#[cfg(feature = "native")]
mod slot_lock;

#[cfg(feature = "native")]
pub use files::{RecordingFile, check_writable_target, parent_dir, read_capped, read_watched};
pub use format::{LoadError, RulesId};
pub use recording::{RECORDING_SIZE_LIMIT, RecordingBytes, RecordingEnd, Watched};
pub use resume::{JournalCursor, Resumed, resume};
#[cfg(feature = "native")]
pub use save::{ClaimError, ClaimedSlot, FoundSave, SaveSlot, SavedGame};
#[cfg(feature = "native")]
pub use save_writer::SaveWriter;
