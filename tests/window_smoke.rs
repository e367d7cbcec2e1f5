//! The window frontend for real: under Xvfb (a virtual X display) with Mesa's CPU Vulkan driver,
//! the game opens a window, takes a key, draws something, and quits cleanly on `q`.
//! Needs Xvfb, xdotool and ImageMagick; without them the test skips, except under CI=true.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use umbra::storage::RecordingFile;
use umbra_rules::game::History;

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Skips (returns false) when the tools are missing, unless CI demands the test run.
fn tools_present() -> bool {
    let missing: Vec<_> = ["Xvfb", "xdotool", "import", "convert"]
        .into_iter()
        .filter(|tool| !have(tool))
        .collect();
    if missing.is_empty() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must provide {missing:?} (see .ci/run)"
    );
    eprintln!("skipping the window test: {missing:?} not installed");
    false
}

/// Kills what it holds when the test ends, pass or fail.
struct Reaper(Vec<Child>);

impl Drop for Reaper {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn wait_for<T>(what: &str, timeout: Duration, mut probe: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(value) = probe() {
            return value;
        }
        assert!(start.elapsed() < timeout, "timed out waiting for {what}");
        sleep(Duration::from_millis(100));
    }
}

fn output(program: &str, args: &[&str], display: &str) -> Option<String> {
    let output = Command::new(program)
        .args(args)
        .env("DISPLAY", display)
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// How many distinct colours the screenshot has: a blank or black window has one or two.
fn colour_count(png: &PathBuf) -> usize {
    let text = Command::new("convert")
        .arg(png)
        .args(["-format", "%k", "info:"])
        .output()
        .expect("convert runs");
    String::from_utf8_lossy(&text.stdout)
        .trim()
        .parse()
        .expect("a colour count")
}

/// A private X display: -displayfd makes Xvfb pick a free number and report it when ready.
/// -noreset: by default Xvfb starts over when its last client leaves, so the game, starting
/// just after the probe that found the display answering had left, was at times refused
/// ("Failed to open connection to X server") while the server started over: about one run in
/// five on a loaded machine.
fn start_xvfb(reaper: &mut Reaper) -> String {
    let mut xvfb = Command::new("Xvfb")
        .args([
            "-noreset",
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1280x800x24",
            "-nolisten",
            "tcp",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb starts");
    let mut number = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(xvfb.stdout.take().expect("piped stdout")),
        &mut number,
    )
    .expect("Xvfb reports its display");
    reaper.0.push(xvfb);
    let display = format!(":{}", number.trim());
    wait_for("the X display to answer", Duration::from_secs(30), || {
        output("xdotool", &["getdisplaygeometry"], &display)
    });
    display
}

/// One window test at a time: three X servers and three software-rendered windows at once on a
/// two-core machine made a game fail to reach its display.
static ONE_WINDOW_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The game of seed 7 in a window on a private Xvfb display, its save in `dir`.
struct Window {
    reaper: Reaper,
    display: String,
    window: String,
    stderr_path: PathBuf,
    /// Fields drop in order: the turn passes on only after the reaper has ended the game and
    /// its X server.
    _turn: std::sync::MutexGuard<'static, ()>,
}

impl Window {
    fn open(dir: &Path) -> Self {
        // A test that failed while holding the turn poisons it; the next may still run.
        let turn = ONE_WINDOW_AT_A_TIME
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        std::fs::create_dir_all(dir).expect("temporary directory");
        let mut reaper = Reaper(Vec::new());
        let stderr_path = dir.join("stderr.txt");
        let display = start_xvfb(&mut reaper);
        let game = Command::new(env!("CARGO_BIN_EXE_umbra"))
            .args(["--graphical", "--rng-seed", "7", "--save-dir"])
            .arg(dir)
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&stderr_path).expect("stderr file"))
            .spawn()
            .expect("umbra starts");
        reaper.0.push(game);
        // Software Vulkan is slow to start on a loaded machine: allow it plenty of time.
        let window = wait_for("the Umbra window", Duration::from_secs(180), || {
            let game = reaper.0.last_mut().expect("the game process");
            if let Ok(Some(status)) = game.try_wait() {
                let stderr = std::fs::read_to_string(&stderr_path).unwrap_or_default();
                panic!("the game exited early ({status}) on display {display}: {stderr}");
            }
            output("xdotool", &["search", "--name", "^Umbra$"], &display)
                .and_then(|ids| ids.lines().next().map(str::to_string))
        });
        output("xdotool", &["windowfocus", "--sync", &window], &display);
        let opened = Self {
            reaper,
            display,
            window,
            stderr_path,
            _turn: turn,
        };
        // Keys are sent only once a frame is drawn: winit repeats a key that is down at the
        // moment the window gains focus, and chargrid_wgpu passes the repeat on as a press.
        opened.wait_for_a_drawn_frame(&dir.join("shot.png"));
        opened
    }

    fn wait_for_a_drawn_frame(&self, shot: &Path) {
        let colours = wait_for("a drawn frame", Duration::from_secs(30), || {
            let shot_arg = shot.to_str().expect("utf-8 path");
            output(
                "import",
                &["-window", &self.window, shot_arg],
                &self.display,
            )?;
            let colours = colour_count(&shot.to_path_buf());
            (colours > 8).then_some(colours)
        });
        assert!(colours > 8, "the window is not blank ({colours} colours)");
    }

    fn key(&self, key: &str) {
        output("xdotool", &["key", key], &self.display);
    }

    fn game(&mut self) -> &mut Child {
        self.reaper.0.last_mut().expect("the game process")
    }

    fn wait_for_exit(&mut self) -> (std::process::ExitStatus, String) {
        let status = wait_for("the game to exit", Duration::from_secs(20), || {
            self.game().try_wait().ok().flatten()
        });
        let stderr = std::fs::read_to_string(&self.stderr_path).unwrap_or_default();
        (status, stderr)
    }
}

