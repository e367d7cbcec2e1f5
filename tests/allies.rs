//! Captives and allies: captors guard a captive until the player comes; the player frees it
//! (a turn, asked first); an ally follows the player, runs when badly hurt and comes back
//! healed, trades places with the player, follows it down, and its kills are the run's (which
//! enemies it goes for: tests/ally_choices.rs). Monsters fight allies as they fight the
//! player, and what flies stops at the first character on its line, ally or not.

mod common;

use common::allies::{ROOM, kind, steps_between, struck};
use common::{Scenario, orc};
use direction::CardinalDirection::{East, West};
use umbra_rules::behaviour::{NpcState, Reason};
use umbra_rules::content::ItemKind;
use umbra_rules::game::{Actor, GameEvent, Side, TurnOutcome, WizardCommand};
use umbra_rules::game::{AllyEvent, FightEvent};
use umbra_rules::{Game, GameOptions, PlayerAction};

const CORRIDOR: &[&str] = &[
    "######################",
    "#1@.................2#",
    "######################",
];

#[test]
fn walking_into_a_captive_asks_and_freeing_it_takes_a_turn_and_makes_an_ally() {
    let mut s = Scenario::with_npcs(CORRIDOR, &[('1', 'O')]).with_captive('1');
    s.check_eq(s.npc('1').expect("held").side, Side::Captive, "held");
    let turn = s.game.turn();
    let outcome = s.act(PlayerAction::Move(West));
    s.check_eq(
        outcome,
        TurnOutcome::NoTurn,
        "a step into a captive frees nobody and takes no time",
    );
    s.check(
        s.game
            .events()
            .contains(&GameEvent::Allies(AllyEvent::CaptiveAsksFreeing)),
        "the player is told it may free it",
    );
    s.check_eq(s.game.captive_towards(West), Some(kind('O')), "an ogre");
    let outcome = s.act(PlayerAction::Free(West));
    s.check_eq(outcome, TurnOutcome::TurnTaken, "freeing takes a turn");
    s.check_eq(s.game.turn(), turn + 1, "one turn");
    let ogre = s.npc('1').expect("freed");
    s.check_eq(ogre.side, Side::Hero, "on the player's side");
    let mind = s.mind('1');
    s.check_eq(mind.state, NpcState::Following, "it follows the player");
    s.check_eq(mind.last_transition.reason, Reason::Freed, "because freed");
    s.check_eq(mind.last_sighting, None, "its memory starts afresh");
    s.check_eq(s.game.allies_freed(), 1, "counted");
    s.check_eq(s.game.ally_count(), 1, "one ally");
    let outcome = s.act(PlayerAction::Free(East));
    s.check_eq(outcome, TurnOutcome::NoTurn, "nobody to free there");
}

#[test]
fn a_freed_captive_follows_the_player_through_a_corridor() {
    let mut s = Scenario::with_npcs(CORRIDOR, &[('1', 'o')]).with_captive('1');
    s.act(PlayerAction::Free(West));
    let start = s.where_is('1');
    for _ in 0..16 {
        s.act(PlayerAction::Move(East));
    }
    let ally = s.where_is('1');
    s.check(ally.x - start.x >= 12, "it came along the corridor");
    s.check(
        steps_between(ally, s.game.player_coord()) <= 3,
        "and keeps within a few steps of the player",
    );
}

#[test]
fn a_badly_hurt_ally_flees_and_comes_back_healed() {
    let rows = [
        "########################",
        "#......................#",
        "#@1.2..................#",
        "#......................#",
        "#......................#",
        "########################",
    ];
    let mut s = Scenario::with_npcs(&rows, &[('1', 'o'), ('2', 'T')]).with_ally('1');
    let ally = s.npc('1').expect("the ally").id;
    s.game = s
        .game
        .with_npc_hit_points(ally, 1)
        .with_player_max_hit_points(500);
    let mut fled = false;
    for _ in 0..300 {
        // The player goes after the troll (the room is open: a step along either axis nearer
        // it), striking it once beside it; then waits.
        let player = s.game.player_coord();
        let towards_troll = s.npc('2').and_then(|troll| {
            direction::CardinalDirection::all()
                .min_by_key(|d| steps_between(player + d.coord(), troll.coord))
        });
        s.act(towards_troll.map_or(PlayerAction::Wait, PlayerAction::Move));
        let Some(ally) = s.npc('1') else {
            s.fail("the ally died");
        };
        let mind = s.mind('1');
        fled |= mind.state == NpcState::Fleeing;
        let healed = ally.hit_points.current * 3 >= ally.hit_points.max * 2;
        if fled && s.npc('2').is_none() && healed && mind.state == NpcState::Following {
            s.check(
                steps_between(ally.coord, s.game.player_coord()) <= 3,
                "back at the player's side",
            );
            return;
        }
    }
    s.check(fled, "it fled while a third of its health or less");
    s.fail("it never came back healed");
}

