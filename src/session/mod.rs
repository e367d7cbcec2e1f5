//! One run of the program around the game: claiming the save slot, resuming or starting a game,
//! keeping its journal and recording current, and replaying recordings. Frontend-agnostic.

mod headless;
mod reporting;

pub use headless::{dump_at, headless_summary};
use reporting::Outgoing;
pub use reporting::{Report, Reporter, Reports, reporting};

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::app::{KeepError, Keeper, Notice, RunRecord};
use crate::cli::Args;
use crate::storage::{
    self, ClaimError, ClaimedSlot, LoadError, RecordingFile, SaveSlot, SaveWriter, SavedGame, runs,
};
use umbra_rules::game::{Game, History};

/// How the game to play was found.
pub struct Opened {
    pub game: Game,
    pub resumed: bool,
    /// What the player should read on the first screen (a save set aside, a torn journal).
    pub notices: Vec<Notice>,
    /// The command line asked for a new game while a living one is saved: the seed to start it
    /// with, if the player agrees to abandon the saved one.
    pub ask_to_abandon: Option<u64>,
    pub keeper: FileKeeper,
}

/// Why no game can be played: each is one line for stderr, and exit code 1.
#[derive(Debug)]
pub enum OpenError {
    Slot(ClaimError),
    /// The save is there but cannot be used now; it was left exactly as it was.
    Unusable {
        path: PathBuf,
        error: LoadError,
    },
    CannotStart {
        path: PathBuf,
        error: io::Error,
    },
    Record(String),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Slot(error) => write!(f, "{error}"),
            Self::Unusable { path, error } => write!(
                f,
                "cannot read the save {}: {error}; it was left untouched (fix it, move it away, \
                 or play elsewhere with --save-dir)",
                path.display()
            ),
            Self::CannotStart { path, error } => {
                write!(f, "cannot write the save {}: {error}", path.display())
            }
            Self::Record(reason) => write!(f, "{reason}"),
        }
    }
}

impl std::error::Error for OpenError {}

/// The save slot claimed and the recording's place checked: everything that can be refused
/// before anything is written.
pub struct Claimed {
    slot: Option<ClaimedSlot>,
    record: Option<PathBuf>,
}

/// Checks where the recording goes and claims the save slot (proving the directory can hold
/// files, and taking its lock). Writes no save.
pub fn claim(args: &Args, slot: Option<&SaveSlot>) -> Result<Claimed, OpenError> {
    if let Some(path) = &args.record {
        check_record_target(path, slot).map_err(OpenError::Record)?;
    }
    let slot = slot.map(SaveSlot::claim).transpose();
    Ok(Claimed {
        slot: slot.map_err(OpenError::Slot)?,
        record: args.record.clone(),
    })
}

/// Claims, loads and starts in one step, for callers with nothing to check in between.
pub fn open_game(
    args: &Args,
    slot: Option<&SaveSlot>,
    random_seed: impl FnOnce() -> u64,
    reporter: Reporter,
) -> Result<Opened, OpenError> {
    claim(args, slot)?
        .load()?
        .start(args, random_seed, reporter)
}

/// The claimed slot with its saved game read (or found unusable), before anything is written.
pub struct Loaded {
    claimed: Claimed,
    saved: Option<SavedGame>,
    notices: Vec<Notice>,
}

impl Claimed {
    /// Reads the saved game. An unreadable one is renamed out of the way and reported; one that
    /// cannot be read now (no permission, not a regular file) stops the program, left untouched.
    pub fn load(self) -> Result<Loaded, OpenError> {
        let mut notices = Vec::new();
        let saved = match &self.slot {
            Some(slot) => load(slot, &mut notices)?,
            None => None,
        };
        Ok(Loaded {
            claimed: self,
            saved,
            notices,
        })
    }
}

