//! Files Umbra writes: saved games and recordings. Both share one envelope — a magic tag, a format
//! version, the payload's length and a checksum — so a truncated, corrupt or foreign file is
//! recognised before any of it is decoded, and both are written atomically.

mod recording;
mod save;

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

pub use recording::Recording;
pub use save::SaveSlot;

const HEADER_LEN: usize = 8 + 4 + 8 + 8;

/// Why a file could not be read back.
#[derive(Debug)]
pub enum LoadError {
    Io(io::Error),
    /// Not one of our files (or so short that even the tag is missing).
    NotOurs,
    Truncated,
    /// The checksum does not match: the file was damaged after it was written.
    Damaged,
    WrongVersion {
        found: u32,
        expected: u32,
    },
    /// The bytes are intact but do not describe a valid game.
    Invalid(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(error) => write!(f, "{error}"),
            Self::NotOurs => write!(f, "it is not an Umbra file of this kind"),
            Self::Truncated => write!(f, "it is truncated"),
            Self::Damaged => write!(f, "it is damaged (checksum mismatch)"),
            Self::WrongVersion { found, expected } => write!(
                f,
                "it was written by another version of Umbra (format {found}, this one reads {expected})"
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

/// 64-bit FNV-1a: any flipped bit or lost byte changes it, which is all a checksum here needs.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
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

fn unwrap<'a>(magic: &[u8; 8], version: u32, bytes: &'a [u8]) -> Result<&'a [u8], LoadError> {
    let field = |range: std::ops::Range<usize>| bytes.get(range).ok_or(LoadError::Truncated);
    if bytes.get(..8) != Some(magic.as_slice()) {
        return Err(if magic.starts_with(bytes) {
            LoadError::Truncated
        } else {
            LoadError::NotOurs
        });
    }
    let found = u32::from_le_bytes(field(8..12)?.try_into().map_err(|_| LoadError::Truncated)?);
    if found != version {
        return Err(LoadError::WrongVersion {
            found,
            expected: version,
        });
    }
    let length = u64::from_le_bytes(
        field(12..20)?
            .try_into()
            .map_err(|_| LoadError::Truncated)?,
    );
    let sum = u64::from_le_bytes(
        field(20..28)?
            .try_into()
            .map_err(|_| LoadError::Truncated)?,
    );
    let payload = &bytes[HEADER_LEN..];
    if (payload.len() as u64) < length {
        return Err(LoadError::Truncated);
    }
    if payload.len() as u64 > length || checksum(payload) != sum {
        return Err(LoadError::Damaged);
    }
    Ok(payload)
}

/// Writes the file next to its final place, flushes it to disk, then renames it over the old
/// one: a crash at any point leaves either the old file or the new one, never half of either.
fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = Path::new(&temporary);
    let mut file = fs::File::create(temporary)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    fs::rename(temporary, path)
}
