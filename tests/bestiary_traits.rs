//! The bestiary's traits as a player meets them, by label on hand-drawn maps: a bat crosses a
//! chasm an orc must walk round; an eel under water cannot be struck and rises to bite; a monkey
//! takes an item, runs, and drops it when killed; a pink jelly struck splits in two with the hit
//! points shared; a conjurer's blades fade when their time is up; a spider's web holds the
//! player; an ally that sees an archer fall learns to shoot; a phantom is unseen until it
//! strikes; a zombie's rot does not harm it.

mod common;

use common::Scenario;
use coord_2d::ICoord;
use direction::CardinalDirection::*;
use umbra_rules::PlayerAction;
use umbra_rules::content::{Ability, NpcKind};
use umbra_rules::game::{Actor, GameEvent, Missile, NpcState, WizardCommand};
use umbra_rules::game::{BestiaryEvent, EnvironmentEvent, FightEvent, MagicEvent};

fn kind(letter: char) -> NpcKind {
    NpcKind::from_map_letter(letter).expect("a kind's letter").0
}

fn happened(s: &Scenario, what: impl Fn(&GameEvent) -> bool) -> bool {
    s.game.events().iter().any(what)
}

/// A chasm three cells wide between the player and the far wall, with a way round below it.
const CHASM: &[&str] = &[
    "############",
    "#@...:::..1#",
    "#....:::...#",
    "#....:::...#",
    "#..........#",
    "############",
];

/// Where the NPC from `1` stood after each of `turns` waits (the player never moves).
fn path_of(letter: char, turns: usize) -> Vec<ICoord> {
    let mut s = Scenario::with_npcs(CHASM, &[('1', letter)]);
    s.change(|g| g.with_player_max_hit_points(500));
    let mut path = Vec::new();
    for _ in 0..turns {
        s.act(PlayerAction::Wait);
        path.push(s.where_is('1'));
    }
    path
}

#[test]
fn a_bat_flies_over_the_chasm_an_orc_walks_round() {
    let s = Scenario::with_npcs(CHASM, &[('1', 'o')]);
    let player = s.game.player_coord();
    let beside = |at: &ICoord| (*at - player).manhattan_magnitude() == 1;
    let over_chasm = |path: &[ICoord]| path.iter().any(|&at| s.game.level().is_chasm(at));
    let orc = path_of('o', 14);
    s.check(!over_chasm(&orc), "the orc never sets foot over the chasm");
    s.check(
        !orc[..9].iter().any(beside),
        "and needs more than nine turns to come round",
    );
    let bat = path_of('v', 9);
    s.check(over_chasm(&bat), "the bat flies over it");
    s.check(bat.iter().any(beside), "and reaches the player within nine");
}

/// The player on the shore of a pool, an eel in the water beside it.
const POOL: &[&str] = &[
    "#######", //
    "#~~~~~#", //
    "#~~1~~#", //
    "#..@..#", //
    "#######", //
];

#[test]
fn an_eel_under_water_cannot_be_struck() {
    let mut s = Scenario::with_npcs(POOL, &[('1', 'E')]);
    let eel = s.where_is('1');
    s.check(
        s.game.level().cell_view(eel).tiles.character.is_none(),
        "the eel is not seen under the water",
    );
    let hit_points = s.npc('1').expect("the eel").hit_points;
    let outcome = s.act(PlayerAction::Move(North));
    s.check_eq(
        outcome,
        umbra_rules::game::TurnOutcome::NoTurn,
        "a blow at the water goes nowhere",
    );
    s.check_eq(
        s.npc('1').expect("the eel").hit_points,
        hit_points,
        "and the eel is unhurt",
    );
}

#[test]
fn an_eel_rises_to_bite_and_can_be_struck_until_it_dives() {
    let mut s = Scenario::with_npcs(POOL, &[('1', 'e')]);
    s.change(|g| g.with_player_max_hit_points(500));
    let eel = Actor::Npc(kind('e'));
    let bit = |s: &Scenario| {
        happened(s, |e| {
            matches!(e, GameEvent::Fight(FightEvent::Attack { attacker, target: Actor::Player, .. })
                | GameEvent::Fight(FightEvent::Miss { attacker, target: Actor::Player }) if *attacker == eel)
        })
    };
    let mut rose = false;
    for _ in 0..10 {
        s.act(PlayerAction::Wait);
        if bit(&s) {
            rose = true;
            break;
        }
    }
    s.check(rose, "the eel rises to bite the player");
    let at = s.where_is('1');
    s.check(
        s.game.level().cell_view(at).tiles.character.is_some(),
        "and is seen as it bites",
    );
    s.act(PlayerAction::Move(North));
    s.check(
        happened(&s, |e| {
            matches!(e, GameEvent::Fight(FightEvent::Attack { attacker: Actor::Player, target, .. })
                | GameEvent::Fight(FightEvent::Miss { attacker: Actor::Player, target }) if *target == eel)
        }),
        "and the player's blow reaches it",
    );
}

