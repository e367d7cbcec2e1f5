//! Nothing lost, round two: a score file naming a monster the tables lack, a run's end killed
//! part way, a start refused for its terminal, the leftovers of a kill and a crafted recording
//! for the viewer, each met through the built binary (or the session's public API) as a player
//! or a hostile user would meet them.

mod common;

use std::fs;
use std::path::Path;
use std::time::Duration;

use common::tmux::{STARTUP, Session, TempDir, quoted, tmux_installed, wait_for};
use common::umbra;
use coord_2d::UCoord;
use umbra::storage::{RecordingFile, runs};
use umbra_rules::game::{Boon, History};

/// A high-score file of one run killed by monster kind `kind`, as format `version` lays it out
/// (postcard: a count, then the entry's numbers, its ending, its boons; 3 adds the last run
/// entered), in the checked envelope every Umbra file shares.
fn score_file(version: u32, kind: u8) -> Vec<u8> {
    let mut payload = vec![1, 100, 5, 3, 50, 7, 0, 1, kind];
    payload.extend(vec![0; Boon::ALL.len()]);
    if version == 3 {
        payload.push(0);
    }
    let mut bytes = b"UMBRASCO".to_vec();
    bytes.extend_from_slice(&version.to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
    bytes.extend_from_slice(&payload);
    bytes
}

/// strace, which the kill-at-a-step and fsync tests run the game under; CI installs it.
fn strace_installed() -> bool {
    common::tmux::tool_installed("strace", "the tests that kill at a system call")
}

/// How many turns the player who only waits may take to die: the doomed seed is the first whose
/// waiting player dies within them, whatever the rules make of any one seed.
const DOOMED_WITHIN: u32 = 300;

/// The seed of a run its waiting player loses (see `common::doomed_seed`).
fn doomed() -> u64 {
    common::doomed_seed(DOOMED_WITHIN)
}

/// The doomed seed's game in a pane under `wrapper` (strace), its map shown.
fn doomed_under(wrapper: &str, save: &Path) -> Session {
    let dir = save.to_str().expect("UTF-8");
    let seed = doomed().to_string();
    let args = ["--save-dir", dir, "--rng-seed", &seed];
    let launch = common::tmux::Launch {
        args: &args,
        prefix: "",
        wrapper,
    };
    let session = Session::start("under-strace", &launch);
    session.wait_for_screen("the map", STARTUP, |s| s.contains("Turn "));
    session
}

fn scores_of(dir: &Path) -> std::process::Output {
    umbra(&["--scores", "--save-dir", dir.to_str().expect("UTF-8")])
}

#[test]
fn a_score_entry_naming_a_monster_the_tables_lack_is_refused_in_words_never_a_crash() {
    for version in [2, 3] {
        let dir = TempDir::new("unknown-kind");
        let path = runs::scores_path(&dir.0);
        let known = u8::try_from(umbra_rules::content::NpcKind::all().len()).expect("few kinds");
        fs::write(&path, score_file(version, known - 1)).expect("written");
        let out = scores_of(&dir.0);
        assert_eq!(
            out.status.code(),
            Some(0),
            "the last kind there is is shown"
        );
        for kind in [known, 200, 255] {
            let bytes = score_file(version, kind);
            fs::write(&path, &bytes).expect("written");
            let out = scores_of(&dir.0);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "kind {kind}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "kind {kind}: {stderr}");
            assert!(
                stderr.contains("a monster kind its bestiary does not have"),
                "{stderr}"
            );
            assert_eq!(fs::read(&path).expect("kept"), bytes, "left as it was");
        }
        // A death with that table in place: set aside in words, a new table begun.
        let app = common::finished::app_in(&dir.0, &["#######", "#@T...#", "#######"]);
        let app = die(app);
        let aside = dir.0.join("scores.umbra.unreadable");
        assert_eq!(
            fs::read(aside).expect("set aside"),
            score_file(version, 255)
        );
        let table = runs::read_scores(&dir.0).expect("a new table").table;
        assert_eq!(table.entries().len(), 1, "the death is entered");
        let screen = common::screen::render_at(&app, UCoord::new(100, 40)).text();
        assert!(
            screen.contains("could not be read"),
            "the player is told: {screen}"
        );
    }
}

fn die(mut app: umbra::app::GameApp) -> umbra::app::GameApp {
    for _ in 0..200 {
        if app.game().is_over() {
            break;
        }
        common::press_on(
            &mut app,
            UCoord::new(100, 40),
            chargrid::input::KeyboardInput::Char('.'),
        );
    }
    assert!(app.game().is_over(), "the troll kills a waiting player");
    app
}

#[test]
fn a_score_file_with_bytes_cut_from_its_header_is_called_damaged() {
    let dir = TempDir::new("cut-header");
    let bytes = score_file(3, 0);
    fs::write(
        runs::scores_path(&dir.0),
        [&bytes[..9], &bytes[11..]].concat(),
    )
    .expect("written");
    let out = scores_of(&dir.0);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("damaged"), "{stderr}");
    assert!(!stderr.contains("another version"), "{stderr}");
}

