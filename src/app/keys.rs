//! Key bindings: the one table the help screen and the input handling both read.

use chargrid::input::{KeyboardInput, keys};
use direction::CardinalDirection;

use crate::game::PlayerAction;

/// What a key asks for while the map is showing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayKey {
    Act(PlayerAction),
    /// Take the stairs here, or travel to the known stairs from afar.
    Stairs,
    Rest,
    Explore,
    Run(CardinalDirection),
    Look,
    Menu,
    Help,
    Log,
    Quit,
    NewGame,
}

/// Every key a player can use during play, as the help screen lists it.
pub const HELP: &[(&str, &str)] = &[
    ("arrows, h j k l", "move; walk into an enemy to attack it"),
    ("H J K L, Shift+arrows", "run until something interesting"),
    ("space, .", "wait a turn"),
    ("Z, R", "rest until healed (or a while, unhurt)"),
    ("o", "explore until something comes into view"),
    (">", "take the stairs down, or travel to them"),
    ("x", "look around (Enter travels there, Esc leaves)"),
    ("mouse", "point to look, click to travel"),
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
        KeyboardInput::Char('d') => PlayerAction::DrinkPotion,
        KeyboardInput::Char('>') => return Some(PlayKey::Stairs),
        KeyboardInput::Char('Z' | 'R') => return Some(PlayKey::Rest),
        KeyboardInput::Char('o') => return Some(PlayKey::Explore),
        KeyboardInput::Char('x') => return Some(PlayKey::Look),
        KeyboardInput::Char('K') => return Some(PlayKey::Run(North)),
        KeyboardInput::Char('J') => return Some(PlayKey::Run(South)),
        KeyboardInput::Char('H') => return Some(PlayKey::Run(West)),
        KeyboardInput::Char('L') => return Some(PlayKey::Run(East)),
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

/// A movement key's direction (arrows and h j k l), for moving the look cursor.
pub fn direction_key(key: KeyboardInput) -> Option<CardinalDirection> {
    use CardinalDirection::*;
    Some(match key {
        KeyboardInput::Up | KeyboardInput::Char('k') => North,
        KeyboardInput::Down | KeyboardInput::Char('j') => South,
        KeyboardInput::Left | KeyboardInput::Char('h') => West,
        KeyboardInput::Right | KeyboardInput::Char('l') => East,
        _ => return None,
    })
}
