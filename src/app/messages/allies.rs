//! Captives and allies in words. Every event has its arm, none a catch-all: a new kind does not
//! compile until the log says something of it (`super::describe`).

use super::super::words::{Tone, npc_name};
use umbra_rules::game::AllyEvent;

/// One event in plain words (see [`super::describe`]).
pub fn describe(event: AllyEvent) -> String {
    match event {
        AllyEvent::Freed { kind } => format!(
            "You free the captive {}. It will fight at your side.",
            npc_name(kind)
        ),
        AllyEvent::CaptiveAsksFreeing => "A captive: walk into it again to free it.".to_string(),
        AllyEvent::NoCaptiveThere => "There is nobody there to free.".to_string(),
        AllyEvent::CaptiveCaged { kind } => format!(
            "The captive {} is caged: out of reach for good.",
            npc_name(kind)
        ),
        AllyEvent::CaptiveCameIntoView { kind } => format!(
            "You see a captive {}: walk into it to free it.",
            npc_name(kind)
        ),
        AllyEvent::AllyArrived { kind } => {
            format!("Your {} follows you down.", npc_name(kind))
        }
    }
}

/// How the event reads (see `super::tone`).
pub(super) fn tone(event: AllyEvent) -> Tone {
    match event {
        AllyEvent::Freed { .. } | AllyEvent::AllyArrived { .. } => Tone::Good,
        AllyEvent::CaptiveAsksFreeing
        | AllyEvent::NoCaptiveThere
        | AllyEvent::CaptiveCaged { .. }
        | AllyEvent::CaptiveCameIntoView { .. } => Tone::Normal,
    }
}