fn temporary(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("umbra-window-{}-{name}", std::process::id()))
}

/// The turn the save in `dir` resumes at.
fn saved_turn(dir: &Path) -> u64 {
    let slot = umbra::storage::SaveSlot::in_dir(dir)
        .claim()
        .expect("the game released its save");
    let saved = slot.load().expect("the save is readable").expect("a save");
    saved.game.turn()
}

#[test]
fn the_window_opens_draws_takes_keys_and_quits_cleanly() {
    if !tools_present() {
        return;
    }
    let dir = temporary("play");
    let mut window = Window::open(&dir);
    window.key("period");
    wait_for(
        "the key press in the journal",
        Duration::from_secs(30),
        || {
            let recording = History::read(&dir.join("save.umbra")).ok()?;
            (!recording.actions.is_empty()).then_some(())
        },
    );
    window.key("q");
    let (status, stderr) = window.wait_for_exit();
    assert!(status.success(), "exit status {status}: {stderr}");
    assert_eq!(saved_turn(&dir), 1, "the key press played one turn");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A panic inside the game is the game's crash, reported with the seed to reproduce it, never
/// mistaken for a window that could not open.
#[cfg(feature = "test-crash-key")]
#[test]
fn a_crash_in_the_window_is_reported_with_its_seed() {
    if !tools_present() {
        return;
    }
    let dir = temporary("crash");
    let mut window = Window::open(&dir);
    window.key("exclam");
    let (status, stderr) = window.wait_for_exit();
    assert_eq!(status.code(), Some(101), "{stderr}");
    assert!(stderr.contains("the game crashed"), "{stderr}");
    assert!(stderr.contains("--rng-seed 7"), "{stderr}");
    assert!(!stderr.contains("cannot open a window"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigterm_ends_the_window_game_saved() {
    if !tools_present() {
        return;
    }
    let dir = temporary("term");
    let mut window = Window::open(&dir);
    window.key("period");
    let journal = dir.join("save.umbra");
    wait_for(
        "the key press in the journal",
        Duration::from_secs(30),
        || {
            let recording = History::read(&journal).ok()?;
            (recording.actions.len() == 1).then_some(())
        },
    );
    let pid = window.game().id().to_string();
    let killed = Command::new("kill").args(["-TERM", &pid]).status();
    assert!(killed.is_ok_and(|status| status.success()));
    let (status, stderr) = window.wait_for_exit();
    assert_eq!(status.code(), Some(143), "{stderr}");
    assert_eq!(saved_turn(&dir), 1);
    let _ = std::fs::remove_dir_all(&dir);
}
