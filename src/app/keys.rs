//! Key bindings: every action a key can ask for, with its name in the keys file, its default
//! keys and its line of help. The keymap in use is `keymap::Keymap`.

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
    /// Show or hide the cells within the player's stealth range.
    Stealth,
}

/// What an item is chosen for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Wield or wear it, or put it away if it is in use.
    Equip,
    Drink,
    Read,
    /// Zap a staff or a wand.
    Zap,
    Throw,
    Drop,
}

impl Purpose {
    pub const ALL: [Self; 6] = [
        Self::Equip,
        Self::Drink,
        Self::Read,
        Self::Zap,
        Self::Throw,
        Self::Drop,
    ];

    pub fn verb(self) -> &'static str {
        match self {
            Self::Equip => "wield, wear or take off",
            Self::Drink => "drink",
            Self::Read => "read",
            Self::Zap => "zap",
            Self::Throw => "throw",
            Self::Drop => "drop",
        }
    }
}

/// One line of the help for keys that are not the player's to rebind (the debugging aids').
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    /// The keys as the help names them.
    pub label: &'static str,
    /// What they do, in the help's words.
    pub help: &'static str,
}

/// Everything a key can be bound to during play: a row of the keys file each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    MoveNorth,
    MoveSouth,
    MoveWest,
    MoveEast,
    RunNorth,
    RunSouth,
    RunWest,
    RunEast,
    Wait,
    Rest,
    SearchOnce,
    Search,
    Explore,
    Stairs,
    Look,
    Stealth,
    PickUp,
    Pack,
    Equip,
    Drink,
    Read,
    Zap,
    Throw,
    FireAgain,
    Drop,
    Log,
    Help,
    Menu,
    NewGame,
    Quit,
    // Outside play: in the lists and panels, the questions, the boons' offer.
    ListUp,
    ListDown,
    PageUp,
    PageDown,
    Choose,
    Close,
    Yes,
    No,
    Boon1,
    Boon2,
    Boon3,
}

use Action as A;
use KeyboardInput::Char;

/// Every action with its name in the keys file, its default keys and whether the game cannot
/// be played without a key for it (the moves, waiting, picking up, the pack, the stairs, help,
/// the menu and quitting); in the order the help and the keys file list them.
const ACTIONS: &[(Action, &str, &[KeyboardInput], bool)] = &[
    (
        A::MoveNorth,
        "move_north",
        &[KeyboardInput::Up, Char('k')],
        true,
    ),
    (
        A::MoveSouth,
        "move_south",
        &[KeyboardInput::Down, Char('j')],
        true,
    ),
    (
        A::MoveWest,
        "move_west",
        &[KeyboardInput::Left, Char('h')],
        true,
    ),
    (
        A::MoveEast,
        "move_east",
        &[KeyboardInput::Right, Char('l')],
        true,
    ),
    (A::RunNorth, "run_north", &[Char('K')], false),
    (A::RunSouth, "run_south", &[Char('J')], false),
    (A::RunWest, "run_west", &[Char('H')], false),
    (A::RunEast, "run_east", &[Char('L')], false),
    (A::Wait, "wait", &[Char(' '), Char('.')], true),
    (A::Rest, "rest", &[Char('Z'), Char('R')], false),
    (A::SearchOnce, "search", &[Char('s')], false),
    (A::Search, "search_longer", &[Char('S')], false),
    (A::Explore, "explore", &[Char('o')], false),
    (A::Stairs, "stairs", &[Char('>')], true),
    (A::Look, "look", &[Char('x')], false),
    (A::Stealth, "stealth", &[Char('c')], false),
    (A::PickUp, "pick_up", &[Char('g'), Char(',')], true),
    (A::Pack, "pack", &[Char('i')], true),
    (A::Equip, "equip", &[Char('e')], false),
    (A::Drink, "drink", &[Char('d')], false),
    (A::Read, "read", &[Char('r')], false),
    (A::Zap, "zap", &[Char('z')], false),
    (A::Throw, "throw", &[Char('t')], false),
    (A::FireAgain, "fire_again", &[Char('f')], false),
    (A::Drop, "drop", &[Char('D')], false),
    (A::Log, "messages", &[Char('m')], false),
    (A::Help, "help", &[Char('?')], true),
    (A::Menu, "menu", &[keys::ESCAPE], true),
    (A::NewGame, "new_game", &[Char('n')], false),
    (A::Quit, "quit", &[Char('q')], true),
    (A::ListUp, "list_up", &[KeyboardInput::Up, Char('k')], true),
    (
        A::ListDown,
        "list_down",
        &[KeyboardInput::Down, Char('j')],
        true,
    ),
    (A::PageUp, "page_up", &[KeyboardInput::PageUp], false),
    (A::PageDown, "page_down", &[KeyboardInput::PageDown], false),
    (A::Choose, "choose", &[keys::RETURN, Char(' ')], true),
    (
        A::Close,
        "close",
        &[keys::ESCAPE, Char('q'), Char('m'), Char('?')],
        true,
    ),
    (A::Yes, "yes", &[Char('y'), Char('Y')], true),
    (A::No, "no", &[Char('n'), Char('N')], true),
    (A::Boon1, "boon_1", &[Char('1')], true),
    (A::Boon2, "boon_2", &[Char('2')], true),
    (A::Boon3, "boon_3", &[Char('3')], true),
];

