//! The chargrid component that turns key presses into player actions and game state into cells.
//! Colours, glyphs, words and key bindings all live under this module; nothing below it knows
//! about any of them.

mod aim;
mod animation;
mod bestiary_words;
pub mod boons;
mod catalog;
mod cell_words;
pub mod daily;
pub mod debug;
pub mod debug_aids;
mod doing;
mod draw;
mod frame;
mod handlers;
mod hud;
mod item_messages;
mod item_names;
mod item_numbers;
mod keeping;
pub mod keymap;
pub mod keys;
pub mod keys_file;
mod layout;
mod lighting;
pub mod looks;
mod magic_words;
mod map;
pub mod messages;
mod mode;
mod morgue;
mod pack;
pub mod palette;
pub mod palettes;
mod pointer;
mod replay;
mod screens;
mod sidebar;
mod surface;
mod title;
mod wizard_words;
mod words;

use chargrid::core::{Component, Ctx, Event, FrameBuffer, ICoord, UCoord, app};
use chargrid::input::Input;

pub use catalog::catalog_text;
pub use cell_words::describe;
pub use keeping::{KeepError, Keeper, Notice, RunRecord, notice_report};
use keeping::{KeepNothing, Keeping};
pub use layout::MIN_SCREEN;
use messages::{MessageLog, Tone};
use mode::Mode;
pub use mode::{MenuItem, TitleItem};
pub use morgue::{morgue_text, score_lines, verified_line};
use umbra_rules::game::{Doing, EntityId, Game, History, ItemKind, PlayerAction, TurnOutcome};
use umbra_rules::game::{FightEvent, ItemEvent};
use words::welcome;
pub use words::{boon_words, resuming_line, seed_line, version_line};

