//! Files Umbra keeps: the save (a journal of actions plus a snapshot that spares a long replay)
//! and recordings. Every file is checked before it is decoded (a magic tag, a format version, a
//! length and a CRC-32), read only if it is a regular file of bounded size, and written
//! atomically where it is replaced whole.

mod journal;
mod recording;
pub mod runs;
mod save;
mod snapshot;

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;

pub use recording::Recording;
pub use save::{ClaimError, ClaimedSlot, SaveSlot, SaveWriter, SavedGame};

const HEADER_LEN: usize = 8 + 4 + 8 + 4;

/// Why a file could not be read back.
#[derive(Debug)]
pub enum LoadError {
    Io(io::Error),
    /// Something other than a regular file stands where the file should be.
    NotAFile(&'static str),
    TooLarge {
        size: u64,
        limit: u64,
    },
    /// Not one of our files (or so short that even the tag is missing).
    NotOurs,
    Truncated,
    /// The checksum does not match: the file was damaged after it was written.
    Damaged,
    WrongVersion {
        found: u32,
        expected: u32,
    },
    /// Written under other rules: replaying it here would play a different game.
    OtherRules {
        found: u32,
        expected: u32,
    },
    /// The bytes are intact but do not describe a valid game.
    Invalid(String),
}

impl LoadError {
    /// True when the file is fine as far as we know but cannot be used here and now (no
    /// permission, a FIFO, a file far too large): it must be left exactly where it is for the
    /// player to deal with, never set aside as damaged and replaced.
    pub fn leave_in_place(&self) -> bool {
        matches!(
            self,
            Self::Io(_) | Self::NotAFile(_) | Self::TooLarge { .. }
        )
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(error) => write!(f, "{error}"),
            Self::NotAFile(kind) => write!(f, "it is {kind}, not a regular file"),
            Self::TooLarge { size, limit } => write!(
                f,
                "it is {size} bytes long, more than any Umbra file ({limit} bytes at most)"
            ),
            Self::NotOurs => write!(f, "it is not an Umbra file of this kind"),
            Self::Truncated => write!(f, "it is truncated"),
            Self::Damaged => write!(f, "it is damaged (checksum mismatch)"),
            Self::WrongVersion { found, expected } => write!(
                f,
                "it was written by another version of Umbra (format {found}, this one reads {expected})"
            ),
            Self::OtherRules { found, expected } => write!(
                f,
                "it was played under other rules (rules version {found}; this Umbra plays version \
                 {expected}), so replaying it here would play a different game"
            ),
            Self::Invalid(reason) => write!(f, "it does not describe a valid game ({reason})"),
        }
    }
}

impl std::error::Error for LoadError {}

impl From<io::Error> for LoadError {
    fn from(error: io::Error) -> Self {
        Self::Io(error)
    }
}

fn checksum(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

fn wrap(magic: &[u8; 8], version: u32, payload: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER_LEN + payload.len());
    bytes.extend_from_slice(magic);
    bytes.extend_from_slice(&version.to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&checksum(payload).to_le_bytes());
    bytes.extend_from_slice(payload);
    bytes
}

/// The little-endian number in `bytes[at..at + N]`, or `Truncated` if the bytes end first.
fn read_le<const N: usize>(bytes: &[u8], at: usize) -> Result<[u8; N], LoadError> {
    bytes
        .get(at..at + N)
        .and_then(|field| field.try_into().ok())
        .ok_or(LoadError::Truncated)
}

/// Checks the tag and the format version; `Truncated` if the file stops inside the tag.
fn check_magic(magic: &[u8; 8], version: u32, bytes: &[u8]) -> Result<(), LoadError> {
    if bytes.get(..8) != Some(magic.as_slice()) {
        return Err(if magic.starts_with(bytes) {
            LoadError::Truncated
        } else {
            LoadError::NotOurs
        });
    }
    let found = u32::from_le_bytes(read_le(bytes, 8)?);
    if found != version {
        return Err(LoadError::WrongVersion {
            found,
            expected: version,
        });
    }
    Ok(())
}

fn unwrap<'a>(magic: &[u8; 8], version: u32, bytes: &'a [u8]) -> Result<&'a [u8], LoadError> {
    check_magic(magic, version, bytes)?;
    let length = u64::from_le_bytes(read_le(bytes, 12)?);
    let sum = u32::from_le_bytes(read_le(bytes, 20)?);
    let payload = &bytes[HEADER_LEN..];
    if (payload.len() as u64) < length {
        return Err(LoadError::Truncated);
    }
    if payload.len() as u64 > length || checksum(payload) != sum {
        return Err(LoadError::Damaged);
    }
    Ok(payload)
}

/// What stands at a path, in words, when it is not a regular file.
fn not_a_file(file_type: fs::FileType) -> Option<&'static str> {
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
fn open_for_reading(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The whole file, if it is a regular file of at most `limit` bytes. Symbolic links are
/// followed, so a link to `/dev/zero` is refused as the device it is, and nothing more than
/// `limit + 1` bytes is ever read into memory.
fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, LoadError> {
    check_readable(&fs::metadata(path)?, limit)?;
    let file = open_for_reading(path)?;
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
fn is_missing(error: &LoadError) -> bool {
    matches!(error, LoadError::Io(error) if error.kind() == io::ErrorKind::NotFound)
}

fn check_readable(metadata: &fs::Metadata, limit: u64) -> Result<(), LoadError> {
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
fn check_replaceable(path: &Path) -> io::Result<()> {
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
fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    check_replaceable(path)?;
    let dir = parent_dir(path);
    fs::create_dir_all(dir)?;
    let mut temporary = tempfile::Builder::new()
        .prefix(".umbra-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temporary.write_all(bytes)?;
    temporary.as_file().sync_all()?;
    temporary.persist(path).map_err(|error| error.error)?;
    Ok(())
}

/// Renames a file that cannot be read to `NAME.unreadable` (or `.unreadable.N`, never over an
/// earlier one) so nothing the player had is silently lost; returns where it went.
fn rename_aside(path: &Path) -> io::Result<std::path::PathBuf> {
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
            return Ok(aside);
        }
        n += 1;
    }
}

/// Checks, before anything is played, that `path` can later be written atomically: nothing but a
/// regular file stands there, and its directory exists and takes new files.
pub fn check_writable_target(path: &Path) -> io::Result<()> {
    check_replaceable(path)?;
    let dir = parent_dir(path);
    if !dir.is_dir() {
        return Err(io::Error::other(format!(
            "{} is not a directory",
            dir.display()
        )));
    }
    tempfile::tempfile_in(dir).map(drop)
}

/// Proves files can be created, written and removed in `dir` (creating it if need be), so a
/// place that cannot hold a save is found before play rather than at the first save.
fn probe_writable(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    let mut probe = tempfile::Builder::new()
        .prefix(".umbra-probe-")
        .tempfile_in(dir)?;
    probe.write_all(b"umbra")?;
    probe.as_file().sync_all()?;
    probe.close()
}
