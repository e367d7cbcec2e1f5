//! Bump combat: walking into an enemy attacks it, the dead leave corpses, NPCs never fight each
//! other, and the player's death ends the game.

mod common;

use common::Scenario;
use coord_2d::ICoord;
use direction::CardinalDirection::*;
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra_rules::PlayerAction;
use umbra_rules::balance;
use umbra_rules::game::FightEvent;
use umbra_rules::game::{Actor, GameEvent, TurnOutcome};
use umbra_rules::terrain;
use umbra_rules::visibility::CellVisibility;
use umbra_rules::world::{ActOutcome, Tile, World};

fn orc_actor() -> Actor {
    Actor::Npc(common::orc())
}

/// Swings east until the NPC there dies; the damage the player's blows reported.
fn fight_east(s: &mut Scenario) -> u32 {
    let count = s.npcs().len();
    let mut dealt = 0;
    for _ in 0..200 {
        s.act(PlayerAction::Move(East));
        for event in s.game.events() {
            if let GameEvent::Fight(FightEvent::Attack {
                attacker: Actor::Player,
                damage,
                ..
            }) = event
            {
                dealt += damage;
            }
        }
        if s.npcs().len() < count {
            return dealt;
        }
    }
    panic!("the NPC east of the player never died");
}

#[test]
fn an_orc_dies_when_the_blows_add_up_to_its_hit_points_and_leaves_a_corpse() {
    // In a dead end, so the hurt orc cannot run.
    let mut s = Scenario::with_npcs(&["#####", "#.@1#", "#####"], &[('1', 'o')]);
    let orc = s.at('1');
    let found = s.game.inhabitants().npc_at(orc).map(|npc| npc.kind);
    s.check_eq(found, Some(common::orc()), "the orc stands at 1");
    s.check(
        s.game.inhabitants().npc_at(s.game.player_coord()).is_none(),
        "the player is no NPC",
    );
    let tally = |s: &Scenario| {
        let game = &s.game;
        (
            game.kills(),
            game.deaths(),
            game.enemies_left(),
            game.is_cleared(),
        )
    };
    s.check_eq(
        tally(&s),
        (0, 0, 1, false),
        "kills, deaths, enemies left, cleared",
    );
    let max = common::orc().rules().hit_points;
    let mut dealt = 0;
    while dealt < max {
        s.check_eq(
            s.npc_coords(),
            vec![orc],
            &format!("still standing after {dealt}"),
        );
        s.act(PlayerAction::Move(East));
        for event in s.game.events() {
            match *event {
                GameEvent::Fight(FightEvent::Attack {
                    attacker: Actor::Player,
                    target,
                    damage,
                }) if target == orc_actor() => {
                    let (low, high) = balance::PLAYER_ATTACK.damage;
                    s.check(
                        (low..=high).contains(&damage),
                        &format!("{damage} is on the dice"),
                    );
                    dealt += damage;
                }
                GameEvent::Fight(FightEvent::Miss {
                    attacker: Actor::Player,
                    target,
                }) if target == orc_actor() => (),
                GameEvent::Fight(FightEvent::Attack {
                    attacker: Actor::Player,
                    ..
                })
                | GameEvent::Fight(FightEvent::Miss {
                    attacker: Actor::Player,
                    ..
                }) => panic!("{event:?}"),
                _ => (),
            }
        }
    }
    s.check(s.npcs().is_empty(), "no NPC is left standing");
    s.check(
        s.game
            .events()
            .contains(&GameEvent::Fight(FightEvent::Kill {
                killer: Actor::Player,
                victim: orc_actor(),
            })),
        "the player's kill is told",
    );
    s.check_eq(
        s.game.level().cell_view(orc).tiles.corpse,
        Some(Tile::Corpse),
        "a corpse lies where the orc fell",
    );
    s.check_eq(
        s.game.level().cell_view(orc).tiles.character,
        None,
        "nobody stands there",
    );
    s.check_eq(
        s.game.inhabitants().count_corpses(),
        1,
        "corpses on the level",
    );
    s.check_eq(
        s.game.kills_of(common::orc()),
        1,
        "the kill is counted for the morgue",
    );
    s.check_eq(
        (s.game.kills_of(common::troll()), s.game.kills()),
        (0, 1),
        "kills of trolls, and in all",
    );
    s.check_eq(tally(&s), (1, 1, 0, true), "the level is cleared");
    s.act(PlayerAction::Move(East));
    s.check_eq(
        s.game.player_coord(),
        orc,
        "the player can walk over the corpse",
    );
}

