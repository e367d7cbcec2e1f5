//! What each key does in each mode of the app.

use chargrid::core::{ICoord, UCoord, app};
use chargrid::input::KeyboardInput;

use super::keys::{ListKey, PlayKey};
use super::mode::{MenuItem, Mode, Step};
use super::screens;
use super::{GameApp, map};
use direction::CardinalDirection;
use umbra_rules::game::{Activity, PlayerAction};

impl GameApp {
    pub(super) fn handle_key(&mut self, key: KeyboardInput, screen: UCoord) -> app::Output {
        match self.mode {
            Mode::Play if self.playback.is_some() => return self.handle_playback_key(key),
            Mode::Play => return self.handle_play_key(key),
            Mode::Menu { selected } => return self.handle_menu_key(key, selected),
            Mode::ConfirmAbandon { seed } => self.handle_confirm_key(key, seed),
            Mode::ConfirmJump { direction } => self.handle_jump_key(key, direction),
            Mode::ConfirmTrap { direction } => self.handle_jump_key(key, direction),
            Mode::ConfirmFree { direction } => self.handle_free_key(key, direction),
            Mode::Help { scroll } => self.handle_help_key(key, scroll, screen),
            Mode::Look { cursor } => self.handle_look_key(key, cursor, screen),
            Mode::Log { scroll } => self.handle_log_key(key, scroll, screen),
            Mode::Title { selected } => self.handle_title_key(key, selected),
            Mode::Pack { purpose, cursor } => self.handle_pack_key(key, purpose, cursor),
            Mode::Item { slot } => self.handle_item_key(key, slot),
            Mode::Enchant { scroll } => self.handle_enchant_key(key, scroll),
            Mode::Aim { slot, cursor } => self.handle_aim_key(key, slot, cursor, screen),
            Mode::Wizard(step) => self.handle_wizard_key(key, step, screen),
        }
        None
    }

    /// While watching, the only keys are pause, skipping to the end, the log, help, and quit.
    pub(super) fn handle_playback_key(&mut self, key: KeyboardInput) -> app::Output {
        if self.handle_overlay_key(key) {
            return None;
        }
        if key == KeyboardInput::End {
            if let Some(playback) = self.playback.as_mut() {
                playback.skip_to_end();
            }
            self.advance_playback(std::time::Duration::ZERO);
            return None;
        }
        match self.keymap.play_key(key)? {
            PlayKey::Act(PlayerAction::Wait) => {
                if let Some(playback) = self.playback.as_mut() {
                    playback.toggle_pause();
                }
            }
            PlayKey::Quit | PlayKey::Menu => return self.quit(),
            PlayKey::Log => self.mode = Mode::Log { scroll: 0 },
            PlayKey::Help => self.mode = Mode::Help { scroll: 0 },
            _ => (),
        }
        None
    }

    pub(super) fn handle_play_key(&mut self, key: KeyboardInput) -> app::Output {
        if self.handle_overlay_key(key) {
            return None;
        }
        if self.debug.wizard && key == super::debug_aids::WIZARD_KEY && !self.game.is_over() {
            self.mode = Mode::Wizard(Step::Commands);
            return None;
        }
        if !self.game.is_over() && self.handle_boon_key(key).is_some() {
            return None;
        }
        let play_key = self.keymap.play_key(key)?;
        if self.game.is_over() {
            return self.handle_game_over_key(play_key);
        }
        match play_key {
            PlayKey::Act(PlayerAction::Move(direction))
                if self
                    .game
                    .level()
                    .is_chasm(self.game.player_coord() + direction.coord()) =>
            {
                self.mode = Mode::ConfirmJump { direction };
            }
            PlayKey::Act(PlayerAction::Move(direction))
                if self
                    .game
                    .level()
                    .known_trap(self.game.player_coord() + direction.coord())
                    .is_some() =>
            {
                self.mode = Mode::ConfirmTrap { direction };
            }
            PlayKey::Act(PlayerAction::Move(direction))
                if self.game.captive_towards(direction).is_some() =>
            {
                self.mode = Mode::ConfirmFree { direction };
            }
            PlayKey::Act(action) => self.play(action),
            PlayKey::Stairs => self.take_stairs(),
            PlayKey::Rest => self.begin(Activity::Rest),
            PlayKey::Search => self.begin(Activity::Search),
            PlayKey::Explore => self.begin(Activity::Explore),
            PlayKey::Run(direction) => self.begin(Activity::Run(direction)),
            PlayKey::Look => {
                self.mode = Mode::Look {
                    cursor: self.game.player_coord(),
                }
            }
            PlayKey::Menu => {
                self.mode = Mode::Menu {
                    selected: MenuItem::Resume,
                }
            }
            PlayKey::Help => self.mode = Mode::Help { scroll: 0 },
            PlayKey::Log => self.mode = Mode::Log { scroll: 0 },
            PlayKey::Quit => return self.quit(),
            PlayKey::Pack => {
                self.mode = Mode::Pack {
                    purpose: None,
                    cursor: 0,
                }
            }
            PlayKey::Choose(purpose) => self.choose_for(purpose),
            PlayKey::FireAgain => self.fire_again(),
            PlayKey::Stealth => self.show_stealth = !self.show_stealth,
            PlayKey::NewGame => (),
        }
        None
    }

