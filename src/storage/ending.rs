//! The mark of a run's end under way: which run number the finished game was given. Written in
//! the save's directory before anything of the end, removed after the save itself, so a kill
//! anywhere in between leaves the next start to finish the same run under the same number
//! rather than keep it twice.

use serde::{Deserialize, Serialize};

use super::format::{unwrap, wrap};
use super::scores::RunId;

const MAGIC: &[u8; 8] = b"UMBRAEND";
const FORMAT_VERSION: u32 = 1;
/// A number and a run's identity; anything larger is not ours.
pub const SIZE_LIMIT: u64 = 256;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndMark {
    pub run: RunId,
    pub number: u32,
}

pub fn encode(mark: &EndMark) -> Vec<u8> {
    let payload = postcard::to_allocvec(mark).expect("a mark always encodes");
    wrap(MAGIC, FORMAT_VERSION, &payload)
}

/// The mark in `bytes`, if they hold one intact; a damaged mark is no mark (the run's end then
/// takes the next free number, as it would have without one).
pub fn decode(bytes: &[u8]) -> Option<EndMark> {
    let payload = unwrap(MAGIC, FORMAT_VERSION, bytes).ok()?;
    postcard::from_bytes(payload).ok()
}
