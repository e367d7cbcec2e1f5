//! Everything drawn over or instead of the map: help, menu, the end of a game, the full log,
//! and the notice that the screen is too small.

use chargrid::core::{Ctx, FrameBuffer, ICoord, UCoord};

use super::debug_aids::DebugFlags;
use super::draw::{self, Line};
use super::hud::tone_colour;
use super::keeping::RunRecord;
use super::keymap::Keymap;
use super::layout::{self, MIN_SCREEN};
use super::messages::MessageLog;
use super::mode::MenuItem;
use super::{looks, morgue, palette};
use direction::CardinalDirection;
use umbra_rules::game::{Ending, Game};

/// Asks for a larger screen, wrapped to whatever width there is, with the pause menu under it
/// when it is open (Esc opens it here as anywhere).
pub fn too_small(fb: &mut FrameBuffer, ctx: Ctx, size: UCoord, menu: Option<MenuItem>) {
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
    let Some(selected) = menu else {
        return;
    };
    for (item, row) in MenuItem::ALL.into_iter().zip(row + 2..) {
        let (marker, colour) = if item == selected {
            ('>', palette::HEADING)
        } else {
            (' ', palette::TEXT)
        };
        let words = format!("{marker} {}", item.label());
        draw::text(fb, ctx, ICoord::new(0, row), &words, colour);
    }
}

/// The key list as the help panel shows it on a screen of this size, wrapped to its width:
/// the keys in use, then the debugging aids'.
fn help_body(screen: UCoord, debug: DebugFlags, keymap: &Keymap) -> Vec<String> {
    let width = layout::panel_text_width(screen);
    let rows: Vec<(String, &str)> = keymap
        .help_rows()
        .into_iter()
        .map(|row| (row.label, row.help))
        .chain(
            super::debug::bindings(debug)
                .into_iter()
                .map(|binding| (binding.label.to_string(), binding.help)),
        )
        .collect();
    let key_width = rows.iter().map(|(label, _)| label.len()).max().unwrap_or(0);
    rows.iter()
        .flat_map(|(keys, what)| {
            let line = format!("{keys:key_width$}   {what}");
            if line.chars().count() <= width {
                vec![line]
            } else {
                draw::wrap(&format!("{keys}: {what}"), width)
            }
        })
        .collect()
}

/// Rows of keys the help panel has room for: the panel's rows less its heading and footer.
fn help_rows(screen: UCoord) -> usize {
    layout::panel_text_rows(screen).saturating_sub(2).max(1)
}

/// How far the help can scroll on a screen of this size.
pub fn help_scroll_limit(screen: UCoord, debug: DebugFlags, keymap: &Keymap) -> usize {
    help_body(screen, debug, keymap)
        .len()
        .saturating_sub(help_rows(screen))
}

pub fn help(fb: &mut FrameBuffer, ctx: Ctx, scroll: usize, debug: DebugFlags, keymap: &Keymap) {
    let screen = ctx.bounding_box.size();
    let body = help_body(screen, debug, keymap);
    let rows = help_rows(screen);
    let mut lines: Vec<Line> = vec![("Keys".to_string(), palette::HEADING)];
    if body.len() + 2 < layout::panel_text_rows(screen) {
        lines.push(blank());
    }
    lines.extend(
        body.iter()
            .skip(scroll)
            .take(rows)
            .map(|line| (line.clone(), palette::TEXT)),
    );
    let footer = if body.len() > rows {
        "arrows scroll, Esc or ? closes"
    } else {
        "Esc or ? to close"
    };
    lines.push((footer.to_string(), palette::FAINT_TEXT));
    draw::panel(fb, ctx, &lines);
}