    /// `v` moves to the next view over the map, when the command line offers them.
    fn handle_overlay_key(&mut self, key: KeyboardInput) -> bool {
        let cycles = self.debug.overlays && key == super::debug_aids::OVERLAY_KEY;
        if cycles {
            self.overlay = self.overlay.next();
        }
        cycles
    }

    /// After the run ends only a new game, quitting, and reading (log, help) make sense.
    pub(super) fn handle_game_over_key(&mut self, play_key: PlayKey) -> app::Output {
        match play_key {
            PlayKey::NewGame => self.start_new_game(None),
            PlayKey::Quit | PlayKey::Menu => return self.quit(),
            PlayKey::Log => self.mode = Mode::Log { scroll: 0 },
            PlayKey::Help => self.mode = Mode::Help { scroll: 0 },
            _ => (),
        }
        None
    }

    pub(super) fn handle_menu_key(
        &mut self,
        key: KeyboardInput,
        selected: MenuItem,
    ) -> app::Output {
        match self.keymap.list_key(key)? {
            ListKey::Up | ListKey::PageUp => {
                self.mode = Mode::Menu {
                    selected: selected.previous(),
                }
            }
            ListKey::Down | ListKey::PageDown => {
                self.mode = Mode::Menu {
                    selected: selected.next(),
                }
            }
            ListKey::Close => self.mode = Mode::Play,
            ListKey::Choose => match selected {
                MenuItem::Resume => self.mode = Mode::Play,
                MenuItem::NewGame => self.offer_new_game(),
                MenuItem::Quit => return self.quit(),
            },
        }
        None
    }

    fn handle_help_key(&mut self, key: KeyboardInput, scroll: usize, screen: UCoord) {
        let most = screens::help_scroll_limit(screen, self.debug, &self.keymap);
        let scroll = match self.keymap.list_key(key) {
            Some(ListKey::Close) => {
                self.mode = Mode::Play;
                return;
            }
            Some(ListKey::Up | ListKey::PageUp) => scroll.saturating_sub(1),
            Some(ListKey::Down | ListKey::PageDown) => scroll + 1,
            _ => scroll,
        };
        self.mode = Mode::Help {
            scroll: scroll.min(most),
        };
    }

    /// Movement keys move the cursor over the part of the map on screen; Enter travels there.
    fn handle_look_key(&mut self, key: KeyboardInput, cursor: ICoord, screen: UCoord) {
        if self.handle_overlay_key(key) {
            return;
        }
        if let Some(direction) = self.keymap.direction_key(key) {
            let moved = cursor + direction.coord();
            if map::screen_coord(&self.game, screen, moved).is_some() {
                self.mode = Mode::Look { cursor: moved };
            }
            return;
        }
        let look = self.keymap.play_key(key) == Some(PlayKey::Look);
        match self.keymap.list_key(key) {
            Some(ListKey::Choose) if key != KeyboardInput::Char(' ') => {
                self.mode = Mode::Play;
                self.begin(Activity::Travel(cursor));
            }
            Some(ListKey::Close) => self.mode = Mode::Play,
            _ if look => self.mode = Mode::Play,
            _ => (),
        }
    }

    pub(super) fn handle_log_key(&mut self, key: KeyboardInput, scroll: usize, screen: UCoord) {
        let page = screens::log_page(screen);
        let max_scroll = self.log.len().saturating_sub(page);
        let scroll = match self.keymap.list_key(key) {
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

    /// Yes (`y`) abandons the living game for a new one; no (`n` or Esc) keeps playing it.
    pub(super) fn handle_confirm_key(&mut self, key: KeyboardInput, seed: Option<u64>) {
        match self.keymap.answer(key) {
            Some(true) => self.start_new_game(seed),
            Some(false) => self.mode = Mode::Play,
            None => (),
        }
    }

    /// Yes takes the step asked about (into the chasm, onto the trap); no stays put.
    fn handle_jump_key(&mut self, key: KeyboardInput, direction: CardinalDirection) {
        match self.keymap.answer(key) {
            Some(true) => {
                self.mode = Mode::Play;
                self.play(PlayerAction::Move(direction));
            }
            Some(false) => self.mode = Mode::Play,
            None => (),
        }
    }

    /// Yes frees the captive; no leaves it be.
    fn handle_free_key(&mut self, key: KeyboardInput, direction: CardinalDirection) {
        match self.keymap.answer(key) {
            Some(true) => {
                self.mode = Mode::Play;
                self.play(PlayerAction::Free(direction));
            }
            Some(false) => self.mode = Mode::Play,
            None => (),
        }
    }
}
