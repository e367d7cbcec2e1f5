//! The wizard's commands in words, for the log.

use super::super::looks;
use umbra_rules::game::{GameEvent, ItemKind, NpcKind, WizardCommand};

/// A wizard command's event in words; none for other events.
pub fn describe(event: GameEvent) -> Option<String> {
    Some(match event {
        GameEvent::Wizardry { command } => format!("Wizard: {}.", done_words(command)),
        GameEvent::WizardCrowdFull { limit } => format!(
            "Wizard: no more monsters on this level ({limit} called up already, the most a \
             level takes)."
        ),
        GameEvent::WizardryFailed { command } => {
            format!(
                "Wizard: cannot {} (nothing happens).",
                failed_words(command)
            )
        }
        _ => return None,
    })
}

fn done_words(command: WizardCommand) -> String {
    match command {
        WizardCommand::Descend => "down you go".to_string(),
        WizardCommand::Teleport { to } => format!("you stand at {},{}", to.x, to.y),
        WizardCommand::Spawn { kind, at } => format!(
            "{} appears at {},{}",
            NpcKind::all()
                .nth(usize::from(kind))
                .map_or("?".to_string(), |kind| looks::npc(kind).a()),
            at.x,
            at.y
        ),
        WizardCommand::SpawnAlly { kind, at } => format!(
            "{} appears at {},{}, on your side",
            NpcKind::all()
                .nth(usize::from(kind))
                .map_or("?".to_string(), |kind| looks::npc(kind).a()),
            at.x,
            at.y
        ),
        WizardCommand::Give { kind } => format!(
            "you are given {}",
            ItemKind::all()
                .nth(usize::from(kind))
                .map_or("?".to_string(), |kind| looks::item(kind).a())
        ),
        WizardCommand::Heal => "you are fully healed".to_string(),
        WizardCommand::Reveal => "the whole level is revealed".to_string(),
        WizardCommand::SleepInView => "every monster in view falls asleep".to_string(),
    }
}

fn failed_words(command: WizardCommand) -> &'static str {
    match command {
        WizardCommand::Descend => "go deeper than the bottom",
        WizardCommand::Teleport { .. } => "stand there",
        WizardCommand::Spawn { .. } | WizardCommand::SpawnAlly { .. } => "spawn there",
        WizardCommand::Give { .. } => "give that: the pack is full",
        WizardCommand::Heal | WizardCommand::Reveal | WizardCommand::SleepInView => "do that",
    }
}
