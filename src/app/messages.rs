//! Game events in plain words, and the bounded log that keeps them.

use std::collections::VecDeque;

pub use super::words::{Tone, capitalised, counted, npc_name, npc_with_article};
use super::{item_messages, looks};
use umbra_rules::game::{Actor, FINAL_DEPTH, GameEvent};

/// Enough to scroll back through a long fight without the log growing for ever.
pub const LOG_CAPACITY: usize = 500;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub tone: Tone,
    /// How many times in a row it was said: a fight's "You hit the orc." ×3 takes one line.
    pub times: u32,
}

impl Message {
    /// The message as the player reads it, with its repeats counted.
    pub fn shown(&self) -> String {
        match self.times {
            1 => self.text.clone(),
            times => format!("{} ×{times}", self.text),
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct MessageLog {
    messages: VecDeque<Message>,
}

impl MessageLog {
    /// Adds a message; the same words as the newest message count as a repeat of it.
    pub fn push(&mut self, text: String, tone: Tone) {
        if let Some(newest) = self.messages.back_mut()
            && newest.text == text
        {
            newest.times += 1;
            return;
        }
        if self.messages.len() == LOG_CAPACITY {
            self.messages.pop_front();
        }
        self.messages.push_back(Message {
            text,
            tone,
            times: 1,
        });
    }

    /// Says what happened, unless it is only drawn (a flight).
    pub fn record(&mut self, event: GameEvent) {
        let words = describe(event);
        if !words.is_empty() {
            self.push(words, tone(event));
        }
    }

    pub fn len(&self) -> usize {
        self.messages.len()
    }

    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }

    /// Messages oldest first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Message> + ExactSizeIterator {
        self.messages.iter()
    }
}

fn name(actor: Actor) -> &'static str {
    match actor {
        Actor::Player => "you",
        Actor::Npc(kind) | Actor::Ally(kind) => npc_name(kind),
    }
}

/// Who did it, to begin a sentence: "You", "The orc", "Your ogre".
fn subject(actor: Actor) -> String {
    match actor {
        Actor::Player => "You".to_string(),
        Actor::Npc(kind) => format!("The {}", npc_name(kind)),
        Actor::Ally(kind) => format!("Your {}", npc_name(kind)),
    }
}

/// Whom it was done to: "you", "the orc", "your ogre".
fn object(actor: Actor) -> String {
    match actor {
        Actor::Player => "you".to_string(),
        Actor::Npc(kind) => format!("the {}", npc_name(kind)),
        Actor::Ally(kind) => format!("your {}", npc_name(kind)),
    }
}

/// The verb as the subject takes it: "you miss", "the orc misses".
fn verb(actor: Actor, (you, they): (&'static str, &'static str)) -> &'static str {
    match actor {
        Actor::Player => you,
        Actor::Npc(_) | Actor::Ally(_) => they,
    }
}

const HIT: (&str, &str) = ("hit", "hits");
const MISS: (&str, &str) = ("miss", "misses");
const KILL: (&str, &str) = ("kill", "kills");

