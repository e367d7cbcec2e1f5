//! The dungeon's own events: doors and keys, vaults, traps and machines, chasms, stairs and
//! boons.

use coord_2d::ICoord;

use super::{Actor, GameEvent};
use crate::content::{FeatureKind, Ground, MachineKind};
use crate::game::{Boon, ItemName};

/// How the player came to fall to the next depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fall {
    /// Into a chasm, on purpose.
    Jumped,
    /// Through a trapdoor stepped onto.
    Trapdoor,
    /// The ground went from under it: a bridge burnt away, a ledge crumbled into the chasm.
    GroundGaveWay,
    /// A levitation ended over a chasm.
    StoppedFloating,
}

/// The dungeon itself: doors and keys, vaults, chasms, stairs and boons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DungeonEvent {
    /// The player chose a boon; `hit_points` is what a vigour gave (0 for any other).
    Chose { boon: Boon, hit_points: u32 },
    /// The player tried to act while boons wait for a choice; no time passed.
    ChooseABoonFirst,
    /// A search (or a glance) found a secret door: it is a door now.
    FoundSecretDoor { at: ICoord },
    /// A search (or a glance) found a hidden trap: it shows as the trap it is now.
    FoundTrap { at: ICoord, trap: Ground },
    /// A search (or a glance) found a lever hidden in the wall: it can be pulled now.
    FoundLever { at: ICoord },
    /// A trap's plate went off at `at` under `who` (none: an item landed on it), letting loose
    /// its feature. A hidden one is found by it.
    TrapSprung {
        at: ICoord,
        trap: Ground,
        who: Option<Actor>,
    },
    /// A machine went off at `at` (the cell that set it off), for the first time if `first`.
    MachineSetOff {
        machine: MachineKind,
        at: ICoord,
        first: bool,
    },
    /// A machine let loose a feature at `at` (a torch fell, a vent opened).
    FeatureLetLoose { feature: FeatureKind, at: ICoord },
    /// The player stands on a machine's altar: what lies there is not taken by walking over
    /// it, as lifting it sets the machine off.
    SwitchHolds { item: ItemName },
    /// The player pulled a lever.
    LeverPulled { at: ICoord },
    /// A monster fell through a trapdoor: lost to the level. (The player's fall is
    /// `FellIntoChasm`.)
    FellThrough { who: Actor },
    /// The player fell to the next depth, `how`, and the fall cost it this many hit points;
    /// `Descended` follows.
    FellIntoChasm { damage: u32, how: Fall },
    /// The player walked into a locked door without its key; no time passed.
    DoorLocked,
    /// The player walked into water too deep to wade (what an eel hides in); no time passed.
    TooDeep,
    /// The player waded into something unseen under a flood's water, in its way: the step
    /// took the turn.
    SomethingUnderWater,
    /// The player opened a locked door with its key, which is used up.
    Unlocked,
    /// The player's key crumbled as it left the level it belongs to.
    KeyCrumbled,
    /// The player saw one of a reward room's altars, or a cell of a lair, for the first time
    /// (a library names what lies on its altars, `Identified` following).
    RoomSeen { room: MachineKind },
    /// The player took an item from an altar and cages closed over the vault's other altars.
    Caged { altars: u32 },
    /// The player put the item back on its altar and the cages over the others opened.
    Uncaged { altars: u32 },
    /// A commutation's altars flared: the items on them traded their enchanting.
    Commuted { first: ItemName, second: ItemName },
    /// A commutation's altars flared on nothing to trade: not two items that take enchanting.
    NothingCommuted,
    /// The player stands on an altar whose item is not taken by walking over it: picking it
    /// up is the player's choice, as it closes the other cages.
    AltarHolds { item: ItemName },
    /// The player took the stairs and arrived on this depth.
    Descended { depth: u32 },
    /// The player asked for something the game could not do; no time passed.
    NoStairsHere,
    /// A band arrived on the level, out of the player's sight (see `game/arrivals.rs`).
    SomethingArrived,
}

impl From<DungeonEvent> for GameEvent {
    fn from(event: DungeonEvent) -> Self {
        Self::Dungeon(event)
    }
}