#[test]
fn an_orc_attacks_the_ally_standing_in_its_way() {
    let rows = ["############", "#@1......2.#", "############"];
    let mut s = Scenario::with_npcs(&rows, &[('1', 'O'), ('2', 'o')]).with_ally('1');
    s.game = s.game.with_player_max_hit_points(500);
    for _ in 0..12 {
        s.act(PlayerAction::Wait);
        if struck(&s.game, Actor::Npc(orc()), Actor::Ally(kind('O'))) {
            return;
        }
    }
    s.fail("the orc never struck the ally between it and the player");
}

#[test]
fn an_archers_arrow_and_a_thrown_dart_stop_at_an_ally_on_the_line() {
    let rows = ["#############", "#@.1..2.....#", "#############"];
    let mut s = Scenario::with_npcs(&rows, &[('1', 'O'), ('2', 'a')]).with_ally('1');
    let dart = ItemKind::all()
        .position(|k| k.rules().map_letter == '/')
        .expect("darts") as u8;
    s.act(PlayerAction::Wizard(WizardCommand::Give { kind: dart }));
    let aim = s
        .game
        .aim(0, s.at('2'))
        .expect("the archer can be aimed at");
    s.check_eq(
        aim.stops_on,
        Some(Actor::Ally(kind('O'))),
        "the preview names the ally",
    );
    s.check_eq(
        aim.path.last().copied(),
        Some(s.where_is('1')),
        "it stops there",
    );
    for _ in 0..6 {
        s.act(PlayerAction::Wait);
        let flew = s.game.events().iter().find_map(|e| match *e {
            GameEvent::Fight(FightEvent::Flew {
                by: Actor::Npc(_),
                stop,
                ..
            }) => Some(stop),
            _ => None,
        });
        if let Some(stop) = flew {
            s.check_eq(
                stop,
                s.where_is('1'),
                "the arrow stops at the ally in its way",
            );
            return;
        }
    }
    s.fail("the archer never shot");
}

#[test]
fn walking_into_an_ally_swaps_places_and_takes_a_turn() {
    let mut s = Scenario::with_npcs(CORRIDOR, &[('1', 'o')]).with_ally('1');
    let (player, ally) = (s.game.player_coord(), s.where_is('1'));
    let turn = s.game.turn();
    let outcome = s.act(PlayerAction::Move(West));
    s.check_eq(outcome, TurnOutcome::TurnTaken, "a swap is a move");
    s.check_eq(s.game.turn(), turn + 1, "it takes a turn");
    s.check_eq(
        s.game.player_coord(),
        ally,
        "the player stands where the ally stood",
    );
    s.check_eq(
        s.where_is('1'),
        player,
        "and the ally where the player stood",
    );
}

#[test]
fn an_ally_beside_the_player_follows_it_down_and_arrives_later() {
    // The orc at 2 is further than `ALLY_FOLLOWS_DOWN_STEPS` (12) from the stairs.
    let rows = [
        "########################",
        "#@>1................2..#",
        "########################",
    ];
    let mut s = Scenario::with_npcs(&rows, &[('1', 'O'), ('2', 'o')])
        .with_ally('1')
        .with_ally('2');
    let hurt = s.npc('1').expect("the ogre").id;
    s.game = s.game.with_npc_hit_points(hurt, 9);
    s.act(PlayerAction::Move(East));
    let outcome = s.act(PlayerAction::Descend);
    s.check_eq(outcome, TurnOutcome::TurnTaken, "down");
    s.check_eq(s.game.depth(), 2, "on depth 2");
    s.check_eq(s.game.ally_count(), 0, "nobody has arrived yet");
    s.check_eq(
        s.game.followers_on_the_way(),
        1,
        "the ogre beside it is on its way; the orc far off is not",
    );
    s.act(PlayerAction::Choose { boon: 0 });
    for _ in 0..4 {
        if s.game.ally_count() > 0 {
            break;
        }
        s.act(PlayerAction::Wait);
    }
    let arrived: Vec<_> = s
        .game
        .inhabitants()
        .npcs()
        .filter(|n| n.side == Side::Hero)
        .collect();
    s.check_eq(arrived.len(), 1, "the ogre arrived");
    s.check_eq(arrived[0].kind, kind('O'), "an ogre");
    // Not healed on the way (the turn it arrived may have given it its ally's hit point; a
    // monster of the new level may have hurt it since).
    s.check(
        arrived[0].hit_points.current <= 10,
        "as hurt as it left, or worse",
    );
    s.check(
        steps_between(arrived[0].coord, s.game.player_coord()) <= 6,
        "near where the player arrived",
    );
}

