//! Game events in plain words, and the bounded log that keeps them.

use std::collections::VecDeque;

use super::looks;
use umbra_rules::game::{Actor, FINAL_DEPTH, GameEvent, NpcKind};

/// Enough to scroll back through a long fight without the log growing for ever.
pub const LOG_CAPACITY: usize = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Normal,
    /// Harm to the player.
    Danger,
    Good,
}

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

    pub fn record(&mut self, event: GameEvent) {
        self.push(describe(event), tone(event));
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

/// What the player calls each kind of NPC (its name in the bestiary).
pub fn npc_name(npc_type: NpcKind) -> &'static str {
    &looks::npc(npc_type).name
}

/// The name with its indefinite article: "an orc", "a troll".
pub fn npc_with_article(npc_type: NpcKind) -> String {
    looks::npc(npc_type).a()
}

/// A count with its noun, singular for one: "1 kill", "3 kills", "0 enemies".
pub fn counted(count: impl Into<u64>, one: &str, many: &str) -> String {
    let count = count.into();
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The words with their first letter in capitals, to begin a sentence.
pub fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

fn name(actor: Actor) -> &'static str {
    match actor {
        Actor::Player => "you",
        Actor::Npc(npc_type) => npc_name(npc_type),
    }
}

/// One event in plain words, e.g. "The troll hits you for 2."
pub fn describe(event: GameEvent) -> String {
    match event {
        GameEvent::Attack {
            attacker: Actor::Player,
            target,
            damage,
        } => format!("You hit the {} for {damage}.", name(target)),
        GameEvent::Attack {
            attacker, damage, ..
        } => format!("The {} hits you for {damage}.", name(attacker)),
        GameEvent::Miss {
            attacker: Actor::Player,
            target,
        } => format!("You miss the {}.", name(target)),
        GameEvent::Miss { attacker, .. } => format!("The {} misses you.", name(attacker)),
        GameEvent::Kill { victim, .. } => format!("You kill the {}.", name(victim)),
        GameEvent::PlayerDied { killer } => format!("The {} kills you.", name(killer)),
        GameEvent::PickedUp { item } => looks::item(item).look.picked_up.clone(),
        GameEvent::Drank { item, healed: 0 } => {
            format!(
                "You drink {}. You were already unhurt.",
                looks::item(item).a()
            )
        }
        GameEvent::Drank { item, healed } => format!(
            "You drink {} and regain {healed} hit points.",
            looks::item(item).a()
        ),
        GameEvent::Descended { depth } if depth >= FINAL_DEPTH => format!(
            "You descend to depth {depth}, the bottom. {} is somewhere on this level.",
            capitalised(&looks::prize())
        ),
        GameEvent::Descended { depth } => format!("You descend to depth {depth}."),
        GameEvent::NoStairsHere => "There are no stairs down here.".to_string(),
        GameEvent::NothingToDrink => "You have no potion to drink.".to_string(),
        GameEvent::CameIntoView { npc_type } => {
            format!(
                "{} comes into view.",
                capitalised(&npc_with_article(npc_type))
            )
        }
        GameEvent::Shout {
            shouter,
            seen: true,
        } => format!("The {} shouts for help!", name(shouter)),
        GameEvent::Shout { seen: false, .. } => "You hear a shout.".to_string(),
    }
}

fn tone(event: GameEvent) -> Tone {
    match event {
        GameEvent::Attack {
            target: Actor::Player,
            ..
        }
        | GameEvent::PlayerDied { .. }
        | GameEvent::Shout { .. } => Tone::Danger,
        GameEvent::Kill { .. } | GameEvent::PickedUp { .. } | GameEvent::Drank { .. } => Tone::Good,
        GameEvent::Attack { .. }
        | GameEvent::Miss { .. }
        | GameEvent::CameIntoView { .. }
        | GameEvent::Descended { .. }
        | GameEvent::NoStairsHere
        | GameEvent::NothingToDrink => Tone::Normal,
    }
}
