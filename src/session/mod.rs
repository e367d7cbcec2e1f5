//! One run of the program around the game: claiming the save slot, resuming or starting a game,
//! keeping its journal and recording current, and replaying recordings. Frontend-agnostic.

mod headless;
mod keeper;
mod record_target;
mod reporting;

pub use headless::{dump_at, headless_summary};
pub use keeper::FileKeeper;
use record_target::check_record_target;
pub use reporting::{Report, Reporter, Reports, reporting};

use std::fmt;
use std::io;
use std::path::PathBuf;

use crate::app::{Notice, daily};
use crate::cli::Args;
use crate::storage::{ClaimError, ClaimedSlot, FoundSave, LoadError, SaveSlot, runs};
use umbra_rules::game::Game;

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
    /// `--daily` when the day's run has been played to its end here already.
    DailyPlayed {
        run: u32,
        dir: PathBuf,
    },
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
            Self::DailyPlayed { run, dir } => write!(
                f,
                "today's daily run has been played (run {run} in {}); the next one begins at \
                 00:00 UTC",
                dir.display()
            ),
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
    check_record(args, slot)?;
    let slot = slot.map(SaveSlot::claim).transpose();
    Ok(Claimed {
        slot: slot.map_err(OpenError::Slot)?,
        record: args.record.clone(),
    })
}

/// Checks where `--record` would write, if it was given: refused at once, never at the end.
pub fn check_record(args: &Args, slot: Option<&SaveSlot>) -> Result<(), OpenError> {
    match &args.record {
        Some(path) => check_record_target(path, slot).map_err(OpenError::Record),
        None => Ok(()),
    }
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
    found: Option<FoundSave>,
    /// The save could not be read: it is set aside once the start is sure to go ahead.
    unreadable: Option<LoadError>,
}

impl Claimed {
    /// Reads the saved game, writing nothing. One that cannot be read now (no permission, not
    /// a regular file) stops the program, left untouched; one that is damaged is set aside by
    /// [`Loaded::start`], once nothing else can stop the start.
    pub fn load(self) -> Result<Loaded, OpenError> {
        let (found, unreadable) = match self.slot.as_ref().map(ClaimedSlot::read) {
            None | Some(Ok(None)) => (None, None),
            Some(Ok(Some(found))) => {
                let game = found.game();
                match daily::check_today(game.seed(), game.options().map_size) {
                    Ok(()) => (Some(found), None),
                    // Set aside as a damaged save is: nothing in it is a game to go on with.
                    Err(why) => (None, Some(LoadError::Invalid(why.to_string()))),
                }
            }
            Some(Err(error)) if error.leave_in_place() => {
                let path = self
                    .slot
                    .as_ref()
                    .map(ClaimedSlot::path)
                    .unwrap_or_default();
                return Err(OpenError::Unusable { path, error });
            }
            Some(Err(error)) => (None, Some(error)),
        };
        Ok(Loaded {
            claimed: self,
            found,
            unreadable,
        })
    }
}

impl Loaded {
    /// Resumes the saved game unless a new one is asked for (with `--new-game` or
    /// `--rng-seed`, which ask the player first when a living game is saved); a new game's
    /// journal is written at once, so even its seed survives a crash. The first writes of the
    /// run: what a killed process left is cleared, and a damaged save set aside with a notice.
    pub fn start(
        self,
        args: &Args,
        random_seed: impl FnOnce() -> u64,
        reporter: Reporter,
    ) -> Result<Opened, OpenError> {
        let Self {
            claimed: Claimed { slot, record },
            found,
            unreadable,
        } = self;
        let new_seed = args.rng_seed.unwrap_or_else(random_seed);
        // The seed asked for is the saved game's: that game goes on (as a page reloaded does),
        // so `--daily` twice in a day resumes the day's run rather than offering to restart it.
        let same_seed = |game: &Game| args.rng_seed == Some(game.seed()) && !args.new_game;
        if let (true, Some(slot)) = (args.daily, &slot)
            && !found.as_ref().is_some_and(|found| same_seed(found.game()))
        {
            daily_not_yet_played(slot, new_seed)?;
        }
        let mut notices = Vec::new();
        if let Some(slot) = &slot {
            tidy(slot, unreadable.as_ref(), &mut notices)?;
        }
        let wants_new = args.new_game || args.rng_seed.is_some();
        // An ended game, or one not yet played, has nothing to abandon: a new game just replaces it.
        let nothing_to_lose = |game: &Game| is_ended(game) || game.actions().is_empty();
        let resumed = found.filter(|found| {
            !(wants_new && !same_seed(found.game()) && nothing_to_lose(found.game()))
        });
        let slot = match (slot, resumed) {
            (Some(slot), Some(found)) => {
                let ask = (wants_new && !same_seed(found.game())).then_some(new_seed);
                let keeping = Keeping {
                    slot,
                    record,
                    reporter,
                };
                return keeping.resume(found, notices, ask);
            }
            (slot, _) => slot,
        };
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

/// What keeping a resumed game needs.
struct Keeping {
    slot: ClaimedSlot,
    record: Option<PathBuf>,
    reporter: Reporter,
}

impl Keeping {
    fn resume(
        self,
        found: FoundSave,
        mut notices: Vec<Notice>,
        ask_to_abandon: Option<u64>,
    ) -> Result<Opened, OpenError> {
        let saved = self
            .slot
            .take_up(found)
            .map_err(|error| OpenError::CannotStart {
                path: self.slot.path(),
                error,
            })?;
        if saved.torn_tail {
            notices.push(Notice::TornTail);
        }
        Ok(Opened {
            keeper: FileKeeper::new(
                Some(self.slot),
                Some(saved.writer),
                self.record,
                self.reporter,
            ),
            game: saved.game,
            resumed: true,
            notices,
            ask_to_abandon,
        })
    }
}

/// The slot's first writes of a start that is going ahead: leftovers of a killed process go,
/// and an unreadable save is set aside, with a notice for the first screen.
fn tidy(
    slot: &ClaimedSlot,
    unreadable: Option<&LoadError>,
    notices: &mut Vec<Notice>,
) -> Result<(), OpenError> {
    slot.remove_leftovers()
        .map_err(|error| OpenError::CannotStart {
            path: slot.path(),
            error,
        })?;
    if let Some(error) = unreadable {
        notices.push(set_aside(slot, error));
    }
    Ok(())
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

/// A day's run is played once: its finished run kept in the slot's directory refuses another.
fn daily_not_yet_played(slot: &ClaimedSlot, seed: u64) -> Result<(), OpenError> {
    let kept = runs::kept_run_of(slot.dir(), seed).map_err(|error| OpenError::CannotStart {
        path: slot.dir().to_path_buf(),
        error,
    })?;
    match kept {
        Some(run) => Err(OpenError::DailyPlayed {
            run,
            dir: slot.dir().to_path_buf(),
        }),
        None => Ok(()),
    }
}

fn is_ended(game: &Game) -> bool {
    game.is_over()
}
