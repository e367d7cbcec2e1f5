//! The command line: what a player can ask for, and a clear message when the request is wrong.

use std::ffi::OsStr;
use std::fmt;
use std::path::PathBuf;

use coord_2d::UCoord;
use simon::{Arg, Flag, Free, Opt, ParseResult, TopLevelError};

use crate::app::daily;
use crate::app::debug_aids::DebugFlags;
use crate::app::palettes::Palette;
use umbra_rules::game::{
    DEFAULT_MAP_SIZE, GameOptions, MAX_MAP_SIZE, MIN_MAP_SIZE, Omniscience, is_valid_map_size,
};

/// Which frontend to run the game in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrontendChoice {
    /// A window when a display is available, the terminal otherwise.
    Auto,
    Terminal,
    Graphical,
}

/// How the terminal frontend encodes colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColourMode {
    #[default]
    TrueColour,
    /// The 256-colour palette, for terminals without 24-bit colour.
    Palette256,
    /// The 16 ANSI colours, for the oldest terminals.
    Ansi16,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Args {
    /// `None` means "choose one at random".
    pub rng_seed: Option<u64>,
    /// `--daily`: `rng_seed` is today's daily run, begun once (resumed, never started over).
    pub daily: bool,
    pub options: GameOptions,
    pub frontend: FrontendChoice,
    pub colours: ColourMode,
    /// Whether the terminal reports the mouse (pointing describes, clicking travels); off
    /// leaves the terminal's own text selection alone.
    pub mouse: bool,
    /// Start a new game even if a saved one is waiting (it is replaced on quit).
    pub new_game: bool,
    /// Where the save lives instead of the platform's data directory.
    pub save_dir: Option<PathBuf>,
    /// Write the game's recording here when it ends or the player quits.
    pub record: Option<PathBuf>,
    pub replay: Option<Replay>,
    /// `--scores`: print the high-score table and exit.
    pub show_scores: bool,
    /// `--verify FILE`: replay a finished run's recording and print its score, or refuse it.
    pub verify: Option<PathBuf>,
    /// `--debug-overlays`, `--debug-wizard`: the aids for studying the rules.
    pub debug: DebugFlags,
    /// `--palette`: the colours the game is drawn in.
    pub palette: Palette,
    /// `--keys FILE`: the keys file to play with (else the config directory's, if any).
    pub keys: Option<PathBuf>,
    /// `--print-keys`: write the keys in use in the keys file's format and exit.
    pub print_keys: bool,
}

/// `--replay FILE`, with or without a screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    pub file: PathBuf,
    pub headless: bool,
    /// `--dump-at N` (headless): print the state at turn N instead of the summary.
    pub dump_at: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed {
    Play(Args),
    /// `--help`: the text to print.
    Help(String),
    /// `--version`: say which build and rules this is.
    Version,
    /// `--seed-catalog`: describe each depth of a seed's dungeon and exit.
    Catalog {
        seed: u64,
        map_size: UCoord,
    },
}

/// A command line that cannot be obeyed: what is wrong, plus the usage text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError {
    pub message: String,
    pub usage: String,
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "umbra: {}\n\n{}", self.message, self.usage)
    }
}

struct RawArgs {
    rng_seed: Option<String>,
    daily: bool,
    omniscient: bool,
    overlays: bool,
    wizard: bool,
    map_size: Option<String>,
    terminal: bool,
    graphical: bool,
    colours: Option<String>,
    no_mouse: bool,
    new_game: bool,
    save_dir: Option<String>,
    record: Option<String>,
    replay: Option<String>,
    headless: bool,
    dump_at: Option<String>,
    scores: bool,
    verify: Option<String>,
    palette: Option<String>,
    keys: Option<String>,
    print_keys: bool,
    seed_catalog: bool,
    version: bool,
    free: Vec<String>,
}

