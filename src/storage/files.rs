//! Files on native platforms: read only when a regular file of bounded size, replaced
//! atomically, set aside (never over an earlier one) when unreadable.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;

use umbra_rules::game::History;

use super::LoadError;
use super::recording::{RECORDING_SIZE_LIMIT, RecordingBytes};

/// What stands at a path, in words, when it is not a regular file.
pub(super) fn not_a_file(file_type: fs::FileType) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return Some("a FIFO");
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return Some("a device");
        }
        if file_type.is_socket() {
            return Some("a socket");
        }
    }
    if file_type.is_dir() {
        return Some("a directory");
    }
    if file_type.is_symlink() {
        return Some("a symbolic link");
    }
    (!file_type.is_file()).then_some("something unusual")
}

/// Opens for reading without ever blocking: a FIFO that appeared after the type check must not
/// wait for a writer that never comes.
pub(super) fn open_for_reading(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// Opens a file of the save directory with `options`, refusing a symbolic link in its place:
/// someone who can write the directory must not make the game read, append to or create a
/// file elsewhere through a link. (`O_NOFOLLOW`: the refusal is the kernel's, in the same
/// step as the open, so no link can be slipped in after a check.)
pub(super) fn open_in_slot(path: &Path, options: &mut OpenOptions) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    options
        .open(path)
        .map_err(|error| refused_link(path, error))
}

/// The kernel's "too many levels of symbolic links" for a refused link, in words.
fn refused_link(path: &Path, error: io::Error) -> io::Error {
    #[cfg(unix)]
    if error.raw_os_error() == Some(libc::ELOOP) {
        return io::Error::other(format!(
            "{} is a symbolic link, which a save never follows; it was left alone",
            path.display()
        ));
    }
    error
}

/// Like [`read_capped`], for a file of the save directory: a symbolic link there is refused as
/// one, never followed.
pub(super) fn read_capped_in_slot(path: &Path, limit: u64) -> Result<Vec<u8>, LoadError> {
    check_readable(&fs::symlink_metadata(path)?, limit)?;
    let file = open_in_slot(path, OpenOptions::new().read(true))?;
    read_open(file, limit)
}

/// The whole file, if it is a regular file of at most `limit` bytes. Symbolic links are
/// followed, so a link to `/dev/zero` is refused as the device it is, and nothing more than
/// `limit + 1` bytes is ever read into memory.
pub fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, LoadError> {
    check_readable(&fs::metadata(path)?, limit)?;
    read_open(open_for_reading(path)?, limit)
}

