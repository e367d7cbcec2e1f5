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
fn version_names_the_build_and_its_rules_version() {
    let expected = format!(
        "umbra {} (rules version {}, content {:08x})\n",
        env!("CARGO_PKG_VERSION"),
        umbra_rules::game::RULES_VERSION,
        umbra_rules::game::content_digest()
    );
    for flag in ["--version", "-V"] {
        let output = umbra(&[flag]);
        assert_eq!(output.status.code(), Some(0), "{flag}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), expected, "{flag}");
        assert!(output.stderr.is_empty(), "{flag}");
    }
}

#[test]
fn bad_arguments_exit_two_with_a_message_and_no_panic() {
    let cases: &[(&[&str], &str)] = &[
        (&["-r", "abc"], "--rng-seed"),
        (&["-r", "-1"], "--rng-seed"),
        // A sign means nothing in a seed, a turn or a size: `+5` is refused as `-0` is.
        (&["-r", "+5"], "--rng-seed"),
        (&["--map-size", "+80x30"], "--map-size"),
        (
            &["--replay", "x.umbra", "--headless", "--dump-at", "+5"],
            "--dump-at",
        ),
        (
            &["--replay", "x.umbra", "--headless", "--dump-at", "-0"],
            "--dump-at",
        ),
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
        // Empty values given as their own word.
        (&["-r", ""], "--rng-seed"),
        (&["--map-size", ""], "--map-size"),
        (&["--map-size="], "--map-size"),
        (&["--colours", ""], "--colours"),
        (&["--save-dir", ""], "--save-dir"),
        // Numbers a user might try that are not whole decimal numbers in range.
        (&["-r", "1.5"], "--rng-seed"),
        (&["-r", "0x10"], "--rng-seed"),
        (&["-r", " 7"], "--rng-seed"),
        (&["-r", "1e3"], "--rng-seed"),
        (&["-r", "99999999999999999999999999"], "--rng-seed"),
        (&["-r", "-0"], "--rng-seed"),
        // Map sizes of the wrong shape, or that overflow or underflow.
        (&["--map-size", "0x0"], "--map-size"),
        (&["--map-size", "80x30x2"], "--map-size"),
        (&["--map-size", "80 x 30"], "--map-size"),
        (&["--map-size", "65536x30"], "--map-size"),
        (&["--map-size", "4294967296x30"], "--map-size"),
        (&["--map-size", "80x14"], "--map-size"),
        (&["--map-size", "x"], "--map-size"),
        // Unknown, misspelt or misused flags.
        (&["-x"], "'x'"),
        (&["--RNG-SEED", "3"], "RNG-SEED"),
        (&["--terminal=yes"], "terminal"),
        (&["--rng-seed", "7", "--rng-seed", "8"], "more than once"),
        (&["--record"], "missing"),
        (&["-"], "unexpected argument"),
        (&["--terminal", "7"], "unexpected argument"),
        // Flags that contradict each other.
        (
            &["--graphical", "--terminal", "-r", "1"],
            "cannot be used together",
        ),
        (&["--headless"], "--replay"),
        (
            &["--replay", "game.rec", "--rng-seed", "3"],
            "cannot be combined",
        ),
        (
            &["--scores", "--rng-seed", "3"],
            "--scores cannot be combined with --rng-seed",
        ),
        (
            &["--scores", "--terminal"],
            "--scores cannot be combined with --terminal",
        ),
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
    // Refused before a game starts: no seed to print and no save left behind.
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    let data = std::env::temp_dir().join(format!("umbra-data-{}", std::process::id()));
    assert!(!data.join("umbra/save.umbra").exists());
}

/// On Unix an argument can be bytes that are not UTF-8; the parser refuses them like any other
/// bad input.
#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_exit_two_without_a_panic() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;

    let bad = || OsString::from_vec(vec![b'7', 0xff]);
    let cases: [Vec<OsString>; 3] = [
        vec!["-r".into(), bad()],
        vec!["--map-size".into(), bad()],
        vec![bad()],
    ];
    for args in cases {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_umbra"))
            .args(&args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("umbra: "), "{args:?}: {stderr}");
        assert!(stderr.contains("Usage: umbra"), "{args:?}: no usage");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}: printed to stdout");
    }
}
