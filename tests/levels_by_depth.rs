//! Levels by depth as the level profiles shape them (`content/levels.ron`): every level of every
//! depth joined up with its way on reachable, each room design only at the depths its weights
//! allow, caverns and caves deep, doors in walls, and levels that differ in shape.

mod common;

use coord_2d::{ICoord, UCoord};
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra_rules::balance::FINAL_DEPTH;
use umbra_rules::content::{DesignWeights, profile_at};
use umbra_rules::content::{ItemKind, Role, Spot};
use umbra_rules::terrain::{
    DesignKind, Disposition, Ground, Terrain, VaultGuard, VaultSpawn, generate_at_depth,
    walking_distances,
};

const SIZE: UCoord = UCoord::new_u16(80, 30);

fn level(seed: u64, depth: u32) -> Terrain {
    // Each level from a seed of its own, as a run's depths are.
    let mut rng = Isaac64Rng::seed_from_u64(seed * 1000 + u64::from(depth));
    generate_at_depth(SIZE, depth, &mut rng)
}

/// The vaults' doors and the machines' doorways (a portcullis shut until its plate is struck).
fn doors(level: &umbra_rules::terrain::Terrain) -> Vec<ICoord> {
    let vaults = level.vaults.iter().map(|vault| vault.door);
    let machines = level.machines.iter().map(|machine| machine.cells[0]);
    vaults.chain(machines).collect()
}

fn walkable(tile: Ground) -> bool {
    !tile.rules().blocks_walking
}

#[test]
fn every_level_of_every_depth_is_joined_up_and_its_way_on_reachable() {
    for seed in 0..30 {
        for depth in 1..=FINAL_DEPTH {
            let level = level(seed, depth);
            // A vault's door and a machine's doorway opened: what lies behind a locked or
            // secret one, or a portcullis, is joined up too.
            let mut opened = level.grid.clone();
            for door in doors(&level) {
                *opened.get_checked_mut(door) = Ground::DOOR;
            }
            let distances = walking_distances(&opened, level.player);
            for (cell, &tile) in level.grid.enumerate() {
                if walkable(tile) {
                    assert!(
                        distances.get_checked(cell).is_some(),
                        "seed {seed} depth {depth}: {cell:?} cannot be walked to"
                    );
                }
            }
            let exit = level
                .grid
                .enumerate()
                .find(|(_, t)| **t == Ground::STAIRS)
                .map(|(c, _)| c)
                // The Sunstone is the first item the last level places.
                .or_else(|| level.items.first().map(|item| item.coord))
                .expect("stairs, or the Sunstone on the last depth");
            let steps = distances
                .get_checked(exit)
                .expect("the way on is reachable");
            assert!(
                steps >= 20,
                "seed {seed} depth {depth}: the way on is {steps} steps away"
            );
        }
    }
}

fn weight(weights: &DesignWeights, kind: DesignKind) -> u32 {
    kind.weight(weights)
}

#[test]
fn each_design_appears_only_at_the_depths_its_table_says_and_every_one_somewhere() {
    let mut seen = Vec::new();
    for seed in 0..40 {
        for depth in 1..=FINAL_DEPTH {
            let profile = profile_at(depth);
            let level = level(seed, depth);
            // The first room of a level is drawn like the rest, unless it is a cavern.
            for &kind in &level.designs {
                let allowed = match kind {
                    DesignKind::Cavern => profile.cavern > 0,
                    _ => weight(&profile.designs, kind) > 0,
                };
                assert!(allowed, "seed {seed} depth {depth}: a {kind:?} room");
                seen.push((kind, depth));
            }
        }
    }
    for kind in DesignKind::ALL.into_iter().chain([DesignKind::Cavern]) {
        assert!(
            seen.iter().any(|(k, _)| *k == kind),
            "no {kind:?} in 400 levels"
        );
    }
    let shallow_caves = seen
        .iter()
        .filter(|(k, d)| matches!(k, DesignKind::Cave | DesignKind::Cavern) && *d <= 2)
        .count();
    assert_eq!(shallow_caves, 0, "no caves on the first two depths");
}