/// One event in plain words, e.g. "The troll hits you for 2."; empty for an event that is only
/// drawn (a flight).
pub fn describe(event: GameEvent) -> String {
    if let Some(words) = item_messages::describe(event) {
        return words;
    }
    if let Some(words) = super::debug::wizard_words::describe(event) {
        return words;
    }
    match event {
        GameEvent::Attack {
            attacker,
            target: Actor::Player,
            damage: 0,
        } => format!(
            "{} {} you, but your armour takes it all.",
            subject(attacker),
            verb(attacker, HIT)
        ),
        GameEvent::Attack {
            attacker,
            target,
            damage,
        } => format!(
            "{} {} {} for {damage}.",
            subject(attacker),
            verb(attacker, HIT),
            object(target)
        ),
        GameEvent::Miss { attacker, target } => format!(
            "{} {} {}.",
            subject(attacker),
            verb(attacker, MISS),
            object(target)
        ),
        GameEvent::Kill {
            killer: killer @ (Actor::Player | Actor::Ally(_)),
            victim,
        } => format!(
            "{} {} {}.",
            subject(killer),
            verb(killer, KILL),
            object(victim)
        ),
        GameEvent::Kill {
            killer,
            victim: victim @ Actor::Ally(_),
        } => format!("{} kills {}.", subject(killer), object(victim)),
        GameEvent::Kill { victim, .. } => format!("{} dies.", subject(victim)),
        GameEvent::PlayerDied {
            killer: Actor::Player,
        } => "You die by your own hand.".to_string(),
        GameEvent::PlayerDied { killer } => format!("The {} kills you.", name(killer)),
        GameEvent::Descended { depth } if depth >= FINAL_DEPTH => format!(
            "You descend to depth {depth}, the bottom. {} is somewhere on this level.",
            capitalised(&looks::prize())
        ),
        GameEvent::Descended { depth } => format!("You descend to depth {depth}."),
        GameEvent::NoStairsHere => "There are no stairs down here.".to_string(),
        GameEvent::KeyOpensByWalking => "Walk into the locked door to open it.".to_string(),
        GameEvent::DoorLocked => {
            "The door is locked. Its key lies somewhere on this level.".to_string()
        }
        GameEvent::Unlocked => "You unlock the door; the key stays in the lock.".to_string(),
        GameEvent::KeyCrumbled => "Your key crumbles to dust as you leave its level.".to_string(),
        GameEvent::Caged { altars: 1 } => "A cage closes over the other altar.".to_string(),
        GameEvent::Caged { .. } => "Cages close over the other altars.".to_string(),
        GameEvent::FellIntoChasm { damage: 0 } => {
            "You jump into the chasm and land unhurt on the level below.".to_string()
        }
        GameEvent::FellIntoChasm { damage } => {
            format!("You jump into the chasm and land hard on the level below ({damage} damage).")
        }
        GameEvent::FoundSecretDoor { .. } => "You find a secret door!".to_string(),

        GameEvent::CameIntoView { kind } => {
            format!("{} comes into view.", capitalised(&npc_with_article(kind)))
        }
        GameEvent::Shout {
            shouter,
            seen: true,
        } => format!("The {} shouts for help!", name(shouter)),
        GameEvent::Shout { seen: false, .. } => "You hear a shout.".to_string(),
        GameEvent::Freed { kind } => format!(
            "You free the captive {}. It will fight at your side.",
            npc_name(kind)
        ),
        GameEvent::CaptiveAsksFreeing => "A captive: walk into it again to free it.".to_string(),
        GameEvent::NoCaptiveThere => "There is nobody there to free.".to_string(),
        GameEvent::CaptiveCameIntoView { kind } => format!(
            "You see a captive {}: walk into it to free it.",
            npc_name(kind)
        ),
        GameEvent::AllyArrived { kind } => {
            format!("Your {} follows you down.", npc_name(kind))
        }
        // The pack's and the flying things' events are worded above.
        _ => String::new(),
    }
}

fn tone(event: GameEvent) -> Tone {
    if let Some(tone) = item_messages::tone(event) {
        return tone;
    }
    match event {
        GameEvent::Attack {
            target: Actor::Player,
            ..
        }
        | GameEvent::PlayerDied { .. }
        | GameEvent::Shout { .. } => Tone::Danger,
        GameEvent::Kill {
            victim: Actor::Ally(_),
            ..
        }
        | GameEvent::Attack {
            target: Actor::Ally(_),
            ..
        } => Tone::Danger,
        GameEvent::Kill { .. } | GameEvent::Freed { .. } | GameEvent::AllyArrived { .. } => {
            Tone::Good
        }
        GameEvent::Attack { .. }
        | GameEvent::Miss { .. }
        | GameEvent::CameIntoView { .. }
        | GameEvent::Descended { .. }
        | GameEvent::NoStairsHere => Tone::Normal,
        _ => Tone::Normal,
    }
}
