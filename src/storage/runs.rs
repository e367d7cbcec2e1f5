//! Finished runs: each keeps its morgue file (plain text) and its recording side by side, named
//! `run-NNNN-seed-S.txt` and `run-NNNN-seed-S.umbra` in the save's directory, and the table of
//! the best scores in `scores.umbra`. A high-score file that cannot be read is renamed out of the
//! way (never over an earlier one) and a new table begins, as for a save.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::files::{is_missing, read_capped_in_slot, rename_aside, write_atomically};
use umbra_rules::game::History;

use super::files::RecordingFile;
use super::scores::ScoresRead;
use super::{LoadError, scores};
use umbra_rules::game::Game;

const SCORES_NAME: &str = "scores.umbra";

/// Where a finished run was kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptRun {
    pub morgue: PathBuf,
    pub recording: PathBuf,
}

/// The high-score file in `dir`.
pub fn scores_path(dir: &Path) -> PathBuf {
    dir.join(SCORES_NAME)
}

/// The table in `dir` and the last run entered in it; an empty one if there is no file yet.
pub fn read_scores(dir: &Path) -> Result<ScoresRead, LoadError> {
    let bytes = match read_capped_in_slot(&scores_path(dir), scores::SIZE_LIMIT) {
        Ok(bytes) => bytes,
        Err(error) if is_missing(&error) => return Ok(ScoresRead::default()),
        Err(error) => return Err(error),
    };
    scores::decode(&bytes)
}

pub fn write_scores(dir: &Path, scores: &ScoresRead) -> io::Result<()> {
    write_atomically(
        &scores_path(dir),
        &scores::encode(&scores.table, scores.entered),
    )
}

/// Renames an unreadable high-score file out of the way; returns where it went.
pub fn set_scores_aside(dir: &Path) -> io::Result<PathBuf> {
    rename_aside(&scores_path(dir))
}

/// Writes the run's morgue and recording in `dir` as run `number`, which the run's end reserved
/// for this run (see `ClaimedSlot::run_number`): files already under that number are this run's,
/// from an end a kill interrupted, and are replaced; no other run's files are ever touched.
pub fn keep_run(dir: &Path, number: u32, game: &Game, morgue: &str) -> io::Result<KeptRun> {
    let stem = format!("run-{number:04}-seed-{}", game.seed());
    let kept = KeptRun {
        morgue: dir.join(format!("{stem}.txt")),
        recording: dir.join(format!("{stem}.umbra")),
    };
    History::of(game).write(&kept.recording)?;
    write_atomically(&kept.morgue, morgue.as_bytes())?;
    Ok(kept)
}

/// The number of a finished run of `seed` kept in `dir`, if one is (its recording's name says).
pub fn kept_run_of(dir: &Path, seed: u64) -> io::Result<Option<u32>> {
    let tail = format!("-seed-{seed}.umbra");
    for entry in fs::read_dir(dir)? {
        let name = entry?.file_name();
        let number = (name.to_str())
            .and_then(|name| name.strip_prefix("run-"))
            .and_then(|rest| rest.strip_suffix(tail.as_str()))
            .and_then(|digits| digits.parse::<u32>().ok());
        if number.is_some() {
            return Ok(number);
        }
    }
    Ok(None)
}

/// One more than the highest run number in `dir`, so runs sort in the order they ended.
pub fn next_run_number(dir: &Path) -> io::Result<u32> {
    let mut highest = 0;
    for entry in fs::read_dir(dir)? {
        let name = entry?.file_name();
        let number = name
            .to_str()
            .and_then(|name| name.strip_prefix("run-"))
            .and_then(|rest| rest.split('-').next())
            .and_then(|digits| digits.parse::<u32>().ok());
        highest = highest.max(number.unwrap_or(0));
    }
    highest.checked_add(1).ok_or_else(|| {
        io::Error::other(format!(
            "no run number is left in {} (run-{highest} is there)",
            dir.display()
        ))
    })
}