#[test]
fn most_runs_meet_a_cavern_in_depths_4_to_10() {
    let runs: usize = 40;
    let met = (0..runs)
        .filter(|&seed| {
            (4..=FINAL_DEPTH)
                .any(|d| level(seed as u64, d).designs.first() == Some(&DesignKind::Cavern))
        })
        .count();
    assert!(
        met * 4 >= runs * 3,
        "{met} of {runs} runs meet a cavern in depths 4 to 10"
    );
}

/// Levels as whole runs meet them (each depth from its own seed, reached as a run reaches it)
/// differ in how much ground they open: some a few rooms, some a maze of them. docs/rules.md
/// quotes the figure (tests/docs.rs holds it to this measure).
#[test]
fn the_levels_of_whole_runs_differ_in_open_ground() {
    let spread = common::levels::open_ground_spread_of_whole_runs();
    // About a quarter with fills drawn from 5 to 60; from 5 to 100 these runs' levels varied by
    // 17.6 %, which a sample of four runs could see as less than 15 %.
    assert!(spread >= 0.2, "open ground varies {:.1} %", spread * 100.0);
}

/// A captive never moves until freed, so it must never stand where it cuts a level in two:
/// with every captive's cell taken for a wall, every other walkable cell is still reachable.
/// A kennel's captives on their vault's altars are the vault's offer: one freed, it stands
/// aside for the player as an ally does, and cages close over the rest as over items.
#[test]
fn no_captive_stands_in_the_way() {
    let mut captives = 0;
    for seed in 0..30 {
        for depth in 2..=FINAL_DEPTH {
            let level = level(seed, depth);
            let mut grid = level.grid.clone();
            for door in doors(&level) {
                *grid.get_checked_mut(door) = Ground::DOOR;
            }
            let on_altar = |at: ICoord| level.vaults.iter().any(|v| v.altars.contains(&at));
            for npc in level
                .npcs
                .iter()
                .filter(|n| n.disposition == Disposition::Captive && !on_altar(n.coord))
            {
                *grid.get_checked_mut(npc.coord) = Ground::WALL;
                captives += 1;
            }
            let distances = walking_distances(&grid, level.player);
            for (cell, &tile) in grid.enumerate() {
                assert!(
                    !walkable(tile) || distances.get_checked(cell).is_some(),
                    "seed {seed} depth {depth}: {cell:?} cut off by a captive"
                );
            }
        }
    }
    assert!(captives >= 30, "{captives} captives in 270 levels");
}

/// How long the straight stretches of wall facing open ground run, on average: rooms of
/// rectangles give long ones, caves short ones.
pub fn straight_wall_run(grid: &grid_2d::Grid<Ground>) -> f64 {
    let open = |c: ICoord| grid.get(c).is_some_and(|&t| walkable(t));
    let facing = |c: ICoord, out: ICoord| grid.get(c) == Some(&Ground::WALL) && open(c + out);
    let (mut runs, mut cells) = (0u32, 0u32);
    for (out, along) in [
        (ICoord::new(0, 1), ICoord::new(1, 0)),
        (ICoord::new(0, -1), ICoord::new(1, 0)),
        (ICoord::new(1, 0), ICoord::new(0, 1)),
        (ICoord::new(-1, 0), ICoord::new(0, 1)),
    ] {
        for (cell, _) in grid.enumerate() {
            if facing(cell, out) {
                cells += 1;
                if !facing(cell - along, out) {
                    runs += 1;
                }
            }
        }
    }
    f64::from(cells) / f64::from(runs.max(1))
}

/// The must-show measures over 4 seeds × 10 depths: cave-like levels, levels with a closed
/// door, and open ground that differs from level to level.
#[test]
fn levels_have_characters_of_their_own() {
    let mut cave_like = 0;
    let mut with_doors = 0;
    let mut open_ground = Vec::new();
    for seed in [1, 2, 3, 4] {
        for depth in 1..=FINAL_DEPTH {
            let level = level(seed, depth);
            if straight_wall_run(&level.grid) <= 2.5 {
                cave_like += 1;
            }
            if level.grid.iter().any(|&t| t == Ground::DOOR) {
                with_doors += 1;
            }
            open_ground.push(level.grid.iter().filter(|&&t| walkable(t)).count() as f64);
        }
    }
    let spread = common::levels::spread(&open_ground);
    println!(
        "cave-like {cave_like}/40, with doors {with_doors}/40, open ground varies {:.0} %",
        spread * 100.0
    );
    assert!(cave_like >= 8, "{cave_like} of 40 levels cave-like");
    assert!(
        with_doors >= 20,
        "{with_doors} of 40 levels hold a closed door"
    );
    assert!(spread >= 0.15, "open ground varies {:.0} %", spread * 100.0);
}

