//! Keeping a game in files while it is played, and keeping its end once it is over.

use std::io;
use std::path::{Path, PathBuf};

use super::is_ended;
use super::reporting::{Outgoing, Reporter};
use crate::app::{KeepError, Keeper, Notice, RunRecord};
use crate::storage::{ClaimedSlot, RecordingFile, SaveWriter, runs};
use umbra_rules::game::{Game, History};

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
    pub(super) fn new(
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

/// Enters a finished run in the high scores kept in `dir`, once however often its end is begun
/// again. A table that cannot be read is set aside and a new one begun; one that cannot even be
/// moved is left alone, the run not entered.
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
    let entered = scores.enter(game);
    record.entered(entered.place, entered.as_recorded);
    let written = runs::write_scores(dir, &scores);
    record.scores = scores.table;
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
                let kept = slot
                    .run_number(game)
                    .and_then(|number| runs::keep_run(&dir, number, game, morgue))
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
