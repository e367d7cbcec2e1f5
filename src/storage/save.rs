//! The save slot: one directory holding the living game's journal, its latest snapshot and a lock.
//! The journal is appended to as each action is taken, so the game survives anything that stops
//! the process; permadeath means a game that ended has no save.

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::ending::{self, EndMark};
use super::files::{
    PROBE_PREFIX, TEMPORARY_PREFIX, TEMPORARY_SUFFIX, check_creatable, is_missing, open_in_slot,
    probe_writable, read_capped_in_slot, rename_aside, sync_dir, write_in_slot,
};
use super::recording::RECORDING_SIZE_LIMIT;
use super::save_writer::SaveWriter;
use super::scores::RunId;
use super::slot_lock::{self, Lock, SharedLock};
use super::{JournalCursor, LoadError, resume, snapshot};
use super::{Resumed, runs};
use umbra_rules::game::Game;

const JOURNAL_NAME: &str = "save.umbra";
const SNAPSHOT_NAME: &str = "save.snapshot";
const END_MARK_NAME: &str = "save.ending";

/// The names of the temporary files [`super::files`] writes before a rename.
fn is_a_leftover(name: &str) -> bool {
    let temporary = name.starts_with(TEMPORARY_PREFIX) && name.ends_with(TEMPORARY_SUFFIX);
    temporary || name.starts_with(PROBE_PREFIX)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveSlot {
    dir: PathBuf,
}

/// Why a save slot cannot be used by this process.
#[derive(Debug)]
pub enum ClaimError {
    Unusable { dir: PathBuf, error: io::Error },
    InUse { dir: PathBuf },
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unusable { dir, error } => {
                write!(f, "cannot keep a save in {}: {error}", dir.display())
            }
            Self::InUse { dir } => write!(
                f,
                "the save in {} is in use by another Umbra; finish that one first, or play \
                 another game elsewhere with --save-dir",
                dir.display()
            ),
        }
    }
}

impl std::error::Error for ClaimError {}

impl SaveSlot {
    pub fn in_dir(dir: &Path) -> Self {
        Self {
            dir: dir.to_path_buf(),
        }
    }

    /// The platform's data directory for Umbra, if the platform has one.
    pub fn default_location() -> Option<Self> {
        let dirs = directories::ProjectDirs::from("", "", "umbra")?;
        Some(Self::in_dir(dirs.data_dir()))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the journal, the save proper, lives.
    pub fn path(&self) -> PathBuf {
        self.dir.join(JOURNAL_NAME)
    }

    /// For a slot whose directory is not there yet: whether it could be made, found without
    /// making it (see [`SaveSlot::claim`] for the errors' words).
    pub fn check_creatable(&self) -> Result<(), ClaimError> {
        check_creatable(&self.dir).map_err(|error| ClaimError::Unusable {
            dir: self.dir.clone(),
            error,
        })
    }

    /// Makes the slot this process's: proves the directory can hold files (creating it if need
    /// be) and takes its lock, so a second Umbra on the same slot is turned away instead of
    /// silently overwriting the first one's progress. The lock is the operating system's, so it
    /// is released however the process ends.
    pub fn claim(&self) -> Result<ClaimedSlot, ClaimError> {
        let unusable = |error| ClaimError::Unusable {
            dir: self.dir.clone(),
            error,
        };
        if self.dir.exists() && !self.dir.is_dir() {
            return Err(unusable(io::Error::other("it is not a directory")));
        }
        probe_writable(&self.dir).map_err(unusable)?;
        match slot_lock::take(&self.dir).map_err(unusable)? {
            Lock::Held(lock) => Ok(ClaimedSlot {
                slot: self.clone(),
                lock: Arc::new(Mutex::new(lock)),
            }),
            Lock::InUse => Err(ClaimError::InUse {
                dir: self.dir.clone(),
            }),
        }
    }
}

/// A save slot this process holds the lock of.
#[derive(Debug)]
pub struct ClaimedSlot {
    slot: SaveSlot,
    /// Shared with the writers, which take it again if the directory is written back.
    lock: SharedLock,
}

/// A saved game read back and not yet taken up (nothing written).
pub struct FoundSave(Resumed);

impl FoundSave {
    pub fn game(&self) -> &Game {
        &self.0.game
    }
}

/// A saved game read back, with the writer that continues its journal.
pub struct SavedGame {
    pub game: Game,
    /// The journal ended in a record the machine did not finish writing; it was cut off.
    pub torn_tail: bool,
    /// Actions replayed to reach the game: those after the snapshot, or all of them when no
    /// snapshot could be used.
    pub replayed: usize,
    pub writer: SaveWriter,
}

impl ClaimedSlot {
    pub fn path(&self) -> PathBuf {
        self.slot.path()
    }

    /// The directory the save lives in, where finished runs and high scores are kept too.
    pub fn dir(&self) -> &Path {
        self.slot.dir()
    }

    /// The writer that continues the journal `file`, holding the slot's lock with it.
    fn writer(&self, file: std::fs::File, journal_len: u64, cursor: JournalCursor) -> SaveWriter {
        let paths = (self.path(), self.snapshot_path());
        SaveWriter::new(file, paths, Arc::clone(&self.lock), journal_len, cursor)
    }

    fn snapshot_path(&self) -> PathBuf {
        self.slot.dir.join(SNAPSHOT_NAME)
    }

