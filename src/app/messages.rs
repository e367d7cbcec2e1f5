//! Game events in plain words, and the bounded log that keeps them.

use std::collections::VecDeque;

use crate::game::{Actor, GameEvent};

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
}

#[derive(Debug, Clone, Default)]
pub struct MessageLog {
    messages: VecDeque<Message>,
}

impl MessageLog {
    pub fn push(&mut self, text: String, tone: Tone) {
        if self.messages.len() == LOG_CAPACITY {
            self.messages.pop_front();
        }
        self.messages.push_back(Message { text, tone });
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

fn name(actor: Actor) -> &'static str {
    match actor {
        Actor::Player => "you",
        Actor::Npc(npc_type) => npc_type.name(),
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
        GameEvent::Kill { victim, .. } => format!("You kill the {}.", name(victim)),
        GameEvent::PlayerDied { killer } => format!("The {} kills you.", name(killer)),
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
        GameEvent::Kill { .. } => Tone::Good,
        GameEvent::Attack { .. } => Tone::Normal,
    }
}
