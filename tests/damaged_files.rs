//! Damaged and hostile saves and recordings, one table each. Every one gets a clear message and
//! is kept (set aside, or left exactly where it was), with no panic, no hang and bounded memory.
//!
//! Some rows need files the game never writes: intact checksums around invalid contents. They
//! are built here from the documented layout of a journal (see `src/storage/journal.rs`):
//! tag, format version, header length, header CRC, header (postcard), then five-byte records
//! of an action code and a CRC chained from the previous one.

mod common;

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::os::unix::net::UnixListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use common::tmux::TempDir;
use coord_2d::UCoord;
use serde::Serialize;
use umbra::app::Notice;
use umbra::cli::{self, Parsed};
use umbra::session;
use umbra::storage::{Recording, SaveSlot};
use umbra::{Game, GameOptions};

const RULES_VERSION: u32 = umbra::game::RULES_VERSION;
const FORMAT_VERSION: u32 = 2;
/// Far longer than any row needs: a row still running then is hanging.
const DEADLINE: Duration = Duration::from_secs(10);

#[derive(Serialize)]
struct Header {
    rules_version: u32,
    seed: u64,
    options: GameOptions,
}

/// A journal with intact checksums, whatever it says.
fn journal_with(header_payload: &[u8], codes: &[u8]) -> Vec<u8> {
    let sum = crc32fast::hash(header_payload);
    let mut bytes = b"UMBRAJNL".to_vec();
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&(header_payload.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes.extend_from_slice(header_payload);
    let mut chain = sum;
    for &code in codes {
        let mut hasher = crc32fast::Hasher::new_with_initial(chain);
        hasher.update(&[code]);
        chain = hasher.finalize();
        bytes.push(code);
        bytes.extend_from_slice(&chain.to_le_bytes());
    }
    bytes
}

fn journal(rules_version: u32, map_size: UCoord, codes: &[u8]) -> Vec<u8> {
    let header = Header {
        rules_version,
        seed: SEED,
        options: GameOptions {
            map_size,
            ..GameOptions::default()
        },
    };
    journal_with(&postcard::to_allocvec(&header).expect("encodes"), codes)
}

const SEED: u64 = 17;

/// A real save of a game still in progress: 40 waits by a player who lives through them.
fn good() -> Vec<u8> {
    (SEED..SEED + 100)
        .map(|seed| {
            let mut game = Game::new(seed, GameOptions::default());
            for _ in 0..40 {
                game.act(umbra::PlayerAction::Wait);
            }
            game
        })
        .find(|game| !game.is_over())
        .map(|game| Recording::of(&game).to_bytes())
        .expect("a seed whose player lives through 40 waits")
}

/// Byte offset of the first record in `good()`.
fn first_record() -> usize {
    good().len() - 40 * 5
}

fn flipped(mut bytes: Vec<u8>, index: usize) -> Vec<u8> {
    bytes[index] ^= 0x10;
    bytes
}

fn cut(mut bytes: Vec<u8>, length: usize) -> Vec<u8> {
    bytes.truncate(length);
    bytes
}

fn default_size() -> UCoord {
    GameOptions::default().map_size
}

/// What a damaged file should lead to.
#[derive(Debug, Clone, Copy)]
enum Expect {
    /// Renamed aside with this in the reason shown; a new game starts.
    SetAside(&'static str),
    /// Left exactly where it is; the program stops with this in its message.
    Refused(&'static str),
    /// The half-written last action is dropped; the game resumes, and says so.
    TornResumed,
}

/// What stands at the save's path in one row of the table.
enum Content {
    Bytes(Vec<u8>),
    Fifo,
    DevZero,
    Directory,
    Socket,
    Sparse(u64),
    SymlinkLoop,
}

fn save_rows() -> Vec<(&'static str, Content, Expect)> {
    use Content::*;
    use Expect::*;
    let r = first_record();
    let size = default_size();
    let g = good();
    let mut swapped = g.clone();
    swapped.copy_within(r..r + 5, r + 5 * 10);
    let mut duplicated = g.clone();
    duplicated.splice(r + 10..r + 10, g[r + 5..r + 10].iter().copied());
    let mut dropped = g.clone();
    dropped.drain(r + 50..r + 55);
    let mut appended = g.clone();
    appended.extend_from_slice(b"0123456789");
    vec![
        ("empty", Bytes(vec![]), SetAside("truncated")),
        (
            "3 bytes of the tag",
            Bytes(cut(g.clone(), 3)),
            SetAside("truncated"),
        ),
        (
            "the tag alone",
            Bytes(cut(g.clone(), 8)),
            SetAside("truncated"),
        ),
        (
            "cut in the version",
            Bytes(cut(g.clone(), 10)),
            SetAside("truncated"),
        ),
        (
            "cut in the header length",
            Bytes(cut(g.clone(), 14)),
            SetAside("truncated"),
        ),
        (
            "cut in the header sum",
            Bytes(cut(g.clone(), 18)),
            SetAside("truncated"),
        ),
        (
            "cut in the header",
            Bytes(cut(g.clone(), 22)),
            SetAside("truncated"),
        ),
        (
            "text",
            Bytes(b"hello, not a save at all".to_vec()),
            SetAside("not an Umbra file"),
        ),
        ("zeros", Bytes(vec![0; 100]), SetAside("not an Umbra file")),
        (
            "an old save format",
            Bytes(b"UMBRASAV\x01\0\0\0".to_vec()),
            SetAside("not an Umbra file"),
        ),
        (
            "a megabyte of noise",
            Bytes(noise(1 << 20)),
            SetAside("not an Umbra file"),
        ),
        (
            "format version flipped",
            Bytes(flipped(g.clone(), 8)),
            SetAside("another version"),
        ),
        (
            "format version zero",
            Bytes(journal_version_zero()),
            SetAside("another version"),
        ),
        (
            "header length flipped",
            Bytes(flipped(g.clone(), 12)),
            SetAside("damaged"),
        ),
        (
            "header length huge",
            Bytes(header_length(&g, u32::MAX)),
            SetAside("damaged"),
        ),
        (
            "header length 257",
            Bytes(header_length(&g, 257)),
            SetAside("damaged"),
        ),
        (
            "header sum flipped",
            Bytes(flipped(g.clone(), 16)),
            SetAside("damaged"),
        ),
        (
            "header byte 0 flipped",
            Bytes(flipped(g.clone(), 20)),
            SetAside("damaged"),
        ),
        (
            "header byte 2 flipped",
            Bytes(flipped(g.clone(), 22)),
            SetAside("damaged"),
        ),
        (
            "header last byte flipped",
            Bytes(flipped(g.clone(), r - 1)),
            SetAside("damaged"),
        ),
        (
            "first record code flipped",
            Bytes(flipped(g.clone(), r)),
            SetAside("damaged"),
        ),
        (
            "middle record sum flipped",
            Bytes(flipped(g.clone(), r + 5 * 20 + 2)),
            SetAside("damaged"),
        ),
        ("two records swapped", Bytes(swapped), SetAside("damaged")),
        ("a record repeated", Bytes(duplicated), SetAside("damaged")),
        ("a record missing", Bytes(dropped), SetAside("damaged")),
        ("garbage appended", Bytes(appended), SetAside("damaged")),
        (
            "map 5x5, intact sums",
            Bytes(journal(RULES_VERSION, UCoord::new(5, 5), &[4])),
            SetAside("out of range"),
        ),
        (
            "map 0x0, intact sums",
            Bytes(journal(RULES_VERSION, UCoord::new(0, 0), &[])),
            SetAside("out of range"),
        ),
        (
            "map 2000x2000, intact sums",
            Bytes(journal(RULES_VERSION, UCoord::new(2000, 2000), &[])),
            SetAside("out of range"),
        ),
        (
            "map 1000x14, intact sums",
            Bytes(journal(RULES_VERSION, UCoord::new(1000, 14), &[])),
            SetAside("out of range"),
        ),
        (
            "other rules, intact sums",
            Bytes(journal(RULES_VERSION + 1, size, &[4, 4])),
            SetAside("other rules"),
        ),
        (
            "rules version 0, intact sums",
            Bytes(journal(0, size, &[])),
            SetAside("other rules"),
        ),
        (
            "unknown action, intact sums",
            Bytes(journal(RULES_VERSION, size, &[4, 9, 4])),
            SetAside("unknown action"),
        ),
        (
            "header with bytes to spare",
            Bytes(header_with_spare_bytes()),
            SetAside("to spare"),
        ),
        (
            "empty header, intact sum",
            Bytes(journal_with(&[], &[])),
            SetAside("valid game"),
        ),
        (
            "header of noise, intact sum",
            Bytes(journal_with(&[0xff; 40], &[])),
            SetAside("valid game"),
        ),
        (
            "last record cut short",
            Bytes(cut(g.clone(), g.len() - 2)),
            TornResumed,
        ),
        (
            "last record's sum wrong",
            Bytes(flipped(g.clone(), g.len() - 1)),
            TornResumed,
        ),
        ("a FIFO", Fifo, Refused("a FIFO")),
        ("a link to /dev/zero", DevZero, Refused("a device")),
        ("a directory", Directory, Refused("a directory")),
        ("a socket", Socket, Refused("a socket")),
        (
            "a 10 GiB sparse file",
            Sparse(10 << 30),
            Refused("more than any Umbra file"),
        ),
        (
            "a 65 MiB sparse file",
            Sparse(65 << 20),
            Refused("more than any Umbra file"),
        ),
        (
            "a symbolic link loop",
            SymlinkLoop,
            Refused("symbolic links"),
        ),
    ]
}

/// Bytes from a fixed sequence, so the test needs no randomness of its own.
fn noise(length: usize) -> Vec<u8> {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    (0..length)
        .map(|_| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            (state >> 56) as u8
        })
        .collect()
}

fn header_length(bytes: &[u8], length: u32) -> Vec<u8> {
    let mut bytes = bytes.to_vec();
    bytes[12..16].copy_from_slice(&length.to_le_bytes());
    bytes
}

fn journal_version_zero() -> Vec<u8> {
    let mut bytes = good();
    bytes[8..12].copy_from_slice(&0u32.to_le_bytes());
    bytes
}

fn header_with_spare_bytes() -> Vec<u8> {
    let header = Header {
        rules_version: RULES_VERSION,
        seed: SEED,
        options: GameOptions::default(),
    };
    let mut payload = postcard::to_allocvec(&header).expect("encodes");
    payload.push(0);
    journal_with(&payload, &[])
}

/// Puts `content` at `path`.
fn place(content: &Content, path: &Path) -> Option<UnixListener> {
    match content {
        Content::Bytes(bytes) => fs::write(path, bytes).expect("written"),
        Content::Fifo => {
            let made = Command::new("mkfifo").arg(path).status().expect("mkfifo");
            assert!(made.success());
        }
        Content::DevZero => symlink("/dev/zero", path).expect("link"),
        Content::Directory => fs::create_dir(path).expect("directory"),
        Content::Socket => return Some(UnixListener::bind(path).expect("socket")),
        Content::Sparse(length) => fs::File::create(path)
            .and_then(|file| file.set_len(*length))
            .expect("sparse file"),
        Content::SymlinkLoop => symlink(path, path).expect("loop"),
    }
    None
}

/// What a path holds, to check it was left alone: the kind of file, and its bytes if small.
fn fingerprint(path: &Path) -> String {
    let Ok(metadata) = fs::symlink_metadata(path) else {
        return "nothing".into();
    };
    let kind = format!("{:?} {}", metadata.file_type(), metadata.len());
    if metadata.is_file() && metadata.len() < (2 << 20) {
        format!(
            "{kind} {:?}",
            crc32fast::hash(&fs::read(path).expect("readable"))
        )
    } else {
        kind
    }
}

/// Runs `body` on another thread; a hang fails the test instead of stalling it.
fn within_time<T: Send + 'static>(what: &str, body: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || sender.send(body()));
    receiver
        .recv_timeout(DEADLINE)
        .unwrap_or_else(|_| panic!("{what}: no answer within {DEADLINE:?} (a hang?)"))
}

fn open_args() -> cli::Args {
    match cli::parse(Vec::<String>::new()) {
        Ok(Parsed::Play(args)) => args,
        _ => panic!("no arguments parse"),
    }
}

fn check_save_row(name: &str, content: &Content, expect: Expect) {
    let dir = TempDir::new("damaged-save");
    let path = dir.0.join("save.umbra");
    let _socket = place(content, &path);
    let before = fingerprint(&path);
    let slot_dir = dir.0.clone();
    let result = within_time(name, move || {
        let slot = SaveSlot::in_dir(&slot_dir);
        session::open_game(&open_args(), Some(&slot), || 5, Default::default())
            .map(|opened| (opened.resumed, opened.notices))
            .map_err(|error| error.to_string())
    });
    match (expect, result) {
        (Expect::SetAside(reason), Ok((false, notices))) => {
            let [
                Notice::SetAside {
                    aside,
                    reason: said,
                    ..
                },
            ] = &notices[..]
            else {
                panic!("{name}: expected a set-aside notice, got {notices:?}");
            };
            assert!(said.contains(reason), "{name}: {said}");
            assert_eq!(fingerprint(aside), before, "{name}: kept as it was");
        }
        (Expect::Refused(reason), Err(message)) => {
            assert!(message.contains(reason), "{name}: {message}");
            assert!(message.contains("left untouched"), "{name}: {message}");
            assert!(!message.contains('\n'), "{name}: one line: {message}");
            assert_eq!(fingerprint(&path), before, "{name}: left where it was");
        }
        (Expect::TornResumed, Ok((true, notices))) => {
            assert_eq!(notices, vec![Notice::TornTail], "{name}");
        }
        (expect, result) => panic!("{name}: expected {expect:?}, got {result:?}"),
    }
}

#[test]
fn every_damaged_or_hostile_save_is_reported_and_kept() {
    let rows = save_rows();
    assert!(rows.len() >= 40, "{} rows", rows.len());
    for (name, content, expect) in &rows {
        check_save_row(name, content, *expect);
    }
}

fn recording_rows() -> Vec<(&'static str, Content, &'static str)> {
    use Content::*;
    let r = first_record();
    let g = good();
    let size = default_size();
    vec![
        ("empty", Bytes(vec![]), "truncated"),
        (
            "text",
            Bytes(b"not a recording".to_vec()),
            "not an Umbra file",
        ),
        ("the tag alone", Bytes(cut(g.clone(), 8)), "truncated"),
        ("cut in the header", Bytes(cut(g.clone(), 21)), "truncated"),
        (
            "format version flipped",
            Bytes(flipped(g.clone(), 9)),
            "another version",
        ),
        (
            "header sum flipped",
            Bytes(flipped(g.clone(), 17)),
            "damaged",
        ),
        ("header flipped", Bytes(flipped(g.clone(), 21)), "damaged"),
        (
            "middle record flipped",
            Bytes(flipped(g.clone(), r + 5 * 7)),
            "damaged",
        ),
        (
            "garbage appended",
            Bytes([g.clone(), noise(12)].concat()),
            "damaged",
        ),
        (
            "map 5x5, intact sums",
            Bytes(journal(RULES_VERSION, UCoord::new(5, 5), &[])),
            "out of range",
        ),
        (
            "other rules, intact sums",
            Bytes(journal(RULES_VERSION + 3, size, &[])),
            "other rules",
        ),
        (
            "unknown action, intact sums",
            Bytes(journal(RULES_VERSION, size, &[200])),
            "unknown action",
        ),
        ("a FIFO", Fifo, "a FIFO"),
        ("a link to /dev/zero", DevZero, "a device"),
        ("a directory", Directory, "a directory"),
        ("a socket", Socket, "a socket"),
        (
            "a 10 GiB sparse file",
            Sparse(10 << 30),
            "more than any Umbra file",
        ),
        ("a symbolic link loop", SymlinkLoop, "symbolic links"),
    ]
}

/// The binary under a 512 MiB address-space limit and a deadline: a file read whole into memory,
/// or a read that never ends, fails the row.
fn umbra_bounded(args: &[&str], user: Option<&str>) -> (Option<i32>, String) {
    let mut command = Command::new("prlimit");
    command.arg("--as=536870912");
    if let Some(user) = user {
        command.args([
            "setpriv",
            "--reuid",
            user,
            "--regid",
            user,
            "--clear-groups",
        ]);
    }
    let mut child = command
        .arg(env!("CARGO_BIN_EXE_umbra"))
        .args(args)
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("prlimit runs the game");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waitable") {
            break status;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            panic!("{args:?}: still running after {DEADLINE:?} (a hang?)");
        }
        thread::sleep(Duration::from_millis(10));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        use std::io::Read;
        pipe.read_to_string(&mut stderr).expect("stderr");
    }
    (status.code(), stderr)
}

