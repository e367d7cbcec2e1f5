//! The pack on screen: the list by letter, an item's own panel of actions, and the direct keys
//! (drink, read, throw, drop) that choose an item for one use.

use chargrid::core::{Ctx, FrameBuffer};
use chargrid::input::{KeyboardInput, keys};

use super::draw::{self, Line};
use super::item_messages::slot_letter;
use super::keymap::{Keymap, key_name};
use super::keys::{PlayKey, Purpose};
use super::looks;
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
            Purpose::Equip => matches!(
                class,
                Some(ItemClass::Weapon | ItemClass::Armour | ItemClass::Ring)
            ),
            Purpose::Drink => class == Some(ItemClass::Potion),
            Purpose::Read => class == Some(ItemClass::Scroll),
            Purpose::Zap => matches!(class, Some(ItemClass::Staff | ItemClass::Wand)),
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
                    cursor: 0,
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
            _ => use_.is_aimed() || (!known && matches!(purpose, Purpose::Read | Purpose::Zap)),
        };
        if aimed {
            return self.start_aiming(slot);
        }
        self.play(PlayerAction::Use { slot, at: None });
    }

    pub(super) fn handle_pack_key(
        &mut self,
        key: KeyboardInput,
        purpose: Option<Purpose>,
        cursor: usize,
    ) {
        let listing = purpose.map_or(Listing::All, Listing::For);
        let rows = listed(&self.game, listing);
        // Only Esc closes: the pack's own key is a letter too, and every letter chooses. The
        // arrows and Enter choose too, but never `j`, `k` or Space, which are letters here.
        let slot = match key {
            keys::ESCAPE => return self.mode = Mode::Play,
            KeyboardInput::Down | KeyboardInput::Up => {
                let last = rows.len().saturating_sub(1);
                let cursor = match key {
                    KeyboardInput::Down => (cursor + 1).min(last),
                    _ => cursor.saturating_sub(1),
                };
                return self.mode = Mode::Pack { purpose, cursor };
            }
            keys::RETURN => match rows.get(cursor) {
                Some(&(slot, _)) => slot,
                None => return,
            },
            KeyboardInput::Char(letter @ 'a'..='z') => letter as u8 - b'a',
            _ => return,
        };
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
            self.mode = Mode::Pack {
                purpose: None,
                cursor: 0,
            };
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

impl GameApp {
    /// A letter in the list of what a scroll of enchanting may enchant.
    pub(super) fn handle_enchant_key(&mut self, key: KeyboardInput, scroll: u8) {
        if key == keys::ESCAPE {
            self.mode = Mode::Play;
            return;
        }
        let KeyboardInput::Char(letter @ 'a'..='z') = key else {
            return;
        };
        let on = letter as u8 - b'a';
        if self.game.pack().get(on).is_some_and(takes_enchanting) {
            self.mode = Mode::Play;
            self.play(PlayerAction::UseOn { slot: scroll, on });
        }
    }
}

fn takes_enchanting(stack: Stack) -> bool {
    stack.kind.rules().use_.class().takes_enchanting()
}

/// The stacks a listing shows, in its order: by class, then by letter. A listing for one use
/// shows only what serves it: a potion has no place among what can be worn.
fn listed(game: &Game, listing: Listing) -> Vec<(u8, Stack)> {
    let fit = |stack: Stack| match listing {
        Listing::All => true,
        Listing::For(p) => purposes(stack).any(|q| q == p),
        Listing::Enchanting => takes_enchanting(stack),
    };
    let mut stacks: Vec<(u8, Stack)> = (game.pack().stacks())
        .filter(|&(_, stack)| fit(stack))
        .collect();
    stacks.sort_by_key(|&(slot, stack)| (class_order(stack), slot));
    stacks
}

/// What the pack is listed for: a purpose of a direct key, or enchanting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    All,
    For(Purpose),
    Enchanting,
}

