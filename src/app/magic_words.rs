//! The armoury's events in words: staffs and wands zapped, potions' states, scrolls' spells,
//! enchanting, and what the new bolts do ("The troll slows down.", "You float into the air.").

use super::item_messages::the;
use super::item_names::item_words;
use super::looks;
use super::words::{capitalised, npc_name};
use umbra_rules::game::{Actor, Draught, ItemKind, ItemName, NpcKind, Spell};

pub fn zapped(item: ItemName) -> String {
    format!("You zap {}.", item_words(item, 1))
}

pub fn no_charges(item: ItemName) -> String {
    format!(
        "{} has no charges left: it will fizzle until one comes back.",
        capitalised(&item_words(item, 1))
    )
}

/// A potion's state beginning, or wearing off.
pub fn feels(state: Draught, ends: bool) -> &'static str {
    match (state, ends) {
        (Draught::Levitation, false) => "You float into the air.",
        (Draught::Levitation, true) => "You float gently back down.",
        (Draught::Telepathy, false) => "You sense the minds of the monsters about you.",
        (Draught::Telepathy, true) => "Your mind closes again.",
        (Draught::Haste, false) => "You feel yourself speed up.",
        (Draught::Haste, true) => "You slow back to your own pace.",
        (Draught::FireImmunity, false) => "A cool breeze wraps you: fire will not burn you.",
        (Draught::FireImmunity, true) => "You no longer feel safe from fire.",
    }
}

pub fn swam_ashore() -> &'static str {
    "You drop into the deep water and swim to the nearest shore."
}

pub fn choose_what_to_enchant() -> &'static str {
    "Choose what to enchant (Esc: keep the scroll for later)."
}

/// "your yew staff", "your staff of firebolt": an item of the pack as far as it is known.
pub fn yours(item: ItemName) -> String {
    format!(
        "your {}",
        super::item_names::without_article(&item_words(item, 1))
    )
}

pub fn enchanted(item: ItemName, level: u8) -> String {
    format!("{} glows: it is +{level} now.", capitalised(&yours(item)))
}

pub fn cannot_enchant() -> &'static str {
    "That cannot be enchanted."
}

pub fn spelled(spell: Spell) -> &'static str {
    match spell {
        Spell::Enchanting => "",
        Spell::Teleportation => "The world spins: you are somewhere else.",
        Spell::MagicMapping => "A map of the level forms in your mind.",
        Spell::Recharging => "Your staffs hum with power again.",
        Spell::Negation => "A wave of stillness washes out from you.",
        Spell::Aggravation => "A piercing shriek echoes through the level: everything wakes!",
    }
}

pub fn slowed(target: Actor) -> String {
    format!("{} slows down.", capitalised(&the(target)))
}

pub fn teleported_away(target: Actor) -> String {
    format!("{} vanishes!", capitalised(&the(target)))
}

pub fn dominated(kind: NpcKind, took: bool) -> String {
    match took {
        true => format!(
            "The {} bows to your will: it is your ally now.",
            npc_name(kind)
        ),
        false => format!("The {} shrugs off your will.", npc_name(kind)),
    }
}

pub fn beckoned(target: Actor) -> String {
    format!("{} is pulled to you.", capitalised(&the(target)))
}

pub fn negated(target: Actor) -> String {
    format!("{} is stripped of its magic.", capitalised(&the(target)))
}

pub fn blinked() -> &'static str {
    "You blink through the air."
}

pub fn ring_shown(item: ItemKind) -> String {
    format!(
        "You have worn it a while: the ring is {}.",
        looks::item(item).a()
    )
}
