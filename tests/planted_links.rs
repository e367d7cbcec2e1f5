//! Nobody else's files are touched through the save directory: a link planted there in place of
//! the lock, the journal or the snapshot is never followed, and what the game creates there is
//! its owner's alone whatever the umask (a directory others can write is one they can plant
//! links in). Checked as the user running the tests and, where the tests run as root (always
//! under CI), as `nobody`.

mod common;

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::Path;
use std::process::Command;

use common::tmux::TempDir;
use umbra::storage::SaveSlot;
use umbra_rules::{Game, GameOptions, PlayerAction};

/// The variable that tells this binary's helper test where to make a save, under the umask its
/// parent set.
const CHILD_SAVE_DIR: &str = "UMBRA_TEST_PRIVATE_SAVE_DIR";
/// `nobody`'s user and group ids on Debian (the group's name is `nogroup` there).
const NOBODY: &str = "65534";

#[test]
fn a_lock_planted_as_a_link_is_refused_and_nothing_is_created_through_it() {
    let save = TempDir::new("planted-lock");
    let elsewhere = TempDir::new("planted-lock-target");
    let target = elsewhere.0.join("made-through-the-link");
    symlink(&target, save.0.join("save.lock")).expect("link");
    let error = SaveSlot::in_dir(&save.0)
        .claim()
        .expect_err("a planted lock is refused");
    let message = error.to_string();
    assert!(message.contains("symbolic link"), "{message}");
    assert!(!message.contains('\n'), "one line: {message}");
    assert!(!target.exists(), "the link was followed");
}

#[test]
fn a_snapshot_planted_as_a_link_is_neither_read_nor_written_through() {
    let save = TempDir::new("planted-snapshot");
    let elsewhere = TempDir::new("planted-snapshot-target");
    let target = elsewhere.0.join("someone-elses-file");
    fs::write(&target, b"not yours").expect("written");
    {
        let slot = SaveSlot::in_dir(&save.0).claim().expect("claimed");
        let game = Game::new(3, GameOptions::default());
        slot.start(&game).expect("started");
    }
    symlink(&target, save.0.join("save.snapshot")).expect("link");
    let slot = SaveSlot::in_dir(&save.0).claim().expect("claimed");
    let mut saved = slot.load().expect("the journal loads").expect("a game");
    for _ in 0..3 {
        saved.game.act(PlayerAction::Wait);
        saved.writer.record(&saved.game).expect("recorded");
    }
    saved
        .writer
        .close(&saved.game)
        .expect("closed with a snapshot");
    assert_eq!(fs::read(&target).expect("still there"), b"not yours");
    let snapshot = fs::symlink_metadata(save.0.join("save.snapshot")).expect("a snapshot");
    assert!(
        snapshot.is_file(),
        "the link was replaced by a file of the save's own"
    );
}

#[test]
fn what_a_save_creates_is_its_owners_alone_whatever_the_umask() {
    let parent = TempDir::new("private-save");
    check_private_save(&parent.0.join("as-me"), None);
    if !can_run_as_nobody() {
        return;
    }
    // `nobody` makes its save in a directory it may write, with this binary run from wherever
    // the build put it (which nobody may not be able to reach): a copy in the same place.
    fs::set_permissions(&parent.0, fs::Permissions::from_mode(0o777)).expect("opened up");
    check_private_save(&parent.0.join("as-nobody"), Some(NOBODY));
}

#[test]
fn a_save_directory_that_takes_files_but_cannot_be_listed_is_refused_before_play() {
    if !can_run_as_nobody() {
        return;
    }
    let parent = TempDir::new("unlistable-save");
    fs::set_permissions(&parent.0, fs::Permissions::from_mode(0o755)).expect("reachable");
    let save = parent.0.join("save");
    fs::create_dir(&save).expect("made");
    fs::set_permissions(&save, fs::Permissions::from_mode(0o333)).expect("write-only");
    let umbra = parent.0.join("umbra");
    fs::copy(env!("CARGO_BIN_EXE_umbra"), &umbra).expect("copied");
    fs::set_permissions(&umbra, fs::Permissions::from_mode(0o755)).expect("runnable");
    let output = Command::new("setpriv")
        .args(["--reuid", NOBODY, "--regid", NOBODY, "--clear-groups"])
        .arg(&umbra)
        .arg("--save-dir")
        .arg(&save)
        .env("HOME", &parent.0)
        .output()
        .expect("runs as nobody");
    let said = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(said.contains("ermission denied"), "{said}");
    assert_eq!(said.lines().count(), 1, "one line: {said}");
}

/// Runs this binary's helper under umask 000 (as `user`, if given) to make a save in `dir`,
/// then checks the directory is 0700 and every file in it 0600.
fn check_private_save(dir: &Path, user: Option<&str>) {
    let binary = std::env::current_exe().expect("this test binary");
    let runnable = match user {
        Some(_) => {
            let copy = dir.with_extension("bin");
            fs::copy(&binary, &copy).expect("copied");
            fs::set_permissions(&copy, fs::Permissions::from_mode(0o755)).expect("runnable");
            copy
        }
        None => binary,
    };
    let mut command = Command::new("sh");
    if let Some(user) = user {
        command = Command::new("setpriv");
        command.args(["--reuid", user, "--regid", user, "--clear-groups", "sh"]);
    }
    let output = command
        .args([
            "-c",
            "umask 000 && exec \"$0\" --exact --ignored --nocapture make_a_save",
        ])
        .arg(&runnable)
        .env(CHILD_SAVE_DIR, dir)
        .output()
        .expect("the helper runs");
    assert!(
        output.status.success(),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(mode(dir), 0o700, "{}", dir.display());
    let files: Vec<_> = fs::read_dir(dir).expect("listed").collect();
    assert!(files.len() >= 2, "the lock and the journal at least");
    for file in files {
        let path = file.expect("an entry").path();
        assert_eq!(mode(&path), 0o600, "{}", path.display());
    }
}

/// Not a test on its own: run by the test above, under the umask it sets.
#[test]
#[ignore = "run by what_a_save_creates_is_its_owners_alone_whatever_the_umask"]
fn make_a_save() {
    let dir = std::env::var_os(CHILD_SAVE_DIR).expect("run by the umask test");
    let slot = SaveSlot::in_dir(Path::new(&dir)).claim().expect("claimed");
    let game = Game::new(5, GameOptions::default());
    let mut writer = slot.start(&game).expect("started");
    writer.close(&game).expect("closed with a snapshot");
}

fn mode(path: &Path) -> u32 {
    fs::symlink_metadata(path)
        .expect("there")
        .permissions()
        .mode()
        & 0o777
}

/// Only root can run Umbra as nobody: off root the check is skipped with a note, except under
/// CI, which runs as root and must make it.
fn can_run_as_nobody() -> bool {
    if is_root() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI runs as root and must check the save as nobody"
    );
    eprintln!("skipping the check as nobody: the tests do not run as root");
    false
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| output.stdout.starts_with(b"0\n"))
}