#[test]
fn a_second_death_on_the_same_cell_replaces_the_corpse() {
    // Trolls, which never run, and a player who outlasts two of them.
    let mut s = Scenario::with_npcs(&["#######", "#@1T..#", "#######"], &[('1', 'T')]);
    s.game = s.game.with_player_max_hit_points(100);
    let spot = s.at('1');
    s.check_eq(
        s.game.inhabitants().count_corpses(),
        0,
        "corpses on the level",
    );
    let max = common::troll().rules().hit_points;
    let dealt = fight_east(&mut s);
    s.check(dealt >= max, "the first troll took its hit points");
    s.check_eq(
        s.game.inhabitants().count_corpses(),
        1,
        "corpses on the level",
    );
    // The second troll steps onto the corpse to reach the player.
    s.wait(1);
    s.check_eq(
        s.npc_coords(),
        vec![spot],
        "the second troll stands where the first fell",
    );
    fight_east(&mut s);
    s.check(s.npcs().is_empty(), "no NPC is left standing");
    s.check_eq(
        s.game.inhabitants().count_corpses(),
        1,
        "one corpse per cell",
    );
}

#[test]
fn npcs_never_hurt_each_other() {
    let mut s = Scenario::new(&[
        "#########",
        "#oTo....#",
        "#T@To...#",
        "#oTo....#",
        "#########",
    ]);
    for _ in 0..5 {
        s.wait(1);
        for event in s.game.events() {
            if let GameEvent::Fight(FightEvent::Attack { target, .. }) = event {
                s.check_eq(*target, Actor::Player, &format!("{event:?}"));
            }
        }
    }
    for npc in s.npcs() {
        s.check_eq(
            npc.hit_points.current,
            npc.hit_points.max,
            &format!("{npc:?}"),
        );
    }
}

#[test]
fn the_players_death_ends_the_game() {
    let mut s = Scenario::new(&["#######", "#@T...#", "#######"]);
    let mut turns = 0;
    while !s.game.is_over() {
        s.wait(1);
        turns += 1;
        s.check(turns < 100, "a troll next door kills a waiting player");
    }
    s.check(
        s.game
            .events()
            .contains(&GameEvent::Fight(FightEvent::PlayerDied {
                killer: Actor::Npc(common::troll()),
            })),
        "the troll's kill is told",
    );
    s.check_eq(
        s.game.player_hit_points().current,
        0,
        "the dead player has no hit points",
    );
    let before = (s.game.turn(), s.npc_coords(), s.game.player_coord());
    for action in [
        PlayerAction::Move(East),
        PlayerAction::Move(West),
        PlayerAction::Wait,
    ] {
        let outcome = s.act(action);
        s.check_eq(outcome, TurnOutcome::NoTurn, "nothing happens after death");
    }
    s.check_eq(
        (s.game.turn(), s.npc_coords(), s.game.player_coord()),
        before,
        "nothing moves after death",
    );
    let body = s.game.level().cell_view(s.game.player_coord()).tiles;
    s.check_eq(
        body.corpse,
        Some(Tile::Corpse),
        "the player's corpse lies where it died",
    );
    s.check_eq(body.character, None, "nobody stands on the player's corpse");
}

