//! Key bindings: one table ([`BINDINGS`]) that both the help screen and the input handling read.

use chargrid::input::{KeyboardInput, keys};
use direction::CardinalDirection::{self, East, North, South, West};

use umbra_rules::game::PlayerAction;

/// What a key asks for while the map is showing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayKey {
    Act(PlayerAction),
    /// Take the stairs here, or travel to the known stairs from afar.
    Stairs,
    Rest,
    /// Search five turns, the last thoroughly, unless something happens.
    Search,
    Explore,
    Run(CardinalDirection),
    Look,
    Menu,
    Help,
    Log,
    Quit,
    NewGame,
    /// The pack: choose an item, then what to do with it.
    Pack,
    /// Choose an item for one use (a direct key: drink, read, throw, drop).
    Choose(Purpose),
    /// Throw again what was last thrown, at the same target, while it is in view.
    FireAgain,
}

/// What an item is chosen for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Wield or wear it, or put it away if it is in use.
    Equip,
    Drink,
    Read,
    Throw,
    Drop,
}

impl Purpose {
    pub const ALL: [Self; 5] = [
        Self::Equip,
        Self::Drink,
        Self::Read,
        Self::Throw,
        Self::Drop,
    ];

    /// The key that asks for it, here and on the item's own panel.
    pub fn key(self) -> char {
        match self {
            Self::Equip => 'e',
            Self::Drink => 'd',
            Self::Read => 'r',
            Self::Throw => 't',
            Self::Drop => 'D',
        }
    }

    pub fn verb(self) -> &'static str {
        match self {
            Self::Equip => "wield, wear or take off",
            Self::Drink => "drink",
            Self::Read => "read",
            Self::Throw => "throw",
            Self::Drop => "drop",
        }
    }
}

/// One line of the help screen and the keys behind it: what the handler does with a key and
/// what the help says of it come from the same row, so the two cannot drift apart.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    /// The keys as the help names them.
    pub label: &'static str,
    /// What they do, in the help's words.
    pub help: &'static str,
    /// Each key and what it asks for. Empty for input that is not a key (the mouse).
    pub keys: &'static [(KeyboardInput, PlayKey)],
}

const fn step(direction: CardinalDirection) -> PlayKey {
    PlayKey::Act(PlayerAction::Move(direction))
}

