//! The app drawn headlessly into a chargrid frame buffer and read back as text, as a player
//! would read the screen.

mod common;

use chargrid::core::{Component, Event, FrameBuffer, UCoord};
use chargrid::input::{Input, KeyboardInput, keys};
use common::screen::{Screen, render_at};
use umbra::app::GameApp;
use umbra_rules::visibility::Omniscience;
use umbra_rules::{Game, GameOptions};

const SCREEN: UCoord = UCoord::new_u16(100, 40);
/// The status line sits above the five message lines at the bottom of the screen.
const STATUS_ROW: usize = 34;

fn render(app: &GameApp) -> Screen {
    render_at(app, SCREEN)
}

fn press(app: &mut GameApp, key: KeyboardInput) {
    common::press_on(app, SCREEN, key);
}

fn app_for(map: &[&str], omniscience: Omniscience) -> GameApp {
    let options = GameOptions {
        omniscience,
        ..GameOptions::default()
    };
    GameApp::new(Game::from_ascii(map, options).expect("valid map").0).with_seed_source(|| 11)
}

const ROOMS: &[&str] = &[
    "############",
    "#@...#.....#",
    "#....#..o..#",
    "#..........#",
    "############",
];

#[test]
fn the_player_is_drawn_where_it_stands() {
    let screen = render(&app_for(ROOMS, Omniscience::Off));
    assert_eq!(&screen.rows[1][..6], "#@...#");
}

#[test]
fn never_seen_cells_are_blank() {
    let screen = render(&app_for(ROOMS, Omniscience::Off));
    // Behind the wall at x=5 on row 1, the far room has never been seen.
    assert_eq!(&screen.rows[1][6..12], "      ");
    assert!(
        screen.rows[10].trim().is_empty(),
        "outside the map is blank"
    );
}

#[test]
fn omniscience_draws_the_whole_map_with_its_npcs() {
    let screen = render(&app_for(ROOMS, Omniscience::On));
    for (y, row) in ROOMS.iter().enumerate() {
        assert_eq!(&screen.rows[y][..row.len()], *row);
    }
}

#[test]
fn the_status_line_shows_damage_taken_depth_potions_and_turns() {
    let mut app = app_for(&["#######", "#@o...#", "#######"], Omniscience::Off);
    let first = render(&app);
    let normal = first.colour_of("Welcome");
    let status = &first.rows[STATUS_ROW];
    let full = umbra_rules::balance::PLAYER_MAX_HIT_POINTS;
    assert!(status.contains(&format!("{full}/{full}")), "{status}");
    assert!(status.contains("Depth 1"), "{status}");
    assert!(status.contains("Pack empty"), "{status}");
    assert!(status.contains("Turn 0"), "{status}");
    // The orc swings each turn; wait until a blow lands.
    let mut turns = 0;
    while app.game().player_hit_points().current == full {
        press(&mut app, KeyboardInput::Char('.'));
        turns += 1;
        assert!(turns < 50, "an orc next door lands a blow");
    }
    let screen = render(&app);
    let status = &screen.rows[STATUS_ROW];
    let hit_points = app.game().player_hit_points().current;
    assert!(status.contains(&format!("{hit_points}/{full}")), "{status}");
    assert!(status.contains(&format!("Turn {turns}")), "{status}");
    let blow = format!("The orc hits you for {}.", full - hit_points);
    assert!(screen.contains(&blow), "{}", screen.text());
    let danger = screen.colour_of("The orc hits you");
    assert_ne!(danger, normal, "damage to the player stands out");
}

#[test]
fn the_log_shows_a_kill_and_the_full_log_scrolls() {
    // A dead end, so the orc cannot run when hurt.
    let mut app = app_for(&["####", "#@o#", "####"], Omniscience::Off);
    let mut swings = 0;
    while !app.game().is_cleared() {
        press(&mut app, KeyboardInput::Right);
        swings += 1;
        assert!(swings < 50, "the orc dies");
    }
    let screen = render(&app);
    // The orc had not noticed the player beside it: the blow comes from the shadows.
    assert!(
        screen.contains("You strike the unaware orc from the shadows for "),
        "{}",
        screen.text()
    );
    assert!(screen.contains("You kill the orc."));
    // With no enemy left on the level the log says so; the run goes on.
    assert!(screen.contains("No enemy is left alive on depth 1."));
    assert!(!app.game().is_over());
    for _ in 0..60 {
        press(&mut app, KeyboardInput::Char('.'));
    }
    press(&mut app, KeyboardInput::Char('m'));
    let log = render(&app);
    assert!(log.contains("Message log"));
    assert!(
        log.contains("You kill the orc."),
        "the full log reaches back"
    );
    press(&mut app, KeyboardInput::Up);
    press(&mut app, keys::ESCAPE);
    assert!(!render(&app).contains("Message log"));
}

#[test]
fn death_shows_the_game_over_screen_and_n_starts_a_new_game() {
    let mut app = app_for(&["#######", "#@T...#", "#######"], Omniscience::Off);
    for _ in 0..100 {
        if app.game().is_over() {
            break;
        }
        press(&mut app, KeyboardInput::Char('.'));
    }
    let screen = render(&app);
    assert!(screen.contains("You died"), "{}", screen.text());
    let summary = format!(
        "Killed by a troll on depth 1 after {} turns.",
        app.game().turn()
    );
    assert!(screen.contains(&summary), "{}", screen.text());
    assert!(screen.contains("The troll kills you."));
    press(&mut app, KeyboardInput::Char('n'));
    assert_eq!(app.game().seed(), 11, "a new game from the seed source");
    assert!(!app.game().is_over());
    assert!(!render(&app).contains("You died"));
}

