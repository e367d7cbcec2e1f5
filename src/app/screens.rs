//! Everything drawn over or instead of the map: help, menu, the end of a game, the full log,
//! and the notice that the screen is too small.

use chargrid::core::{Ctx, FrameBuffer, ICoord, UCoord};

use super::draw::{self, Line};
use super::hud::tone_colour;
use super::keeping::RunRecord;
use super::keys::HELP;
use super::messages::MessageLog;
use super::{morgue, palette};
use crate::game::{Ending, Game};

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

/// The end of a run, won or lost: how it ended, its score, and the high-score table with the
/// run marked, as many rows of it as the screen has room for.
pub fn run_over(fb: &mut FrameBuffer, ctx: Ctx, game: &Game, record: Option<&RunRecord>) {
    let heading = match game.ending() {
        Some(Ending::Won) => ("You won!".to_string(), palette::GOOD),
        _ => ("You died".to_string(), palette::DANGER),
    };
    let mut lines = vec![
        heading,
        blank(),
        (morgue::ending_sentence(game), palette::TEXT),
        (
            format!(
                "Kills: {}.  Score: {}.",
                morgue::kill_words(game),
                game.score()
            ),
            palette::TEXT,
        ),
    ];
    if let Some(record) = record {
        // Room for the panel's frame, the lines above and below the table, and the HUD.
        let room = ctx.bounding_box.size().height().saturating_sub(16) as usize;
        lines.push(blank());
        lines.push(("High scores".to_string(), palette::HEADING));
        let table = morgue::score_lines(&record.scores, record.place);
        let shown = table.len().min(room.max(1));
        let start = record.place.map_or(0, |p| (p + 1).saturating_sub(shown));
        for (i, line) in table.into_iter().enumerate().skip(start).take(shown) {
            let colour = if Some(i) == record.place {
                palette::HEADING
            } else {
                palette::TEXT
            };
            lines.push((line, colour));
        }
    }
    lines.push(blank());
    lines.push((
        "r  new game      q or Esc  quit".to_string(),
        palette::FAINT_TEXT,
    ));
    draw::panel(fb, ctx, &lines);
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
