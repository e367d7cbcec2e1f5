//! The choice on each descent: the boons on offer in a panel over the map, chosen by number.

use chargrid::core::{Ctx, FrameBuffer};
use chargrid::input::KeyboardInput;

use super::draw::{self, Line};
use super::keys::PlayKey;
use super::words::{boon_effect, boon_words};
use super::{GameApp, palette};
use umbra_rules::game::{Game, PlayerAction};

impl GameApp {
    /// While boons wait for a choice: 1 to 3 choose; the menu, help and log still open; every
    /// other key waits for the choice. None when no boons wait.
    pub(super) fn handle_boon_key(&mut self, key: KeyboardInput) -> Option<()> {
        let offer = self.game.boons_offered()?;
        if let KeyboardInput::Char(digit @ '1'..='9') = key {
            let index = digit as u8 - b'1';
            if usize::from(index) < offer.len() {
                self.play(PlayerAction::Choose { boon: index });
            }
            return Some(());
        }
        match self.keymap.play_key(key) {
            Some(PlayKey::Menu | PlayKey::Help | PlayKey::Log | PlayKey::Quit) => None,
            Some(_) => {
                let words = "Choose a boon first (1-3).".to_string();
                self.log.push(words, super::words::Tone::Normal);
                Some(())
            }
            None => Some(()),
        }
    }
}

/// The offer in a panel: a heading, one line per boon, the keys.
pub fn render(fb: &mut FrameBuffer, ctx: Ctx, game: &Game) {
    let Some(offer) = game.boons_offered() else {
        return;
    };
    let mut lines: Vec<Line> = vec![
        (
            format!("Depth {}: choose a boon", game.depth()),
            palette::HEADING,
        ),
        (String::new(), palette::TEXT),
    ];
    for (i, &boon) in offer.iter().enumerate() {
        let name = boon_words(boon).0;
        let what = boon_effect(boon, game.next_vigour());
        lines.push((format!("{}  {name}: {what}", i + 1), palette::TEXT));
    }
    lines.push((String::new(), palette::TEXT));
    lines.push(("1-3 choose".to_string(), palette::FAINT_TEXT));
    draw::panel(fb, ctx, &lines);
}
