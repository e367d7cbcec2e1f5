//! Keys from a file: a file that moves a key plays with the new key and the help names it;
//! `--print-keys` fed back with `--keys` plays; every kind of broken file is refused in one
//! line naming the file and the line, with exit 2, before the terminal is taken.

mod common;

use std::fs;
use std::process::Command;

use chargrid::input::KeyboardInput;
use common::hostile::umbra_bounded;
use common::screen::render_at;
use common::tmux::{KEY, Launch, STARTUP, Session, TempDir, shows_turn, tmux_installed};
use coord_2d::UCoord;
use umbra::app::GameApp;
use umbra::app::keys_file;
use umbra_rules::{Game, GameOptions};

const SCREEN: UCoord = UCoord::new_u16(100, 40);

/// Room to walk west from 1.
const HALL: &[&str] = &["########", "#....@.#", "########"];

fn press(app: &mut GameApp, key: char) {
    common::press_on(app, SCREEN, KeyboardInput::Char(key));
}

#[test]
fn a_keys_file_that_moves_h_plays_with_the_new_key_and_help_shows_it() {
    let keymap = keys_file::parse("move_west = [\"Left\", \"a\"]\n").expect("a good keys file");
    let (game, _) = Game::from_ascii(HALL, GameOptions::default()).expect("valid map");
    let mut app = GameApp::new(game).with_keymap(keymap);
    let start = app.game().player_coord();
    press(&mut app, 'a');
    assert_eq!(app.game().player_coord().x, start.x - 1, "a steps west");
    press(&mut app, 'h');
    assert_eq!(
        app.game().player_coord().x,
        start.x - 1,
        "h no longer moves"
    );
    assert_eq!(app.game().turn(), 1, "h takes no turn");
    press(&mut app, '?');
    let help = render_at(&app, SCREEN);
    assert!(help.contains("Left a"), "{}", help.text());
    assert!(!help.contains("Left h"), "{}", help.text());
}

#[test]
fn the_item_panel_names_the_keys_in_use() {
    let keymap = keys_file::parse("drop = [\"w\"]\n").expect("a good keys file");
    let rows = ["#######", "#@!...#", "#######"];
    let (game, _) = Game::from_ascii(&rows, GameOptions::default()).expect("valid map");
    let mut app = GameApp::new(game).with_keymap(keymap);
    press(&mut app, 'l');
    press(&mut app, 'i');
    press(&mut app, 'a');
    let panel = render_at(&app, SCREEN);
    assert!(panel.contains("w  drop"), "{}", panel.text());
    press(&mut app, 'w');
    assert!(app.game().pack().is_empty(), "w dropped it");
}

/// The keys outside play are the keys file's too: a boon chosen with `a`, a question answered
/// with `o` (yes) and `x` (no), the log scrolled with `w` and `s` and closed with `c`. The
/// keys of play keep theirs (`s` still searches in play).
#[test]
fn keys_outside_play_are_rebound_by_the_keys_file() {
    let text = "boon_1 = [\"a\"]\nyes = [\"o\"]\nno = [\"x\"]\nlist_up = [\"w\"]\n\
                list_down = [\"s\"]\nclose = [\"c\"]\n";
    let keymap = keys_file::parse(text).expect("keys outside play may share play's keys");
    let rows = ["######", "#@:..#", "######"];
    let (game, _) = Game::from_ascii(&rows, GameOptions::default()).expect("valid map");
    let mut app = GameApp::new(game).with_keymap(keymap);
    // Into the chasm: asked first; x says no, n no longer does, o says yes.
    press(&mut app, 'l');
    press(&mut app, 'n');
    press(&mut app, 'x');
    assert_eq!(app.game().depth(), 1, "no jump");
    press(&mut app, 'l');
    press(&mut app, 'o');
    assert_eq!(app.game().depth(), 2, "o jumped");
    let offer = app.game().boons_offered().expect("boons on arrival");
    let panel = render_at(&app, SCREEN);
    assert!(
        panel.contains("a  "),
        "the panel names a:\n{}",
        panel.text()
    );
    press(&mut app, '1');
    assert!(
        app.game().boons_offered().is_some(),
        "1 chooses nothing now"
    );
    press(&mut app, 'a');
    assert_eq!(app.game().boons_chosen(), &[offer[0]], "a chose the first");
    // Esc and q no longer close the log; c does.
    press(&mut app, 'm');
    common::press_on(&mut app, SCREEN, chargrid::input::keys::ESCAPE);
    assert!(
        render_at(&app, SCREEN).contains("Message log"),
        "still open"
    );
    press(&mut app, 'c');
    assert!(
        !render_at(&app, SCREEN).contains("Message log"),
        "c closed it"
    );
}