#[test]
fn a_monkey_takes_an_item_runs_and_drops_it_when_killed() {
    let mut s = Scenario::with_npcs(&["##########", "#@1......#", "##########"], &[('1', 'm')]);
    s.change(|g| g.with_player_max_hit_points(500));
    let potion = common::potion();
    let kind_index = potion.index() as u8;
    s.act(PlayerAction::Wizard(WizardCommand::Give {
        kind: kind_index,
    }));
    let mut stolen = false;
    for _ in 0..30 {
        s.act(PlayerAction::Wait);
        if happened(&s, |e| {
            matches!(e, GameEvent::Bestiary(BestiaryEvent::Stole { .. }))
        }) {
            stolen = true;
            break;
        }
    }
    s.check(stolen, "the monkey snatches the potion");
    s.check_eq(
        s.game.pack().count_of(potion),
        0,
        "it is gone from the pack",
    );
    s.check_eq(s.mind('1').state, NpcState::Fleeing, "and the monkey runs");
    let monkey = s.npc('1').expect("the monkey").id;
    s.change(|g| g.with_npc_hit_points(monkey, 1));
    let mut died_at = None;
    for _ in 0..40 {
        let before = s.npc('1').map(|n| n.coord);
        s.act(PlayerAction::Move(East));
        if s.npc('1').is_none() {
            died_at = before;
            break;
        }
    }
    let died_at = died_at.unwrap_or_else(|| s.fail("the monkey was never caught"));
    s.check_eq(
        s.game.item_at(died_at).map(|lying| lying.kind),
        Some(potion),
        "the potion lies where the monkey died",
    );
}

/// A monkey takes only what is not in use: a player carrying nothing but the dagger it wields
/// and the armour it wears loses nothing to it.
#[test]
fn a_monkey_never_takes_what_is_wielded_or_worn() {
    let mut s = Scenario::with_npcs(
        &["###########", "#[)@.....1#", "###########"],
        &[('1', 'm')],
    );
    s.change(|g| g.with_player_max_hit_points(500));
    // Each put to use as it is picked up: one spare at most is carried.
    for _ in 0..2 {
        s.act(PlayerAction::Move(West));
        let stacks: Vec<_> = s.game.pack().stacks().collect();
        for (slot, stack) in stacks {
            if !s.game.pack().is_in_use(stack.kind) {
                s.act(PlayerAction::Use { slot, at: None });
            }
        }
    }
    let carried = s.game.pack().stacks().count();
    s.check(
        carried == 2
            && s.game
                .pack()
                .stacks()
                .all(|(_, st)| s.game.pack().is_in_use(st.kind)),
        "the dagger wielded and the armour worn, nothing else",
    );
    for _ in 0..30 {
        s.act(PlayerAction::Wait);
    }
    s.check(
        !happened(&s, |e| {
            matches!(e, GameEvent::Bestiary(BestiaryEvent::Stole { .. }))
        }),
        "nothing stolen",
    );
    s.check_eq(
        s.game.pack().stacks().count(),
        carried,
        "both still carried",
    );
}

