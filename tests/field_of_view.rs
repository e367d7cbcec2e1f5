//! What the player sees: walls block sight but are themselves seen, cells out of view are
//! remembered, and omniscience shows everything.

mod common;

use coord_2d::ICoord;
use direction::CardinalDirection::*;
use umbra_rules::content::NpcKind;
use umbra_rules::game::FightEvent;
use umbra_rules::game::{CellView, GameEvent, TileSnapshot};
use umbra_rules::terrain::Ground;
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
    game.level().cell_view(coord).visibility
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
    assert_eq!(
        game.level().cell_view(wall).tiles.feature,
        Some(Tile::Ground(Ground::WALL))
    );
}

#[test]
fn in_the_dark_sight_reaches_as_far_as_the_players_own_light() {
    // The player's light reaches nine cells on the first depth: 1 is nine cells east of the
    // player, 2 ten, in a corridor nothing else lights.
    let (game, labels) = game(
        &["##############", "#@........12.#", "##############"],
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
    let remembered: CellView = game.level().cell_view(corner);
    assert_eq!(remembered.tiles.floor, Some(Tile::Ground(Ground::FLOOR)));
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
    let orc = game.inhabitants().npcs().next().expect("the orc").coord;
    assert_eq!(
        game.level().cell_view(orc).tiles.character,
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

/// A remembered cell shows what was on it the last turn it was in view, never what came later,
/// and a saved game, loaded, remembers the same. Checked on every cell after every turn of a
/// long game on a generated level whose NPCs are all awake, so they walk in and out of view,
/// fight and die; the player walks among them (the test keeps its own record of each sighting).
#[test]
fn remembered_cells_show_what_was_there_when_last_in_view_even_after_a_load() {
    // Seeds are played until one leaves an NPC remembered where it no longer stands, so the
    // check is never vacuous whatever the rules make of a seed; every seed played is checked.
    for seed in 7..27 {
        if npcs_remembered_where_they_no_longer_stand(seed) > 0 {
            return;
        }
    }
    panic!("no game left an NPC remembered where it no longer stands");
}

fn npcs_remembered_where_they_no_longer_stand(seed: u64) -> usize {
    let mut game = Game::new(seed, GameOptions::default())
        .with_player_max_hit_points(1_000_000)
        .with_every_npc_awake();
    let mut memory = Sightings {
        last: vec![None; game.size().count()],
        npcs_remembered_where_they_are_no_longer: 0,
    };
    memory.check(&game, 0);
    for (turn, action) in common::scripted_actions(1500, 11).into_iter().enumerate() {
        if turn == 700 {
            let bytes = game.to_state_bytes();
            game = Game::from_state_bytes(&bytes).expect("a game loads from its own bytes");
        }
        game.act(action);
        memory.check(&game, turn + 1);
    }
    memory.npcs_remembered_where_they_are_no_longer
}

/// The test's own record of what the player saw on each cell, and when that told apart a
/// memory from what is there now.
struct Sightings {
    last: Vec<Option<TileSnapshot>>,
    npcs_remembered_where_they_are_no_longer: usize,
}

impl Sightings {
    fn check(&mut self, game: &Game, turn: usize) {
        for (i, coord) in game.size().icoord_iter_row_major().enumerate() {
            let view = game.level().cell_view(coord);
            match view.visibility {
                CellVisibility::Visible => self.last[i] = Some(view.tiles),
                CellVisibility::Remembered => {
                    // One character seen since elsewhere is forgotten here; nothing else changes.
                    let mut last = self.last[i];
                    if let Some(last) = last.as_mut().filter(|_| view.tiles.character.is_none()) {
                        last.character = None;
                    }
                    assert_eq!(
                        Some(view.tiles),
                        last,
                        "turn {turn}: the memory of {coord:?} is not its last sighting"
                    );
                    let gone = matches!(view.tiles.character, Some(Tile::Npc(_)))
                        && game.inhabitants().npc_at(coord).is_none();
                    self.npcs_remembered_where_they_are_no_longer += usize::from(gone);
                }
                // Only a scroll of magic mapping maps a cell, and nobody reads one here.
                CellVisibility::NeverSeen | CellVisibility::Mapped => {
                    assert_eq!(self.last[i], None)
                }
            }
        }
    }
}

/// NPCs that come into view together are announced once each, in the same order whether the
/// level has few NPCs (the game asks each where it stands) or more NPCs than cells in view
/// (the game reads the cells in view): here the same room, then with 150 sleepers walled away
/// out of sight, which draw nothing from the dice and change nothing else.
#[test]
fn npcs_coming_into_view_together_are_announced_in_the_same_order_however_many_npcs_live() {
    let pairs = [("z", "Z"), ("Z", "z")];
    for (upper, lower) in pairs {
        let few = arrivals(&room(upper, lower, false));
        let crowd = arrivals(&room(upper, lower, true));
        assert_eq!(few, crowd, "{upper} above, {lower} below");
        assert!(
            few.iter().any(|turn| turn.len() == 2),
            "the two never came into view together: {few:?}"
        );
    }
}

/// A room with two sleepers, a corridor the player walks up into its doorway, and (for `crowd`) a
/// sealed hall of sleepers beside it.
fn room(upper: &str, lower: &str, crowd: bool) -> Vec<String> {
    let hall = |row: &str| {
        if crowd {
            row.to_string()
        } else {
            "#".repeat(row.len())
        }
    };
    let sleepers = format!("#{}#", "z".repeat(30));
    let mut rows = vec![format!("#############{}", hall(&"#".repeat(32)))];
    // Both sit beside the wall the door is in, out of the corridor's view through the door
    // and in view from the doorway.
    rows.push(format!("#...........#{}", hall(&sleepers)));
    rows.push(format!("#...........#{}", hall(&sleepers)));
    rows.push(format!("#...........#{}", hall(&sleepers)));
    rows.push(format!("#..........{upper}#{}", hall(&sleepers)));
    rows.push(format!("#{lower}..........#{}", hall(&sleepers)));
    for corridor in [
        "######.######",
        "######.######",
        "######.######",
        "######@######",
    ] {
        rows.push(format!("{corridor}{}", hall(&"#".repeat(32))));
    }
    rows.push(format!("#############{}", hall(&"#".repeat(32))));
    rows
}

/// The kinds announced as coming into view, turn by turn, as the player walks north.
fn arrivals(rows: &[String]) -> Vec<Vec<GameEvent>> {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (mut game, _) = game(&rows, Omniscience::Off);
    (0..5)
        .map(|_| {
            game.act(PlayerAction::Move(North));
            game.events()
                .iter()
                .filter(|e| matches!(e, GameEvent::Fight(FightEvent::CameIntoView { .. })))
                .copied()
                .collect()
        })
        .collect()
}

/// A monster is remembered where it was last seen, and only there: the orc seen down the hall
/// before the player turned the corner is forgotten there once it comes round the corner, so
/// the map never shows two orcs for one.
#[test]
fn a_monster_seen_again_elsewhere_is_forgotten_where_it_was() {
    let rows = [
        "###########",
        "#@......2.#",
        "#.#########",
        "#.#########",
        "#3#########",
        "#.#########",
        "###########",
    ];
    let mut s = common::Scenario::with_npcs(&rows, &[('2', 'o')]);
    let orc_remembered = |game: &Game| {
        game.size()
            .icoord_iter_row_major()
            .filter(|&coord| {
                let view = game.level().cell_view(coord);
                view.visibility == CellVisibility::Remembered
                    && matches!(view.tiles.character, Some(Tile::Npc(_)))
            })
            .count()
    };
    let orc_in_view = |game: &Game| {
        game.inhabitants()
            .npcs()
            .any(|npc| game.level().cell_view(npc.coord).visibility == CellVisibility::Visible)
    };
    assert!(orc_in_view(&s.game), "the orc is seen down the hall");
    s.act(PlayerAction::Move(South));
    s.act(PlayerAction::Move(South));
    s.act(PlayerAction::Move(South));
    s.check(
        s.game.player_coord() == s.at('3'),
        "the player went round the corner",
    );
    s.check(
        !orc_in_view(&s.game),
        "round the corner, the orc is out of view",
    );
    s.check(
        orc_remembered(&s.game) == 1,
        "and remembered where last seen",
    );
    let mut came_round = false;
    for _ in 0..12 {
        s.act(PlayerAction::Wait);
        if orc_in_view(&s.game) {
            came_round = true;
            s.check(
                orc_remembered(&s.game) == 0,
                "the orc in view is not also remembered down the hall",
            );
        }
    }
    s.check(came_round, "the orc came round the corner");
}

/// The player teleported out of sight of where it stood (the wizard's teleport, as a scroll
/// would) is not remembered standing there: one `@`, where the player is.
#[test]
fn a_teleported_player_leaves_no_remembered_self_behind() {
    let rows = [
        "###########",
        "#@........#",
        "#########.#",
        "#1........#",
        "###########",
    ];
    let mut s = common::Scenario::new(&rows);
    let start = s.game.player_coord();
    let to = s.at('1');
    s.act(PlayerAction::Wizard(
        umbra_rules::game::WizardCommand::Teleport { to },
    ));
    s.check(s.game.player_coord() == to, "the player stands at 1");
    let view = s.game.level().cell_view(start);
    s.check(
        view.visibility == CellVisibility::Remembered,
        "where it stood is out of view",
    );
    s.check(
        view.tiles.character.is_none(),
        "and no @ is remembered there",
    );
}
