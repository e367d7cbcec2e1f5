//! Whatever a user can type, the ASCII-map loader and the command-line parser answer with a value or
//! an error, never a panic.

mod common;

use common::action;

use std::ffi::OsStr;

use coord_2d::ICoord;
use proptest::prelude::*;
use umbra::cli::{self, Parsed};
use umbra_rules::terrain::{
    self, AsciiMapError, MAX_MAP_SIZE, MIN_MAP_SIZE, is_valid_size as is_valid_map_size,
};
use umbra_rules::{Game, GameOptions, PlayerAction};

/// `cases` random inputs. A failure prints its shrunk input, which is all a regression test needs,
/// so nothing is written to the source tree.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

const MAP_CHARACTERS: &[char] = &[
    '#', '.', '@', 'o', 'T', 'z', 'Z', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9',
];

/// Mostly the characters a map is made of, sometimes anything at all: spaces, tabs, carriage
/// returns left by an editor, letters, accents, emoji.
fn map_character() -> impl Strategy<Value = char> {
    prop_oneof![
        8 => proptest::sample::select(MAP_CHARACTERS),
        1 => proptest::sample::select(&[' ', '\t', '\r', 'O', 't', '$'][..]),
        1 => any::<char>(),
    ]
}

/// Rows as a user might type them: any number, any lengths, so ragged and empty rows too.
fn typed_rows() -> impl Strategy<Value = Vec<String>> {
    let row = proptest::collection::vec(map_character(), 0..24)
        .prop_map(|characters| characters.into_iter().collect::<String>());
    proptest::collection::vec(row, 0..12)
}

/// Rectangular maps of floor, walls, NPCs and labels with one player, walled all round: the
/// maps that load, so the game behind them gets exercised too.
fn loadable_rows() -> impl Strategy<Value = Vec<String>> {
    (1usize..22, 1usize..10)
        .prop_flat_map(|(width, height)| {
            let cells = proptest::collection::vec(
                proptest::sample::select(&['#', '.', '.', '.', 'o', 'T', '1'][..]),
                width * height,
            );
            (Just(width), cells, 0..width * height)
        })
        .prop_map(|(width, mut cells, player)| {
            cells[player] = '@';
            let wall = "#".repeat(width + 2);
            let inside = cells
                .chunks(width)
                .map(|row| format!("#{}#", row.iter().collect::<String>()));
            std::iter::once(wall.clone())
                .chain(inside)
                .chain(std::iter::once(wall))
                .collect()
        })
}

fn as_strs(rows: &[String]) -> Vec<&str> {
    rows.iter().map(String::as_str).collect()
}

/// Checks what the loader returned against the text it was given.
fn check_load(rows: &[String]) -> Result<(), TestCaseError> {
    let rows = as_strs(rows);
    match terrain::from_ascii(&rows) {
        Ok((terrain, labels)) => {
            let count = |wanted: &[char]| {
                rows.iter()
                    .flat_map(|row| row.chars())
                    .filter(|c| wanted.contains(c))
                    .count()
            };
            prop_assert_eq!(terrain.grid.height() as usize, rows.len());
            prop_assert_eq!(terrain.grid.width() as usize, rows[0].chars().count());
            prop_assert_eq!(count(&['@']), 1);
            prop_assert_eq!(terrain.npcs.len(), count(&['o', 'T', 'z', 'Z']));
            prop_assert_eq!(labels.len(), count(&MAP_CHARACTERS[7..]));
            let player = terrain.player;
            let player_row: Vec<char> = rows[player.y as usize].chars().collect();
            prop_assert_eq!(player_row[player.x as usize], '@');
        }
        Err(error) => prop_assert!(!error.to_string().is_empty()),
    }
    Ok(())
}

/// Loads the map as a game and plays it, checking the game's own invariants after every action.
fn check_game(rows: &[String], actions: &[PlayerAction]) -> Result<(), TestCaseError> {
    let Ok((mut game, _labels)) = Game::from_ascii(&as_strs(rows), GameOptions::default()) else {
        return Ok(());
    };
    for (step, &action) in actions.iter().enumerate() {
        game.act(action);
        let problems = game.invariant_violations();
        prop_assert!(problems.is_empty(), "after action {step}: {problems:?}");
        // What tools and frontends read must not panic either.
        let _ = (
            game.state_hash(),
            game.inhabitants().npcs().count(),
            game.events().len(),
        );
    }
    for coord in game.size().icoord_iter_row_major() {
        let _ = game.level().cell_view(coord);
    }
    let _ = game.level().cell_view(ICoord::new(-1, -1));
    Ok(())
}

