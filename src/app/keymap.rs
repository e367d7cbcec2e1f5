//! The keys in use: the defaults, or what a keys file made of them (see `keys_file`). The input
//! handling, the help and the pack's panels all read the same keymap.

use chargrid::input::{KeyboardInput, keys};
use direction::CardinalDirection;

use super::keys::{Action, BOON_KEYS, ListKey, PlayKey, Purpose};
use umbra_rules::game::PlayerAction;

/// One line of the help as the live bindings make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpRow {
    /// The keys, named as the keys file names them ("Up k Down j …").
    pub label: String,
    pub help: &'static str,
}

/// Every key asks for one action at most.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    bound: Vec<(Action, Vec<KeyboardInput>)>,
}

impl Default for Keymap {
    fn default() -> Self {
        let bound = Action::all()
            .map(|action| (action, action.default_keys().to_vec()))
            .collect();
        Self { bound }
    }
}

impl Keymap {
    /// The keys bound to `action`, in the order they were given.
    pub fn keys_of(&self, action: Action) -> &[KeyboardInput] {
        self.bound
            .iter()
            .find(|(bound, _)| *bound == action)
            .map_or(&[], |(_, keys)| keys.as_slice())
    }

    /// Gives `action` these keys in place of the ones it had.
    pub fn bind(&mut self, action: Action, keys: Vec<KeyboardInput>) {
        if let Some((_, bound)) = self.bound.iter_mut().find(|(bound, _)| *bound == action) {
            *bound = keys;
        }
    }

    /// The action of play a key is bound to.
    pub fn action_of(&self, key: KeyboardInput) -> Option<Action> {
        self.bound_to(key, false)
    }

    /// The action a key is bound to, among the keys of play or those outside it.
    fn bound_to(&self, key: KeyboardInput, outside_play: bool) -> Option<Action> {
        self.bound
            .iter()
            .find(|(action, keys)| action.is_outside_play() == outside_play && keys.contains(&key))
            .map(|&(action, _)| action)
    }

    /// What a key asks for during play.
    pub fn play_key(&self, key: KeyboardInput) -> Option<PlayKey> {
        self.action_of(key).and_then(Action::play_key)
    }

    /// What a key asks for in a list or panel (the menu, help, the log, the title).
    pub fn list_key(&self, key: KeyboardInput) -> Option<ListKey> {
        self.bound_to(key, true).and_then(Action::list_key)
    }

    /// A key's answer to a question: yes, or no (Close says no too).
    pub fn answer(&self, key: KeyboardInput) -> Option<bool> {
        match self.bound_to(key, true)? {
            Action::Yes => Some(true),
            Action::No | Action::Close => Some(false),
            _ => None,
        }
    }

    /// The place in the boons' offer a key chooses.
    pub fn boon_of(&self, key: KeyboardInput) -> Option<u8> {
        let action = self.bound_to(key, true)?;
        BOON_KEYS
            .iter()
            .position(|&boon| boon == action)
            .map(|i| i as u8)
    }

    /// The keys' names for the boons' offer, as a panel says them ("1, 2, 3" by default).
    pub fn boon_key_names(&self) -> Vec<String> {
        BOON_KEYS
            .iter()
            .map(|&action| {
                self.keys_of(action)
                    .first()
                    .map_or("-".to_string(), |&k| key_name(k))
            })
            .collect()
    }

    /// A movement key's direction, for moving a cursor: the keys that step during play.
    pub fn direction_key(&self, key: KeyboardInput) -> Option<CardinalDirection> {
        match self.play_key(key)? {
            PlayKey::Act(PlayerAction::Move(direction)) => Some(direction),
            _ => None,
        }
    }

    /// The key that chooses an item for `purpose` on its panel: the first one bound.
    pub fn purpose_key(&self, purpose: Purpose) -> Option<KeyboardInput> {
        let action = Action::all().find(|a| a.play_key() == Some(PlayKey::Choose(purpose)))?;
        self.keys_of(action).first().copied()
    }

    /// The help's lines, in order, each naming the keys bound now ("mouse" for the pointer).
    pub fn help_rows(&self) -> Vec<HelpRow> {
        Action::help_lines()
            .iter()
            .map(|&(actions, help)| {
                let names: Vec<String> = actions
                    .iter()
                    .flat_map(|&action| self.keys_of(action))
                    .map(|&key| key_name(key))
                    .collect();
                let label = match actions {
                    [] => "mouse".to_string(),
                    _ if names.is_empty() => "(no key)".to_string(),
                    _ => names.join(" "),
                };
                HelpRow { label, help }
            })
            .collect()
    }
}

/// Keys with names of their own in the keys file and the help; any other character is its own
/// name.
const NAMED_KEYS: &[(&str, KeyboardInput)] = &[
    ("Space", KeyboardInput::Char(' ')),
    ("Enter", keys::RETURN),
    ("Esc", keys::ESCAPE),
    ("Tab", keys::TAB),
    ("Backspace", keys::BACKSPACE),
    ("Up", KeyboardInput::Up),
    ("Down", KeyboardInput::Down),
    ("Left", KeyboardInput::Left),
    ("Right", KeyboardInput::Right),
    ("Home", KeyboardInput::Home),
    ("End", KeyboardInput::End),
    ("PageUp", KeyboardInput::PageUp),
    ("PageDown", KeyboardInput::PageDown),
    ("Delete", KeyboardInput::Delete),
];

/// The named keys' names, for the keys file's heading.
pub fn key_names() -> impl Iterator<Item = &'static str> {
    NAMED_KEYS.iter().map(|(name, _)| *name)
}

/// A key's name, as the keys file and the help write it: "h", "Space", "Esc", "F5".
pub fn key_name(key: KeyboardInput) -> String {
    if let Some((name, _)) = NAMED_KEYS.iter().find(|(_, named)| *named == key) {
        return (*name).to_string();
    }
    match key {
        KeyboardInput::Function(number) => format!("F{number}"),
        KeyboardInput::Char(c) => c.to_string(),
        other => format!("{other:?}"),
    }
}

/// The key a name stands for, if any: one printable character, a named key, or F1 to F12.
pub fn key_named(name: &str) -> Option<KeyboardInput> {
    if let Some((_, key)) = NAMED_KEYS.iter().find(|(named, _)| *named == name) {
        return Some(*key);
    }
    if let Some(number) = name.strip_prefix('F').and_then(|n| n.parse::<u8>().ok()) {
        return (1..=12)
            .contains(&number)
            .then_some(KeyboardInput::Function(number));
    }
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_control() => Some(KeyboardInput::Char(c)),
        _ => None,
    }
}
