//! A snapshot: the whole game state after a given number of journaled actions, so resuming a long
//! game replays only the actions after it. It is derived data: the journal stays the truth, and
//! a snapshot is used only when the journal's chain of checksums after that many actions matches
//! the one the snapshot was taken at. Anything else about it (missing, damaged, stale, from
//! another build) just means a longer replay.

use serde::{Deserialize, Serialize};

use super::format::{unwrap, wrap};
use umbra_rules::game::{Game, RULES_VERSION};

const MAGIC: &[u8; 8] = b"UMBRASNP";
/// Bump when the encoding of the game state changes. 4: carried items and kills by kind, as
/// long as the content tables' lists of kinds. 5: the pack by letter, what the player knows of
/// item kinds, stacks on the map, and NPCs' confusion. 6: the world as rows of entities (never
/// its tables, whose sizes would be trusted from the bytes), NPC memories by row. 7: each NPC's
/// time left in the turn. 8: the weapon and armour in use, the boons chosen and on offer. 9: the
/// state by the game's parts (dice, progress, world, sight, minds, the hero's things), then the
/// actions; each character's side. 10: the monsters the wizard called up on the level. 11: doors.
/// 12: secret doors, the searches in a row and the secret doors found. 13: water, chasms and
/// bridges, the chasms jumped. 14: vaults (altars, cages, locked doors), the rewards taken.
/// 15: captives, guards and allies (sides, minds and looks), the allies freed, lost and on their
/// way down, where the player arrived on the level. 16: fire and gas. 17: the armoury (items'
/// enchanting and charges, rings worn, potions' states, crystal, NPCs slowed or negated).
/// 18: the bestiary (what a character learned, carries, whether it is seen, haste, webs,
/// fading; a summoner's next call). 19: where the player last saw each character. 20: where the
/// level placed its waypoints. 21: which stacks the player dropped. 22: when the next band arrives
/// on the level, and how many have. 23: the stairs bands come by. 24: the level's machines
/// (their cells, how often each has gone off). 25: the monsters machines hold dormant. 26:
/// whether the player has seen each machine (a lair is told on first sight). 27: the allies
/// chosen from a kennel's altars.
const FORMAT_VERSION: u32 = 27;
/// Far above the state of a 1000×1000 level with every NPC alive.
pub const SIZE_LIMIT: u64 = 512 << 20;

#[derive(Serialize)]
struct SnapshotRef<'a> {
    rules_version: u32,
    actions: u64,
    chain: u32,
    state: &'a [u8],
}

/// The state is borrowed from the file's bytes: read as a vector it would be taken byte by byte
/// into a vector grown from a megabyte (serde's caution), a tenth of loading a large level.
/// postcard writes a byte slice and a vector of bytes alike.
#[derive(Deserialize)]
struct SnapshotRead<'a> {
    rules_version: u32,
    actions: u64,
    chain: u32,
    state: &'a [u8],
}

/// A snapshot read back, not yet matched against its journal.
pub struct Snapshot {
    /// How many journaled actions the state includes.
    pub actions: usize,
    /// The journal's chain after those actions.
    pub chain: u32,
    /// The file's bytes, and where in them the state lies.
    bytes: Vec<u8>,
    state: std::ops::Range<usize>,
}

impl Snapshot {
    /// The game it holds, if it decodes and holds as many actions as it claims. That it is the
    /// journal's game is for the caller to know from the chain: the chain starts from the
    /// header's checksum, so a matching chain also means the same seed, options and rules.
    pub fn game(&self) -> Option<Game> {
        self.game_and_hash().map(|(game, _)| game)
    }

    /// [`Snapshot::game`] and its state hash, taken over the bytes it was read from (no second
    /// encoding of the game, a third of reading back a large level).
    pub fn game_and_hash(&self) -> Option<(Game, u32)> {
        let (game, hash) = Game::from_state_bytes_hashed(&self.bytes[self.state.clone()]).ok()?;
        (game.actions().len() == self.actions).then_some((game, hash))
    }
}

/// The snapshot's bytes: `game` after the journaled actions whose chain is `chain`.
pub fn encode(game: &Game, chain: u32) -> Vec<u8> {
    let state = game.to_state_bytes();
    let snapshot = SnapshotRef {
        rules_version: RULES_VERSION,
        actions: game.actions().len() as u64,
        chain,
        state: &state,
    };
    let payload = postcard::to_allocvec(&snapshot).expect("a snapshot always encodes");
    wrap(MAGIC, FORMAT_VERSION, &payload)
}

/// The snapshot in `bytes`, or `None` for any reason it cannot be used.
pub fn decode(bytes: Vec<u8>) -> Option<Snapshot> {
    let payload = unwrap(MAGIC, FORMAT_VERSION, &bytes).ok()?;
    let snapshot: SnapshotRead = postcard::from_bytes(payload).ok()?;
    // The state is a slice of `bytes`: its place in them is where it starts past theirs.
    let start = snapshot.state.as_ptr() as usize - bytes.as_ptr() as usize;
    let state = start..start + snapshot.state.len();
    let (actions, chain) = (snapshot.actions, snapshot.chain);
    (snapshot.rules_version == RULES_VERSION).then_some(Snapshot {
        actions: usize::try_from(actions).ok()?,
        chain,
        bytes,
        state,
    })
}
