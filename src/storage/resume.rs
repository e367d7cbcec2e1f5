//! From a save's bytes back to the game, and where keeping it continues: shared by the file
//! save and the browser's, so both resume, cut a torn tail and take snapshots alike.

use super::LoadError;
use super::journal;
use super::snapshot::{self, Snapshot};
use umbra_rules::game::Game;

/// The fewest actions between snapshots: resuming replays at most this many turns after the
/// last snapshot (a few milliseconds), and a snapshot of the default level (about 50 KB) costs
/// under a millisecond, once in a thousand turns.
const SNAPSHOT_INTERVAL_MIN: usize = 1000;
/// Larger levels wait one action per this many bytes of snapshot: a 1000×1000 level's state is
/// about 24 MB and takes about 110 ms to encode and write, which would be a hitch the player
/// sees every thousand key presses; once in 24,000 it is rare, costs about 5 µs a turn spread
/// out, and resuming still replays under a tenth of a second after the snapshot.
const SNAPSHOT_BYTES_PER_ACTION: usize = 1024;

/// Where a journal stands: the chain its next record continues, how many of the game's actions
/// it holds, and when the next snapshot is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JournalCursor {
    chain: u32,
    written: usize,
    snapshot_at: usize,
    snapshot_every: usize,
}

impl JournalCursor {
    /// A journal of `written` actions ending in `chain`, whose latest snapshot holds
    /// `snapshot_at` of them.
    fn at(chain: u32, written: usize, snapshot_at: usize) -> Self {
        Self {
            chain,
            written,
            snapshot_at,
            snapshot_every: SNAPSHOT_INTERVAL_MIN,
        }
    }

    /// The journal of a new game: its header and where its records begin.
    pub fn start(game: &Game) -> (Vec<u8>, Self) {
        let (header, chain) = journal::encode_header(game.seed(), game.options(), false);
        (header, Self::at(chain, 0, 0))
    }

    /// The whole journal of a game as it stands (header and every action), and its cursor:
    /// for a journal written again from the game in memory.
    pub fn whole(game: &Game) -> (Vec<u8>, Self) {
        let (mut bytes, start) = Self::start(game);
        let cursor = start.encode_new(game, &mut bytes);
        (bytes, cursor)
    }

    /// Appends to `out` the records of the actions `game` took since this cursor, and returns
    /// the cursor as it stands once they are kept; until then this one stays valid, so a failed
    /// write is tried again from here.
    pub fn encode_new(&self, game: &Game, out: &mut Vec<u8>) -> Self {
        let mut next = *self;
        if let Some(new) = game.actions().get(self.written..) {
            journal::encode_actions(&mut next.chain, new, out);
            next.written += new.len();
        }
        next
    }

    /// A snapshot of `game` at this point, and the checkpoint record that vouches for it, to
    /// be appended to the journal before the snapshot is written: the snapshot carries the
    /// chain before the checkpoint, and is used on resuming only if its state hash is the one
    /// the checkpoint holds. Once both are kept, [`JournalCursor::snapshot_taken`].
    pub fn snapshot_of(&self, game: &Game, checkpoint: &mut Vec<u8>) -> (Vec<u8>, Self) {
        let snapshot = snapshot::encode(game, self.chain);
        let mut next = *self;
        journal::encode_checkpoint(&mut next.chain, game.state_hash(), checkpoint);
        (snapshot, next)
    }

    pub fn snapshot_due(&self) -> bool {
        self.written >= self.snapshot_at + self.snapshot_every
    }

    /// True when the journal holds actions the latest snapshot does not.
    pub fn is_ahead_of_snapshot(&self) -> bool {
        self.written > self.snapshot_at
    }

    /// A snapshot of `size` bytes now holds every journaled action; the next waits longer
    /// when snapshots are large.
    pub fn snapshot_taken(&mut self, size: usize) {
        self.snapshot_at = self.written;
        self.snapshot_every = SNAPSHOT_INTERVAL_MIN.max(size / SNAPSHOT_BYTES_PER_ACTION);
    }
}

/// A saved game read back.
pub struct Resumed {
    pub game: Game,
    /// The journal ended in a record the machine did not finish writing; the caller cuts the
    /// journal back to `valid_len`.
    pub torn_tail: bool,
    pub valid_len: usize,
    /// Actions replayed to reach the game: those after the snapshot, or all of them when no
    /// snapshot could be used.
    pub replayed: usize,
    pub cursor: JournalCursor,
    /// The file was written whole (a recording put in the save's place): its end record must
    /// not be appended after, so the caller writes the journal again as a live one.
    pub whole: bool,
}

/// True if the snapshot's game is the journal's: the same seed and options, and every action
/// the journal holds the same first ones the snapshot's game took.
fn is_of_the_journal(snapshot: &Snapshot, journal: &journal::Decoded) -> bool {
    snapshot.game().is_some_and(|game| {
        game.seed() == journal.seed
            && game.options() == journal.options
            && game.actions().starts_with(&journal.actions)
    })
}

/// The journal decides: a snapshot's game is used only if the journal's checkpoint at its
/// point holds its state hash and its actions are the journal's. A snapshot edited and summed
/// again (hit points raised, say) is refused, and the journal replayed, so it can never play on
/// to a score the run's recording does not verify to.
fn vouched_for((game, state_hash): &(Game, u32), journal: &journal::Decoded) -> bool {
    journal.hash_at == Some(*state_hash)
        && journal.actions.get(..game.actions().len()) == Some(game.actions())
}

/// The game a journal holds, starting from `snapshot` when it matches the journal's chain at
/// its point (so the same seed, options, rules and actions), else from the beginning. Never
/// panics, whatever the bytes.
pub fn resume(journal_bytes: &[u8], snapshot: Option<Snapshot>) -> Result<Resumed, LoadError> {
    let decoded = journal::decode(journal_bytes, snapshot.as_ref().map(|s| s.actions))?;
    let ahead = snapshot
        .as_ref()
        .filter(|s| s.actions > decoded.actions.len());
    if let Some(ahead) = ahead {
        // Only this game's own snapshot says the journal lost actions; another game's, left
        // beside it, is no reason to doubt the journal: it is ignored.
        if is_of_the_journal(ahead, &decoded) {
            return Err(LoadError::Invalid(
                "the journal has lost actions its snapshot has".into(),
            ));
        }
    }
    let start = snapshot
        .filter(|s| decoded.chain_at == Some(s.chain))
        .and_then(|s| s.game_and_hash())
        .filter(|game| vouched_for(game, &decoded))
        .map(|(game, _)| game);
    let mut game = start.unwrap_or_else(|| Game::new(decoded.seed, decoded.options));
    let done = game.actions().len();
    for &action in &decoded.actions[done..] {
        game.act(action);
    }
    let valid_len = decoded.valid_len as usize;
    Ok(Resumed {
        game,
        torn_tail: valid_len < journal_bytes.len(),
        valid_len,
        replayed: decoded.actions.len() - done,
        cursor: JournalCursor::at(decoded.chain, decoded.actions.len(), done),
        whole: decoded.whole,
    })
}
