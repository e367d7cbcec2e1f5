//! What the player sees: walls block sight but are themselves seen, cells out of view are
//! remembered, and omniscience shows everything.

use coord_2d::ICoord;
use direction::CardinalDirection::*;
use umbra_rules::content::NpcKind;
use umbra_rules::game::CellView;
use umbra_rules::visibility::{CellVisibility, Omniscience};
use umbra_rules::world::Tile;
use umbra_rules::{Game, GameOptions, PlayerAction};

fn game(rows: &[&str], omniscience: Omniscience) -> (Game, Vec<(char, ICoord)>) {
    let options = GameOptions {
        omniscience,
        ..GameOptions::default()
    };
    Game::from_ascii(rows, options).expect("valid test map")
}

fn label(labels: &[(char, ICoord)], name: char) -> ICoord {
    labels
        .iter()
        .find(|(c, _)| *c == name)
        .expect("label in map")
        .1
}

fn visibility(game: &Game, coord: ICoord) -> CellVisibility {
    game.cell_view(coord).visibility
}

#[test]
fn a_cell_behind_a_wall_is_not_visible_but_the_wall_is() {
    let (game, labels) = game(
        &["##########", "#@...#1..#", "#....#...#", "##########"],
        Omniscience::Off,
    );
    assert_eq!(
        visibility(&game, label(&labels, '1')),
        CellVisibility::NeverSeen
    );
    let wall = label(&labels, '1') + West.coord();
    assert_eq!(visibility(&game, wall), CellVisibility::Visible);
    assert_eq!(game.cell_view(wall).tiles.feature, Some(Tile::Wall));
}

#[test]
fn sight_reaches_ten_cells_and_no_further() {
    // 1 is ten cells east of the player, 2 eleven.
    let (game, labels) = game(
        &["###############", "#@.........12.#", "###############"],
        Omniscience::Off,
    );
    assert_eq!(
        visibility(&game, label(&labels, '1')),
        CellVisibility::Visible
    );
    assert_eq!(
        visibility(&game, label(&labels, '2')),
        CellVisibility::NeverSeen
    );
}

#[test]
fn walking_away_turns_visible_cells_into_remembered_ones() {
    let (mut game, labels) = game(
        &[
            "##########",
            "#1.......#",
            "#.......@#",
            "#######.##",
            "#######.##",
            "#######2##",
            "#######.##",
            "##########",
        ],
        Omniscience::Off,
    );
    let corner = label(&labels, '1');
    assert_eq!(visibility(&game, corner), CellVisibility::Visible);
    let mut last_in_view = game.turn();
    for direction in [West, South, South, South] {
        game.act(PlayerAction::Move(direction));
        if visibility(&game, corner) == CellVisibility::Visible {
            last_in_view = game.turn();
        }
    }
    assert_eq!(game.player_coord(), label(&labels, '2'));
    assert_eq!(visibility(&game, corner), CellVisibility::Remembered);
    let remembered: CellView = game.cell_view(corner);
    assert_eq!(remembered.tiles.floor, Some(Tile::Floor));
    // What the look command dates a memory by.
    assert!(last_in_view < game.turn());
    assert_eq!(game.last_seen_turn(corner), Some(last_in_view));
    assert_eq!(game.last_seen_turn(game.player_coord()), Some(game.turn()));
    let behind_the_wall = label(&labels, '2') + West.coord() + West.coord();
    assert_eq!(game.last_seen_turn(behind_the_wall), None);
}

#[test]
fn omniscience_sees_every_cell() {
    let (game, _) = game(
        &[
            "##########",
            "#@...#...#",
            "######...#",
            "#o...#...#",
            "##########",
        ],
        Omniscience::On,
    );
    for coord in game.size().icoord_iter_row_major() {
        assert_eq!(visibility(&game, coord), CellVisibility::Visible, "{coord}");
    }
    let orc = game.npcs().next().expect("the orc").coord;
    assert_eq!(
        game.cell_view(orc).tiles.character,
        Some(Tile::Npc(NpcKind::from_map_letter('o').expect("orcs").0)),
        "the orc out of sight is shown"
    );
}

#[test]
fn walking_into_a_wall_takes_no_turn() {
    let (mut game, labels) = game(&["#####", "#@1.#", "#####"], Omniscience::Off);
    assert_eq!(
        game.act(PlayerAction::Move(West)),
        umbra_rules::game::TurnOutcome::NoTurn
    );
    assert_eq!(game.turn(), 0);
    game.act(PlayerAction::Move(East));
    assert_eq!(game.turn(), 1);
    assert_eq!(game.player_coord(), label(&labels, '1'));
}
