//! What the terminal can throw at the game without ending it: bytes that are not UTF-8, a size
//! of zero, terminals that cannot draw a screen, old terminal types; and the temporary files a
//! game writes never outlive it.

mod common;

use std::process::Command;

use common::play::{launch, play, walk_to_a_wall};
use common::tmux::{KEY, Launch, STARTUP, Session, shows_turn, tmux_installed, wait_for};

fn started(name: &str, launch: &Launch) -> Session {
    let session = Session::start(name, launch);
    session.wait_for_screen("the map", STARTUP, shows_turn(0));
    session
}

/// Raw bytes into the pane, as a terminal would deliver them.
fn send_bytes(session: &Session, hex: &[&str]) {
    let mut args = vec!["send-keys", "-t", "umbra", "-H"];
    args.extend_from_slice(hex);
    assert!(session.tmux(&args).status.success());
}

#[test]
fn a_byte_that_is_not_utf8_drops_only_itself() {
    if !tmux_installed() {
        return;
    }
    let session = started(
        "utf8",
        &launch(&["--rng-seed", "7", "--save-dir", "{dir}/s"]),
    );
    // '.', a lone 0xff, '.', a broken two-byte sequence (0xc3 then '('), '.': three waits.
    send_bytes(&session, &["2e", "ff", "2e", "c3", "28", "2e"]);
    session.wait_for_screen("three turns", KEY, shows_turn(3));
    session.send(".");
    session.wait_for_screen("the game still takes keys", KEY, shows_turn(4));
}

/// `stty rows 0 cols 0` on the pane's terminal, then back: the game waits and comes back.
#[test]
fn a_terminal_of_size_zero_does_not_end_the_game() {
    if !tmux_installed() {
        return;
    }
    let session = started(
        "zero",
        &launch(&["--rng-seed", "7", "--save-dir", "{dir}/s"]),
    );
    let tty = session.tmux(&["display-message", "-p", "-t", "umbra", "#{pane_tty}"]);
    let tty = String::from_utf8_lossy(&tty.stdout).trim().to_string();
    let stty = |size: &[&str]| {
        let status = Command::new("stty").arg("-F").arg(&tty).args(size).status();
        assert!(status.is_ok_and(|status| status.success()), "stty {size:?}");
    };
    stty(&["rows", "0", "cols", "0"]);
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(session.exit_code(), None, "{}", session.read("stderr"));
    stty(&["rows", "40", "cols", "100"]);
    // tmux redraws the pane at its own size once it is resized.
    session.tmux(&["resize-window", "-t", "umbra", "-x", "99", "-y", "40"]);
    session.tmux(&["resize-window", "-t", "umbra", "-x", "100", "-y", "40"]);
    session.send(".");
    session.wait_for_screen("the game back at full size", KEY, shows_turn(1));
}

#[test]
fn an_old_terminal_type_still_plays() {
    if !tmux_installed() {
        return;
    }
    let launch = Launch {
        args: &["--rng-seed", "7", "--save-dir", "{dir}/s"],
        prefix: "export TERM=vt100;",
        wrapper: "",
    };
    let session = started("vt100", &launch);
    session.send(".");
    session.wait_for_screen("a turn", KEY, shows_turn(1));
    session.send("q");
    assert_eq!(session.wait_for_exit(), 0, "{}", session.read("stderr"));
    session.assert_terminal_restored();
}

#[test]
fn a_terminal_that_cannot_draw_is_refused_in_one_line_and_leaves_no_save_directory() {
    let save_dir = std::env::temp_dir().join(format!("umbra-term-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&save_dir);
    for term in [Some("dumb"), Some(""), None] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_umbra"));
        command.args(["--terminal", "--rng-seed", "7", "--save-dir"]);
        command.arg(&save_dir);
        match term {
            Some(term) => command.env("TERM", term),
            None => command.env_remove("TERM"),
        };
        let output = command.output().expect("runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "TERM={term:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "TERM={term:?}: {stderr}");
        assert!(stderr.contains("TERM"), "TERM={term:?}: {stderr}");
        assert!(
            !stderr.contains("MissingCap") && !stderr.contains("panicked"),
            "{stderr}"
        );
        assert!(output.stdout.is_empty(), "no game started");
        assert!(
            !save_dir.exists(),
            "TERM={term:?}: a run that cannot play made its save"
        );
    }
}

/// A long game (snapshots written on the way) then a quit: the save directory holds the save's
/// own files and nothing else.
#[test]
fn no_temporary_file_outlives_the_game() {
    if !tmux_installed() {
        return;
    }
    let session = started(
        "tmp",
        &launch(&["--rng-seed", "7", "--save-dir", "{dir}/s"]),
    );
    // Walking into a wall: over a thousand actions, so a snapshot is written mid-game.
    let (walk, bump) = walk_to_a_wall();
    play(&session, &walk);
    session.send(&bump.repeat(1100));
    let dir = session.dir.0.join("s");
    wait_for("a snapshot", KEY, || {
        dir.join("save.snapshot").exists().then_some(())
    });
    session.send("q");
    assert_eq!(session.wait_for_exit(), 0, "{}", session.read("stderr"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the save directory")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    assert_eq!(names, ["save.lock", "save.snapshot", "save.umbra"]);
}