/// The game of `umbra --save-dir DIR` as the binary opens it (a new game's seed is 0, which
/// is never the doomed seed).
fn opened_in(dir: &Path) -> umbra::app::GameApp {
    let Ok(umbra::cli::Parsed::Play(args)) =
        umbra::cli::parse(["--save-dir", dir.to_str().expect("UTF-8")])
    else {
        panic!("arguments parse")
    };
    let slot = umbra::storage::SaveSlot::in_dir(dir);
    let opened = umbra::session::open_game(&args, Some(&slot), || 0, umbra::session::reporting().0)
        .expect("opens");
    umbra::app::GameApp::new(opened.game).with_keeper(opened.keeper)
}

/// The doomed seed played by waiting in a pane, under strace set to kill the game (SIGKILL) at the first
/// of `calls` that names `path`: a kill at that exact step of the run's end.
fn play_to_death_killed_at(save: &Path, path: &Path, calls: &str) {
    let wrapper = format!(
        "strace -f -qq -o /dev/null -P {} -e trace={calls} -e inject={calls}:signal=KILL",
        quoted(path)
    );
    let session = doomed_under(&wrapper, save);
    let code = wait_for("the game to die and be killed", STARTUP * 6, || {
        session.send(".");
        std::thread::sleep(Duration::from_millis(20));
        session.exit_code()
    });
    assert_eq!(
        code,
        128 + 9,
        "killed at {}: {}",
        path.display(),
        session.read("stderr")
    );
}

const RENAMES: &str = "rename,renameat,renameat2";
const UNLINKS: &str = "unlink,unlinkat";

