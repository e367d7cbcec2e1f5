//! How a finished run is scored, and the table of the best ones.
//!
//! The score rewards getting deep first, fighting second, and winning above all:
//! `100 × depth reached` plus each kill's points from the bestiary, plus 5,000 for taking the
//! Sunstone. A run that dies on depth 4 after killing 20 orcs (500) scores less than one that
//! reached depth 6 by sneaking (600), since going down is the point; any win beats any loss.

use serde::{Deserialize, Serialize};

use super::{Boon, Ending, Game, RULES_VERSION};
use crate::balance::{POINTS_FOR_VICTORY, POINTS_PER_DEPTH};
use crate::content::NpcKind;
use crate::visibility::Omniscience;

/// How many runs the high-score table keeps.
pub const HIGH_SCORES_KEPT: usize = 10;

/// One finished run, as the high-score table keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreEntry {
    pub score: u64,
    pub seed: u64,
    pub depth: u32,
    pub turns: u64,
    pub kills: u64,
    pub ending: Ending,
    /// How many times each boon was chosen, in [`Boon::ALL`]'s order: the run's build.
    pub boons: [u8; Boon::ALL.len()],
    /// What else changes what the score means; none for a run a table kept before they were
    /// written down (it cannot be told now).
    pub conditions: Option<ScoreConditions>,
}

/// The conditions of a run that change what its score means, beside its seed (which says
/// whether it was a daily run): the same score on a 20×15 map and on 80×30, or under other
/// rules, is not the same feat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreConditions {
    pub map_width: u32,
    pub map_height: u32,
    pub rules_version: u32,
}

/// Why a finished run has no score: a debugging aid changed what it could do or see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unscored {
    /// Wizard commands were used.
    Wizard,
    /// The whole level was in view (`--debug-omniscient`).
    Omniscient,
}

/// What a finished run's recording earns in the table (see [`Game::earned_entry`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Earned {
    /// The run as played is the run its recording replays to: its own entry.
    AsPlayed(ScoreEntry),
    /// The run as played is not what its recording replays to (a state read from a snapshot
    /// forged together with its checkpoint): the replay's entry, which is what the recording
    /// proves.
    AsRecorded(ScoreEntry),
    /// Its recording replays to no entry (a run that has not ended there, or an unscored one).
    Nothing,
}

/// How many times each boon was chosen, in [`Boon::ALL`]'s order.
pub fn boon_counts(chosen: &[Boon]) -> [u8; Boon::ALL.len()] {
    Boon::ALL.map(|boon| chosen.iter().filter(|&&b| b == boon).count() as u8)
}

impl Game {
    /// The run's score so far (see the module's documentation for the formula).
    pub fn score(&self) -> u64 {
        let kills: u64 = NpcKind::all()
            .map(|kind| self.kills_of(kind) * kind.rules().score)
            .sum();
        let victory = if self.is_won() { POINTS_FOR_VICTORY } else { 0 };
        POINTS_PER_DEPTH * u64::from(self.depth()) + kills + victory
    }

    /// Why this run can never have a score, if a debugging aid was used in it. Both are kept
    /// with the run (the wizard's commands in its actions, omniscience in its options), so a
    /// recording verified later says the same.
    pub fn unscored(&self) -> Option<Unscored> {
        if self.is_wizard_run() {
            Some(Unscored::Wizard)
        } else if self.options().omniscience == Omniscience::On {
            Some(Unscored::Omniscient)
        } else {
            None
        }
    }

    /// What the run's recording earns in the table, replayed from its seed: a score entered is
    /// the one `--verify` of the recording prints, whatever state the game was read back from
    /// (a whole run replays in well under a second).
    pub fn earned_entry(&self) -> Earned {
        if self.chronicle.made_to_order {
            return self.score_entry().map_or(Earned::Nothing, Earned::AsPlayed);
        }
        let replayed = super::History::of(self).play_to_end();
        match replayed.score_entry() {
            None => Earned::Nothing,
            Some(entry) if replayed.state_hash() == self.state_hash() => Earned::AsPlayed(entry),
            Some(entry) => Earned::AsRecorded(entry),
        }
    }

    /// The entry for the high-score table, once the run has ended; none for a run a debugging
    /// aid played (see [`Game::unscored`]), which never enters the table.
    pub fn score_entry(&self) -> Option<ScoreEntry> {
        if self.unscored().is_some() {
            return None;
        }
        let size = self.options().map_size;
        Some(ScoreEntry {
            score: self.score(),
            seed: self.seed(),
            depth: self.depth(),
            turns: self.turn(),
            kills: self.kills(),
            ending: self.ending()?,
            boons: Boon::ALL.map(|boon| self.boon_count(boon) as u8),
            conditions: Some(ScoreConditions {
                map_width: size.width(),
                map_height: size.height(),
                rules_version: RULES_VERSION,
            }),
        })
    }
}

/// The best runs, best first; among equal scores the earlier run stays ahead.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighScores {
    entries: Vec<ScoreEntry>,
}

impl HighScores {
    /// A table from entries read back from storage, put in order and cut to size, whatever
    /// order they came in.
    pub fn from_entries(mut entries: Vec<ScoreEntry>) -> Self {
        entries.sort_by_key(|entry| std::cmp::Reverse(entry.score));
        entries.truncate(HIGH_SCORES_KEPT);
        Self { entries }
    }

    /// Adds a run; returns its place (0 is the best) if it made the table.
    pub fn insert(&mut self, entry: ScoreEntry) -> Option<usize> {
        let place = self.entries.partition_point(|e| e.score >= entry.score);
        if place >= HIGH_SCORES_KEPT {
            return None;
        }
        self.entries.insert(place, entry);
        self.entries.truncate(HIGH_SCORES_KEPT);
        Some(place)
    }

    pub fn entries(&self) -> &[ScoreEntry] {
        &self.entries
    }
}
