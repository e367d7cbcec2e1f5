//! A run: stairs down to a new level made from the run's seed, levels that get harder, dice that
//! roll from the game's RNG, potions that heal once, and the Sunstone that wins.

mod common;

use common::{orc, sunstone, troll};

use common::{Scenario, level_picture};
use direction::CardinalDirection::*;
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra_rules::balance;
use umbra_rules::game::{Actor, Ending, GameEvent, ItemUse, Tuning, TurnOutcome};
use umbra_rules::game::{DungeonEvent, FightEvent, ItemEvent};
use umbra_rules::terrain;
use umbra_rules::world::Tile;
use umbra_rules::{GameOptions, PlayerAction};

const STAIRS: &[&str] = &["#####", "#@>.#", "#####"];

/// The player steps east onto the stairs and takes them, its rolls drawn from `seed`.
fn descended(seed: u64) -> Scenario {
    let mut s = Scenario::new(STAIRS);
    s.game = s.game.reseeded(seed);
    let stepped = s.act(PlayerAction::Move(East));
    s.check_eq(stepped, TurnOutcome::TurnTaken, "a step east");
    s.check(s.game.is_on_stairs(), "on the stairs");
    let descended = s.act(PlayerAction::Descend);
    s.check_eq(descended, TurnOutcome::TurnTaken, "taking the stairs");
    s
}

#[test]
fn taking_the_stairs_leads_to_a_new_level_one_deeper() {
    let s = descended(1);
    s.check_eq(s.game.depth(), 2, "the depth");
    let told = s
        .game
        .events()
        .contains(&GameEvent::Dungeon(DungeonEvent::Descended { depth: 2 }));
    s.check(told, "the descent is told");
    s.check_eq(
        s.game.size(),
        GameOptions::default().map_size,
        "a generated level, not the 5x3 map",
    );
    s.check(
        !s.game.level().blocks_walking(s.game.player_coord()),
        "the player stands on open ground",
    );
    s.check(
        s.game.inhabitants().npcs().count() > 0,
        "the new level has its own NPCs",
    );
    s.check_eq(s.game.turn(), 2, "taking the stairs takes a turn");
    let hit_points = s.game.player_hit_points();
    s.check_eq(
        hit_points.max,
        balance::PLAYER_MAX_HIT_POINTS,
        "a new depth gives nothing by itself",
    );
    s.check(
        s.game.boons_offered().is_some(),
        "it offers a choice of boons instead",
    );
}

#[test]
fn the_stairs_only_work_where_they_are() {
    let mut s = Scenario::new(STAIRS);
    let outcome = s.act(PlayerAction::Descend);
    s.check_eq(outcome, TurnOutcome::NoTurn, "no stairs under the player");
    s.check_eq(
        s.game.events(),
        &[GameEvent::Dungeon(DungeonEvent::NoStairsHere)],
        "what is told",
    );
    s.check_eq((s.game.depth(), s.game.turn()), (1, 0), "depth and turn");
}

#[test]
fn the_same_seed_and_actions_give_the_same_deeper_level() {
    let first = descended(7);
    let again = descended(7);
    first.check_eq(
        level_picture(&first.game),
        level_picture(&again.game),
        "the same level",
    );
    first.check_eq(
        first.game.state_hash(),
        again.game.state_hash(),
        "the same state",
    );
    let other = descended(8);
    first.check_ne(
        level_picture(&first.game),
        level_picture(&other.game),
        "the level comes from the seed",
    );
}

#[test]
fn deeper_levels_hold_more_npcs_and_most_are_kinds_the_first_never_has() {
    let size = GameOptions::default().map_size;
    let levels = |depth: u32| {
        (0..1000).flat_map(move |seed| {
            let mut rng = Isaac64Rng::seed_from_u64(seed);
            terrain::generate_at_depth(size, depth, &mut rng).npcs
        })
    };
    let first: Vec<_> = levels(1).collect();
    let second = levels(2).count();
    let last: Vec<_> = levels(balance::FINAL_DEPTH).collect();
    assert!(
        second > first.len(),
        "depth 2: {second} NPCs over 1000 levels, depth 1: {}",
        first.len()
    );
    assert!(
        last.len() > second + first.len() / 4,
        "the bottom holds far more: {} vs {}",
        last.len(),
        first.len()
    );
    // The first level's own kinds (orcs, trolls, monkeys) thin out below: most of the
    // bottom's monsters are kinds that never spawn on the first level (but from deeper down).
    let firsts = |kind: umbra_rules::content::NpcKind| kind.rules().spawn.depths.0 == 1;
    let new_below = last.iter().filter(|n| !firsts(n.kind)).count();
    assert!(
        2 * new_below > last.len(),
        "{new_below} of {} at the bottom are kinds the first level has not",
        last.len()
    );
    assert!(
        last.iter().any(|n| n.kind == troll()),
        "trolls still walk the bottom"
    );
}