/// A monkey cornered with its prize turns to fight; once the player is out of its sight it
/// runs again, the prize still its own, rather than searching for the player like a hunter.
#[test]
fn a_cornered_monkey_runs_again_with_its_prize_once_the_player_is_gone() {
    let mut s = Scenario::with_npcs(
        &[
            "##########",
            "#1@......#",
            "########.#",
            "########.#",
            "########2#",
            "##########",
        ],
        &[('1', 'm')],
    );
    s.change(|g| g.with_player_max_hit_points(500));
    let potion = common::potion().index() as u8;
    s.act(PlayerAction::Wizard(WizardCommand::Give { kind: potion }));
    let stole = (0..30).any(|_| {
        s.act(PlayerAction::Wait);
        happened(&s, |e| {
            matches!(e, GameEvent::Bestiary(BestiaryEvent::Stole { .. }))
        })
    });
    s.check(stole, "the monkey snatches the potion");
    let turned = (0..5).any(|_| {
        s.act(PlayerAction::Wait);
        s.mind('1').state == NpcState::Hunting
    });
    s.check(turned, "with its back to the wall it turns to fight");
    s.act(PlayerAction::Wizard(WizardCommand::Teleport {
        to: s.at('2'),
    }));
    for _ in 0..3 {
        s.act(PlayerAction::Wait);
    }
    s.check_eq(
        s.mind('1').state,
        NpcState::Fleeing,
        "the player gone, it runs with the potion again",
    );
}

#[test]
fn a_pink_jelly_struck_splits_in_two_sharing_its_hit_points() {
    let mut s = Scenario::with_npcs(&["#########", "#@1.....#", "#########"], &[('1', 'y')]);
    s.change(|g| g.with_player_max_hit_points(500));
    let jelly = Actor::Npc(kind('y'));
    for _ in 0..20 {
        let before: u32 = s.npcs().iter().map(|n| n.hit_points.current).sum();
        s.act(PlayerAction::Move(East));
        let dealt = s.game.events().iter().find_map(|e| match *e {
            GameEvent::Fight(FightEvent::Attack {
                attacker: Actor::Player,
                target,
                damage,
            }) if target == jelly && damage > 0 => Some(damage),
            _ => None,
        });
        let Some(dealt) = dealt else {
            continue;
        };
        let jellies = s.npcs();
        s.check_eq(jellies.len(), 2, "a struck jelly is two jellies");
        s.check(
            jellies.iter().all(|n| n.kind == kind('y')),
            "both of them jellies",
        );
        let after: u32 = jellies.iter().map(|n| n.hit_points.current).sum();
        s.check_eq(after, before - dealt, "sharing what the first had left");
        let (a, b) = (jellies[0].hit_points.current, jellies[1].hit_points.current);
        s.check(a.abs_diff(b) <= 1, "half each");
        return;
    }
    s.fail("the player never landed a blow");
}

#[test]
fn a_conjurers_blades_fade_when_their_time_is_up() {
    let mut s = Scenario::with_npcs(
        &["############", "#@........1#", "############"],
        &[('1', 'c')],
    );
    s.change(|g| g.with_player_max_hit_points(500));
    let blade = kind('k');
    let blades = |s: &Scenario| s.npcs().iter().filter(|n| n.kind == blade).count();
    s.act(PlayerAction::Wait);
    s.check(
        happened(&s, |e| {
            matches!(e, GameEvent::Bestiary(BestiaryEvent::Summoned { .. }))
        }),
        "the conjurer calls its blades",
    );
    s.check(blades(&s) >= 2, "two or three of them");
    let told = (s.game.events().iter()).find_map(|e| match e {
        GameEvent::Bestiary(BestiaryEvent::Summoned { count, .. }) => Some(*count),
        _ => None,
    });
    s.check_eq(
        told,
        Some(blades(&s) as u32),
        "the log counts the blades called",
    );
    s.check_eq(
        s.game.inhabitants().joined_and_faded().0,
        blades(&s) as u32,
        "and each joined the level",
    );
    s.wait(14);
    s.check(blades(&s) > 0, "they last their fifteen turns");
    s.wait(2);
    s.check_eq(blades(&s), 0, "then fade away");
}

/// A conjurer with no room round it calls nothing, and nothing is said of a call.
#[test]
fn a_conjurer_with_no_room_calls_no_blades() {
    let mut s = Scenario::with_npcs(&["#####", "#@1##", "#####"], &[('1', 'c')]);
    s.change(|g| g.with_player_max_hit_points(500));
    for _ in 0..5 {
        s.act(PlayerAction::Wait);
        s.check(
            !happened(&s, |e| {
                matches!(e, GameEvent::Bestiary(BestiaryEvent::Summoned { .. }))
            }),
            "no call is told",
        );
    }
    s.check_eq(s.npcs().len(), 1, "and no blade came");
}

