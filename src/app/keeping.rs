//! The one way a game leaves the app: a [`Keeper`] that the edge provides (a journal on disk
//! natively, the browser's storage on the web), told of every action and of the moments that
//! matter. What goes wrong while keeping is put into words here, on screen, at once.

use std::path::PathBuf;

use super::messages::{MessageLog, Tone};
use umbra_rules::game::{Game, HighScores};

/// Why the game could not be kept, in the platform's words (an OS error, a full disk).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeepError(pub String);

/// Keeps the game the app is playing. Every call gets the whole game, so a keeper that failed
/// once can catch up on the next call.
pub trait Keeper {
    /// After every action the player sent, before its result is drawn. A game that has just
    /// ended is let go here, so a death once shown stays a death.
    fn record(&mut self, game: &Game) -> Result<(), KeepError>;
    /// A new game replaces the current one, which is over or was abandoned by the player.
    fn start(&mut self, game: &Game) -> Result<(), KeepError>;
    /// The player is leaving (a quit, a signal): the game should be ready to resume.
    fn close(&mut self, game: &Game) -> Result<(), KeepError>;
    /// The run has just ended and its last turn is in the log: keep `morgue` and the run's
    /// recording, and enter the run in the high-score table, which comes back for the end screen.
    fn ended(&mut self, game: &Game, morgue: &str) -> Result<RunRecord, KeepError>;
    /// Something the keeper found and mended that the player should hear of at once (a save
    /// file deleted in mid-game and written again); asked after every call.
    fn news(&mut self) -> Option<Notice> {
        None
    }
}

/// What became of a finished run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunRecord {
    /// The high-score table with the run entered (if it made it).
    pub scores: HighScores,
    /// The run's place in the table, 0 for the best.
    pub place: Option<usize>,
    /// Where its morgue file went, when one was written.
    pub morgue: Option<PathBuf>,
    /// Something the player should know about the high-score file.
    pub notice: Option<Notice>,
}

impl RunRecord {
    /// A run that could not be entered in the high scores, for this reason: no table is shown.
    pub fn not_entered(notice: Notice) -> Self {
        Self {
            scores: HighScores::default(),
            place: None,
            morgue: None,
            notice: Some(notice),
        }
    }

    /// Where the run went in the table, and, for a run not played as its recording replays,
    /// the notice that the table took the recording's run (`Some(true)`) or nothing
    /// (`Some(false)`).
    pub fn entered(&mut self, place: Option<usize>, as_recorded: Option<bool>) {
        self.place = place;
        if let Some(entered) = as_recorded {
            self.notice
                .get_or_insert(Notice::ScoreAsRecorded { entered });
        }
    }

    /// A run entered in a table of its own, where nothing is kept.
    pub fn alone(game: &Game) -> Self {
        let mut scores = HighScores::default();
        let place = game.score_entry().and_then(|entry| scores.insert(entry));
        Self {
            scores,
            place,
            morgue: None,
            notice: None,
        }
    }
}

/// Keeps nothing: for replays, tests and benchmarks.
pub struct KeepNothing;

impl Keeper for KeepNothing {
    fn record(&mut self, _: &Game) -> Result<(), KeepError> {
        Ok(())
    }

    fn start(&mut self, _: &Game) -> Result<(), KeepError> {
        Ok(())
    }

    fn close(&mut self, _: &Game) -> Result<(), KeepError> {
        Ok(())
    }

    fn ended(&mut self, game: &Game, _: &str) -> Result<RunRecord, KeepError> {
        Ok(RunRecord::alone(game))
    }
}

