//! The pack's and the flying things' events in words: "You read a scroll labelled XUM.", "The
//! orc is burnt for 4.", "The dart misses the troll."

use super::item_names::item_words;
use super::looks;
use super::words::{boon_words, capitalised, named_stack_words, npc_name};
use umbra_rules::game::{
    Actor, AimError, BoltPath, Boon, ItemClass, ItemKind, ItemName, Missile, NpcKind, Stack, Tuning,
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
        Actor::Fire => "the fire".to_string(),
        Actor::Gas(gas) => format!("the {}", looks::gas(gas).name),
    }
}

fn known(item: ItemKind) -> String {
    looks::item(item).a()
}

/// Items in a sentence with the levels the pack lists them by, so that a sword the player
/// enchanted is dropped and taken again as one: "a sword", "a +2 sword", "3 darts".
fn stack_in_words(item: ItemName, count: u32, tuning: Tuning) -> String {
    let kind = item.kind;
    let words = named_stack_words(
        item,
        Stack {
            kind,
            count,
            tuning,
        },
    );
    match words.starts_with('+') {
        true => format!("a {words}"),
        false => words,
    }
}

/// The pack's events, each in words (`messages::describe` calls the one an event needs).
pub fn picked_up(item: ItemName, count: u32, tuning: Tuning, slot: u8) -> String {
    if item.kind == ItemKind::prize() {
        return format!(
            "You lift {}! Its light fills the deep. You have won.",
            looks::prize()
        );
    }
    format!(
        "You pick up {} ({}).",
        stack_in_words(item, count, tuning),
        slot_letter(slot)
    )
}

pub fn no_room(item: ItemName, count: u32) -> String {
    let why = match looks::item(item.kind).class {
        // Not a full pack: gear is heavy (`balance::SPARE_GEAR`).
        Some(ItemClass::Weapon | ItemClass::Armour) => {
            "you carry a spare weapon or armour already: drop it to take this"
        }
        Some(
            ItemClass::Potion
            | ItemClass::Scroll
            | ItemClass::Staff
            | ItemClass::Wand
            | ItemClass::Ring
            | ItemClass::Missile
            | ItemClass::Prize
            | ItemClass::Key,
        )
        | None => "your pack is full",
    };
    format!(
        "{} {} here, but {why}.",
        capitalised(&item_words(item, count)),
        if count == 1 { "lies" } else { "lie" }
    )
}

pub fn dropped(item: ItemName, count: u32, tuning: Tuning) -> String {
    format!("You drop {}.", stack_in_words(item, count, tuning))
}

pub fn one_carried(item: ItemName) -> String {
    format!(
        "{} lies here, but you carry one already: drop yours to take this.",
        capitalised(&item_words(item, 1))
    )
}

pub fn left_here(item: ItemName, count: u32, tuning: Tuning) -> String {
    format!(
        "You left {} here (g to take it again).",
        stack_in_words(item, count, tuning)
    )
}

pub fn lost(item: ItemKind, into_chasm: bool) -> String {
    let item = capitalised(&known(item));
    if into_chasm {
        format!("{item} falls into the chasm.")
    } else {
        format!("{item} sinks out of sight.")
    }
}

pub fn broke(item: ItemKind) -> String {
    format!("The {} breaks.", looks::item(item).name)
}

pub fn drank(item: ItemName, healed: u32) -> String {
    // A potion of a state says what it does in the next line ("You float into the air.").
    if !matches!(
        item.kind.rules().use_,
        umbra_rules::game::ItemUse::Drink { .. }
    ) {
        return format!("You drink {}.", item_words(item, 1));
    }
    match healed {
        0 => format!(
            "You drink {}. You were already unhurt.",
            item_words(item, 1)
        ),
        _ => format!(
            "You drink {} and regain {healed} hit points.",
            item_words(item, 1)
        ),
    }
}

pub fn read(item: ItemName) -> String {
    format!("You read {}.", item_words(item, 1))
}

pub fn chose(boon: Boon, hit_points: u32) -> String {
    let name = boon_words(boon).0;
    let what = super::words::boon_effect(boon, hit_points);
    format!("You choose {name}: {what}.")
}

/// Worn (armour, a ring) rather than held (a weapon, and anything else put to use).
fn is_worn(item: ItemName) -> bool {
    match looks::item(item.kind).class {
        Some(ItemClass::Armour | ItemClass::Ring) => true,
        Some(
            ItemClass::Weapon
            | ItemClass::Potion
            | ItemClass::Scroll
            | ItemClass::Staff
            | ItemClass::Wand
            | ItemClass::Missile
            | ItemClass::Prize
            | ItemClass::Key,
        )
        | None => false,
    }
}

pub fn put_to_use(item: ItemName) -> String {
    match is_worn(item) {
        true => format!("You put on {}.", item_words(item, 1)),
        false => format!("You wield {}.", item_words(item, 1)),
    }
}

