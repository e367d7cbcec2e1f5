//! A stable hash of the whole state: the CRC-32 of the very encoding a snapshot writes of each
//! part's state (see `persist`), streamed rather than kept, so a field that is saved cannot be
//! left out of the hash. Only the list of actions is left out, since the hash says where a game
//! stands, not how it got there; what play reads from that list (whether a wizard had a hand in
//! the run) is added. Equal games hash equal on every platform and Rust version: postcard's
//! encoding is fixed, and CRC-32 (`crc32fast`, as the files use) is not `std`'s hasher, whose
//! output may change between releases.

use super::Game;

impl Game {
    /// Turn, depth, ending, dice, every entity on the map and its state, every NPC's memory, what
    /// the player sees and remembers, carries, uses, knows, has chosen and is offered, and kills.
    pub fn state_hash(&self) -> u32 {
        let hasher = postcard::serialize_with_flavor(&self.state_record(), CrcFlavor::default());
        let mut hasher = hasher.expect("hashing cannot fail");
        hasher.update(&[u8::from(self.is_wizard_run())]);
        hasher.finalize()
    }
}

/// [`Game::state_hash`] of the state whose encoding is `state_bytes` (a run a wizard had a hand
/// in, or not): the same CRC over the same bytes.
pub(super) fn state_hash_of(state_bytes: &[u8], wizard_run: bool) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(state_bytes);
    hasher.update(&[u8::from(wizard_run)]);
    hasher.finalize()
}

/// Feeds postcard's output into a CRC-32, byte for byte as a snapshot would hold it, through a
/// small buffer: postcard writes a byte or a varint at a time, and a CRC is fastest over long
/// runs. (Every write goes through `try_push`, `Flavor`'s own `try_extend` included.)
struct CrcFlavor {
    hasher: crc32fast::Hasher,
    buffer: [u8; BUFFER],
    len: usize,
}

const BUFFER: usize = 1024;

impl Default for CrcFlavor {
    fn default() -> Self {
        Self {
            hasher: crc32fast::Hasher::new(),
            buffer: [0; BUFFER],
            len: 0,
        }
    }
}

impl postcard::ser_flavors::Flavor for CrcFlavor {
    type Output = crc32fast::Hasher;

    fn try_push(&mut self, data: u8) -> postcard::Result<()> {
        if self.len == BUFFER {
            self.hasher.update(&self.buffer);
            self.len = 0;
        }
        self.buffer[self.len] = data;
        self.len += 1;
        Ok(())
    }

    fn finalize(mut self) -> postcard::Result<Self::Output> {
        self.hasher.update(&self.buffer[..self.len]);
        Ok(self.hasher)
    }
}
