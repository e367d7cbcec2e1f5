//! The binary's command line, run as a player would run it.

mod common;

use common::umbra;

#[test]
fn help_exits_zero_and_lists_every_flag() {
    for flag in ["--help", "-h"] {
        let output = umbra(&[flag]);
        assert_eq!(output.status.code(), Some(0));
        let text = String::from_utf8_lossy(&output.stdout);
        for listed in [
            "--rng-seed",
            "-r,",
            "--debug-omniscient",
            "--map-size",
            "--terminal",
            "--graphical",
            "--colours",
            "--help",
        ] {
            assert!(text.contains(listed), "help lacks {listed}:\n{text}");
        }
    }
}

#[test]
fn bad_arguments_exit_two_with_a_message_and_no_panic() {
    let cases: &[(&[&str], &str)] = &[
        (&["-r", "abc"], "--rng-seed"),
        (&["-r", "-1"], "--rng-seed"),
        (&["-r", "18446744073709551616"], "--rng-seed"),
        (&["--rng-seed="], "--rng-seed"),
        (&["-r"], "missing"),
        (&["--map-size", "5x5"], "--map-size"),
        (&["--map-size", "banana"], "--map-size"),
        (&["--map-size", "1001x30"], "--map-size"),
        (&["--map-size", "80x"], "--map-size"),
        (&["--map-size", "-80x30"], "--map-size"),
        (&["--bogus"], "bogus"),
        (&["--terminal", "--graphical"], "cannot be used together"),
        (&["--colours", "12"], "--colours"),
        (&["stray"], "unexpected argument"),
    ];
    for (args, expected) in cases {
        let output = umbra(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        let first_line = stderr.lines().next().unwrap_or_default();
        assert!(first_line.contains(expected), "{args:?}: {first_line}");
        assert!(stderr.contains("Usage: umbra"), "{args:?}: no usage");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}: printed to stdout");
    }
}

#[test]
fn graphical_without_a_display_fails_in_one_line() {
    let output = umbra(&["--graphical", "--rng-seed", "3"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_ne!(output.status.code(), Some(0));
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--terminal"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "RNG Seed: 3\n");
}
