//! The living game's journal, appended to after every action, synced at most once a second,
//! written again if it vanishes, with a snapshot now and then.

use std::fs::{File, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::JournalCursor;
use super::files::{open_in_slot, write_in_slot};
use super::journal::RECORD_LEN;
use super::slot_lock::{self, SharedLock};
use umbra_rules::game::Game;

/// How often the journal is forced to the disk. Every action is written to the operating system
/// at once, which is all it takes to survive the process being killed, the terminal closing or
/// a crash; only a power cut or a kernel crash can lose what the disk has not yet been given.
/// An fsync per key press would cost milliseconds on slow disks (and a 200,000-key paste would
/// take minutes), so it happens at most once a second, and whenever a game is closed.
const SYNC_INTERVAL: Duration = Duration::from_secs(1);

/// Keeps a living game's journal current: call [`SaveWriter::record`] after every action.
pub struct SaveWriter {
    file: File,
    /// Where the journal is: the open file must still be the one found there.
    path: PathBuf,
    /// The slot's lock, taken again if the directory has to be written back.
    lock: SharedLock,
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
    /// Continues the journal `file`, kept at `path` with its snapshot at `snapshot_path`.
    pub(super) fn new(
        file: File,
        (path, snapshot_path): (PathBuf, PathBuf),
        lock: SharedLock,
        journal_len: u64,
        cursor: JournalCursor,
    ) -> Self {
        Self {
            file,
            path,
            lock,
            snapshot_path,
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
        slot_lock::is_the_file_at(&self.file, &self.path)
    }

    /// Writes the journal back from the game in memory: into the directory as it must be (made
    /// again if it went, refused if a link took its place), under the lock taken again.
    fn rewrite(&mut self, game: &Game) -> io::Result<()> {
        let dir = super::parent_dir(&self.path);
        slot_lock::check_in_place(dir)?;
        slot_lock::hold_again(&self.lock, dir)?;
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
        self.buffer.clear();
        let (bytes, next) = self.cursor.snapshot_of(game, &mut self.buffer);
        // The checkpoint first: a snapshot without one is never used, one without a snapshot
        // costs nothing.
        if let Err(error) = self.append() {
            let _ = self.file.set_len(self.journal_len);
            return Err(error);
        }
        self.journal_len += self.buffer.len() as u64;
        self.cursor = next;
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
