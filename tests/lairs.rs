//! Lairs and set pieces (content/machines.ron, `Lair` and `Scenery`) as the generator builds
//! them and a player meets them: a band asleep in a dead end far from the arrival among its
//! ground and its loot, a web that holds whoever walks into it and tears, a set piece's dead
//! end given over to its ground alone, and each told the first time it comes into view.
//!
//! Map letters (content/ground.ron): spider web `⋈`, bones `⌓`, hay `≡`, mud wall `▦`, grass
//! `` ` ``, bog `≋`, bubbling bog `≎`.

mod common;

use common::Scenario;
use coord_2d::{ICoord, UCoord};
use direction::CardinalDirection::*;
use grid_2d::Grid;
use umbra::app::looks;
use umbra_rules::balance::LAIR_STEPS;
use umbra_rules::content::{Ground, MachineKind, Role};
use umbra_rules::game::{Actor, BestiaryEvent, DungeonEvent, GameEvent, level_of_run};
use umbra_rules::terrain::{Disposition, MachineSpawn, Terrain, walking_distances};
use umbra_rules::{Game, GameOptions, PlayerAction};

fn lair_named(description: &str) -> MachineKind {
    MachineKind::all()
        .find(|&kind| looks::machine(kind).description == description)
        .expect("a machine of that description")
}

/// Over seeds 1 to 50 and `depths`, each machine of `roles` checked by `check` (with the
/// seed, the depth, the level and the walking distances from its arrival) after checking that
/// it is a dead end: blocked at its doorway, nothing outside it is cut off. How many of each
/// kind were built, and on how many levels.
fn dead_end_rooms(
    depths: std::ops::RangeInclusive<u32>,
    roles: &[Role],
    mut check: impl FnMut(u64, u32, &Terrain, &MachineSpawn, &Grid<Option<u32>>),
) -> (std::collections::BTreeMap<usize, u32>, u32) {
    let size = UCoord::new(80, 30);
    let mut built = std::collections::BTreeMap::new();
    let mut levels = 0;
    for seed in 1..=50u64 {
        for depth in depths.clone() {
            levels += 1;
            let level = level_of_run(seed, depth, size);
            let distances = walking_distances(&level.grid, level.player);
            for machine in &level.machines {
                if !roles.contains(&machine.kind.rules().role) {
                    continue;
                }
                *built.entry(machine.kind.index()).or_insert(0) += 1;
                let mut shut = level.grid.clone();
                *shut.get_checked_mut(machine.cells[0]) = Ground::WALL;
                let round = walking_distances(&shut, level.player);
                for (cell, &ground) in level.grid.enumerate() {
                    if !machine.cells.contains(&cell)
                        && !ground.rules().blocks_walking
                        && distances.get_checked(cell).is_some()
                    {
                        assert!(
                            round.get_checked(cell).is_some(),
                            "seed {seed} depth {depth}: {cell:?} cut off by {:?}",
                            machine.kind
                        );
                    }
                }
                check(seed, depth, &level, machine, &distances);
            }
        }
    }
    (built, levels)
}

/// Over seeds 1 to 50, every lair is a dead end whose doorway is at least `LAIR_STEPS` from
/// the arrival, holding its row's sleepers asleep and its loot; both lairs are built, on a
/// level in five or more from depth 4.
#[test]
fn lairs_sleep_in_dead_ends_far_from_the_arrival_with_their_loot() {
    let (built, levels) = dead_end_rooms(
        4..=10,
        &[Role::Lair],
        |seed, depth, level, machine, distances| {
            let lair = machine.kind.rules().lair.as_ref().expect("a lair's band");
            let far = distances
                .get_checked(machine.cells[0])
                .expect("a walk away");
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
        },
    );
    let lairs = MachineKind::all().filter(|kind| kind.rules().role == Role::Lair);
    assert!(lairs.count() >= 2, "two lairs in the table");
    assert!(built.len() >= 2, "both built: {built:?}");
    let total: u32 = built.values().sum();
    assert!(total * 5 >= levels, "{total} lairs on {levels} levels");
}

