//! The look cursor, the mouse, remembered cells in every colour mode, and every screen at the
//! smallest sizes the game accepts, drawn headlessly and read as a player reads them.

mod common;

use chargrid::core::{Component, Event, FrameBuffer, ICoord, UCoord};
use chargrid::input::{Input, KeyboardInput, MouseButton, MouseInput, keys};
use common::screen::{Screen, render_at};
use direction::CardinalDirection::{North, West};
use umbra::app::GameApp;
use umbra::app::palette;
use umbra::cli::ColourMode;
use umbra::frontend::colour::encode;
use umbra_rules::game::CellVisibility;
use umbra_rules::{Game, GameOptions, PlayerAction};

const SCREEN: UCoord = UCoord::new_u16(100, 40);

/// An orc asleep at 1 in plain view; a corridor south out of its sight.
const HALL: &[&str] = &[
    "##########",
    "#@..1.4..#",
    "#.########",
    "#.########",
    "#3########",
    "#2########",
    "##########",
];

fn app_on(rows: &[&str]) -> (GameApp, impl Fn(char) -> ICoord) {
    let placed: Vec<String> = rows.iter().map(|r| r.replace('1', "z")).collect();
    let placed: Vec<&str> = placed.iter().map(String::as_str).collect();
    let (game, _) = Game::from_ascii(&placed, GameOptions::default()).expect("valid map");
    let (_, labels) = Game::from_ascii(rows, GameOptions::default()).expect("valid map");
    let at = move |label: char| labels.iter().find(|(l, _)| *l == label).expect("label").1;
    (GameApp::new(game).with_seed_source(|| 11), at)
}

fn press_at(app: &mut GameApp, size: UCoord, key: KeyboardInput) -> chargrid::core::app::Output {
    let fb = FrameBuffer::new(size);
    let event = Event::Input(Input::Keyboard(key));
    app.update(&mut (), fb.default_ctx(), event)
}

fn press(app: &mut GameApp, key: KeyboardInput) {
    press_at(app, SCREEN, key);
}

fn mouse(app: &mut GameApp, input: MouseInput) {
    let fb = FrameBuffer::new(SCREEN);
    app.update(&mut (), fb.default_ctx(), Event::Input(Input::Mouse(input)));
}

/// Lets frames pass, as the frontends do, so an activity takes its turns.
fn frames(app: &mut GameApp, count: usize) {
    let fb = FrameBuffer::new(SCREEN);
    for _ in 0..count {
        let tick = Event::Tick(std::time::Duration::from_millis(16));
        app.update(&mut (), fb.default_ctx(), tick);
    }
}

/// Moves the look cursor, which starts on the player, to `cell` with the movement keys.
fn move_cursor(app: &mut GameApp, cell: ICoord) {
    let offset = cell - app.game().player_coord();
    let (x, y) = (offset.x, offset.y);
    let horizontal = if x > 0 {
        KeyboardInput::Right
    } else {
        KeyboardInput::Left
    };
    let vertical = if y > 0 {
        KeyboardInput::Down
    } else {
        KeyboardInput::Up
    };
    for _ in 0..x.abs() {
        press(app, horizontal);
    }
    for _ in 0..y.abs() {
        press(app, vertical);
    }
}

fn top_line(app: &GameApp) -> String {
    render_at(app, SCREEN).rows[0].trim_end().to_string()
}

#[test]
fn look_names_an_npc_in_view_with_its_state_and_health() {
    let (mut app, at) = app_on(HALL);
    press(&mut app, KeyboardInput::Char('x'));
    assert!(top_line(&app).starts_with("You"), "{}", top_line(&app));
    move_cursor(&mut app, at('1'));
    let line = top_line(&app);
    assert!(
        line.starts_with("An orc (asleep), unhurt, in shadow."),
        "{line}"
    );
    assert!(line.contains("Enter: travel there"), "{line}");
    press(&mut app, keys::ESCAPE);
    assert!(!top_line(&app).contains("orc"), "Esc leaves the look mode");
}