fn spec() -> impl Arg<Item = simon::OrHelp<RawArgs>> {
    simon::args_map! {
        let {
            rng_seed = Opt::new("r", "rng-seed", "seed for the dungeon and every roll (0 to 18446744073709551615); random if omitted", "INT");
            daily = Flag::new("", "daily", "play the daily run: the same seed for everyone today (by the UTC date) under these rules");
            omniscient = Flag::new("", "debug-omniscient", "debugging aid: see the whole map, live");
            overlays = Flag::new("", "debug-overlays", "debugging aid: v cycles views of the NPCs' maps and minds over the map; the look cursor tells an NPC's memory");
            wizard = Flag::new("", "debug-wizard", "debugging aid: W opens wizard commands (a run that uses one never enters the high scores)");
            map_size = Opt::new("", "map-size", "map width and height in cells, from 20x15 to 1000x1000 (default 80x30)", "WxH");
            terminal = Flag::new("", "terminal", "play in this terminal");
            graphical = Flag::new("", "graphical", "play in a window");
            colours = Opt::new("", "colours", "terminal colours: truecolour (default), 256 or 16", "MODE");
            no_mouse = Flag::new("", "no-mouse", "in a terminal: leave the mouse to the terminal (text selection) instead of pointing and clicking in the game");
            new_game = Flag::new("", "new-game", "start a new game even if a saved one is waiting (--rng-seed does too)");
            save_dir = Opt::new("", "save-dir", "keep the save in DIR instead of the platform's data directory", "DIR");
            record = Opt::new("", "record", "write the game's recording (seed, options, every action) to FILE on quit", "FILE");
            replay = Opt::new("", "replay", "watch a recording made with --record", "FILE");
            headless = Flag::new("", "headless", "with --replay: no screen, print the final summary and state hash");
            dump_at = Opt::new("", "dump-at", "with --replay and --headless: print the map, NPCs and their memories at turn N, as a scenario test reads them", "N");
            scores = Flag::new("", "scores", "print the high-score table (of the save directory) and exit");
            verify = Opt::new("", "verify", "replay a finished run's recording (a run-*.umbra of the save directory, or --record's) with no screen and print its score, or refuse it in one line", "FILE");
            palette = Opt::new("", "palette", "colours: default, high-contrast, or colour-blind (safe for red-green colour blindness)", "NAME");
            keys = Opt::new("", "keys", "play with the keys in FILE (as --print-keys writes them) instead of keys.toml in the config directory", "FILE");
            print_keys = Flag::new("", "print-keys", "print the keys in use as a keys file (TOML, a comment per action) and exit");
            seed_catalog = Flag::new("", "seed-catalog", "print what each depth of the dungeon of SEED (--seed-catalog SEED, or with --daily) holds as it is made, and exit");
            version = Flag::new("V", "version", "print the version and the rules version it plays by, and exit");
            free = Free;
        } in {
            RawArgs {
                rng_seed, daily, omniscient, overlays, wizard, map_size, terminal, graphical, colours,
                no_mouse, new_game, save_dir, record, replay, headless, dump_at, scores, verify, palette,
                keys, print_keys, seed_catalog, version, free,
            }
        }
    }
    .with_help_default()
}

/// Parses the arguments that follow the program name.
pub fn parse<I>(args: I) -> Result<Parsed, CliError>
where
    I: IntoIterator,
    I::Item: AsRef<OsStr>,
{
    let ParseResult { usage, result } =
        spec().parse_specified_ignoring_validation("umbra".to_string(), args);
    let usage = usage.render();
    let error = |message: String| CliError {
        message,
        usage: usage.clone(),
    };
    let raw = match result {
        Ok(simon::OrHelp::Help) => return Ok(Parsed::Help(usage.clone())),
        Ok(simon::OrHelp::Value(raw)) => raw,
        Err(TopLevelError::Getopts(fail)) => return Err(error(fail.to_string())),
        Err(TopLevelError::Other(never)) => return Err(error(never.to_string())),
    };
    if raw.version {
        return Ok(Parsed::Version);
    }
    if raw.seed_catalog {
        return catalog(&raw).map_err(error);
    }
    validate(raw).map(Parsed::Play).map_err(error)
}

fn validate(raw: RawArgs) -> Result<Args, String> {
    if let Some(extra) = raw.free.first() {
        return Err(format!("unexpected argument '{extra}'"));
    }
    let frontend = match (raw.terminal, raw.graphical) {
        (true, true) => return Err("--terminal and --graphical cannot be used together".into()),
        (true, false) => FrontendChoice::Terminal,
        (false, true) => FrontendChoice::Graphical,
        (false, false) => FrontendChoice::Auto,
    };
    let rng_seed = match (raw.daily, raw.rng_seed.as_deref()) {
        (true, Some(_)) => return Err("--daily cannot be combined with --rng-seed".into()),
        (true, None) => Some(daily::daily_seed(daily::today())),
        (false, seed) => seed
            .map(|seed| ordinary_seed(seed, "--rng-seed"))
            .transpose()?,
    };
    let map_size = match raw.map_size.as_deref() {
        Some(text) => parse_map_size(text)?,
        None => DEFAULT_MAP_SIZE,
    };
    if raw.daily {
        daily_as_everyone_plays_it(&raw, map_size)?;
    }
    let colours = raw
        .colours
        .as_deref()
        .map(parse_colours)
        .transpose()?
        .unwrap_or_default();
    let omniscience = if raw.omniscient {
        Omniscience::On
    } else {
        Omniscience::Off
    };
    let replay = replay(&raw)?;
    if raw.scores {
        only_save_dir_beside_scores(&raw)?;
    }
    let verify = path(&raw.verify, "--verify")?;
    if verify.is_some() {
        nothing_beside_verify(&raw)?;
    }
    Ok(Args {
        rng_seed,
        daily: raw.daily,
        options: GameOptions {
            map_size,
            omniscience,
        },
        frontend,
        colours,
        mouse: !raw.no_mouse,
        new_game: raw.new_game,
        save_dir: path(&raw.save_dir, "--save-dir")?,
        record: path(&raw.record, "--record")?,
        replay,
        show_scores: raw.scores,
        verify,
        debug: DebugFlags {
            overlays: raw.overlays,
            wizard: raw.wizard,
        },
        palette: parse_palette(raw.palette.as_deref())?,
        keys: path(&raw.keys, "--keys")?,
        print_keys: raw.print_keys,
    })
}