impl Loaded {
    /// Resumes the saved game unless a new one is asked for (with `--new-game` or
    /// `--rng-seed`, which ask the player first when a living game is saved); a new game's
    /// journal is written at once, so even its seed survives a crash.
    pub fn start(
        self,
        args: &Args,
        random_seed: impl FnOnce() -> u64,
        reporter: Reporter,
    ) -> Result<Opened, OpenError> {
        let Self {
            claimed: Claimed { slot, record },
            saved,
            mut notices,
        } = self;
        let new_seed = args.rng_seed.unwrap_or_else(random_seed);
        let wants_new = args.new_game || args.rng_seed.is_some();
        // An ended game, or one not yet played, has nothing to abandon: a new game just replaces it.
        let nothing_to_lose = |game: &Game| is_ended(game) || game.actions().is_empty();
        if let Some(saved) = saved.filter(|saved| !(wants_new && nothing_to_lose(&saved.game))) {
            if saved.torn_tail {
                notices.push(Notice::TornTail);
            }
            return Ok(Opened {
                keeper: FileKeeper::new(slot, Some(saved.writer), record, reporter),
                game: saved.game,
                resumed: true,
                notices,
                ask_to_abandon: wants_new.then_some(new_seed),
            });
        }
        let game = Game::new(new_seed, args.options);
        let writer = match &slot {
            Some(slot) => Some(slot.start(&game).map_err(|error| OpenError::CannotStart {
                path: slot.path(),
                error,
            })?),
            None => None,
        };
        Ok(Opened {
            keeper: FileKeeper::new(slot, writer, record, reporter),
            game,
            resumed: false,
            notices,
            ask_to_abandon: None,
        })
    }
}

/// The saved game, if there is one that can be used; an unreadable one is set aside.
fn load(slot: &ClaimedSlot, notices: &mut Vec<Notice>) -> Result<Option<SavedGame>, OpenError> {
    match slot.load() {
        Ok(saved) => Ok(saved),
        Err(error) if error.leave_in_place() => Err(OpenError::Unusable {
            path: slot.path(),
            error,
        }),
        Err(error) => {
            notices.push(set_aside(slot, &error));
            Ok(None)
        }
    }
}

fn set_aside(slot: &ClaimedSlot, error: &LoadError) -> Notice {
    let save = slot.path();
    let reason = error.to_string();
    match slot.set_aside() {
        Ok(aside) => Notice::SetAside {
            save,
            aside,
            reason,
        },
        Err(rename) => Notice::NotSetAside {
            save,
            reason,
            error: rename.to_string(),
        },
    }
}

/// `--record FILE` must be a file storage may replace, and never one of the save's own files:
/// found now, not when the game ends.
fn check_record_target(path: &Path, slot: Option<&SaveSlot>) -> Result<(), String> {
    let shown = path.display();
    if let (Some(slot), Some(name)) = (slot, path.file_name())
        && let (Ok(dir), Ok(save_dir)) = (
            fs::canonicalize(storage::parent_dir(path)),
            fs::canonicalize(slot.dir()),
        )
        && dir == save_dir
        && name.to_string_lossy().starts_with("save.")
    {
        return Err(format!(
            "cannot record to {shown}: that name belongs to the save; choose another"
        ));
    }
    storage::check_writable_target(path)
        .map_err(|error| format!("cannot record to {shown}: {error}"))
}

fn is_ended(game: &Game) -> bool {
    game.is_over()
}

/// Keeps the game in the save slot's journal, and its recording if one was asked for.
pub struct FileKeeper {
    slot: Option<ClaimedSlot>,
    writer: Option<SaveWriter>,
    record: Option<PathBuf>,
    reporter: Reporter,
    /// The run's end is written and its save gone.
    finished: bool,
}

impl FileKeeper {
    fn new(
        slot: Option<ClaimedSlot>,
        writer: Option<SaveWriter>,
        record: Option<PathBuf>,
        reporter: Reporter,
    ) -> Self {
        Self {
            slot,
            writer,
            record,
            reporter,
            finished: false,
        }
    }

    /// Remembers a failure for the exit code (once per distinct message) and passes it on.
    fn failed(&self, what: &str, path: &Path, error: io::Error) -> KeepError {
        let problem = format!("could not {what} {}: {error}", path.display());
        self.reporter.send(Outgoing::Problem(problem));
        KeepError(error.to_string())
    }

    fn write_recording(&self, game: &Game) -> Result<(), KeepError> {
        match &self.record {
            Some(path) => History::of(game)
                .write(path)
                .map_err(|error| self.failed("write the recording", path, error)),
            None => Ok(()),
        }
    }

    /// The game ended: its save goes (permadeath), its recording stays.
    fn finish(&mut self, game: &Game) -> Result<(), KeepError> {
        let recorded = self.write_recording(game);
        if let Some(slot) = &self.slot {
            self.writer = None;
            let deleted = slot.delete();
            deleted.map_err(|error| self.failed("remove the save", &slot.path(), error))?;
        }
        recorded
    }
}

