//! Fire, gas and water in words: what caught, burnt, exploded and sank. Every event has its arm,
//! none a catch-all: a new kind does not compile until the log says something of it
//! (`super::describe`).

use super::super::words::{Tone, capitalised};
use super::super::{looks, magic_words};
use super::grammar::{object, subject, verb};
use umbra_rules::game::{Actor, EnvironmentEvent};

/// One event in plain words (see [`super::describe`]).
pub fn describe(event: EnvironmentEvent) -> String {
    match event {
        EnvironmentEvent::SwamAshore => magic_words::swam_ashore().to_string(),
        // The wizard's, in `wizard_words`.
        // Fire and gas.
        EnvironmentEvent::Ignited { ground, .. } => {
            format!(
                "{} catches fire.",
                capitalised(&looks::ground(ground).description)
            )
        }
        EnvironmentEvent::BurntAway { was, became, .. } if became.rules().falls => {
            format!(
                "{} burns and falls into the chasm.",
                capitalised(&looks::ground(was).description)
            )
        }
        EnvironmentEvent::BurntAway { was, .. } => format!(
            "{} burns away.",
            capitalised(&looks::ground(was).description)
        ),
        EnvironmentEvent::Exploded { .. } => "The methane explodes!".to_string(),
        EnvironmentEvent::CaughtFire { who: Actor::Player } => "You are burning!".to_string(),
        EnvironmentEvent::CaughtFire { who } => {
            format!("{} catches fire.", subject(who))
        }
        EnvironmentEvent::PutOut {
            who: Actor::Player,
            in_water: true,
        } => "The water puts out the flames on you.".to_string(),
        EnvironmentEvent::PutOut {
            who: Actor::Player,
            in_water: false,
        } => "You are no longer burning.".to_string(),
        EnvironmentEvent::PutOut { who, .. } => {
            format!("{} is no longer burning.", subject(who))
        }
        EnvironmentEvent::Burnt {
            cause: Actor::Fire,
            target: Actor::Player,
            damage,
        } => format!("You burn for {damage}."),
        EnvironmentEvent::Burnt {
            cause: Actor::Fire,
            target,
            damage,
        } => format!("{} burns for {damage}.", subject(target)),
        EnvironmentEvent::Burnt {
            cause,
            target,
            damage,
        } => format!(
            "{} {} {} for {damage}.",
            subject(cause),
            verb(cause, ("burn", "burns")),
            object(target)
        ),
        EnvironmentEvent::Dazed {
            who: Actor::Player,
            gas,
        } => format!("The {} leaves you reeling.", looks::gas(gas).name),
        EnvironmentEvent::Dazed { who, .. } => {
            format!("{} reels.", subject(who))
        }
        EnvironmentEvent::FellWithBridge { who } => {
            format!("{} falls with the bridge.", subject(who))
        }
    }
}

/// How the event reads (see `super::tone`).
pub(super) fn tone(event: EnvironmentEvent) -> Tone {
    match event {
        EnvironmentEvent::CaughtFire {
            who: Actor::Player | Actor::Ally(_),
        }
        | EnvironmentEvent::Burnt {
            target: Actor::Player | Actor::Ally(_),
            ..
        }
        | EnvironmentEvent::Dazed {
            who: Actor::Player, ..
        }
        | EnvironmentEvent::Exploded { .. } => Tone::Danger,
        EnvironmentEvent::CaughtFire { .. }
        | EnvironmentEvent::Burnt { .. }
        | EnvironmentEvent::Dazed { .. }
        | EnvironmentEvent::FellWithBridge { .. }
        | EnvironmentEvent::PutOut {
            who: Actor::Player, ..
        } => Tone::Good,
        EnvironmentEvent::Ignited { .. }
        | EnvironmentEvent::BurntAway { .. }
        | EnvironmentEvent::PutOut { .. }
        | EnvironmentEvent::SwamAshore => Tone::Normal,
    }
}
