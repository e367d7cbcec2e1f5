//! What each key does in each mode of the app.

use chargrid::core::{UCoord, app};
use chargrid::input::KeyboardInput;

use super::keys::{self, ListKey, PlayKey};
use super::{GameApp, Mode, screens};
use crate::game::PlayerAction;

impl GameApp {
    /// While watching, the only keys are pause, the log, help, and quit.
    pub(super) fn handle_playback_key(&mut self, key: KeyboardInput) -> app::Output {
        match keys::play_key(key)? {
            PlayKey::Act(PlayerAction::Wait) => {
                if let Some(playback) = self.playback.as_mut() {
                    playback.paused = !playback.paused;
                }
            }
            PlayKey::Quit | PlayKey::Menu => return self.quit(),
            PlayKey::Log => self.mode = Mode::Log { scroll: 0 },
            PlayKey::Help => self.mode = Mode::Help,
            PlayKey::Act(_) | PlayKey::NewGame => (),
        }
        None
    }

    pub(super) fn handle_play_key(&mut self, key: KeyboardInput) -> app::Output {
        let play_key = keys::play_key(key)?;
        if self.game.is_over() {
            return self.handle_game_over_key(play_key);
        }
        match play_key {
            PlayKey::Act(action) => self.play(action),
            PlayKey::Menu => self.mode = Mode::Menu { selected: 0 },
            PlayKey::Help => self.mode = Mode::Help,
            PlayKey::Log => self.mode = Mode::Log { scroll: 0 },
            PlayKey::Quit => return self.quit(),
            PlayKey::NewGame => (),
        }
        None
    }

    /// After the run ends only a new game, quitting, and reading (log, help) make sense.
    pub(super) fn handle_game_over_key(&mut self, play_key: PlayKey) -> app::Output {
        match play_key {
            PlayKey::NewGame => self.start_new_game(None),
            PlayKey::Quit | PlayKey::Menu => return self.quit(),
            PlayKey::Log => self.mode = Mode::Log { scroll: 0 },
            PlayKey::Help => self.mode = Mode::Help,
            PlayKey::Act(_) => (),
        }
        None
    }

    pub(super) fn handle_menu_key(&mut self, key: KeyboardInput, selected: usize) -> app::Output {
        let count = screens::MENU_ITEMS.len();
        match keys::list_key(key)? {
            ListKey::Up | ListKey::PageUp => {
                self.mode = Mode::Menu {
                    selected: (selected + count - 1) % count,
                }
            }
            ListKey::Down | ListKey::PageDown => {
                self.mode = Mode::Menu {
                    selected: (selected + 1) % count,
                }
            }
            ListKey::Close => self.mode = Mode::Play,
            ListKey::Choose => match selected {
                0 => self.mode = Mode::Play,
                1 => self.offer_new_game(),
                _ => return self.quit(),
            },
        }
        None
    }

    pub(super) fn handle_log_key(&mut self, key: KeyboardInput, scroll: usize, screen: UCoord) {
        let page = screens::log_page(screen);
        let max_scroll = self.log.len().saturating_sub(page);
        let scroll = match keys::list_key(key) {
            Some(ListKey::Up) => scroll + 1,
            Some(ListKey::Down) => scroll.saturating_sub(1),
            Some(ListKey::PageUp) => scroll + page,
            Some(ListKey::PageDown) => scroll.saturating_sub(page),
            Some(ListKey::Close) => {
                self.mode = Mode::Play;
                return;
            }
            Some(ListKey::Choose) | None => scroll,
        };
        self.mode = Mode::Log {
            scroll: scroll.min(max_scroll),
        };
    }

    /// `y` abandons the living game for a new one; `n` or Esc keeps playing it.
    pub(super) fn handle_confirm_key(&mut self, key: KeyboardInput, seed: Option<u64>) {
        match key {
            KeyboardInput::Char('y' | 'Y') => self.start_new_game(seed),
            KeyboardInput::Char('n' | 'N') => self.mode = Mode::Play,
            _ if keys::list_key(key) == Some(ListKey::Close) => self.mode = Mode::Play,
            _ => (),
        }
    }
}