#[test]
fn look_and_the_status_line_say_which_kinds_in_view_are_fast_or_slow() {
    // A sleeping jackal at 1, a sleeping ogre at 4, both in view.
    let rows: Vec<String> = HALL
        .iter()
        .map(|r| r.replace('1', "J").replace('4', "Q"))
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (game, _) = Game::from_ascii(&rows, GameOptions::default()).expect("valid map");
    let (_, at) = app_on(HALL);
    let mut app = GameApp::new(game).with_seed_source(|| 11);
    let screen = render_at(&app, SCREEN);
    let status = &screen.rows[SCREEN.height() as usize - 6];
    assert!(status.contains("fast jackal, slow ogre"), "{status}");
    press(&mut app, KeyboardInput::Char('x'));
    move_cursor(&mut app, at('1'));
    let line = top_line(&app);
    assert!(
        line.starts_with("A jackal (asleep, fast), unhurt, in shadow."),
        "{line}"
    );
    press(&mut app, keys::ESCAPE);
    press(&mut app, KeyboardInput::Char('x'));
    move_cursor(&mut app, at('4'));
    let line = top_line(&app);
    assert!(
        line.starts_with("An ogre (asleep, slow), unhurt, in shadow."),
        "{line}"
    );
}

#[test]
fn look_dates_a_remembered_npc_and_calls_never_seen_cells_unexplored() {
    let (mut app, at) = app_on(HALL);
    // Turns 1 and 2 in the hall, with the orc in view; turns 3 to 6 down the corridor, where
    // it is not.
    press(&mut app, KeyboardInput::Right);
    press(&mut app, KeyboardInput::Left);
    for _ in 0..4 {
        press(&mut app, KeyboardInput::Down);
    }
    let orc = at('1');
    assert_eq!(app.game().turn(), 6);
    let seen_on = 2;
    press(&mut app, KeyboardInput::Char('x'));
    move_cursor(&mut app, orc);
    let line = top_line(&app);
    assert!(
        line.starts_with(&format!("An orc, remembered from turn {seen_on}.")),
        "{line}"
    );
    // Rock walled in on every side (east of the corridor) was never in view.
    press(&mut app, keys::ESCAPE);
    press(&mut app, KeyboardInput::Char('x'));
    let game = app.game();
    let rock = game
        .size()
        .icoord_iter_row_major()
        .find(|&c| game.level().cell_view(c).visibility == CellVisibility::NeverSeen)
        .expect("some rock was never in view");
    move_cursor(&mut app, rock);
    let line = top_line(&app);
    assert!(line.starts_with("Unexplored"), "{line}");
}

#[test]
fn pointing_with_the_mouse_describes_and_clicking_travels() {
    let (mut app, at) = app_on(HALL);
    let orc = at('1');
    // The map is drawn from the screen's corner on a level this small.
    mouse(
        &mut app,
        MouseInput::MouseMove {
            button: None,
            coord: orc,
        },
    );
    assert!(
        top_line(&app).starts_with("An orc (asleep)"),
        "{}",
        top_line(&app)
    );
    let target = at('2');
    mouse(
        &mut app,
        MouseInput::MousePress {
            button: MouseButton::Left,
            coord: target,
        },
    );
    // The first step is taken on the click, the other three one a frame.
    frames(&mut app, 3);
    assert_eq!(
        app.game().player_coord(),
        target,
        "the click travelled there"
    );
    assert_eq!(app.game().turn(), 4, "four steps, each a turn");
    assert!(!app.is_busy(), "the journey ends as the player arrives");
    press(&mut app, KeyboardInput::Char('.'));
    assert_eq!(
        app.game().turn(),
        5,
        "a key pressed on arrival is a command"
    );
}

#[test]
fn a_key_stops_an_activity_under_way() {
    let (mut app, _) = app_on(HALL);
    press(&mut app, KeyboardInput::Char('Z'));
    assert!(app.is_busy(), "resting unhurt waits a while");
    let turn = app.game().turn();
    press(&mut app, KeyboardInput::Char('.'));
    assert!(!app.is_busy());
    assert_eq!(app.game().turn(), turn, "the key only stopped the rest");
}