/// Wherever a kill lands in a run's end (its run number reserved, recording, morgue, score,
/// the save's removal, the mark's removal), the next start finishes the run once: one score
/// line, one run number, a morgue beside its recording, no save left.
#[test]
fn a_run_ended_by_a_kill_at_any_step_of_its_end_is_kept_once() {
    if !tmux_installed() || !strace_installed() {
        return;
    }
    let seed = doomed();
    let run = format!("run-0001-seed-{seed}");
    let (recording, morgue) = (format!("{run}.umbra"), format!("{run}.txt"));
    let steps = [
        ("save.ending", RENAMES),
        (recording.as_str(), RENAMES),
        (morgue.as_str(), RENAMES),
        ("scores.umbra", RENAMES),
        ("save.umbra", UNLINKS),
        ("save.ending", UNLINKS),
    ];
    for (name, calls) in steps {
        let save = TempDir::new("end-killed");
        play_to_death_killed_at(&save.0, &save.0.join(name), calls);
        let app = opened_in(&save.0);
        let step = format!("killed at {calls} of {name}");
        let scores = runs::read_scores(&save.0).expect("a table").table;
        let of_the_run: Vec<_> = scores.entries().iter().filter(|e| e.seed == seed).collect();
        assert_eq!(
            of_the_run.len(),
            1,
            "{step}: one score line: {:?}",
            scores.entries()
        );
        let morgues = common::finished::files_named(&save.0, ".txt");
        let recordings = common::finished::files_named(&save.0, ".umbra");
        let stems = |paths: &[std::path::PathBuf]| -> Vec<String> {
            let stem =
                |p: &std::path::PathBuf| p.file_stem().map(|s| s.to_string_lossy().into_owned());
            paths.iter().filter_map(stem).collect()
        };
        assert_eq!(
            stems(&morgues),
            std::slice::from_ref(&run),
            "{step}: {morgues:?}"
        );
        assert_eq!(
            stems(&recordings),
            std::slice::from_ref(&run),
            "{step}: {recordings:?}"
        );
        let recorded = History::read(&recordings[0]).expect("a whole recording");
        assert!(
            recorded.play_to_end().is_over(),
            "{step}: the recording holds the death"
        );
        assert!(
            !save.0.join("save.ending").exists(),
            "{step}: the end's mark is gone"
        );
        if app.game().seed() == seed {
            // The save outlived the kill: the start shows the death and then lets it go.
            assert!(app.game().is_over(), "{step}");
            assert!(
                !save.0.join("save.umbra").exists(),
                "{step}: the save is gone"
            );
        } else {
            // The save was gone already: a new game (seed 0) begins.
            assert_eq!((app.game().seed(), app.game().turn()), (0, 0), "{step}");
        }
    }
}

/// The game's own leftovers in `dir`, as a kill mid-write leaves them, and things that are not
/// its own beside them.
fn plant_leftovers(dir: &Path) {
    fs::write(dir.join(".umbra-Xa3bQ9.tmp"), vec![0; 4096]).expect("planted");
    fs::write(dir.join(".umbra-probe-k2Jd8s"), b"umbra").expect("planted");
    fs::write(dir.join("notes.tmp"), b"the player's").expect("planted");
    fs::create_dir(dir.join(".umbra-folder.tmp")).expect("planted");
}

fn leftovers_gone(dir: &Path) {
    assert!(
        !dir.join(".umbra-Xa3bQ9.tmp").exists(),
        "a temporary file is removed"
    );
    assert!(
        !dir.join(".umbra-probe-k2Jd8s").exists(),
        "a probe is removed"
    );
    assert!(
        dir.join("notes.tmp").exists(),
        "a file not named as ours stays"
    );
    assert!(dir.join(".umbra-folder.tmp").is_dir(), "a directory stays");
}

/// A start refused for its terminal or display writes, renames and deletes nothing: the damaged
/// save stays where it was and the leftovers with it. The next real start names the save on
/// its first screen, sets it aside and clears the leftovers.
#[test]
fn a_start_refused_for_its_terminal_touches_nothing_and_the_next_names_the_damaged_save() {
    if !tmux_installed() {
        return;
    }
    let save = TempDir::new("refused-start");
    let journal = save.0.join("save.umbra");
    fs::write(&journal, b"UMBRA").expect("a damaged save");
    plant_leftovers(&save.0);
    // The lock is taken before the save is read (so no other Umbra writes it meanwhile), and
    // its empty file stays for every later start: the one name a refused start may leave.
    let listing = || {
        let mut names: Vec<_> = fs::read_dir(&save.0)
            .expect("listed")
            .map(|e| e.expect("an entry").file_name())
            .filter(|name| name != "save.lock")
            .collect();
        names.sort();
        names
    };
    let before = listing();
    let dir = save.0.to_str().expect("UTF-8");
    for (frontend, term) in [("--terminal", "dumb"), ("--graphical", "xterm")] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_umbra"))
            .args([frontend, "--save-dir", dir])
            .env("TERM", term)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(std::process::Stdio::null())
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{frontend}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{frontend}: {stderr}");
        assert_eq!(
            listing(),
            before,
            "{frontend}: nothing written, renamed or removed"
        );
        assert_eq!(fs::read(&journal).expect("kept"), b"UMBRA", "{frontend}");
    }
    let session = Session::start("next-start", &common::play::launch(&["--save-dir", dir]));
    session.wait_for_screen("the notice", STARTUP, |s| {
        s.contains("Your save could not be read: it is truncated.")
    });
    assert_eq!(
        fs::read(save.0.join("save.umbra.unreadable")).expect("aside"),
        b"UMBRA"
    );
    leftovers_gone(&save.0);
}

