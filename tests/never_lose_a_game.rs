//! The promise that the game in progress is never lost and never rewound, tested on the real
//! binary in a tmux pane: `kill -9`, signals, a terminal that disappears, job control, a huge
//! paste, and a damaged save. (Save locations that are unusable or fill up: `save_location.rs`.)

mod common;

use std::path::Path;

use common::play::{SEED, key, launch, new_game, play, resumed_turn, waits};
use common::scripted_actions;
use common::tmux::{KEY, Launch, STARTUP, Session, TempDir, shows_turn, tmux_installed, wait_for};
use umbra::storage::RecordingFile;
use umbra_rules::game::History;
use umbra_rules::{Game, GameOptions, PlayerAction};

#[test]
fn kill_9_resumes_at_the_last_turn_shown() {
    if !tmux_installed() {
        return;
    }
    let save = TempDir::new("kill9");
    let session = new_game(&save.0);
    let turn = play(&session, &waits(5));
    session.signal("KILL");
    assert_eq!(session.wait_for_exit(), 137);
    drop(session);
    assert_eq!(resumed_turn(&save.0), turn);
}

#[test]
fn hangup_terminate_interrupt_and_quit_signals_save_and_restore_the_terminal() {
    if !tmux_installed() {
        return;
    }
    for (signal, code) in [("HUP", 129), ("TERM", 143), ("INT", 130), ("QUIT", 131)] {
        let save = TempDir::new(&format!("signal-{signal}"));
        let dir = save.0.to_str().expect("UTF-8");
        let record = format!("{dir}/game.rec");
        let args = ["--rng-seed", "7", "--save-dir", dir, "--record", &record];
        let session = Session::start("signal", &launch(&args));
        session.wait_for_screen("the map", STARTUP, shows_turn(0));
        let turn = play(&session, &waits(3));
        session.signal(signal);
        assert_eq!(session.wait_for_exit(), code, "exit code after SIG{signal}");
        let stderr = session.read("stderr");
        assert!(stderr.is_empty(), "SIG{signal}: {stderr}");
        session.assert_terminal_restored();
        drop(session);
        // Leaving on a signal is leaving as a quit does: the recording is written too.
        let recording = History::read(Path::new(&record)).expect("recorded");
        assert_eq!(
            recording.play_to_end().turn(),
            turn,
            "recording after SIG{signal}"
        );
        assert_eq!(resumed_turn(&save.0), turn, "resumed after SIG{signal}");
    }
}

