//! The journal: a game as its history. A header (format, rules version, seed, options) and then
//! one record per player action (its code, what it names, if anything: a letter, a cell; see
//! `action_codes`), appended as each is taken. Each record carries a CRC-32 chained from the one
//! before it (seeded by the header's), so a record that is damaged, lost or out of order breaks
//! the chain at that point, and a record half-written when the machine stopped is recognised as
//! a torn tail rather than read as an action.
//!
//! The same bytes are the save and a recording: a recording is a journal that is not appended to.

use serde::{Deserialize, Serialize};

use super::LoadError;
use super::action_codes::{CHECKPOINT, END, action_code, action_from_code, payload_len};
use super::format::{RulesId, check_magic, read_le};
use umbra_rules::game::{GameOptions, PlayerAction};

const MAGIC: &[u8; 8] = b"UMBRAJNL";
/// Bump when the layout of the header or of a record changes. 3: the header names the content
/// tables' digest with the rules version. 4: records of the pack's actions carry a letter and a
/// cell after their code. 5: the header says whether the file was written whole, and a file
/// written whole ends with a record counting its actions. From 5 on, every format keeps the
/// preamble as it is (tag, format, header length, a header sum over the three), so a later
/// version's file is told from a damaged one by its header summing up under its own number.
/// 6: a live journal holds a checkpoint record (the game's state hash) where each snapshot was
/// taken. Format 5 is still read: it has no checkpoints, so its snapshots are never used.
const FORMAT_VERSION: u32 = 6;
const FORMAT_WITHOUT_CHECKPOINTS: u32 = 5;
/// Tag, format version, header length, header checksum.
const PREAMBLE_LEN: usize = 8 + 4 + 4 + 4;
/// A header is a few numbers; anything longer is not one of ours.
const HEADER_LEN_MAX: usize = 256;
/// The shortest record, and the most common (a step, a wait): one action code and the chained
/// checksum.
pub const RECORD_LEN: usize = 1 + 4;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Header {
    rules: RulesId,
    seed: u64,
    options: GameOptions,
    /// Written whole (a recording of a finished run, `--record`): it must end with an [`END`]
    /// record that counts its actions. A live save's journal, appended to as it is played, has
    /// none and may end in a torn record.
    whole: bool,
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
    /// The state hash the checkpoint record right after those records holds, if there is one.
    pub hash_at: Option<u32>,
    /// Written whole, and found whole: every action its end record counts. (A file written
    /// whole but cut short or altered is refused, never read as fewer actions.)
    pub whole: bool,
}

/// The header's bytes and the chain value the first record continues from; `whole` for a file
/// written at once that will end with [`encode_end`].
pub fn encode_header(seed: u64, options: GameOptions, whole: bool) -> (Vec<u8>, u32) {
    let header = Header {
        rules: RulesId::current(),
        seed,
        options,
        whole,
    };
    let payload = postcard::to_allocvec(&header).expect("a header always encodes");
    let sum = header_sum(FORMAT_VERSION, &payload);
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
        let (code, payload) = action_code(action);
        let mut hasher = crc32fast::Hasher::new_with_initial(*chain);
        hasher.update(&[code]);
        hasher.update(payload.as_slice());
        *chain = hasher.finalize();
        out.push(code);
        out.extend_from_slice(payload.as_slice());
        out.extend_from_slice(&chain.to_le_bytes());
    }
}

/// Appends the end record of a file written whole: how many actions came before it.
pub fn encode_end(chain: &mut u32, actions: u64, out: &mut Vec<u8>) {
    encode_record(chain, END, &actions.to_le_bytes(), out);
}

/// Appends a checkpoint: the state hash of the game after every action before it.
pub fn encode_checkpoint(chain: &mut u32, state_hash: u32, out: &mut Vec<u8>) {
    encode_record(chain, CHECKPOINT, &state_hash.to_le_bytes(), out);
}

fn encode_record(chain: &mut u32, code: u8, payload: &[u8], out: &mut Vec<u8>) {
    let mut hasher = crc32fast::Hasher::new_with_initial(*chain);
    hasher.update(&[code]);
    hasher.update(payload);
    *chain = hasher.finalize();
    out.push(code);
    out.extend_from_slice(payload);
    out.extend_from_slice(&chain.to_le_bytes());
}

/// One record read at `at`: its code and payload, once its checksum holds.
enum Record<'a> {
    Intact {
        code: u8,
        payload: &'a [u8],
        length: usize,
        chain: u32,
    },
    /// The file ends inside it, or it is the last and its checksum fails: a write the machine
    /// did not finish (`whole_length` in the second case).
    Torn { whole_length: bool },
}

fn read_record(bytes: &[u8], at: usize, chain: u32) -> Result<Option<Record<'_>>, LoadError> {
    let Some(&code) = bytes.get(at) else {
        return Ok(None);
    };
    let length = 1 + payload_len(code) + 4;
    let Some(record) = bytes.get(at..at + length) else {
        return Ok(Some(Record::Torn {
            whole_length: false,
        }));
    };
    let sum = u32::from_le_bytes(read_le(record, length - 4)?);
    let mut hasher = crc32fast::Hasher::new_with_initial(chain);
    hasher.update(record.get(..length - 4).unwrap_or_default());
    let expected = hasher.finalize();
    if sum == expected {
        let payload = &record[1..length - 4];
        return Ok(Some(Record::Intact {
            code,
            payload,
            length,
            chain: expected,
        }));
    }
    // A bad last record is a write the machine did not finish; one with records after it is
    // damage.
    if bytes.len() - at > length {
        return Err(LoadError::Damaged);
    }
    Ok(Some(Record::Torn { whole_length: true }))
}

