//! The app drawn headlessly into a chargrid frame buffer, read back as text.

use chargrid::core::{Component, FrameBuffer, UCoord};
use umbra::app::GameApp;
use umbra::visibility::Omniscience;
use umbra::{Game, GameOptions, PlayerAction};

fn render(app: &GameApp, size: UCoord) -> Vec<String> {
    let mut fb = FrameBuffer::new(size);
    app.render(&(), fb.default_ctx(), &mut fb);
    fb.rows()
        .map(|row| row.iter().map(|cell| cell.character).collect())
        .collect()
}

const MAP: &[&str] = &[
    "############",
    "#@...#.....#",
    "#....#..o..#",
    "#..........#",
    "############",
];

fn app(omniscience: Omniscience) -> GameApp {
    let options = GameOptions {
        omniscience,
        ..GameOptions::default()
    };
    GameApp::new(Game::from_ascii(MAP, options).expect("valid map").0)
}

#[test]
fn the_player_is_drawn_where_it_stands() {
    let screen = render(&app(Omniscience::Off), UCoord::new(100, 40));
    assert_eq!(screen[1].chars().nth(1), Some('@'));
    assert_eq!(&screen[1][..6], "#@...#");
}

#[test]
fn never_seen_cells_are_blank() {
    let screen = render(&app(Omniscience::Off), UCoord::new(100, 40));
    // Behind the wall at x=5 on row 1, the room's far side has never been seen.
    assert_eq!(&screen[1][6..12], "      ");
    // And so is everything outside the map.
    assert!(screen[10].trim().is_empty());
}

#[test]
fn omniscience_draws_the_whole_map_with_its_npcs() {
    let screen = render(&app(Omniscience::On), UCoord::new(100, 40));
    for (y, row) in MAP.iter().enumerate() {
        assert_eq!(&screen[y][..row.len()], *row);
    }
}

#[test]
fn the_status_line_shows_hit_points_and_turns() {
    let mut app = app(Omniscience::Off);
    let screen = render(&app, UCoord::new(100, 40));
    assert!(
        screen[38].starts_with("HP 20/20   Turn 0"),
        "{}",
        screen[38]
    );
    let mut fb = FrameBuffer::new(UCoord::new(100, 40));
    let key = chargrid::core::Event::Input(chargrid::input::Input::Keyboard(
        chargrid::input::KeyboardInput::Char('.'),
    ));
    app.update(&mut (), fb.default_ctx(), key);
    app.render(&(), fb.default_ctx(), &mut fb);
    assert_eq!(app.game().turn(), 1);
    let _ = PlayerAction::Wait;
}

#[test]
fn the_view_follows_the_player_on_a_map_larger_than_the_screen() {
    let options = GameOptions {
        map_size: UCoord::new(300, 200),
        ..GameOptions::default()
    };
    let app = GameApp::new(Game::new(3, options));
    let size = UCoord::new(100, 40);
    let screen = render(&app, size);
    let at: Vec<(usize, usize)> = screen
        .iter()
        .enumerate()
        .flat_map(|(y, row)| {
            row.chars()
                .enumerate()
                .filter(|(_, c)| *c == '@')
                .map(move |(x, _)| (x, y))
        })
        .collect();
    assert_eq!(at.len(), 1, "exactly one player on screen");
    let player = app.game().player_coord();
    // The player is on screen even though its map coordinates may be far outside 100x38.
    let (x, y) = at[0];
    assert!(player.x as usize >= x && player.y as usize >= y);
}
