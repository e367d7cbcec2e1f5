//! The high-score table's bytes, checked like every file (tag, format version, length, CRC-32).

use serde::{Deserialize, Serialize};

use super::LoadError;
use super::format::{unwrap, wrap};
use umbra_rules::game::{HighScores, ScoreEntry};

const MAGIC: &[u8; 8] = b"UMBRASCO";
/// Bump when the encoding of a score entry changes.
const FORMAT_VERSION: u32 = 1;
/// Ten entries take under 400 bytes; anything far larger is not ours.
pub const SIZE_LIMIT: u64 = 64 << 10;

#[derive(Serialize, Deserialize)]
struct ScoresFile {
    entries: Vec<ScoreEntry>,
}

pub fn encode(scores: &HighScores) -> Vec<u8> {
    let file = ScoresFile {
        entries: scores.entries().to_vec(),
    };
    let payload = postcard::to_allocvec(&file).expect("scores always encode");
    wrap(MAGIC, FORMAT_VERSION, &payload)
}

/// The table in `bytes`; never panics, whatever the bytes.
pub fn decode(bytes: &[u8]) -> Result<HighScores, LoadError> {
    let payload = unwrap(MAGIC, FORMAT_VERSION, bytes)?;
    let file: ScoresFile =
        postcard::from_bytes(payload).map_err(|e| LoadError::Invalid(e.to_string()))?;
    Ok(HighScores::from_entries(file.entries))
}
