//! Umbra in a browser: the same app as the terminal and the window, run by `chargrid_web`, with
//! the page address as its command line and local storage as its save. Everything here is edge:
//! the rules and the app come from the `umbra` library unchanged.

mod keeper;
mod opening;
mod page;
pub mod query;
mod shell;
mod store;

use std::cell::RefCell;
use std::rc::Rc;

use chargrid::core::UCoord;
use umbra::app::{GameApp, MIN_SCREEN};
use umbra::storage::RecordingBytes;
use umbra_rules::game::{Game, History};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use keeper::LocalKeeper;
use shell::{SharedShell, Shell};
use store::Store;

thread_local! {
    /// The running game, for the page's hooks below.
    static SHELL: RefCell<Option<SharedShell>> = const { RefCell::new(None) };
}

/// Starts the game in the element `umbra`, `columns` × `rows` cells.
#[wasm_bindgen]
pub fn start(columns: u32, rows: u32) {
    std::panic::set_hook(Box::new(|info| {
        page::show_problem(&format!(
            "Umbra crashed ({info}). Your game is saved up to your last key: reload the page to \
             go on."
        ));
    }));
    if let Err(problem) = umbra::app::looks::check_content() {
        return page::show_problem(&problem);
    }
    let search = web_sys::window()
        .and_then(|window| window.location().search().ok())
        .unwrap_or_default();
    let args = match query::args(&search) {
        Ok(args) => args,
        Err(problem) => return page::show_problem(&problem),
    };
    let keeper = LocalKeeper::new(Store::open(), page::show_seed);
    let opened = match opening::open(&args, random_seed, keeper) {
        Ok(opened) => opened,
        Err(problem) => return page::show_problem(&problem),
    };
    page::show_seed(opened.game.seed());
    if opened.resumed {
        page::say(&umbra::app::resuming_line(&opened.game));
    }
    let mut app = GameApp::new(opened.game)
        .with_keeper(opened.keeper)
        .with_debug(args.debug)
        .with_palette(args.palette);
    for notice in &opened.notices {
        page::say(&umbra::app::notice_report(notice));
        app = app.with_notice(notice);
    }
    if let Some(seed) = opened.ask_to_abandon {
        app = app.asking_to_abandon(seed);
    }
    let shell = SharedShell(Rc::new(RefCell::new(Shell::new(app))));
    SHELL.with(|cell| cell.replace(Some(shell.clone())));
    leave_when_hidden();
    let size = UCoord::new(
        columns.max(MIN_SCREEN.width()),
        rows.max(MIN_SCREEN.height()),
    );
    chargrid_web::Context::new(size, "umbra").run(shell);
}

/// The one place randomness is not the game's RNG: choosing seeds for new games.
fn random_seed() -> u64 {
    umbra::app::daily::ordinary_seed(|| {
        getrandom::u64().unwrap_or_else(|_| (js_sys::Math::random() * 2f64.powi(53)) as u64)
    })
}

/// A tab being closed or reloaded is hidden first: the game is left ready to resume, as on a
/// quit (every action is already kept; this adds the snapshot that makes resuming quick).
fn leave_when_hidden() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let leave = Closure::<dyn FnMut()>::new(|| {
        with_shell(|shell| shell.leave());
    });
    let _ = window.add_event_listener_with_callback("pagehide", leave.as_ref().unchecked_ref());
    leave.forget();
}

fn with_shell<T>(f: impl FnOnce(&mut Shell) -> T) -> Option<T> {
    SHELL.with(|cell| {
        let shell = cell.borrow();
        let shell = shell.as_ref()?;
        let mut shell = shell.0.try_borrow_mut().ok()?;
        Some(f(&mut shell))
    })
}

/// The game as a JSON object, for tests and the curious: seed (a string, as it may not fit a
/// JavaScript number), turn, depth, actions, the state hash the native `--replay --headless`
/// prints, whether the run is over, where the player stands, whether the title screen is
/// shown, and the recording being watched, if any.
#[wasm_bindgen]
pub fn state() -> String {
    with_shell(|shell| {
        let watching = shell.watched().map_or("null".to_string(), game_json);
        let playing = game_json(shell.playing().game());
        format!(
            "{{\"game\":{playing},\"title\":{},\"watching\":{watching}}}",
            shell.playing().is_at_title()
        )
    })
    .unwrap_or_else(|| "null".to_string())
}

fn game_json(game: &Game) -> String {
    format!(
        "{{\"seed\":\"{}\",\"turn\":{},\"depth\":{},\"actions\":{},\"hash\":\"{:08x}\",\"over\":{},\"player\":[{},{}]}}",
        game.seed(),
        game.turn(),
        game.depth(),
        game.actions().len(),
        game.state_hash(),
        game.is_over(),
        game.player_coord().x,
        game.player_coord().y
    )
}

/// Watches the recording in `bytes` (a `.umbra` file: a recording, a finished run's, or a
/// native save) over the game, which resumes when the recording is quit.
#[wasm_bindgen]
pub fn watch(bytes: &[u8]) -> Result<(), JsValue> {
    let recording = History::from_bytes(bytes).map_err(|error| {
        JsValue::from_str(&format!("This recording cannot be watched: {error}."))
    })?;
    with_shell(|shell| shell.watch(&recording))
        .ok_or_else(|| JsValue::from_str("The game has not started."))
}