/// Each kind of broken file, what its one line must say, and the line it must name.
const BROKEN: &[(&str, &str, &str, usize)] = &[
    (
        "syntax",
        "wait = [\"w\"]\nlook = [\"x\" \"y\"]\n",
        "line 2: missing comma between array elements",
        2,
    ),
    (
        "unknown action",
        "\n\njump = [\"j\"]\n",
        "unknown action \"jump\"",
        3,
    ),
    (
        "unknown key",
        "look = [\"Ctrl-x\"]\n",
        "unknown key \"Ctrl-x\"",
        1,
    ),
    (
        "a key bound twice",
        "look = [\"v\"]\n\nrest = [\"v\"]\n",
        "\"v\" is bound twice, to look (line 1) and to rest (line 3)",
        3,
    ),
    (
        "a key its default still holds",
        "look = [\"h\"]\n",
        "\"h\" is bound twice, to move_west (its default: give it other keys here) and to look (line 1)",
        1,
    ),
    (
        "a needed action unbound",
        "\nquit = []\n",
        "quit is left without a key",
        2,
    ),
];

#[test]
fn each_kind_of_broken_keys_file_gets_one_line_naming_file_and_line_and_exit_2() {
    let dir = TempDir::new("broken-keys");
    for (name, text, problem, line) in BROKEN {
        let file = dir.0.join(format!("{}.toml", name.replace(' ', "-")));
        fs::write(&file, text).expect("written");
        let save = dir.0.join("save");
        let args = [
            "--terminal",
            "--keys",
            file.to_str().expect("a path"),
            "--save-dir",
            save.to_str().expect("a path"),
        ];
        let (code, stderr) = umbra_bounded(&args, None);
        assert_eq!(code, Some(2), "{name}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}: one line: {stderr}");
        assert!(stderr.contains(problem), "{name}: {stderr}");
        assert!(
            stderr.contains(&format!("line {line}:")),
            "{name}: {stderr}"
        );
        assert!(stderr.contains(file.to_str().expect("a path")), "{name}");
        assert!(
            !save.exists(),
            "{name}: refused before anything was written"
        );
    }
}

/// What `--print-keys` prints with `config` as the config directory; it must succeed.
fn printed_keys(config: &std::path::Path) -> String {
    let printed = Command::new(env!("CARGO_BIN_EXE_umbra"))
        .arg("--print-keys")
        .env("XDG_CONFIG_HOME", config)
        .output()
        .expect("runs");
    assert!(printed.status.success(), "{printed:?}");
    String::from_utf8(printed.stdout).expect("text")
}

#[test]
fn print_keys_fed_back_with_keys_prints_the_same_and_a_missing_file_is_refused() {
    let dir = TempDir::new("print-keys");
    let umbra = env!("CARGO_BIN_EXE_umbra");
    let text = printed_keys(&dir.0);
    assert!(text.contains("# move west; walk into an enemy to attack it"));
    let file = dir.0.join("keys.toml");
    fs::write(&file, &text).expect("written");
    let again = Command::new(umbra)
        .args(["--print-keys", "--keys", file.to_str().expect("a path")])
        .output()
        .expect("runs");
    assert_eq!(String::from_utf8_lossy(&again.stdout), text);
    let missing = dir.0.join("missing.toml");
    let (code, stderr) = umbra_bounded(&["--keys", missing.to_str().expect("a path")], None);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("cannot read the keys file"), "{stderr}");
}

/// A file that says it is empty and never ends (`/proc/self/pagemap`) is read no further than
/// a keys file could be long, and refused in one line (the kernel refuses a read that is not
/// whole pages of it, which is as good); before the cap it grew past 2 GB, here past the
/// 512 MB the test allows.
#[test]
fn a_keys_file_that_never_ends_is_refused_within_its_cap() {
    let endless = "/proc/self/pagemap";
    if fs::metadata(endless).map_or(true, |meta| meta.len() != 0) {
        return;
    }
    let (code, stderr) = umbra_bounded(&["--print-keys", "--keys", endless], None);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(
        stderr.contains("cannot read the keys file /proc/self/pagemap"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("out of memory"),
        "read no further than the cap: {stderr}"
    );
}

#[test]
fn the_config_directory_s_keys_file_is_read_at_start() {
    let dir = TempDir::new("config-keys");
    let config = dir.0.join("umbra");
    fs::create_dir_all(&config).expect("made");
    fs::write(config.join("keys.toml"), "wait = [\"w\"]\n").expect("written");
    let text = printed_keys(&dir.0);
    assert!(text.contains("wait = [\"w\"]"), "{text}");
}

#[test]
fn a_printed_keys_file_with_wait_moved_plays_in_the_terminal() {
    if !tmux_installed() {
        return;
    }
    let keys = TempDir::new("keys-play");
    let text = printed_keys(&keys.0);
    let moved = text.replace("wait = [\"Space\", \".\"]", "wait = [\"w\"]");
    assert_ne!(moved, text, "the printed file binds wait to Space and .");
    let file = keys.0.join("keys.toml");
    fs::write(&file, moved).expect("written");
    let path = file.to_str().expect("a path");
    let launch = Launch {
        args: &[
            "--rng-seed",
            "7",
            "--save-dir",
            "{dir}/save",
            "--keys",
            path,
        ],
        prefix: "",
        wrapper: "",
    };
    let session = Session::start("keys-play", &launch);
    session.wait_for_screen("the first turn", STARTUP, shows_turn(0));
    session.send(".");
    session.send("w");
    session.wait_for_screen("a turn waited with w", KEY, shows_turn(1));
    session.send("q");
    assert_eq!(session.wait_for_exit(), 0);
    session.assert_terminal_restored();
}
