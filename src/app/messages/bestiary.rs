//! What a monster kind did beyond its blows (webs, theft, splitting, summoning, learning), in
//! words. Every event has its arm, none a catch-all: a new kind does not compile until the log says
//! something of it (`super::describe`).

use super::super::bestiary_words;
use super::super::words::Tone;
use umbra_rules::game::{Actor, BestiaryEvent};

/// One event in plain words (see [`super::describe`]).
pub fn describe(event: BestiaryEvent) -> String {
    match event {
        // The bestiary's, in `bestiary_words`.
        BestiaryEvent::Webbed { target } => bestiary_words::webbed(target),
        BestiaryEvent::Struggled { who } => bestiary_words::struggled(who),
        BestiaryEvent::Stole { thief, item } => bestiary_words::stole(thief, item),
        BestiaryEvent::Split { who } => bestiary_words::split(who),
        BestiaryEvent::Summoned {
            summoner,
            kind,
            count,
        } => bestiary_words::summoned(summoner, kind, count),
        BestiaryEvent::Faded { who } => bestiary_words::faded(who),
        BestiaryEvent::Learned { ally, ability } => bestiary_words::learned(ally, ability),
    }
}

/// How the event reads (see `super::tone`).
pub(super) fn tone(event: BestiaryEvent) -> Tone {
    match event {
        BestiaryEvent::Webbed {
            target: Actor::Player,
        }
        | BestiaryEvent::Stole { .. }
        | BestiaryEvent::Summoned {
            summoner: Actor::Npc(_),
            ..
        }
        | BestiaryEvent::Split { who: Actor::Npc(_) } => Tone::Danger,
        BestiaryEvent::Learned { .. }
        | BestiaryEvent::Summoned { .. }
        | BestiaryEvent::Webbed { .. } => Tone::Good,
        BestiaryEvent::Struggled { .. }
        | BestiaryEvent::Split { .. }
        | BestiaryEvent::Faded { .. } => Tone::Normal,
    }
}
