use std::io::{self, Write};
use std::process::ExitCode;

use umbra::app::keymap::Keymap;
use umbra::app::{GameApp, Notice, keys_file, notice_report};
use umbra::cli::{self, Args, FrontendChoice, Parsed, Replay};
use umbra::frontend::{self, Ending, FrontendError, Signals, signals};
use umbra::session::{self, Opened, Reporter};
use umbra::storage::{RecordingEnd, SaveSlot, read_capped, read_watched, runs};

fn main() -> ExitCode {
    let args = match cli::parse(std::env::args_os().skip(1)) {
        Ok(Parsed::Play(args)) => args,
        Ok(Parsed::Help(usage)) => {
            say(&usage);
            return ExitCode::SUCCESS;
        }
        Ok(Parsed::Version) => {
            say(&format!("{}\n", umbra::app::version_line()));
            return ExitCode::SUCCESS;
        }
        Ok(Parsed::Catalog { seed, map_size }) => {
            if let Err(problem) = umbra::app::looks::check_content() {
                complain(&problem);
                return ExitCode::FAILURE;
            }
            say(&umbra::app::catalog_text(seed, map_size));
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            let _ = write!(io::stderr(), "{error}");
            return ExitCode::from(2);
        }
    };
    if let Err(problem) = umbra::app::looks::check_content() {
        complain(&problem);
        return ExitCode::FAILURE;
    }
    if args.show_scores {
        return show_scores(&args);
    }
    if let Some(file) = &args.verify {
        return verify(file);
    }
    // Refused before the terminal is taken, and before anything is written.
    let keymap = match read_keymap(&args) {
        Ok(keymap) => keymap,
        Err(problem) => {
            complain(&problem);
            return ExitCode::from(2);
        }
    };
    if args.print_keys {
        say(&keys_file::print(&keymap));
        return ExitCode::SUCCESS;
    }
    match &args.replay {
        Some(replay) => watch(replay, &args, keymap),
        None => play(args, keymap),
    }
}

/// The keys to play with: `--keys FILE`, else `keys.toml` in the platform's config directory
/// when there is one, else the defaults; or why the file cannot be used, in one line.
fn read_keymap(args: &Args) -> Result<Keymap, String> {
    let (path, named) = match &args.keys {
        Some(path) => (path.clone(), true),
        None => match directories::ProjectDirs::from("", "", "umbra") {
            Some(dirs) => (dirs.config_dir().join("keys.toml"), false),
            None => return Ok(Keymap::default()),
        },
    };
    let unreadable = |why: String| format!("cannot read the keys file {}: {why}", path.display());
    // The config directory's file is read only if it is there to be seen (a directory this user
    // cannot look into holds none of its files).
    if !named && std::fs::metadata(&path).is_err() {
        return Ok(Keymap::default());
    }
    // Read with a cap whatever size the file claims: `/proc/self/pagemap` says 0 and never ends.
    let bytes = read_capped(&path, MAX_KEYS_FILE).map_err(|error| unreadable(error.to_string()))?;
    let text = String::from_utf8(bytes).map_err(|_| unreadable("it is not text (UTF-8)".into()))?;
    keys_file::parse(&text).map_err(|error| format!("keys file {}: {error}", path.display()))
}

/// Far more than every action with every key: a longer file is not a keys file.
const MAX_KEYS_FILE: u64 = 64 * 1024;

/// `--scores`: the table of the save directory, or one line saying why it cannot be read (the
/// file is left exactly as it is).
fn show_scores(args: &Args) -> ExitCode {
    let Some(slot) = save_slot(args) else {
        complain(
            "there is no data directory to read the high scores from; name one with --save-dir",
        );
        return ExitCode::FAILURE;
    };
    match runs::read_scores(slot.dir()) {
        Ok(scores) => {
            let mut text = "Umbra high scores\n".to_string();
            for line in umbra::app::score_lines(&scores.table, None) {
                text.push_str(&line);
                text.push('\n');
            }
            say(&text);
            ExitCode::SUCCESS
        }
        Err(error) => {
            let path = runs::scores_path(slot.dir());
            complain(&format!(
                "cannot read the high scores {}: {error}",
                path.display()
            ));
            ExitCode::FAILURE
        }
    }
}

/// `--verify FILE`: the score of the finished run the recording holds, replayed from its
/// actions (so it cannot claim more than they earn), or one line saying why it has none.
fn verify(file: &std::path::Path) -> ExitCode {
    let refuse = |why: &str| {
        complain(&format!("cannot verify {}: {why}", file.display()));
        ExitCode::FAILURE
    };
    let watched = match read_watched(file) {
        Ok(watched) => watched,
        Err(error) => return refuse(&error.to_string()),
    };
    let history = &watched.history;
    if let Err(why) = umbra::app::daily::check_today(history.seed, history.options.map_size) {
        return refuse(&why.to_string());
    }
    if watched.end != RecordingEnd::Whole {
        return refuse(
            "it is not a finished run's recording (not written whole: cut short, or a save still being played)",
        );
    }
    match umbra::app::verified_line(&watched.history.play_to_end()) {
        Ok(line) => {
            say(&format!("{line}\n"));
            ExitCode::SUCCESS
        }
        Err(why) => refuse(&why),
    }
}

fn save_slot(args: &Args) -> Option<SaveSlot> {
    match &args.save_dir {
        Some(dir) => Some(SaveSlot::in_dir(dir)),
        None => SaveSlot::default_location(),
    }
}

/// Prints to stdout; a closed or vanished stdout is not worth a panic.
fn say(text: &str) {
    let _ = write!(io::stdout(), "{text}");
    let _ = io::stdout().flush();
}

