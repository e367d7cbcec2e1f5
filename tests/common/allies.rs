//! Helpers of the tests of captives and allies (tests/allies.rs, tests/ally_choices.rs).

use umbra_rules::Game;
use umbra_rules::content::NpcKind;
use umbra_rules::game::{Actor, GameEvent};

use super::Scenario;
use umbra_rules::game::FightEvent;

pub fn kind(letter: char) -> NpcKind {
    NpcKind::from_map_letter(letter).expect("a kind").0
}

/// Turns the NPC at `label` into an ally inside a scenario held by reference.
pub fn make_ally(s: &mut Scenario, label: char) {
    let taken = std::mem::replace(s, Scenario::new(&["###", "#@#", "###"]));
    *s = taken.with_ally(label);
}

pub fn steps_between(a: coord_2d::ICoord, b: coord_2d::ICoord) -> i32 {
    (a.x - b.x).abs() + (a.y - b.y).abs()
}

/// True if this turn's events hold a blow (landed or not) struck by `attacker` at `target`.
pub fn struck(game: &Game, attacker: Actor, target: Actor) -> bool {
    game.events().iter().any(|event| match *event {
        GameEvent::Fight(FightEvent::Attack {
            attacker: a,
            target: t,
            ..
        })
        | GameEvent::Fight(FightEvent::SneakAttack {
            attacker: a,
            target: t,
            ..
        })
        | GameEvent::Fight(FightEvent::Miss {
            attacker: a,
            target: t,
        }) => a == attacker && t == target,
        _ => false,
    })
}

/// An open room: the player, its ally at 1 beside it, an orc asleep at 2 four steps off (within
/// the leash) or at 3 nine steps off (beyond it).
pub const ROOM: &[&str] = &[
    "##############",
    "#............#",
    "#@1.2....3...#",
    "#............#",
    "##############",
];
