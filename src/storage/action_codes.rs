//! How each player action is written in a journal record: a code, then what the action names
//! (a slot, a cell, a direction), if anything. The codes are part of the file format.

use coord_2d::ICoord;
use direction::CardinalDirection;

use umbra_rules::game::{PlayerAction, WizardCommand};

/// What follows an action's code in its record.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Payload {
    bytes: [u8; 9],
    len: usize,
}

impl Payload {
    pub(super) fn as_slice(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    fn slot(slot: u8) -> Self {
        let mut bytes = [0; 9];
        bytes[0] = slot;
        Self { bytes, len: 1 }
    }

    fn two_slots(slot: u8, on: u8) -> Self {
        let mut bytes = [0; 9];
        bytes[0] = slot;
        bytes[1] = on;
        Self { bytes, len: 2 }
    }

    fn slot_at(slot: u8, at: ICoord) -> Self {
        let mut bytes = [0; 9];
        bytes[0] = slot;
        bytes[1..5].copy_from_slice(&at.x.to_le_bytes());
        bytes[5..9].copy_from_slice(&at.y.to_le_bytes());
        Self { bytes, len: 9 }
    }
}

/// Codes are part of the file format: never renumber them (6, drinking the first potion, was
/// retired with the pack).
const PICK_UP: u8 = 7;
/// Followed by the slot.
const DROP: u8 = 8;
/// Followed by the slot.
const USE: u8 = 9;
/// Followed by the slot and the target cell's x and y (little-endian i32s).
const USE_AT: u8 = 10;
/// Followed by which of the offered boons (0 to 2).
const CHOOSE: u8 = 11;
/// Wizard commands: descend, heal, reveal the level, put the NPCs in view to sleep.
const WIZARD_DESCEND: u8 = 12;
const WIZARD_HEAL: u8 = 13;
const WIZARD_REVEAL: u8 = 14;
const WIZARD_SLEEP: u8 = 15;
/// Followed by a byte (unused, 0) and the cell's x and y, as [`USE_AT`].
const WIZARD_TELEPORT: u8 = 16;
/// Followed by the bestiary row and the cell's x and y, as [`USE_AT`].
const WIZARD_SPAWN: u8 = 17;
/// Followed by the item table row.
const WIZARD_GIVE: u8 = 18;
/// A turn spent searching for secret doors.
const SEARCH: u8 = 19;
/// Freeing a captive; followed by the direction it stands in (0 north, 1 east, 2 south, 3
/// west, as the moves' codes).
const FREE: u8 = 20;
/// A wizard's ally; followed by the bestiary row and the cell, as [`WIZARD_SPAWN`].
const WIZARD_SPAWN_ALLY: u8 = 21;
/// A wizard lights the level, or darkens it.
const WIZARD_LIGHT: u8 = 22;
const WIZARD_DARKEN: u8 = 23;
/// A wizard's fire; followed by a byte (unused, 0) and the cell, as [`USE_AT`].
const WIZARD_FIRE: u8 = 24;
/// A wizard's gas; followed by the gas table row and the cell, as [`USE_AT`].
const WIZARD_GAS: u8 = 25;
/// One item used on another (a scroll of enchanting on what it enchants); followed by the two
/// slots.
const USE_ON: u8 = 26;
/// One item thrown (rules version 26 on; before it a potion was thrown by `USE_AT`, and those
/// recordings are refused as other rules); followed by the slot and the cell, as [`USE_AT`].
const THROW: u8 = 27;
/// A wizard sets off a machine; followed by a byte (unused, 0) and a cell of it, as [`USE_AT`].
const WIZARD_MACHINE: u8 = 28;

/// Ends a file written whole; followed by the number of actions before it (a little-endian u64).
pub(super) const END: u8 = 255;
/// Not an action: the state hash of the game after the actions before it, written when a
/// snapshot is taken (journal format 6), so a snapshot is used only if its state is the one
/// the journal says the game reached there. Followed by the hash.
pub(super) const CHECKPOINT: u8 = 254;

pub(super) fn payload_len(code: u8) -> usize {
    match code {
        DROP | USE | CHOOSE | WIZARD_GIVE | FREE => 1,
        USE_ON => 2,
        USE_AT | THROW | WIZARD_TELEPORT | WIZARD_SPAWN | WIZARD_SPAWN_ALLY | WIZARD_FIRE
        | WIZARD_GAS | WIZARD_MACHINE => 9,
        END => 8,
        CHECKPOINT => 4,
        _ => 0,
    }
}

pub(super) fn action_code(action: PlayerAction) -> (u8, Payload) {
    let none = Payload::default();
    match action {
        PlayerAction::Move(CardinalDirection::North) => (0, none),
        PlayerAction::Move(CardinalDirection::East) => (1, none),
        PlayerAction::Move(CardinalDirection::South) => (2, none),
        PlayerAction::Move(CardinalDirection::West) => (3, none),
        PlayerAction::Wait => (4, none),
        PlayerAction::Descend => (5, none),
        PlayerAction::PickUp => (PICK_UP, none),
        PlayerAction::Search => (SEARCH, none),
        PlayerAction::Free(direction) => (FREE, Payload::slot(direction_code(direction))),
        PlayerAction::Drop { slot } => (DROP, Payload::slot(slot)),
        PlayerAction::Use { slot, at: None } => (USE, Payload::slot(slot)),
        PlayerAction::Use { slot, at: Some(at) } => (USE_AT, Payload::slot_at(slot, at)),
        PlayerAction::UseOn { slot, on } => (USE_ON, Payload::two_slots(slot, on)),
        PlayerAction::Throw { slot, at } => (THROW, Payload::slot_at(slot, at)),
        PlayerAction::Choose { boon } => (CHOOSE, Payload::slot(boon)),
        PlayerAction::Wizard(command) => wizard_code(command),
    }
}

fn wizard_code(command: WizardCommand) -> (u8, Payload) {
    let none = Payload::default();
    match command {
        WizardCommand::Descend => (WIZARD_DESCEND, none),
        WizardCommand::Heal => (WIZARD_HEAL, none),
        WizardCommand::Reveal => (WIZARD_REVEAL, none),
        WizardCommand::SleepInView => (WIZARD_SLEEP, none),
        WizardCommand::LightLevel => (WIZARD_LIGHT, none),
        WizardCommand::DarkenLevel => (WIZARD_DARKEN, none),
        WizardCommand::Teleport { to } => (WIZARD_TELEPORT, Payload::slot_at(0, to)),
        WizardCommand::Spawn { kind, at } => (WIZARD_SPAWN, Payload::slot_at(kind, at)),
        WizardCommand::SpawnAlly { kind, at } => (WIZARD_SPAWN_ALLY, Payload::slot_at(kind, at)),
        WizardCommand::Give { kind } => (WIZARD_GIVE, Payload::slot(kind)),
        WizardCommand::SetFire { at } => (WIZARD_FIRE, Payload::slot_at(0, at)),
        WizardCommand::ReleaseGas { kind, at } => (WIZARD_GAS, Payload::slot_at(kind, at)),
        WizardCommand::SetOffMachine { at } => (WIZARD_MACHINE, Payload::slot_at(0, at)),
    }
}

pub(super) fn action_from_code(code: u8, payload: &[u8]) -> Option<PlayerAction> {
    let slot = payload.first().copied();
    let coord = |from: usize| {
        Some(i32::from_le_bytes(
            payload.get(from..from + 4)?.try_into().ok()?,
        ))
    };
    Some(match code {
        0 => PlayerAction::Move(CardinalDirection::North),
        1 => PlayerAction::Move(CardinalDirection::East),
        2 => PlayerAction::Move(CardinalDirection::South),
        3 => PlayerAction::Move(CardinalDirection::West),
        4 => PlayerAction::Wait,
        5 => PlayerAction::Descend,
        PICK_UP => PlayerAction::PickUp,
        SEARCH => PlayerAction::Search,
        FREE => PlayerAction::Free(direction_from_code(slot?)?),
        DROP => PlayerAction::Drop { slot: slot? },
        USE => PlayerAction::Use {
            slot: slot?,
            at: None,
        },
        USE_AT => PlayerAction::Use {
            slot: slot?,
            at: Some(ICoord::new(coord(1)?, coord(5)?)),
        },
        USE_ON => PlayerAction::UseOn {
            slot: slot?,
            on: *payload.get(1)?,
        },
        THROW => PlayerAction::Throw {
            slot: slot?,
            at: ICoord::new(coord(1)?, coord(5)?),
        },
        CHOOSE => PlayerAction::Choose { boon: slot? },
        WIZARD_DESCEND => PlayerAction::Wizard(WizardCommand::Descend),
        WIZARD_HEAL => PlayerAction::Wizard(WizardCommand::Heal),
        WIZARD_REVEAL => PlayerAction::Wizard(WizardCommand::Reveal),
        WIZARD_SLEEP => PlayerAction::Wizard(WizardCommand::SleepInView),
        WIZARD_LIGHT => PlayerAction::Wizard(WizardCommand::LightLevel),
        WIZARD_DARKEN => PlayerAction::Wizard(WizardCommand::DarkenLevel),
        WIZARD_TELEPORT => PlayerAction::Wizard(WizardCommand::Teleport {
            to: ICoord::new(coord(1)?, coord(5)?),
        }),
        WIZARD_SPAWN => PlayerAction::Wizard(WizardCommand::Spawn {
            kind: slot?,
            at: ICoord::new(coord(1)?, coord(5)?),
        }),
        WIZARD_SPAWN_ALLY => PlayerAction::Wizard(WizardCommand::SpawnAlly {
            kind: slot?,
            at: ICoord::new(coord(1)?, coord(5)?),
        }),
        WIZARD_GIVE => PlayerAction::Wizard(WizardCommand::Give { kind: slot? }),
        WIZARD_FIRE => PlayerAction::Wizard(WizardCommand::SetFire {
            at: ICoord::new(coord(1)?, coord(5)?),
        }),
        WIZARD_GAS => PlayerAction::Wizard(WizardCommand::ReleaseGas {
            kind: slot?,
            at: ICoord::new(coord(1)?, coord(5)?),
        }),
        WIZARD_MACHINE => PlayerAction::Wizard(WizardCommand::SetOffMachine {
            at: ICoord::new(coord(1)?, coord(5)?),
        }),
        _ => return None,
    })
}

fn direction_code(direction: CardinalDirection) -> u8 {
    match direction {
        CardinalDirection::North => 0,
        CardinalDirection::East => 1,
        CardinalDirection::South => 2,
        CardinalDirection::West => 3,
    }
}

fn direction_from_code(code: u8) -> Option<CardinalDirection> {
    CardinalDirection::all().nth(usize::from(code))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of action, wizard commands too: its record is read back with the length its
    /// code says (a code left out of `payload_len` reads as a torn or damaged record) and to the
    /// same action.
    #[test]
    fn every_action_is_read_back_from_the_record_it_writes() {
        let at = ICoord::new(3, -4);
        let wizard = [
            WizardCommand::Descend,
            WizardCommand::Teleport { to: at },
            WizardCommand::Spawn { kind: 2, at },
            WizardCommand::SpawnAlly { kind: 2, at },
            WizardCommand::Give { kind: 5 },
            WizardCommand::Heal,
            WizardCommand::Reveal,
            WizardCommand::SleepInView,
            WizardCommand::LightLevel,
            WizardCommand::DarkenLevel,
            WizardCommand::SetFire { at },
            WizardCommand::ReleaseGas { kind: 1, at },
            WizardCommand::SetOffMachine { at },
        ];
        let plain = [
            PlayerAction::Move(CardinalDirection::West),
            PlayerAction::Wait,
            PlayerAction::Descend,
            PlayerAction::PickUp,
            PlayerAction::Search,
            PlayerAction::Free(CardinalDirection::South),
            PlayerAction::Drop { slot: 3 },
            PlayerAction::Use { slot: 1, at: None },
            PlayerAction::Use {
                slot: 1,
                at: Some(at),
            },
            PlayerAction::UseOn { slot: 2, on: 5 },
            PlayerAction::Throw { slot: 4, at },
            PlayerAction::Choose { boon: 2 },
        ];
        let every = plain
            .into_iter()
            .chain(wizard.into_iter().map(PlayerAction::Wizard));
        for action in every {
            let (code, payload) = action_code(action);
            assert_eq!(payload_len(code), payload.as_slice().len(), "{action:?}");
            assert_eq!(
                action_from_code(code, payload.as_slice()),
                Some(action),
                "{action:?}"
            );
        }
    }
}
