//! The sidebar beside the map, drawn headlessly and read as a player reads it: what is in view,
//! nearest first, with a health bar and its state in words; pointing at an entry marks the
//! cell, pointing at the cell marks the entry; it folds away on a narrow screen.

mod common;

use chargrid::core::{Component, Event, FrameBuffer, ICoord, UCoord};
use chargrid::input::{Input, KeyboardInput, MouseInput};
use common::screen::{Screen, render_at};
use umbra::app::{GameApp, palette};
use umbra_rules::{Game, GameOptions};

const SCREEN: UCoord = UCoord::new_u16(100, 40);
/// The sidebar stands beside the map (ten columns wide, on a screen of a hundred), not at the
/// screen's far edge, but leaves the lines across the top the 60 columns an 80-column screen
/// gives them: its text begins at column 61.
const SIDEBAR_TEXT: usize = 61;

/// The player in a hall; an orc wandering in the room below, out of sight until the player
/// reaches the doorway at 1.
const ROOMS: &[&str] = &[
    "##########",
    "#@....1..#",
    "#........#",
    "######.###",
    "#o.......#",
    "#........#",
    "##########",
];

fn app() -> GameApp {
    let (game, _) = Game::from_ascii(ROOMS, GameOptions::default()).expect("valid map");
    GameApp::new(game).with_seed_source(|| 11)
}

fn press(app: &mut GameApp, key: KeyboardInput) {
    common::press_on(app, SCREEN, key);
}

