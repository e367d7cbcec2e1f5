//! The title screen: where quitting leads when there is nowhere to quit to (the browser), and
//! from where the saved game continues or a new one begins.

use chargrid::core::{Ctx, FrameBuffer};
use chargrid::input::KeyboardInput;

use super::draw::{self, Line};
use super::keys::ListKey;
use super::mode::{Mode, TitleItem};
use super::{GameApp, looks, palette};
use umbra_rules::game::FINAL_DEPTH;
use umbra_rules::game::Game;

pub fn render(fb: &mut FrameBuffer, ctx: Ctx, game: &Game, selected: TitleItem) {
    let mut lines: Vec<Line> = vec![
        ("U M B R A".to_string(), palette::HEADING),
        blank(),
        (
            format!(
                "Take the stairs down to depth {FINAL_DEPTH} and lift {}.",
                looks::prize()
            ),
            palette::TEXT,
        ),
        blank(),
    ];
    for &item in TitleItem::all(game) {
        let (marker, colour) = if item == selected {
            ('>', palette::HEADING)
        } else {
            (' ', palette::TEXT)
        };
        lines.push((format!("{marker} {}", item.label(game)), colour));
    }
    lines.push(blank());
    lines.push((
        "Your game is saved in this browser after every key.".to_string(),
        palette::FAINT_TEXT,
    ));
    lines.push((
        "arrows choose, Enter confirms; c continues, n starts anew".to_string(),
        palette::FAINT_TEXT,
    ));
    draw::panel(fb, ctx, &lines);
}

fn blank() -> Line {
    (String::new(), palette::TEXT)
}

impl GameApp {
    pub(super) fn handle_title_key(&mut self, key: KeyboardInput, selected: TitleItem) {
        let chosen = match key {
            KeyboardInput::Char('c') if !self.game.is_over() => TitleItem::Continue,
            KeyboardInput::Char('n') => TitleItem::NewGame,
            _ => match self.keymap.list_key(key) {
                Some(ListKey::Up | ListKey::PageUp) => {
                    let by = TitleItem::all(&self.game).len() - 1;
                    return self.show_title(selected.step(&self.game, by));
                }
                Some(ListKey::Down | ListKey::PageDown) => {
                    return self.show_title(selected.step(&self.game, 1));
                }
                Some(ListKey::Choose) => selected,
                Some(ListKey::Close) | None => return,
            },
        };
        match chosen {
            TitleItem::Continue => self.mode = Mode::Play,
            TitleItem::NewGame => self.offer_new_game(),
        }
    }

    fn show_title(&mut self, selected: TitleItem) {
        self.mode = Mode::Title { selected };
    }
}
