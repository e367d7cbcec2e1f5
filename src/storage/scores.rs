//! The high-score table's bytes, checked like every file (tag, format version, length, CRC-32).

use serde::{Deserialize, Serialize};

use super::LoadError;
use super::format::{unwrap, wrap};
use umbra_rules::game::{Boon, Earned, Ending, Game, HighScores, ScoreEntry};

const MAGIC: &[u8; 8] = b"UMBRASCO";
/// Bump when the encoding of a score entry changes. 2: each run's boons. 3: the last run entered,
/// so a run's end finished again after a kill is not entered twice. 4: each run's map size and
/// rules version. Formats 1 to 3 are still read (runs without boons; no run marked as entered;
/// runs whose size and rules were not written down).
const FORMAT_VERSION: u32 = 4;
const FORMAT_WITHOUT_CONDITIONS: u32 = 3;
const FORMAT_WITHOUT_MARK: u32 = 2;
const FORMAT_WITHOUT_BOONS: u32 = 1;
/// Ten entries take under 400 bytes; anything far larger is not ours.
pub const SIZE_LIMIT: u64 = 64 << 10;

/// Which run a finished game is: two runs agree on all three only if they are the same game
/// (the same seed, the same number of actions, the same state at the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunId {
    pub seed: u64,
    pub actions: u64,
    pub state_hash: u32,
}

impl RunId {
    pub fn of(game: &Game) -> Self {
        Self {
            seed: game.seed(),
            actions: game.actions().len() as u64,
            state_hash: game.state_hash(),
        }
    }
}

/// The table, and the last run entered in it.
#[derive(Debug, Clone, Default)]
pub struct ScoresRead {
    pub table: HighScores,
    pub entered: Option<RunId>,
}

pub fn encode(scores: &HighScores, entered: Option<RunId>) -> Vec<u8> {
    let file = MarkedFile {
        entries: scores.entries().to_vec(),
        entered,
    };
    let payload = postcard::to_allocvec(&file).expect("scores always encode");
    wrap(MAGIC, FORMAT_VERSION, &payload)
}

/// The table in `bytes`; never panics, whatever the bytes. An entry naming a monster kind this
/// build's tables do not have (a table kept by a build with a larger bestiary, or crafted) makes
/// the whole file one this build cannot read: it is refused in words, never shown as a crash.
pub fn decode(bytes: &[u8]) -> Result<ScoresRead, LoadError> {
    // Postcard keeps no words of a refused kind, so the reason is said for every such table.
    let invalid = |_: postcard::Error| LoadError::NotScores;
    if let Ok(payload) = unwrap(MAGIC, FORMAT_WITHOUT_BOONS, bytes) {
        let file: OldScoresFile<OldEntry> = postcard::from_bytes(payload).map_err(invalid)?;
        return Ok(file.upgraded());
    }
    if let Ok(payload) = unwrap(MAGIC, FORMAT_WITHOUT_MARK, bytes) {
        let file: OldScoresFile<EntryWithoutConditions> =
            postcard::from_bytes(payload).map_err(invalid)?;
        return Ok(file.upgraded());
    }
    if let Ok(payload) = unwrap(MAGIC, FORMAT_WITHOUT_CONDITIONS, bytes) {
        let file: MarkedFile<EntryWithoutConditions> =
            postcard::from_bytes(payload).map_err(invalid)?;
        let entries = file.entries.into_iter().map(Into::into).collect();
        return Ok(ScoresRead {
            table: HighScores::from_entries(entries),
            entered: file.entered,
        });
    }
    let payload = unwrap(MAGIC, FORMAT_VERSION, bytes)?;
    let file: MarkedFile<ScoreEntry> = postcard::from_bytes(payload).map_err(invalid)?;
    Ok(ScoresRead {
        table: HighScores::from_entries(file.entries),
        entered: file.entered,
    })
}

/// A run as format 1 kept it, before boons.
#[derive(Deserialize)]
struct OldEntry {
    score: u64,
    seed: u64,
    depth: u32,
    turns: u64,
    kills: u64,
    ending: Ending,
}