/// Secret doors come from depth 3, more with depth, and only as shortcuts: the level is joined
/// up without them (the first test walks every level with them as wall).
#[test]
fn secret_doors_come_from_depth_3_and_grow_with_depth() {
    let count = |depths: std::ops::RangeInclusive<u32>| -> usize {
        (0..20)
            .flat_map(|seed| depths.clone().map(move |depth| level(seed, depth)))
            .map(|level| {
                level
                    .grid
                    .iter()
                    .filter(|&&t| t == Ground::SECRET_DOOR)
                    .count()
            })
            .sum()
    };
    let (shallow, middle, deep) = (count(1..=2), count(3..=5), count(8..=10));
    assert_eq!(shallow, 0, "none on the first two depths");
    assert!(middle > 0, "some from depth 3");
    assert!(deep > middle, "more deep down: {deep} against {middle}");
}

fn holds(level: &Terrain, tile: Ground) -> bool {
    level.grid.iter().any(|&t| t == tile)
}

/// Lakes and chasms as the profiles place them: water or a chasm on many levels, chasms only
/// from depth 3 and never on the last depth (nothing lies below it), each deep cell wreathed
/// in open ground, and some chasms bridged, each bridge with chasm on both its sides. (The
/// first test walks every level with water and chasms as walls: none cuts a level in two.)
#[test]
fn lakes_and_chasms_come_by_depth_wreathed_and_bridged() {
    let mut with_either = 0;
    let mut chasms_by_depth = [0; FINAL_DEPTH as usize + 1];
    let mut bridged = 0;
    let seeds = 20;
    for seed in 0..seeds {
        for depth in 1..=FINAL_DEPTH {
            let level = level(seed, depth);
            let chasm = holds(&level, Ground::CHASM);
            with_either += usize::from(chasm || holds(&level, Ground::DEEP_WATER));
            chasms_by_depth[depth as usize] += usize::from(chasm);
            bridged += usize::from(holds(&level, Ground::BRIDGE));
            check_wreaths_and_bridges(&level, seed, depth);
        }
    }
    let levels = (seeds * u64::from(FINAL_DEPTH)) as usize;
    assert!(
        with_either * 4 >= levels,
        "water or a chasm on {with_either} of {levels} levels"
    );
    assert_eq!(
        chasms_by_depth[1] + chasms_by_depth[2],
        0,
        "no chasm on depths 1 and 2"
    );
    assert_eq!(
        chasms_by_depth[FINAL_DEPTH as usize], 0,
        "none on the last depth"
    );
    assert!(
        chasms_by_depth[3..FINAL_DEPTH as usize]
            .iter()
            .sum::<usize>()
            >= 10
    );
    assert!(bridged > 0, "some chasm is bridged");
}

fn check_wreaths_and_bridges(level: &Terrain, seed: u64, depth: u32) {
    let at = |c: ICoord| level.grid.get(c).copied();
    for (cell, &tile) in level.grid.enumerate() {
        let around = (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| cell + ICoord::new(dx, dy)));
        let fits: &[Ground] = match tile {
            // A machine's water or chasm (an eel causeway's, a chasm island's, wall to wall)
            // is its own, not a lake's.
            Ground::DEEP_WATER | Ground::CHASM
                if level.machines.iter().any(|m| m.cells.contains(&cell)) =>
            {
                continue;
            }
            Ground::DEEP_WATER => &[Ground::DEEP_WATER, Ground::SHALLOW_WATER],
            Ground::CHASM => &[Ground::CHASM, Ground::CHASM_EDGE, Ground::BRIDGE],
            Ground::BRIDGE => {
                // Chasm (or a crossing bridge) on both its sides, one way or the other.
                let spanned = |c: ICoord| matches!(at(c), Some(Ground::CHASM | Ground::BRIDGE));
                let across = [ICoord::new(1, 0), ICoord::new(0, 1)]
                    .into_iter()
                    .any(|side| spanned(cell + side) && spanned(cell - side));
                assert!(
                    across,
                    "seed {seed} depth {depth}: a bridge at {cell:?} over nothing"
                );
                continue;
            }
            _ => continue,
        };
        for next in around {
            let next_tile = at(next);
            assert!(
                next_tile.is_some_and(|t| fits.contains(&t)),
                "seed {seed} depth {depth}: {tile:?} at {cell:?} meets {next_tile:?} at {next:?}"
            );
        }
    }
}

