//! The terminal frontend for real: `umbra --terminal` runs in a tmux pane, keys go in with
//! `send-keys`, the screen comes out with `capture-pane`. After the game exits, the pane's shell
//! checks the terminal is as it found it: tty settings unchanged, cursor visible, the alternate
//! screen left.
//!
//! Needs tmux; without it the tests print a note and skip, except under `CI`, where they fail.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

use direction::CardinalDirection;
use umbra::{Game, GameOptions};

const SEED: u64 = 7;
/// The size the game is designed for: an 80×30 map with the status line and messages below.
const COLUMNS: u32 = 100;
const ROWS: u32 = 40;
/// Long enough for a loaded CI machine to start the game; a healthy run needs well under a second.
const STARTUP: Duration = Duration::from_secs(10);
/// How long one key may take to show on screen.
const KEY: Duration = Duration::from_secs(5);
const POLL: Duration = Duration::from_millis(20);

fn tmux_installed() -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|output| output.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must provide tmux for the terminal tests (see .ci/run)"
        );
        eprintln!("skipping the terminal test: tmux is not installed");
    }
    found
}

/// Quotes a word for `sh`.
fn quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', r"'\''"))
}

/// One tmux server on its own socket, running the game in a 100×40 pane. Dropping it kills the
/// server and deletes its files, whether the test passed or not.
struct Session {
    socket: String,
    dir: PathBuf,
    /// tmux 3.3 leaves its socket file behind when the server is killed.
    socket_path: Option<PathBuf>,
}

impl Session {
    /// Starts the game in a new pane. The pane's shell records the tty settings, runs the game
    /// with stderr to a file, records the tty settings again and the exit code, then stays
    /// alive so the pane can still be inspected.
    fn start(name: &str) -> Self {
        let socket = format!("umbra-e2e-{}-{name}", std::process::id());
        let dir = std::env::temp_dir().join(&socket);
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a temporary directory");
        let mut session = Self {
            socket,
            dir,
            socket_path: None,
        };
        let file = |name: &str| quoted(&session.dir.join(name));
        let script = format!(
            "stty -g > {before}; {umbra} --terminal --rng-seed {SEED} --save-dir {save} 2> {stderr}; \
             code=$?; stty -g > {after}; echo $code > {exit_tmp}; mv {exit_tmp} {exit}; \
             exec sleep 600",
            before = file("stty-before"),
            umbra = quoted(Path::new(env!("CARGO_BIN_EXE_umbra"))),
            save = file("save"),
            stderr = file("stderr"),
            after = file("stty-after"),
            exit_tmp = file("exit.tmp"),
            exit = file("exit"),
        );
        let columns = COLUMNS.to_string();
        let rows = ROWS.to_string();
        let output = session.tmux(&[
            "new-session",
            "-d",
            "-s",
            "umbra",
            "-x",
            &columns,
            "-y",
            &rows,
            "sh",
            "-c",
            &script,
        ]);
        assert!(
            output.status.success(),
            "tmux new-session failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let path = session.tmux(&["display-message", "-p", "#{socket_path}"]);
        let path = String::from_utf8_lossy(&path.stdout).trim().to_string();
        session.socket_path = (!path.is_empty()).then(|| PathBuf::from(path));
        session
    }

    fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .env_remove("TMUX")
            .output()
            .expect("tmux runs")
    }

    fn send(&self, key: &str) {
        let output = self.tmux(&["send-keys", "-t", "umbra", key]);
        assert!(output.status.success(), "send-keys {key} failed");
    }

