//! Lairs (content/machines.ron, `Lair`) as the generator builds them and a player meets them:
//! a band asleep in a dead end far from the arrival among its ground and its loot, a web that
//! holds whoever walks into it and tears, and the lair told the first time it comes into view.
//!
//! Map letters (content/ground.ron): spider web `⋈`, bones `⌓`, hay `≡`, mud wall `▦`.

mod common;

use common::Scenario;
use coord_2d::{ICoord, UCoord};
use direction::CardinalDirection::*;
use umbra::app::looks;
use umbra_rules::balance::LAIR_STEPS;
use umbra_rules::content::{Ground, MachineKind, Role};
use umbra_rules::game::{Actor, BestiaryEvent, DungeonEvent, GameEvent, level_of_run};
use umbra_rules::terrain::{Disposition, walking_distances};
use umbra_rules::{Game, GameOptions, PlayerAction};

fn lair_named(description: &str) -> MachineKind {
    MachineKind::all()
        .find(|&kind| looks::machine(kind).description == description)
        .expect("a machine of that description")
}

/// Over seeds 1 to 50, every lair is a dead end whose doorway is at least `LAIR_STEPS` from
/// the arrival, holding its row's sleepers asleep and its loot; both lairs are built, on a
/// level in five or more from depth 4.
#[test]
fn lairs_sleep_in_dead_ends_far_from_the_arrival_with_their_loot() {
    let size = UCoord::new(80, 30);
    let mut built = std::collections::BTreeMap::new();
    let mut levels = 0;
    for seed in 1..=50u64 {
        for depth in 4..=10 {
            levels += 1;
            let level = level_of_run(seed, depth, size);
            let distances = walking_distances(&level.grid, level.player);
            for machine in &level.machines {
                let rules = machine.kind.rules();
                if rules.role != Role::Lair {
                    continue;
                }
                *built.entry(machine.kind.index()).or_insert(0) += 1;
                let lair = rules.lair.as_ref().expect("a lair's band");
                let door = machine.cells[0];
                let far = distances.get_checked(door).expect("a walk away");
                assert!(far >= LAIR_STEPS, "seed {seed} depth {depth}: {far} steps");
                for &(kind, count) in &lair.sleepers {
                    let asleep = (level.npcs.iter())
                        .filter(|npc| npc.kind == kind && npc.disposition == Disposition::Asleep)
                        .filter(|npc| machine.cells.contains(&npc.coord))
                        .count();
                    assert!(
                        asleep >= usize::from(count),
                        "seed {seed} depth {depth}: {asleep} of {count} {kind:?} asleep in it"
                    );
                }
                let loot = (level.items.iter())
                    .filter(|item| machine.cells.contains(&item.coord))
                    .count();
                assert!(
                    loot >= usize::from(lair.loot),
                    "seed {seed} depth {depth}: {loot} items"
                );
                // A dead end: blocked at its doorway, nothing outside it is cut off.
                let mut shut = level.grid.clone();
                *shut.get_checked_mut(door) = Ground::WALL;
                let round = walking_distances(&shut, level.player);
                for (cell, &ground) in level.grid.enumerate() {
                    let outside = !machine.cells.contains(&cell);
                    if outside
                        && !ground.rules().blocks_walking
                        && distances.get_checked(cell).is_some()
                    {
                        assert!(
                            round.get_checked(cell).is_some(),
                            "seed {seed} depth {depth}: {cell:?} cut off by the lair"
                        );
                    }
                }
            }
        }
    }
    let lairs = MachineKind::all().filter(|kind| kind.rules().role == Role::Lair);
    assert!(lairs.count() >= 2, "two lairs in the table");
    assert!(built.len() >= 2, "both built: {built:?}");
    let total: u32 = built.values().sum();
    assert!(total * 5 >= levels, "{total} lairs on {levels} levels");
}

/// A spider's web on the floor: walked into, it holds the player, and it and the web beside
/// it are torn to the floor.
#[test]
fn a_web_holds_whoever_walks_into_it_and_tears() {
    let mut s = Scenario::new(&["#########", "#@.⋈⋈...#", "#########"]);
    let floor = Ground::FLOOR;
    let (first, second) = (ICoord::new(3, 1), ICoord::new(4, 1));
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(East));
    s.check_eq(s.game.player_coord(), first, "in the web");
    s.check_eq(s.game.level().ground_at(first), floor, "torn underfoot");
    s.check_eq(
        s.game.level().ground_at(second),
        floor,
        "and the strand beside it",
    );
    s.act(PlayerAction::Move(East));
    s.check_eq(s.game.player_coord(), first, "held fast");
    let struggled = s.game.events().iter().any(|e| {
        matches!(
            e,
            GameEvent::Bestiary(BestiaryEvent::Struggled { who: Actor::Player })
        )
    });
    s.check(struggled, "struggling in the web");
}

