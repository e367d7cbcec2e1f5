//! The mouse and the look cursor: pointing at a cell describes it, clicking travels there.

use chargrid::core::{Ctx, FrameBuffer, ICoord, UCoord};
use chargrid::input::{MouseButton, MouseInput};

use super::mode::Mode;
use super::{GameApp, bestiary_words, cell_words, debug, draw, map, sidebar};
use umbra_rules::game::{Activity, CellVisibility, Game};

impl GameApp {
    pub(super) fn handle_mouse(&mut self, mouse: MouseInput, screen: UCoord) {
        let cell = map::map_coord(&self.game, screen, mouse.coord());
        if let (Mode::Aim { slot, .. }, Some(cell)) = (self.mode, cell) {
            return self.aim_with_mouse(mouse, slot, cell);
        }
        match mouse {
            // Pointing at a sidebar entry points at what it lists.
            MouseInput::MouseMove { coord, .. } => {
                self.hover = cell.or_else(|| sidebar::cell_at(&self.game, screen, coord));
            }
            MouseInput::MousePress {
                button: MouseButton::Left,
                ..
            } => {
                let travelling =
                    matches!(self.mode, Mode::Play | Mode::Look { .. }) && self.playback.is_none();
                if let Some(target) = cell.filter(|_| travelling) {
                    self.doing = None;
                    self.mode = Mode::Play;
                    self.begin(Activity::Travel(target));
                }
            }
            _ => (),
        }
    }
}

impl GameApp {
    /// While aiming, pointing moves the cursor and a left click fires at the cell.
    fn aim_with_mouse(&mut self, mouse: MouseInput, slot: u8, cell: ICoord) {
        match mouse {
            MouseInput::MouseMove { .. } => self.mode = Mode::Aim { slot, cursor: cell },
            MouseInput::MousePress {
                button: MouseButton::Left,
                ..
            } => self.fire(slot, cell),
            _ => (),
        }
    }
}

/// Marks `cell` on the map and describes it on the top row; `with_keys` adds the look mode's
/// keys, `minds` the whole memory of an NPC standing there on the rows below.
pub fn render_look(
    game: &Game,
    ctx: Ctx,
    fb: &mut FrameBuffer,
    screen: UCoord,
    cell: ICoord,
    with_keys: bool,
    minds: bool,
) {
    let mut line = cell_words::look_line(game, cell);
    if with_keys {
        line.push_str(".  Enter: travel there, Esc: leave");
    }
    let below = draw::cursor_line(game, ctx, fb, screen, cell, &line);
    // A monster in view: what it does, under the line that names it.
    let view = game.level().cell_view(cell);
    let width = super::layout::line_width(screen, game.size().width()) as usize;
    let creature: Vec<String> = match (view.visibility, view.tiles.character) {
        (CellVisibility::Visible, Some(_)) => bestiary_words::creature_lines(game, cell),
        _ => Vec::new(),
    }
    .iter()
    .flat_map(|line| draw::wrap(line, width))
    .collect();
    let mut row = below;
    for words in &creature {
        row += draw::top_line(game, ctx, fb, screen, (row, words));
    }
    // An item in view (on a vault's altar, say): its numbers, for the choice.
    let lying = (game.item_at(cell)).filter(|_| view.visibility == CellVisibility::Visible);
    if let Some(lying) = lying
        && let Some(words) = super::item_numbers::numbers_line(game, lying.into())
    {
        row += draw::top_line(game, ctx, fb, screen, (row, &words));
    }
    if minds {
        for words in &debug::mind::memory_lines(game, cell) {
            row += draw::top_line(game, ctx, fb, screen, (row, words));
        }
    }
}
