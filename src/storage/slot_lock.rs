//! One Umbra per save directory, whatever happens to the directory while it plays: the operating
//! system's lock on `save.lock`, taken when the slot is claimed and taken again when the
//! directory has to be written back after someone removed it (the first lock is then on a file
//! that is gone, and would turn nobody away); and the directory itself never followed through
//! a symbolic link that took its place.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use super::files::open_in_slot;

pub(super) const LOCK_NAME: &str = "save.lock";

/// The slot's lock, shared by the claimed slot and every writer it starts, so a lock taken
/// again by one is held as long as the slot is.
pub(super) type SharedLock = Arc<Mutex<File>>;

/// What taking the lock found.
pub(super) enum Lock {
    Held(File),
    /// Another process holds it.
    InUse,
}

/// Opens `save.lock` in `dir` (made if need be, the owner's alone) and tries to take it.
pub(super) fn take(dir: &Path) -> io::Result<Lock> {
    let mut options = OpenOptions::new();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    {
        // The owner's alone whatever the umask, like every other file of the save.
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let lock = open_in_slot(&dir.join(LOCK_NAME), &mut options)?;
    match lock.try_lock() {
        Ok(()) => Ok(Lock::Held(lock)),
        Err(TryLockError::WouldBlock) => Ok(Lock::InUse),
        // A file system without locks still saves; it just cannot warn about a second copy.
        Err(TryLockError::Error(error)) if error.kind() == io::ErrorKind::Unsupported => {
            Ok(Lock::Held(lock))
        }
        Err(TryLockError::Error(error)) => Err(error),
    }
}

/// Makes sure the lock held is the one at `dir/save.lock` now, taking it again if that file
/// is another (the directory was removed and written back): a second Umbra started meanwhile
/// holds it, and this one stops writing there, in words.
pub(super) fn hold_again(lock: &SharedLock, dir: &Path) -> io::Result<()> {
    let mut held = lock.lock().unwrap_or_else(PoisonError::into_inner);
    if is_the_file_at(&held, &dir.join(LOCK_NAME)) {
        return Ok(());
    }
    match take(dir)? {
        Lock::Held(file) => {
            *held = file;
            Ok(())
        }
        Lock::InUse => Err(io::Error::other(format!(
            "another Umbra has taken the save directory {} since it was removed; this game is no \
             longer saved there, so as not to write over that one's",
            dir.display()
        ))),
    }
}

/// The open `file` is the one at `path`: linked, and the same inode.
pub(super) fn is_the_file_at(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let (Ok(open), Ok(named)) = (file.metadata(), fs::symlink_metadata(path)) else {
            return false;
        };
        open.nlink() > 0 && open.dev() == named.dev() && open.ino() == named.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        path.exists()
    }
}

/// The save directory as it must be to be written in: there (made afresh, the owner's alone,
/// if it was removed) and a directory of its own, never a symbolic link that took its place,
/// which would have the save written wherever the link points.
pub(super) fn check_in_place(dir: &Path) -> io::Result<()> {
    match fs::symlink_metadata(dir) {
        Ok(meta) if meta.file_type().is_symlink() => Err(io::Error::other(format!(
            "the save directory {} was replaced by a symbolic link, which a save never follows; \
             nothing was written through it",
            dir.display()
        ))),
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(_) => Err(io::Error::other(format!(
            "the save directory {} was replaced by something that is not a directory",
            dir.display()
        ))),
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            super::files::create_private_dir(dir)
        }
        Err(error) => Err(error),
    }
}
