//! The bestiary's doings in words: webs, haste, a thief's hand, a jelly dividing, a conjurer's
//! blades and their fading, an ally learning; and what a kind does and what state a monster is
//! in, as the look and the sidebar say them ("flies", "splits when hit", "carrying your staff").

use super::item_messages::the;
use super::item_names::item_words;
use super::words::{capitalised, npc_name};
use chargrid::core::ICoord;
use umbra_rules::game::{Ability, Actor, Game, ItemName, NpcKind, NpcTrait};

pub fn webbed(target: Actor) -> String {
    match target {
        Actor::Player => "A web catches you: you are stuck fast!".to_string(),
        other => format!("A web catches {}.", the(other)),
    }
}

pub fn struggled(who: Actor) -> String {
    match who {
        Actor::Player => "You struggle in the web.".to_string(),
        other => format!("{} struggles in the web.", capitalised(&the(other))),
    }
}

pub fn hasted(target: Actor) -> String {
    match target {
        Actor::Player => "You feel yourself speed up.".to_string(),
        other => format!("{} speeds up!", capitalised(&the(other))),
    }
}

pub fn stole(thief: NpcKind, item: ItemName) -> String {
    format!(
        "The {} snatches {} from your pack and runs!",
        npc_name(thief),
        item_words(item, 1)
    )
}

pub fn split(who: Actor) -> String {
    format!("{} splits in two!", capitalised(&the(who)))
}

pub fn summoned(summoner: Actor, kind: NpcKind, count: u32) -> String {
    let called = match count {
        1 => format!("a {}", npc_name(kind)),
        _ => format!("{count} {}", super::looks::npc(kind).look.plural),
    };
    format!("{} calls {called}!", capitalised(&the(summoner)))
}

pub fn faded(who: Actor) -> String {
    format!("{} fades away.", capitalised(&the(who)))
}

pub fn learned(ally: NpcKind, ability: Ability) -> String {
    format!(
        "Your {} watches the fall and learns {}.",
        npc_name(ally),
        ability_words(ability)
    )
}

/// What an ally learned, as "learns ..." and the look finish it.
pub fn ability_words(ability: Ability) -> String {
    match ability {
        Ability::Bolt(bolt) => format!("to send {}", super::looks::bolt(bolt).look.plural),
        Ability::Flight => "to fly".to_string(),
        Ability::Regeneration => "to heal fast".to_string(),
    }
}

/// What a trait makes a kind do, in a few words for the look ("flies"); none for the traits
/// its description already tells by its manner (shouting, fleeing, keeping away).
pub fn trait_words(tr: NpcTrait) -> &'static str {
    match tr {
        NpcTrait::Flies => "flies",
        NpcTrait::Flits => "flits",
        NpcTrait::Submerges => "swims under water",
        NpcTrait::Invisible => "invisible",
        NpcTrait::Fireproof => "fireproof",
        NpcTrait::Kindles => "sets fires",
        NpcTrait::Steals => "steals",
        NpcTrait::Splits => "splits when hit",
        NpcTrait::WalksWebs => "walks webs",
        NpcTrait::ShoutsOnSight => "shouts",
        NpcTrait::FleesWhenHurt => "flees when hurt",
        NpcTrait::KeepsDistance => "keeps its distance",
    }
}

/// What a living monster in view is and does, for the look's lines under the cell's: its
/// traits and its description ("Flies, flits. Flies over chasms..."), then what it learned or
/// carries.
pub fn creature_lines(game: &Game, coord: ICoord) -> Vec<String> {
    let Some(npc) = game.inhabitants().npc_at(coord) else {
        return Vec::new();
    };
    let look = super::looks::npc(npc.kind);
    let rules = npc.kind.rules();
    let mut doings: Vec<&str> = rules.traits.iter().map(|&t| trait_words(t)).collect();
    if rules.summons.is_some() {
        doings.push("summons");
    }
    if rules.exhales.is_some() {
        doings.push("breathes gas");
    }
    if rules.lifespan.is_some() {
        doings.push("fades");
    }
    let mut lines = Vec::new();
    let description = &look.look.description;
    lines.push(match doings.is_empty() {
        true => description.clone(),
        false => format!("{}. {description}", capitalised(&doings.join(", "))),
    });
    let condition = game.inhabitants().npc_condition(npc.id);
    if let Some(ability) = condition.learned {
        lines.push(format!("It has learned {}.", ability_words(ability)));
    }
    if let Some(item) = condition.carrying {
        lines.push(format!("It carries {}.", item_words(item, 1)));
    }
    lines
}