/// Every key a player can use during play, in the order the help screen lists them. Shift and
/// an arrow arrive as the letter (`frontend::input_parser`), so they need no row of their own.
pub const BINDINGS: &[Binding] = &[
    Binding {
        label: "arrows, h j k l",
        help: "move; walk into an enemy to attack it",
        keys: &[
            (KeyboardInput::Up, step(North)),
            (KeyboardInput::Char('k'), step(North)),
            (KeyboardInput::Down, step(South)),
            (KeyboardInput::Char('j'), step(South)),
            (KeyboardInput::Left, step(West)),
            (KeyboardInput::Char('h'), step(West)),
            (KeyboardInput::Right, step(East)),
            (KeyboardInput::Char('l'), step(East)),
        ],
    },
    Binding {
        label: "H J K L, Shift+arrows",
        help: "run until something interesting",
        keys: &[
            (KeyboardInput::Char('K'), PlayKey::Run(North)),
            (KeyboardInput::Char('J'), PlayKey::Run(South)),
            (KeyboardInput::Char('H'), PlayKey::Run(West)),
            (KeyboardInput::Char('L'), PlayKey::Run(East)),
        ],
    },
    Binding {
        label: "space, .",
        help: "wait a turn",
        keys: &[
            (KeyboardInput::Char(' '), PlayKey::Act(PlayerAction::Wait)),
            (KeyboardInput::Char('.'), PlayKey::Act(PlayerAction::Wait)),
        ],
    },
    Binding {
        label: "Z, R",
        help: "rest until healed (or a while, unhurt)",
        keys: &[
            (KeyboardInput::Char('Z'), PlayKey::Rest),
            (KeyboardInput::Char('R'), PlayKey::Rest),
        ],
    },
    Binding {
        label: "s",
        help: "search the walls nearby for secret doors (one turn)",
        keys: &[(KeyboardInput::Char('s'), PlayKey::Act(PlayerAction::Search))],
    },
    Binding {
        label: "S",
        help: "search five turns, the fifth thoroughly",
        keys: &[(KeyboardInput::Char('S'), PlayKey::Search)],
    },
    Binding {
        label: "o",
        help: "explore until something comes into view",
        keys: &[(KeyboardInput::Char('o'), PlayKey::Explore)],
    },
    Binding {
        label: ">",
        help: "take the stairs down, or travel to them",
        keys: &[(KeyboardInput::Char('>'), PlayKey::Stairs)],
    },
    Binding {
        label: "x",
        help: "look around (Enter travels there, Esc leaves)",
        keys: &[(KeyboardInput::Char('x'), PlayKey::Look)],
    },
    Binding {
        label: "mouse",
        help: "point to look or aim, click to travel or fire",
        keys: &[],
    },
    Binding {
        label: "g ,",
        help: "pick up what lies here (walking over it does too)",
        keys: &[
            (KeyboardInput::Char('g'), PlayKey::Act(PlayerAction::PickUp)),
            (KeyboardInput::Char(','), PlayKey::Act(PlayerAction::PickUp)),
        ],
    },
    Binding {
        label: "i",
        help: "the pack: pick an item by letter, then what to do",
        keys: &[(KeyboardInput::Char('i'), PlayKey::Pack)],
    },
    Binding {
        label: "e",
        help: "wield a weapon or wear armour; again to put it away",
        keys: &[(KeyboardInput::Char('e'), PlayKey::Choose(Purpose::Equip))],
    },
    Binding {
        label: "d",
        help: "drink a potion",
        keys: &[(KeyboardInput::Char('d'), PlayKey::Choose(Purpose::Drink))],
    },
    Binding {
        label: "r",
        help: "read a scroll (aimed and unknown ones ask for a target)",
        keys: &[(KeyboardInput::Char('r'), PlayKey::Choose(Purpose::Read))],
    },
    Binding {
        label: "t",
        help: "throw: Tab/+/- picks a foe, Enter fires, Esc cancels",
        keys: &[(KeyboardInput::Char('t'), PlayKey::Choose(Purpose::Throw))],
    },
    Binding {
        label: "f",
        help: "throw again at the same target, while it is in view",
        keys: &[(KeyboardInput::Char('f'), PlayKey::FireAgain)],
    },
    Binding {
        label: "D",
        help: "drop an item",
        keys: &[(KeyboardInput::Char('D'), PlayKey::Choose(Purpose::Drop))],
    },
    Binding {
        label: "m",
        help: "show the full message log (arrows / j k / PgUp PgDn scroll)",
        keys: &[(KeyboardInput::Char('m'), PlayKey::Log)],
    },
    Binding {
        label: "?",
        help: "show this help",
        keys: &[(KeyboardInput::Char('?'), PlayKey::Help)],
    },
    Binding {
        label: "Esc",
        help: "open the menu: resume, new game, quit",
        keys: &[(keys::ESCAPE, PlayKey::Menu)],
    },
    Binding {
        label: "n",
        help: "new game, once the run is over",
        keys: &[(KeyboardInput::Char('n'), PlayKey::NewGame)],
    },
    Binding {
        label: "q",
        help: "quit",
        keys: &[(KeyboardInput::Char('q'), PlayKey::Quit)],
    },
];

/// What a key asks for during play, from [`BINDINGS`].
pub fn play_key(key: KeyboardInput) -> Option<PlayKey> {
    BINDINGS
        .iter()
        .flat_map(|binding| binding.keys)
        .find(|&&(bound, _)| bound == key)
        .map(|&(_, play_key)| play_key)
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

/// A movement key's direction, for moving the look cursor: the keys that step during play.
pub fn direction_key(key: KeyboardInput) -> Option<CardinalDirection> {
    match play_key(key)? {
        PlayKey::Act(PlayerAction::Move(direction)) => Some(direction),
        _ => None,
    }
}
