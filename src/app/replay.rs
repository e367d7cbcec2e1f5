//! Watching a recorded game: its actions are played back at a pace a person can follow.

use std::time::Duration;

use umbra_rules::game::{History, PlayerAction};

/// Five turns a second: fights are readable, long walks do not drag.
pub const STEP: Duration = Duration::from_millis(200);

pub struct Playback {
    actions: Vec<PlayerAction>,
    next: usize,
    since_last_step: Duration,
    pub paused: bool,
}

impl Playback {
    pub fn new(recording: &History) -> Self {
        Self {
            actions: recording.actions.clone(),
            next: 0,
            since_last_step: Duration::ZERO,
            paused: false,
        }
    }

    /// The actions due after `elapsed` more time has passed.
    pub fn advance(&mut self, elapsed: Duration) -> impl Iterator<Item = PlayerAction> + '_ {
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

    /// Makes every action left due at once: the next `advance` plays the rest of the game.
    pub fn skip_to_end(&mut self) {
        self.paused = false;
        let left = u32::try_from(self.actions.len() - self.next).unwrap_or(u32::MAX);
        self.since_last_step = STEP.saturating_mul(left);
    }

    pub fn is_finished(&self) -> bool {
        self.next == self.actions.len()
    }

    pub fn progress(&self) -> String {
        let state = if self.is_finished() {
            "finished"
        } else if self.paused {
            "paused"
        } else {
            "playing"
        };
        format!("Replay {}/{} {state}", self.next, self.actions.len())
    }
}