/// A seed given by hand, which may not be a daily run's: a day's run is played on its day,
/// with `--daily`, so tomorrow's cannot be practised (or its levels read) today.
fn ordinary_seed(text: &str, flag: &str) -> Result<u64, String> {
    let seed = parse_seed(text, flag)?;
    match daily::daily_words(seed) {
        Some(day) => Err(format!(
            "{flag} {seed} is the seed of {day}, which is played only with --daily on its day"
        )),
        None => Ok(seed),
    }
}

/// `--daily` is the same run for everyone: no debugging aid, the daily's own map size, and
/// begun once (a second `--daily` that day resumes it, never starts it over).
fn daily_as_everyone_plays_it(raw: &RawArgs, map_size: UCoord) -> Result<(), String> {
    refuse_beside(
        "--daily",
        &[
            ("--debug-omniscient", raw.omniscient),
            ("--debug-wizard", raw.wizard),
            ("--debug-overlays", raw.overlays),
            ("--new-game", raw.new_game),
        ],
    )?;
    if map_size != DEFAULT_MAP_SIZE {
        return Err(format!(
            "--daily is played at its own map size, {}x{}; leave out --map-size",
            DEFAULT_MAP_SIZE.width(),
            DEFAULT_MAP_SIZE.height()
        ));
    }
    Ok(())
}

/// `--seed-catalog SEED` (the seed also by `--rng-seed`, or `--daily`'s), at `--map-size` if
/// given: nothing else means anything beside it.
fn catalog(raw: &RawArgs) -> Result<Parsed, String> {
    let others = [
        ("--debug-omniscient", raw.omniscient),
        ("--debug-wizard", raw.wizard),
        ("--debug-overlays", raw.overlays),
        ("--new-game", raw.new_game),
        ("--record", raw.record.is_some()),
        ("--replay", raw.replay.is_some()),
        ("--scores", raw.scores),
        ("--verify", raw.verify.is_some()),
        ("--save-dir", raw.save_dir.is_some()),
        ("--terminal", raw.terminal),
        ("--graphical", raw.graphical),
        ("--colours", raw.colours.is_some()),
        ("--palette", raw.palette.is_some()),
        ("--keys", raw.keys.is_some()),
        ("--print-keys", raw.print_keys),
    ];
    refuse_beside("--seed-catalog", &others)?;
    if let Some(extra) = raw.free.get(1) {
        return Err(format!("unexpected argument '{extra}'"));
    }
    let given = [raw.free.first(), raw.rng_seed.as_ref()];
    let seed = match (raw.daily, given) {
        (true, [None, None]) => daily::daily_seed(daily::today()),
        (true, _) => return Err("--daily cannot be combined with a seed".into()),
        (false, [Some(_), Some(_)]) => {
            return Err("--seed-catalog takes one seed: give it alone or by --rng-seed".into());
        }
        (false, [Some(seed), None]) => ordinary_seed(seed, "--seed-catalog")?,
        (false, [None, Some(seed)]) => ordinary_seed(seed, "--rng-seed")?,
        (false, [None, None]) => {
            return Err(
                "--seed-catalog needs a seed: --seed-catalog SEED, or --daily --seed-catalog"
                    .into(),
            );
        }
    };
    let map_size = match raw.map_size.as_deref() {
        Some(text) => parse_map_size(text)?,
        None => DEFAULT_MAP_SIZE,
    };
    Ok(Parsed::Catalog { seed, map_size })
}

