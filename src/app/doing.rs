//! Activities in the app: started by a key or a click, one turn of them each frame so the
//! player watches them unfold, and stopped by any key.

use super::GameApp;
use super::cell_words;
use super::messages::Tone;
use umbra_rules::game::{Activity, Doing};

impl GameApp {
    /// Starts an activity and plays its first turn at once, so a refusal is shown at once.
    pub(super) fn begin(&mut self, activity: Activity) {
        if self.game.is_over() || self.playback.is_some() {
            return;
        }
        self.doing = Some(self.game.begin(activity));
        self.continue_doing();
    }

    /// One more turn of the activity under way, or the reason it stops.
    pub(super) fn continue_doing(&mut self) {
        let Some(doing) = self.doing.take() else {
            return;
        };
        self.doing = self.take_step(doing);
        // An activity that has just reached its end says so now, not a frame later, so that a
        // key pressed as the player sees it arrive is the next command, not an interruption.
        if let Some(doing) = self.doing.take_if(|doing| self.game.is_finished(doing)) {
            self.doing = self.take_step(doing);
        }
    }

    /// Plays the activity's next turn, or puts why it stopped in the log; the activity if it
    /// goes on.
    fn take_step(&mut self, mut doing: Doing) -> Option<Doing> {
        let was_cleared = self.game.is_cleared();
        match self.game.step(&mut doing) {
            Ok(outcome) => {
                self.after_turn(outcome, was_cleared);
                Some(doing)
            }
            Err(stop) => {
                if let Some(words) = cell_words::stop_words(stop, &self.game) {
                    self.log.push(words, Tone::Normal);
                }
                None
            }
        }
    }

    /// `>`: down the stairs underfoot, or off to the stairs the player knows of.
    pub(super) fn take_stairs(&mut self) {
        match self.game.known_stairs() {
            Some(stairs) if !self.game.is_on_stairs() => self.begin(Activity::Travel(stairs)),
            _ => self.play(umbra_rules::game::PlayerAction::Descend),
        }
    }

    /// True while an activity is under way.
    pub fn is_busy(&self) -> bool {
        self.doing.is_some()
    }

    /// True when nothing changes on screen until the player does something: no activity under
    /// way and no recording playing.
    pub fn is_idle(&self) -> bool {
        let playing = self
            .playback
            .as_ref()
            .is_some_and(|playback| !playback.paused && !playback.is_finished());
        self.doing.is_none() && !playing
    }
}
