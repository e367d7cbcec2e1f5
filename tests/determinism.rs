//! Same seed and same inputs give the same game.

mod common;

use common::scripted_actions as actions;
use coord_2d::ICoord;
use umbra_rules::{Game, GameOptions, PlayerAction};

#[derive(Debug, PartialEq)]
struct Observed {
    turn: u64,
    player: ICoord,
    hit_points: u32,
    npcs: Vec<umbra_rules::game::NpcInfo>,
    corpses: usize,
    cells: Vec<umbra_rules::game::CellView>,
}

fn observe(game: &Game) -> Observed {
    Observed {
        turn: game.turn(),
        player: game.player_coord(),
        hit_points: game.player_hit_points().current,
        npcs: game.inhabitants().npcs().collect(),
        corpses: game.inhabitants().count_corpses(),
        cells: game
            .size()
            .icoord_iter_row_major()
            .map(|c| game.level().cell_view(c))
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

/// A game says which seed and options made it (the save, the title bar and "RNG Seed: N" read
/// them), also after the dice are reseeded.
#[test]
fn a_game_reports_the_seed_and_options_it_was_made_with() {
    let options = GameOptions {
        map_size: coord_2d::UCoord::new(41, 23),
        omniscience: umbra_rules::visibility::Omniscience::On,
    };
    let game = Game::new(12_345, options);
    assert_eq!((game.seed(), game.options()), (12_345, options));
    let (hand_made, _) = Game::from_ascii(&["####", "#@.#", "####"], options).expect("a map");
    assert_eq!(hand_made.reseeded(77).seed(), 77);
}