/// The 16- or 256-colour pair a cell is drawn with.
fn encoded(screen: &Screen, at: ICoord, mode: ColourMode) -> (String, String) {
    let (x, y) = (at.x as usize, at.y as usize);
    (
        format!("{:?}", encode(screen.foreground[y][x], mode)),
        format!("{:?}", encode(screen.background[y][x], mode)),
    )
}

#[test]
fn remembered_cells_are_readable_and_distinct_in_16_and_256_colours() {
    let (mut app, at) = app_on(HALL);
    for _ in 0..4 {
        press(&mut app, KeyboardInput::Down);
    }
    let screen = render_at(&app, SCREEN);
    // The map is drawn from the screen's corner, so a map cell is its screen cell.
    let remembered_floor = at('4');
    let remembered_wall = at('4') + North.coord();
    let visible_floor = at('3');
    let visible_wall = at('3') + West.coord();
    // Off the map: below its last row and right of its last column.
    let map = app.game().size();
    let never_seen = ICoord::new(map.width() as i32 + 1, map.height() as i32 + 1);
    let glyph = |c: ICoord| screen.rows[c.y as usize].chars().nth(c.x as usize);
    assert_eq!(glyph(remembered_floor), Some('.'));
    assert_eq!(glyph(never_seen), Some(' '));
    for mode in [
        ColourMode::Ansi16,
        ColourMode::Palette256,
        ColourMode::TrueColour,
    ] {
        let floor = encoded(&screen, remembered_floor, mode);
        let wall = encoded(&screen, remembered_wall, mode);
        assert_ne!(
            floor.0, floor.1,
            "{mode:?}: a remembered floor is not drawn in its background"
        );
        assert_ne!(wall.0, wall.1, "{mode:?}: nor a remembered wall");
        assert_ne!(
            floor,
            encoded(&screen, visible_floor, mode),
            "{mode:?}: floor in view differs"
        );
        assert_ne!(
            wall,
            encoded(&screen, visible_wall, mode),
            "{mode:?}: wall in view differs"
        );
        let blank = encoded(&screen, never_seen, mode);
        assert_ne!(
            floor.0, blank.1,
            "{mode:?}: a remembered glyph shows on never-seen black"
        );
    }
}

/// Every screen that draws a panel, opened on an app at `size`.
fn panels(size: UCoord) -> Vec<(&'static str, GameApp)> {
    let open = |keys: &[KeyboardInput]| {
        let (mut app, _) = app_on(HALL);
        for &key in keys {
            press_at(&mut app, size, key);
        }
        app
    };
    let mut dead = GameApp::new(
        Game::from_ascii(&["#######", "#@T...#", "#######"], GameOptions::default())
            .expect("valid map")
            .0,
    );
    for _ in 0..200 {
        if dead.game().is_over() {
            break;
        }
        press_at(&mut dead, size, KeyboardInput::Char('.'));
    }
    assert!(dead.game().is_over());
    vec![
        ("help", open(&[KeyboardInput::Char('?')])),
        ("menu", open(&[keys::ESCAPE])),
        ("log", open(&[KeyboardInput::Char('m')])),
        (
            "confirm",
            open(&[keys::ESCAPE, KeyboardInput::Down, keys::RETURN]),
        ),
        ("game over", dead),
    ]
}

#[test]
fn the_log_of_a_finished_run_is_read_alone_and_closing_it_shows_the_ending_again() {
    let size = UCoord::new(100, 40);
    let (_, mut dead) = panels(size).pop().expect("the game over panel");
    assert!(render_at(&dead, size).contains("You died"));
    press_at(&mut dead, size, KeyboardInput::Char('m'));
    let screen = render_at(&dead, size);
    assert!(!screen.contains("You died"), "{}", screen.text());
    assert!(!screen.contains("Score:"), "{}", screen.text());
    let said = dead.log().len();
    assert!(said > 0, "the log has lines to read");
    press_at(&mut dead, size, keys::ESCAPE);
    assert!(render_at(&dead, size).contains("You died"));
}