/// Reads a journal; never panics, whatever the bytes.
pub fn decode(bytes: &[u8], chain_wanted_at: Option<usize>) -> Result<Decoded, LoadError> {
    let (header, format, mut chain, mut at) = decode_header(bytes)?;
    let mut actions = Vec::with_capacity((bytes.len() - at) / RECORD_LEN);
    // A snapshot is never taken before the first action, so none is wanted at 0.
    let mut chain_at = None;
    let mut hash_at = None;
    let mut whole = false;
    while let Some(record) = read_record(bytes, at, chain)? {
        let (code, payload, length, next) = match record {
            Record::Intact {
                code,
                payload,
                length,
                chain,
            } => (code, payload, length, chain),
            // A file written whole was never appended to: a last record all there but wrong
            // was altered, not left half-written.
            Record::Torn { whole_length: true } if header.whole => {
                return Err(LoadError::Damaged);
            }
            Record::Torn { .. } => break,
        };
        chain = next;
        at += length;
        if code == END {
            whole = is_the_end(&header, payload, actions.len(), at == bytes.len())?;
            break;
        }
        if code == CHECKPOINT && format >= FORMAT_VERSION {
            if chain_wanted_at == Some(actions.len()) {
                hash_at = payload.try_into().ok().map(u32::from_le_bytes);
            }
            continue;
        }
        let action = action_from_code(code, payload)
            .ok_or_else(|| LoadError::Invalid(format!("unknown action code {code}")))?;
        actions.push(action);
        if chain_wanted_at == Some(actions.len()) {
            chain_at = Some(chain);
        }
    }
    if header.whole && !whole {
        // Written whole, it has lost its end: cut short, never a shorter game.
        return Err(LoadError::Truncated);
    }
    Ok(Decoded {
        seed: header.seed,
        options: header.options,
        actions,
        valid_len: at as u64,
        chain,
        chain_at,
        hash_at,
        whole,
    })
}

/// An intact end record: only in a file written whole, counting every action before it, and
/// the last thing in the file.
fn is_the_end(
    header: &Header,
    payload: &[u8],
    actions: usize,
    last: bool,
) -> Result<bool, LoadError> {
    if !header.whole {
        return Err(LoadError::Invalid(
            "an end record in a save being played".into(),
        ));
    }
    let counted = payload
        .try_into()
        .map(u64::from_le_bytes)
        .unwrap_or(u64::MAX);
    if counted != actions as u64 || !last {
        return Err(LoadError::Damaged);
    }
    Ok(true)
}

/// The header's checksum covers the format number and the header's length as well as the
/// header itself, so a flipped bit in either is damage, not another version.
fn header_sum(format: u32, payload: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&format.to_le_bytes());
    hasher.update(&(payload.len() as u32).to_le_bytes());
    hasher.update(payload);
    hasher.finalize()
}

/// The header's payload and checksum as written, whatever the format field says.
fn header_payload(bytes: &[u8]) -> Result<(&[u8], u32), LoadError> {
    let length = u32::from_le_bytes(read_le(bytes, 12)?) as usize;
    let sum = u32::from_le_bytes(read_le(bytes, 16)?);
    if length > HEADER_LEN_MAX {
        return Err(LoadError::Damaged);
    }
    let payload = bytes
        .get(PREAMBLE_LEN..PREAMBLE_LEN + length)
        .ok_or(LoadError::Truncated)?;
    Ok((payload, sum))
}

fn decode_header(bytes: &[u8]) -> Result<(Header, u32, u32, usize), LoadError> {
    let format = match check_magic(MAGIC, FORMAT_VERSION, bytes) {
        // The format before checkpoints reads as it always did.
        Err(LoadError::WrongVersion {
            found: FORMAT_WITHOUT_CHECKPOINTS,
            ..
        }) if sums_under(bytes, FORMAT_WITHOUT_CHECKPOINTS) => FORMAT_WITHOUT_CHECKPOINTS,
        Err(error @ LoadError::WrongVersion { found, .. }) => {
            // One of ours whose format field alone changed is damaged; an earlier version's
            // header does not sum up under this format's number, and a later one's sums up
            // under its own (bytes cut out of a header leave a format number that is neither).
            let another = if found > FORMAT_VERSION {
                sums_under(bytes, found)
            } else {
                !sums_under(bytes, FORMAT_VERSION)
            };
            return Err(if another { error } else { LoadError::Damaged });
        }
        Err(error) => return Err(error),
        Ok(()) => FORMAT_VERSION,
    };
    let (payload, sum) = header_payload(bytes)?;
    let length = payload.len();
    if header_sum(format, payload) != sum {
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
    Ok((header, format, sum, PREAMBLE_LEN + length))
}

/// The header sums up under `format`'s number.
fn sums_under(bytes: &[u8], format: u32) -> bool {
    header_payload(bytes).is_ok_and(|(payload, sum)| header_sum(format, payload) == sum)
}
