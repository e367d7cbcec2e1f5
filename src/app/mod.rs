//! The chargrid component that turns key presses into player actions and game state into cells.
//! Colours, glyphs, words and key bindings all live under this module; nothing below it knows
//! about any of them.

mod draw;
mod hud;
pub mod keys;
mod map;
pub mod messages;
mod palette;
mod replay;
mod screens;

use chargrid::core::{Component, Ctx, Event, FrameBuffer, UCoord, app};
use chargrid::input::{Input, KeyboardInput};

use crate::game::{Game, PlayerAction, TurnOutcome};
use crate::storage::Recording;
use keys::{ListKey, PlayKey};
use messages::{MessageLog, Tone};
pub use screens::MIN_SCREEN;

/// What is on screen besides the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Play,
    Menu {
        selected: usize,
    },
    Help,
    /// The full log; `scroll` counts messages hidden below the bottom line.
    Log {
        scroll: usize,
    },
}

/// The whole game as one chargrid component; frontends run it as it is.
pub struct GameApp {
    game: Game,
    log: MessageLog,
    mode: Mode,
    /// The victory notice shows once; the player may then keep exploring.
    victory_dismissed: bool,
    new_seed: Box<dyn FnMut() -> u64>,
    on_new_game: Box<dyn FnMut(u64)>,
    keeper: Box<dyn FnMut(&Game)>,
    playback: Option<replay::Playback>,
}

impl GameApp {
    /// New games started from the app draw their seed from `rand::random`.
    pub fn new(game: Game) -> Self {
        let mut log = MessageLog::default();
        log.push(welcome(&game), Tone::Normal);
        Self {
            game,
            log,
            mode: Mode::Play,
            victory_dismissed: false,
            new_seed: Box::new(rand::random),
            on_new_game: Box::new(|_| ()),
            keeper: Box::new(|_| ()),
            playback: None,
        }
    }

    /// Watches a recorded game instead of playing: actions arrive at [`replay::STEP`] pace.
    pub fn replay(recording: &Recording) -> Self {
        let mut app = Self::new(recording.start());
        app.playback = Some(replay::Playback::new(recording));
        app
    }

    /// Called with the game whenever it should be kept or let go: when the player quits, when
    /// the game ends, and when a new one starts. The keeper decides what that means (saving a
    /// living game, deleting the save of an ended one).
    pub fn with_keeper(mut self, keeper: impl FnMut(&Game) + 'static) -> Self {
        self.keeper = Box::new(keeper);
        self
    }

    /// Where seeds for games started with `r` or the menu come from.
    pub fn with_seed_source(mut self, source: impl FnMut() -> u64 + 'static) -> Self {
        self.new_seed = Box::new(source);
        self
    }