/// Something about the saved game that the player reads on the first screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// An unreadable save was renamed out of the way and a new game started.
    SetAside {
        save: PathBuf,
        aside: PathBuf,
        reason: String,
    },
    /// An unreadable save could not even be renamed; a new game started and will replace it.
    NotSetAside {
        save: PathBuf,
        reason: String,
        error: String,
    },
    /// The journal's last action was only half written when the game stopped; it was dropped.
    TornTail,
    /// There is nowhere to keep the game (a browser with storage turned off): it is played, but
    /// not kept.
    NotSaving { reason: String },
    /// The high-score file could not be read; it was renamed and a new table begun.
    ScoresSetAside { aside: PathBuf, reason: String },
    /// The high-score file could not be read nor moved; it was left alone and the run not
    /// entered.
    ScoresLeft { path: PathBuf, reason: String },
    /// The recording being watched is a save's journal, not a file written whole: it is
    /// replayed as far as it was kept; `torn_tail` when its last record was half written.
    LiveRecording { torn_tail: bool },
    /// The high-score file could not be written; the run was not entered.
    ScoresNotWritten { path: PathBuf, reason: String },
    /// The save file was gone in mid-game (deleted, with its directory or alone) and was written
    /// again from the game in memory.
    SaveRewritten { save: PathBuf },
    /// The run as played is not what its recording replays to (a save read back from a forged
    /// snapshot): the table took what the recording earns (`entered`), or nothing.
    ScoreAsRecorded { entered: bool },
}

/// The notice as lines short enough for the message area: the file by name only (the full
/// path goes to stderr), the reason on a line of its own.
pub(super) fn notice_lines(notice: &Notice) -> Vec<String> {
    let name = |path: &PathBuf| {
        path.file_name().map_or_else(
            || path.display().to_string(),
            |name| name.to_string_lossy().into(),
        )
    };
    match notice {
        Notice::SetAside { aside, reason, .. } => vec![
            format!("Your save could not be read: {reason}."),
            format!("It was kept as {}; a new game begins.", name(aside)),
        ],
        Notice::NotSetAside { reason, error, .. } => vec![
            format!("Your save could not be read: {reason}."),
            format!("It could not be moved aside either ({error}); a new game begins."),
        ],
        Notice::TornTail => vec![
            "The last key press before the game stopped was not fully saved; it was undone."
                .to_string(),
        ],
        Notice::NotSaving { reason } => vec![
            format!("Your game cannot be saved here: {reason}."),
            "It will be lost when Umbra stops.".to_string(),
        ],
        Notice::ScoresSetAside { aside, reason } => vec![
            format!("The high scores could not be read: {reason}."),
            format!("They were kept as {}; a new table begins.", name(aside)),
        ],
        Notice::ScoresLeft { path, reason } => vec![format!(
            "The high scores in {} could not be read ({reason}); this run was not entered.",
            name(path)
        )],
        Notice::ScoresNotWritten { path, reason } => vec![format!(
            "The high scores in {} could not be written ({reason}); this run was not entered.",
            name(path)
        )],
        Notice::SaveRewritten { save } => vec![format!(
            "Your save file {} was removed while you played; it has been written again.",
            name(save)
        )],
        Notice::ScoreAsRecorded { entered } => vec![
            "The saved game did not match the moves that made it.".to_string(),
            match entered {
                true => "The high scores took the run as its moves replay.".to_string(),
                false => "Its moves replay to no finished run: it was not entered.".to_string(),
            },
        ],
        Notice::LiveRecording { torn_tail } => {
            let mut lines = vec![
                "This is a save, not a finished recording: it plays as far as it was kept."
                    .to_string(),
            ];
            if *torn_tail {
                lines.push("Its last action was only half written and is left out.".to_string());
            }
            lines
        }
    }
}