/// Over seeds 1 to 50, every eel causeway is one walk of shallows from its doorway to its far
/// end, deep water all round it, its eels asleep in the water and its loot on the walk.
#[test]
fn an_eel_causeway_is_one_walk_of_shallows_through_deep_water_and_its_eels() {
    let causeway = lair_named("an eel causeway");
    let shallows = Ground::from_map_letter(',').expect("shallow water");
    let mut built = 0;
    dead_end_rooms(3..=10, &[Role::Lair], |seed, depth, level, machine, _| {
        if machine.kind != causeway {
            return;
        }
        built += 1;
        let case = format!("seed {seed} depth {depth}");
        let area = &machine.cells[1..];
        let walk: Vec<ICoord> = (area.iter().copied())
            .filter(|&c| !level.grid.get_checked(c).rules().blocks_walking)
            .collect();
        for &cell in area {
            let ground = *level.grid.get_checked(cell);
            let on_walk = walk.contains(&cell);
            assert!(
                ground == shallows || (!on_walk && ground.rules().submerges),
                "{case}: {cell:?} is {ground:?}"
            );
        }
        // One walk: its far end is as many steps from the doorway as the walk has cells.
        let mut only = level.grid.clone();
        for (cell, ground) in only.enumerate_mut() {
            if !walk.contains(&cell) && cell != machine.cells[0] {
                *ground = Ground::WALL;
            }
        }
        let steps = walking_distances(&only, machine.cells[0]);
        let farthest = (walk.iter()).filter_map(|&c| *steps.get_checked(c)).max();
        assert_eq!(farthest, Some(walk.len() as u32), "{case}: one walk");
        for npc in level.npcs.iter().filter(|npc| area.contains(&npc.coord)) {
            let ground = *level.grid.get_checked(npc.coord);
            assert!(
                ground.rules().submerges,
                "{case}: {:?} out of the water",
                npc.kind
            );
            assert_eq!(npc.disposition, Disposition::Asleep, "{case}: asleep");
        }
        let loot = level.items.iter().filter(|item| area.contains(&item.coord));
        assert!(loot.clone().count() >= 2, "{case}: its loot");
        assert!(
            loot.clone().all(|item| walk.contains(&item.coord)),
            "{case}: on the walk"
        );
    });
    assert!(built >= 5, "{built} causeways built");
}

/// Over seeds 1 to 50, every swamp is bog wall to wall, its row's bubbling bog among it, its
/// eels asleep under the bog.
#[test]
fn a_swamp_is_bog_wall_to_wall_with_its_eels_under_it() {
    let swamp = lair_named("a swamp lair");
    let bog = Ground::from_map_letter('≋').expect("bog");
    let bubbling = Ground::from_map_letter('≎').expect("bubbling bog");
    let mut built = 0;
    dead_end_rooms(4..=10, &[Role::Lair], |seed, depth, level, machine, _| {
        if machine.kind != swamp {
            return;
        }
        built += 1;
        let case = format!("seed {seed} depth {depth}");
        let area = &machine.cells[1..];
        let of = |ground: Ground| {
            (area.iter())
                .filter(|&&c| *level.grid.get_checked(c) == ground)
                .count()
        };
        assert_eq!(of(bubbling), 3, "{case}: its bubbling bog");
        assert_eq!(of(bog) + of(bubbling), area.len(), "{case}: wall to wall");
        let eels = (level.npcs.iter())
            .filter(|npc| area.contains(&npc.coord) && npc.kind.rules().map_letters.awake == 'e');
        assert!(
            eels.clone().count() >= 2,
            "{case}: {} eels",
            eels.clone().count()
        );
        assert!(
            eels.clone()
                .all(|npc| npc.disposition == Disposition::Asleep),
            "{case}: asleep"
        );
    });
    assert!(built >= 5, "{built} swamps built");
}

