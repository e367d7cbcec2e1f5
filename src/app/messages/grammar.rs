//! Who did what, in words: an actor as the subject or the object of a sentence, and a verb in
//! the person that goes with it ("you hit", "the orc hits").

use super::super::looks;
use super::super::words::{capitalised, npc_name};
use umbra_rules::game::Actor;

pub(super) fn name(actor: Actor) -> &'static str {
    match actor {
        Actor::Player => "you",
        Actor::Npc(kind) | Actor::Ally(kind) => npc_name(kind),
        Actor::Fire => "fire",
        Actor::Gas(gas) => &looks::gas(gas).name,
    }
}

/// Who did it, to begin a sentence: "You", "The orc", "Your ogre".
pub(super) fn subject(actor: Actor) -> String {
    match actor {
        Actor::Player => "You".to_string(),
        Actor::Npc(kind) => format!("The {}", npc_name(kind)),
        Actor::Ally(kind) => format!("Your {}", npc_name(kind)),
        Actor::Fire | Actor::Gas(_) => capitalised(&object(actor)),
    }
}

/// Whom it was done to: "you", "the orc", "your ogre".
pub(super) fn object(actor: Actor) -> String {
    match actor {
        Actor::Player => "you".to_string(),
        Actor::Npc(kind) => format!("the {}", npc_name(kind)),
        Actor::Ally(kind) => format!("your {}", npc_name(kind)),
        Actor::Fire => "the fire".to_string(),
        Actor::Gas(gas) => format!("the {}", looks::gas(gas).name),
    }
}

/// The verb as the subject takes it: "you miss", "the orc misses".
pub(super) fn verb(actor: Actor, (you, they): (&'static str, &'static str)) -> &'static str {
    match actor {
        Actor::Player => you,
        Actor::Npc(_) | Actor::Ally(_) | Actor::Fire | Actor::Gas(_) => they,
    }
}

pub(super) const HIT: (&str, &str) = ("hit", "hits");
pub(super) const MISS: (&str, &str) = ("miss", "misses");
pub(super) const KILL: (&str, &str) = ("kill", "kills");
pub(super) const STRIKE: (&str, &str) = ("strike", "strikes");