#[test]
fn a_kill_by_an_ally_is_credited_to_it_and_counts_for_the_run() {
    let rows = ["#########", "#@12....#", "#########"];
    let mut s = Scenario::with_npcs(&rows, &[('1', 'O'), ('2', 'z')]).with_ally('1');
    for _ in 0..60 {
        s.act(PlayerAction::Wait);
        let killed = s
            .game
            .events()
            .contains(&GameEvent::Fight(FightEvent::Kill {
                killer: Actor::Ally(kind('O')),
                victim: Actor::Npc(orc()),
            }));
        if killed {
            s.check_eq(s.game.kills_of(orc()), 1, "the run counts it");
            return;
        }
    }
    s.fail("the ogre never killed the orc");
}

#[test]
fn captors_guard_their_captive_until_the_player_comes() {
    let rows = [
        "######################",
        "#@...................#",
        "#....................#",
        "#................213.#",
        "#....................#",
        "######################",
    ];
    let mut s = Scenario::with_npcs(&rows, &[('1', 'a'), ('2', 'o'), ('3', 'o')])
        .with_captive('1')
        .with_guard('2')
        .with_guard('3');
    for _ in 0..20 {
        s.act(PlayerAction::Wait);
    }
    for label in ['1', '2', '3'] {
        s.check_eq(s.where_is(label), s.at(label), "each stays where it stands");
    }
    s.check(
        matches!(s.mind('2').state, NpcState::Guarding { .. }),
        "the captors still guard",
    );
    // The player comes near, then waits within the captors' notice (they are on guard, not
    // aware of the player: they notice it by the stealth rules).
    for _ in 0..60 {
        let action = match s.game.player_coord().x < 15 {
            true => PlayerAction::Move(East),
            false => PlayerAction::Wait,
        };
        s.act(action);
        if s.mind('2').state == NpcState::Hunting {
            break;
        }
    }
    s.check_eq(
        s.mind('2').state,
        NpcState::Hunting,
        "a captor that notices the player comes",
    );
    s.check_eq(
        s.mind('2').last_transition.reason,
        Reason::SawPlayer,
        "for the player",
    );
    s.check_eq(s.mind('1').state, NpcState::Captive, "the captive waits");
}

#[test]
fn a_dump_names_each_npcs_side_and_reads_them_back() {
    let s = Scenario::with_npcs(ROOM, &[('1', 'O'), ('2', 'a'), ('3', 'o')])
        .with_ally('1')
        .with_captive('2');
    let dump = s.game.dump();
    let lines: Vec<&str> = dump.lines().filter(|l| l.starts_with("npc")).collect();
    assert!(lines[0].contains("side:Hero"), "{}", lines[0]);
    assert!(
        lines[1].contains("side:Captive") && lines[1].contains("state:Captive"),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains("side:Dungeon"), "{}", lines[2]);
    let (again, _) = Game::from_dump(&dump, GameOptions::default()).expect("reads back");
    let sides: Vec<Side> = again.inhabitants().npcs().map(|n| n.side).collect();
    assert_eq!(sides, [Side::Hero, Side::Captive, Side::Dungeon]);
    assert!(again.invariant_violations().is_empty());
}

