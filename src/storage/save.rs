//! The save slot: one directory holding the living game's journal, its latest snapshot and a lock.
//! The journal is appended to as each action is taken, so the game survives anything that stops
//! the process; permadeath means a game that ended has no save.

use std::fmt;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::files::{
    check_creatable, create_private_dir, is_missing, open_in_slot, probe_writable,
    read_capped_in_slot, rename_aside, write_in_slot,
};
use super::journal::RECORD_LEN;
use super::recording::RECORDING_SIZE_LIMIT;
use super::{JournalCursor, LoadError, resume, snapshot};
use umbra_rules::game::Game;

const JOURNAL_NAME: &str = "save.umbra";
const SNAPSHOT_NAME: &str = "save.snapshot";
const LOCK_NAME: &str = "save.lock";

/// How often the journal is forced to the disk. Every action is written to the operating system
/// at once, which is all it takes to survive the process being killed, the terminal closing or
/// a crash; only a power cut or a kernel crash can lose what the disk has not yet been given.
/// An fsync per key press would cost milliseconds on slow disks (and a 200,000-key paste would
/// take minutes), so it happens at most once a second, and whenever a game is closed.
const SYNC_INTERVAL: Duration = Duration::from_secs(1);
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
        let mut options = OpenOptions::new();
        options.create(true).truncate(false).write(true);
        #[cfg(unix)]
        {
            // The owner's alone whatever the umask, like every other file of the save.
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let lock = open_in_slot(&self.dir.join(LOCK_NAME), &mut options).map_err(unusable)?;
        match lock.try_lock() {
            Ok(()) => (),
            Err(TryLockError::WouldBlock) => {
                return Err(ClaimError::InUse {
                    dir: self.dir.clone(),
                });
            }
            // A file system without locks still saves; it just cannot warn about a second copy.
            Err(TryLockError::Error(error)) if error.kind() == io::ErrorKind::Unsupported => (),
            Err(TryLockError::Error(error)) => return Err(unusable(error)),
        }
        Ok(ClaimedSlot {
            slot: self.clone(),
            _lock: lock,
        })
    }
}

/// A save slot this process holds the lock of.
#[derive(Debug)]
pub struct ClaimedSlot {
    slot: SaveSlot,
    _lock: File,
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

    fn snapshot_path(&self) -> PathBuf {
        self.slot.dir.join(SNAPSHOT_NAME)
    }

    /// The saved game, or `None` if there is none. The snapshot is used when it matches the
    /// journal; otherwise the whole journal is replayed.
    pub fn load(&self) -> Result<Option<SavedGame>, LoadError> {
        let path = self.path();
        let bytes = match read_capped_in_slot(&path, RECORDING_SIZE_LIMIT) {
            Ok(bytes) => bytes,
            Err(error) if is_missing(&error) => return Ok(None),
            Err(error) => return Err(error),
        };
        let snapshot = read_capped_in_slot(&self.snapshot_path(), snapshot::SIZE_LIMIT)
            .ok()
            .and_then(|bytes| snapshot::decode(&bytes));
        let resumed = resume(&bytes, snapshot)?;
        let (journal_len, cursor) = if resumed.whole {
            // A recording in the save's place: played on as a save, from a journal of its own.
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
        let writer = SaveWriter::new(file, self, journal_len as u64, cursor);
        Ok(Some(SavedGame {
            writer,
            replayed: resumed.replayed,
            game: resumed.game,
            torn_tail: resumed.torn_tail,
        }))
    }

    /// Starts the journal of a new game, replacing any save in one step.
    pub fn start(&self, game: &Game) -> io::Result<SaveWriter> {
        let (header, cursor) = JournalCursor::start(game);
        write_in_slot(&self.path(), &header)?;
        remove_if_present(&self.snapshot_path())?;
        let file = open_in_slot(&self.path(), OpenOptions::new().write(true))?;
        let mut writer = SaveWriter::new(file, self, header.len() as u64, cursor);
        writer.record(game)?;
        Ok(writer)
    }

    /// Removes the save: the game it held has ended.
    pub fn delete(&self) -> io::Result<()> {
        remove_if_present(&self.snapshot_path())?;
        remove_if_present(&self.path())
    }

    /// Renames an unreadable save out of the way (never over an earlier one) and returns where
    /// it went, so nothing the player had is silently lost.
    pub fn set_aside(&self) -> io::Result<PathBuf> {
        let aside = rename_aside(&self.path())?;
        remove_if_present(&self.snapshot_path())?;
        Ok(aside)
    }
}

fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// Keeps a living game's journal current: call [`SaveWriter::record`] after every action.
pub struct SaveWriter {
    file: File,
    /// Where the journal is: the open file must still be the one found there.
    path: PathBuf,
    snapshot_path: PathBuf,
    /// The journal was found gone (deleted, or replaced by another file) and was written again
    /// from the game in memory; taken by [`SaveWriter::take_rewritten`].
    rewritten: bool,
    /// Bytes of journal known to be written; a failed append is cut back to this.
    journal_len: u64,
    cursor: JournalCursor,
    /// Reused for every append, so keeping the save allocates nothing per turn.
    buffer: Vec<u8>,
    last_sync: Instant,
}

impl SaveWriter {
    fn new(file: File, slot: &ClaimedSlot, journal_len: u64, cursor: JournalCursor) -> Self {
        Self {
            file,
            path: slot.path(),
            snapshot_path: slot.snapshot_path(),
            rewritten: false,
            journal_len,
            cursor,
            buffer: Vec::with_capacity(64 * RECORD_LEN),
            last_sync: Instant::now(),
        }
    }

