//! Watching a recorded game: its actions are played back at a pace a person can follow.

use std::time::Duration;

use umbra_rules::game::{History, PlayerAction};

/// Five turns a second: fights are readable, long walks do not drag.
pub const STEP: Duration = Duration::from_millis(200);
/// Skipping to the end plays actions for this long a frame, then draws and hears keys and
/// signals: a slice counted in actions was 10 ms of an ordinary recording but seconds of a
/// crafted one (a crowded 1000×1000 level), which left `q` unheard for 18 s.
pub const SKIP_SLICE: Duration = Duration::from_millis(40);

pub struct Playback {
    actions: Vec<PlayerAction>,
    next: usize,
    since_last_step: Duration,
    pub paused: bool,
    /// End was pressed: every frame plays a slice of what is left.
    skipping: bool,
}

impl Playback {
    pub fn new(recording: &History) -> Self {
        Self {
            actions: recording.actions.clone(),
            next: 0,
            since_last_step: Duration::ZERO,
            paused: false,
            skipping: false,
        }
    }

    /// While skipping to the end: the next action, taken as played.
    pub fn next_skipped(&mut self) -> Option<PlayerAction> {
        let action = self
            .actions
            .get(self.next)
            .copied()
            .filter(|_| self.skipping)?;
        self.next += 1;
        self.skipping = !self.is_finished();
        Some(action)
    }

    pub fn is_skipping(&self) -> bool {
        self.skipping
    }

    /// The actions due after `elapsed` more time has passed, at the watching pace (none while
    /// skipping: see [`Playback::next_skipped`]).
    pub fn advance(&mut self, elapsed: Duration) -> impl Iterator<Item = PlayerAction> + '_ {
        if self.skipping {
            return self.actions[self.next..self.next].iter().copied();
        }
        if self.paused {
            self.since_last_step = Duration::ZERO;
        } else {
            self.since_last_step += elapsed;
        }
        let mut due = 0;
        while self.since_last_step >= STEP && self.next + due < self.actions.len() {
            self.since_last_step -= STEP;
            due += 1;
        }
        let start = self.next;
        self.next += due;
        self.actions[start..start + due].iter().copied()
    }

    /// Plays the rest of the game as fast as it goes, a slice a frame ([`SKIP_SLICE`]).
    pub fn skip_to_end(&mut self) {
        self.paused = false;
        self.skipping = !self.is_finished();
    }

    /// Pauses, or plays on at the watching pace (which also stops a skip to the end).
    pub fn toggle_pause(&mut self) {
        if self.skipping {
            self.skipping = false;
            self.paused = true;
        } else {
            self.paused = !self.paused;
        }
    }

    pub fn is_finished(&self) -> bool {
        self.next == self.actions.len()
    }

    pub fn progress(&self) -> String {
        let state = if self.is_finished() {
            "finished"
        } else if self.skipping {
            "skipping"
        } else if self.paused {
            "paused"
        } else {
            "playing"
        };
        format!("Replay {}/{} {state}", self.next, self.actions.len())
    }
}
