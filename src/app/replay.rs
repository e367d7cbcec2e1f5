//! Watching a recorded game: its actions are played back at a pace a person can follow.

use std::time::Duration;

use umbra_rules::game::{History, PlayerAction};

/// Five turns a second: fights are readable, long walks do not drag.
pub const STEP: Duration = Duration::from_millis(200);
/// Skipping to the end plays this many actions a frame (about 10 ms of replay), so a
/// recording of millions of actions shows its progress and keys and signals are heard.
pub const SKIP_PER_FRAME: usize = 8192;

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

    /// The actions due after `elapsed` more time has passed.
    pub fn advance(&mut self, elapsed: Duration) -> impl Iterator<Item = PlayerAction> + '_ {
        if self.skipping {
            let start = self.next;
            self.next = (start + SKIP_PER_FRAME).min(self.actions.len());
            self.skipping = self.next < self.actions.len();
            return self.actions[start..self.next].iter().copied();
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

    /// Plays the rest of the game as fast as it goes, a slice a frame ([`SKIP_PER_FRAME`]).
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
