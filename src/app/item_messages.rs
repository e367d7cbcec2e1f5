//! The pack's and the flying things' events in words: "You read a scroll labelled XUM.", "The
//! orc is burnt for 4.", "The dart misses the troll."

use super::looks::{self, item_words};
use super::words::{Tone, capitalised, npc_name};
use umbra_rules::game::{
    Actor, AimError, BoltEffect, BoltPath, GameEvent, ItemClass, ItemKind, Missile,
};

/// The letter a pack slot goes by.
pub fn slot_letter(slot: u8) -> char {
    char::from(b'a' + slot.min(25))
}

/// A character as the object of a sentence: "you", "the orc", "your ogre".
pub(super) fn the(target: Actor) -> String {
    match target {
        Actor::Player => "you".to_string(),
        Actor::Npc(kind) => format!("the {}", npc_name(kind)),
        Actor::Ally(kind) => format!("your {}", npc_name(kind)),
    }
}

fn known(item: ItemKind) -> String {
    looks::item(item).a()
}

/// Words for an item event; None for an event that is not the pack's or a flying thing's, and
/// Some("") for one the log does not mention (a flight, which is only drawn).
pub fn describe(event: GameEvent) -> Option<String> {
    Some(match event {
        GameEvent::PickedUp { item, .. } if item.kind == ItemKind::prize() => format!(
            "You lift {}! Its light fills the deep. You have won.",
            looks::prize()
        ),
        GameEvent::PickedUp { item, count, slot } => format!(
            "You pick up {} ({}).",
            item_words(item, count),
            slot_letter(slot)
        ),
        GameEvent::NoRoom { item, count } => format!(
            "{} {} here, but your pack is full.",
            capitalised(&item_words(item, count)),
            if count == 1 { "lies" } else { "lie" }
        ),
        GameEvent::Dropped { item, count } => format!("You drop {}.", item_words(item, count)),
        GameEvent::Lost {
            item,
            into_chasm: false,
        } => format!("{} sinks out of sight.", capitalised(&known(item))),
        GameEvent::Lost {
            item,
            into_chasm: true,
        } => format!("{} falls into the chasm.", capitalised(&known(item))),
        GameEvent::Broke { item } => format!("The {} breaks.", looks::item(item).name),
        GameEvent::Drank { item, healed: 0 } => format!(
            "You drink {}. You were already unhurt.",
            item_words(item, 1)
        ),
        GameEvent::Drank { item, healed } => format!(
            "You drink {} and regain {healed} hit points.",
            item_words(item, 1)
        ),
        GameEvent::Read { item } => format!("You read {}.", item_words(item, 1)),
        GameEvent::Chose { boon } => {
            let (name, what) = super::boons::words(boon);
            format!("You choose {name}: {what}.")
        }
        GameEvent::ChooseABoonFirst => "Choose a boon first (1-3).".to_string(),
        GameEvent::PutToUse { item } => match looks::item(item.kind).class {
            Some(ItemClass::Armour) => format!("You put on {}.", item_words(item, 1)),
            _ => format!("You wield {}.", item_words(item, 1)),
        },
        GameEvent::PutAway { item } => match looks::item(item.kind).class {
            Some(ItemClass::Armour) => format!("You take off {}.", item_words(item, 1)),
            _ => format!("You put away {}.", item_words(item, 1)),
        },
        GameEvent::Threw { item } => format!("You throw {}.", item_words(item, 1)),
        GameEvent::Identified {
            item,
            by_elimination: false,
        } => format!("It is {}.", known(item)),
        GameEvent::Identified {
            item,
            by_elimination: true,
        } => format!("So the last of its kind must be {}.", known(item)),
        GameEvent::Flew {
            by: Actor::Npc(sender),
            what: Missile::Bolt(bolt),
            ..
        } => {
            let verb = if bolt.rules().effect.helps() {
                "casts"
            } else {
                "shoots"
            };
            format!("The {} {verb} {}.", npc_name(sender), looks::bolt(bolt).a())
        }
        GameEvent::Flew { .. } => String::new(),
        // A monster's burst follows its death ("You kill the bloat."): the next line says
        // whom it burns.
        GameEvent::Burst {
            what: Missile::Bolt(_),
            ..
        } => "It bursts!".to_string(),
        GameEvent::Burst { .. } => "The fireball bursts!".to_string(),
        GameEvent::Struck {
            what,
            target,
            damage,
        } => struck(what, target, damage),
        GameEvent::Missed { what, target } => {
            format!("The {} misses {}.", missile_name(what), the(target))
        }
        GameEvent::Mended { target, amount, .. } => {
            format!("{} is healed for {amount}.", capitalised(&the(target)))
        }
        GameEvent::Confused { target } => format!("The {} looks confused.", npc_name(target)),
        GameEvent::NoLongerConfused { kind } => {
            format!("The {} is no longer confused.", npc_name(kind))
        }
        GameEvent::Fizzled { what } => match what.bolt().map(|bolt| bolt.rules().path) {
            Some(BoltPath::NearestEnemy) => "Lightning crackles round you and finds no one.",
            Some(BoltPath::Line) | None => "A shimmer spreads and fades: nobody was there.",
        }
        .to_string(),
        GameEvent::NothingHere => "There is nothing here to pick up.".to_string(),
        GameEvent::NoSuchItem => "You carry nothing under that letter.".to_string(),
        GameEvent::CannotAim(error) => aim_words(error).to_string(),
        _ => return None,
    })
}

