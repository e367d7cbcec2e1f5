//! The chargrid component that turns key presses into player actions and game state into cells.
//! Colours, glyphs, words and key bindings all live under this module; nothing below it knows
//! about any of them.

mod draw;
mod hud;
pub mod keys;
mod map;
pub mod messages;
mod palette;
mod screens;

use chargrid::core::{Component, Ctx, Event, FrameBuffer, UCoord, app};
use chargrid::input::{Input, KeyboardInput};

use crate::game::{Game, PlayerAction, TurnOutcome};
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
        }
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
            PlayKey::Quit => return Some(app::Exit),
            PlayKey::NewGame => (),
        }
        None
    }

    /// After death only a new game, quitting, and reading (log, help) make sense.
    fn handle_game_over_key(&mut self, play_key: PlayKey) -> app::Output {
        match play_key {
            PlayKey::NewGame => self.start_new_game(),
            PlayKey::Quit | PlayKey::Menu => return Some(app::Exit),
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
            PlayKey::Quit => return Some(app::Exit),
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
                _ => return Some(app::Exit),
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
        hud::render(&self.game, &self.log, ctx, fb, map_rows as i32);
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
