//! Where things go on the screen: the map above, the status line and the newest messages below,
//! panels centred over the map. Every part of the app that places something reads it from here,
//! so the map, the HUD and the panels agree on the rows they share.

use chargrid::core::UCoord;

/// The smallest screen the game is drawn on: room for a readable map, the status line and
/// the messages, and for every panel (help, menu, the end of a run) without cutting a line
/// that matters. Anything smaller shows a notice asking for more room.
pub const MIN_SCREEN: UCoord = UCoord::new_u16(50, 16);
/// Newest messages shown under the status line.
pub const LOG_LINES: u32 = 5;
/// The status line plus the messages.
pub const HUD_ROWS: u32 = 1 + LOG_LINES;

/// True if a screen of this size can show the game (see [`MIN_SCREEN`]).
pub fn is_big_enough(size: UCoord) -> bool {
    size.width() >= MIN_SCREEN.width() && size.height() >= MIN_SCREEN.height()
}

/// The part of a screen of this size that shows the map: all but the HUD's rows.
pub fn view_size(screen: UCoord) -> UCoord {
    UCoord::new(screen.width(), screen.height().saturating_sub(HUD_ROWS))
}

/// The widest line a panel can hold on a screen of this size (two cells of margin each side).
pub fn panel_text_width(screen: UCoord) -> usize {
    screen.width().saturating_sub(4).max(1) as usize
}

/// The most lines a panel can hold above the status line (a row of margin above and below).
pub fn panel_text_rows(screen: UCoord) -> usize {
    view_size(screen).height().saturating_sub(2).max(1) as usize
}