pub fn put_away(item: ItemName) -> String {
    match is_worn(item) {
        true => format!("You take off {}.", item_words(item, 1)),
        false => format!("You put away {}.", item_words(item, 1)),
    }
}

pub fn threw(item: ItemName) -> String {
    format!("You throw {}.", item_words(item, 1))
}

pub fn shattered(item: ItemName, drunk: bool) -> String {
    match drunk {
        true => format!(
            "You uncork {} and it bursts in your hands!",
            item_words(item, 1)
        ),
        // Said only of a potion that does nothing where it lands (one that bursts says so):
        // what it was follows, as it is known now.
        false => format!(
            "{} shatters and splashes harmlessly.",
            capitalised(&item_words(item, 1))
        ),
    }
}

pub fn identified(item: ItemKind, by_elimination: bool) -> String {
    if by_elimination {
        format!("So the last of its kind must be {}.", known(item))
    } else {
        format!("It is {}.", known(item))
    }
}

/// A flight is only drawn, but for a monster's shot or spell: the log says who sent it.
pub fn flew(by: Actor, what: Missile) -> String {
    let (Actor::Npc(sender), Missile::Bolt(bolt)) = (by, what) else {
        return String::new();
    };
    let verb = if bolt.rules().effect.helps() {
        "casts"
    } else {
        "shoots"
    };
    format!("The {} {verb} {}.", npc_name(sender), looks::bolt(bolt).a())
}

/// What burst, by the name of what bursts: "The fireball bursts!". A monster's burst follows
/// its death ("You kill the bloat."), so it is "it", and the next line says whom it burns.
pub fn burst(what: Missile) -> String {
    match (what, what.bolt()) {
        (Missile::Item(_), Some(bolt)) => {
            format!("The {} bursts!", looks::bolt(bolt).name)
        }
        (Missile::Item(item), None) => format!("The {} bursts!", looks::item(item).name),
        (Missile::Bolt(_), _) => "It bursts!".to_string(),
    }
}

pub fn missed(what: Missile, target: Actor) -> String {
    format!("The {} misses {}.", missile_name(what), the(target))
}

pub fn mended(target: Actor, amount: u32) -> String {
    match target {
        Actor::Player => format!("You are healed for {amount}."),
        Actor::Npc(_) | Actor::Ally(_) | Actor::Fire | Actor::Gas(_) => {
            format!("{} is healed for {amount}.", capitalised(&the(target)))
        }
    }
}

pub fn confused(target: NpcKind) -> String {
    format!("The {} looks confused.", npc_name(target))
}

pub fn no_longer_confused(kind: NpcKind) -> String {
    format!("The {} is no longer confused.", npc_name(kind))
}

pub fn fizzled(what: Missile) -> String {
    match what.bolt().map(|bolt| (bolt, bolt.rules().path)) {
        Some((bolt, BoltPath::Pierces)) => format!(
            "{} crackles away and strikes no one.",
            capitalised(&format!("the {}", looks::bolt(bolt).name))
        ),
        Some((_, BoltPath::Line)) | None => {
            "A shimmer spreads and fades: nobody was there.".to_string()
        }
    }
}

/// Why the cursor's cell cannot be aimed at: said before any time passes.
pub fn aim_words(error: AimError) -> String {
    match error {
        AimError::NoSuchItem => "You carry nothing under that letter.".to_string(),
        AimError::NoTarget => "Choose where to aim it first.".to_string(),
        AimError::OwnCell => "Not at yourself.".to_string(),
        AimError::NotInView => "You cannot see there.".to_string(),
        AimError::OutOfRange { reach } => format!("That is out of range: it reaches {reach}."),
        AimError::NoClearLine => "A wall is in the way.".to_string(),
        AimError::NotForThrowing => "That is not for throwing.".to_string(),
    }
}

fn missile_name(what: Missile) -> &'static str {
    match what {
        Missile::Item(item) => &looks::item(item).name,
        Missile::Bolt(bolt) => &looks::bolt(bolt).name,
    }
}

/// A blow by what flew, in the words of its bolt's row ("The spark strikes the orc for 3.",
/// "The fireball burns you for 4."); a thrown potion with no bolt of its own by the potion's.
pub fn struck(what: Missile, target: Actor, damage: u32) -> String {
    let look = match (what, what.bolt()) {
        (_, Some(bolt)) => looks::bolt(bolt),
        (Missile::Item(item), None) => looks::item(item),
        (Missile::Bolt(bolt), None) => looks::bolt(bolt),
    };
    if damage == 0 && target == Actor::Player {
        return format!("The {} glances off your armour.", look.name);
    }
    let verb = look.look.strikes.as_deref().unwrap_or("hits");
    format!("The {} {verb} {} for {damage}.", look.name, the(target))
}