#[test]
fn at_the_smallest_sizes_panels_fit_above_a_status_line_that_keeps_hp_depth_and_turn() {
    for size in [UCoord::new(50, 16), UCoord::new(60, 20)] {
        for (name, app) in panels(size) {
            let screen = render_at(&app, size);
            let status_row = size.height() as usize - 6;
            let status = &screen.rows[status_row];
            let turn = app.game().turn();
            for needed in ["HP", "Depth 1", &format!("Turn {turn}")] {
                assert!(
                    status.contains(needed),
                    "{name} at {size:?}: {needed:?} missing from {status:?}\n{}",
                    screen.text()
                );
            }
            let panel = screen.background[status_row].contains(&palette::PANEL_BACKGROUND);
            assert!(
                !panel,
                "{name} at {size:?} covers the status line\n{}",
                screen.text()
            );
        }
    }
}

#[test]
fn help_scrolls_to_its_last_key_on_a_short_screen() {
    let size = UCoord::new(50, 16);
    let (mut app, _) = app_on(HALL);
    press_at(&mut app, size, KeyboardInput::Char('?'));
    let rows = umbra::app::keymap::Keymap::default().help_rows();
    let last_keys = rows.last().expect("keys").help;
    assert!(
        !render_at(&app, size).contains(last_keys),
        "the list is longer than the screen"
    );
    for _ in 0..rows.len() * 2 {
        press_at(&mut app, size, KeyboardInput::Down);
    }
    let screen = render_at(&app, size);
    assert!(screen.contains(last_keys), "{}", screen.text());
    press_at(&mut app, size, keys::ESCAPE);
    assert!(!render_at(&app, size).contains("Keys"));
}

#[test]
fn under_the_please_enlarge_notice_q_quits_and_escape_opens_the_menu() {
    let tiny = UCoord::new(30, 8);
    let (mut app, _) = app_on(HALL);
    assert!(render_at(&app, tiny).text().contains("Please enlarge"));
    assert!(press_at(&mut app, tiny, KeyboardInput::Char('.')).is_none());
    assert!(
        press_at(&mut app, tiny, KeyboardInput::Char('q')).is_some(),
        "q quits"
    );
    // Esc does what it does on any screen: the pause menu, drawn under the notice, whose
    // Resume goes back and whose Quit quits.
    let (mut app, _) = app_on(HALL);
    assert!(
        press_at(&mut app, tiny, keys::ESCAPE).is_none(),
        "Esc does not quit"
    );
    let text = render_at(&app, tiny).text();
    assert!(
        text.contains("Please enlarge") && text.contains("> Resume"),
        "{text}"
    );
    assert!(press_at(&mut app, tiny, keys::RETURN).is_none());
    assert!(!render_at(&app, tiny).text().contains("Resume"), "resumed");
    press_at(&mut app, tiny, keys::ESCAPE);
    press_at(&mut app, tiny, KeyboardInput::Up);
    let text = render_at(&app, tiny).text();
    assert!(text.contains("> Quit"), "{text}");
    assert!(
        press_at(&mut app, tiny, keys::RETURN).is_some(),
        "Quit quits"
    );
}

#[test]
fn n_starts_a_new_game_after_the_end_screen_was_left_for_the_log_or_help() {
    for detour in [KeyboardInput::Char('m'), KeyboardInput::Char('?')] {
        let mut dead = panels(SCREEN).pop().expect("game over").1;
        press(&mut dead, detour);
        press(&mut dead, keys::ESCAPE);
        assert!(render_at(&dead, SCREEN).contains("You died"));
        press(&mut dead, KeyboardInput::Char('n'));
        assert!(
            !dead.game().is_over(),
            "n after {detour:?} starts a new game"
        );
    }
}