    /// Called with the seed of every game started from inside the app.
    pub fn on_new_game(mut self, hook: impl FnMut(u64) + 'static) -> Self {
        self.on_new_game = Box::new(hook);
        self
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn log(&self) -> &MessageLog {
        &self.log
    }

    fn start_new_game(&mut self) {
        let seed = (self.new_seed)();
        (self.on_new_game)(seed);
        self.game = Game::new(seed, self.game.options());
        (self.keeper)(&self.game);
        self.log = MessageLog::default();
        self.log.push(welcome(&self.game), Tone::Normal);
        self.mode = Mode::Play;
        self.victory_dismissed = false;
    }

    fn play(&mut self, action: PlayerAction) {
        let was_cleared = self.game.is_cleared();
        if self.game.act(action) == TurnOutcome::NoTurn {
            return;
        }
        for &event in self.game.events() {
            self.log.record(event);
        }
        if self.game.is_cleared() && !was_cleared {
            let text = format!("The level is clear after {} turns.", self.game.turn());
            self.log.push(text, Tone::Good);
        }
        if self.game.is_over() || (self.game.is_cleared() && !was_cleared) {
            (self.keeper)(&self.game);
        }
    }

    fn quit(&mut self) -> app::Output {
        if self.playback.is_none() {
            (self.keeper)(&self.game);
        }
        Some(app::Exit)
    }

    fn advance_playback(&mut self, elapsed: std::time::Duration) {
        let Some(mut playback) = self.playback.take() else {
            return;
        };
        let was_finished = playback.is_finished();
        for action in playback.advance(elapsed) {
            self.play(action);
        }
        if playback.is_finished() && !was_finished {
            self.log
                .push("The recording ends here.".to_string(), Tone::Normal);
        }
        self.playback = Some(playback);
    }

    /// While watching, the only keys are pause, the log, help, and quit.
    fn handle_playback_key(&mut self, key: KeyboardInput) -> app::Output {
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

    fn showing_victory(&self) -> bool {
        self.game.is_cleared() && !self.victory_dismissed
    }

    fn handle_play_key(&mut self, key: KeyboardInput) -> app::Output {
        let play_key = keys::play_key(key)?;
        if self.game.is_over() {
            return self.handle_game_over_key(play_key);
        }
        if self.showing_victory() {
            return self.handle_victory_key(play_key);
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

    /// After death only a new game, quitting, and reading (log, help) make sense.
    fn handle_game_over_key(&mut self, play_key: PlayKey) -> app::Output {
        match play_key {
            PlayKey::NewGame => self.start_new_game(),
            PlayKey::Quit | PlayKey::Menu => return self.quit(),
            PlayKey::Log => self.mode = Mode::Log { scroll: 0 },
            PlayKey::Help => self.mode = Mode::Help,
            PlayKey::Act(_) => (),
        }
        None
    }

    /// Any key but `r` and `q` dismisses the notice so the player can keep exploring.
    fn handle_victory_key(&mut self, play_key: PlayKey) -> app::Output {
        match play_key {
            PlayKey::NewGame => self.start_new_game(),
            PlayKey::Quit => return self.quit(),
            _ => self.victory_dismissed = true,
        }
        None
    }

    fn handle_menu_key(&mut self, key: KeyboardInput, selected: usize) -> app::Output {
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
                1 => self.start_new_game(),
                _ => return self.quit(),
            },
        }
        None
    }

    fn handle_log_key(&mut self, key: KeyboardInput, scroll: usize, screen: UCoord) {
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
}

fn welcome(game: &Game) -> String {
    if game.turn() > 0 {
        return format!(
            "Welcome back. It is turn {}; {} enemies remain. Press ? for help.",
            game.turn(),
            game.enemies_left()
        );
    }
    format!(
        "Welcome to Umbra. {} enemies lurk in the dark. Press ? for help.",
        game.enemies_left()
    )
}

fn is_big_enough(size: UCoord) -> bool {
    size.width() >= MIN_SCREEN.width() && size.height() >= MIN_SCREEN.height()
}

impl Component for GameApp {
    type Output = app::Output;
    type State = ();

    fn render(&self, _state: &(), ctx: Ctx, fb: &mut FrameBuffer) {
        // The runtimes reuse the buffer between frames without clearing it, and a panel drawn
        // above the map would otherwise outlive its closing.
        fb.clear();
        let screen = ctx.bounding_box.size();
        if !is_big_enough(screen) {
            return screens::too_small(fb, ctx, screen);
        }
        if let Mode::Log { scroll } = self.mode {
            return screens::log(fb, ctx, &self.log, scroll);
        }
        let map_rows = screen.height() - hud::HUD_ROWS;
        let panel_open = self.mode != Mode::Play || self.game.is_over() || self.showing_victory();
        map::render(
            &self.game,
            ctx,
            fb,
            UCoord::new(screen.width(), map_rows),
            panel_open,
        );
        let replay = self.playback.as_ref().map(replay::Playback::progress);
        hud::render(
            &self.game,
            &self.log,
            replay.as_deref(),
            ctx,
            fb,
            map_rows as i32,
        );
        match self.mode {
            Mode::Menu { selected } => screens::menu(fb, ctx, selected),
            Mode::Help => screens::help(fb, ctx),
            Mode::Play | Mode::Log { .. } if self.game.is_over() => {
                screens::game_over(fb, ctx, &self.game)
            }
            Mode::Play | Mode::Log { .. } if self.showing_victory() => {
                screens::victory(fb, ctx, &self.game)
            }
            Mode::Play | Mode::Log { .. } => (),
        }
    }

    fn update(&mut self, _state: &mut (), ctx: Ctx, event: Event) -> app::Output {
        if let Event::Tick(elapsed) = event {
            self.advance_playback(elapsed);
        }
        let Event::Input(Input::Keyboard(key)) = event else {
            return None;
        };
        #[cfg(feature = "test-crash-key")]
        if key == KeyboardInput::Char('!') {
            panic!("crash requested with the test-crash-key feature");
        }
        let screen = ctx.bounding_box.size();
        if !is_big_enough(screen) {
            return None;
        }
        match self.mode {
            Mode::Play if self.playback.is_some() => self.handle_playback_key(key),
            Mode::Play => self.handle_play_key(key),
            Mode::Menu { selected } => self.handle_menu_key(key, selected),
            Mode::Help => {
                if keys::list_key(key) == Some(ListKey::Close) {
                    self.mode = Mode::Play;
                }
                None
            }
            Mode::Log { scroll } => {
                self.handle_log_key(key, scroll, screen);
                None
            }
        }
    }

    fn size(&self, _state: &(), ctx: Ctx) -> UCoord {
        ctx.bounding_box.size()
    }
}
