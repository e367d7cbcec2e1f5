//! Small drawing helpers: text on a line, and centred panels for menus and notices.

use chargrid::core::{Ctx, FrameBuffer, ICoord, RenderCell, Rgba32, UCoord};

use super::layout::{panel_text_rows, panel_text_width, view_size};
use super::{map, palette};
use umbra_rules::game::{Game, HitPoints};

/// Panels and text draw above the map.
const TEXT_DEPTH: i8 = 2;

pub fn text(fb: &mut FrameBuffer, ctx: Ctx, start: ICoord, text: &str, colour: Rgba32) {
    for (i, character) in text.chars().enumerate() {
        let cell = RenderCell::BLANK
            .with_character(character)
            .with_foreground(colour);
        fb.set_cell_relative_to_ctx(ctx, start + ICoord::new(i as i32, 0), TEXT_DEPTH, cell);
    }
}

pub fn background(fb: &mut FrameBuffer, ctx: Ctx, coord: ICoord, colour: Rgba32) {
    let cell = RenderCell::BLANK
        .with_character(' ')
        .with_background(colour);
    fb.set_cell_relative_to_ctx(ctx, coord, TEXT_DEPTH - 1, cell);
}

/// Colours a cell's background under whatever is drawn on it (the look cursor).
pub fn highlight(fb: &mut FrameBuffer, ctx: Ctx, coord: ICoord, colour: Rgba32) {
    let cell = RenderCell::BLANK.with_background(colour);
    fb.set_cell_relative_to_ctx(ctx, coord, TEXT_DEPTH - 1, cell);
}

/// A health bar `width` cells long at `at`: filled in proportion to the hit points left, green,
/// then yellow below two thirds, then red below a third. Its length tells what its colour does.
pub fn health_bar(fb: &mut FrameBuffer, ctx: Ctx, at: ICoord, width: u32, hit_points: HitPoints) {
    let filled = (hit_points.current * width).div_ceil(hit_points.max.max(1));
    let colour = health_colour(hit_points);
    for i in 0..width {
        let shade = if i < filled {
            colour
        } else {
            palette::HEALTH_EMPTY
        };
        background(fb, ctx, at + ICoord::new(i as i32, 0), shade);
    }
}

/// A health bar's colour for these hit points.
pub fn health_colour(hit_points: HitPoints) -> Rgba32 {
    match hit_points.current * 3 / hit_points.max.max(1) {
        0 => palette::HEALTH_LOW,
        1 => palette::HEALTH_MEDIUM,
        _ => palette::HEALTH_HIGH,
    }
}

/// One line of a panel: its words and colour.
pub type Line = (String, Rgba32);

/// Breaks `text` into lines of at most `width` characters, between words where it can.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if !line.is_empty() && needed > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let rest: String = line.chars().skip(width).collect();
            lines.push(line.chars().take(width).collect());
            line = rest;
        }
    }
    lines.push(line);
    lines
}

/// The lines as they fit `rows` rows of `width`: wrapped; then, if still too many, without
/// blank lines; then cut before the last line (the keys to leave), the cut marked.
fn fit(lines: &[Line], width: usize, rows: usize) -> Vec<Line> {
    let mut fitted: Vec<Line> = lines
        .iter()
        .flat_map(|(text, colour)| wrap(text, width).into_iter().map(|line| (line, *colour)))
        .collect();
    if fitted.len() > rows {
        fitted.retain(|(text, _)| !text.is_empty());
    }
    if fitted.len() > rows
        && let Some(last) = fitted.pop()
    {
        fitted.truncate(rows.saturating_sub(2));
        fitted.push(("…".to_string(), palette::FAINT_TEXT));
        fitted.push(last);
    }
    fitted
}

/// Draws lines in a box centred over the map, never over the status line below it: lines are
/// wrapped and cut (see [`fit`]) to the room there is.
pub fn panel(fb: &mut FrameBuffer, ctx: Ctx, lines: &[Line]) {
    let screen = ctx.bounding_box.size();
    let area = view_size(screen);
    let lines = fit(lines, panel_text_width(screen), panel_text_rows(screen));
    let width = lines
        .iter()
        .map(|(t, _)| t.chars().count())
        .max()
        .unwrap_or(0) as u32
        + 4;
    let height = lines.len() as u32 + 2;
    // Centred over the map when it fits there, else over the whole screen (the sidebar's
    // columns too: the sidebar is not drawn under a panel).
    let across = if width <= area.width() {
        area.width()
    } else {
        screen.width()
    };
    let top_left = ICoord::new(
        (across.saturating_sub(width) / 2) as i32,
        (area.height().saturating_sub(height) / 2) as i32,
    );
    for coord in UCoord::new(width, height).icoord_iter_row_major() {
        background(fb, ctx, top_left + coord, palette::PANEL_BACKGROUND);
    }
    for (row, (line, colour)) in lines.iter().enumerate() {
        text(
            fb,
            ctx,
            top_left + ICoord::new(2, row as i32 + 1),
            line,
            *colour,
        );
    }
}

/// Marks `cell` on the map and writes `line` from the top row: how many rows it took.
pub fn cursor_line(
    game: &Game,
    ctx: Ctx,
    fb: &mut FrameBuffer,
    screen: UCoord,
    cell: ICoord,
    line: &str,
) -> i32 {
    if let Some(on_screen) = map::screen_coord(game, screen, cell) {
        highlight(fb, ctx, on_screen, palette::CURSOR);
    }
    top_line(game, ctx, fb, screen, (0, line))
}

/// `line` on panel-coloured rows of the map view from `row` down, wrapped at the sidebar: how
/// many rows it took.
pub fn top_line(
    game: &Game,
    ctx: Ctx,
    fb: &mut FrameBuffer,
    screen: UCoord,
    line: (i32, &str),
) -> i32 {
    let (row, line) = line;
    let width = super::layout::line_width(screen, game.size().width());
    // Wrapped, never cut: the end of a line is as often the part that matters (a warning that
    // something stands in the way, the keys).
    let rows = wrap(line, width as usize);
    for (i, words) in rows.iter().enumerate() {
        let y = row + i as i32;
        for x in 0..width {
            background(fb, ctx, ICoord::new(x as i32, y), palette::PANEL_BACKGROUND);
        }
        text(fb, ctx, ICoord::new(0, y), words, palette::TEXT);
    }
    rows.len() as i32
}