/// The flags that shape a new game: meaningless beside a replay or the high scores.
fn new_game_flags(raw: &RawArgs) -> [(&'static str, bool); 7] {
    [
        ("--rng-seed", raw.rng_seed.is_some()),
        ("--daily", raw.daily),
        ("--map-size", raw.map_size.is_some()),
        ("--debug-omniscient", raw.omniscient),
        ("--debug-wizard", raw.wizard),
        ("--new-game", raw.new_game),
        ("--record", raw.record.is_some()),
    ]
}

/// An error naming the first of `flags` that was given beside `main_flag`.
fn refuse_beside(main_flag: &str, flags: &[(&str, bool)]) -> Result<(), String> {
    match flags.iter().find(|(_, given)| *given) {
        Some((flag, _)) => Err(format!("{main_flag} cannot be combined with {flag}")),
        None => Ok(()),
    }
}

/// `--scores` reads the table of a save directory; nothing else means anything beside it.
fn only_save_dir_beside_scores(raw: &RawArgs) -> Result<(), String> {
    refuse_beside("--scores", &new_game_flags(raw))?;
    let frontend = [
        ("--replay", raw.replay.is_some()),
        ("--terminal", raw.terminal),
        ("--graphical", raw.graphical),
        ("--colours", raw.colours.is_some()),
    ];
    refuse_beside("--scores", &frontend)
}

/// `--verify` replays one file with no screen: nothing else means anything beside it.
fn nothing_beside_verify(raw: &RawArgs) -> Result<(), String> {
    refuse_beside("--verify", &new_game_flags(raw))?;
    let others = [
        ("--replay", raw.replay.is_some()),
        ("--scores", raw.scores),
        ("--save-dir", raw.save_dir.is_some()),
        ("--terminal", raw.terminal),
        ("--graphical", raw.graphical),
        ("--colours", raw.colours.is_some()),
    ];
    refuse_beside("--verify", &others)
}

fn path(value: &Option<String>, flag: &str) -> Result<Option<PathBuf>, String> {
    match value.as_deref() {
        Some("") => Err(format!("{flag} needs a path")),
        other => Ok(other.map(PathBuf::from)),
    }
}

/// A replay plays a recorded game, so flags that shape a new game make no sense beside it.
fn replay(raw: &RawArgs) -> Result<Option<Replay>, String> {
    let Some(file) = path(&raw.replay, "--replay")? else {
        if raw.headless {
            return Err("--headless only works with --replay FILE".into());
        }
        if raw.dump_at.is_some() {
            return Err("--dump-at only works with --replay FILE --headless".into());
        }
        return Ok(None);
    };
    refuse_beside("--replay", &new_game_flags(raw))?;
    let dump_at = match raw.dump_at.as_deref() {
        Some(_) if !raw.headless => {
            return Err("--dump-at only works with --replay FILE --headless".into());
        }
        Some(text) => Some(whole_number(text).ok_or_else(|| {
            format!("invalid --dump-at {text:?}: expected a turn, a whole number from 0")
        })?),
        None => None,
    };
    Ok(Some(Replay {
        file,
        headless: raw.headless,
        dump_at,
    }))
}

/// Digits alone: Rust's parsers take a leading `+` (and refuse `-0`), which would make `+5`
/// a turn and `-0` not, where a reader expects neither sign to mean anything.
fn whole_number<T: std::str::FromStr>(text: &str) -> Option<T> {
    let digits = !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
    digits.then(|| text.parse().ok()).flatten()
}

fn parse_seed(text: &str, flag: &str) -> Result<u64, String> {
    whole_number(text).ok_or_else(|| {
        format!(
            "invalid {flag} {text:?}: expected a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// Parses `WIDTHxHEIGHT` and checks it against the sizes a level can be generated at.
pub fn parse_map_size(text: &str) -> Result<UCoord, String> {
    let expected = || {
        format!(
            "invalid --map-size {text:?}: expected WIDTHxHEIGHT from {}x{} to {}x{}, e.g. 80x30",
            MIN_MAP_SIZE.width(),
            MIN_MAP_SIZE.height(),
            MAX_MAP_SIZE.width(),
            MAX_MAP_SIZE.height()
        )
    };
    let (width, height) = text.split_once(['x', 'X']).ok_or_else(expected)?;
    // u16 holds every valid size and cannot overflow a coordinate, whatever was typed.
    let width: u16 = whole_number(width).ok_or_else(expected)?;
    let height: u16 = whole_number(height).ok_or_else(expected)?;
    let size = UCoord::new_u16(width, height);
    if is_valid_map_size(size) {
        Ok(size)
    } else {
        Err(expected())
    }
}

fn parse_palette(text: Option<&str>) -> Result<Palette, String> {
    let Some(text) = text else {
        return Ok(Palette::Default);
    };
    Palette::from_name(text).ok_or_else(|| {
        format!("invalid --palette {text:?}: expected default, high-contrast or colour-blind")
    })
}

fn parse_colours(text: &str) -> Result<ColourMode, String> {
    match text {
        "truecolour" | "truecolor" => Ok(ColourMode::TrueColour),
        "256" => Ok(ColourMode::Palette256),
        "16" => Ok(ColourMode::Ansi16),
        _ => Err(format!(
            "invalid --colours {text:?}: expected truecolour, 256 or 16"
        )),
    }
}
