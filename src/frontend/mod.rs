//! Running the app in a terminal or a window, with failures turned into one-line messages.
//!
//! A panic inside the game loop is caught here: by the time it reaches the caller the terminal
//! has been restored (the terminal frontend's guard resets it when dropped during unwinding), so
//! the caller can print the message and the seed on a usable screen.

pub mod colour;
mod ending;
pub mod input_parser;
pub mod signals;
mod terminal;
mod terminal_reader;

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chargrid::core::{Component, Ctx, Event, FrameBuffer, UCoord, app};
use chargrid_wgpu::{Config, Dimensions, FontBytes};

use crate::app::GameApp;
use crate::cli::ColourMode;
pub use ending::{Ending, FrontendError};
pub use signals::Signals;
pub use terminal::check_term;

/// The window is sized for a 100×40 grid, the same as the smallest comfortable terminal.
const WINDOW_GRID: Dimensions<f64> = Dimensions {
    width: 100.,
    height: 40.,
};
const CELL_SIZE_PX: Dimensions<f64> = Dimensions {
    width: 10.,
    height: 20.,
};
const FONT_SIZE_PX: f32 = 16.;

static PANIC_MESSAGE: Mutex<Option<String>> = Mutex::new(None);

/// Runs `body`, turning a panic into an error instead of printing over the game's screen.
fn catch_panic<T>(body: impl FnOnce() -> T) -> Result<T, String> {
    let previous_hook = panic::take_hook();
    panic::set_hook(Box::new(|info| {
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let payload = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        if let Ok(mut slot) = PANIC_MESSAGE.lock() {
            *slot = Some(format!("{payload}{location}"));
        }
    }));
    let result = panic::catch_unwind(AssertUnwindSafe(body));
    panic::set_hook(previous_hook);
    result.map_err(|_| {
        PANIC_MESSAGE
            .lock()
            .ok()
            .and_then(|mut slot| slot.take())
            .unwrap_or_else(|| "unknown panic".to_string())
    })
}

pub fn run_terminal(
    app: GameApp,
    colours: ColourMode,
    mouse: bool,
    signals: &Signals,
) -> Result<Ending, FrontendError> {
    catch_panic(move || terminal::run(app, colours, mouse, signals))
        .map_err(FrontendError::Crash)?
}

/// winit prefixes its errors with the source location that raised them; players need only
/// the reason.
fn window_reason(message: &str) -> String {
    match message.strip_prefix("os error at ") {
        Some(rest) => rest
            .split_once(": ")
            .map_or(rest, |(_, reason)| reason)
            .to_string(),
        None => message.to_string(),
    }
}

/// The app as the window runs it: it notes that the game has started (so a later panic is the
/// game's crash, not a window that failed to open) and ends the game, saved, on a signal.
struct Watched {
    app: GameApp,
    started: Arc<AtomicBool>,
    signals: Signals,
    ended_by: Arc<AtomicUsize>,
    /// When the player last did something (or something moved on screen by itself).
    last_activity: Instant,
}

/// chargrid_wgpu 0.10 redraws the window as fast as its event loop spins (`ControlFlow::Poll`
/// and a redraw after every redraw, with no setting to change it): a whole core, or more with
/// software rendering, while the player only thinks. After this long with nothing happening the
/// app's frame tick pauses the loop for [`IDLE_PAUSE`], so the window redraws a few times a
/// second instead; the first key or mouse move is answered within that pause.
const IDLE_AFTER: Duration = Duration::from_secs(2);
const IDLE_PAUSE: Duration = Duration::from_millis(40);

impl Component for Watched {
    type Output = app::Output;
    type State = ();

    fn render(&self, state: &(), ctx: Ctx, fb: &mut FrameBuffer) {
        self.started.store(true, Ordering::Relaxed);
        self.app.render(state, ctx, fb);
    }

    fn update(&mut self, state: &mut (), ctx: Ctx, event: Event) -> app::Output {
        if let Some(signal) = self.signals.ending() {
            self.app.leave();
            self.ended_by.store(
                usize::try_from(signal).unwrap_or_default(),
                Ordering::Relaxed,
            );
            return Some(app::Exit);
        }
        match event {
            Event::Input(_) => self.last_activity = Instant::now(),
            Event::Tick(_) if !self.app.is_idle() => self.last_activity = Instant::now(),
            Event::Tick(_) if self.last_activity.elapsed() >= IDLE_AFTER => {
                std::thread::sleep(IDLE_PAUSE);
            }
            _ => (),
        }
        self.app.update(state, ctx, event)
    }

    fn size(&self, state: &(), ctx: Ctx) -> UCoord {
        self.app.size(state, ctx)
    }
}

/// Refuses to start a window without a display, before anything is written.
pub fn check_display() -> Result<(), FrontendError> {
    if display_available() {
        return Ok(());
    }
    Err(FrontendError::Window(
        "no display: neither DISPLAY nor WAYLAND_DISPLAY is set".to_string(),
    ))
}

pub fn run_graphical(app: GameApp, signals: &Signals) -> Result<Ending, FrontendError> {
    check_display()?;
    let config = Config {
        title: "Umbra".to_string(),
        dimensions_px: Dimensions {
            width: WINDOW_GRID.width * CELL_SIZE_PX.width,
            height: WINDOW_GRID.height * CELL_SIZE_PX.height,
        },
        resizable: false,
        font_bytes: FontBytes::new(
            dejavu::sans_mono::regular().to_vec(),
            dejavu::sans_mono::bold().to_vec(),
        ),
        font_size_px: FONT_SIZE_PX,
        cell_dimensions_px: CELL_SIZE_PX,
        character_cell_offset_px: Dimensions {
            width: 0.,
            height: 0.,
        },
        underline_width_cell_ratio: 0.1,
        underline_top_offset_cell_ratio: 0.8,
        force_secondary_adapter: false,
    };
    let started = Arc::new(AtomicBool::new(false));
    let ended_by = Arc::new(AtomicUsize::new(0));
    let watched = Watched {
        app,
        started: Arc::clone(&started),
        signals: signals.clone(),
        ended_by: Arc::clone(&ended_by),
        last_activity: Instant::now(),
    };
    match catch_panic(move || chargrid_wgpu::run(watched, config)) {
        Ok(Ok(())) => match ended_by.load(Ordering::Relaxed) {
            0 => Ok(Ending::Quit),
            signal => Ok(Ending::Signal(i32::try_from(signal).unwrap_or_default())),
        },
        Ok(Err(error)) => Err(FrontendError::Window(window_reason(&error.to_string()))),
        Err(message) if started.load(Ordering::Relaxed) => Err(FrontendError::Crash(message)),
        Err(message) => Err(FrontendError::Window(window_reason(&message))),
    }
}

/// True when a window can be expected to open: a display server is named in the environment
/// on Linux and the BSDs; macOS and Windows always have one.
pub fn display_available() -> bool {
    if cfg!(any(target_os = "macos", target_os = "windows")) {
        return true;
    }
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|name| std::env::var_os(name).is_some_and(|value| !value.is_empty()))
}