#[test]
fn repeated_messages_fold_and_the_log_title_counts_in_words() {
    let (mut app, _) = app_on(&["#####", "#@..#", "#####"]);
    for _ in 0..3 {
        press(&mut app, KeyboardInput::Char('>'));
    }
    let screen = render_at(&app, SCREEN);
    assert!(
        screen.contains("There are no stairs down here. ×3"),
        "{}",
        screen.text()
    );
    let (mut fresh, _) = app_on(&["#####", "#@..#", "#####"]);
    press(&mut fresh, KeyboardInput::Char('m'));
    assert!(render_at(&fresh, SCREEN).contains("Message log (1 message)"));
    press(&mut app, KeyboardInput::Char('m'));
    assert!(render_at(&app, SCREEN).contains("Message log (2 messages)"));
}

/// Where there is nothing to quit to (the browser), `q` keeps the game and shows the title
/// screen: continue goes back to the same turn, a new game asks first while this one lives.
#[test]
fn quitting_to_the_title_keeps_the_game_and_offers_a_new_one() {
    let (app, _) = app_on(HALL);
    let mut app = app.with_title_on_quit();
    press_at(&mut app, SCREEN, KeyboardInput::Char('l'));
    let output = press_at(&mut app, SCREEN, KeyboardInput::Char('q'));
    assert!(output.is_none(), "q must not end the app");
    assert!(app.is_at_title());
    let title = render_at(&app, SCREEN);
    assert!(
        title.contains("Continue (depth 1, turn 1)"),
        "{}",
        title.text()
    );
    assert!(title.contains("New game"), "{}", title.text());
    press_at(&mut app, SCREEN, KeyboardInput::Char('c'));
    assert!(!app.is_at_title());
    assert_eq!(
        app.game().turn(),
        1,
        "continuing goes back to the same game"
    );
    press_at(&mut app, SCREEN, KeyboardInput::Char('q'));
    press_at(&mut app, SCREEN, keys::RETURN);
    assert!(!app.is_at_title(), "Enter on Continue continues");
    press_at(&mut app, SCREEN, KeyboardInput::Char('q'));
    assert!(
        render_at(&app, SCREEN).contains("> Continue"),
        "the title starts on Continue"
    );
    press_at(&mut app, SCREEN, KeyboardInput::Down);
    assert!(render_at(&app, SCREEN).contains("> New game"));
    press_at(&mut app, SCREEN, KeyboardInput::Down);
    assert!(
        render_at(&app, SCREEN).contains("> Continue"),
        "the list wraps round"
    );
    press_at(&mut app, SCREEN, KeyboardInput::Up);
    assert!(
        render_at(&app, SCREEN).contains("> New game"),
        "and wraps upwards"
    );
    press_at(&mut app, SCREEN, keys::RETURN);
    assert!(
        render_at(&app, SCREEN).contains("abandon"),
        "a living game is not dropped unasked"
    );
    press_at(&mut app, SCREEN, KeyboardInput::Char('n'));
    assert_eq!(app.game().turn(), 1, "n keeps the game");
    press_at(&mut app, SCREEN, KeyboardInput::Char('q'));
    press_at(&mut app, SCREEN, KeyboardInput::Char('n'));
    assert!(render_at(&app, SCREEN).contains("abandon"));
    press_at(&mut app, SCREEN, KeyboardInput::Char('y'));
    assert_eq!((app.game().seed(), app.game().turn()), (11, 0));
}

/// Without the title (the terminal and the window), `q` ends the app as before.
#[test]
fn quitting_without_a_title_ends_the_app() {
    let (mut app, _) = app_on(HALL);
    let output = press_at(&mut app, SCREEN, KeyboardInput::Char('q'));
    assert!(output.is_some());
    assert!(!app.is_at_title());
}

