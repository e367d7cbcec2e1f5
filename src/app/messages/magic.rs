//! What a spell, a bolt or a draught did to whoever it met, in words. Every event has its arm, none
//! a catch-all: a new kind does not compile until the log says something of it (`super::describe`).

use super::super::words::Tone;
use super::super::{bestiary_words, item_messages as items, magic_words};
use umbra_rules::game::{Actor, MagicEvent};

/// One event in plain words (see [`super::describe`]).
pub fn describe(event: MagicEvent) -> String {
    match event {
        MagicEvent::Mended { target, amount, .. } => items::mended(target, amount),
        MagicEvent::Confused { target } => items::confused(target),
        MagicEvent::NoLongerConfused { kind } => items::no_longer_confused(kind),
        MagicEvent::Fizzled { what } => items::fizzled(what),
        MagicEvent::Feels { state, ends } => magic_words::feels(state, ends).to_string(),
        MagicEvent::Spelled { spell } => magic_words::spelled(spell).to_string(),
        MagicEvent::Slowed { target } => magic_words::slowed(target),
        MagicEvent::TeleportedAway { target } => magic_words::teleported_away(target),
        MagicEvent::Dominated { kind, took } => magic_words::dominated(kind, took),
        MagicEvent::Beckoned { target } => magic_words::beckoned(target),
        MagicEvent::Negated { target } => magic_words::negated(target),
        MagicEvent::Hasted { target } => bestiary_words::hasted(target),
        MagicEvent::Blinked { .. } => magic_words::blinked().to_string(),
    }
}

/// How the event reads (see `super::tone`).
pub(super) fn tone(event: MagicEvent) -> Tone {
    match event {
        MagicEvent::Hasted {
            target: Actor::Npc(_),
        }
        | MagicEvent::Spelled {
            spell: umbra_rules::game::Spell::Aggravation,
        }
        | MagicEvent::Feels { ends: true, .. } => Tone::Danger,
        MagicEvent::Confused { .. }
        | MagicEvent::Feels { .. }
        | MagicEvent::Dominated { took: true, .. }
        | MagicEvent::Slowed { .. }
        | MagicEvent::TeleportedAway { .. }
        | MagicEvent::Negated { .. }
        | MagicEvent::Hasted { .. } => Tone::Good,
        MagicEvent::Mended { .. }
        | MagicEvent::NoLongerConfused { .. }
        | MagicEvent::Fizzled { .. }
        | MagicEvent::Spelled { .. }
        | MagicEvent::Dominated { .. }
        | MagicEvent::Beckoned { .. }
        | MagicEvent::Blinked { .. } => Tone::Normal,
    }
}