/// The whole game as one chargrid component; frontends run it as it is.
pub struct GameApp {
    game: Game,
    log: MessageLog,
    mode: Mode,
    /// The finished run's place in the high scores, once it has ended here.
    run_record: Option<RunRecord>,
    new_seed: Box<dyn FnMut() -> u64>,
    keeping: Keeping,
    playback: Option<replay::Playback>,
    /// A rest, exploration, journey or run under way: one turn of it each frame.
    doing: Option<Doing>,
    /// The map cell under the mouse pointer, described on screen.
    hover: Option<ICoord>,
    /// Ticks seen: what the light's flicker follows (cosmetic only).
    frame: u64,
    /// Whether the map marks the cells within the player's stealth range (`c`).
    show_stealth: bool,
    /// Quitting shows the title screen instead of ending the app (in the browser).
    quit_to_title: bool,
    /// What was last thrown, and at whom: `f` throws another at the same target.
    last_throw: Option<(ItemKind, EntityId)>,
    /// The aim (item, cell) whose burst the player was warned would reach it: fired only when
    /// asked again.
    aim_warned: Option<(u8, ICoord)>,
    /// Something flying or bursting on screen, from the last turn's events.
    animation: Option<animation::Animation>,
    /// The debugging aids the command line asked for, and the view drawn over the map.
    debug: debug_aids::DebugFlags,
    overlay: debug_aids::Overlay,
    /// The keys in use: the defaults, or a keys file's.
    keymap: keymap::Keymap,
    /// The colours everything is drawn in.
    palette: palettes::Palette,
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
            run_record: None,
            new_seed: Box::new(|| daily::ordinary_seed(rand::random)),
            keeping: Keeping::new(Box::new(KeepNothing)),
            playback: None,
            doing: None,
            hover: None,
            frame: 0,
            show_stealth: false,
            quit_to_title: false,
            last_throw: None,
            aim_warned: None,
            animation: None,
            debug: debug_aids::DebugFlags::default(),
            overlay: debug_aids::Overlay::Off,
            keymap: keymap::Keymap::default(),
            palette: palettes::Palette::Default,
        }
    }

    /// Plays with these keys in place of the defaults.
    pub fn with_keymap(mut self, keymap: keymap::Keymap) -> Self {
        self.keymap = keymap;
        self
    }

    /// Draws in this palette in place of the default.
    pub fn with_palette(mut self, palette: palettes::Palette) -> Self {
        self.palette = palette;
        self
    }

    /// Offers the debugging aids the command line asked for.
    pub fn with_debug(mut self, flags: debug_aids::DebugFlags) -> Self {
        self.debug = flags;
        self
    }

    /// Watches a recorded game instead of playing: actions arrive at `replay::STEP` pace.
    pub fn replay(recording: &History) -> Self {
        let mut app = Self::new(recording.start());
        app.playback = Some(replay::Playback::new(recording));
        app
    }

    /// Where the game is kept: told of every action, of new games and of the player leaving.
    /// A run resumed already ended (its end could not be written when it ended, so its save
    /// was kept) has its end written now.
    pub fn with_keeper(mut self, keeper: impl Keeper + 'static) -> Self {
        self.keeping = Keeping::new(Box::new(keeper));
        if self.game.is_over() && self.playback.is_none() {
            let morgue = morgue::morgue_text(&self.game, &self.log);
            self.run_record = self.keeping.ended(&self.game, &morgue, &mut self.log);
        }
        self
    }

    /// Where seeds for games started with `r` or the menu come from.
    pub fn with_seed_source(mut self, source: impl FnMut() -> u64 + 'static) -> Self {
        self.new_seed = Box::new(source);
        self
    }

    /// Quitting leads to a title screen (continue, new game) instead of ending the app: for a
    /// platform with nothing to quit to, such as a browser tab. The game is kept as on any quit.
    pub fn with_title_on_quit(mut self) -> Self {
        self.quit_to_title = true;
        self
    }

    /// True while the title screen is shown.
    pub fn is_at_title(&self) -> bool {
        matches!(self.mode, Mode::Title { .. })
    }

    /// Shows something about the saved game in the log from the first screen on.
    pub fn with_notice(mut self, notice: &Notice) -> Self {
        for line in keeping::notice_lines(notice) {
            self.log.push(line, Tone::Danger);
        }
        self
    }

    /// Opens on a question: abandon this (saved) game for a new one with `seed`, or keep it?
    pub fn asking_to_abandon(mut self, seed: u64) -> Self {
        self.mode = Mode::ConfirmAbandon { seed: Some(seed) };
        self
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn log(&self) -> &MessageLog {
        &self.log
    }

    /// Replaces the game with a new one, with `seed` or one from the seed source.
    fn start_new_game(&mut self, seed: Option<u64>) {
        let seed = seed.unwrap_or_else(|| (self.new_seed)());
        self.game = Game::new(seed, self.game.options());
        self.log = MessageLog::default();
        self.log.push(welcome(&self.game), Tone::Normal);
        self.keeping.start(&self.game, &mut self.log);
        self.mode = Mode::Play;
        self.run_record = None;
        self.doing = None;
    }

    /// A new game, asking first if that would throw away a living one.
    fn offer_new_game(&mut self) {
        if self.game.is_over() {
            self.start_new_game(None);
        } else {
            self.mode = Mode::ConfirmAbandon { seed: None };
        }
    }

    fn play(&mut self, action: PlayerAction) {
        let was_cleared = self.game.is_cleared();
        let outcome = self.game.act(action);
        self.after_turn(outcome, was_cleared);
    }

    /// Keeps, logs and (at a run's end) records what the turn just played did.
    fn after_turn(&mut self, outcome: TurnOutcome, was_cleared: bool) {
        // Kept before anything is shown: the player never sees a turn the save does not have.
        if self.playback.is_none() {
            self.keeping.record(&self.game, &mut self.log);
        }
        let game = &self.game;
        self.log
            .record_turn(game.events(), |event| by_the_unseen(game, event));
        for &event in self.game.events() {
            if let umbra_rules::game::GameEvent::Items(ItemEvent::ChooseWhatToEnchant { scroll }) =
                event
            {
                self.mode = mode::Mode::Enchant { scroll };
            }
        }
        self.animation = animation::Animation::of(&self.game, self.game.events());
        if outcome == TurnOutcome::NoTurn {
            return;
        }
        if self.game.is_cleared() && !was_cleared {
            let text = format!("No enemy is left alive on depth {}.", self.game.depth());
            self.log.push(text, Tone::Good);
        }
        if self.game.is_over() && self.playback.is_none() {
            let morgue = morgue::morgue_text(&self.game, &self.log);
            self.run_record = self.keeping.ended(&self.game, &morgue, &mut self.log);
        }
    }

    /// Leaves the game ready to resume, as quitting does. Frontends call it when they stop for
    /// a reason of their own (a signal), so the save is as complete as after a quit.
    pub fn leave(&mut self) {
        if self.playback.is_none() {
            self.keeping.close(&self.game, &mut self.log);
        }
    }

    fn quit(&mut self) -> app::Output {
        self.leave();
        if self.quit_to_title && self.playback.is_none() {
            self.doing = None;
            self.mode = Mode::Title {
                selected: TitleItem::first(&self.game),
            };
            return None;
        }
        Some(app::Exit)
    }

    pub(super) fn advance_playback(&mut self, elapsed: std::time::Duration) {
        let Some(mut playback) = self.playback.take() else {
            return;
        };
        let was_finished = playback.is_finished();
        if playback.is_skipping() {
            // However long one action takes, the slice ends soon after its time is up.
            let began = web_time::Instant::now();
            while let Some(action) = playback.next_skipped() {
                self.play(action);
                if began.elapsed() >= replay::SKIP_SLICE {
                    break;
                }
            }
        }
        for action in playback.advance(elapsed) {
            self.play(action);
        }
        // A recording's scroll of enchanting is followed by its choice, recorded: the viewer
        // is never asked to make it (the playback is out of `self` while it plays).
        if matches!(self.mode, mode::Mode::Enchant { .. }) {
            self.mode = mode::Mode::Play;
        }
        if playback.is_finished() && !was_finished {
            self.log
                .push("The recording ends here.".to_string(), Tone::Normal);
        }
        self.playback = Some(playback);
    }
}

