//! Where things go on the screen: the map above with the sidebar to its right, the status line
//! and the newest messages below, panels centred over the map. Every part of the app that places something reads it from here,
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

/// The sidebar's columns, its first a blank one between it and the map: room for a name and a
/// health bar with a state's word after it ("hunting", "searching").
pub const SIDEBAR_WIDTH: u32 = 20;
/// The narrowest screen with a sidebar: the classic 80 columns, which leaves the map 60 (the
/// view follows the player). Narrower screens keep every column for the map.
pub const SIDEBAR_MIN_SCREEN_WIDTH: u32 = 80;

/// The first column of the sidebar on a screen of this size, if it has one.
pub fn sidebar_left(screen: UCoord) -> Option<i32> {
    (screen.width() >= SIDEBAR_MIN_SCREEN_WIDTH).then(|| (screen.width() - SIDEBAR_WIDTH) as i32)
}

/// The part of a screen of this size that shows the map: all but the HUD's rows and the
/// sidebar's columns.
pub fn view_size(screen: UCoord) -> UCoord {
    let width = match sidebar_left(screen) {
        Some(left) => left as u32,
        None => screen.width(),
    };
    UCoord::new(width, screen.height().saturating_sub(HUD_ROWS))
}

/// The widest line a panel can hold on a screen of this size (two cells of margin each side).
pub fn panel_text_width(screen: UCoord) -> usize {
    screen.width().saturating_sub(4).max(1) as usize
}

/// The most lines a panel can hold above the status line (a row of margin above and below).
pub fn panel_text_rows(screen: UCoord) -> usize {
    view_size(screen).height().saturating_sub(2).max(1) as usize
}
