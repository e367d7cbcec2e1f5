//! Game events in plain words, and the bounded log that keeps them.

mod allies;
mod bestiary;
mod dungeon;
mod environment;
mod fight;
mod grammar;
mod items;
mod magic;
mod wizard;

use std::collections::VecDeque;

pub use super::words::{Tone, capitalised, counted, npc_name, npc_with_article};
use umbra_rules::game::{Actor, FightEvent, GameEvent, NpcKind};

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

    /// Says what happened, unless it is only drawn (a flight); `unseen`: by a monster the
    /// player does not see, which is said ("An unseen goblin archer shoots an arrow.").
    pub fn record(&mut self, event: GameEvent, unseen: bool) {
        let words = match unseen {
            true => describe_unseen(event).unwrap_or_else(|| describe(event)),
            false => describe(event),
        };
        if !words.is_empty() {
            self.push(words, tone(event));
        }
    }

    /// Says a turn's events in the order a player would tell them: a monster that came into
    /// view is told before what it did as it came (a blow from the dark, a shot, a shout),
    /// not after. `unseen` as for [`MessageLog::record`].
    pub fn record_turn(&mut self, events: &[GameEvent], unseen: impl Fn(GameEvent) -> bool) {
        let mut told_early = Vec::new();
        for (i, &event) in events.iter().enumerate() {
            if told_early.contains(&i) {
                continue;
            }
            if let Some(kind) = acted_as(event) {
                let sighting = (events.iter().enumerate().skip(i + 1)).find(|&(j, &later)| {
                    !told_early.contains(&j)
                        && later == GameEvent::Fight(FightEvent::CameIntoView { kind })
                });
                if let Some((j, &sighting)) = sighting {
                    told_early.push(j);
                    self.record(sighting, false);
                }
            }
            self.record(event, unseen(event));
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

/// A blow at the player or a shot from a monster the player does not see, saying so: the
/// player knows what struck it, not that it saw it. None for any other event.
fn describe_unseen(event: GameEvent) -> Option<String> {
    match event {
        GameEvent::Fight(event) => fight::describe_unseen(event),
        GameEvent::Items(_)
        | GameEvent::Magic(_)
        | GameEvent::Bestiary(_)
        | GameEvent::Environment(_)
        | GameEvent::Allies(_)
        | GameEvent::Dungeon(_)
        | GameEvent::Wizard(_) => None,
    }
}

/// One event in plain words, e.g. "The troll hits you for 2."; empty for an event that is only
/// drawn (a flight). Each family of events is worded in a file of its own, every event by name.
/// The kind of monster whose doing the event tells, where it is one the player may meet
/// only as it comes into view.
fn acted_as(event: GameEvent) -> Option<NpcKind> {
    match event {
        GameEvent::Fight(
            FightEvent::Attack {
                attacker: Actor::Npc(kind),
                ..
            }
            | FightEvent::Miss {
                attacker: Actor::Npc(kind),
                ..
            }
            | FightEvent::Flew {
                by: Actor::Npc(kind),
                ..
            }
            | FightEvent::Shout {
                shouter: Actor::Npc(kind),
                ..
            },
        ) => Some(kind),
        _ => None,
    }
}

pub fn describe(event: GameEvent) -> String {
    match event {
        GameEvent::Fight(event) => fight::describe(event),
        GameEvent::Items(event) => items::describe(event),
        GameEvent::Magic(event) => magic::describe(event),
        GameEvent::Bestiary(event) => bestiary::describe(event),
        GameEvent::Environment(event) => environment::describe(event),
        GameEvent::Allies(event) => allies::describe(event),
        GameEvent::Dungeon(event) => dungeon::describe(event),
        GameEvent::Wizard(event) => wizard::describe(event),
    }
}

/// How an event reads: harm in red, gains in green. Every event has its arm, as in
/// [`describe`].
fn tone(event: GameEvent) -> Tone {
    match event {
        GameEvent::Fight(event) => fight::tone(event),
        GameEvent::Items(event) => items::tone(event),
        GameEvent::Magic(event) => magic::tone(event),
        GameEvent::Bestiary(event) => bestiary::tone(event),
        GameEvent::Environment(event) => environment::tone(event),
        GameEvent::Allies(event) => allies::tone(event),
        GameEvent::Dungeon(event) => dungeon::tone(event),
        GameEvent::Wizard(event) => wizard::tone(event),
    }
}