/// What an opened file holds, if it is a regular file of at most `limit` bytes (asked of the
/// open file itself, so nothing can be swapped in after the question).
fn read_open(file: File, limit: u64) -> Result<Vec<u8>, LoadError> {
    let metadata = file.metadata()?;
    check_readable(&metadata, limit)?;
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(LoadError::TooLarge {
            size: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// True for the error of a file that is not there (which for a save just means no game).
pub(super) fn is_missing(error: &LoadError) -> bool {
    matches!(error, LoadError::Io(error) if error.kind() == io::ErrorKind::NotFound)
}

pub(super) fn check_readable(metadata: &fs::Metadata, limit: u64) -> Result<(), LoadError> {
    if let Some(kind) = not_a_file(metadata.file_type()) {
        return Err(LoadError::NotAFile(kind));
    }
    if metadata.len() > limit {
        return Err(LoadError::TooLarge {
            size: metadata.len(),
            limit,
        });
    }
    Ok(())
}

/// Refuses to replace anything but a regular file: a recording named `/dev/null` must not
/// turn the device into a file.
pub(super) fn check_replaceable(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(metadata) => match not_a_file(metadata.file_type()) {
            Some(kind) => Err(io::Error::other(format!(
                "{} is {kind}, not a regular file; it was left alone",
                path.display()
            ))),
            None => Ok(()),
        },
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(error),
    }
}

/// The directory a file lives in (the current one for a bare name).
pub fn parent_dir(path: &Path) -> &Path {
    path.parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Writes a uniquely named temporary file next to its final place, flushes it to disk, then
/// renames it over the old one: a crash at any point leaves either the old file or the new one,
/// never half of either, and a failure removes the temporary file.
pub(super) fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    check_replaceable(path)?;
    replace(path, bytes)
}

/// [`write_atomically`] for a file of the save directory, where a symbolic link in its place
/// is replaced as the stray entry it is: the rename removes the link, never its target.
pub(super) fn write_in_slot(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let is_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if !is_link {
        check_replaceable(path)?;
    }
    replace(path, bytes)
}

/// How the temporary files of [`write_atomically`] and [`probe_writable`] are named: a process
/// killed before its rename leaves one, which the next start removes (only these names, only in
/// the save directory, only under its lock).
pub(super) const TEMPORARY_PREFIX: &str = ".umbra-";
pub(super) const TEMPORARY_SUFFIX: &str = ".tmp";
pub(super) const PROBE_PREFIX: &str = ".umbra-probe-";

fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent_dir(path);
    fs::create_dir_all(dir)?;
    let mut temporary = tempfile::Builder::new()
        .prefix(TEMPORARY_PREFIX)
        .suffix(TEMPORARY_SUFFIX)
        .tempfile_in(dir)?;
    temporary.write_all(bytes)?;
    temporary.as_file().sync_all()?;
    temporary.persist(path).map_err(|error| error.error)?;
    sync_dir(dir)
}

/// Forces `dir`'s entries to the disk: a rename (or a removal) is only a change to its
/// directory, which a power cut can undo after the file's own data was synced, bringing the old
/// file back or losing both names. File systems that cannot sync a directory (some network and
/// FUSE ones answer EINVAL) keep whatever guarantee they have.
pub(super) fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        let synced = open_for_reading(dir).and_then(|opened| opened.sync_all());
        match synced {
            Err(error) if error.raw_os_error() == Some(libc::EINVAL) => Ok(()),
            other => other,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// Renames a file that cannot be read to `NAME.unreadable` (or `.unreadable.N`, never over an
/// earlier one) so nothing the player had is silently lost; returns where it went.
pub(super) fn rename_aside(path: &Path) -> io::Result<std::path::PathBuf> {
    let mut n = 0;
    loop {
        let mut name = path.as_os_str().to_owned();
        name.push(if n == 0 {
            ".unreadable".to_string()
        } else {
            format!(".unreadable.{n}")
        });
        let aside = std::path::PathBuf::from(name);
        if fs::symlink_metadata(&aside).is_err() {
            fs::rename(path, &aside)?;
            sync_dir(parent_dir(path))?;
            return Ok(aside);
        }
        n += 1;
    }
}

/// Checks, before anything is played, that `path` can later be written atomically: nothing but a
/// regular file stands there, and its directory exists and takes new files.
pub fn check_writable_target(path: &Path) -> io::Result<()> {
    check_replaceable(path)?;
    takes_new_files(parent_dir(path))
}

/// Proves `dir` is a directory that takes new files, with a file that has no name (and so
/// leaves no trace).
fn takes_new_files(dir: &Path) -> io::Result<()> {
    if !dir.is_dir() {
        return Err(io::Error::other(format!(
            "{} is not a directory",
            dir.display()
        )));
    }
    tempfile::tempfile_in(dir).map(drop)
}

/// Proves files can be created, written and removed in `dir` (creating it, for its owner alone,
/// if need be), so a place that cannot hold a save is found before play rather than at the
/// first save.
pub(super) fn probe_writable(dir: &Path) -> io::Result<()> {
    create_private_dir(dir)?;
    let mut probe = tempfile::Builder::new()
        .prefix(PROBE_PREFIX)
        .tempfile_in(dir)?;
    probe.write_all(b"umbra")?;
    probe.as_file().sync_all()?;
    probe.close()?;
    // A finished run is kept under the next free run number, found by listing the directory: a
    // directory that takes files but cannot be listed (mode 0333) would lose the run's end.
    fs::read_dir(dir).map(drop)
}

/// Proves a directory that is not there yet could be made: its nearest existing ancestor is a
/// directory that takes new files: for a run that must not create its save before it knows it
/// can play.
pub(super) fn check_creatable(dir: &Path) -> io::Result<()> {
    let existing = dir
        .ancestors()
        .find(|ancestor| fs::symlink_metadata(ancestor).is_ok())
        .unwrap_or(Path::new("."));
    takes_new_files(existing)
}

/// Creates `dir` and any missing parents readable and writable by their owner alone (0700),
/// whatever the umask: a save directory others can write is one they can plant links in.
pub(super) fn create_private_dir(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// A history kept in a recording file, written atomically and read only up to
/// [`RECORDING_SIZE_LIMIT`].
pub trait RecordingFile: Sized {
    fn write(&self, path: &Path) -> io::Result<()>;
    fn read(path: &Path) -> Result<Self, LoadError>;
}

/// A recording file read to be watched, with how it ends (see [`super::recording::Watched`]).
pub fn read_watched(path: &Path) -> Result<super::recording::Watched, LoadError> {
    super::recording::watched_from_bytes(&read_capped(path, RECORDING_SIZE_LIMIT)?)
}

impl RecordingFile for History {
    fn write(&self, path: &Path) -> io::Result<()> {
        write_atomically(path, &self.to_bytes())
    }

    fn read(path: &Path) -> Result<Self, LoadError> {
        Self::from_bytes(&read_capped(path, RECORDING_SIZE_LIMIT)?)
    }
}
