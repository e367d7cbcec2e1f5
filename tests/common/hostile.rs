//! Damaged and hostile files for the save tests, and the tools to check how the game meets them.
//!
//! Some files are ones the game never writes: intact checksums around invalid contents. They are
//! built here from the documented layout of a journal (see `src/storage/journal.rs`): tag, format
//! version, header length, header CRC, header (postcard), then five-byte records of an action
//! code and a CRC chained from the previous one.

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::os::unix::net::UnixListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use coord_2d::UCoord;
use serde::Serialize;
use umbra::storage::RulesId;
use umbra_rules::{Game, GameOptions};

pub const FORMAT_VERSION: u32 = 5;
/// Far longer than any row needs: a row still running then is hanging.
pub const DEADLINE: Duration = Duration::from_secs(10);

#[derive(Serialize)]
pub struct Header {
    pub rules: RulesId,
    pub seed: u64,
    pub options: GameOptions,
    /// Written whole: the file must end with an end record counting its actions.
    pub whole: bool,
}

/// A journal with intact checksums, whatever it says.
pub fn journal_with(header_payload: &[u8], codes: &[u8]) -> Vec<u8> {
    // As the game sums a header: its format number and length, then the header itself.
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&FORMAT_VERSION.to_le_bytes());
    hasher.update(&(header_payload.len() as u32).to_le_bytes());
    hasher.update(header_payload);
    let sum = hasher.finalize();
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

/// This build's rules.
pub fn rules() -> RulesId {
    RulesId::current()
}

/// The rules `later` versions on, with this build's content.
pub fn other_version(later: u32) -> RulesId {
    RulesId {
        version: rules().version + later,
        ..rules()
    }
}

/// This build's rules version with other content tables.
pub fn other_content() -> RulesId {
    RulesId {
        content: rules().content ^ 1,
        ..rules()
    }
}

pub fn journal(rules: RulesId, map_size: UCoord, codes: &[u8]) -> Vec<u8> {
    let header = Header {
        rules,
        seed: SEED,
        options: GameOptions {
            map_size,
            ..GameOptions::default()
        },
        whole: false,
    };
    journal_with(&postcard::to_allocvec(&header).expect("encodes"), codes)
}

pub const SEED: u64 = 17;

/// A real save of a game still in progress: 40 waits by a player who lives through them.
pub fn good() -> Vec<u8> {
    (SEED..SEED + 100)
        .map(|seed| {
            let mut game = Game::new(seed, GameOptions::default());
            for _ in 0..40 {
                game.act(umbra_rules::PlayerAction::Wait);
            }
            game
        })
        .find(|game| !game.is_over())
        // A save's journal, as the game appends it: no end record, unlike a recording.
        .map(|game| umbra::storage::JournalCursor::whole(&game).0)
        .expect("a seed whose player lives through 40 waits")
}

/// Byte offset of the first record in `good()`.
pub fn first_record() -> usize {
    good().len() - 40 * 5
}

pub fn flipped(mut bytes: Vec<u8>, index: usize) -> Vec<u8> {
    bytes[index] ^= 0x10;
    bytes
}

pub fn cut(mut bytes: Vec<u8>, length: usize) -> Vec<u8> {
    bytes.truncate(length);
    bytes
}

pub fn default_size() -> UCoord {
    GameOptions::default().map_size
}

/// What stands at the save's path in one row of the table.
pub enum Content {
    Bytes(Vec<u8>),
    Fifo,
    DevZero,
    Directory,
    Socket,
    Sparse(u64),
    SymlinkLoop,
    /// A link to a good save kept beside it under another name.
    LinkToGoodSave,
}

/// Bytes from a fixed sequence, so the test needs no randomness of its own.
pub fn noise(length: usize) -> Vec<u8> {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    (0..length)
        .map(|_| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            (state >> 56) as u8
        })
        .collect()
}

pub fn header_length(bytes: &[u8], length: u32) -> Vec<u8> {
    let mut bytes = bytes.to_vec();
    bytes[12..16].copy_from_slice(&length.to_le_bytes());
    bytes
}

pub fn journal_version_zero() -> Vec<u8> {
    let mut bytes = good();
    bytes[8..12].copy_from_slice(&0u32.to_le_bytes());
    bytes
}

/// A journal as format 3 wrote one: its own number, and a header sum over the header alone.
pub fn journal_of_format_3() -> Vec<u8> {
    let payload = b"an older header";
    let mut bytes = b"UMBRAJNL".to_vec();
    bytes.extend_from_slice(&3u32.to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
    bytes.extend_from_slice(payload);
    bytes
}

/// A real header padded with zeros to `length` bytes, its checksum intact.
pub fn header_padded_to(length: usize) -> Vec<u8> {
    let header = Header {
        rules: rules(),
        seed: SEED,
        options: GameOptions::default(),
        whole: false,
    };
    let mut payload = postcard::to_allocvec(&header).expect("encodes");
    payload.resize(length, 0);
    journal_with(&payload, &[])
}

pub fn header_with_spare_bytes() -> Vec<u8> {
    let header = Header {
        rules: rules(),
        seed: SEED,
        options: GameOptions::default(),
        whole: false,
    };
    let mut payload = postcard::to_allocvec(&header).expect("encodes");
    payload.push(0);
    journal_with(&payload, &[])
}

/// Puts `content` at `path`.
pub fn place(content: &Content, path: &Path) -> Option<UnixListener> {
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
        Content::LinkToGoodSave => {
            let elsewhere = path.with_extension("elsewhere");
            fs::write(&elsewhere, good()).expect("written");
            symlink(&elsewhere, path).expect("link");
        }
    }
    None
}

/// What a path holds, to check it was left alone: the kind of file, and its bytes if small.
pub fn fingerprint(path: &Path) -> String {
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
pub fn within_time<T: Send + 'static>(what: &str, body: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || sender.send(body()));
    receiver
        .recv_timeout(DEADLINE)
        .unwrap_or_else(|_| panic!("{what}: no answer within {DEADLINE:?} (a hang?)"))
}

/// The binary under a 512 MiB address-space limit and a deadline: a file read whole into memory,
/// or a read that never ends, fails the row.
pub fn umbra_bounded(args: &[&str], user: Option<&str>) -> (Option<i32>, String) {
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

pub fn check_one_line_refusal(name: &str, code: Option<i32>, stderr: &str, reason: &str) {
    assert_eq!(code, Some(1), "{name}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{name}: one line: {stderr}");
    assert!(stderr.contains(reason), "{name}: {stderr}");
    assert!(!stderr.contains("panicked"), "{name}: {stderr}");
}

/// A directory and file that only root can read, for a game run as `nobody` (65534); or, when the
/// tests do not run as root, simply unreadable to us.
pub fn unreadable_to_player(dir: &Path, name: &str) -> (PathBuf, Option<&'static str>) {
    fs::set_permissions(dir, fs::Permissions::from_mode(0o777)).expect("chmod dir");
    let path = dir.join(name);
    fs::write(&path, good()).expect("written");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).expect("chmod file");
    let privileged = fs::read(&path).is_ok();
    (path, privileged.then_some("65534"))
}