impl From<OldEntry> for ScoreEntry {
    fn from(old: OldEntry) -> Self {
        EntryWithoutConditions {
            score: old.score,
            seed: old.seed,
            depth: old.depth,
            turns: old.turns,
            kills: old.kills,
            ending: old.ending,
            boons: Default::default(),
        }
        .into()
    }
}

/// A run as formats 2 and 3 kept it, before its map size and rules version.
#[derive(Serialize, Deserialize)]
struct EntryWithoutConditions {
    score: u64,
    seed: u64,
    depth: u32,
    turns: u64,
    kills: u64,
    ending: Ending,
    boons: [u8; Boon::ALL.len()],
}

impl From<EntryWithoutConditions> for ScoreEntry {
    fn from(old: EntryWithoutConditions) -> Self {
        ScoreEntry {
            score: old.score,
            seed: old.seed,
            depth: old.depth,
            turns: old.turns,
            kills: old.kills,
            ending: old.ending,
            boons: old.boons,
            conditions: None,
        }
    }
}

/// A table from format 3 on: its runs, and the last one entered.
#[derive(Serialize, Deserialize)]
struct MarkedFile<E> {
    entries: Vec<E>,
    entered: Option<RunId>,
}

/// A table as formats 1 and 2 kept it, with no run marked as entered.
#[derive(Deserialize)]
struct OldScoresFile<E> {
    entries: Vec<E>,
}

impl<E: Into<ScoreEntry>> OldScoresFile<E> {
    fn upgraded(self) -> ScoresRead {
        let entries = self.entries.into_iter().map(Into::into).collect();
        ScoresRead {
            table: HighScores::from_entries(entries),
            entered: None,
        }
    }
}

impl ScoresRead {
    /// Enters the finished `game` as its recording earns it (see [`Game::earned_entry`]: a
    /// state read from a forged snapshot enters what its moves replay to, or nothing) and marks
    /// it entered. Entering the same run again (its end finished a second time, after a kill
    /// between the table's write and the save's removal) changes nothing: one run, one line.
    pub fn enter(&mut self, game: &Game) -> Entered {
        let (entry, as_recorded) = match game.earned_entry() {
            Earned::AsPlayed(entry) => (Some(entry), None),
            Earned::AsRecorded(entry) => (Some(entry), Some(true)),
            // A finished run with an entry of its own whose moves earn none was not played as
            // its recording says; one without an entry (a debugging aid) has none to lose.
            Earned::Nothing => (None, game.score_entry().map(|_| false)),
        };
        let place = entry.and_then(|entry| {
            let id = RunId::of(game);
            if self.entered == Some(id) {
                return self.table.entries().iter().position(|kept| *kept == entry);
            }
            self.entered = Some(id);
            self.table.insert(entry)
        });
        Entered { place, as_recorded }
    }
}

/// Where a run went in the table, and, for a run not played as its recording replays, whether
/// the recording's run was entered in its place (`Some(true)`) or nothing (`Some(false)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entered {
    pub place: Option<usize>,
    pub as_recorded: Option<bool>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use umbra_rules::game::{Actor, NpcKind};

    #[test]
    fn a_table_from_before_runs_kept_their_map_size_reads_with_it_unknown() {
        let killer = NpcKind::all().next().expect("a kind");
        let old = EntryWithoutConditions {
            score: 512,
            seed: 9,
            depth: 5,
            turns: 700,
            kills: 3,
            ending: Ending::Died {
                killer: Actor::Npc(killer),
            },
            boons: Default::default(),
        };
        let entered = RunId {
            seed: 9,
            actions: 700,
            state_hash: 7,
        };
        let file = MarkedFile {
            entries: vec![old],
            entered: Some(entered),
        };
        let payload = postcard::to_allocvec(&file).expect("encodes");
        let read = decode(&wrap(MAGIC, FORMAT_WITHOUT_CONDITIONS, &payload)).expect("read");
        let [entry] = read.table.entries() else {
            panic!("one run: {read:?}");
        };
        assert_eq!((entry.score, entry.seed, entry.conditions), (512, 9, None));
        assert_eq!(read.entered, Some(entered));
        let again = decode(&encode(&read.table, read.entered)).expect("read again");
        assert_eq!(again.table, read.table);
    }
}