/// A goblin warren round a corner: told the first time a cell of it comes into view, once.
#[test]
fn a_lair_is_told_the_first_time_it_comes_into_view() {
    let warren = lair_named("a goblin warren");
    let dump = format!(
        "\
#########
#@......#
#######.#
#≡≡≡≡≡..#
#########

machine (kind: {}, cells: [(6, 3), (5, 3), (4, 3), (3, 3), (2, 3), (1, 3)], signals: 0)
",
        warren.index()
    );
    let (game, _) = Game::from_dump(&dump, GameOptions::default()).expect("a valid dump");
    let mut s = Scenario::from_game(game);
    let told = |s: &Scenario| {
        (s.game.events().iter())
            .filter(|e| **e == GameEvent::Dungeon(DungeonEvent::RoomSeen { room: warren }))
            .count()
    };
    // Along the corridor, the wall between hides it.
    for _ in 0..5 {
        s.act(PlayerAction::Move(East));
        s.check_eq(told(&s), 0, "out of view, untold");
    }
    let mut times = 0;
    for step in [East, South, South, West, West] {
        s.act(PlayerAction::Move(step));
        times += told(&s);
    }
    s.check_eq(times, 1, "told once");
    let dump = s.game.dump();
    s.check(dump.contains("seen:true"), "dumped seen");
}

/// The seed catalog of seeds 1 to 8 tells each lair's band asleep and the items among them (not
/// among what lies about the level), as the level holds them; a kennel's captives are its
/// vault's, not a captive band held by captors.
#[test]
fn the_seed_catalog_tells_who_sleeps_in_each_lair_among_what() {
    use umbra_rules::game::seed_catalog;
    let size = UCoord::new(80, 30);
    let mut lairs = 0;
    for seed in 1..=8u64 {
        let catalog = seed_catalog(seed, size);
        for (depth, told) in (1..=10).zip(&catalog) {
            let level = level_of_run(seed, depth, size);
            for (machine, entry) in level.machines.iter().zip(&told.machines) {
                let in_it = |at: &ICoord| machine.cells.contains(at);
                let lair = machine.kind.rules().role == Role::Lair;
                let asleep = (level.npcs.iter())
                    .filter(|npc| lair && in_it(&npc.coord))
                    .filter(|npc| npc.disposition == Disposition::Asleep)
                    .count() as u32;
                let told_asleep: u32 = entry.sleepers.iter().map(|&(_, n)| n).sum();
                assert_eq!(told_asleep, asleep, "seed {seed} depth {depth}: asleep");
                let loot: u32 = (level.items.iter())
                    .filter(|item| lair && in_it(&item.coord))
                    .map(|item| item.count)
                    .sum();
                let told_loot: u32 = entry.loot.iter().map(|&(_, n)| n).sum();
                assert_eq!(told_loot, loot, "seed {seed} depth {depth}: loot");
                lairs += usize::from(lair);
            }
            // What lies about: every item but the vaults' altars', the lairs', the key holders'
            // and the prize.
            let on_altar = |at: &ICoord| {
                level.vaults.iter().any(|v| v.altars.contains(at))
                    || level.machines.iter().any(|m| m.cells.contains(at))
            };
            let about: u32 = (level.items.iter())
                .filter(|item| !on_altar(&item.coord) && depth < 10)
                .map(|item| item.count)
                .sum();
            let told_about: u32 = told.items.iter().map(|&(_, n)| n).sum();
            if depth < 10 {
                assert_eq!(told_about, about, "seed {seed} depth {depth}: lying about");
            }
            let band = (level.npcs.iter())
                .any(|npc| npc.disposition == Disposition::Captive && !on_altar(&npc.coord));
            assert_eq!(
                told.captive.is_some(),
                band,
                "seed {seed} depth {depth}: a captive band"
            );
        }
    }
    assert!(lairs >= 5, "{lairs} lairs told");
}