pub fn menu(fb: &mut FrameBuffer, ctx: Ctx, selected: MenuItem) {
    let mut lines: Vec<Line> = vec![("Paused".to_string(), palette::HEADING), blank()];
    for item in MenuItem::ALL {
        let marker = if item == selected { '>' } else { ' ' };
        let colour = if item == selected {
            palette::HEADING
        } else {
            palette::TEXT
        };
        lines.push((format!("{marker} {}", item.label()), colour));
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
    // A run not entered in any table shows none.
    if let Some(record) = record.filter(|record| !record.scores.entries().is_empty()) {
        // Room for the lines above and below the table in the panel.
        let room = layout::panel_text_rows(ctx.bounding_box.size()).saturating_sub(10);
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
        "n  new game      q or Esc  quit".to_string(),
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

/// Asks before the player walks into a chasm: the fall is a way down, and it hurts.
pub fn confirm_jump(fb: &mut FrameBuffer, ctx: Ctx, game: &Game) {
    let lines = [
        ("Jump into the chasm?".to_string(), palette::DANGER),
        blank(),
        (
            format!(
                "You would fall to depth {} and land hurt.",
                game.depth() + 1
            ),
            palette::TEXT,
        ),
        blank(),
        (
            "y  jump      n or Esc  stay".to_string(),
            palette::FAINT_TEXT,
        ),
    ];
    draw::panel(fb, ctx, &lines);
}

/// Asks before the player steps onto a trap it has found: a step sets it off.
pub fn confirm_trap(fb: &mut FrameBuffer, ctx: Ctx, game: &Game, direction: CardinalDirection) {
    let at = game.player_coord() + direction.coord();
    let name = (game.level().known_trap(at)).map_or("the trap", looks::ground_name);
    let lines = [
        (format!("Step onto {name}?"), palette::DANGER),
        blank(),
        ("Your weight will set it off.".to_string(), palette::TEXT),
        blank(),
        (
            "y  step on it      n or Esc  stay".to_string(),
            palette::FAINT_TEXT,
        ),
    ];
    draw::panel(fb, ctx, &lines);
}

/// Asks before the player frees a captive: freeing takes a turn, and its captors will not
/// stand by.
pub fn confirm_free(fb: &mut FrameBuffer, ctx: Ctx, game: &Game, direction: CardinalDirection) {
    let name = game
        .captive_towards(direction)
        .map_or("captive".to_string(), |kind| {
            format!("captive {}", looks::npc(kind).name)
        });
    let lines = [
        (format!("Free the {name}?"), palette::TEXT),
        blank(),
        (
            "It will fight at your side until it dies.".to_string(),
            palette::TEXT,
        ),
        blank(),
        (
            "y  free it      n or Esc  leave it".to_string(),
            palette::FAINT_TEXT,
        ),
    ];
    draw::panel(fb, ctx, &lines);
}

/// How many messages the full log shows at once on a screen of this height: the rows above
/// the status line, less the title and the keys.
pub fn log_page(screen: UCoord) -> usize {
    layout::view_size(screen).height().saturating_sub(2).max(1) as usize
}

/// The whole log above the status line, newest at the bottom; `scroll` counts messages hidden
/// below the view.
pub fn log(fb: &mut FrameBuffer, ctx: Ctx, log: &MessageLog, scroll: usize) {
    let screen = ctx.bounding_box.size();
    let page = log_page(screen);
    let title = match log.len() {
        1 => "Message log (1 message)".to_string(),
        count => format!("Message log ({count} messages)"),
    };
    draw::text(fb, ctx, ICoord::new(0, 0), &title, palette::HEADING);
    let keys = "arrows, j k, PgUp PgDn scroll; Esc or m closes";
    draw::text(fb, ctx, ICoord::new(0, 1), keys, palette::FAINT_TEXT);
    let end = log.len() - scroll.min(log.len());
    let start = end.saturating_sub(page);
    for (row, message) in log.iter().skip(start).take(end - start).enumerate() {
        let coord = ICoord::new(0, row as i32 + 2);
        draw::text(fb, ctx, coord, &message.shown(), tone_colour(message.tone));
    }
}

fn blank() -> Line {
    (String::new(), palette::TEXT)
}