impl Component for GameApp {
    type Output = app::Output;
    type State = ();

    fn render(&self, _state: &(), ctx: Ctx, fb: &mut FrameBuffer) {
        self.render_frame(ctx, fb);
    }

    fn update(&mut self, _state: &mut (), ctx: Ctx, event: Event) -> app::Output {
        let screen = ctx.bounding_box.size();
        let key = match event {
            Event::Tick(elapsed) => {
                self.frame = self.frame.wrapping_add(1);
                if let Some(animation) = self.animation.as_mut()
                    && !animation.advance(elapsed)
                {
                    self.animation = None;
                }
                self.advance_playback(elapsed);
                self.continue_doing();
                return None;
            }
            Event::Input(Input::Mouse(mouse)) if layout::is_big_enough(screen) => {
                self.handle_mouse(mouse, screen);
                return None;
            }
            Event::Input(Input::Keyboard(key)) => key,
            _ => return None,
        };
        // A key finishes any animation and then does what it always does.
        self.animation = None;
        #[cfg(feature = "test-crash-key")]
        if key == chargrid::input::KeyboardInput::Char('!') {
            panic!("crash requested with the test-crash-key feature");
        }
        if !layout::is_big_enough(screen) {
            // The notice hides the game, not the way out of it: Esc and the quit key do what
            // they do on any screen (Esc opens the menu, drawn under the notice), and the menu
            // once open takes its keys. Every other key waits for a screen to play on.
            let way_out = matches!(
                self.keymap.play_key(key),
                Some(keys::PlayKey::Menu | keys::PlayKey::Quit)
            );
            let in_menu = matches!(self.mode, Mode::Menu { .. });
            return if way_out || in_menu {
                self.handle_key(key, screen)
            } else {
                None
            };
        }
        if self.doing.take().is_some() {
            // A key stops what the player set going, and does nothing else.
            return None;
        }
        self.handle_key(key, screen)
    }

    fn size(&self, _state: &(), ctx: Ctx) -> UCoord {
        ctx.bounding_box.size()
    }
}

/// Whether `event` is a blow at the player or a shot by a monster the player does not see: a
/// shot from a cell out of sight (or dark), a blow by a kind none of which is in view (an
/// invisible phantom, a monster in the dark beside the player).
fn by_the_unseen(game: &Game, event: umbra_rules::game::GameEvent) -> bool {
    use umbra_rules::game::{Actor, CellVisibility, GameEvent};
    let seen = |cell| game.level().cell_view(cell).visibility == CellVisibility::Visible;
    let shown = |cell| {
        let view = game.level().cell_view(cell);
        view.visibility == CellVisibility::Visible && view.tiles.character.is_some()
    };
    match event {
        GameEvent::Fight(FightEvent::Flew {
            by: Actor::Npc(_),
            from,
            ..
        }) => !seen(from),
        GameEvent::Fight(FightEvent::Attack {
            attacker: Actor::Npc(kind),
            target: Actor::Player,
            ..
        })
        | GameEvent::Fight(FightEvent::Miss {
            attacker: Actor::Npc(kind),
            target: Actor::Player,
        }) => !game
            .inhabitants()
            .npcs()
            .any(|npc| npc.kind == kind && shown(npc.coord)),
        _ => false,
    }
}