/// Vaults as the profiles place them: on many levels, each a dead end behind its door with two
/// or three altars bearing different rewards, its guard as its door says (a door guard's
/// doorway is its machine's), and a locked vault's key reachable from the arrival without
/// passing its own door (or any secret door).
#[test]
fn vaults_come_on_many_levels_each_guarded_and_its_key_reachable() {
    let mut with_a_vault = 0;
    let mut guards = std::collections::BTreeSet::new();
    let levels = 20 * FINAL_DEPTH;
    for seed in 0..20 {
        for depth in 1..=FINAL_DEPTH {
            let level = level(seed, depth);
            with_a_vault += usize::from(!level.vaults.is_empty());
            for vault in &level.vaults {
                check_vault(&level, vault, seed, depth);
                guards.insert(format!("{:?}", vault.guard));
            }
        }
    }
    assert!(
        with_a_vault * 4 >= levels as usize,
        "a vault on {with_a_vault} of {levels} levels"
    );
    assert_eq!(guards.len(), 4, "every kind of guard: {guards:?}");
}

fn check_vault(level: &Terrain, vault: &VaultSpawn, seed: u64, depth: u32) {
    let at = |c: ICoord| level.grid.get(c).copied();
    let door = at(vault.door);
    let expected = match vault.guard {
        VaultGuard::Locked => Ground::LOCKED_DOOR,
        VaultGuard::Secret => Ground::SECRET_DOOR,
        VaultGuard::Sleepers => Ground::DOOR,
        VaultGuard::Machine => {
            let machine = (level.machines.iter())
                .find(|machine| machine.cells.first() == Some(&vault.door))
                .expect("a door guard on the vault's doorway");
            let rules = machine.kind.rules();
            assert_eq!(rules.role, Role::DoorGuard);
            let doorway = rules.parts.iter().find(|part| part.at == Spot::Door);
            doorway.expect("a doorway part").ground
        }
    };
    assert_eq!(door, Some(expected), "seed {seed} depth {depth}: {vault:?}");
    assert!((2..=3).contains(&vault.altars.len()));
    // An item on every altar, or a kennel's captive: each of a kind of its own.
    let mut rewards: Vec<_> = vault
        .altars
        .iter()
        .map(|&altar| {
            assert_eq!(at(altar), Some(Ground::ALTAR));
            let item = (level.items.iter()).find(|item| item.coord == altar);
            let captive = (level.npcs.iter())
                .find(|npc| npc.coord == altar && npc.disposition == Disposition::Captive);
            match (item, captive) {
                (Some(item), None) => (item.item.index(), false),
                (None, Some(captive)) => (captive.kind.index(), true),
                _ => panic!("seed {seed} depth {depth}: an item or a captive on every altar"),
            }
        })
        .collect();
    rewards.sort_unstable();
    rewards.dedup();
    assert_eq!(rewards.len(), vault.altars.len(), "different rewards");
    // The altars are beyond the door: not reachable with it shut.
    let distances = walking_distances(&level.grid, level.player);
    for &altar in &vault.altars {
        let shut = matches!(
            vault.guard,
            VaultGuard::Locked | VaultGuard::Secret | VaultGuard::Machine
        );
        assert_eq!(
            distances.get_checked(altar).is_none(),
            shut,
            "seed {seed} depth {depth}"
        );
    }
    if vault.guard == VaultGuard::Locked {
        let key = vault.key.expect("a locked vault has a key");
        // A key behind a machine's portcullis is won by striking its plate; a nested vault's,
        // on another vault's altar, by going in there first.
        let mut lifted = level.grid.clone();
        for machine in &level.machines {
            *lifted.get_checked_mut(machine.cells[0]) = Ground::DOOR;
        }
        for other in (level.vaults.iter()).filter(|other| other.altars.contains(&key)) {
            *lifted.get_checked_mut(other.door) = Ground::DOOR;
        }
        assert!(
            (walking_distances(&lifted, level.player).get_checked(key)).is_some(),
            "seed {seed} depth {depth}: the key at {key:?} is out of reach"
        );
        assert!(
            level
                .items
                .iter()
                .any(|item| item.coord == key && item.item == ItemKind::key())
        );
    }
}