/// After a death there is nothing to continue: the title offers only a new game, at once.
#[test]
fn the_title_after_a_death_offers_only_a_new_game() {
    let (game, _) =
        Game::from_ascii(&["######", "#@TT.#", "######"], GameOptions::default()).expect("map");
    let mut app = GameApp::new(game)
        .with_seed_source(|| 11)
        .with_title_on_quit();
    for _ in 0..500 {
        if app.game().is_over() {
            break;
        }
        press_at(&mut app, SCREEN, KeyboardInput::Char('.'));
    }
    assert!(app.game().is_over(), "two trolls should win");
    press_at(&mut app, SCREEN, KeyboardInput::Char('q'));
    let title = render_at(&app, SCREEN);
    assert!(
        title.contains("> New game") && !title.contains("Continue"),
        "{}",
        title.text()
    );
    press_at(&mut app, SCREEN, KeyboardInput::Char('c'));
    assert!(app.is_at_title(), "there is nothing to continue");
    press_at(&mut app, SCREEN, keys::RETURN);
    assert_eq!(
        (app.game().seed(), app.game().turn()),
        (11, 0),
        "no question asked"
    );
}

/// Walking into a chasm asks first: `n` keeps the player on the brink and takes no turn, `y`
/// jumps; the look cursor names the chasm and the water.
#[test]
fn walking_into_a_chasm_asks_before_the_jump() {
    let (mut app, _) = app_on(&["########", "#~.@:::#", "#...:::#", "########"]);
    let jump = |app: &mut GameApp| press(app, KeyboardInput::Char('l'));
    jump(&mut app);
    let asked = render_at(&app, SCREEN);
    assert!(asked.contains("Jump into the chasm?"), "{}", asked.text());
    assert!(asked.contains("fall to depth 2"), "{}", asked.text());
    press(&mut app, KeyboardInput::Char('n'));
    assert_eq!(app.game().depth(), 1, "n stays");
    assert_eq!(app.game().turn(), 0, "and takes no turn");
    assert!(!render_at(&app, SCREEN).contains("Jump into the chasm?"));
    jump(&mut app);
    press(&mut app, KeyboardInput::Char('y'));
    assert_eq!(app.game().depth(), 2, "y jumps");
    let landed = render_at(&app, SCREEN);
    assert!(
        landed.contains("You jump into the chasm"),
        "{}",
        landed.text()
    );
}

/// A fall the player did not choose is not told as a jump: through a trapdoor stepped onto
/// (asked first, as every known trap is), after the trap's own words.
#[test]
fn a_trapdoor_is_told_as_a_trapdoor_not_a_jump() {
    let (mut app, _) = app_on(&["#######", "#.@▼..#", "#.....#", "#######"]);
    press(&mut app, KeyboardInput::Char('l'));
    press(&mut app, KeyboardInput::Char('y'));
    assert_eq!(app.game().depth(), 2, "through the trapdoor");
    let landed = render_at(&app, SCREEN);
    assert!(
        landed.contains("You fall through it and land"),
        "{}",
        landed.text()
    );
    assert!(!landed.contains("You jump"), "{}", landed.text());
}

/// Stepping onto a trap the player knows asks first: `n` stays and takes no turn, `y` steps on
/// and sets it off; a hidden one is floor, and the step is not asked about. The look cursor
/// names the trap, and the hidden one as the floor.
#[test]
fn stepping_onto_a_known_trap_asks_first_and_a_hidden_one_is_not_asked_about() {
    let (mut app, _) = app_on(&["#######", "#.@▲..#", "#..△..#", "#######"]);
    let east = |app: &mut GameApp| press(app, KeyboardInput::Char('l'));
    east(&mut app);
    let asked = render_at(&app, SCREEN);
    assert!(
        asked.contains("Step onto a caustic trap?"),
        "{}",
        asked.text()
    );
    press(&mut app, KeyboardInput::Char('n'));
    assert_eq!(app.game().turn(), 0, "n stays, and takes no turn");
    press(&mut app, KeyboardInput::Char('x'));
    press(&mut app, KeyboardInput::Char('j'));
    let below = render_at(&app, SCREEN);
    assert!(below.contains("The floor"), "{}", below.text());
    press(&mut app, keys::ESCAPE);
    east(&mut app);
    press(&mut app, KeyboardInput::Char('y'));
    let stepped = render_at(&app, SCREEN);
    assert!(
        stepped.contains("You step on a caustic trap"),
        "{}",
        stepped.text()
    );
    press(&mut app, KeyboardInput::Char('j'));
    let hidden = render_at(&app, SCREEN);
    assert!(!hidden.contains("Step onto"), "{}", hidden.text());
    let sprung = app.game().events().iter().any(|e| {
        matches!(
            e,
            umbra_rules::game::GameEvent::Dungeon(
                umbra_rules::game::DungeonEvent::TrapSprung { .. }
            )
        )
    });
    assert!(sprung, "the hidden one went off: {}", hidden.text());
}

