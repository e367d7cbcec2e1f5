//! The browser's keeper: the same journal as the native save, a record per key press, kept in
//! local storage after every action and before its result is drawn; a snapshot beside it so a
//! long game resumes quickly; the high scores. An ended game's save is removed (permadeath).

use std::path::PathBuf;

use umbra::app::{KeepError, Keeper, Notice, RunRecord};
use umbra::storage::scores::ScoresRead;
use umbra::storage::{JournalCursor, LoadError, scores};
use umbra_rules::game::Game;

use crate::store::{NotBase64, Store};

pub const SAVE_KEY: &str = "umbra.save";
pub const SNAPSHOT_KEY: &str = "umbra.snapshot";
pub const SCORES_KEY: &str = "umbra.scores";
/// The seed of the last daily run played to its end here: that day's run is not begun again.
pub const DAILY_ENDED_KEY: &str = "umbra.daily-ended";

pub struct LocalKeeper {
    store: Store,
    /// The whole journal as stored: local storage replaces values whole.
    journal: Vec<u8>,
    /// Where the journal stands; `None` until a game is started or resumed here.
    cursor: Option<JournalCursor>,
    finished: bool,
    /// Told the seed of every new game, so the page can show it as the native game prints it.
    on_new_game: Box<dyn Fn(u64)>,
}

impl LocalKeeper {
    pub fn new(store: Store, on_new_game: impl Fn(u64) + 'static) -> Self {
        Self {
            store,
            journal: Vec::new(),
            cursor: None,
            finished: false,
            on_new_game: Box::new(on_new_game),
        }
    }

    /// Continues the journal `bytes` (cut to its intact part) at `cursor`.
    pub fn resuming(mut self, bytes: &[u8], cursor: JournalCursor) -> Self {
        self.journal = bytes.to_vec();
        self.cursor = Some(cursor);
        self
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    fn append(&mut self, game: &Game) -> Result<(), KeepError> {
        let Some(cursor) = self.cursor else {
            return self.start(game);
        };
        let kept = self.journal.len();
        let next = cursor.encode_new(game, &mut self.journal);
        if self.journal.len() > kept {
            if let Err(error) = self.store.set(SAVE_KEY, &self.journal) {
                // Tried again from the same point at the next action.
                self.journal.truncate(kept);
                return Err(KeepError(error));
            }
            self.cursor = Some(next);
        }
        Ok(())
    }

    /// A snapshot only shortens resuming; the journal is the game. One that does not fit is
    /// dropped (a stale one must not stay) and the next is tried a full interval later.
    fn snapshot(&mut self, game: &Game) {
        let Some(cursor) = self.cursor else {
            return;
        };
        let kept = self.journal.len();
        let (bytes, mut next) = cursor.snapshot_of(game, &mut self.journal);
        // The checkpoint that vouches for the snapshot goes into the journal first.
        if self.store.set(SAVE_KEY, &self.journal).is_err() {
            // Tried again a full interval later, as a snapshot that does not fit is.
            self.journal.truncate(kept);
            let mut later = cursor;
            later.snapshot_taken(bytes.len());
            self.cursor = Some(later);
            return;
        }
        if self.store.set(SNAPSHOT_KEY, &bytes).is_err() {
            let _ = self.store.remove(SNAPSHOT_KEY);
        }
        next.snapshot_taken(bytes.len());
        self.cursor = Some(next);
    }

    /// The game ended: its save goes, so a death once shown stays a death.
    fn finish(&mut self) -> Result<(), KeepError> {
        self.cursor = None;
        self.journal.clear();
        let removed = self.store.remove(SNAPSHOT_KEY);
        removed.and(self.store.remove(SAVE_KEY)).map_err(KeepError)
    }

    /// Enters the run in the table; one that cannot be read is set aside and a new one begun.
    fn enter_score(&self, game: &Game) -> Result<RunRecord, KeepError> {
        let mut record = RunRecord::alone(game);
        let stored = self.store.get(SCORES_KEY).map_err(KeepError)?;
        let read = stored.map(|bytes| {
            let bytes = bytes.map_err(|NotBase64| LoadError::Damaged)?;
            scores::decode(&bytes)
        });
        let mut scores = match read {
            None => ScoresRead::default(),
            Some(Ok(scores)) => scores,
            Some(Err(error)) => self.scores_aside(&mut record, &error),
        };
        // Entered once, even if the tab closed before the save below was removed last time.
        let entered = scores.enter(game);
        record.entered(entered.place, entered.as_recorded);
        self.store
            .set(SCORES_KEY, &scores::encode(&scores.table, scores.entered))
            .map_err(KeepError)?;
        record.scores = scores.table;
        Ok(record)
    }

    fn scores_aside(&self, record: &mut RunRecord, error: &LoadError) -> ScoresRead {
        let reason = error.to_string();
        record.notice = Some(match self.store.set_aside(SCORES_KEY) {
            Ok(aside) => Notice::ScoresSetAside {
                aside: PathBuf::from(aside),
                reason,
            },
            Err(_) => Notice::ScoresLeft {
                path: PathBuf::from(SCORES_KEY),
                reason,
            },
        });
        ScoresRead::default()
    }
}

impl Keeper for LocalKeeper {
    fn record(&mut self, game: &Game) -> Result<(), KeepError> {
        if self.finished {
            return Ok(());
        }
        // An ended run's save stays until `ended` has entered its score.
        self.append(game)?;
        if self.cursor.is_some_and(|cursor| cursor.snapshot_due()) {
            self.snapshot(game);
        }
        Ok(())
    }

    fn start(&mut self, game: &Game) -> Result<(), KeepError> {
        (self.on_new_game)(game.seed());
        self.finished = false;
        let _ = self.store.remove(SNAPSHOT_KEY);
        let (header, cursor) = JournalCursor::start(game);
        self.journal = header;
        self.store.set(SAVE_KEY, &self.journal).map_err(|error| {
            self.cursor = None;
            KeepError(error)
        })?;
        self.cursor = Some(cursor);
        self.append(game)
    }

    fn close(&mut self, game: &Game) -> Result<(), KeepError> {
        if game.is_over() {
            // Its score is entered and its save gone, or the save is kept for the next visit
            // to enter the run.
            return Ok(());
        }
        self.append(game)?;
        if self
            .cursor
            .is_some_and(|cursor| cursor.is_ahead_of_snapshot())
        {
            self.snapshot(game);
        }
        Ok(())
    }

    /// Enters the run's score, then lets its save go; if the score cannot be written the save
    /// is kept, ended, for the next visit to enter it.
    fn ended(&mut self, game: &Game, _morgue: &str) -> Result<RunRecord, KeepError> {
        if self.finished {
            return Ok(RunRecord::alone(game));
        }
        let record = self.enter_score(game)?;
        if umbra::app::daily::daily_of(game.seed()).is_some() {
            (self.store.set(DAILY_ENDED_KEY, &game.seed().to_le_bytes())).map_err(KeepError)?;
        }
        self.finished = true;
        self.finish()?;
        Ok(record)
    }
}