/// Why the cursor's cell cannot be aimed at: said before any time passes.
pub fn aim_words(error: AimError) -> &'static str {
    match error {
        AimError::NoSuchItem => "You carry nothing under that letter.",
        AimError::NoTarget => "Choose where to aim it first.",
        AimError::OwnCell => "Not at yourself.",
        AimError::NotInView => "You cannot see there.",
        AimError::OutOfRange => "That is out of range.",
        AimError::NoClearLine => "A wall is in the way.",
    }
}

fn missile_name(what: Missile) -> &'static str {
    match what {
        Missile::Item(item) => &looks::item(item).name,
        Missile::Bolt(bolt) => &looks::bolt(bolt).name,
    }
}

fn struck(what: Missile, target: Actor, damage: u32) -> String {
    let target_words = the(target);
    let item = match what {
        Missile::Item(item) => item,
        Missile::Bolt(bolt) => {
            let verb = match bolt.rules().effect {
                BoltEffect::Burst { .. } => "burns",
                BoltEffect::Blow(_)
                | BoltEffect::Strike(_)
                | BoltEffect::Heal(_)
                | BoltEffect::Confuse { .. } => "hits",
            };
            if damage == 0 && target == Actor::Player {
                return format!("The {} glances off your armour.", missile_name(what));
            }
            return format!(
                "The {} {verb} {target_words} for {damage}.",
                missile_name(what)
            );
        }
    };
    let effect = what.bolt().map(|bolt| bolt.rules().effect);
    match (effect, target) {
        (Some(BoltEffect::Strike(_)), _) => {
            format!("Lightning strikes {target_words} for {damage}.")
        }
        (Some(BoltEffect::Burst { .. }), Actor::Player) => format!("You are burnt for {damage}."),
        (Some(BoltEffect::Burst { .. }), _) => {
            format!("{} is burnt for {damage}.", capitalised(&target_words))
        }
        _ => format!(
            "The {} hits {target_words} for {damage}.",
            looks::item(item).name
        ),
    }
}

/// How an item event reads: harm to the player in red, gains in green.
pub fn tone(event: GameEvent) -> Option<Tone> {
    Some(match event {
        GameEvent::Struck {
            target: Actor::Player,
            ..
        } => Tone::Danger,
        GameEvent::PickedUp { .. }
        | GameEvent::Chose { .. }
        | GameEvent::PutToUse { .. }
        | GameEvent::Drank { .. }
        | GameEvent::Identified { .. }
        | GameEvent::Confused { .. }
        | GameEvent::Struck { .. } => Tone::Good,
        GameEvent::NoRoom { .. }
        | GameEvent::PutAway { .. }
        | GameEvent::ChooseABoonFirst
        | GameEvent::Dropped { .. }
        | GameEvent::Read { .. }
        | GameEvent::Threw { .. }
        | GameEvent::Flew { .. }
        | GameEvent::Burst { .. }
        | GameEvent::Missed { .. }
        | GameEvent::Mended { .. }
        | GameEvent::NoLongerConfused { .. }
        | GameEvent::Fizzled { .. }
        | GameEvent::NothingHere
        | GameEvent::NoSuchItem
        | GameEvent::CannotAim(_) => Tone::Normal,
        _ => return None,
    })
}
