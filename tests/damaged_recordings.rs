//! Damaged and hostile recordings, one table: each is refused in one line and kept, with no
//! panic, no hang and bounded memory. And `--record` never replaces a device or the save.

mod common;

use std::path::Path;

use common::hostile::*;
use common::tmux::TempDir;
use coord_2d::UCoord;

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
    ]
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