/// The level table is checked as the other tables are: each broken copy of the shipped one is
/// refused naming the field, the shipped one loads.
#[test]
fn a_broken_level_table_is_refused_naming_the_field() {
    use umbra_rules::content::{LEVELS_SOURCE, levels, load_levels};
    assert_eq!(
        load_levels(LEVELS_SOURCE).expect("the shipped table loads"),
        levels()
    );
    // A vault needs some guard, any one of them alone or with another; a profile without
    // vaults needs none.
    for odds in [
        "chance: 0, locked: 0, secret: 0, sleepers: 0, machine: 0",
        "chance: 60, locked: 1, secret: 0, sleepers: 0, machine: 0",
        "chance: 60, locked: 0, secret: 0, sleepers: 1, machine: 0",
        "chance: 60, locked: 0, secret: 0, sleepers: 0, machine: 1",
        "chance: 60, locked: 1, secret: 1, sleepers: 0, machine: 0",
        "chance: 60, locked: 0, secret: 0, sleepers: 1, machine: 1",
    ] {
        let guarded = LEVELS_SOURCE.replacen(
            "vaults: (chance: 60, locked: 1, secret: 0, sleepers: 2, machine: 1)",
            &format!("vaults: ({odds})"),
            1,
        );
        load_levels(&guarded).expect(odds);
    }
    // The most traps a profile may ask for loads; one more is refused (below).
    let most = LEVELS_SOURCE.replacen(
        "traps: (most: 1, chance: 40, hidden: 0)",
        "traps: (most: 6, chance: 40, hidden: 0)",
        1,
    );
    assert!(load_levels(&most).is_ok(), "six traps tried");
    let broken = |from: &str, to: &str| {
        assert!(LEVELS_SOURCE.contains(from), "{from:?} is in the table");
        load_levels(&LEVELS_SOURCE.replacen(from, to, 1))
            .expect_err(&format!("{to:?} is refused"))
            .to_string()
    };
    for (from, to, field) in [
        ("depths: (3, 4)", "depths: (4, 4)", "depths"),
        ("depths: (8, 10)", "depths: (8, 9)", "depths"),
        ("cavern: 20,", "cavern: 101,", "cavern"),
        ("doors: 50,", "doors: 150,", "doors"),
        ("secret_doors: 8,", "secret_doors: 101,", "secret_doors"),
        ("loop_distance: 20,", "loop_distance: 1,", "loop_distance"),
        ("fill: (5, 60),", "fill: (0, 60),", "fill"),
        ("fill: (5, 60),", "fill: (60, 40),", "fill"),
        (
            "lakes: (most: 1, chance: 35, water: 1, chasm: 0)",
            "lakes: (most: 7, chance: 35, water: 1, chasm: 0)",
            "lakes",
        ),
        (
            "lakes: (most: 1, chance: 35, water: 1, chasm: 0)",
            "lakes: (most: 1, chance: 101, water: 1, chasm: 0)",
            "lakes",
        ),
        (
            "lakes: (most: 1, chance: 35, water: 1, chasm: 0)",
            "lakes: (most: 1, chance: 35, water: 0, chasm: 0)",
            "lakes",
        ),
        (
            "vaults: (chance: 60, locked: 1, secret: 0, sleepers: 2, machine: 1)",
            "vaults: (chance: 160, locked: 1, secret: 0, sleepers: 2, machine: 1)",
            "vaults",
        ),
        (
            "vaults: (chance: 60, locked: 1, secret: 0, sleepers: 2, machine: 1)",
            "vaults: (chance: 60, locked: 0, secret: 0, sleepers: 0, machine: 0)",
            "vaults",
        ),
        (
            "designs: (rectangle: 10, cross: 3, circular: 1, chunky: 1, cave: 0)",
            "designs: (rectangle: 0, cross: 0, circular: 0, chunky: 0, cave: 0)",
            "designs",
        ),
        (
            "traps: (most: 1, chance: 40, hidden: 0)",
            "traps: (most: 7, chance: 40, hidden: 0)",
            "traps",
        ),
        (
            "traps: (most: 1, chance: 40, hidden: 0)",
            "traps: (most: 1, chance: 101, hidden: 0)",
            "traps",
        ),
        (
            "traps: (most: 1, chance: 40, hidden: 0)",
            "traps: (most: 1, chance: 40, hidden: 101)",
            "traps",
        ),
    ] {
        let error = broken(from, to);
        assert!(
            error.contains("content/levels.ron") && error.contains(field),
            "{to}: {error}"
        );
    }
}

