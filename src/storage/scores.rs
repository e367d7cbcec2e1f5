//! The high-score table's bytes, checked like every file (tag, format version, length, CRC-32).

use serde::{Deserialize, Serialize};

use super::LoadError;
use super::format::{unwrap, wrap};
use umbra_rules::game::{HighScores, ScoreEntry};

const MAGIC: &[u8; 8] = b"UMBRASCO";
/// Bump when the encoding of a score entry changes. 2: each run's boons. A table of format 1 is
/// still read, its runs without boons.
const FORMAT_VERSION: u32 = 2;
const FORMAT_WITHOUT_BOONS: u32 = 1;
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
    let invalid = |e: postcard::Error| LoadError::Invalid(e.to_string());
    if let Ok(payload) = unwrap(MAGIC, FORMAT_WITHOUT_BOONS, bytes) {
        let file: OldScoresFile = postcard::from_bytes(payload).map_err(invalid)?;
        return Ok(HighScores::from_entries(
            file.entries.into_iter().map(OldEntry::upgraded).collect(),
        ));
    }
    let payload = unwrap(MAGIC, FORMAT_VERSION, bytes)?;
    let file: ScoresFile = postcard::from_bytes(payload).map_err(invalid)?;
    Ok(HighScores::from_entries(file.entries))
}

/// A run as format 1 kept it, before boons.
#[derive(Deserialize)]
struct OldEntry {
    score: u64,
    seed: u64,
    depth: u32,
    turns: u64,
    kills: u64,
    ending: umbra_rules::game::Ending,
}

impl OldEntry {
    fn upgraded(self) -> ScoreEntry {
        ScoreEntry {
            score: self.score,
            seed: self.seed,
            depth: self.depth,
            turns: self.turns,
            kills: self.kills,
            ending: self.ending,
            boons: Default::default(),
        }
    }
}

#[derive(Deserialize)]
struct OldScoresFile {
    entries: Vec<OldEntry>,
}