#[test]
fn a_spiders_web_holds_the_player_for_its_tries() {
    let mut s = Scenario::with_npcs(
        &["###########", "#.@....1..#", "###########"],
        &[('1', 'r')],
    );
    s.change(|g| g.with_player_max_hit_points(500));
    s.act(PlayerAction::Wait);
    s.check(
        happened(&s, |e| {
            matches!(
                e,
                GameEvent::Bestiary(BestiaryEvent::Webbed {
                    target: Actor::Player
                })
            )
        }),
        "the spider's web catches the player",
    );
    let held_at = s.game.player_coord();
    for _ in 0..3 {
        s.act(PlayerAction::Move(West));
        s.check_eq(s.game.player_coord(), held_at, "the web holds");
        s.check(
            happened(&s, |e| {
                matches!(
                    e,
                    GameEvent::Bestiary(BestiaryEvent::Struggled { who: Actor::Player })
                )
            }),
            "the player struggles",
        );
    }
}

/// An orc ally at 2 stands by while the player cuts down a foe of `kind` at 1, left at one hit
/// point: the scenario after the fall, and the ally.
fn ally_sees_a_fall(foe: char) -> (Scenario, umbra_rules::game::EntityId) {
    let mut s = Scenario::with_npcs(
        &[
            "############",
            "#2.@1......#",
            "#..........#",
            "############",
        ],
        &[('1', foe), ('2', 'o')],
    )
    .with_ally('2');
    s.change(|g| g.with_player_max_hit_points(500));
    let victim = s.npc('1').expect("the foe").id;
    s.change(|g| g.with_npc_hit_points(victim, 1));
    for _ in 0..20 {
        if s.npc('1').is_none() {
            break;
        }
        s.act(PlayerAction::Move(East));
    }
    s.check(s.npc('1').is_none(), "the foe falls");
    let ally = s.npc('2').expect("the ally lives").id;
    (s, ally)
}

#[test]
fn an_ally_that_sees_an_archer_fall_learns_to_shoot() {
    let (s, ally) = ally_sees_a_fall('a');
    let arrow = kind('a').rules().bolt.expect("the archer's arrow");
    s.check_eq(
        s.game.inhabitants().npc_condition(ally).learned,
        Some(Ability::Bolt(arrow)),
        "the ally learned the archer's arrow",
    );
}

/// An ally that saw a troll fall heals as a troll does, a hit point every few turns; nothing
/// else about an orc heals it.
#[test]
fn an_ally_that_sees_a_troll_fall_learns_to_regenerate() {
    let (mut s, ally) = ally_sees_a_fall('T');
    s.check_eq(
        s.game.inhabitants().npc_condition(ally).learned,
        Some(Ability::Regeneration),
        "the ally learned to regenerate",
    );
    s.change(|g| g.with_npc_hit_points(ally, 1));
    s.wait(12);
    let healed = s.npc('2').expect("the ally").hit_points.current;
    s.check(healed >= 4, &format!("it healed ({healed} after 12 turns)"));
}

#[test]
fn an_ally_who_learned_a_bolt_shoots_with_it() {
    let mut s = Scenario::with_npcs(
        &[
            "##############",
            "#.....@1.....#",
            "#............#",
            "#....2.......#",
            "#............#",
            "#.........3..#",
            "##############",
        ],
        &[('1', 'a'), ('2', 'o'), ('3', 'T')],
    )
    .with_ally('2');
    s.change(|g| g.with_player_max_hit_points(500));
    let archer = s.npc('1').expect("the archer").id;
    s.change(|g| g.with_npc_hit_points(archer, 1));
    while s.npc('1').is_some() {
        s.act(PlayerAction::Move(East));
    }
    let ally = s.npc('2').expect("the ally").id;
    s.check(
        s.game.inhabitants().npc_condition(ally).learned.is_some(),
        "the ally learned",
    );
    let orc = Actor::Ally(kind('o'));
    let mut shot = false;
    for _ in 0..10 {
        s.act(PlayerAction::Wait);
        shot |= happened(
            &s,
            |e| matches!(e, GameEvent::Fight(FightEvent::Flew { by, what: Missile::Bolt(_), .. }) if *by == orc),
        );
    }
    s.check(shot, "the ally shoots at the troll");
}