/// The level profiles light most halls on the first depths and few deep down
/// (`content/levels.ron`, `lit`): over seeds 1 to 8 the share of open ground lit by something
/// other than the player's own light falls from each window of depths to the next.
/// docs/rules.md quotes the figures (tests/docs.rs holds them to this measure).
#[test]
fn the_share_of_ground_lit_falls_with_depth() {
    let shares = common::levels::lit_share_by_depth();
    let window = |depths: std::ops::RangeInclusive<usize>| {
        let count = depths.clone().count() as f64;
        depths.map(|d| shares[d - 1]).sum::<f64>() / count
    };
    let windows = [window(1..=2), window(3..=4), window(5..=7), window(8..=10)];
    for pair in windows.windows(2) {
        assert!(
            pair[1] < pair[0],
            "lit share by window of depths: {windows:?}"
        );
    }
    assert!(
        windows[0] > 0.3,
        "most halls lit on the first depths: {windows:?}"
    );
}

/// A player on the first depths sees lit ground beyond its own light on most levels: the far
/// side of a lit hall, a torch down a corridor (seeds 1 to 4, depths 1 to 3).
#[test]
fn lit_ground_beyond_the_players_light_on_most_early_levels() {
    let mut levels = 0;
    let mut with_far_light = 0;
    common::levels::every_level(1..=4, |_, depth, game| {
        if depth > 3 {
            return;
        }
        levels += 1;
        let radius = umbra_rules::balance::PLAYER_LIGHT_RADIUS[depth as usize - 1] as i32;
        let player = game.player_coord();
        let beyond =
            |c: &ICoord| (c.x - player.x).pow(2) + (c.y - player.y).pow(2) > radius * radius;
        with_far_light += usize::from(common::levels::lit_ground(game).iter().any(beyond));
    });
    assert!(
        with_far_light * 2 > levels,
        "{with_far_light} of {levels} levels light ground beyond the player's own light"
    );
}

/// Grass grows on the levels, as the dumps show it (`` ` `` green, `{` dead), on at least 15 of
/// the 40 levels of seeds 1 to 4; and it dries with depth: dead grass is a larger share of the
/// grass on depths 8 to 10 than on depths 1 to 4.
#[test]
fn grass_grows_on_most_levels_and_dries_with_depth() {
    let mut with_grass = 0;
    let mut grass_by_depth = [(0usize, 0usize); 2];
    common::levels::every_level(1..=4, |_, depth, game| {
        let dump = game.dump();
        // The map: the lines before the first blank one, its comments left out.
        let map: String = (dump.lines())
            .take_while(|line| !line.is_empty())
            .filter(|line| !line.starts_with("//"))
            .collect();
        let green = map.matches('`').count();
        let dead = map.matches('{').count();
        if green + dead > 0 {
            with_grass += 1;
        }
        let window = match depth {
            1..=4 => Some(0),
            8..=10 => Some(1),
            _ => None,
        };
        if let Some(window) = window {
            grass_by_depth[window].0 += green;
            grass_by_depth[window].1 += dead;
        }
    });
    assert!(with_grass >= 15, "levels with grass: {with_grass} of 40");
    let dead_share = |(green, dead): (usize, usize)| dead as f64 / (green + dead).max(1) as f64;
    assert!(
        dead_share(grass_by_depth[1]) > dead_share(grass_by_depth[0]) + 0.2,
        "(green, dead) on depths 1-4 and 8-10: {grass_by_depth:?}"
    );
}

/// The monster from deeper down waits from depth 2: the first level is never given one, the
/// second often is.
#[test]
fn no_monster_from_deeper_down_on_the_first_level() {
    let first = (0..60).filter(|&seed| level(seed, 1).from_deeper.is_some());
    assert_eq!(first.count(), 0, "depth 1 holds none");
    let second = (0..60).filter(|&seed| level(seed, 2).from_deeper.is_some());
    assert!(second.count() > 30, "depth 2 holds one on most levels");
}
