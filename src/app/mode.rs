//! What is on screen besides the map, and what each screen is at: the app's modes, the pause
//! menu's and the title screen's items, the wizard's steps. Every screen's code reads and sets
//! these; none of them is a screen's own.

use chargrid::core::ICoord;
use direction::CardinalDirection;

use super::keys;
use umbra_rules::game::Game;

/// What is on screen besides the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Play,
    Menu {
        selected: MenuItem,
    },
    /// The keys; `scroll` counts lines hidden above when the screen is short.
    Help {
        scroll: usize,
    },
    /// The look cursor on a cell of the map.
    Look {
        cursor: ICoord,
    },
    /// The full log; `scroll` counts messages hidden below the bottom line.
    Log {
        scroll: usize,
    },
    /// Asks before the living game is thrown away for a new one (with this seed, if the
    /// command line named one).
    ConfirmAbandon {
        seed: Option<u64>,
    },
    /// Asks before the player walks into a chasm, this way.
    ConfirmJump {
        direction: CardinalDirection,
    },
    /// Asks before the player steps onto a trap it knows of, this way.
    ConfirmTrap {
        direction: CardinalDirection,
    },
    /// Asks whether to free the captive standing this way.
    ConfirmFree {
        direction: CardinalDirection,
    },
    /// The pack listed; a letter picks an item, for `purpose` when a direct key opened it, and
    /// so does Enter the row the arrows have moved `cursor` to (0: the first listed).
    Pack {
        purpose: Option<keys::Purpose>,
        cursor: usize,
    },
    /// The pack listed for the scroll of enchanting under `scroll`: a letter picks what it
    /// enchants.
    Enchant {
        scroll: u8,
    },
    /// One item's panel: what it is and what can be done with it.
    Item {
        slot: u8,
    },
    /// Aiming the item under `slot` at the cell under `cursor`.
    Aim {
        slot: u8,
        cursor: ICoord,
    },
    /// The title screen, where quitting leads when the app is told there is nowhere to quit to.
    Title {
        selected: TitleItem,
    },
    /// The wizard's commands, asked for step by step.
    Wizard(Step),
}

/// What the pause menu offers, in the order it lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuItem {
    Resume,
    NewGame,
    Quit,
}

impl MenuItem {
    pub const ALL: [Self; 3] = [Self::Resume, Self::NewGame, Self::Quit];

    pub fn label(self) -> &'static str {
        match self {
            Self::Resume => "Resume",
            Self::NewGame => "New game",
            Self::Quit => "Quit",
        }
    }

    fn index(self) -> usize {
        Self::ALL.iter().position(|&item| item == self).unwrap_or(0)
    }

    /// The item below, wrapping round to the top.
    pub fn next(self) -> Self {
        Self::ALL[(self.index() + 1) % Self::ALL.len()]
    }

    /// The item above, wrapping round to the bottom.
    pub fn previous(self) -> Self {
        Self::ALL[(self.index() + Self::ALL.len() - 1) % Self::ALL.len()]
    }
}

/// What the title screen offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TitleItem {
    /// Back to the living game, as it was left.
    Continue,
    NewGame,
}

impl TitleItem {
    /// The items for this game, in order: nothing to continue once a run is over.
    pub fn all(game: &Game) -> &'static [Self] {
        if game.is_over() {
            &[Self::NewGame]
        } else {
            &[Self::Continue, Self::NewGame]
        }
    }

    pub fn label(self, game: &Game) -> String {
        match self {
            Self::Continue => format!("Continue (depth {}, turn {})", game.depth(), game.turn()),
            Self::NewGame => "New game".to_string(),
        }
    }

    /// The first item: continuing, when there is a game to continue.
    pub fn first(game: &Game) -> Self {
        Self::all(game)[0]
    }

    pub fn step(self, game: &Game, by: usize) -> Self {
        let items = Self::all(game);
        let at = items.iter().position(|&item| item == self).unwrap_or(0);
        items[(at + by) % items.len()]
    }
}

/// Where the wizard is in asking for a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The list of commands.
    Commands,
    /// Which monster to spawn, and whether on the player's side.
    Monsters { ally: bool },
    /// Which item to give.
    Items,
    /// Which gas to let out.
    Gases,
    /// A cell for a command, under the cursor.
    Cell {
        purpose: CellPurpose,
        cursor: ICoord,
    },
}

/// What the cell is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellPurpose {
    Teleport,
    /// A monster of the bestiary's row.
    Spawn(u8),
    /// An ally of the bestiary's row.
    SpawnAlly(u8),
    Fire,
    /// A gas of the gas table's row.
    Gas(u8),
    Machine,
}
