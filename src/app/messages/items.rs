//! The pack in words: taking, dropping, using, naming and enchanting items. Every event has its
//! arm, none a catch-all: a new kind does not compile until the log says something of it
//! (`super::describe`).

use super::super::words::Tone;
use super::super::{item_messages as items, magic_words};
use umbra_rules::game::ItemEvent;

/// One event in plain words (see [`super::describe`]).
pub fn describe(event: ItemEvent) -> String {
    match event {
        ItemEvent::KeyOpensByWalking => "Walk into the locked door to open it.".to_string(),
        // The pack's events and what flies, in `item_messages`.
        ItemEvent::PickedUp {
            item,
            count,
            tuning,
            slot,
        } => items::picked_up(item, count, tuning, slot),
        ItemEvent::NoRoom { item, count } => items::no_room(item, count),
        ItemEvent::Dropped {
            item,
            count,
            tuning,
        } => items::dropped(item, count, tuning),
        ItemEvent::LeftHere {
            item,
            count,
            tuning,
        } => items::left_here(item, count, tuning),
        ItemEvent::OneCarried { item } => items::one_carried(item),
        ItemEvent::Lost { item, into_chasm } => items::lost(item, into_chasm),
        ItemEvent::Broke { item } => items::broke(item),
        ItemEvent::Drank { item, healed } => items::drank(item, healed),
        ItemEvent::Read { item } => items::read(item),
        ItemEvent::PutToUse { item } => items::put_to_use(item),
        ItemEvent::PutAway { item } => items::put_away(item),
        ItemEvent::Threw { item } => items::threw(item),
        ItemEvent::Shattered { item, drunk } => items::shattered(item, drunk),
        ItemEvent::Identified {
            item,
            by_elimination,
        } => items::identified(item, by_elimination),
        // The armoury's, in `magic_words`.
        ItemEvent::Zapped { item } => magic_words::zapped(item),
        ItemEvent::NoCharges { item } => magic_words::no_charges(item),
        ItemEvent::ChooseWhatToEnchant { .. } => magic_words::choose_what_to_enchant().to_string(),
        ItemEvent::Enchanted { item, level } => magic_words::enchanted(item, level),
        ItemEvent::CannotEnchant => magic_words::cannot_enchant().to_string(),
        ItemEvent::RingShown { item } => magic_words::ring_shown(item),
        ItemEvent::NothingHere => "There is nothing here to pick up.".to_string(),
        ItemEvent::NoSuchItem => "You carry nothing under that letter.".to_string(),
        ItemEvent::CannotAim(error) => items::aim_words(error),
    }
}

/// How the event reads (see `super::tone`).
pub(super) fn tone(event: ItemEvent) -> Tone {
    match event {
        ItemEvent::PickedUp { .. }
        | ItemEvent::PutToUse { .. }
        | ItemEvent::Drank { .. }
        | ItemEvent::Identified { .. }
        | ItemEvent::Enchanted { .. }
        | ItemEvent::RingShown { .. } => Tone::Good,
        ItemEvent::KeyOpensByWalking
        | ItemEvent::NoRoom { .. }
        | ItemEvent::PutAway { .. }
        | ItemEvent::Dropped { .. }
        | ItemEvent::LeftHere { .. }
        | ItemEvent::OneCarried { .. }
        | ItemEvent::Lost { .. }
        | ItemEvent::Broke { .. }
        | ItemEvent::Read { .. }
        | ItemEvent::Threw { .. }
        | ItemEvent::Shattered { .. }
        | ItemEvent::NothingHere
        | ItemEvent::NoSuchItem
        | ItemEvent::CannotAim(_)
        | ItemEvent::Zapped { .. }
        | ItemEvent::NoCharges { .. }
        | ItemEvent::ChooseWhatToEnchant { .. }
        | ItemEvent::CannotEnchant => Tone::Normal,
    }
}