/// A level is walled all round; a hand-drawn one open at its edge is refused, naming the cell.
/// What stops feet but not eyes (a portcullis, a cage) leaves it open, and so does a wall that
/// a search opens (a secret door); a torch or a lever set in the wall, hidden or not, is wall.
#[test]
fn a_map_open_at_its_edge_is_refused_naming_the_cell() {
    let open = [
        (&["####", "#@..", "####"][..], (3, 1)),
        (&["##.#", "#@.#", "####"][..], (2, 0)),
        (&["####", "@..#", "####"][..], (0, 1)),
        (&["####", "#@.#", "#o##"][..], (1, 2)),
        (&["####", "#@.╪", "####"][..], (3, 1)),
        (&["#\"##", "#@.#", "####"][..], (1, 0)),
        (&["####", "#@.=", "####"][..], (3, 1)),
    ];
    for (rows, (x, y)) in open {
        let error = terrain::from_ascii(rows).err();
        assert_eq!(error, Some(AsciiMapError::OpenEdge { x, y }), "{rows:?}");
    }
    let error = terrain::from_ascii(open[0].0).expect_err("refused");
    assert_eq!(error.to_string(), "the edge is open at (3, 1): wall it in");
    for walled in [
        ["####", "#@.#", "####"],
        ["#}##", "#@.⌐", "####"],
        ["####", "#@.#", "##⌙#"],
    ] {
        assert!(terrain::from_ascii(&walled).is_ok(), "{walled:?}");
    }
}

proptest! {
    // The game runs in a child process that is killed after `timeout` ms (a case takes
    // microseconds), so a game that never returns from a turn is a failure with its map, not a
    // test run that never ends. Each hanging candidate costs the whole timeout, so shrinking is
    // capped to keep such a failure to a few minutes.
    #![proptest_config(ProptestConfig {
        timeout: 3_000,
        max_shrink_iters: 64,
        ..config(2000)
    })]

    #[test]
    fn the_map_loader_never_panics_on_typed_text(rows in typed_rows()) {
        check_load(&rows)?;
        check_game(&rows, &[PlayerAction::Wait])?;
    }

    #[test]
    fn every_loadable_map_plays(rows in loadable_rows(), actions in proptest::collection::vec(action(), 0..40)) {
        check_load(&rows)?;
        prop_assert!(terrain::from_ascii(&as_strs(&rows)).is_ok(), "{rows:#?}");
        check_game(&rows, &actions)?;
    }
}

/// Command-line words as a user types them: real flags (sometimes misspelt or glued to a value),
/// numbers of every size and sign, map sizes, and arbitrary text.
fn typed_argument() -> impl Strategy<Value = String> {
    let flag = proptest::sample::select(
        &[
            "--rng-seed",
            "-r",
            "--map-size",
            "--terminal",
            "--graphical",
            "--colours",
            "--debug-omniscient",
            "--seed-catalog",
            "--daily",
            "--help",
            "-h",
            "--",
            "-",
            "--rng",
            "-rr",
            "---rng-seed",
            "--terminal=",
            "--map-size=",
            "--rng-seed=",
            "-r=",
            "--new-game",
            "--save-dir",
            "--record",
            "--replay",
            "--headless",
            "--version",
            "-V",
        ][..],
    )
    .prop_map(String::from);
    let number = prop_oneof![
        any::<u64>().prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u128>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|n| n.to_string()),
        (0u64..100).prop_map(|n| format!("+{n}")),
    ];
    let size = (any::<i64>(), any::<i64>(), "[xX×*, ]")
        .prop_map(|(w, h, separator)| format!("{}{separator}{}", w % 2000, h % 2000));
    prop_oneof![
        3 => flag.clone(),
        2 => number.clone(),
        2 => size.clone(),
        1 => (flag, number).prop_map(|(f, n)| format!("{f}={n}")),
        1 => Just(String::new()),
        1 => proptest::sample::select(&["truecolour", "256", "16", "0"][..]).prop_map(String::from),
        2 => any::<String>(),
        1 => "[ -~]{0,12}",
    ]
}

