//! Damaged and hostile saves, one table. Every one gets a clear message and is kept (set aside,
//! or left exactly where it was), with no panic, no hang and bounded memory.

mod common;

use std::fs;

use common::hostile::*;
use common::tmux::TempDir;
use coord_2d::UCoord;
use umbra::app::Notice;
use umbra::cli::{self, Parsed};
use umbra::session;
use umbra::storage::RulesId;
use umbra::storage::SaveSlot;

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

type Row = (&'static str, Content, Expect);

fn save_rows() -> Vec<Row> {
    let groups = [
        header_rows(),
        record_rows(),
        intact_sum_rows(),
        file_kind_rows(),
    ];
    groups.into_iter().flatten().collect()
}

/// Damage before the first action: the tag, the version, the header and its checksum.
fn header_rows() -> Vec<Row> {
    use Content::*;
    use Expect::*;
    let r = first_record();
    let g = good();
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
            SetAside("damaged"),
        ),
        (
            "format version zero, the header's sum intact",
            Bytes(journal_version_zero()),
            SetAside("damaged"),
        ),
        (
            "written by format 3",
            Bytes(journal_of_format_3()),
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
    ]
}

/// Damage among the actions; a bad last record is a write the machine did not finish.
fn record_rows() -> Vec<Row> {
    use Content::*;
    use Expect::*;
    let r = first_record();
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
            "last record cut short",
            Bytes(cut(g.clone(), g.len() - 2)),
            TornResumed,
        ),
        (
            "last record's sum wrong",
            Bytes(flipped(g.clone(), g.len() - 1)),
            TornResumed,
        ),
    ]
}

/// Checksums intact around contents that are not a valid game.
fn intact_sum_rows() -> Vec<Row> {
    use Content::*;
    use Expect::*;
    let size = default_size();
    vec![
        (
            "map 5x5, intact sums",
            Bytes(journal(rules(), UCoord::new(5, 5), &[4])),
            SetAside("out of range"),
        ),
        (
            "map 0x0, intact sums",
            Bytes(journal(rules(), UCoord::new(0, 0), &[])),
            SetAside("out of range"),
        ),
        (
            "map 2000x2000, intact sums",
            Bytes(journal(rules(), UCoord::new(2000, 2000), &[])),
            SetAside("out of range"),
        ),
        (
            "map 1000x14, intact sums",
            Bytes(journal(rules(), UCoord::new(1000, 14), &[])),
            SetAside("out of range"),
        ),
        (
            "other rules, intact sums",
            Bytes(journal(other_version(1), size, &[4, 4])),
            SetAside("other rules"),
        ),
        (
            "other content tables, intact sums",
            Bytes(journal(other_content(), size, &[4, 4])),
            SetAside("other rules"),
        ),
        (
            "rules version 0, intact sums",
            Bytes(journal(
                RulesId {
                    version: 0,
                    ..rules()
                },
                size,
                &[],
            )),
            SetAside("other rules"),
        ),
        (
            "unknown action, intact sums",
            Bytes(journal(rules(), size, &[4, 200, 4])),
            SetAside("unknown action"),
        ),
        (
            "the retired code of drinking the first potion, intact sums",
            Bytes(journal(rules(), size, &[4, 6, 4])),
            SetAside("unknown action"),
        ),
        (
            "header of 256 bytes, the most, intact sum",
            Bytes(header_padded_to(256)),
            SetAside("to spare"),
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
    ]
}

/// Things that are not a save file at all, or far too large to be one.
fn file_kind_rows() -> Vec<Row> {
    use Content::*;
    use Expect::*;
    vec![
        ("a FIFO", Fifo, Refused("a FIFO")),
        // A save directory's files are never followed through a link (someone who can write
        // the directory could otherwise have the game read or append to any file).
        ("a link to /dev/zero", DevZero, Refused("a symbolic link")),
        (
            "a link to a good save elsewhere",
            LinkToGoodSave,
            Refused("a symbolic link"),
        ),
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
            Refused("a symbolic link"),
        ),
    ]
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
        session::open_game(&open_args(), Some(&slot), || 5, session::reporting().0)
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