/// The pack listed by letter, in a panel over the map, grouped by class (potions, scrolls,
/// staffs, wands, rings, weapons, armour...), each item as far as it is known.
pub fn render_pack(
    fb: &mut FrameBuffer,
    ctx: Ctx,
    game: &Game,
    listing: Listing,
    cursor: Option<usize>,
) {
    let heading = match listing {
        Listing::For(purpose) => format!("What will you {}?", purpose.verb()),
        Listing::Enchanting => "What will you enchant?".to_string(),
        Listing::All => "Your pack".to_string(),
    };
    let mut lines: Vec<Line> = vec![(heading, palette::HEADING)];
    let mut last_class = None;
    for (row, (slot, stack)) in listed(game, listing).into_iter().enumerate() {
        let class = looks::item(stack.kind).class;
        if last_class != Some(class) {
            lines.push((String::new(), palette::TEXT));
            lines.push((class_heading(class).to_string(), palette::FAINT_TEXT));
            last_class = Some(class);
        }
        let name = super::words::stack_words(game, stack);
        let in_use = super::words::in_use_words(game, stack);
        // The row Enter would choose, marked as the other lists mark theirs.
        let (mark, colour) = match cursor == Some(row) {
            true => ('>', palette::HEADING),
            false => (' ', palette::TEXT),
        };
        lines.push((
            format!("{mark}{}  {name}{in_use}", slot_letter(slot)),
            colour,
        ));
    }
    if game.pack().is_empty() {
        lines.push(("You carry nothing.".to_string(), palette::TEXT));
    }
    lines.push((String::new(), palette::TEXT));
    let keys = match cursor {
        Some(_) => "a-z or arrows and Enter choose, Esc closes",
        None => "a-z choose, Esc closes",
    };
    lines.push((keys.to_string(), palette::FAINT_TEXT));
    draw::panel(fb, ctx, &lines);
}

/// One item: its name, what it does (once known), and the keys for what can be done with it.
pub fn render_item(fb: &mut FrameBuffer, ctx: Ctx, game: &Game, slot: u8, keymap: &Keymap) {
    let Some(stack) = game.pack().get(slot) else {
        return;
    };
    let name = game.item_name(stack.kind);
    let title = format!(
        "{}  {}",
        slot_letter(slot),
        super::words::stack_words(game, stack)
    );
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
    if let Some(numbers) = super::item_numbers::numbers_line(game, stack) {
        lines.push((numbers, palette::TEXT));
        lines.push((String::new(), palette::TEXT));
    }
    for purpose in purposes(stack) {
        let verb = match (purpose, looks::item(stack.kind).class) {
            (Purpose::Equip, Some(ItemClass::Ring)) if game.pack().is_in_use(stack.kind) => {
                "take it off"
            }
            (Purpose::Equip, _) if game.pack().is_in_use(stack.kind) => "put it away",
            (Purpose::Equip, Some(ItemClass::Armour | ItemClass::Ring)) => "put on",
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

/// Where a class stands in the pack's list.
fn class_order(stack: Stack) -> usize {
    let class = looks::item(stack.kind).class;
    CLASSES
        .iter()
        .position(|&c| Some(c) == class)
        .unwrap_or(CLASSES.len())
}

const CLASSES: [ItemClass; 10] = [
    ItemClass::Weapon,
    ItemClass::Armour,
    ItemClass::Ring,
    ItemClass::Staff,
    ItemClass::Wand,
    ItemClass::Potion,
    ItemClass::Scroll,
    ItemClass::Missile,
    ItemClass::Key,
    ItemClass::Prize,
];

fn class_heading(class: Option<ItemClass>) -> &'static str {
    match class {
        Some(ItemClass::Weapon) => "Weapons",
        Some(ItemClass::Armour) => "Armour",
        Some(ItemClass::Ring) => "Rings",
        Some(ItemClass::Staff) => "Staffs",
        Some(ItemClass::Wand) => "Wands",
        Some(ItemClass::Potion) => "Potions",
        Some(ItemClass::Scroll) => "Scrolls",
        Some(ItemClass::Missile) => "Missiles",
        Some(ItemClass::Key | ItemClass::Prize) | None => "Other",
    }
}