/// The help names every key the handler acts on, and no key does two things: a key added to
/// the table without its name in the help line (or bound twice) fails here.
#[test]
fn every_key_the_game_answers_is_named_in_its_help_line_once() {
    use umbra::app::keymap::{Keymap, key_name};
    use umbra::app::keys::Action;
    let keymap = Keymap::default();
    let rows = keymap.help_rows();
    let mut seen = Vec::new();
    for action in Action::all() {
        let row = rows.iter().find(|row| row.help == action.help());
        let row = row.unwrap_or_else(|| panic!("{action:?} has a line of help"));
        for &key in keymap.keys_of(action) {
            let named = row.label.split(' ').any(|word| word == key_name(key));
            assert!(named, "{key:?} is not named in \"{}\"", row.label);
            // A key may ask for one action in play and one outside it (lists, questions).
            let place = (key, action.is_outside_play());
            assert!(!seen.contains(&place), "{key:?} is bound twice");
            if !action.is_outside_play() {
                assert_eq!(keymap.action_of(key), Some(action));
            }
            seen.push(place);
        }
    }
}

#[test]
fn question_mark_shows_every_key() {
    let mut app = app_for(ROOMS, Omniscience::Off);
    press(&mut app, KeyboardInput::Char('?'));
    // The help scrolls: every row is met on the way down.
    let mut pages = vec![render(&app)];
    for _ in 0..10 {
        press(&mut app, KeyboardInput::Char('j'));
        pages.push(render(&app));
    }
    for umbra::app::keymap::HelpRow { label, help } in
        umbra::app::keymap::Keymap::default().help_rows()
    {
        let shown = pages
            .iter()
            .any(|screen| screen.contains(&label) && screen.contains(help));
        assert!(shown, "{label}");
    }
    press(&mut app, keys::ESCAPE);
    assert!(!render(&app).contains("Keys"));
}

#[test]
fn escape_opens_a_menu_that_can_resume_restart_or_quit() {
    let mut app = app_for(ROOMS, Omniscience::Off);
    press(&mut app, keys::ESCAPE);
    let screen = render(&app);
    for item in ["Resume", "New game", "Quit"] {
        assert!(screen.contains(item), "{item}");
    }
    press(&mut app, keys::RETURN);
    assert!(
        !render(&app).contains("Resume"),
        "Enter on Resume closes the menu"
    );
    press(&mut app, keys::ESCAPE);
    press(&mut app, KeyboardInput::Down);
    press(&mut app, keys::RETURN);
    let screen = render(&app);
    assert!(
        screen.contains("Abandon this game?"),
        "a living game is not thrown away without asking:\n{}",
        screen.text()
    );
    press(&mut app, KeyboardInput::Char('n'));
    assert_eq!(app.game().seed(), 0, "n keeps the game");
    assert!(!render(&app).contains("Abandon"));
    press(&mut app, keys::ESCAPE);
    press(&mut app, KeyboardInput::Down);
    press(&mut app, keys::RETURN);
    press(&mut app, KeyboardInput::Char('y'));
    assert_eq!(app.game().seed(), 11, "y starts the new game");
}

#[test]
fn a_new_game_asked_for_on_the_command_line_waits_for_the_players_word() {
    let mut app = app_for(ROOMS, Omniscience::Off).asking_to_abandon(42);
    let screen = render(&app);
    assert!(
        screen.contains("Abandon this game?") && screen.contains("seed 42"),
        "{}",
        screen.text()
    );
    press(&mut app, KeyboardInput::Char('.'));
    assert_eq!(app.game().turn(), 0, "no key but y, n or Esc answers");
    press(&mut app, keys::ESCAPE);
    assert_eq!(app.game().seed(), 0, "Esc keeps the saved game");
    let mut app = app_for(ROOMS, Omniscience::Off).asking_to_abandon(42);
    press(&mut app, KeyboardInput::Char('y'));
    assert_eq!(app.game().seed(), 42, "the seed the command line asked for");
}

#[test]
fn a_screen_too_small_asks_to_be_enlarged_and_the_game_resumes_when_it_grows() {
    let mut app = app_for(ROOMS, Omniscience::Off);
    let small = render_at(&app, UCoord::new(30, 8));
    assert!(small.text().contains("Please enlarge"), "{}", small.text());
    assert!(!small.text().contains('@'));
    // Keys pressed while too small do nothing.
    let fb = FrameBuffer::new(UCoord::new(30, 8));
    let key = Event::Input(Input::Keyboard(KeyboardInput::Char('.')));
    app.update(&mut (), fb.default_ctx(), key);
    assert_eq!(app.game().turn(), 0);
    assert!(render(&app).contains("#@...#"));
}

#[test]
fn the_view_follows_the_player_on_a_map_larger_than_the_screen() {
    let options = GameOptions {
        map_size: UCoord::new(300, 200),
        ..GameOptions::default()
    };
    // The first seed whose player starts beyond the screen's first 100 by 34 cells, so that a
    // view fixed at the map's corner would miss the player.
    let game = (0..100)
        .map(|seed| Game::new(seed, options))
        .find(|game| game.player_coord().x >= 100 || game.player_coord().y >= 34)
        .expect("a start off the first screen");
    let app = GameApp::new(game);
    let screen = render(&app);
    // The map's view is the 80 columns left of the sidebar (whose "@ You" is no map cell).
    let on_map = |row: &&String| row.chars().take(80).any(|c| c == '@');
    let players: Vec<_> = screen.rows.iter().filter(on_map).collect();
    assert_eq!(players.len(), 1, "the player is on screen");
}