#[test]
fn only_the_last_level_holds_the_sunstone_and_it_has_no_stairs() {
    let size = GameOptions::default().map_size;
    for seed in 0..50 {
        for depth in [1, balance::FINAL_DEPTH - 1, balance::FINAL_DEPTH] {
            let mut rng = Isaac64Rng::seed_from_u64(seed);
            let level = terrain::generate_at_depth(size, depth, &mut rng);
            let stairs = level
                .grid
                .iter()
                .filter(|&&t| t == terrain::Ground::STAIRS)
                .count();
            let stones = level.items.iter().filter(|i| i.item == sunstone()).count();
            let last = depth == balance::FINAL_DEPTH;
            assert_eq!(
                (stairs, stones),
                if last { (0, 1) } else { (1, 0) },
                "seed {seed}, depth {depth}"
            );
        }
    }
}

#[test]
fn blows_roll_the_same_for_the_same_seed_and_actions() {
    let fight = |seed| {
        let mut s = Scenario::new(&["#####", "#@T.#", "#####"]);
        s.game = s.game.reseeded(seed).with_player_max_hit_points(1000);
        let mut events = Vec::new();
        for _ in 0..30 {
            s.act(PlayerAction::Move(East));
            events.extend_from_slice(s.game.events());
        }
        events
    };
    // Two games compared, not one map: nothing to show but the differing blows.
    assert_eq!(fight(3), fight(3));
    assert_ne!(fight(3), fight(4), "the rolls come from the seed");
}

/// A troll swings at a waiting player many times: how often it lands, and for how much.
#[test]
fn over_many_blows_the_hit_rate_and_damage_match_the_balance() {
    let mut s = Scenario::new(&["#####", "#@T.#", "#####"]);
    s.game = s.game.reseeded(5).with_player_max_hit_points(1_000_000);
    let (mut swings, mut hits, mut damage) = (0u32, 0u32, Vec::new());
    for _ in 0..4000 {
        s.act(PlayerAction::Wait);
        for event in s.game.events() {
            match *event {
                GameEvent::Fight(FightEvent::Attack {
                    attacker: Actor::Npc(kind),
                    damage: d,
                    ..
                }) if kind == troll() => {
                    swings += 1;
                    hits += 1;
                    damage.push(d);
                }
                GameEvent::Fight(FightEvent::Miss {
                    attacker: Actor::Npc(kind),
                    ..
                }) if kind == troll() => swings += 1,
                _ => (),
            }
        }
    }
    let dice = troll().rules().attack;
    s.check_eq(swings, 4000, "one swing a turn");
    let expected = f64::from(dice.to_hit.0) / f64::from(dice.to_hit.1);
    let rate = f64::from(hits) / f64::from(swings);
    // Four standard deviations of 4000 draws at one half is 0.032.
    s.check(
        (rate - expected).abs() < 0.032,
        &format!("hit rate {rate}, balance says {expected}"),
    );
    let (low, high) = dice.damage;
    s.check(
        damage.iter().all(|d| (low..=high).contains(d)),
        "every blow is on the dice",
    );
    for value in low..=high {
        s.check(
            damage.contains(&value),
            &format!("{value} is rolled sometimes"),
        );
    }
    let mean = damage.iter().sum::<u32>() as f64 / damage.len() as f64;
    let expected_mean = f64::from(low + high) / 2.0;
    s.check(
        (mean - expected_mean).abs() < 0.1,
        &format!("mean damage {mean}"),
    );
}

