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

/// The columns left for the map beside the sidebar, if the screen has one.
fn beside_sidebar(screen: UCoord) -> Option<u32> {
    (screen.width() >= SIDEBAR_MIN_SCREEN_WIDTH).then(|| screen.width() - SIDEBAR_WIDTH)
}

/// The first column of the sidebar on a screen of this size, with a map `map_width` wide, if
/// it has one: beside the map, not at the screen's far edge when the map is the narrower, but
/// never nearer the left than on the classic 80 columns, so that the lines across the top (a
/// look, an aim) keep the room they have there.
pub fn sidebar_left(screen: UCoord, map_width: u32) -> Option<i32> {
    let least = SIDEBAR_MIN_SCREEN_WIDTH - SIDEBAR_WIDTH;
    beside_sidebar(screen).map(|room| room.min(map_width.max(least)) as i32)
}

/// The columns a line across the top of the map may take: up to the sidebar.
pub fn line_width(screen: UCoord, map_width: u32) -> u32 {
    sidebar_left(screen, map_width).map_or(screen.width(), |left| left as u32)
}

/// The part of a screen of this size that may show the map: all but the HUD's rows and the
/// sidebar's columns at their widest.
pub fn view_size(screen: UCoord) -> UCoord {
    let width = beside_sidebar(screen).unwrap_or(screen.width());
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
