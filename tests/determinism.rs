//! Same seed and same inputs give the same game.

mod common;

use common::scripted_actions as actions;
use coord_2d::ICoord;
use umbra::{Game, GameOptions, PlayerAction};

#[derive(Debug, PartialEq)]
struct Observed {
    turn: u64,
    player: ICoord,
    hit_points: u32,
    npcs: Vec<umbra::game::NpcInfo>,
    corpses: usize,
    cells: Vec<umbra::game::CellView>,
}

fn observe(game: &Game) -> Observed {
    Observed {
        turn: game.turn(),
        player: game.player_coord(),
        hit_points: game.player_hit_points().current,
        npcs: game.npcs().collect(),
        corpses: game.count_corpses(),
        cells: game
            .size()
            .icoord_iter_row_major()
            .map(|c| game.cell_view(c))
            .collect(),
    }
}

fn play(seed: u64, actions: &[PlayerAction]) -> Observed {
    let mut game = Game::new(seed, GameOptions::default());
    for &action in actions {
        game.act(action);
    }
    observe(&game)
}

#[test]
fn same_seed_and_actions_give_the_same_world_after_500_turns() {
    for seed in [1, 2, 3, 99] {
        let script = actions(500, seed);
        let a = play(seed, &script);
        let b = play(seed, &script);
        assert_eq!(a, b, "seed {seed}");
    }
}

#[test]
fn different_actions_give_different_games() {
    let a = play(5, &actions(200, 1));
    let b = play(5, &actions(200, 2));
    assert_ne!(a, b);
}