    /// Appends the actions the game has taken since the last call. On failure nothing half-done
    /// stays in the journal, and the next call tries those actions again.
    pub fn record(&mut self, game: &Game) -> io::Result<()> {
        self.buffer.clear();
        let next = self.cursor.encode_new(game, &mut self.buffer);
        if !self.buffer.is_empty() {
            if let Err(error) = self.append() {
                // Cut off whatever part of the append did land, so the journal stays whole.
                let _ = self.file.set_len(self.journal_len);
                return Err(error);
            }
            self.journal_len += self.buffer.len() as u64;
            self.cursor = next;
        }
        if self.last_sync.elapsed() >= SYNC_INTERVAL {
            self.sync(game)?;
        }
        if self.cursor.snapshot_due() {
            self.snapshot(game)?;
        }
        Ok(())
    }

    fn append(&mut self) -> io::Result<()> {
        self.file.seek(SeekFrom::Start(self.journal_len))?;
        self.file.write_all(&self.buffer)
    }

    /// Forces the journal to the disk, first writing it again from `game` if it is no longer
    /// the file at its path (someone deleted it, or the whole directory): what was appended to
    /// the lost file is not lost, since the game in memory holds every action.
    fn sync(&mut self, game: &Game) -> io::Result<()> {
        if !self.is_in_place() {
            self.rewrite(game)?;
            self.rewritten = true;
        }
        self.file.sync_data()?;
        self.last_sync = Instant::now();
        Ok(())
    }

    /// The open journal is still the file at its path: linked, and the same inode.
    fn is_in_place(&self) -> bool {
        use std::os::unix::fs::MetadataExt;
        let (Ok(open), Ok(named)) = (self.file.metadata(), fs::symlink_metadata(&self.path)) else {
            return false;
        };
        open.nlink() > 0 && open.dev() == named.dev() && open.ino() == named.ino()
    }

    fn rewrite(&mut self, game: &Game) -> io::Result<()> {
        let dir = super::parent_dir(&self.path);
        if !dir.is_dir() {
            create_private_dir(dir)?;
        }
        let (bytes, cursor) = JournalCursor::whole(game);
        write_in_slot(&self.path, &bytes)?;
        self.file = open_in_slot(&self.path, OpenOptions::new().write(true))?;
        self.journal_len = bytes.len() as u64;
        self.cursor = cursor;
        Ok(())
    }

    /// True once after the journal was found gone and written again.
    pub fn take_rewritten(&mut self) -> bool {
        std::mem::take(&mut self.rewritten)
    }

    /// The journal is on the disk first, so a snapshot never gets ahead of its journal.
    fn snapshot(&mut self, game: &Game) -> io::Result<()> {
        self.sync(game)?;
        let bytes = snapshot::encode(game, self.cursor.chain());
        write_in_slot(&self.snapshot_path, &bytes)?;
        self.cursor.snapshot_taken(bytes.len());
        Ok(())
    }

    /// Leaves the save ready for the next start: every action on the disk, and a snapshot of
    /// the game as it stands so resuming replays nothing.
    pub fn close(&mut self, game: &Game) -> io::Result<()> {
        self.record(game)?;
        if self.cursor.is_ahead_of_snapshot() {
            self.snapshot(game)?;
        }
        self.sync(game)
    }
}