#[test]
fn the_look_cursor_names_deep_water_and_a_chasm() {
    let (mut app, _) = app_on(&["########", "#~.@:::#", "#...:::#", "########"]);
    press(&mut app, KeyboardInput::Char('x'));
    press(&mut app, KeyboardInput::Char('l'));
    let east = render_at(&app, SCREEN);
    assert!(east.contains("A chasm (walk in to jump"), "{}", east.text());
    for _ in 0..3 {
        press(&mut app, KeyboardInput::Char('h'));
    }
    let west = render_at(&app, SCREEN);
    assert!(west.contains("Deep water"), "{}", west.text());
}

/// A monster met as it comes out of the dark is told before what it does as it comes: "An
/// ogre comes into view." and then "The ogre misses you.", never the other way round.
#[test]
fn what_comes_into_view_is_told_before_what_it_does() {
    use umbra::app::messages::MessageLog;
    use umbra_rules::game::{Actor, FightEvent, GameEvent, NpcKind};
    let ogre = NpcKind::from_map_letter('O').expect("the ogre's letter").0;
    let events = [
        GameEvent::Fight(FightEvent::Miss {
            attacker: Actor::Npc(ogre),
            target: Actor::Player,
        }),
        GameEvent::Fight(FightEvent::CameIntoView { kind: ogre }),
    ];
    let mut log = MessageLog::default();
    log.record_turn(&events, |_| false);
    let said: Vec<String> = log.iter().map(|m| m.shown()).collect();
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(said[0].contains("comes into view"), "{said:?}");
    assert!(said[1].contains("misses you"), "{said:?}");
}

#[test]
fn look_at_a_weapon_in_view_gives_its_numbers() {
    // A war axe (`(`) lying in the hall, in view.
    let rows: Vec<String> = HALL.iter().map(|r| r.replace('4', "(")).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (mut app, _) = app_on(&rows);
    press(&mut app, KeyboardInput::Char('x'));
    move_cursor(&mut app, ICoord::new(6, 1));
    let text = render_at(&app, SCREEN).text();
    assert!(
        text.contains("Your blows with it: 3 in 5 land, for 3 to 7"),
        "{text}"
    );
}

#[test]
fn at_the_smallest_size_the_status_line_keeps_the_gear_in_use_by_its_glyph() {
    // A war axe (`(`) wielded and a pack of darts and potions: at 100 columns the gear is
    // named, at 50 it is drawn by its glyph, never dropped.
    let (mut game, _) = Game::from_ascii(
        &["############", "#@(///!!!..#", "############"],
        GameOptions::default(),
    )
    .expect("valid map");
    for _ in 0..7 {
        game.act(PlayerAction::Move(direction::CardinalDirection::East));
    }
    let axe = umbra_rules::content::ItemKind::from_map_letter('(').expect("a war axe");
    let slot = game.pack().slot_of(axe).expect("carried");
    game.act(PlayerAction::Use { slot, at: None });
    assert_eq!(game.pack().wielded(), Some(axe));
    let app = GameApp::new(game).with_seed_source(|| 11);
    let wide = render_at(&app, SCREEN);
    let status = &wide.rows[SCREEN.height() as usize - 6];
    assert!(status.contains("war axe"), "{status}");
    let small = UCoord::new(50, 16);
    let narrow = render_at(&app, small);
    let status = &narrow.rows[small.height() as usize - 6];
    assert!(status.contains(" ( "), "the axe by its glyph: {status}");
}