/// The boons' keys, in the offer's order.
pub const BOON_KEYS: [Action; 3] = [A::Boon1, A::Boon2, A::Boon3];

/// The help's lines: the actions each names, and what they do in the help's words.
const HELP: &[(&[Action], &str)] = &[
    (
        &[A::MoveNorth, A::MoveSouth, A::MoveWest, A::MoveEast],
        "move; walk into an enemy to attack it",
    ),
    (
        &[A::RunNorth, A::RunSouth, A::RunWest, A::RunEast],
        "run until something interesting (Shift+arrows too)",
    ),
    (&[A::Wait], "wait a turn"),
    (&[A::Rest], "rest until healed (or a while, unhurt)"),
    (
        &[A::SearchOnce],
        "search nearby for secret doors and hidden traps (one turn)",
    ),
    (&[A::Search], "search five turns, the fifth thoroughly"),
    (&[A::Explore], "explore until something comes into view"),
    (&[A::Stairs], "take the stairs down, or travel to them"),
    (&[A::Look], "look around (Enter travels there, Esc leaves)"),
    (
        &[A::Stealth],
        "show how near a monster must come to notice you (again: hide it)",
    ),
    (&[], "point to look or aim, click to travel or fire"),
    (
        &[A::PickUp],
        "pick up what lies here (walking over it does too, but for an altar's)",
    ),
    (
        &[A::Pack],
        "the pack: pick an item by letter, then what to do",
    ),
    (
        &[A::Equip],
        "wield a weapon, wear armour or a ring; again to take it off",
    ),
    (&[A::Drink], "drink a potion"),
    (
        &[A::Read],
        "read a scroll (aimed and unknown ones ask for a target)",
    ),
    (
        &[A::Zap],
        "zap a staff or wand (aimed ones ask for a target)",
    ),
    (
        &[A::Throw],
        "throw: Tab/+/- picks a foe, Enter fires, Esc cancels",
    ),
    (
        &[A::FireAgain],
        "throw again at the same target, while it is in view",
    ),
    (&[A::Drop], "drop an item"),
    (
        &[A::ListUp, A::ListDown, A::PageUp, A::PageDown],
        "in a list or panel: move the choice or scroll",
    ),
    (&[A::Choose, A::Close], "in a list or panel: choose, close"),
    (
        &[A::Yes, A::No, A::Boon1, A::Boon2, A::Boon3],
        "answer yes or no; choose a boon",
    ),
    (
        &[A::Log],
        "show the full message log (arrows / j k / PgUp PgDn scroll)",
    ),
    (&[A::Help], "show this help"),
    (&[A::Menu], "open the menu: resume, new game, quit"),
    (&[A::NewGame], "new game, once the run is over"),
    (&[A::Quit], "quit"),
];

impl Action {
    pub fn all() -> impl Iterator<Item = Action> {
        ACTIONS.iter().map(|&(action, ..)| action)
    }