/// The player resting in one room while its ally fights in another, out of view: the fight is
/// told (each blow is in the turn's events) but the rest goes on, until the ally is dying.
#[test]
fn an_ally_fighting_out_of_view_does_not_stop_a_rest_until_it_is_dying() {
    use umbra_rules::game::{Activity, Stop};
    let rows = [
        "##############",
        "#....#########",
        "#.@..#..1.2..#",
        "#....#########",
        "##############",
    ];
    let mut s = Scenario::with_npcs(&rows, &[('1', 'T'), ('2', 'j')]).with_ally('1');
    let mut doing = s.game.begin(Activity::Rest);
    let mut fought = 0;
    let stop = loop {
        match s.step(&mut doing) {
            Ok(_) => {
                let blows = s.game.events().iter().filter(|e| e.is_blow()).count();
                fought += blows;
            }
            Err(stop) => break stop,
        }
    };
    s.check(fought > 0, "the ally fought out of view");
    s.check_eq(stop, Stop::Waited, "the rest went on to its end");

    // A jackal pack against a hurt troll of the player's: the rest stops while it still stands.
    let rows = [
        "##############",
        "#....#########",
        "#.@..#..1.222#",
        "#....#########",
        "##############",
    ];
    let mut s = Scenario::with_npcs(&rows, &[('1', 'T'), ('2', 'j')]).with_ally('1');
    let troll = s.npc('1').expect("the troll").id;
    s.game = s.game.with_npc_hit_points(troll, 5);
    let mut doing = s.game.begin(Activity::Rest);
    let stop = loop {
        if let Err(stop) = s.step(&mut doing) {
            break stop;
        }
    };
    s.check_eq(stop, Stop::Interrupted, "the dying ally stops the rest");
    s.check(
        s.game
            .inhabitants()
            .npcs()
            .any(|npc| npc.side == Side::Hero),
        "while it still stands, so the player may go to its help",
    );
}

/// An ally archer behind the player in a corridor shoots past it (over its shoulder) at the orc
/// coming on: the player, between the two, is never struck by its own side's arrows.
#[test]
fn an_ally_archer_shoots_past_the_player_in_a_corridor() {
    let rows = ["############", "#1@......2.#", "############"];
    let mut s = Scenario::with_npcs(&rows, &[('1', 'a'), ('2', 'o')]).with_ally('1');
    let archer = kind('a');
    let mut shots_at_the_orc = 0;
    for _ in 0..6 {
        s.act(PlayerAction::Wait);
        for event in s.game.events() {
            match *event {
                GameEvent::Fight(FightEvent::Struck {
                    target: Actor::Player,
                    ..
                })
                | GameEvent::Fight(FightEvent::Missed {
                    target: Actor::Player,
                    ..
                }) => s.fail("an arrow of the player's side struck at the player"),
                GameEvent::Fight(FightEvent::Flew {
                    by: Actor::Ally(kind),
                    stop,
                    ..
                }) if kind == archer && stop != s.game.player_coord() => shots_at_the_orc += 1,
                _ => (),
            }
        }
    }
    s.check(shots_at_the_orc > 0, "the archer shot past the player");
}

/// A freed captive fights with more than its kind's hit points, whole (an archer's 4 become 12).
#[test]
fn a_freed_captive_has_more_than_its_kinds_hit_points() {
    let mut s = Scenario::with_npcs(CORRIDOR, &[('1', 'a')]).with_captive('1');
    let held = s.npc('1').expect("held").hit_points;
    s.act(PlayerAction::Free(West));
    let freed = s.npc('1').expect("freed").hit_points;
    let (num, den) = umbra_rules::balance::FREED_HIT_POINTS;
    s.check_eq(
        freed.max,
        held.max * num / den,
        "the balance share of the kind's",
    );
    s.check(freed.max > held.max, "more than the kind's");
    s.check_eq(freed.current, freed.max, "and whole");
}

/// A captive that comes into view is told as one to free, not as a foe.
#[test]
fn a_captive_coming_into_view_is_told_as_one_to_free() {
    let mut s =
        Scenario::with_npcs(&["########", "#@.+..1#", "########"], &[('1', 'O')]).with_captive('1');
    let told = |s: &Scenario| {
        s.game
            .events()
            .iter()
            .any(|e| matches!(e, GameEvent::Allies(AllyEvent::CaptiveCameIntoView { .. })))
    };
    s.act(PlayerAction::Move(East));
    s.check(!told(&s), "behind the door, unseen");
    s.act(PlayerAction::Move(East));
    s.check(told(&s), "in the doorway, told as a captive");
    let as_foe = s.game.events().iter().any(|e| {
        matches!(
            e,
            GameEvent::Fight(umbra_rules::game::FightEvent::CameIntoView { .. })
        )
    });
    s.check(!as_foe, "not as a foe");
}
