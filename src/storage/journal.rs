//! The journal: a game as its history. A header (format, rules version, seed, options) and then
//! one five-byte record per player action, appended as each is taken. Each record carries a
//! CRC-32 chained from the one before it (seeded by the header's), so a record that is damaged,
//! lost or out of order breaks the chain at that point, and a record half-written when the
//! machine stopped is recognised as a torn tail rather than read as an action.
//!
//! The same bytes are the save and a recording: a recording is a journal that is not appended to.

use direction::CardinalDirection;
use serde::{Deserialize, Serialize};

use super::LoadError;
use super::format::{RulesId, check_magic, read_le};
use umbra_rules::game::{GameOptions, PlayerAction};

const MAGIC: &[u8; 8] = b"UMBRAJNL";
/// Bump when the layout of the header or of a record changes. 3: the header names the content
/// tables' digest with the rules version.
const FORMAT_VERSION: u32 = 3;
/// Tag, format version, header length, header checksum.
const PREAMBLE_LEN: usize = 8 + 4 + 4 + 4;
/// A header is a few numbers; anything longer is not one of ours.
const HEADER_LEN_MAX: usize = 256;
/// One action code and the chained checksum.
pub const RECORD_LEN: usize = 1 + 4;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Header {
    rules: RulesId,
    seed: u64,
    options: GameOptions,
}

/// A journal read back: the game's inputs and where appending continues.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub seed: u64,
    pub options: GameOptions,
    pub actions: Vec<PlayerAction>,
    /// Bytes of intact journal; anything after them is a torn tail to be cut off.
    pub valid_len: u64,
    /// The chain after the last intact record: the seed of the next record's checksum.
    pub chain: u32,
    /// The chain after `chain_wanted_at` records, if asked for and the journal is that long.
    pub chain_at: Option<u32>,
}

/// The header's bytes and the chain value the first record continues from.
pub fn encode_header(seed: u64, options: GameOptions) -> (Vec<u8>, u32) {
    let header = Header {
        rules: RulesId::current(),
        seed,
        options,
    };
    let payload = postcard::to_allocvec(&header).expect("a header always encodes");
    let sum = crc32fast::hash(&payload);
    let mut bytes = Vec::with_capacity(PREAMBLE_LEN + payload.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes.extend_from_slice(&payload);
    (bytes, sum)
}

/// Appends the records of `actions` to `out`, advancing `chain`. Allocates nothing when `out`
/// has room.
pub fn encode_actions(chain: &mut u32, actions: &[PlayerAction], out: &mut Vec<u8>) {
    for &action in actions {
        let code = action_code(action);
        *chain = link(*chain, code);
        out.push(code);
        out.extend_from_slice(&chain.to_le_bytes());
    }
}

/// Reads a journal; never panics, whatever the bytes.
pub fn decode(bytes: &[u8], chain_wanted_at: Option<usize>) -> Result<Decoded, LoadError> {
    let (header, mut chain, mut at) = decode_header(bytes)?;
    let mut actions = Vec::with_capacity((bytes.len() - at) / RECORD_LEN);
    // A snapshot is never taken before the first action, so none is wanted at 0.
    let mut chain_at = None;
    while let Some(record) = bytes.get(at..at + RECORD_LEN) {
        let code = record[0];
        let sum = u32::from_le_bytes(read_le(record, 1)?);
        let expected = link(chain, code);
        if sum != expected {
            // A bad last record is a write the machine did not finish; one with records
            // after it is damage.
            if bytes.len() - at > RECORD_LEN {
                return Err(LoadError::Damaged);
            }
            break;
        }
        let action = action_from_code(code)
            .ok_or_else(|| LoadError::Invalid(format!("unknown action code {code}")))?;
        actions.push(action);
        chain = expected;
        at += RECORD_LEN;
        if chain_wanted_at == Some(actions.len()) {
            chain_at = Some(chain);
        }
    }
    Ok(Decoded {
        seed: header.seed,
        options: header.options,
        actions,
        valid_len: at as u64,
        chain,
        chain_at,
    })
}

fn decode_header(bytes: &[u8]) -> Result<(Header, u32, usize), LoadError> {
    check_magic(MAGIC, FORMAT_VERSION, bytes)?;
    let length = u32::from_le_bytes(read_le(bytes, 12)?) as usize;
    let sum = u32::from_le_bytes(read_le(bytes, 16)?);
    if length > HEADER_LEN_MAX {
        return Err(LoadError::Damaged);
    }
    let payload = bytes
        .get(PREAMBLE_LEN..PREAMBLE_LEN + length)
        .ok_or(LoadError::Truncated)?;
    if crc32fast::hash(payload) != sum {
        return Err(LoadError::Damaged);
    }
    let (header, rest): (Header, _) =
        postcard::take_from_bytes(payload).map_err(|e| LoadError::Invalid(e.to_string()))?;
    if !rest.is_empty() {
        return Err(LoadError::Invalid("the header has bytes to spare".into()));
    }
    if header.rules != RulesId::current() {
        return Err(LoadError::OtherRules {
            found: header.rules,
            expected: RulesId::current(),
        });
    }
    if !umbra_rules::game::is_valid_map_size(header.options.map_size) {
        return Err(LoadError::Invalid("the map size is out of range".into()));
    }
    Ok((header, sum, PREAMBLE_LEN + length))
}

fn link(chain: u32, code: u8) -> u32 {
    let mut hasher = crc32fast::Hasher::new_with_initial(chain);
    hasher.update(&[code]);
    hasher.finalize()
}

/// Codes are part of the file format: never renumber them.
fn action_code(action: PlayerAction) -> u8 {
    match action {
        PlayerAction::Move(CardinalDirection::North) => 0,
        PlayerAction::Move(CardinalDirection::East) => 1,
        PlayerAction::Move(CardinalDirection::South) => 2,
        PlayerAction::Move(CardinalDirection::West) => 3,
        PlayerAction::Wait => 4,
        PlayerAction::Descend => 5,
        PlayerAction::DrinkPotion => 6,
    }
}

fn action_from_code(code: u8) -> Option<PlayerAction> {
    Some(match code {
        0 => PlayerAction::Move(CardinalDirection::North),
        1 => PlayerAction::Move(CardinalDirection::East),
        2 => PlayerAction::Move(CardinalDirection::South),
        3 => PlayerAction::Move(CardinalDirection::West),
        4 => PlayerAction::Wait,
        5 => PlayerAction::Descend,
        6 => PlayerAction::DrinkPotion,
        _ => return None,
    })
}
