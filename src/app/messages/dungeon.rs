//! The dungeon itself in words: doors and keys, vaults, chasms, stairs and boons. Every event has
//! its arm, none a catch-all: a new kind does not compile until the log says something of it
//! (`super::describe`).

use super::super::words::{Tone, capitalised};
use super::super::{item_messages as items, looks};
use umbra_rules::game::{Actor, DungeonEvent, FINAL_DEPTH, Fall, Ground};

/// One event in plain words (see [`super::describe`]).
pub fn describe(event: DungeonEvent) -> String {
    match event {
        DungeonEvent::Descended { depth } if depth >= FINAL_DEPTH => format!(
            "You descend to depth {depth}, the bottom. {} is somewhere on this level.",
            capitalised(&looks::prize())
        ),
        DungeonEvent::Descended { depth } => {
            format!("You descend to depth {depth}.")
        }
        DungeonEvent::NoStairsHere => "There are no stairs down here.".to_string(),
        DungeonEvent::DoorLocked => {
            "The door is locked. Its key lies somewhere on this level.".to_string()
        }
        DungeonEvent::TooDeep => "The water is too deep to wade.".to_string(),
        DungeonEvent::SomethingUnderWater => {
            "Something moves under the water, in your way.".to_string()
        }
        DungeonEvent::Unlocked => "You unlock the door; the key stays in the lock.".to_string(),
        DungeonEvent::KeyCrumbled => {
            "Your key crumbles to dust as you leave its level.".to_string()
        }
        DungeonEvent::Caged { altars: 1 } => "A cage closes over the other altar.".to_string(),
        DungeonEvent::Caged { .. } => "Cages close over the other altars.".to_string(),
        DungeonEvent::Uncaged { altars: 1 } => {
            "You put it back; the cage over the other altar opens.".to_string()
        }
        DungeonEvent::Uncaged { .. } => {
            "You put it back; the cages over the other altars open.".to_string()
        }
        DungeonEvent::Commuted { first, second } => format!(
            "The altars flare: {} and {} trade their enchantments.",
            super::super::item_names::item_words(first, 1),
            super::super::item_names::item_words(second, 1)
        ),
        DungeonEvent::NothingCommuted => {
            "The altars flare and fade: nothing on them to trade an enchantment.".to_string()
        }
        DungeonEvent::AltarHolds { item } => format!(
            "On the altar lies {}. Pick it up to take it: cages will close over the others.",
            super::super::item_names::item_words(item, 1)
        ),
        DungeonEvent::FellIntoChasm { damage, how } => fell(how, damage),
        DungeonEvent::FoundSecretDoor { .. } => "You find a secret door!".to_string(),
        DungeonEvent::FoundLever { .. } => "You find a lever hidden in the wall!".to_string(),
        DungeonEvent::FoundTrap { trap, .. } => {
            format!("You find {}!", looks::ground_name(trap))
        }
        DungeonEvent::TrapSprung { trap, who, .. } => sprung(trap, who),
        DungeonEvent::MachineSetOff {
            machine,
            first: true,
            ..
        } => {
            let look = looks::machine(machine);
            look.set_off.as_ref().unwrap_or(&look.message).clone()
        }
        DungeonEvent::MachineSetOff { first: false, .. } => {
            "Something grinds in the walls.".to_string()
        }
        DungeonEvent::FeatureLetLoose { feature, .. } => looks::feature(feature).message.clone(),
        DungeonEvent::RoomSeen { room } => looks::machine(room).message.clone(),
        DungeonEvent::SwitchHolds { item } => format!(
            "On the altar lies {}. It sits on a switch: lifting it will set something off.",
            super::super::item_names::item_words(item, 1)
        ),
        DungeonEvent::LeverPulled { .. } => "You pull the lever.".to_string(),
        DungeonEvent::FellThrough { who } => {
            format!("{} falls through the floor.", super::grammar::subject(who))
        }
        DungeonEvent::Chose { boon, hit_points } => items::chose(boon, hit_points),
        DungeonEvent::ChooseABoonFirst => "Choose a boon first.".to_string(),
        DungeonEvent::SomethingArrived => {
            "Somewhere on this level, something new is on the prowl.".to_string()
        }
    }
}

/// How the event reads (see `super::tone`).
pub(super) fn tone(event: DungeonEvent) -> Tone {
    match event {
        DungeonEvent::Chose { .. } => Tone::Good,
        DungeonEvent::SomethingArrived => Tone::Normal,
        DungeonEvent::Descended { .. }
        | DungeonEvent::NoStairsHere
        | DungeonEvent::DoorLocked
        | DungeonEvent::TooDeep
        | DungeonEvent::SomethingUnderWater
        | DungeonEvent::Unlocked
        | DungeonEvent::KeyCrumbled
        | DungeonEvent::Caged { .. }
        | DungeonEvent::Uncaged { .. }
        | DungeonEvent::RoomSeen { .. }
        | DungeonEvent::AltarHolds { .. }
        | DungeonEvent::Commuted { .. }
        | DungeonEvent::NothingCommuted
        | DungeonEvent::FellIntoChasm { .. }
        | DungeonEvent::FoundSecretDoor { .. }
        | DungeonEvent::FoundTrap { .. }
        | DungeonEvent::FoundLever { .. }
        | DungeonEvent::FellThrough { .. }
        | DungeonEvent::SwitchHolds { .. }
        | DungeonEvent::LeverPulled { .. }
        | DungeonEvent::ChooseABoonFirst => Tone::Normal,
        DungeonEvent::TrapSprung { .. }
        | DungeonEvent::MachineSetOff { .. }
        | DungeonEvent::FeatureLetLoose { .. } => Tone::Danger,
    }
}

/// A trap going off: who trod on it (or that something landed on it), then what it let loose.
fn sprung(trap: Ground, who: Option<Actor>) -> String {
    let what = trap
        .rules()
        .pressure_plate
        .map_or("", |feature| looks::feature(feature).message.as_str());
    let name = looks::ground_name(trap);
    let cause = match who {
        Some(Actor::Player) => format!("You step on {name}."),
        Some(who) => format!("{} steps on {name}.", super::grammar::subject(who)),
        None => format!("Something lands on {name}."),
    };
    format!("{cause} {what}")
}

/// A fall to the next depth, told by how it came about (a jump is the player's choice; the rest
/// happen to it).
fn fell(how: Fall, damage: u32) -> String {
    let fall = match how {
        Fall::Jumped => "You jump into the chasm",
        Fall::Trapdoor => "You fall through it",
        Fall::GroundGaveWay => "The ground gives way beneath you! You fall",
        Fall::StoppedFloating => "You float no longer! You fall into the chasm",
    };
    match damage {
        0 => format!("{fall} and land unhurt on the level below."),
        _ => format!("{fall} and land hard on the level below ({damage} damage)."),
    }
}