#[test]
fn a_phantom_is_unseen_until_it_strikes() {
    let mut s = Scenario::with_npcs(&["##########", "#@.....1.#", "##########"], &[('1', 'p')]);
    s.change(|g| g.with_player_max_hit_points(500));
    let phantom = Actor::Npc(kind('p'));
    for _ in 0..20 {
        s.act(PlayerAction::Wait);
        let at = s.where_is('1');
        let struck = happened(&s, |e| {
            matches!(e, GameEvent::Fight(FightEvent::Attack { attacker, .. })
                | GameEvent::Fight(FightEvent::Miss { attacker, .. }) if *attacker == phantom)
        });
        let seen = s.game.level().cell_view(at).tiles.character.is_some();
        s.check_eq(seen, struck, "seen exactly on the turns it strikes");
        if struck {
            return;
        }
    }
    s.fail("the phantom never struck");
}

#[test]
fn a_zombie_is_at_home_in_its_rot_and_the_player_is_not() {
    let mut s = Scenario::with_npcs(&["#######", "#@1...#", "#######"], &[('1', 'x')]);
    s.change(|g| g.with_player_max_hit_points(500));
    let zombie = s.npc('1').expect("the zombie").id;
    s.change(|g| g.with_player_hit_points(500));
    let rot = |s: &Scenario| {
        happened(s, |e| {
            matches!(
                e,
                GameEvent::Environment(EnvironmentEvent::Burnt {
                    cause: Actor::Gas(_),
                    target: Actor::Player,
                    ..
                })
            )
        })
    };
    let mut rotted = false;
    for _ in 0..20 {
        s.act(PlayerAction::Wait);
        rotted |= rot(&s);
    }
    s.check(rotted, "the rot burns the player beside it");
    s.check(
        s.game
            .inhabitants()
            .npcs()
            .any(|n| n.id == zombie && n.hit_points.current == n.hit_points.max),
        "and never the zombie",
    );
}

/// Each run's deep levels hold kinds its first levels never showed: over seeds 1–8, at least
/// four kinds on depths 8–10 appear on no level of depths 1–3.
#[test]
fn the_deep_levels_hold_kinds_the_shallow_ones_never_show() {
    use std::collections::BTreeSet;
    use umbra_rules::game::{DEFAULT_MAP_SIZE, level_of_run};
    let kinds_on = |depths: std::ops::RangeInclusive<u32>| -> BTreeSet<NpcKind> {
        (1..=8u64)
            .flat_map(|seed| depths.clone().map(move |depth| (seed, depth)))
            .flat_map(|(seed, depth)| level_of_run(seed, depth, DEFAULT_MAP_SIZE).npcs)
            .map(|npc| npc.kind)
            .collect()
    };
    let shallow = kinds_on(1..=3);
    let deep = kinds_on(8..=10);
    let new: Vec<_> = deep.difference(&shallow).collect();
    assert!(
        new.len() >= 4,
        "only {} new kinds below: {new:?}",
        new.len()
    );
}

#[test]
fn a_mystic_hastes_the_orc_beside_it_and_the_orc_runs_twice_as_fast() {
    let mut s = Scenario::with_npcs(
        &[
            "#################",
            "#@.........12...#",
            "#################",
        ],
        &[('1', 'o'), ('2', 'g')],
    );
    s.change(|g| g.with_player_max_hit_points(500));
    s.act(PlayerAction::Wait);
    s.check(
        happened(&s, |e| {
            matches!(
                e,
                GameEvent::Magic(MagicEvent::Hasted {
                    target: Actor::Npc(_)
                })
            )
        }),
        "the mystic hastes the orc",
    );
    let before = s.where_is('1');
    s.act(PlayerAction::Wait);
    let after = s.where_is('1');
    s.check_eq(
        (before - after).manhattan_magnitude(),
        2,
        "the hasted orc comes on two steps a turn",
    );
}

#[test]
fn a_salamander_leaves_the_grass_burning_behind_it_and_never_burns() {
    let mut s = Scenario::with_npcs(
        &["##############", "#@..````````1#", "##############"],
        &[('1', 'l')],
    );
    s.change(|g| g.with_player_max_hit_points(500));
    let salamander = s.npc('1').expect("the salamander").id;
    let mut lit = false;
    for _ in 0..6 {
        let from = s.where_is('1');
        s.act(PlayerAction::Wait);
        let to = s.where_is('1');
        if to != from {
            lit |= s.game.level().fire_at(from).is_some();
        }
        s.check(
            !s.game.inhabitants().is_burning(salamander),
            "fire never catches it",
        );
    }
    s.check(lit, "the grass it stepped off burns");
}
