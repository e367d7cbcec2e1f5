//! Level generation as a player meets it: reproducible from the seed, fully connected, and never
//! starting with a monster in a wall or breathing down the player's neck.

use std::collections::VecDeque;

mod common;

use common::{orc, troll};

use common::level_picture as snapshot;

use coord_2d::{ICoord, UCoord};
use umbra_rules::{Game, GameOptions};

const SEEDS: u64 = 200;

#[test]
fn same_seed_gives_same_map_and_spawns() {
    for seed in [0, 1, 42, u64::MAX] {
        let a = Game::new(seed, GameOptions::default());
        let b = Game::new(seed, GameOptions::default());
        assert_eq!(snapshot(&a), snapshot(&b), "seed {seed}");
    }
}

#[test]
fn different_seeds_give_different_maps() {
    let maps: Vec<_> = (0..SEEDS)
        .map(|seed| snapshot(&Game::new(seed, GameOptions::default())).0)
        .collect();
    for (i, a) in maps.iter().enumerate() {
        for b in &maps[i + 1..] {
            assert_ne!(a, b, "two seeds produced the same walls");
        }
    }
}

/// Ground one can walk, a vault's door (locked, or secret) and a machine's doorway (a
/// portcullis its plate lifts) counted open: the floor behind them is the level's floor too.
fn open_ground(game: &Game, cell: ICoord) -> bool {
    !game.level().blocks_walking(cell)
        || game.vaults().iter().any(|vault| vault.door == cell)
        || game
            .machines()
            .iter()
            .any(|machine| machine.cells[0] == cell)
}

fn reachable_from(game: &Game, start: ICoord) -> usize {
    let size = game.size();
    let index = |c: ICoord| (c.y as u32 * size.width() + c.x as u32) as usize;
    let mut seen = vec![false; size.count()];
    let mut queue = VecDeque::from([start]);
    seen[index(start)] = true;
    let mut count = 0;
    while let Some(coord) = queue.pop_front() {
        count += 1;
        for step in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let next = coord + ICoord::from(step);
            if next.is_valid(size) && open_ground(game, next) && !seen[index(next)] {
                seen[index(next)] = true;
                queue.push_back(next);
            }
        }
    }
    count
}

#[test]
fn every_floor_cell_is_reachable_and_npcs_start_fair() {
    for seed in 0..SEEDS {
        let game = Game::new(seed, GameOptions::default());
        let floor = game
            .size()
            .icoord_iter_row_major()
            .filter(|&c| open_ground(&game, c))
            .count();
        let player = game.player_coord();
        assert_eq!(reachable_from(&game, player), floor, "seed {seed}");
        for npc in game.inhabitants().npcs() {
            assert!(
                !game.level().blocks_walking(npc.coord),
                "seed {seed}: NPC in a wall"
            );
            let dx = (npc.coord.x - player.x).abs();
            let dy = (npc.coord.y - player.y).abs();
            assert!(dx > 1 || dy > 1, "seed {seed}: NPC next to the player");
        }
    }
}

/// The first level is orcs' (monkeys and the odd jackal beside them), never a troll's: trolls
/// come from depth 2 (one on depth 1 dealt five of the careful player's six deaths there).
#[test]
fn the_first_level_holds_orcs_and_no_trolls() {
    let (mut orcs, mut trolls) = (0, 0);
    for seed in 0..SEEDS {
        for npc in Game::new(seed, GameOptions::default()).inhabitants().npcs() {
            let kind = npc.kind;
            orcs += usize::from(kind == orc());
            trolls += usize::from(kind == troll());
        }
    }
    assert_eq!(trolls, 0, "no troll on depth 1");
    assert!(
        orcs > SEEDS as usize * 3,
        "levels should hold a fair number of orcs: {orcs}"
    );
}

#[test]
fn extreme_map_sizes_generate_connected_levels() {
    for (width, height) in [(20, 15), (21, 100), (300, 15), (1000, 1000)] {
        let options = GameOptions {
            map_size: UCoord::new(width, height),
            ..GameOptions::default()
        };
        let game = Game::new(7, options);
        assert_eq!(game.size(), UCoord::new(width, height));
        let floor = game
            .size()
            .icoord_iter_row_major()
            .filter(|&c| open_ground(&game, c))
            .count();
        assert!(floor > 16, "{width}x{height}: a level needs rooms");
        assert_eq!(reachable_from(&game, game.player_coord()), floor);
    }
}

/// The sizes a level can be generated at (and so the sizes `--map-size`, a save or a recording
/// may ask for): from the smallest to the largest in each direction, and nothing outside.
#[test]
fn levels_come_in_every_size_from_the_smallest_to_the_largest_and_no_other() {
    use umbra_rules::terrain::{MAX_MAP_SIZE as MAX, MIN_MAP_SIZE as MIN, is_valid_size};
    let sizes = [
        (MIN, true),
        (MAX, true),
        (UCoord::new(MAX.width(), MIN.height()), true),
        (UCoord::new(MIN.width() - 1, MIN.height()), false),
        (UCoord::new(MIN.width(), MIN.height() - 1), false),
        (UCoord::new(MAX.width() + 1, MAX.height()), false),
        (UCoord::new(MAX.width(), MAX.height() + 1), false),
    ];
    for (size, valid) in sizes {
        assert_eq!(is_valid_size(size), valid, "{size:?}");
    }
}
