//! The wizard's commands in words, for the log (the wizard's panel is `debug::wizard`).

use super::looks;
use umbra_rules::game::{GasKind, ItemKind, NpcKind, WizardCommand};

/// A wizard's command done.
pub fn done(command: WizardCommand) -> String {
    format!("Wizard: {}.", done_words(command))
}

/// A wizard's spawn refused: the level has its most.
pub fn crowd_full(limit: u32) -> String {
    format!(
        "Wizard: no more monsters on this level ({limit} called up already, the most a level \
         takes)."
    )
}

/// A wizard's command that could not be done.
pub fn failed(command: WizardCommand) -> String {
    format!(
        "Wizard: cannot {} (nothing happens).",
        failed_words(command)
    )
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
        WizardCommand::LightLevel => "the level is lit, or its own light comes back".to_string(),
        WizardCommand::DarkenLevel => {
            "the level goes dark but for your light, or its own light comes back".to_string()
        }
        WizardCommand::SetFire { at } => format!("fire at {},{}", at.x, at.y),
        WizardCommand::ReleaseGas { kind, at } => format!(
            "{} let out at {},{}",
            GasKind::all()
                .nth(usize::from(kind))
                .map_or("?", |kind| looks::gas(kind).name.as_str()),
            at.x,
            at.y
        ),
        WizardCommand::SetOffMachine { at } => format!("the machine at {},{} goes off", at.x, at.y),
    }
}

fn failed_words(command: WizardCommand) -> &'static str {
    match command {
        WizardCommand::Descend => "go deeper than the bottom",
        WizardCommand::Teleport { .. } => "stand there",
        WizardCommand::Spawn { .. } | WizardCommand::SpawnAlly { .. } => "spawn there",
        WizardCommand::Give { .. } => {
            "give that: the pack is full, or a spare weapon or armour is carried already"
        }
        WizardCommand::SetFire { .. } => "set fire there",
        WizardCommand::ReleaseGas { .. } => "let gas out there",
        WizardCommand::SetOffMachine { .. } => "set off a machine there (none holds that cell)",
        WizardCommand::Heal
        | WizardCommand::Reveal
        | WizardCommand::SleepInView
        | WizardCommand::LightLevel
        | WizardCommand::DarkenLevel => "do that",
    }
}