fn check_one_line_refusal(name: &str, code: Option<i32>, stderr: &str, reason: &str) {
    assert_eq!(code, Some(1), "{name}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{name}: one line: {stderr}");
    assert!(stderr.contains(reason), "{name}: {stderr}");
    assert!(!stderr.contains("panicked"), "{name}: {stderr}");
}

#[test]
fn every_damaged_or_hostile_recording_is_refused_in_one_line_and_kept() {
    let rows = recording_rows();
    assert!(rows.len() >= 15, "{} rows", rows.len());
    for (name, content, reason) in &rows {
        let dir = TempDir::new("damaged-recording");
        let path = dir.0.join("game.rec");
        let _socket = place(content, &path);
        let before = fingerprint(&path);
        let file = path.to_str().expect("UTF-8");
        let (code, stderr) = umbra_bounded(&["--replay", file, "--headless"], None);
        check_one_line_refusal(name, code, &stderr, reason);
        assert!(stderr.contains("cannot replay"), "{name}: {stderr}");
        assert_eq!(fingerprint(&path), before, "{name}: left where it was");
    }
}

/// A directory and file that only root can read, for a game run as `nobody` (65534); or, when the
/// tests do not run as root, simply unreadable to us.
fn unreadable_to_player(dir: &Path, name: &str) -> (PathBuf, Option<&'static str>) {
    fs::set_permissions(dir, fs::Permissions::from_mode(0o777)).expect("chmod dir");
    let path = dir.join(name);
    fs::write(&path, good()).expect("written");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).expect("chmod file");
    let privileged = fs::read(&path).is_ok();
    (path, privileged.then_some("65534"))
}

