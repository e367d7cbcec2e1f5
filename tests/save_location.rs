//! Save locations that cannot hold a save, or stop holding one mid-game, and two copies of the
//! game on one save: each found and said at once, and nothing that was saved is lost.

mod common;

use std::path::Path;
use std::process::Command;

use common::play::{new_game, play, resumed_turn, walk_to_a_wall};
use common::tmux::{KEY, TempDir, shows_turn, tmux_installed};

/// The binary, run directly with no terminal: what it says about the save before any play.
fn refused(save_dir: &Path) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_umbra"))
        .args(["--terminal", "--save-dir"])
        .arg(save_dir)
        .env("TERM", "xterm")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), stderr)
}

#[test]
fn a_second_copy_on_the_same_save_is_turned_away() {
    if !tmux_installed() {
        return;
    }
    let save = TempDir::new("second");
    let session = new_game(&save.0);
    let (code, stderr) = refused(&save.0);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("in use by another Umbra"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    session.send(".");
    session.wait_for_screen("the first copy still plays", KEY, shows_turn(1));
}

/// Runs `command` as root's shell would; false if it cannot (no privilege, no such tool).
fn try_run(command: &str, args: &[&str]) -> bool {
    Command::new(command)
        .args(args)
        .output()
        .is_ok_and(|output| output.status.success())
}

/// Mounting needs root; under CI (root on Debian) these tests must run.
fn can_mount(dir: &Path) -> bool {
    let dir = dir.to_str().expect("UTF-8");
    let mounted = try_run("mount", &["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir]);
    if mounted {
        try_run("umount", &[dir]);
    } else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI runs as root and must be able to mount a tmpfs"
        );
        eprintln!("skipping: cannot mount a tmpfs here (not root?)");
    }
    mounted
}

#[test]
fn an_unusable_save_location_is_reported_before_play() {
    let place = TempDir::new("unusable");
    let file = place.0.join("a-file");
    std::fs::write(&file, "not a directory").expect("written");
    let (code, stderr) = refused(&file);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("is not a directory"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let mount = place.0.join("read-only");
    std::fs::create_dir_all(&mount).expect("mount point");
    if !can_mount(&mount) {
        return;
    }
    let point = mount.to_str().expect("UTF-8");
    assert!(try_run(
        "mount",
        &["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", point]
    ));
    let (code, stderr) = refused(&mount.join("save"));
    try_run("umount", &[point]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("Read-only file system"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// The disk fills up mid-game: the player is told at once, on screen; what was saved before
/// stays saved; once there is room again the save catches up; and the exit code says that
/// saving failed at some point.
#[test]
fn a_full_disk_mid_game_is_reported_on_screen_and_loses_nothing_saved() {
    if !tmux_installed() {
        return;
    }
    let place = TempDir::new("full");
    if !can_mount(&place.0) {
        return;
    }
    let point = place.0.to_str().expect("UTF-8");
    assert!(try_run(
        "mount",
        &["-t", "tmpfs", "-o", "size=256k", "tmpfs", point]
    ));
    let save = place.0.join("save");
    let session = new_game(&save);
    let (walk, bump) = walk_to_a_wall();
    let turn = play(&session, &walk);
    let filler = place.0.join("filler");
    // dd stops with "No space left on device": the disk is full.
    let _ = Command::new("dd")
        .args(["if=/dev/zero", "bs=4096"])
        .arg(format!("of={}", filler.display()))
        .output();
    session.send(&bump.repeat(1200));
    session.wait_for_screen("the save failure on screen", KEY, |s| {
        s.contains("could not be saved")
    });
    // Keys are handled in order: once the wait's turn is on screen, so are the bumps before it.
    session.send(&bump.repeat(5));
    session.send(".");
    session.wait_for_screen("a turn taken with the disk full", KEY, shows_turn(turn + 1));
    let screen = session.screen();
    assert_eq!(
        screen.matches("could not be saved").count(),
        1,
        "said once, not once a turn:\n{screen}"
    );
    std::fs::remove_file(&filler).expect("room made");
    session.send(bump);
    session.wait_for_screen("the recovery on screen", KEY, |s| {
        s.contains("being saved again")
    });
    session.send("q");
    let code = session.wait_for_exit();
    let stderr = session.read("stderr");
    drop(session);
    let resumed = resumed_turn(&save);
    try_run("umount", &[point]);
    assert_eq!(
        code, 1,
        "a failure to save exits non-zero; stderr: {stderr}"
    );
    assert!(stderr.contains("No space left on device"), "{stderr}");
    assert_eq!(
        resumed,
        turn + 1,
        "the turn taken while the disk was full is saved"
    );
}