/// The notice in one line with full paths, for stderr.
pub fn notice_report(notice: &Notice) -> String {
    match notice {
        Notice::SetAside {
            save,
            aside,
            reason,
        } => format!(
            "the save {} could not be read: {reason}; it was kept as {} and a new game started",
            save.display(),
            aside.display()
        ),
        Notice::NotSetAside {
            save,
            reason,
            error,
        } => format!(
            "the save {} could not be read ({reason}) nor moved aside ({error}); a new game started",
            save.display()
        ),
        Notice::TornTail => {
            "the save's last key press was only half written and was dropped".to_string()
        }
        Notice::NotSaving { reason } => format!("the game cannot be saved: {reason}"),
        Notice::ScoresSetAside { aside, reason } => format!(
            "the high-score file could not be read: {reason}; it was kept as {} and a new table begun",
            aside.display()
        ),
        Notice::ScoresLeft { path, reason } => format!(
            "the high-score file {} could not be read ({reason}); it was left alone",
            path.display()
        ),
        Notice::ScoresNotWritten { path, reason } => format!(
            "the high-score file {} could not be written ({reason}); the run was not entered",
            path.display()
        ),
        Notice::SaveRewritten { save } => format!(
            "the save file {} was removed while the game was played; it was written again",
            save.display()
        ),
        Notice::ScoreAsRecorded { entered: true } => {
            "the saved game did not match its recording: the run was entered as its recording \
             replays"
                .to_string()
        }
        Notice::ScoreAsRecorded { entered: false } => {
            "the saved game did not match its recording, which replays to no finished run: the \
             run was not entered"
                .to_string()
        }
        Notice::LiveRecording { torn_tail: false } => {
            "this is a save, not a finished recording: it is replayed as far as it was kept"
                .to_string()
        }
        Notice::LiveRecording { torn_tail: true } => {
            "this is a save, not a finished recording: it is replayed as far as it was kept, \
             and its last action, only half written, is left out"
                .to_string()
        }
    }
}

/// The keeper, with its failures shown in the log: the first failure at once, its repeats not
/// (one per turn would bury the game), and the recovery when saving works again.
pub(super) struct Keeping {
    keeper: Box<dyn Keeper>,
    failing: bool,
}

impl Keeping {
    pub fn new(keeper: Box<dyn Keeper>) -> Self {
        Self {
            keeper,
            failing: false,
        }
    }

    pub fn record(&mut self, game: &Game, log: &mut MessageLog) {
        let result = self.keeper.record(game);
        self.report(result, log);
        self.hear_news(log);
    }

    fn hear_news(&mut self, log: &mut MessageLog) {
        while let Some(notice) = self.keeper.news() {
            for line in notice_lines(&notice) {
                log.push(line, Tone::Danger);
            }
        }
    }

    pub fn start(&mut self, game: &Game, log: &mut MessageLog) {
        let result = self.keeper.start(game);
        self.report(result, log);
    }

    pub fn close(&mut self, game: &Game, log: &mut MessageLog) {
        let result = self.keeper.close(game);
        self.report(result, log);
        self.hear_news(log);
    }

    /// Keeps the finished run; what the player should know goes to the log. None when it could
    /// not be kept: the end screen then shows no table the run is not in.
    pub fn ended(&mut self, game: &Game, morgue: &str, log: &mut MessageLog) -> Option<RunRecord> {
        match self.keeper.ended(game, morgue) {
            Ok(record) => {
                for line in record.notice.iter().flat_map(notice_lines) {
                    log.push(line, Tone::Danger);
                }
                if let Some(name) = record.morgue.as_ref().and_then(|m| m.file_name()) {
                    let text = format!("The story of this run is kept in {}.", name.display());
                    log.push(text, Tone::Normal);
                }
                Some(record)
            }
            Err(KeepError(reason)) => {
                let text = format!("This run could not be kept: {reason}.");
                log.push(text, Tone::Danger);
                None
            }
        }
    }

    fn report(&mut self, result: Result<(), KeepError>, log: &mut MessageLog) {
        match result {
            Ok(()) if self.failing => {
                self.failing = false;
                log.push("The game is being saved again.".to_string(), Tone::Good);
            }
            Ok(()) => (),
            Err(KeepError(reason)) if !self.failing => {
                self.failing = true;
                let text = format!(
                    "The game could not be saved: {reason}. What happens now may be lost if Umbra stops."
                );
                log.push(text, Tone::Danger);
            }
            Err(_) => (),
        }
    }
}