    fn row(self) -> &'static (Action, &'static str, &'static [KeyboardInput], bool) {
        ACTIONS
            .iter()
            .find(|(action, ..)| *action == self)
            .expect("every action has a row")
    }

    /// Its name in the keys file.
    pub fn name(self) -> &'static str {
        self.row().1
    }

    pub fn from_name(name: &str) -> Option<Action> {
        Self::all().find(|action| action.name() == name)
    }

    /// Whether the game cannot be played with no key for it.
    pub fn is_needed(self) -> bool {
        self.row().3
    }

    /// The keys it has unless a keys file says otherwise.
    pub fn default_keys(self) -> &'static [KeyboardInput] {
        self.row().2
    }

    /// The help's lines: the actions each names (none: the mouse's line) and what they do.
    pub fn help_lines() -> &'static [(&'static [Action], &'static str)] {
        HELP
    }

    /// What it does, in the keys file's comment above it: the help's words, with the
    /// direction for the moves and runs that share a line of help.
    pub fn comment(self) -> String {
        let direction = match self {
            A::MoveNorth | A::RunNorth => "north",
            A::MoveSouth | A::RunSouth => "south",
            A::MoveWest | A::RunWest => "west",
            A::MoveEast | A::RunEast => "east",
            _ => return self.help().to_string(),
        };
        match self.play_key() {
            Some(PlayKey::Run(_)) => format!("run {direction} until something interesting"),
            _ => format!("move {direction}; walk into an enemy to attack it"),
        }
    }

    /// What the help says it does.
    pub fn help(self) -> &'static str {
        HELP.iter()
            .find(|(actions, _)| actions.contains(&self))
            .map_or("", |(_, help)| help)
    }

    /// Whether it is a key outside play (lists, panels, questions, boons), bound apart from
    /// the keys of play: a key may ask for one of each.
    pub fn is_outside_play(self) -> bool {
        self.play_key().is_none()
    }

    /// What it asks for during play; None for a key outside play.
    pub fn play_key(self) -> Option<PlayKey> {
        Some(match self {
            A::MoveNorth => step(North),
            A::MoveSouth => step(South),
            A::MoveWest => step(West),
            A::MoveEast => step(East),
            A::RunNorth => PlayKey::Run(North),
            A::RunSouth => PlayKey::Run(South),
            A::RunWest => PlayKey::Run(West),
            A::RunEast => PlayKey::Run(East),
            A::Wait => PlayKey::Act(PlayerAction::Wait),
            A::Rest => PlayKey::Rest,
            A::SearchOnce => PlayKey::Act(PlayerAction::Search),
            A::Search => PlayKey::Search,
            A::Explore => PlayKey::Explore,
            A::Stairs => PlayKey::Stairs,
            A::Look => PlayKey::Look,
            A::Stealth => PlayKey::Stealth,
            A::PickUp => PlayKey::Act(PlayerAction::PickUp),
            A::Pack => PlayKey::Pack,
            A::Equip => PlayKey::Choose(Purpose::Equip),
            A::Drink => PlayKey::Choose(Purpose::Drink),
            A::Read => PlayKey::Choose(Purpose::Read),
            A::Zap => PlayKey::Choose(Purpose::Zap),
            A::Throw => PlayKey::Choose(Purpose::Throw),
            A::FireAgain => PlayKey::FireAgain,
            A::Drop => PlayKey::Choose(Purpose::Drop),
            A::Log => PlayKey::Log,
            A::Help => PlayKey::Help,
            A::Menu => PlayKey::Menu,
            A::NewGame => PlayKey::NewGame,
            A::Quit => PlayKey::Quit,
            A::ListUp
            | A::ListDown
            | A::PageUp
            | A::PageDown
            | A::Choose
            | A::Close
            | A::Yes
            | A::No
            | A::Boon1
            | A::Boon2
            | A::Boon3 => return None,
        })
    }

    /// What it asks for in a list or panel.
    pub fn list_key(self) -> Option<ListKey> {
        Some(match self {
            A::ListUp => ListKey::Up,
            A::ListDown => ListKey::Down,
            A::PageUp => ListKey::PageUp,
            A::PageDown => ListKey::PageDown,
            A::Choose => ListKey::Choose,
            A::Close => ListKey::Close,
            _ => return None,
        })
    }
}

const fn step(direction: CardinalDirection) -> PlayKey {
    PlayKey::Act(PlayerAction::Move(direction))
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
