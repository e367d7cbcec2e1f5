//! Blows, shots and deaths in words, and who came into view or shouted. Every event has its arm,
//! none a catch-all: a new kind does not compile until the log says something of it
//! (`super::describe`).

use super::super::item_messages as items;
use super::super::words::{Tone, capitalised, npc_name, npc_with_article};
use super::grammar::{HIT, KILL, MISS, STRIKE, name, object, subject, verb};
use umbra_rules::game::{Actor, FightEvent};

/// A blow at the player or a shot from a monster the player does not see, saying so (see
/// `super::describe_unseen`); None for any other.
pub(super) fn describe_unseen(event: FightEvent) -> Option<String> {
    let unseen = |kind| format!("An unseen {}", npc_name(kind));
    Some(match event {
        FightEvent::Attack {
            attacker: Actor::Npc(kind),
            target: Actor::Player,
            damage,
        } => format!("{} hits you for {damage}.", unseen(kind)),
        FightEvent::Miss {
            attacker: Actor::Npc(kind),
            target: Actor::Player,
        } => format!("{} misses you.", unseen(kind)),
        FightEvent::Flew {
            by: Actor::Npc(kind),
            what,
            ..
        } => {
            let flew = items::flew(Actor::Npc(kind), what);
            let the = format!("The {}", npc_name(kind));
            flew.strip_prefix(&the)
                .map(|rest| format!("{}{rest}", unseen(kind)))?
        }
        FightEvent::Attack { .. }
        | FightEvent::Miss { .. }
        | FightEvent::Flew { .. }
        | FightEvent::SneakAttack { .. }
        | FightEvent::Kill { .. }
        | FightEvent::PlayerDied { .. }
        | FightEvent::Burst { .. }
        | FightEvent::Struck { .. }
        | FightEvent::Missed { .. }
        | FightEvent::CameIntoView { .. }
        | FightEvent::Shout { .. } => return None,
    })
}

/// One event in plain words (see [`super::describe`]).
pub fn describe(event: FightEvent) -> String {
    match event {
        FightEvent::Attack {
            attacker,
            target: Actor::Player,
            damage: 0,
        } => format!(
            "{} {} you, but your armour takes it all.",
            subject(attacker),
            verb(attacker, HIT)
        ),
        FightEvent::Attack {
            attacker,
            target,
            damage,
        } => format!(
            "{} {} {} for {damage}.",
            subject(attacker),
            verb(attacker, HIT),
            object(target)
        ),
        FightEvent::SneakAttack {
            attacker,
            target,
            damage,
            asleep,
        } => format!(
            "{} {} the {} {} from the shadows for {damage}.",
            subject(attacker),
            verb(attacker, STRIKE),
            if asleep { "sleeping" } else { "unaware" },
            name(target)
        ),
        FightEvent::Miss { attacker, target } => format!(
            "{} {} {}.",
            subject(attacker),
            verb(attacker, MISS),
            object(target)
        ),
        FightEvent::Kill {
            killer: killer @ (Actor::Player | Actor::Ally(_)),
            victim,
        } => format!(
            "{} {} {}.",
            subject(killer),
            verb(killer, KILL),
            object(victim)
        ),
        FightEvent::Kill {
            killer,
            victim: victim @ Actor::Ally(_),
        } => format!("{} kills {}.", subject(killer), object(victim)),
        FightEvent::Kill { victim, .. } => format!("{} dies.", subject(victim)),
        FightEvent::PlayerDied {
            killer: Actor::Player,
        } => "You die by your own hand.".to_string(),
        FightEvent::PlayerDied { killer } => {
            format!("The {} kills you.", name(killer))
        }
        FightEvent::CameIntoView { kind } => {
            format!("{} comes into view.", capitalised(&npc_with_article(kind)))
        }
        FightEvent::Shout {
            shouter,
            seen: true,
        } => format!("The {} shouts for help!", name(shouter)),
        FightEvent::Shout { seen: false, .. } => "You hear a shout.".to_string(),
        FightEvent::Flew { by, what, .. } => items::flew(by, what),
        FightEvent::Burst { what, .. } => items::burst(what),
        FightEvent::Struck {
            what,
            target,
            damage,
        } => items::struck(what, target, damage),
        FightEvent::Missed { what, target } => items::missed(what, target),
    }
}

/// How the event reads (see `super::tone`).
pub(super) fn tone(event: FightEvent) -> Tone {
    match event {
        FightEvent::Attack {
            target: Actor::Player | Actor::Ally(_),
            ..
        }
        | FightEvent::Kill {
            victim: Actor::Ally(_),
            ..
        }
        | FightEvent::Struck {
            target: Actor::Player,
            ..
        }
        | FightEvent::PlayerDied { .. }
        | FightEvent::Shout { .. } => Tone::Danger,
        FightEvent::Kill { .. } | FightEvent::SneakAttack { .. } | FightEvent::Struck { .. } => {
            Tone::Good
        }
        FightEvent::Attack { .. }
        | FightEvent::Miss { .. }
        | FightEvent::CameIntoView { .. }
        | FightEvent::Flew { .. }
        | FightEvent::Burst { .. }
        | FightEvent::Missed { .. } => Tone::Normal,
    }
}
