//! The wizard's commands in words. Every event has its arm, none a catch-all: a new kind does not
//! compile until the log says something of it (`super::describe`).

use super::super::wizard_words;
use super::super::words::Tone;
use umbra_rules::game::WizardEvent;

/// One event in plain words (see [`super::describe`]).
pub fn describe(event: WizardEvent) -> String {
    match event {
        WizardEvent::Wizardry { command } => wizard_words::done(command),
        WizardEvent::WizardCrowdFull { limit } => wizard_words::crowd_full(limit),
        WizardEvent::WizardryFailed { command } => wizard_words::failed(command),
    }
}

/// How the event reads (see `super::tone`).
pub(super) fn tone(event: WizardEvent) -> Tone {
    match event {
        WizardEvent::Wizardry { .. }
        | WizardEvent::WizardCrowdFull { .. }
        | WizardEvent::WizardryFailed { .. } => Tone::Normal,
    }
}
