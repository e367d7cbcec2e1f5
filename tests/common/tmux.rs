//! The terminal frontend for real: the game in a pane of a private tmux server, keys in with
//! `send-keys`, the screen out with `capture-pane`. The pane's shell records the tty settings
//! before and after the game, and the game's exit code, so a test can check the terminal was
//! given back as it was found.
//!
//! Needs tmux; without it the tests print a note and skip, except under `CI`, where they fail.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The size the game is designed for: an 80×30 map with the status line and messages below.
pub const COLUMNS: u32 = 100;
pub const ROWS: u32 = 40;
/// Long enough for a loaded CI machine to start the game; a healthy run needs well under a second.
pub const STARTUP: Duration = Duration::from_secs(10);
/// How long one key may take to show on screen.
pub const KEY: Duration = Duration::from_secs(5);
const POLL: Duration = Duration::from_millis(20);

pub fn tmux_installed() -> bool {
    tool_installed("tmux", "the terminal tests")
}

/// Whether `program` runs (asked for its version); without it a test prints a note and skips,
/// except under `CI`, which must provide it (see .ci/run).
pub fn tool_installed(program: &str, needed_by: &str) -> bool {
    let found = Command::new(program)
        .arg("-V")
        .output()
        .is_ok_and(|output| output.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must provide {program} for {needed_by} (see .ci/run)"
        );
        eprintln!("skipping {needed_by}: {program} is not installed");
    }
    found
}

/// Quotes a word for `sh`.
pub fn quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', r"'\''"))
}

/// A name no other test of this process uses: tests run in parallel.
fn unique(name: &str) -> String {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    format!("umbra-{}-{n}-{name}", std::process::id())
}

/// A fresh directory, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(unique(name));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a temporary directory");
        Self(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// How to start the game in the pane.
pub struct Launch<'a> {
    /// The game's arguments after `--terminal`; `{dir}` stands for the session's directory.
    pub args: &'a [&'a str],
    /// Shell words run before the game in the same shell, e.g. `trap '' HUP;`.
    pub prefix: &'a str,
    /// Wraps the game's command, e.g. a program that blocks a signal and then execs the game.
    pub wrapper: &'a str,
}

/// One tmux server on its own socket, running the game in a 100×40 pane. Dropping it kills the
/// server and deletes its files, whether the test passed or not.
pub struct Session {
    socket: String,
    pub dir: TempDir,
    /// tmux 3.3 leaves its socket file behind when the server is killed.
    socket_path: Option<PathBuf>,
}

impl Session {
    /// Starts the game in a new pane. The pane's shell records the tty settings, runs the game
    /// (whose PID it records) with stderr to a file, records the tty settings again and the exit
    /// code, then stays alive so the pane can still be inspected.
    pub fn start(name: &str, launch: &Launch) -> Self {
        let socket = unique(name);
        let session = Self {
            dir: TempDir::new(name),
            socket,
            socket_path: None,
        };
        let file = |name: &str| quoted(&session.dir.0.join(name));
        let dir = session.dir.0.display().to_string();
        let args: Vec<String> = launch
            .args
            .iter()
            .map(|arg| quoted(Path::new(&arg.replace("{dir}", &dir))))
            .collect();
        // The game reads no keys file of whoever runs the tests: its config directory is the
        // session's own.
        let game = format!(
            "env XDG_CONFIG_HOME={} {} {} --terminal {}",
            quoted(&session.dir.0),
            launch.wrapper,
            quoted(Path::new(env!("CARGO_BIN_EXE_umbra"))),
            args.join(" ")
        );
        let script = format!(
            "{prefix} stty -g > {before}; sh -c 'echo $$ > {pid}; exec \"$@\"' umbra {game} 2> {stderr}; \
             code=$?; stty -g > {after}; echo $code > {exit_tmp}; mv {exit_tmp} {exit}; \
             exec sleep 600",
            prefix = launch.prefix,
            before = file("stty-before"),
            pid = file("pid"),
            stderr = file("stderr"),
            after = file("stty-after"),
            exit_tmp = file("exit.tmp"),
            exit = file("exit"),
        );
        session.open(&["sh", "-c", &script])
    }

    /// A pane running an interactive shell with job control, for typing commands into.
    pub fn shell(name: &str) -> Self {
        let socket = unique(name);
        let session = Self {
            dir: TempDir::new(name),
            socket,
            socket_path: None,
        };
        session.open(&["bash", "--norc", "--noprofile", "-i"])
    }