/// The pane closes under the game while HUP is ignored by the shell, or blocked so the game
/// never hears it: either way the game ends by itself, cleanly, and resumes where it was.
#[test]
fn a_terminal_that_disappears_ends_the_game_cleanly_and_it_resumes() {
    if !tmux_installed() {
        return;
    }
    let blocker = TempDir::new("blocker");
    let script = blocker.0.join("block-hup.py");
    std::fs::write(
        &script,
        "import os, signal, sys\n\
         signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})\n\
         os.execv(sys.argv[1], sys.argv[1:])\n",
    )
    .expect("script written");
    let wrapper = format!("python3 {}", script.display());
    for (prefix, wrapper) in [("trap '' HUP;", ""), ("trap '' HUP;", wrapper.as_str())] {
        let save = TempDir::new("vanish");
        let save_dir = save.0.to_str().expect("UTF-8");
        let args = ["--rng-seed", "7", "--save-dir", save_dir];
        let launch = Launch {
            args: &args,
            prefix,
            wrapper,
        };
        let session = Session::start("vanish", &launch);
        session.wait_for_screen("the map", STARTUP, shows_turn(0));
        let turn = play(&session, &waits(2));
        session.kill_server();
        let code = wait_for("the game to end by itself", KEY, || session.exit_code());
        let stderr = session.read("stderr");
        assert!(
            code == 129 || code == 1,
            "exit code {code}; stderr: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(stderr.lines().count() <= 1, "{stderr}");
        drop(session);
        assert_eq!(resumed_turn(&save.0), turn, "wrapper {wrapper:?}");
    }
}

/// Keys that kill seed 7's player, found with the game itself: waiting where it stands, or if
/// the rules of the day let it outlive that, the first of the scripted walks that kills it.
fn a_fatal_script() -> Vec<PlayerAction> {
    let waiting = std::iter::once(vec![PlayerAction::Wait; 2000]);
    waiting
        .chain((0..1000).map(|n| scripted_actions(1500, n)))
        .find_map(|script| {
            let mut game = Game::new(SEED, GameOptions::default());
            for (i, &action) in script.iter().enumerate() {
                game.act(action);
                if game.is_over() {
                    return Some(script[..=i].to_vec());
                }
            }
            None
        })
        .expect("some script gets the player killed")
}

#[test]
fn a_death_stays_a_death_after_kill_9() {
    if !tmux_installed() {
        return;
    }
    let save = TempDir::new("death");
    let session = new_game(&save.0);
    let keys: String = a_fatal_script().into_iter().map(key).collect();
    session.send(&keys);
    session.wait_for_screen("the death", KEY, |s| s.contains("You died"));
    session.signal("KILL");
    drop(session);
    let save_dir = save.0.to_str().expect("UTF-8");
    let session = Session::start("after-death", &launch(&["--save-dir", save_dir]));
    session.wait_for_screen("a game", STARTUP, |s| s.contains("Turn "));
    let screen = session.screen();
    assert!(
        shows_turn(0)(&screen) && screen.contains("Welcome to Umbra"),
        "{screen}"
    );
}

/// Ctrl-Z gives the shell its terminal back and `fg` resumes the game, run bare or under a
/// launcher that waits for it (`sh -c` without `exec`, as a script or `cargo run` runs it):
/// stopped alone, the game once left such a launcher waiting and the shell never answered.
#[test]
fn ctrl_z_gives_the_terminal_back_and_fg_resumes_the_game() {
    if !tmux_installed() {
        return;
    }
    for launcher in ["", "sh -c"] {
        let session = Session::shell("suspend");
        let save = session.dir.0.join("save");
        let stderr = session.dir.0.join("stderr");
        let game = format!(
            "{} --terminal --rng-seed 7 --save-dir {} 2> {}",
            env!("CARGO_BIN_EXE_umbra"),
            save.display(),
            stderr.display()
        );
        session.type_line(&match launcher {
            "" => game,
            _ => format!("{launcher} '{game}; echo the launcher went on'"),
        });
        session.wait_for_screen("the map", STARTUP, shows_turn(0));
        session.send(".");
        session.wait_for_screen("turn 1", KEY, shows_turn(1));
        session.send("C-z");
        wait_for("the shell's screen back", KEY, || {
            (session.terminal_modes() == "0 1 0").then_some(())
        });
        // The shell itself answers, not just the terminal's echo of what is typed.
        session.type_line("echo the shell answers $((6 * 7))");
        session.wait_for_screen("the shell's answer", KEY, |screen| {
            screen.contains("the shell answers 42")
        });
        session.type_line("fg");
        session.wait_for_screen("the game redrawn", KEY, shows_turn(1));
        session.send(".");
        session.wait_for_screen("turn 2 after fg", KEY, shows_turn(2));
        session.send("q");
        wait_for("the game to quit", KEY, || {
            (session.terminal_modes() == "0 1 0").then_some(())
        });
        if !launcher.is_empty() {
            session.wait_for_screen("the launcher's next command", KEY, |screen| {
                screen.contains("the launcher went on")
            });
        }
    }
}

#[test]
fn a_paste_of_200000_keys_does_not_crash_the_game() {
    if !tmux_installed() {
        return;
    }
    let session = Session::start(
        "paste",
        &launch(&["--rng-seed", "7", "--save-dir", "{dir}/save"]),
    );
    session.wait_for_screen("the map", STARTUP, shows_turn(0));
    let keys: String = (0..200_000)
        .map(|i| ['h', 'j', 'k', 'l', '.'][i % 5])
        .collect();
    let paste = session.dir.0.join("paste");
    std::fs::write(&paste, keys).expect("paste written");
    let loaded = session.tmux(&["load-buffer", paste.to_str().expect("UTF-8")]);
    assert!(loaded.status.success());
    let pasted = session.tmux(&["paste-buffer", "-t", "umbra"]);
    assert!(pasted.status.success());
    session.wait_for_screen("turns taken", KEY, |s| !shows_turn(0)(s));
    // The quit is read after the whole paste: a clean exit means every key was survived.
    session.send("q");
    let code = wait_for("the paste played and the game to exit", STARTUP * 6, || {
        session.exit_code()
    });
    assert_eq!(code, 0, "{}", session.read("stderr"));
    session.assert_terminal_restored();
}

#[test]
fn a_damaged_save_is_named_on_the_first_screen() {
    if !tmux_installed() {
        return;
    }
    let save = TempDir::new("damaged");
    std::fs::write(save.0.join("save.umbra"), b"UMBRA").expect("written");
    let dir = save.0.to_str().expect("UTF-8");
    let session = Session::start("damaged", &launch(&["--save-dir", dir]));
    session.wait_for_screen("the notice", STARTUP, |s| {
        s.contains("Your save could not be read: it is truncated.")
            && s.contains("It was kept as save.umbra.unreadable; a new game begins.")
    });
    let kept = std::fs::read(save.0.join("save.umbra.unreadable")).expect("kept aside");
    assert_eq!(kept, b"UMBRA");
    let stderr = session.read("stderr");
    let aside = save.0.join("save.umbra.unreadable");
    assert!(
        stderr.contains(&format!("it was kept as {}", aside.display())),
        "the full path on stderr too: {stderr}"
    );
}
