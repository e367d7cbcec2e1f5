//! Exploring, clicking to travel and quitting under the "Please enlarge" notice, in a real
//! terminal: `umbra --terminal` in a tmux pane, keys and mouse clicks sent as the terminal would.

mod common;

use common::calm_seed;
use common::tmux::{KEY, Launch, STARTUP, Session, shows_turn, tmux_installed};
use coord_2d::ICoord;
use umbra_rules::game::{Activity, Stop};
use umbra_rules::visibility::CellVisibility;
use umbra_rules::{Game, GameOptions};

/// Plays the activity headlessly to its end: the turn it ends on and why.
fn headless(game: &mut Game, activity: Activity) -> (u64, Stop) {
    let mut doing = game.begin(activity);
    loop {
        if let Err(stop) = game.step(&mut doing) {
            return (game.turn(), stop);
        }
    }
}

fn start(name: &str, seed: &str) -> Session {
    let launch = Launch {
        args: &["--rng-seed", seed, "--save-dir", "{dir}/save"],
        prefix: "",
        wrapper: "",
    };
    let session = Session::start(name, &launch);
    session.wait_for_screen("the map", STARTUP, |screen| screen.contains('@'));
    session
}

fn quit(session: &Session) {
    session.send("q");
    assert_eq!(
        session.wait_for_exit(),
        0,
        "stderr: {}",
        session.read("stderr")
    );
    session.assert_terminal_restored();
}

#[test]
fn o_explores_turn_after_turn_and_stops_where_the_game_says() {
    if !tmux_installed() {
        return;
    }
    let seed = calm_seed();
    let (end_turn, stop) = headless(
        &mut Game::new(seed, GameOptions::default()),
        Activity::Explore,
    );
    let session = start("explore", &seed.to_string());
    session.send("o");
    session.wait_for_screen(
        &format!("exploring to stop on turn {end_turn} ({stop:?})"),
        KEY,
        shows_turn(end_turn),
    );
    // It has stopped: a wait is one turn on from there. Were it still exploring, the key
    // would only have stopped it, on some later turn.
    session.send(".");
    session.wait_for_screen("one wait after exploring", KEY, shows_turn(end_turn + 1));
    quit(&session);
}

/// A cell the player of `game` sees, at least `distance` steps of open ground away.
/// The visible floor cell furthest from the player by a walk over visible floor (a cell seen
/// across water may be no walk away), at least `distance` steps off, with nothing on it.
fn visible_floor_away(game: &Game, distance: u32) -> ICoord {
    let open = |c: ICoord| {
        game.level().cell_view(c).visibility == CellVisibility::Visible
            && !game.level().blocks_walking(c)
    };
    let mut reached = vec![(game.player_coord(), 0)];
    let mut next = 0;
    while let Some(&(cell, steps)) = reached.get(next) {
        next += 1;
        for step in [
            ICoord::new(0, -1),
            ICoord::new(1, 0),
            ICoord::new(0, 1),
            ICoord::new(-1, 0),
        ] {
            let near = cell + step;
            if open(near) && !reached.iter().any(|&(c, _)| c == near) {
                reached.push((near, steps + 1));
            }
        }
    }
    reached
        .into_iter()
        .filter(|&(c, steps)| {
            let view = game.level().cell_view(c);
            steps >= distance && view.tiles.character.is_none() && view.tiles.item.is_none()
        })
        .max_by_key(|&(_, steps)| steps)
        .map(|(c, _)| c)
        .expect("a far visible cell")
}

#[test]
fn a_mouse_click_travels_to_the_cell_clicked() {
    if !tmux_installed() {
        return;
    }
    let seed = calm_seed();
    let mut game = Game::new(seed, GameOptions::default());
    let target = visible_floor_away(&game, 3);
    let (end_turn, stop) = headless(&mut game, Activity::Travel(target));
    assert_eq!(stop, Stop::Arrived, "the headless game gets there");
    let session = start("click", &seed.to_string());
    assert_eq!(
        session.terminal_modes(),
        "1 0 1",
        "the game asks for every mouse move (alternate screen, no cursor, mouse tracking)"
    );
    // The 80×30 map sits in the screen's corner; SGR mouse coordinates count from 1.
    let press = format!("\u{1b}[<0;{};{}M", target.x + 1, target.y + 1);
    let release = format!("\u{1b}[<0;{};{}m", target.x + 1, target.y + 1);
    for sequence in [press, release] {
        let output = session.tmux(&["send-keys", "-t", "umbra", "-l", &sequence]);
        assert!(output.status.success());
    }
    session.wait_for_screen(
        &format!("the click to travel to {target:?} by turn {end_turn}"),
        KEY,
        shows_turn(end_turn),
    );
    let screen = session.screen();
    let row = screen.lines().nth(target.y as usize).unwrap_or_default();
    assert_eq!(
        row.chars().nth(target.x as usize),
        Some('@'),
        "the player stands where the click was:\n{screen}"
    );
    quit(&session);
}

#[test]
fn q_quits_and_saves_under_the_please_enlarge_notice() {
    if !tmux_installed() {
        return;
    }
    let session = start("enlarge", "7");
    session.send("l");
    let resize = session.tmux(&["resize-window", "-t", "umbra", "-x", "40", "-y", "10"]);
    assert!(resize.status.success());
    session.wait_for_screen("the notice", KEY, |screen| screen.contains("Please"));
    quit(&session);
    assert!(
        session
            .dir
            .0
            .join("save")
            .read_dir()
            .is_ok_and(|mut d| d.next().is_some()),
        "the save is kept"
    );
}

#[test]
fn no_mouse_leaves_the_mouse_to_the_terminal() {
    if !tmux_installed() {
        return;
    }
    let launch = Launch {
        args: &["--rng-seed", "7", "--save-dir", "{dir}/save", "--no-mouse"],
        prefix: "",
        wrapper: "",
    };
    let session = Session::start("no-mouse", &launch);
    session.wait_for_screen("the map", STARTUP, |screen| screen.contains('@'));
    assert_eq!(
        session.terminal_modes(),
        "1 0 0",
        "no mouse tracking: text selection works"
    );
    quit(&session);
}