#[test]
fn remembered_npcs_stay_where_they_were_last_seen() {
    // The player sees the troll, then steps behind the wall; the troll comes looking.
    let mut s = Scenario::new(&[
        "###########",
        "#@......T.#",
        "#.#########",
        "#.#########",
        "#....######",
        "###########",
    ]);
    // Whatever the dice, the player outlasts the troll.
    s.game = s.game.with_player_max_hit_points(1000);
    let start = s.game.player_coord();
    s.wait(1);
    for direction in [South, South, South, East, East, East] {
        s.act(PlayerAction::Move(direction));
    }
    let troll_now = s.npc_coords()[0];
    let shown: Vec<ICoord> = s
        .game
        .size()
        .icoord_iter_row_major()
        .filter(|&c| {
            s.game.level().cell_view(c).tiles.character == Some(Tile::Npc(common::troll()))
        })
        .collect();
    s.check_eq(
        shown.len(),
        1,
        &format!("the troll is remembered in one place: {shown:?}"),
    );
    let troll_seen_at = shown[0];
    s.check_ne(troll_now, troll_seen_at, "the troll has moved since");
    let remembered = s.game.level().cell_view(troll_seen_at);
    s.check_eq(
        remembered.visibility,
        CellVisibility::Remembered,
        "the troll's old cell is remembered",
    );
    let live = s.game.level().cell_view(troll_now);
    s.check_ne(
        live.visibility,
        CellVisibility::Visible,
        "the troll's new cell is out of view",
    );
    s.check_eq(
        live.tiles.character,
        None,
        "no live position leaks out of view",
    );
    // Going back, the player meets the troll, kills it, and sees the corridor again: the memory
    // of the troll at its old spot is replaced by what is there now.
    for direction in [West, West, West, North] {
        s.act(PlayerAction::Move(direction));
    }
    // The player waits in the corridor's mouth and strikes the troll when it stands beside.
    for _ in 0..60 {
        let Some(&troll) = s.npc_coords().first() else {
            break;
        };
        let beside = [North, East, South, West]
            .into_iter()
            .find(|&d| s.game.player_coord() + d.coord() == troll);
        s.act(beside.map_or(PlayerAction::Wait, PlayerAction::Move));
    }
    s.check(s.npcs().is_empty(), "the troll came back and died");
    for _ in 0..4 {
        if s.game.player_coord() != start {
            s.act(PlayerAction::Move(North));
        }
    }
    s.check_eq(
        s.game.player_coord(),
        start,
        "back where the troll was first seen from",
    );
    s.check_eq(
        s.game.level().cell_view(troll_seen_at).visibility,
        CellVisibility::Visible,
        "the troll's old cell, seen again",
    );
    s.check_eq(
        s.game.level().cell_view(troll_seen_at).tiles.character,
        None,
        "seen again, the troll is gone from it",
    );
}

#[test]
fn an_npc_that_bumps_another_npc_is_blocked_and_strikes_no_blow() {
    // No NPC decision steps into an occupied cell today (routes treat characters as closed),
    // so the world's rule is tested where it lives: an orc at 1 pushed east into the orc at 2,
    // which stands beside the player.
    let (terrain, _) = terrain::from_ascii(&["######", "#.oo@#", "######"]).expect("valid map");
    let (_, labels) = terrain::from_ascii(&["######", "#.12@#", "######"]).expect("valid map");
    let at = |label: char| labels.iter().find(|(l, _)| *l == label).expect("label").1;
    let mut world = World::from_terrain(&terrain);
    let (first, second) = (world.character_at(at('1')), world.character_at(at('2')));
    let (first, second) = (first.expect("an orc at 1"), second.expect("an orc at 2"));
    let unhurt = world.hit_points(second);
    let mut rng = Isaac64Rng::seed_from_u64(0);
    for _ in 0..20 {
        assert_eq!(
            world.move_character(first, world.coord_of(first), East, &mut rng),
            ActOutcome::Blocked
        );
    }
    assert_eq!(world.hit_points(second), unhurt, "no orc hurt another");
    assert_eq!(
        (world.coord_of(first), world.coord_of(second)),
        (at('1'), at('2'))
    );
    // The same push aimed at the player is a blow: the rule tells sides apart.
    assert!(matches!(
        world.move_character(second, world.coord_of(second), East, &mut rng),
        ActOutcome::Attacked(_)
    ));
}
