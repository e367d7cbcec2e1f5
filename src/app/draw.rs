//! Small drawing helpers: text on a line, and centred panels for menus and notices.

use chargrid::core::{Ctx, FrameBuffer, ICoord, RenderCell, Rgba32, UCoord};

use super::palette;

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

/// One line of a panel: its words and colour.
pub type Line = (String, Rgba32);

/// Draws lines in a box centred on the screen, with a one-cell margin around the text.
pub fn panel(fb: &mut FrameBuffer, ctx: Ctx, lines: &[Line]) {
    let screen = ctx.bounding_box.size();
    let width = lines
        .iter()
        .map(|(t, _)| t.chars().count())
        .max()
        .unwrap_or(0) as u32
        + 4;
    let height = lines.len() as u32 + 2;
    let top_left = ICoord::new(
        (screen.width().saturating_sub(width) / 2) as i32,
        (screen.height().saturating_sub(height) / 2) as i32,
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
