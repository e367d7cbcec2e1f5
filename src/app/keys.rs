//! Key bindings: the one table the help screen and the input handling both read.

use chargrid::input::{KeyboardInput, keys};
use direction::CardinalDirection;

use crate::game::PlayerAction;

/// What a key asks for while the map is showing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayKey {
    Act(PlayerAction),
    Menu,
    Help,
    Log,
    Quit,
    NewGame,
}

/// Every key a player can use during play, as the help screen lists it.
pub const HELP: &[(&str, &str)] = &[
    ("arrows, h j k l", "move; walk into an enemy to attack it"),
    ("space, .", "wait a turn"),
    (">", "take the stairs down (standing on them)"),
    ("d", "drink a healing potion"),
    (
        "m",
        "show the full message log (arrows / j k / PgUp PgDn scroll)",
    ),
    ("?", "show this help"),
    ("Esc", "open the menu: resume, new game, quit"),
    ("r", "new game, once the run is over"),
    ("q", "quit"),
];

pub fn play_key(key: KeyboardInput) -> Option<PlayKey> {
    use CardinalDirection::*;
    let action = match key {
        KeyboardInput::Up | KeyboardInput::Char('k') => PlayerAction::Move(North),
        KeyboardInput::Down | KeyboardInput::Char('j') => PlayerAction::Move(South),
        KeyboardInput::Left | KeyboardInput::Char('h') => PlayerAction::Move(West),
        KeyboardInput::Right | KeyboardInput::Char('l') => PlayerAction::Move(East),
        KeyboardInput::Char(' ' | '.') => PlayerAction::Wait,
        KeyboardInput::Char('>') => PlayerAction::Descend,
        KeyboardInput::Char('d') => PlayerAction::DrinkPotion,
        keys::ESCAPE => return Some(PlayKey::Menu),
        KeyboardInput::Char('?') => return Some(PlayKey::Help),
        KeyboardInput::Char('m') => return Some(PlayKey::Log),
        KeyboardInput::Char('q') => return Some(PlayKey::Quit),
        KeyboardInput::Char('r') => return Some(PlayKey::NewGame),
        _ => return None,
    };
    Some(PlayKey::Act(action))
}

/// Scrolling and choosing in lists (menu, log).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListKey {
    Up,
    Down,
    PageUp,
    PageDown,
    Choose,
    Close,
}

pub fn list_key(key: KeyboardInput) -> Option<ListKey> {
    Some(match key {
        KeyboardInput::Up | KeyboardInput::Char('k') => ListKey::Up,
        KeyboardInput::Down | KeyboardInput::Char('j') => ListKey::Down,
        KeyboardInput::PageUp => ListKey::PageUp,
        KeyboardInput::PageDown => ListKey::PageDown,
        keys::RETURN | KeyboardInput::Char(' ') => ListKey::Choose,
        keys::ESCAPE | KeyboardInput::Char('q' | 'm' | '?') => ListKey::Close,
        _ => return None,
    })
}
