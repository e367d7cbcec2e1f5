//! Damaged and hostile recordings, one table: each is refused in one line and kept, with no
//! panic, no hang and bounded memory. And `--record` never replaces a device or the save.

mod common;

use std::path::Path;

use common::hostile::*;
use common::tmux::TempDir;
use coord_2d::UCoord;
use umbra::storage::{RecordingBytes, RecordingFile};
use umbra_rules::game::History;

type Row = (&'static str, Content, &'static str);

fn recording_rows() -> Vec<Row> {
    [byte_rows(), file_kind_rows()]
        .into_iter()
        .flatten()
        .collect()
}

/// Damaged bytes, and intact checksums around contents that are not a valid game.
fn byte_rows() -> Vec<Row> {
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
            "damaged",
        ),
        (
            "written by format 3",
            Bytes(journal_of_format_3()),
            "another version",
        ),
        (
            "two bytes cut out of the format field",
            Bytes([&g[..9], &g[11..]].concat()),
            "damaged",
        ),
        (
            "a recording's end record flipped",
            Bytes(flipped(whole(), whole().len() - 3)),
            "damaged",
        ),
        (
            "a recording cut inside its end record",
            Bytes(cut(whole(), whole().len() - 3)),
            "truncated",
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
            // Longer than any record (14 bytes), so that it cannot pass for a last action only
            // half written, whatever code its first byte reads as.
            "garbage appended",
            Bytes([g.clone(), noise(32)].concat()),
            "damaged",
        ),
        (
            "map 5x5, intact sums",
            Bytes(journal(rules(), UCoord::new(5, 5), &[])),
            "out of range",
        ),
        (
            "other rules, intact sums",
            Bytes(journal(other_version(3), size, &[])),
            "other rules",
        ),
        (
            "other content tables, intact sums",
            Bytes(journal(other_content(), size, &[])),
            "other rules",
        ),
        (
            "unknown action, intact sums",
            Bytes(journal(rules(), size, &[200])),
            "unknown action",
        ),
    ]
}

/// A recording as the game writes one whole: ending in a record that counts its actions.
fn whole() -> Vec<u8> {
    let mut game = umbra_rules::Game::new(3, umbra_rules::GameOptions::default());
    game.act(umbra_rules::PlayerAction::Wait);
    History::of(&game).to_bytes()
}

/// Things that are not a recording at all, or far too large to be one.
fn file_kind_rows() -> Vec<Row> {
    use Content::*;
    vec![
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

#[test]
fn a_recording_never_replaces_a_device_or_the_save() {
    let dir = TempDir::new("record-target");
    let save_dir = dir.0.to_str().expect("UTF-8");
    let journal = dir.0.join("save.umbra");
    let journal = journal.to_str().expect("UTF-8");
    // A save directory not made yet: the game makes it at the start, and must not first accept
    // a recording that would be that directory, or the save in it.
    let new_dir = dir.0.join("new-save");
    let new_dir = new_dir.to_str().expect("UTF-8");
    let new_journal = format!("{new_dir}/save.umbra");
    let winding = format!(
        "{save_dir}/../{}/./",
        dir.0.file_name().and_then(|n| n.to_str()).expect("a name")
    );
    let trailing = format!("{save_dir}/somewhere/");
    for (save, target, reason) in [
        (save_dir, "/dev/null", "not a regular file"),
        (save_dir, journal, "belongs to the save"),
        (save_dir, save_dir, "that is the save directory"),
        (save_dir, winding.as_str(), "that is the save directory"),
        (save_dir, trailing.as_str(), "names a directory"),
        (new_dir, new_dir, "that is the save directory"),
        (new_dir, new_journal.as_str(), "belongs to the save"),
    ] {
        let before = fingerprint(Path::new(target));
        let args = ["--terminal", "--save-dir", save, "--record", target];
        let (code, stderr) = umbra_bounded(&args, None);
        check_one_line_refusal(target, code, &stderr, reason);
        assert_eq!(fingerprint(Path::new(target)), before, "{target}");
        assert!(
            !Path::new(new_dir).exists(),
            "{target}: no save directory made"
        );
    }
}

/// A recording of exactly the largest size is read whole; one byte more is refused unread.
#[test]
fn the_size_limit_is_exact() {
    let limit = umbra::storage::RECORDING_SIZE_LIMIT as usize;
    let empty = |seed| History {
        seed,
        options: umbra_rules::GameOptions::default(),
        actions: Vec::new(),
    };
    // The header's length varies with the seed's encoding: pick one that leaves room for whole
    // records only.
    let seed = (0..64)
        .map(|bits| 1u64 << bits)
        .find(|&seed| (limit - empty(seed).to_bytes().len()).is_multiple_of(5))
        .expect("a seed whose header fits the limit to a record");
    let header = empty(seed).to_bytes().len();
    let recording = History {
        actions: vec![umbra_rules::PlayerAction::Wait; (limit - header) / 5],
        ..empty(seed)
    };
    let dir = TempDir::new("limit");
    let path = dir.0.join("largest.rec");
    std::fs::write(&path, recording.to_bytes()).expect("written");
    assert_eq!(std::fs::metadata(&path).expect("there").len(), limit as u64);
    let read = History::read(&path).expect("a recording of the largest size is read");
    assert_eq!(read.actions.len(), recording.actions.len());
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .expect("opens");
    std::io::Write::write_all(&mut file, &[0]).expect("one byte more");
    let refused = History::read(&path).expect_err("one byte too many");
    assert!(
        refused.to_string().contains("more than any Umbra file"),
        "{refused}"
    );
}

/// Writing a recording replaces a regular file in one step, and nothing else: a FIFO or a link
/// where it should go is refused and left in place.
#[test]
fn a_recording_is_never_written_over_a_fifo_or_a_link() {
    let dir = TempDir::new("write-target");
    let game = umbra_rules::Game::new(3, umbra_rules::GameOptions::default());
    for content in [Content::Fifo, Content::DevZero] {
        let path = dir.0.join("target");
        let _ = std::fs::remove_file(&path);
        place(&content, &path);
        let before = fingerprint(&path);
        let refused = History::of(&game).write(&path).expect_err("refused");
        assert!(
            refused.to_string().contains("not a regular file"),
            "{refused}"
        );
        assert_eq!(fingerprint(&path), before);
    }
}
