//! The envelope every Umbra file but the journal shares (a magic tag, a format version, a
//! length and a CRC-32 of the payload) and the reasons a file can be refused. Bytes only: where
//! the bytes are kept (files natively, local storage in the browser) is the edge's business.

use std::fmt;
use std::io;

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
    /// Written under other rules (another rules version, or other content tables): replaying
    /// it here would play a different game.
    OtherRules {
        found: RulesId,
        expected: RulesId,
    },
    /// The bytes are intact but do not describe a valid game.
    Invalid(String),
    /// The bytes are intact but are not a table of scores this build can show (an entry names
    /// a monster kind its bestiary does not have).
    NotScores,
}

/// The rules a game was played under: the rules version and the digest of the content tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RulesId {
    pub version: u32,
    pub content: u32,
}

impl RulesId {
    /// This build's rules.
    pub fn current() -> Self {
        Self {
            version: umbra_rules::game::RULES_VERSION,
            content: umbra_rules::game::content_digest(),
        }
    }
}

impl fmt::Display for RulesId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rules version {} with content {:08x}",
            self.version, self.content
        )
    }
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
                "it was played under other rules ({found}; this Umbra plays {expected}), so \
                 replaying it here would play a different game"
            ),
            Self::Invalid(reason) => write!(f, "it does not describe a valid game ({reason})"),
            Self::NotScores => write!(
                f,
                "it holds runs this version cannot show (a monster kind its bestiary does not \
                 have, or bytes that are no table of runs)"
            ),
        }
    }
}

impl std::error::Error for LoadError {}

impl From<io::Error> for LoadError {
    fn from(error: io::Error) -> Self {
        Self::Io(error)
    }
}

pub(super) fn checksum(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

pub(super) fn wrap(magic: &[u8; 8], version: u32, payload: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER_LEN + payload.len());
    bytes.extend_from_slice(magic);
    bytes.extend_from_slice(&version.to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&checksum(payload).to_le_bytes());
    bytes.extend_from_slice(payload);
    bytes
}

/// The little-endian number in `bytes[at..at + N]`, or `Truncated` if the bytes end first.
pub(super) fn read_le<const N: usize>(bytes: &[u8], at: usize) -> Result<[u8; N], LoadError> {
    bytes
        .get(at..at + N)
        .and_then(|field| field.try_into().ok())
        .ok_or(LoadError::Truncated)
}

/// Checks the tag and the format version; `Truncated` if the file stops inside the tag.
pub(super) fn check_magic(magic: &[u8; 8], version: u32, bytes: &[u8]) -> Result<(), LoadError> {
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

/// The payload of a file in the envelope, checked. The envelope is the same in every format
/// version, so a later version's file is intact around its payload, and one that is not (bytes
/// cut out of its header, say) is damaged whatever number its format field now shows.
pub(super) fn unwrap<'a>(
    magic: &[u8; 8],
    version: u32,
    bytes: &'a [u8],
) -> Result<&'a [u8], LoadError> {
    let versioned = check_magic(magic, version, bytes);
    match versioned {
        Ok(()) => (),
        Err(LoadError::WrongVersion { found, .. }) if found > version => (),
        Err(error) => return Err(error),
    }
    let length = u64::from_le_bytes(read_le(bytes, 12)?);
    let sum = u32::from_le_bytes(read_le(bytes, 20)?);
    let payload = bytes.get(HEADER_LEN..).unwrap_or_default();
    // A format number from later than this build, in an envelope that does not hold: not a
    // later version's file, but ours with its header damaged (bytes cut out of it, say).
    if versioned.is_err() && (payload.len() as u64 != length || checksum(payload) != sum) {
        return Err(LoadError::Damaged);
    }
    if (payload.len() as u64) < length {
        return Err(LoadError::Truncated);
    }
    if payload.len() as u64 > length || checksum(payload) != sum {
        return Err(LoadError::Damaged);
    }
    versioned.map(|()| payload)
}
