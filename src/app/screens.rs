//! Everything drawn over or instead of the map: help, menu, the end of a game, the full log,
//! and the notice that the screen is too small.

use chargrid::core::{Ctx, FrameBuffer, ICoord, UCoord};

use super::draw::{self, Line};
use super::hud::tone_colour;
use super::keys::HELP;
use super::messages::MessageLog;
use super::palette;
use crate::game::Game;

/// Below this the map, status line and messages cannot all be shown legibly.
pub const MIN_SCREEN: UCoord = UCoord::new_u16(50, 16);

pub const MENU_ITEMS: [&str; 3] = ["Resume", "New game", "Quit"];

/// Asks for a larger screen, wrapped to whatever width there is.
pub fn too_small(fb: &mut FrameBuffer, ctx: Ctx, size: UCoord) {
    let message = format!(
        "Please enlarge the screen to at least {}x{} (it is {}x{}).",
        MIN_SCREEN.width(),
        MIN_SCREEN.height(),
        size.width(),
        size.height()
    );
    let width = size.width().max(1) as usize;
    let mut line = String::new();
    let mut row = 0;
    for word in message.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            draw::text(fb, ctx, ICoord::new(0, row), &line, palette::TEXT);
            line.clear();
            row += 1;
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    draw::text(fb, ctx, ICoord::new(0, row), &line, palette::TEXT);
}

pub fn help(fb: &mut FrameBuffer, ctx: Ctx) {
    let key_width = HELP.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let mut lines: Vec<Line> = vec![("Keys".to_string(), palette::HEADING), blank()];
    lines.extend(
        HELP.iter()
            .map(|(keys, what)| (format!("{keys:key_width$}   {what}"), palette::TEXT)),
    );
    lines.push(blank());
    lines.push(("Esc or ? to close".to_string(), palette::FAINT_TEXT));
    draw::panel(fb, ctx, &lines);
}

pub fn menu(fb: &mut FrameBuffer, ctx: Ctx, selected: usize) {
    let mut lines: Vec<Line> = vec![("Paused".to_string(), palette::HEADING), blank()];
    for (i, item) in MENU_ITEMS.iter().enumerate() {
        let marker = if i == selected { '>' } else { ' ' };
        let colour = if i == selected {
            palette::HEADING
        } else {
            palette::TEXT
        };
        lines.push((format!("{marker} {item}"), colour));
    }
    lines.push(blank());
    lines.push((
        "arrows choose, Enter confirms".to_string(),
        palette::FAINT_TEXT,
    ));
    draw::panel(fb, ctx, &lines);
}

pub fn game_over(fb: &mut FrameBuffer, ctx: Ctx, game: &Game) {
    let summary = format!(
        "You survived {} turns and killed {} enemies.",
        game.turn(),
        game.kills()
    );
    let heading = ("You died".to_string(), palette::DANGER);
    end_panel(fb, ctx, heading, summary, "r  new game      q or Esc  quit");
}

pub fn victory(fb: &mut FrameBuffer, ctx: Ctx, game: &Game) {
    let summary = format!(
        "Every enemy is dead after {} turns: {} kills.",
        game.turn(),
        game.kills()
    );
    let heading = ("Level cleared!".to_string(), palette::GOOD);
    let keys = "r  new game      space  keep exploring      q  quit";
    end_panel(fb, ctx, heading, summary, keys);
}

/// Asks before a living game is thrown away; `seed` is the new game's, when already chosen.
pub fn confirm_abandon(fb: &mut FrameBuffer, ctx: Ctx, game: &Game, seed: Option<u64>) {
    let new_game = match seed {
        Some(seed) => format!("a new game with seed {seed}"),
        None => "a new game".to_string(),
    };
    let lines = [
        ("Abandon this game?".to_string(), palette::DANGER),
        blank(),
        (
            format!("The game in progress is at turn {}.", game.turn()),
            palette::TEXT,
        ),
        (
            format!("Starting {new_game} ends it for good."),
            palette::TEXT,
        ),
        blank(),
        (
            "y  abandon it      n or Esc  keep playing it".to_string(),
            palette::FAINT_TEXT,
        ),
    ];
    draw::panel(fb, ctx, &lines);
}

/// The panel that ends a game: what happened, the score, and the keys that lead on.
fn end_panel(fb: &mut FrameBuffer, ctx: Ctx, heading: Line, summary: String, keys: &str) {
    let lines = [
        heading,
        blank(),
        (summary, palette::TEXT),
        blank(),
        (keys.to_string(), palette::FAINT_TEXT),
    ];
    draw::panel(fb, ctx, &lines);
}

/// How many messages the full log shows at once on a screen of this height.
pub fn log_page(screen: UCoord) -> usize {
    screen.height().saturating_sub(2) as usize
}

/// The whole log, newest at the bottom; `scroll` counts messages hidden below the view.
pub fn log(fb: &mut FrameBuffer, ctx: Ctx, log: &MessageLog, scroll: usize) {
    let screen = ctx.bounding_box.size();
    let page = log_page(screen);
    let title = format!(
        "Message log ({} messages)   arrows/j k/PgUp PgDn scroll, Esc or m closes",
        log.len()
    );
    draw::text(fb, ctx, ICoord::new(0, 0), &title, palette::HEADING);
    let end = log.len() - scroll.min(log.len());
    let start = end.saturating_sub(page);
    for (row, message) in log.iter().skip(start).take(end - start).enumerate() {
        let coord = ICoord::new(0, row as i32 + 2);
        draw::text(fb, ctx, coord, &message.text, tone_colour(message.tone));
    }
}

fn blank() -> Line {
    (String::new(), palette::TEXT)
}