/// One line on stderr, which may itself be a terminal that has gone away.
fn complain(text: &str) {
    let _ = writeln!(io::stderr(), "umbra: {text}");
}

fn wants_window(args: &Args) -> bool {
    match args.frontend {
        FrontendChoice::Graphical => true,
        FrontendChoice::Terminal => false,
        FrontendChoice::Auto => frontend::display_available(),
    }
}

fn play(args: Args, keymap: Keymap) -> ExitCode {
    let graphical = wants_window(&args);
    let (reporter, reports) = session::reporting();
    let opened = match open(&args, graphical, reporter) {
        Ok(opened) => opened,
        Err(message) => {
            complain(&message);
            return ExitCode::FAILURE;
        }
    };
    let first_seed = opened.game.seed();
    say(&format!("{}\n", umbra::app::seed_line(first_seed)));
    if opened.resumed {
        say(&format!("{}\n", umbra::app::resuming_line(&opened.game)));
    }
    let app = app_for(opened)
        .with_debug(args.debug)
        .with_keymap(keymap)
        .with_palette(args.palette);
    let result = run(app, graphical, &args);
    let report = reports.collect();
    for seed in &report.new_seeds {
        say(&format!("{}\n", umbra::app::seed_line(*seed)));
    }
    for problem in &report.problems {
        complain(problem);
    }
    let seed = report.new_seeds.last().copied().unwrap_or(first_seed);
    match exit_code(result, seed) {
        code if code == ExitCode::SUCCESS && !report.problems.is_empty() => ExitCode::FAILURE,
        code => code,
    }
}

/// The game to play and where it is kept. Everything that can be refused without writing comes
/// before the terminal is checked, and nothing is written before it is.
fn open(args: &Args, graphical: bool, reporter: Reporter) -> Result<Opened, String> {
    let slot = save_slot(args)
        .ok_or("there is no data directory to keep the save in; name one with --save-dir")?;
    let frontend_ready = || {
        let ready = if graphical {
            frontend::check_display()
        } else {
            frontend::check_term()
        };
        ready.map_err(|error| error.to_string())
    };
    // Claiming a save that is not there yet creates its directory: a run that cannot play
    // must not, so then the place is checked without making it, and the frontend asked,
    // before the claim.
    session::check_record(args, Some(&slot)).map_err(|error| error.to_string())?;
    let fresh = !slot.dir().exists();
    if fresh {
        slot.check_creatable().map_err(|error| error.to_string())?;
        frontend_ready()?;
    }
    let loaded = session::claim(args, Some(&slot))
        .and_then(session::Claimed::load)
        .map_err(|error| error.to_string())?;
    if !fresh {
        frontend_ready()?;
    }
    // The one place randomness is not the game's RNG: choosing seeds for new games.
    let opened = loaded.start(
        args,
        || umbra::app::daily::ordinary_seed(rand::random),
        reporter,
    );
    opened.map_err(|error| error.to_string())
}

fn app_for(opened: Opened) -> GameApp {
    let mut app = GameApp::new(opened.game).with_keeper(opened.keeper);
    for notice in &opened.notices {
        complain(&umbra::app::notice_report(notice));
        app = app.with_notice(notice);
    }
    match opened.ask_to_abandon {
        Some(seed) => app.asking_to_abandon(seed),
        None => app,
    }
}

fn watch(replay: &Replay, args: &Args, keymap: Keymap) -> ExitCode {
    let watched = match read_watched(&replay.file) {
        Ok(watched) => watched,
        Err(error) => {
            complain(&format!("cannot replay {}: {error}", replay.file.display()));
            return ExitCode::FAILURE;
        }
    };
    let recording = watched.history;
    if let Err(why) = umbra::app::daily::check_today(recording.seed, recording.options.map_size) {
        complain(&format!("cannot replay {}: {why}", replay.file.display()));
        return ExitCode::FAILURE;
    }
    let notice = match watched.end {
        RecordingEnd::Whole => None,
        RecordingEnd::Live { torn_tail } => Some(Notice::LiveRecording { torn_tail }),
    };
    if replay.headless {
        if let Some(notice) = &notice {
            complain(&format!(
                "{}: {}",
                replay.file.display(),
                notice_report(notice)
            ));
        }
        match replay.dump_at {
            Some(turn) => say(&session::dump_at(&recording, turn)),
            None => say(&session::headless_summary(&recording)),
        }
        return ExitCode::SUCCESS;
    }
    say(&format!("{}\n", umbra::app::seed_line(recording.seed)));
    let graphical = wants_window(args);
    let mut app = GameApp::replay(&recording)
        .with_debug(args.debug)
        .with_keymap(keymap)
        .with_palette(args.palette);
    if let Some(notice) = &notice {
        app = app.with_notice(notice);
    }
    exit_code(run(app, graphical, args), recording.seed)
}

fn run(app: GameApp, graphical: bool, args: &Args) -> Result<Ending, FrontendError> {
    let signals = Signals::install(!graphical)
        .map_err(|error| FrontendError::Terminal(format!("cannot catch signals: {error}")))?;
    if graphical {
        frontend::run_graphical(app, &signals)
    } else {
        frontend::run_terminal(app, args.colours, args.mouse, &signals)
    }
}

fn exit_code(result: Result<Ending, FrontendError>, seed: u64) -> ExitCode {
    match result {
        Ok(Ending::Quit) => ExitCode::SUCCESS,
        Ok(Ending::Signal(signal)) => ExitCode::from(signals::exit_code(signal)),
        Err(error @ FrontendError::Crash(_)) => {
            complain(&format!(
                "{error}\numbra: to reproduce, run with --rng-seed {seed}"
            ));
            ExitCode::from(101)
        }
        Err(error) => {
            complain(&error.to_string());
            ExitCode::FAILURE
        }
    }
}