#[test]
fn a_save_or_recording_without_read_permission_is_reported_and_left_untouched() {
    let dir = TempDir::new("permission");
    let (save, user) = unreadable_to_player(&dir.0, "save.umbra");
    let before = fingerprint(&save);
    let save_dir = dir.0.to_str().expect("UTF-8");
    let (code, stderr) = umbra_bounded(&["--terminal", "--save-dir", save_dir], user);
    check_one_line_refusal("save", code, &stderr, "Permission denied");
    assert!(stderr.contains("left untouched"), "{stderr}");
    assert_eq!(fingerprint(&save), before);
    assert!(fs::symlink_metadata(dir.0.join("save.umbra.unreadable")).is_err());
    let (recording, user) = unreadable_to_player(&dir.0, "game.rec");
    let file = recording.to_str().expect("UTF-8");
    let (code, stderr) = umbra_bounded(&["--replay", file, "--headless"], user);
    check_one_line_refusal("recording", code, &stderr, "Permission denied");
}

#[test]
fn a_recording_never_replaces_a_device_or_the_save() {
    let dir = TempDir::new("record-target");
    let save_dir = dir.0.to_str().expect("UTF-8");
    let journal = dir.0.join("save.umbra");
    let journal = journal.to_str().expect("UTF-8");
    for (target, reason) in [
        ("/dev/null", "not a regular file"),
        (journal, "belongs to the save"),
        (save_dir, "not a regular file"),
    ] {
        let before = fingerprint(Path::new(target));
        let args = ["--terminal", "--save-dir", save_dir, "--record", target];
        let (code, stderr) = umbra_bounded(&args, None);
        check_one_line_refusal(target, code, &stderr, reason);
        assert_eq!(fingerprint(Path::new(target)), before, "{target}");
    }
}
