//! The choice on each descent: the boons on offer in a panel over the map, chosen by number.

use chargrid::core::{Ctx, FrameBuffer};
use chargrid::input::KeyboardInput;

use super::draw::{self, Line};
use super::keymap::Keymap;
use super::keys::PlayKey;
use super::words::{boon_effect, boon_words};
use super::{GameApp, palette};
use umbra_rules::game::{Game, PlayerAction};

impl GameApp {
    /// While boons wait for a choice: 1 to 3 choose; the menu, help and log still open; every
    /// other key waits for the choice. None when no boons wait.
    pub(super) fn handle_boon_key(&mut self, key: KeyboardInput) -> Option<()> {
        let offer = self.game.boons_offered()?;
        if let Some(index) = self.keymap.boon_of(key) {
            if usize::from(index) < offer.len() {
                self.play(PlayerAction::Choose { boon: index });
            }
            return Some(());
        }
        match self.keymap.play_key(key) {
            Some(PlayKey::Menu | PlayKey::Help | PlayKey::Log | PlayKey::Quit) => None,
            Some(_) => {
                let words = format!(
                    "Choose a boon first ({}).",
                    self.keymap.boon_key_names().join(", ")
                );
                self.log.push(words, super::words::Tone::Normal);
                Some(())
            }
            None => Some(()),
        }
    }
}

/// The offer in a panel: a heading, one line per boon, the keys.
pub fn render(fb: &mut FrameBuffer, ctx: Ctx, game: &Game, keymap: &Keymap) {
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
    let names = keymap.boon_key_names();
    for (i, &boon) in offer.iter().enumerate() {
        let name = boon_words(boon).0;
        let what = boon_effect(boon, game.next_vigour());
        let key = names.get(i).map_or("-", String::as_str);
        lines.push((format!("{key}  {name}: {what}"), palette::TEXT));
    }
    lines.push((String::new(), palette::TEXT));
    lines.push((format!("{} choose", names.join(", ")), palette::FAINT_TEXT));
    draw::panel(fb, ctx, &lines);
}