/// The sidebar's columns of each row, trimmed.
fn sidebar(screen: &Screen) -> Vec<String> {
    let rows = screen.rows.len() - 6;
    screen.rows[..rows]
        .iter()
        .map(|row| {
            row.chars()
                .skip(SIDEBAR_TEXT)
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The sidebar's row naming `needle`.
fn row_of(screen: &Screen, needle: &str) -> Option<usize> {
    sidebar(screen).iter().position(|row| row.contains(needle))
}

/// Walks east along the hall to the doorway, then waits, until the sidebar names the orc.
fn until_the_orc_is_listed(app: &mut GameApp) -> Screen {
    for _ in 0..20 {
        let screen = render_at(app, SCREEN);
        if row_of(&screen, "orc").is_some() {
            return screen;
        }
        let doorway = app.game().player_coord().x >= 6;
        press(app, KeyboardInput::Char(if doorway { '.' } else { 'l' }));
    }
    panic!("the orc never came into view");
}

/// The health bar's filled cells on a sidebar row.
fn bar_cells(screen: &Screen, row: usize) -> usize {
    screen.background[row][SIDEBAR_TEXT..SIDEBAR_TEXT + 8]
        .iter()
        .filter(|&&colour| {
            [
                palette::HEALTH_HIGH,
                palette::HEALTH_MEDIUM,
                palette::HEALTH_LOW,
            ]
            .contains(&colour)
        })
        .count()
}

#[test]
fn an_orc_coming_into_view_is_listed_beside_the_map_with_its_health_and_hunting() {
    let mut app = app();
    let first = render_at(&app, SCREEN);
    assert!(row_of(&first, "@ You").is_some(), "{:?}", sidebar(&first));
    assert_eq!(row_of(&first, "orc"), None, "not yet in view");
    let mut screen = until_the_orc_is_listed(&mut app);
    for _ in 0..5 {
        let row = row_of(&screen, "o orc").expect("still listed");
        // Whatever the orc knows of the player is said in whole words (a word cut at the
        // sidebar's edge, "noticed yo", once was).
        let state = sidebar(&screen)[row + 1].trim().to_string();
        assert!(
            ["unaware", "searching", "sees you", "hunting"].contains(&state.as_str()),
            "{state:?}: {:?}",
            sidebar(&screen)
        );
        if state == "hunting" {
            break;
        }
        press(&mut app, KeyboardInput::Char('.'));
        screen = render_at(&app, SCREEN);
    }
    let row = row_of(&screen, "o orc").expect("listed");
    assert!(
        sidebar(&screen)[row + 1].contains("hunting"),
        "{:?}",
        sidebar(&screen)
    );
    assert_eq!(
        bar_cells(&screen, row + 1),
        8,
        "an unhurt orc's bar is full"
    );
    // Let it come and fight it: its bar shortens as it is hurt.
    let orc = app.game().inhabitants().npcs().next().expect("the orc").id;
    for _ in 0..40 {
        let hurt = app.game().inhabitants().npcs().find(|npc| npc.id == orc);
        if hurt.is_none_or(|npc| npc.hit_points.current < npc.hit_points.max) {
            break;
        }
        let toward = app.game().inhabitants().npcs().next().map(|npc| npc.coord);
        let player = app.game().player_coord();
        let key = match toward.map(|at| at - player) {
            Some(offset) if offset.x.abs() + offset.y.abs() == 1 && offset.y == 1 => 'j',
            Some(offset) if offset.x.abs() + offset.y.abs() == 1 && offset.y == -1 => 'k',
            Some(offset) if offset.x.abs() + offset.y.abs() == 1 && offset.x == 1 => 'l',
            Some(offset) if offset.x.abs() + offset.y.abs() == 1 => 'h',
            _ => '.',
        };
        press(&mut app, KeyboardInput::Char(key));
    }
    let npc = app.game().inhabitants().npcs().find(|npc| npc.id == orc);
    let npc = npc.expect("an orc of 10 hit points outlives one blow");
    assert!(
        npc.hit_points.current < npc.hit_points.max,
        "the orc was hit"
    );
    let screen = render_at(&app, SCREEN);
    let row = row_of(&screen, "o orc").expect("listed");
    assert!(bar_cells(&screen, row + 1) < 8, "{:?}", sidebar(&screen));
}

#[test]
fn the_sidebar_folds_away_on_the_smallest_screen_keeping_hp_depth_and_turn() {
    let mut app = app();
    until_the_orc_is_listed(&mut app);
    let small = UCoord::new(50, 16);
    let screen = render_at(&app, small);
    assert!(!screen.contains("You"), "{}", screen.text());
    assert!(!screen.contains("hunting"), "{}", screen.text());
    let status = &screen.rows[16 - 6];
    for words in ["HP", "Depth 1", "Turn"] {
        assert!(status.contains(words), "{status}");
    }
    // The map takes every column: the hall's far wall is drawn at column 9.
    assert!(screen.text().contains("#@") || screen.text().contains(".@"));
}

fn the_orcs_cell(app: &GameApp) -> ICoord {
    let npc = app.game().inhabitants().npcs().next();
    npc.expect("the orc").coord
}

#[test]
fn the_look_cursor_on_a_character_marks_its_entry() {
    let mut app = app();
    until_the_orc_is_listed(&mut app);
    press(&mut app, KeyboardInput::Char('x'));
    let orc = the_orcs_cell(&app);
    // Move the cursor from the player onto the orc.
    let offset = orc - app.game().player_coord();
    let (across, down) = (
        if offset.x < 0 { 'h' } else { 'l' },
        if offset.y < 0 { 'k' } else { 'j' },
    );
    for _ in 0..offset.x.abs() {
        press(&mut app, KeyboardInput::Char(across));
    }
    for _ in 0..offset.y.abs() {
        press(&mut app, KeyboardInput::Char(down));
    }
    let screen = render_at(&app, SCREEN);
    let row = row_of(&screen, "o orc").expect("listed");
    assert_eq!(screen.background[row][SIDEBAR_TEXT + 4], palette::CURSOR);
    let you = row_of(&screen, "@ You").expect("listed");
    assert_ne!(screen.background[you][SIDEBAR_TEXT + 4], palette::CURSOR);
}

#[test]
fn pointing_at_an_entry_marks_the_character_on_the_map_and_names_it() {
    let mut app = app();
    let screen = until_the_orc_is_listed(&mut app);
    let row = row_of(&screen, "o orc").expect("listed");
    let fb = FrameBuffer::new(SCREEN);
    let point = MouseInput::MouseMove {
        button: None,
        coord: ICoord::new(SIDEBAR_TEXT as i32 + 2, row as i32),
    };
    app.update(&mut (), fb.default_ctx(), Event::Input(Input::Mouse(point)));
    let screen = render_at(&app, SCREEN);
    let orc = the_orcs_cell(&app);
    // The level is drawn from the screen's corner: map cell and screen cell are one.
    assert_eq!(
        screen.background[orc.y as usize][orc.x as usize],
        palette::CURSOR
    );
    assert!(screen.rows[0].starts_with("An orc"), "{}", screen.rows[0]);
}

/// On a screen wider than the map and the sidebar together, the sidebar stands beside the map;
/// on a map wider than the room, at the room's edge (the view follows the player).
#[test]
fn the_sidebar_stands_beside_a_narrow_map_not_at_the_screens_edge() {
    let app = app();
    let screen = render_at(&app, SCREEN);
    let row = row_of(&screen, "@ You").expect("listed");
    let at = screen.rows[row].find("@ You").expect("on its row");
    assert_eq!(at, SIDEBAR_TEXT, "{}", screen.text());
    let wide: Vec<String> = (0..30)
        .map(|y| match y {
            0 | 29 => "#".repeat(120),
            1 => format!("#@{}#", ".".repeat(117)),
            _ => format!("#{}#", ".".repeat(118)),
        })
        .collect();
    let rows: Vec<&str> = wide.iter().map(String::as_str).collect();
    let (game, _) = Game::from_ascii(&rows, GameOptions::default()).expect("valid map");
    let screen = render_at(&GameApp::new(game), SCREEN);
    let row = row_of_at(&screen, "@ You", 81).expect("listed at the screen's edge");
    assert!(
        screen.rows[row].find("@ You") == Some(81),
        "{}",
        screen.text()
    );
}

fn row_of_at(screen: &Screen, needle: &str, column: usize) -> Option<usize> {
    (screen.rows.iter()).position(|row| row.find(needle) == Some(column))
}

/// A name too long for the sidebar's width is wrapped under itself, never cut: "a captive goblin
/// shaman" reads whole over two rows.
#[test]
fn a_long_name_is_wrapped_in_the_sidebar_not_cut() {
    let (game, labels) =
        Game::from_ascii(&["#######", "#@.1..#", "#######"], GameOptions::default())
            .expect("valid map");
    let at = labels.iter().find(|(c, _)| *c == '1').expect("label").1;
    let shaman = umbra_rules::content::NpcKind::from_map_letter('S')
        .expect("the goblin shaman")
        .0;
    let mut game = game;
    game.act(umbra_rules::PlayerAction::Wizard(
        umbra_rules::game::WizardCommand::Spawn {
            kind: shaman.index() as u8,
            at,
        },
    ));
    let id = game.inhabitants().npc_at(at).expect("spawned").id;
    let game = game.with_side(id, umbra_rules::game::Side::Captive);
    let app = GameApp::new(game).with_seed_source(|| 11);
    let screen = render_at(&app, SCREEN);
    read_whole_over_two_rows(&sidebar(&screen), "captive", "captive goblin shaman");
}

/// The sidebar's rows list a name beginning with `start` and read `whole` over that row and the
/// next, no row wider than the sidebar.
fn read_whole_over_two_rows(rows: &[String], start: &str, whole: &str) {
    let first = (rows.iter().position(|row| row.contains(start)))
        .unwrap_or_else(|| panic!("{start:?} is listed: {rows:?}"));
    let joined = format!("{} {}", rows[first].trim(), rows[first + 1].trim());
    assert!(
        joined.contains(whole),
        "the whole name over two rows: {:?}",
        &rows[first..first + 2]
    );
    assert!(
        rows.iter().all(|row| row.chars().count() < 20),
        "every row within the sidebar: {rows:?}"
    );
}

/// An item's name is wrapped as a character's is: "a suit of scale mail" lying in view reads
/// whole (the hand-played runs read "a suit of scale m").
#[test]
fn an_items_long_name_is_wrapped_in_the_sidebar_not_cut() {
    let (game, _) = Game::from_ascii(&["#######", "#@..]##", "#######"], GameOptions::default())
        .expect("valid map");
    let screen = render_at(&GameApp::new(game), SCREEN);
    read_whole_over_two_rows(&sidebar(&screen), "a suit of", "a suit of scale mail");
}