    /// The pane's text, one line per row.
    fn screen(&self) -> String {
        let output = self.tmux(&["capture-pane", "-p", "-t", "umbra"]);
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// The pane's text with colours and attributes, for comparing two runs exactly.
    fn screen_with_colours(&self) -> String {
        let output = self.tmux(&["capture-pane", "-p", "-e", "-t", "umbra"]);
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// `alternate_on cursor_flag`: "0 1" when the pane shows the normal screen with a cursor.
    fn terminal_modes(&self) -> String {
        let output = self.tmux(&[
            "display-message",
            "-p",
            "-t",
            "umbra",
            "#{alternate_on} #{cursor_flag}",
        ]);
        String::from_utf8_lossy(&output.stdout).trim().to_string()
    }

    fn read(&self, name: &str) -> String {
        fs::read_to_string(self.dir.join(name)).unwrap_or_default()
    }

    /// Polls until the screen passes `check`; fails with the last screen after `timeout`.
    fn wait_for_screen(&self, what: &str, timeout: Duration, check: impl Fn(&str) -> bool) {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if check(&screen) {
                return;
            }
            if let Some(code) = self.exit_code() {
                panic!(
                    "waiting for {what}: the game exited with {code}; stderr: {}\n{screen}",
                    self.read("stderr")
                );
            }
            assert!(
                start.elapsed() < timeout,
                "waited {timeout:?} for {what}; the screen:\n{screen}"
            );
            sleep(POLL);
        }
    }

    fn exit_code(&self) -> Option<i32> {
        self.read("exit").trim().parse().ok()
    }

    fn wait_for_exit(&self) -> i32 {
        let start = Instant::now();
        loop {
            if let Some(code) = self.exit_code() {
                return code;
            }
            assert!(
                start.elapsed() < KEY,
                "the game has not exited after {KEY:?}:\n{}",
                self.screen()
            );
            sleep(POLL);
        }
    }

    /// After the game has exited: the terminal is back as the shell left it.
    fn assert_terminal_restored(&self) {
        let before = self.read("stty-before");
        assert!(!before.trim().is_empty(), "stty recorded nothing");
        assert_eq!(
            before,
            self.read("stty-after"),
            "the tty settings changed (raw mode left on?)"
        );
        assert_eq!(
            self.terminal_modes(),
            "0 1",
            "expected `alternate_on cursor_flag` = 0 1 (normal screen, cursor visible)"
        );
        let screen = self.screen();
        assert!(
            screen.contains(&format!("RNG Seed: {SEED}")) && !screen.contains("Turn "),
            "the game's screen is still showing:\n{screen}"
        );
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
        if let Some(path) = &self.socket_path {
            let _ = fs::remove_file(path);
        }
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// The key that moves the player of seed 7 onto an open, empty cell, found with the game's own
/// API so the test does not depend on the map's layout.
fn open_step_key() -> &'static str {
    let game = Game::new(SEED, GameOptions::default());
    let npcs: Vec<_> = game.npcs().map(|npc| npc.coord).collect();
    let player = game.player_coord();
    [
        (CardinalDirection::East, "l"),
        (CardinalDirection::West, "h"),
        (CardinalDirection::North, "k"),
        (CardinalDirection::South, "j"),
    ]
    .into_iter()
    .find(|(direction, _)| {
        let to = player + direction.coord();
        !game.is_wall(to) && !npcs.contains(&to)
    })
    .map(|(_, key)| key)
    .expect("the player of seed 7 can step somewhere")
}

fn shows_turn(turn: u64) -> impl Fn(&str) -> bool {
    move |screen: &str| screen.contains(&format!("Turn {turn} "))
}

/// What one scripted session saw, to compare with another run.
struct Seen {
    after_moves: String,
    help: String,
}

/// Starts the game, moves, waits, opens and closes the help, and quits with `q`.
fn play_a_short_session(name: &str) -> Seen {
    let session = Session::start(name);
    session.wait_for_screen("the map with the player", STARTUP, |screen| {
        screen.contains('@') && screen.contains('#') && screen.contains(&format!("Seed {SEED}"))
    });
    assert!(shows_turn(0)(&session.screen()), "{}", session.screen());

    session.send(open_step_key());
    session.wait_for_screen("turn 1 after a step", KEY, shows_turn(1));
    session.send(".");
    session.wait_for_screen("turn 2 after waiting with .", KEY, shows_turn(2));
    session.send("Space");
    session.wait_for_screen("turn 3 after waiting with space", KEY, shows_turn(3));
    let after_moves = session.screen_with_colours();
    let map_screen = session.screen();
    assert!(map_screen.contains('@'), "{map_screen}");

    session.send("?");
    session.wait_for_screen("the help screen (\"Keys\")", KEY, |screen| {
        screen.contains("Keys") && screen != map_screen
    });
    let help = session.screen_with_colours();
    session.send("Escape");
    session.wait_for_screen("the map again after Esc closed the help", KEY, |screen| {
        screen == map_screen
    });

    session.send("q");
    let code = session.wait_for_exit();
    let stderr = session.read("stderr");
    assert_eq!(code, 0, "exit code; stderr: {stderr}");
    assert!(stderr.trim().is_empty(), "stderr: {stderr}");
    session.assert_terminal_restored();
    Seen { after_moves, help }
}

#[test]
fn plays_moves_waits_shows_help_and_quits_leaving_the_terminal_restored() {
    if !tmux_installed() {
        return;
    }
    let first = play_a_short_session("first");
    let second = play_a_short_session("second");
    assert!(
        first.after_moves == second.after_moves,
        "same seed and keys, different screens:\n{}\n---\n{}",
        first.after_moves,
        second.after_moves
    );
    assert!(
        first.help == second.help,
        "the help screen differs between runs"
    );
}

/// The test-only `!` key panics inside the game loop: the panic is caught, the terminal
/// restored, and the message and the seed to reproduce it printed on stderr.
#[cfg(feature = "test-crash-key")]
#[test]
fn a_crash_in_the_game_loop_restores_the_terminal_and_prints_the_seed() {
    if !tmux_installed() {
        return;
    }
    let session = Session::start("crash");
    session.wait_for_screen("the map with the player", STARTUP, |screen| {
        screen.contains('@') && screen.contains(&format!("Seed {SEED}"))
    });
    session.send("!");
    let code = session.wait_for_exit();
    let stderr = session.read("stderr");
    assert_eq!(code, 101, "exit code; stderr: {stderr}");
    assert!(
        stderr.contains("umbra: the game crashed: crash requested"),
        "stderr: {stderr}"
    );
    assert!(
        stderr.contains(&format!("umbra: to reproduce, run with --rng-seed {SEED}")),
        "stderr: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    session.assert_terminal_restored();
}