/// A bubbling bog lets marsh gas up under every step onto it (swamp gas, harmless until lit),
/// and the bog round it none.
#[test]
fn a_step_onto_bubbling_bog_lets_marsh_gas_up_each_time() {
    let mut s = Scenario::new(&["########", "#@≋≎≋..#", "########"]);
    let (bog, bubbling) = (ICoord::new(2, 1), ICoord::new(3, 1));
    let methane = |s: &Scenario, at: ICoord| {
        (s.game.level().gas_at(at)).is_some_and(|(gas, _)| {
            matches!(gas.rules().harm, umbra_rules::content::GasHarm::Burns(_))
        })
    };
    s.act(PlayerAction::Move(East));
    s.check(!methane(&s, bog), "wading the bog lets nothing up");
    s.act(PlayerAction::Move(East));
    s.check_eq(s.game.player_coord(), bubbling, "on the bubbling bog");
    s.check(methane(&s, bubbling), "marsh gas over it");
    s.act(PlayerAction::Move(East));
    s.check_eq(s.game.level().gas_made(), 0, "none let up off it");
    s.act(PlayerAction::Move(West));
    s.check(
        s.game.level().gas_made() > 0,
        "let up again at the next step",
    );
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

/// A spider walks the strands of webs to the player without being held or tearing them, and
/// a web sprung beside it does not hold it.
#[test]
fn a_spider_walks_its_webs_untorn_and_unheld() {
    let mut s = Scenario::new(&["###########", "#@..⋈⋈⋈r..#", "###########"]);
    let web = s.game.level().ground_at(ICoord::new(4, 1));
    let webs = [4, 5, 6].map(|x| ICoord::new(x, 1));
    let beside = ICoord::new(2, 1);
    let spider_at = |s: &Scenario| s.npcs().first().map(|npc| npc.coord);
    let mut turns = 0;
    while spider_at(&s) != Some(beside) && turns < 12 && !s.game.is_over() {
        s.act(PlayerAction::Wait);
        turns += 1;
    }
    s.check_eq(spider_at(&s), Some(beside), "the spider came through");
    s.check(turns <= 8, &format!("unheld on the way: {turns} turns"));
    for cell in webs {
        s.check_eq(s.game.level().ground_at(cell), web, "its webs untorn");
    }
    // The player walks into a web with the spider beside it: the web holds the player, and
    // the spider steps up to bite at once.
    let mut s = Scenario::new(&["######", "#@⋈..#", "#..r.#", "######"]);
    let spider = ICoord::new(3, 2);
    s.act(PlayerAction::Move(East));
    s.check_eq(s.game.player_coord(), ICoord::new(2, 1), "in the web");
    s.check(spider_at(&s) != Some(spider), "the spider is not held");
}

/// A goblin warren, and an idyll, round a corner: each told the first time a cell of it comes
/// into view, once.
#[test]
fn a_lair_or_a_set_piece_is_told_the_first_time_it_comes_into_view() {
    for (description, ground) in [("a goblin warren", '≡'), ("an idyll", '`')] {
        let room = lair_named(description);
        let dump = format!(
            "\
#########
#@......#
#######.#
#{g}{g}{g}{g}{g}..#
#########

machine (kind: {}, cells: [(6, 3), (5, 3), (4, 3), (3, 3), (2, 3), (1, 3)], signals: 0)
",
            room.index(),
            g = ground,
        );
        let (game, _) = Game::from_dump(&dump, GameOptions::default()).expect("a valid dump");
        let mut s = Scenario::from_game(game);
        let told = |s: &Scenario| {
            (s.game.events().iter())
                .filter(|e| **e == GameEvent::Dungeon(DungeonEvent::RoomSeen { room }))
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
        s.check_eq(times, 1, &format!("{description} told once"));
        let dump = s.game.dump();
        s.check(dump.contains("seen:true"), "dumped seen");
    }
}

/// Over seeds 1 to 50, every set piece and shrine is a dead end cutting nothing off, laid with
/// its row's ground and nothing in wait (nothing dormant); each of the table's is built, on a
/// level in eight or more.
#[test]
fn set_pieces_and_shrines_are_dead_ends_given_over_to_their_ground() {
    let roles = [Role::Scenery, Role::Shrine];
    let (built, levels) = dead_end_rooms(1..=10, &roles, |seed, depth, level, machine, _| {
        assert!(
            machine.dormant.is_empty(),
            "seed {seed} depth {depth}: dormant"
        );
        // Every part's ground laid in it (a wall part in a wall beside it).
        for part in &machine.kind.rules().parts {
            let beside = |c: ICoord| (machine.cells.iter()).any(|&m| (m - c).magnitude2() == 1);
            let laid = match part.at.in_the_wall() {
                true => (level.grid.enumerate()).any(|(c, &g)| g == part.ground && beside(c)),
                false => (machine.cells.iter()).any(|&c| *level.grid.get_checked(c) == part.ground),
            };
            assert!(
                laid,
                "seed {seed} depth {depth}: {:?} not laid",
                part.ground
            );
        }
    });
    let rows = MachineKind::all().filter(|kind| roles.contains(&kind.rules().role));
    assert_eq!(built.len(), rows.count(), "each built: {built:?}");
    let total: u32 = built.values().sum();
    assert!(
        total * 8 >= levels,
        "{total} set pieces and shrines on {levels} levels"
    );
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
                    || (level.machines.iter())
                        .filter(|m| !matches!(m.kind.rules().role, Role::Scenery | Role::Shrine))
                        .any(|m| m.cells.contains(at))
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