    fn open(mut self, command: &[&str]) -> Self {
        let columns = COLUMNS.to_string();
        let rows = ROWS.to_string();
        let mut args = vec![
            "new-session",
            "-d",
            "-s",
            "umbra",
            "-x",
            &columns,
            "-y",
            &rows,
        ];
        args.extend_from_slice(command);
        let output = self.tmux(&args);
        assert!(
            output.status.success(),
            "tmux new-session failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let path = self.tmux(&["display-message", "-p", "#{socket_path}"]);
        let path = String::from_utf8_lossy(&path.stdout).trim().to_string();
        self.socket_path = (!path.is_empty()).then(|| PathBuf::from(path));
        self
    }

    pub fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .env_remove("TMUX")
            .output()
            .expect("tmux runs")
    }

    pub fn send(&self, key: &str) {
        let output = self.tmux(&["send-keys", "-t", "umbra", key]);
        assert!(output.status.success(), "send-keys {key} failed");
    }

    /// Types a line into the pane's shell and presses Enter.
    pub fn type_line(&self, line: &str) {
        let output = self.tmux(&["send-keys", "-t", "umbra", "-l", line]);
        assert!(output.status.success(), "send-keys -l {line} failed");
        self.send("Enter");
    }

    /// The pane's text, one line per row.
    pub fn screen(&self) -> String {
        let output = self.tmux(&["capture-pane", "-p", "-t", "umbra"]);
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// The pane's text with colours and attributes, for comparing two runs exactly.
    pub fn screen_with_colours(&self) -> String {
        let output = self.tmux(&["capture-pane", "-p", "-e", "-t", "umbra"]);
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// `alternate_on cursor_flag mouse_any_flag`: "0 1 0" when the pane shows the normal screen
    /// with a cursor and no mouse tracking.
    pub fn terminal_modes(&self) -> String {
        let format = "#{alternate_on} #{cursor_flag} #{mouse_any_flag}";
        let output = self.tmux(&["display-message", "-p", "-t", "umbra", format]);
        String::from_utf8_lossy(&output.stdout).trim().to_string()
    }

    pub fn read(&self, name: &str) -> String {
        fs::read_to_string(self.dir.0.join(name)).unwrap_or_default()
    }

    /// The game's own process ID, once the pane has started it.
    pub fn game_pid(&self) -> String {
        wait_for("the game's PID", STARTUP, || {
            let pid = self.read("pid").trim().to_string();
            (!pid.is_empty()).then_some(pid)
        })
    }

    /// Sends `signal` (a name such as "TERM") to the game's own process.
    pub fn signal(&self, signal: &str) {
        let pid = self.game_pid();
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{signal} {pid} failed");
    }

    /// Polls until the screen passes `check`; fails with the last screen after `timeout`.
    pub fn wait_for_screen(&self, what: &str, timeout: Duration, check: impl Fn(&str) -> bool) {
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

    pub fn exit_code(&self) -> Option<i32> {
        self.read("exit").trim().parse().ok()
    }

    pub fn wait_for_exit(&self) -> i32 {
        wait_for("the game to exit", KEY, || self.exit_code())
    }

    /// After the game has exited: the terminal is back as the shell left it.
    pub fn assert_terminal_restored(&self) {
        let before = self.read("stty-before");
        assert!(!before.trim().is_empty(), "stty recorded nothing");
        assert_eq!(
            before,
            self.read("stty-after"),
            "the tty settings changed (raw mode left on?)"
        );
        assert_eq!(
            self.terminal_modes(),
            "0 1 0",
            "expected `alternate_on cursor_flag mouse_any_flag` = 0 1 0"
        );
        let screen = self.screen();
        assert!(
            screen.contains("RNG Seed: ") && !screen.contains("Turn "),
            "the game's screen is still showing:\n{screen}"
        );
    }

    /// Kills the tmux server: the pane's terminal goes away under the game.
    pub fn kill_server(&self) {
        let _ = self.tmux(&["kill-server"]);
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let pid = self.read("pid").trim().to_string();
        let comm = fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
        if !pid.is_empty() && comm.trim() == "umbra" {
            // The game is ours: never leave it running if a test failed half-way.
            let _ = Command::new("kill").args(["-KILL", &pid]).status();
        }
        self.kill_server();
        if let Some(path) = &self.socket_path {
            let _ = fs::remove_file(path);
        }
    }
}

/// Polls `check` until it gives a value; fails after `timeout`.
pub fn wait_for<T>(what: &str, timeout: Duration, mut check: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(value) = check() {
            return value;
        }
        assert!(start.elapsed() < timeout, "waited {timeout:?} for {what}");
        sleep(POLL);
    }
}

pub fn shows_turn(turn: u64) -> impl Fn(&str) -> bool {
    move |screen: &str| screen.contains(&format!("Turn {turn} "))
}
