//! What the player sends and starts a game with: the options, the actions (a step, a wait, an
//! item used, a boon chosen, a wizard's command), each recorded in the journal and replayed.
//! The events of a turn name some of these; nothing here names an event.

use coord_2d::{ICoord, UCoord};
use direction::CardinalDirection;
use serde::{Deserialize, Serialize};

use crate::visibility::Omniscience;

/// The default map fits a 100×40 terminal with room below it for the status line and messages.
pub const DEFAULT_MAP_SIZE: UCoord = UCoord::new_u16(80, 30);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
    pub map_size: UCoord,
    pub omniscience: Omniscience,
}

impl Default for GameOptions {
    fn default() -> Self {
        Self {
            map_size: DEFAULT_MAP_SIZE,
            omniscience: Omniscience::Off,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerAction {
    Move(CardinalDirection),
    Wait,
    /// Take the stairs down; only on the stairs.
    Descend,
    /// Take what lies underfoot into the pack.
    PickUp,
    /// Spend a turn searching the walls in view nearby for secret doors.
    Search,
    /// Free the captive standing that way: it fights at the player's side from now on.
    Free(CardinalDirection),
    /// Put down the whole stack under a letter (slot 0 is `a`).
    Drop {
        slot: u8,
    },
    /// Use one item of the stack under a letter as it is meant to be used, at a cell if it is
    /// aimed: drink a potion, read a scroll, zap a staff or wand, throw a dart; wield or wear
    /// it, or put it away.
    Use {
        slot: u8,
        at: Option<ICoord>,
    },
    /// Throw one item of the stack under a letter at a cell: a dart flies at what stands there,
    /// a potion shatters where it lands.
    Throw {
        slot: u8,
        at: ICoord,
    },
    /// Use one item of the stack under a letter on the item under another: a scroll of
    /// enchanting on what it enchants.
    UseOn {
        slot: u8,
        on: u8,
    },
    /// Take one of the boons offered on reaching a new depth (0 is the first); takes no time.
    Choose {
        boon: u8,
    },
    /// A wizard's shortcut (see [`WizardCommand`]); marks the run a wizard run.
    Wizard(WizardCommand),
}

/// What the wizard asks for. Kinds are their places in the tables (as the journal keeps them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WizardCommand {
    /// Down to the next depth from anywhere, as if by the stairs.
    Descend,
    /// Stand at once on an open, empty cell.
    Teleport { to: ICoord },
    /// A monster of the bestiary's `kind`-th row, awake, on an open, empty cell.
    Spawn { kind: u8, at: ICoord },
    /// The same, on the player's side: an ally following the player.
    SpawnAlly { kind: u8, at: ICoord },
    /// One item of the item table's `kind`-th row into the pack.
    Give { kind: u8 },
    /// Back to full hit points.
    Heal,
    /// Remember the whole level as it is now.
    Reveal,
    /// Every monster the player sees falls asleep.
    SleepInView,
    /// Every cell of the level lit until the player leaves it (again: its own light back).
    LightLevel,
    /// No light on the level but the player's own until it leaves (again: its own light back).
    DarkenLevel,
    /// Fire on a cell (and on whoever stands there), as a fireball would set it.
    SetFire { at: ICoord },
    /// A cloud of the gas table's `kind`-th row let out on a cell.
    ReleaseGas { kind: u8, at: ICoord },
    /// The machine a cell belongs to set off, as its altar's lifted key or its lever would.
    SetOffMachine { at: ICoord },
}

impl PlayerAction {
    pub fn is_wizardry(self) -> bool {
        matches!(self, Self::Wizard(_))
    }
}

/// What the player can grow in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Boon {
    /// More hit points ([`balance::VIGOUR_HIT_POINTS`](crate::balance::VIGOUR_HIT_POINTS)).
    Vigour,
    /// Harder blows ([`balance::MIGHT_DAMAGE`](crate::balance::MIGHT_DAMAGE)).
    Might,
    /// Surer blows ([`balance::PRECISION_MISSES_LEFT`](crate::balance::PRECISION_MISSES_LEFT)).
    Precision,
    /// Quicker steps ([`balance::SWIFTNESS_STEP_TIME`](crate::balance::SWIFTNESS_STEP_TIME)).
    Swiftness,
    /// Quicker healing ([`balance::RECOVERY_TURNS`](crate::balance::RECOVERY_TURNS)).
    Recovery,
}

impl Boon {
    pub const ALL: [Self; 5] = [
        Self::Vigour,
        Self::Might,
        Self::Precision,
        Self::Swiftness,
        Self::Recovery,
    ];
}
