//! The pack on screen: the list by letter, an item's own panel of actions, and the direct keys
//! (drink, read, throw, drop) that choose an item for one use.

use chargrid::core::{Ctx, FrameBuffer};
use chargrid::input::{KeyboardInput, keys};

use super::draw::{self, Line};
use super::item_messages::slot_letter;
use super::keymap::{Keymap, key_name};
use super::keys::{PlayKey, Purpose};
use super::looks::{self, item_words};
use super::messages::Tone;
use super::mode::Mode;
use super::{GameApp, palette};
use umbra_rules::game::{Game, ItemClass, PlayerAction, Stack};

/// What an item of this kind can be used for, in the item panel's order.
pub fn purposes(stack: Stack) -> impl Iterator<Item = Purpose> {
    let class = looks::item(stack.kind).class;
    Purpose::ALL
        .into_iter()
        .filter(move |purpose| match purpose {
            Purpose::Equip => matches!(class, Some(ItemClass::Weapon | ItemClass::Armour)),
            Purpose::Drink => class == Some(ItemClass::Potion),
            Purpose::Read => class == Some(ItemClass::Scroll),
            // Any potion can be thrown: some shatter into fire or gas where they land.
            Purpose::Throw => matches!(class, Some(ItemClass::Missile | ItemClass::Potion)),
            Purpose::Drop => true,
        })
}

impl GameApp {
    /// A direct key: with one item fit for it, that item; with several, the pack to choose
    /// from; with none, a word and no turn.
    pub(super) fn choose_for(&mut self, purpose: Purpose) {
        let fit: Vec<u8> = (self.game.pack().stacks())
            .filter(|&(_, stack)| purposes(stack).any(|p| p == purpose))
            .map(|(slot, _)| slot)
            .collect();
        match (fit.first().copied(), fit.get(1)) {
            (None, _) => {
                let words = format!("You have nothing to {}.", purpose.verb());
                self.log.push(words, Tone::Normal);
            }
            (Some(slot), None) => self.use_for(slot, purpose),
            (Some(_), Some(_)) => {
                self.mode = Mode::Pack {
                    purpose: Some(purpose),
                }
            }
        }
    }

    /// Uses the item under a letter for `purpose`, aiming first where it needs a target.
    pub(super) fn use_for(&mut self, slot: u8, purpose: Purpose) {
        let Some(stack) = self.game.pack().get(slot) else {
            return;
        };
        if !purposes(stack).any(|p| p == purpose) {
            let words = format!("You cannot {} that.", purpose.verb());
            self.log.push(words, Tone::Normal);
            self.mode = Mode::Play;
            return;
        }
        self.mode = Mode::Play;
        if purpose == Purpose::Drop {
            return self.play(PlayerAction::Drop { slot });
        }
        let known = self.game.item_name(stack.kind).known;
        let use_ = stack.kind.rules().use_;
        let aimed = match purpose {
            Purpose::Throw => true,
            Purpose::Drink => false,
            _ => use_.is_aimed() || (!known && purpose == Purpose::Read),
        };
        if aimed {
            return self.start_aiming(slot);
        }
        if let Some(bolt) = self.game.seeks_nobody(slot) {
            let name = &looks::bolt(bolt).name;
            let words = format!("No enemy is in view and in reach for the {name}.");
            return self.log.push(words, Tone::Normal);
        }
        self.play(PlayerAction::Use { slot, at: None });
    }

    pub(super) fn handle_pack_key(&mut self, key: KeyboardInput, purpose: Option<Purpose>) {
        if key == keys::ESCAPE || key == KeyboardInput::Char('i') {
            self.mode = Mode::Play;
            return;
        }
        let KeyboardInput::Char(letter @ 'a'..='z') = key else {
            return;
        };
        let slot = letter as u8 - b'a';
        if self.game.pack().get(slot).is_none() {
            return;
        }
        match purpose {
            Some(purpose) => self.use_for(slot, purpose),
            None => self.mode = Mode::Item { slot },
        }
    }

    pub(super) fn handle_item_key(&mut self, key: KeyboardInput, slot: u8) {
        if key == keys::ESCAPE {
            self.mode = Mode::Pack { purpose: None };
            return;
        }
        let Some(stack) = self.game.pack().get(slot) else {
            self.mode = Mode::Play;
            return;
        };
        let asked = self.keymap.play_key(key);
        let chosen = purposes(stack).find(|&p| asked == Some(PlayKey::Choose(p)));
        if let Some(purpose) = chosen {
            self.use_for(slot, purpose);
        }
    }
}

/// The pack listed by letter, in a panel over the map.
pub fn render_pack(fb: &mut FrameBuffer, ctx: Ctx, game: &Game, purpose: Option<Purpose>) {
    let heading = match purpose {
        Some(purpose) => format!("What will you {}?", purpose.verb()),
        None => "Your pack".to_string(),
    };
    let mut lines: Vec<Line> = vec![(heading, palette::HEADING), (String::new(), palette::TEXT)];
    for (slot, stack) in game.pack().stacks() {
        let fit = purpose.is_none_or(|p| purposes(stack).any(|q| q == p));
        let colour = if fit {
            palette::TEXT
        } else {
            palette::FAINT_TEXT
        };
        let name = item_words(game.item_name(stack.kind), stack.count);
        let in_use = super::words::in_use_words(game, stack);
        lines.push((format!("{}  {name}{in_use}", slot_letter(slot)), colour));
    }
    if game.pack().is_empty() {
        lines.push(("You carry nothing.".to_string(), palette::TEXT));
    }
    lines.push((String::new(), palette::TEXT));
    let keys = "a-z choose, Esc closes";
    lines.push((keys.to_string(), palette::FAINT_TEXT));
    draw::panel(fb, ctx, &lines);
}

/// One item: its name, what it does (once known), and the keys for what can be done with it.
pub fn render_item(fb: &mut FrameBuffer, ctx: Ctx, game: &Game, slot: u8, keymap: &Keymap) {
    let Some(stack) = game.pack().get(slot) else {
        return;
    };
    let name = game.item_name(stack.kind);
    let title = format!("{}  {}", slot_letter(slot), item_words(name, stack.count));
    let about = if name.known {
        looks::item(stack.kind).look.description.clone()
    } else {
        "You do not know what it does until you use one.".to_string()
    };
    let mut lines: Vec<Line> = vec![
        (title, palette::HEADING),
        (String::new(), palette::TEXT),
        (about, palette::TEXT),
        (String::new(), palette::TEXT),
    ];
    for purpose in purposes(stack) {
        let verb = match (purpose, looks::item(stack.kind).class) {
            (Purpose::Equip, _) if game.pack().is_in_use(stack.kind) => "put it away",
            (Purpose::Equip, Some(ItemClass::Armour)) => "wear",
            (Purpose::Equip, _) => "wield",
            _ => purpose.verb(),
        };
        let key = keymap
            .purpose_key(purpose)
            .map_or("-".to_string(), key_name);
        lines.push((format!("{key}  {verb}"), palette::TEXT));
    }
    lines.push((String::new(), palette::TEXT));
    lines.push(("Esc back to the pack".to_string(), palette::FAINT_TEXT));
    draw::panel(fb, ctx, &lines);
}