/// Enters a finished run in the high scores kept in `dir`. A table that cannot be read is set
/// aside and a new one begun; one that cannot even be moved is left alone, the run not entered.
fn enter_score(dir: &Path, game: &Game) -> (RunRecord, io::Result<()>) {
    let mut record = RunRecord::alone(game);
    let mut scores = match runs::read_scores(dir) {
        Ok(scores) => scores,
        Err(error) => {
            let reason = error.to_string();
            let aside = (!error.leave_in_place()).then(|| runs::set_scores_aside(dir));
            let Some(Ok(aside)) = aside else {
                // Not entered: the end screen shows no table, and the exit code says so.
                let path = runs::scores_path(dir);
                let unread = io::Error::other(format!("it could not be read ({reason})"));
                record = RunRecord::not_entered(Notice::ScoresLeft { path, reason });
                return (record, Err(unread));
            };
            record.notice = Some(Notice::ScoresSetAside { aside, reason });
            Default::default()
        }
    };
    record.place = game.score_entry().and_then(|entry| scores.insert(entry));
    let written = runs::write_scores(dir, &scores);
    record.scores = scores;
    (record, written)
}

impl Keeper for FileKeeper {
    fn record(&mut self, game: &Game) -> Result<(), KeepError> {
        if let (Some(writer), Some(slot)) = (&mut self.writer, &self.slot)
            && let Err(error) = writer.record(game)
        {
            let path = slot.path();
            return Err(self.failed("update the save", &path, error));
        }
        // An ended run's save stays until `ended` has written the run's end (morgue, recording,
        // score): the save goes only once nothing of the run can be lost with it.
        Ok(())
    }

    fn start(&mut self, game: &Game) -> Result<(), KeepError> {
        self.reporter.send(Outgoing::NewGame { seed: game.seed() });
        self.writer = None;
        self.finished = false;
        if let Some(slot) = &self.slot {
            match slot.start(game) {
                Ok(writer) => self.writer = Some(writer),
                Err(error) => return Err(self.failed("start the save", &slot.path(), error)),
            }
        }
        Ok(())
    }

    /// Writes the run's end, then lets its save go. If the end cannot be written the save is
    /// kept, ended, so the next start shows the run again and writes its end then.
    fn ended(&mut self, game: &Game, morgue: &str) -> Result<RunRecord, KeepError> {
        if self.finished {
            return Ok(RunRecord::alone(game));
        }
        let record = match &self.slot {
            None => RunRecord::alone(game),
            Some(slot) => {
                let dir = slot.dir().to_path_buf();
                let kept = runs::keep_run(&dir, game, morgue)
                    .map_err(|error| self.failed("keep the finished run in", &dir, error))?;
                let (mut record, written) = enter_score(&dir, game);
                // The run's story is kept whatever becomes of its score: a score that cannot be
                // entered is reported (and the exit code says so), but keeps no save alive.
                if let Err(error) = written {
                    let path = runs::scores_path(&dir);
                    let reason = self
                        .failed("enter the run in the high scores", &path, error)
                        .0;
                    let notice =
                        (record.notice.take()).unwrap_or(Notice::ScoresNotWritten { path, reason });
                    record = RunRecord::not_entered(notice);
                }
                record.morgue = Some(kept.morgue);
                record
            }
        };
        self.finished = true;
        self.finish(game)?;
        Ok(record)
    }

    fn news(&mut self) -> Option<Notice> {
        let rewritten = self.writer.as_mut().is_some_and(SaveWriter::take_rewritten);
        let save = self.slot.as_ref().map(ClaimedSlot::path)?;
        rewritten.then_some(Notice::SaveRewritten { save })
    }

    fn close(&mut self, game: &Game) -> Result<(), KeepError> {
        if is_ended(game) {
            // Its end is written and its save gone, or (writing failed) the save is kept for
            // the next start to finish the run: either way nothing is left to do.
            return Ok(());
        }
        if let (Some(writer), Some(slot)) = (&mut self.writer, &self.slot)
            && let Err(error) = writer.close(game)
        {
            let path = slot.path();
            return Err(self.failed("update the save", &path, error));
        }
        self.write_recording(game)
    }
}