#[test]
fn a_potion_is_picked_up_and_heals_once() {
    // The orc in its dead end wears the player down, then dies; the potion lies behind.
    let mut s = Scenario::with_npcs(&["######", "#1.@o#", "######"], &[('1', '!')]);
    while s.game.player_hit_points().current > 9 {
        s.act(PlayerAction::Wait);
    }
    while s.game.inhabitants().npcs().count() > 0 {
        s.act(PlayerAction::Move(East));
    }
    s.check(!s.game.is_over(), "the player lives");
    let potion = s.at('1');
    s.check_eq(
        s.game.level().cell_view(potion).tiles.item,
        Some(Tile::Item(common::potion())),
        "the potion lies at 1",
    );
    s.act(PlayerAction::Move(West));
    s.act(PlayerAction::Move(West));
    s.check_eq(
        s.game.events(),
        &[GameEvent::Items(ItemEvent::PickedUp {
            item: s.game.item_name(common::potion()),
            count: 1,
            tuning: Tuning::fresh(common::potion()),
            slot: 0,
        })],
        "what the turn told: under the letter a",
    );
    s.check_eq(s.game.potions(), 1, "potions carried");
    s.check_eq(
        s.game.level().cell_view(potion).tiles.item,
        None,
        "taken off the floor",
    );
    let before = s.game.player_hit_points();
    let drink = PlayerAction::Use { slot: 0, at: None };
    let outcome = s.act(drink);
    s.check_eq(outcome, TurnOutcome::TurnTaken, "drinking takes a turn");
    let after = s.game.player_hit_points();
    let ItemUse::Drink { heal } = common::potion().rules().use_ else {
        panic!("a healing potion is drunk")
    };
    let healed = heal.min(before.max - before.current);
    let mut unknown = s.game.item_name(common::potion());
    unknown.known = false;
    s.check_eq(
        s.game.events(),
        &[
            GameEvent::Items(ItemEvent::Drank {
                item: unknown,
                healed,
            }),
            GameEvent::Items(ItemEvent::Identified {
                item: common::potion(),
                by_elimination: false,
            }),
        ],
        "what the turn told: drunk unknown, and known by it",
    );
    s.check_eq(
        after.current,
        before.current + healed,
        "hit points after drinking",
    );
    s.check_eq(s.game.potions(), 0, "potions carried");
    let turn = s.game.turn();
    let outcome = s.act(drink);
    s.check_eq(outcome, TurnOutcome::NoTurn, "only once");
    s.check_eq(
        s.game.events(),
        &[GameEvent::Items(ItemEvent::NoSuchItem)],
        "what the turn told",
    );
    s.check_eq(
        (s.game.player_hit_points(), s.game.turn()),
        (after, turn),
        "no time passes and no healing",
    );
}

#[test]
fn taking_the_sunstone_wins_and_ends_the_run() {
    let mut s = Scenario::new(&["#####", "#@*.#", "#####"]);
    let before = s.game.score();
    s.act(PlayerAction::Move(East));
    s.check_eq(
        s.game.events(),
        &[GameEvent::Items(ItemEvent::PickedUp {
            item: s.game.item_name(sunstone()),
            count: 1,
            tuning: Tuning::fresh(sunstone()),
            slot: 0,
        })],
        "the Sunstone is taken",
    );
    s.check(
        s.game.is_won() && s.game.is_over(),
        "the run is won and over",
    );
    s.check_eq(s.game.ending(), Some(Ending::Won), "the ending");
    s.check(s.game.score() >= before + 5000, "a win outscores any loss");
    let after = s.act(PlayerAction::Move(East));
    s.check_eq(after, TurnOutcome::NoTurn, "nothing after the end");
}

#[test]
fn the_score_counts_depth_and_kills_by_kind() {
    // An orc in a dead end to the east, a troll to the west: the player outlasts both.
    let mut s = Scenario::new(&["#####", "#T@o#", "#####"]);
    s.game = s.game.with_player_max_hit_points(1000);
    s.check_eq(s.game.score(), 100, "100 for depth 1");
    for direction in [East, West] {
        let count = s.game.inhabitants().npcs().count();
        while s.game.inhabitants().npcs().count() == count {
            s.act(PlayerAction::Move(direction));
        }
    }
    s.check_eq(s.game.kills_of(orc()), 1, "orcs killed");
    s.check_eq(s.game.kills_of(troll()), 1, "trolls killed");
    s.check_eq(s.game.score(), 100 + 5 + 20, "5 an orc, 20 a troll");
}

/// An item never lies where the player arrives, on the stairs (or the Sunstone's cell), or on
/// another item: each would be picked up, hidden or lost without the player choosing to.
#[test]
fn items_lie_apart_from_the_arrival_the_way_on_and_each_other() {
    let size = GameOptions::default().map_size;
    let mut potions = 0;
    for seed in 0..300 {
        for depth in [1, balance::FINAL_DEPTH] {
            let mut rng = Isaac64Rng::seed_from_u64(seed);
            let level = terrain::generate_at_depth(size, depth, &mut rng);
            let way_on = level
                .grid
                .enumerate()
                .find_map(|(coord, tile)| (*tile == terrain::Ground::STAIRS).then_some(coord));
            let sunstone = level.items.iter().find(|i| i.item == sunstone());
            let way_on = way_on.or(sunstone.map(|i| i.coord)).expect("a way on");
            let cells: Vec<_> = level
                .items
                .iter()
                .filter(|i| i.item != common::sunstone())
                .map(|i| i.coord)
                .collect();
            potions += cells.len();
            for (n, &cell) in cells.iter().enumerate() {
                assert_ne!(
                    cell, level.player,
                    "seed {seed}: an item where the player arrives"
                );
                assert_ne!(cell, way_on, "seed {seed}: an item on the way on");
                assert!(
                    !cells[..n].contains(&cell),
                    "seed {seed}: two items on {cell}"
                );
            }
        }
    }
    assert!(potions > 1000, "levels hold items: {potions}");
}