    fn end_mark_path(&self) -> PathBuf {
        self.slot.dir.join(END_MARK_NAME)
    }

    /// The saved game, or `None` if there is none, taken up at once (see [`ClaimedSlot::read`]
    /// and [`ClaimedSlot::take_up`]).
    pub fn load(&self) -> Result<Option<SavedGame>, LoadError> {
        match self.read()? {
            Some(found) => Ok(Some(self.take_up(found)?)),
            None => Ok(None),
        }
    }

    /// The saved game read back, or `None` if there is none, without writing anything: a start
    /// that turns out not to go ahead (no terminal, say) leaves the save exactly as it was. The
    /// snapshot is used when it matches the journal; otherwise the whole journal is replayed.
    pub fn read(&self) -> Result<Option<FoundSave>, LoadError> {
        let bytes = match read_capped_in_slot(&self.path(), RECORDING_SIZE_LIMIT) {
            Ok(bytes) => bytes,
            Err(error) if is_missing(&error) => return Ok(None),
            Err(error) => return Err(error),
        };
        let snapshot = read_capped_in_slot(&self.snapshot_path(), snapshot::SIZE_LIMIT)
            .ok()
            .and_then(snapshot::decode);
        Ok(Some(FoundSave(resume(&bytes, snapshot)?)))
    }

    /// Makes a save read back the one being played: a torn last record is cut off, a recording
    /// in the save's place gets a journal of its own, and appending continues from there.
    pub fn take_up(&self, found: FoundSave) -> io::Result<SavedGame> {
        let FoundSave(resumed) = found;
        let path = self.path();
        let (journal_len, cursor) = if resumed.whole {
            let (bytes, cursor) = JournalCursor::whole(&resumed.game);
            write_in_slot(&path, &bytes)?;
            (bytes.len(), cursor)
        } else {
            (resumed.valid_len, resumed.cursor)
        };
        let file = open_in_slot(&path, OpenOptions::new().read(true).write(true))?;
        if resumed.torn_tail {
            file.set_len(journal_len as u64)?;
        }
        let writer = self.writer(file, journal_len as u64, cursor);
        Ok(SavedGame {
            writer,
            replayed: resumed.replayed,
            game: resumed.game,
            torn_tail: resumed.torn_tail,
        })
    }

    /// The run number of the finished `game`: the one an interrupted end of this same run
    /// reserved, or else the next free one, reserved now (before anything of the end is
    /// written), so however often the end is begun again the run is kept once.
    pub fn run_number(&self, game: &Game) -> io::Result<u32> {
        slot_lock::check_in_place(self.dir())?;
        slot_lock::hold_again(&self.lock, self.dir())?;
        let run = RunId::of(game);
        let path = self.end_mark_path();
        let marked = read_capped_in_slot(&path, ending::SIZE_LIMIT)
            .ok()
            .and_then(|bytes| ending::decode(&bytes));
        if let Some(mark) = marked.filter(|mark| mark.run == run) {
            return Ok(mark.number);
        }
        let number = runs::next_run_number(self.dir())?;
        write_in_slot(&path, &ending::encode(&EndMark { run, number }))?;
        Ok(number)
    }

    /// Removes what a process killed mid-write left in the slot: the game's own temporary
    /// files (named as only Umbra names them) and the mark of a run's end whose save is
    /// already gone. Called only while holding the lock, so no other Umbra is writing them.
    pub fn remove_leftovers(&self) -> io::Result<()> {
        let mark = self.end_mark_path();
        if fs::symlink_metadata(&mark).is_ok() && fs::symlink_metadata(self.path()).is_err() {
            remove_if_present(&mark)?;
        }
        for entry in fs::read_dir(self.dir())? {
            let entry = entry?;
            let name = entry.file_name();
            let ours = name.to_str().is_some_and(is_a_leftover);
            // Only files (and links, which removing never follows): a directory is not ours.
            if ours && !entry.file_type()?.is_dir() {
                remove_if_present(&entry.path())?;
            }
        }
        Ok(())
    }

    /// Starts the journal of a new game, replacing any save in one step.
    pub fn start(&self, game: &Game) -> io::Result<SaveWriter> {
        let (header, cursor) = JournalCursor::start(game);
        write_in_slot(&self.path(), &header)?;
        remove_if_present(&self.snapshot_path())?;
        let file = open_in_slot(&self.path(), OpenOptions::new().write(true))?;
        let mut writer = self.writer(file, header.len() as u64, cursor);
        writer.record(game)?;
        Ok(writer)
    }

    /// Removes the save: the game it held has ended. The mark of its end goes last, so an end
    /// interrupted before the save is gone is finished under the same run number.
    pub fn delete(&self) -> io::Result<()> {
        slot_lock::check_in_place(self.dir())?;
        remove_if_present(&self.snapshot_path())?;
        remove_if_present(&self.path())?;
        remove_if_present(&self.end_mark_path())?;
        sync_dir(self.dir())
    }

    /// Renames an unreadable save out of the way (never over an earlier one) and returns where
    /// it went, so nothing the player had is silently lost.
    pub fn set_aside(&self) -> io::Result<PathBuf> {
        let aside = rename_aside(&self.path())?;
        remove_if_present(&self.snapshot_path())?;
        Ok(aside)
    }
}

pub(super) fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}