/// Only the game's own temporary names go, and a link among them goes as a link: what it points
/// at is never touched.
#[test]
fn a_start_removes_its_own_temporary_files_and_nothing_else() {
    let save = TempDir::new("leftovers");
    let elsewhere = TempDir::new("leftovers-target");
    plant_leftovers(&save.0);
    let target = elsewhere.0.join("precious");
    fs::write(&target, b"not the game's").expect("written");
    std::os::unix::fs::symlink(&target, save.0.join(".umbra-link.tmp")).expect("linked");
    let app = opened_in(&save.0);
    assert_eq!(app.game().turn(), 0, "a new game starts");
    leftovers_gone(&save.0);
    assert!(
        fs::symlink_metadata(save.0.join(".umbra-link.tmp")).is_err(),
        "the link goes"
    );
    assert_eq!(fs::read(&target).expect("kept"), b"not the game's");
}

/// Every rename that commits a file of the save directory (the save, the mark of a run's end,
/// its recording and morgue, the scores), and the save's removal at the end, is followed by
/// an fsync of the directory: without it a power cut can undo the rename after the file's data
/// was synced. Read from strace's log of a whole game, from the first key to the death.
#[test]
fn the_save_directory_is_synced_after_each_rename_and_the_saves_removal() {
    if !tmux_installed() || !strace_installed() {
        return;
    }
    let save = TempDir::new("dir-sync");
    let log = TempDir::new("dir-sync-log");
    let log_file = log.0.join("strace.log");
    let wrapper = format!(
        "strace -f -y -qq -o {} -e trace=rename,renameat,renameat2,unlink,unlinkat,fsync,fdatasync",
        quoted(&log_file)
    );
    let session = doomed_under(&wrapper, &save.0);
    let dir = save.0.to_str().expect("UTF-8");
    wait_for("the death", STARTUP * 6, || {
        session.send(".");
        std::thread::sleep(Duration::from_millis(20));
        session.screen().contains("You died").then_some(())
    });
    let code = wait_for("the game to quit", STARTUP, || {
        session.send("q");
        std::thread::sleep(Duration::from_millis(50));
        session.exit_code()
    });
    assert_eq!(code, 0, "{}", session.read("stderr"));
    let log = fs::read_to_string(&log_file).expect("strace's log");
    let quoted_in_dir = format!("\"{dir}/");
    let synced = format!("<{dir}>)");
    // The change waiting for the directory's fsync, and those the next change found unsynced.
    let mut waiting: Option<String> = None;
    let mut unsynced = Vec::new();
    let mut checked = 0;
    for line in log.lines() {
        let committed = (line.contains("rename") || line.contains("unlink"))
            && line.trim_end().ends_with("= 0")
            && line
                .rsplit(&quoted_in_dir)
                .next()
                .is_some_and(|rest| rest != line);
        let names_ours = |name: &str| line.contains(&format!("{dir}/{name}\""));
        let rename_of_ours = line.contains("rename") && !names_ours(".umbra-probe");
        if committed && (rename_of_ours || names_ours("save.umbra")) {
            unsynced.extend(waiting.replace(line.to_string()));
            checked += 1;
        }
        if line.contains("fsync(") && line.contains(&synced) {
            waiting = None;
        }
    }
    unsynced.extend(waiting);
    assert!(
        checked >= 6,
        "the start, the mark, recording, morgue, scores and removal: {log}"
    );
    assert!(
        unsynced.is_empty(),
        "not followed by the directory's fsync: {unsynced:#?}"
    );
}