/// `args` parse to a game, to help, or to an error that says what is wrong in one line (two only
/// if the user's own words held a line break, since the message quotes them).
fn check_parse<S: AsRef<OsStr>>(args: &[S]) -> Result<(), TestCaseError> {
    let typed_a_line_break = args
        .iter()
        .any(|arg| arg.as_ref().to_string_lossy().contains(['\n', '\r']));
    match cli::parse(args) {
        Ok(Parsed::Help(usage)) => prop_assert!(usage.contains("Usage: umbra")),
        Ok(Parsed::Version) => prop_assert!(
            args.iter().any(|arg| {
                let arg = arg.as_ref().to_string_lossy();
                arg == "--version"
                    || (arg.starts_with('-') && !arg.starts_with("--") && arg.contains('V'))
            }),
            "only --version or -V asks for the version"
        ),
        Ok(Parsed::Catalog { map_size, .. }) => {
            prop_assert!(args.iter().any(|arg| arg.as_ref() == "--seed-catalog"));
            prop_assert!(is_valid_map_size(map_size));
        }
        Ok(Parsed::Play(args)) => {
            let size = args.options.map_size;
            prop_assert!(
                size.width() >= MIN_MAP_SIZE.width() && size.width() <= MAX_MAP_SIZE.width()
            );
            prop_assert!(
                size.height() >= MIN_MAP_SIZE.height() && size.height() <= MAX_MAP_SIZE.height()
            );
        }
        Err(error) => {
            prop_assert!(!error.message.trim().is_empty(), "empty message");
            prop_assert!(
                typed_a_line_break || !error.message.contains(['\n', '\r']),
                "{:?}",
                error.message
            );
            prop_assert!(!error.message.contains("panicked"), "{:?}", error.message);
            prop_assert!(error.usage.contains("Usage: umbra"));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(5000))]

    #[test]
    fn the_command_line_parser_never_panics(args in proptest::collection::vec(typed_argument(), 0..6)) {
        check_parse(&args)?;
    }

    #[test]
    fn every_seed_parses_and_nothing_else_does(seed in any::<u64>(), junk in "[^0-9+]{1,4}") {
        for flag in ["-r", "--rng-seed"] {
            match cli::parse([flag, &seed.to_string()]) {
                Ok(Parsed::Play(args)) => prop_assert_eq!(args.rng_seed, Some(seed)),
                // A day's run is played with --daily on its day, never by its seed.
                Err(error) if umbra::app::daily::daily_of(seed).is_some() => {
                    prop_assert!(error.message.contains("played only with --daily"), "{error:?}");
                }
                other => prop_assert!(false, "{flag} {seed}: {other:?}"),
            }
            let bad = format!("{seed}{junk}");
            let error = cli::parse([flag, &bad]);
            prop_assert!(error.is_err(), "{flag} {bad:?} was accepted: {error:?}");
        }
    }

    #[test]
    fn map_sizes_parse_exactly_within_the_limits(width in 0u32..1100, height in 0u32..1100) {
        let text = format!("{width}x{height}");
        let within = (MIN_MAP_SIZE.width()..=MAX_MAP_SIZE.width()).contains(&width)
            && (MIN_MAP_SIZE.height()..=MAX_MAP_SIZE.height()).contains(&height);
        match cli::parse(["--map-size", &text]) {
            Ok(Parsed::Play(args)) => {
                prop_assert!(within, "{text} accepted");
                prop_assert_eq!((args.options.map_size.width(), args.options.map_size.height()), (width, height));
            }
            Err(error) => {
                prop_assert!(!within, "{text} refused: {}", error.message);
                prop_assert!(error.message.contains("--map-size"), "{}", error.message);
            }
            Ok(other) => prop_assert!(false, "{text}: {other:?}"),
        }
    }

    #[test]
    fn map_size_text_never_panics(text in any::<String>()) {
        if let Ok(size) = cli::parse_map_size(&text) {
            prop_assert!(size.width() >= MIN_MAP_SIZE.width() && size.height() >= MIN_MAP_SIZE.height());
        }
    }
}

/// On Unix an argument can be any bytes, not only UTF-8: a mistyped or pasted byte must be an
/// error too.
#[cfg(unix)]
mod non_utf8 {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;

    use super::*;

    proptest! {
        #![proptest_config(config(2000))]

        #[test]
        fn arguments_of_any_bytes_never_panic(
            words in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..12), 0..5),
            flag in proptest::sample::select(&["", "-r", "--rng-seed", "--map-size", "--colours"][..]),
        ) {
            let mut args: Vec<OsString> = Vec::new();
            if !flag.is_empty() {
                args.push(flag.into());
            }
            args.extend(words.into_iter().map(OsString::from_vec));
            check_parse(&args)?;
        }
    }
}
