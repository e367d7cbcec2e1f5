//! Deep water and chasms as a player meets them, by label on hand-drawn maps: an orc cannot
//! reach the player across deep water but an archer shoots across it; a fleeing orc never runs
//! into a chasm; the player who jumps lands a depth down, a little hurt, offered boons; what is
//! thrown onto deep water sinks.

mod common;

use common::Scenario;
use direction::CardinalDirection::*;
use umbra_rules::PlayerAction;
use umbra_rules::balance;
use umbra_rules::behaviour::NpcState;
use umbra_rules::content::ItemKind;
use umbra_rules::game::{Actor, GameEvent, Missile, TurnOutcome};
use umbra_rules::game::{DungeonEvent, FightEvent, ItemEvent};

/// A hall cut in two by deep water: the player on the west bank, whoever is at 1 on the east.
const RIVER: &[&str] = &[
    "###########",
    "#....~....#",
    "#.@..~.1..#",
    "#....~....#",
    "###########",
];

#[test]
fn an_orc_cannot_reach_the_player_across_deep_water() {
    let mut s = Scenario::with_npcs(RIVER, &[('1', 'o')]);
    let water = s.at('1').x - 2;
    for _ in 0..30 {
        s.act(PlayerAction::Wait);
        s.check(s.where_is('1').x > water, "the orc stays on its bank");
    }
    s.check_eq(s.mind('1').state, NpcState::Hunting, "it sees the player");
    let health = s.game.player_hit_points();
    s.check_eq(health.current, health.max, "and never lands a blow");
    for _ in 0..2 {
        let outcome = s.act(PlayerAction::Move(East));
        s.check_eq(
            outcome,
            TurnOutcome::TurnTaken,
            "the player walks to the water's edge",
        );
    }
    let outcome = s.act(PlayerAction::Move(East));
    s.check_eq(
        outcome,
        TurnOutcome::NoTurn,
        "but cannot wade in: no time passes",
    );
}

#[test]
fn an_archer_shoots_across_deep_water() {
    let mut s = Scenario::with_npcs(RIVER, &[('1', 'a')]);
    s.act(PlayerAction::Wait);
    let player = s.game.player_coord();
    let archer = Actor::Npc(
        umbra_rules::content::NpcKind::from_map_letter('a')
            .expect("archer")
            .0,
    );
    let arrows: Vec<_> = s
        .game
        .events()
        .iter()
        .filter_map(|event| match *event {
            GameEvent::Fight(FightEvent::Flew {
                by,
                what: Missile::Bolt(_),
                stop,
                ..
            }) if by == archer => Some(stop),
            _ => None,
        })
        .collect();
    s.check_eq(
        arrows,
        vec![player],
        "the arrow flies over the water to the player",
    );
}

/// A hurt orc at 1 with a chasm past the far end of the room: the way away from the player.
const LEDGE: &[&str] = &[
    "############",
    "#@1.....:::#",
    "#.......:::#",
    "#.......:::#",
    "############",
];

#[test]
fn a_fleeing_orc_never_runs_into_a_chasm() {
    let mut s = Scenario::rolled(LEDGE, &[('1', 'o')], |s| {
        s.act(PlayerAction::Move(East));
        s.npc('1').is_some_and(|orc| {
            let (num, den) = balance::FLEE_AT_OR_BELOW;
            orc.hit_points.current * den <= orc.hit_points.max * num
        })
    });
    s.check_eq(s.mind('1').state, NpcState::Fleeing, "the hurt orc runs");
    // The player comes on a few steps, then watches the cornered orc.
    for turn in 0..20 {
        let action = match turn {
            0..3 => PlayerAction::Move(East),
            _ => PlayerAction::Wait,
        };
        s.act(action);
        let Some(orc) = s.npc('1') else {
            s.fail("the orc is gone: it fell");
        };
        s.check(!s.game.level().is_chasm(orc.coord), "never in the chasm");
    }
}

/// The player beside a chasm, east of it.
const BRINK: &[&str] = &["#######", "#.@:::#", "#..:::#", "#######"];

#[test]
fn the_player_who_jumps_lands_a_depth_down_a_little_hurt_and_is_offered_boons() {
    let mut s = Scenario::new(BRINK);
    let before = s.game.player_hit_points();
    let outcome = s.act(PlayerAction::Move(East));
    s.check_eq(outcome, TurnOutcome::TurnTaken, "walking in is a jump");
    s.check_eq(s.game.depth(), 2, "one depth down");
    let damage = s.game.events().iter().find_map(|event| match *event {
        GameEvent::Dungeon(DungeonEvent::FellIntoChasm { damage, .. }) => Some(damage),
        _ => None,
    });
    let Some(damage) = damage else {
        s.fail("the fall is told");
    };
    let (least, most) = balance::CHASM_FALL_DAMAGE;
    s.check(
        (least..=most).contains(&damage),
        "hurt by the fall as the rule says",
    );
    s.check_eq(
        s.game.player_hit_points().current,
        before.current - damage,
        "the fall's damage taken",
    );
    s.check(
        s.game
            .events()
            .contains(&GameEvent::Dungeon(DungeonEvent::Descended { depth: 2 })),
        "arrived below",
    );
    s.check(
        s.game.boons_offered().is_some(),
        "offered boons as on the stairs",
    );
    s.check(
        !s.game.level().blocks_walking(s.game.player_coord()),
        "landed on open ground",
    );
    s.check_eq(s.game.chasms_jumped(), 1, "the run counts the jump");
}

#[test]
fn a_fall_never_kills() {
    let mut s = Scenario::new(BRINK);
    s.game = s.game.with_player_max_hit_points(1);
    s.act(PlayerAction::Move(East));
    s.check_eq(s.game.depth(), 2, "fallen");
    s.check_eq(
        s.game.player_hit_points().current,
        1,
        "alive with 1 hit point",
    );
    s.check(!s.game.is_over(), "the run goes on");
}

#[test]
fn a_dart_thrown_onto_deep_water_sinks() {
    let mut s = Scenario::with_npcs(&["##########", "#@.1..~..#", "##########"], &[('1', '/')]);
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::PickUp);
    let dart = ItemKind::from_map_letter('/').expect("darts");
    let slot = s.game.pack().slot_of(dart).expect("a dart in the pack");
    let water = s.at('1') + East.coord() * 3;
    s.act(PlayerAction::Use {
        slot,
        at: Some(water),
    });
    s.check(
        s.game.events().contains(&GameEvent::Items(ItemEvent::Lost {
            item: dart,
            into_chasm: false,
        })),
        "it sinks",
    );
    s.check(s.game.item_at(water).is_none(), "nothing lies on the water");
}

/// Stepping into deep water is refused as a locked door is: no time passes, and the player is
/// told why. A bump into a wall stays silent.
#[test]
fn a_step_into_deep_water_says_the_water_is_too_deep() {
    let mut s = Scenario::new(&["#######", "#..@~.#", "#######"]);
    let outcome = s.act(PlayerAction::Move(East));
    assert_eq!(outcome, TurnOutcome::NoTurn);
    assert_eq!(
        s.game.events(),
        &[GameEvent::Dungeon(DungeonEvent::TooDeep)]
    );
    assert_eq!(s.game.turn(), 0, "no time passed");
    let outcome = s.act(PlayerAction::Move(North));
    assert_eq!(outcome, TurnOutcome::NoTurn);
    assert!(s.game.events().is_empty(), "{:?}", s.game.events());
}
