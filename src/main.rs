use std::cell::RefCell;
use std::io::{self, Write};
use std::process::ExitCode;
use std::rc::Rc;

use umbra::app::GameApp;
use umbra::cli::{self, Args, FrontendChoice, Parsed, Replay};
use umbra::frontend::{self, Ending, FrontendError, Signals, signals};
use umbra::session::{self, Report};
use umbra::storage::{Recording, SaveSlot};

fn main() -> ExitCode {
    let args = match cli::parse(std::env::args_os().skip(1)) {
        Ok(Parsed::Play(args)) => args,
        Ok(Parsed::Help(usage)) => {
            say(&usage);
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            let _ = write!(io::stderr(), "{error}");
            return ExitCode::from(2);
        }
    };
    match &args.replay {
        Some(replay) => watch(replay, &args),
        None => play(args),
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

fn play(args: Args) -> ExitCode {
    let slot = match &args.save_dir {
        Some(dir) => SaveSlot::in_dir(dir),
        None => match SaveSlot::default_location() {
            Some(slot) => slot,
            None => {
                complain(
                    "there is no data directory to keep the save in; name one with --save-dir",
                );
                return ExitCode::FAILURE;
            }
        },
    };
    // Everything that can be refused without writing comes before the terminal is checked,
    // and nothing is written before it is.
    let loaded = match session::claim(&args, Some(&slot)).and_then(session::Claimed::load) {
        Ok(loaded) => loaded,
        Err(error) => {
            complain(&error.to_string());
            return ExitCode::FAILURE;
        }
    };
    let graphical = wants_window(&args);
    if !graphical && let Err(error) = frontend::check_term() {
        complain(&error.to_string());
        return ExitCode::FAILURE;
    }
    let report = Rc::new(RefCell::new(Report::default()));
    // The one place randomness is not the game's RNG: choosing seeds for new games.
    let opened = match loaded.start(&args, rand::random, Rc::clone(&report)) {
        Ok(opened) => opened,
        Err(error) => {
            complain(&error.to_string());
            return ExitCode::FAILURE;
        }
    };
    let first_seed = opened.game.seed();
    say(&format!("RNG Seed: {first_seed}\n"));
    if opened.resumed {
        say(&format!(
            "Resuming the saved game at turn {}.\n",
            opened.game.turn()
        ));
    }
    let mut app = GameApp::new(opened.game).with_keeper(opened.keeper);
    for notice in &opened.notices {
        complain(&umbra::app::notice_report(notice));
        app = app.with_notice(notice);
    }
    if let Some(seed) = opened.ask_to_abandon {
        app = app.asking_to_abandon(seed);
    }
    let result = run(app, graphical, &args);
    let report = report.borrow();
    for seed in &report.new_seeds {
        say(&format!("RNG Seed: {seed}\n"));
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

fn watch(replay: &Replay, args: &Args) -> ExitCode {
    let recording = match Recording::read(&replay.file) {
        Ok(recording) => recording,
        Err(error) => {
            complain(&format!("cannot replay {}: {error}", replay.file.display()));
            return ExitCode::FAILURE;
        }
    };
    if replay.headless {
        say(&session::headless_summary(&recording));
        return ExitCode::SUCCESS;
    }
    say(&format!("RNG Seed: {}\n", recording.seed));
    let graphical = wants_window(args);
    exit_code(
        run(GameApp::replay(&recording), graphical, args),
        recording.seed,
    )
}

fn run(app: GameApp, graphical: bool, args: &Args) -> Result<Ending, FrontendError> {
    let signals = Signals::install(!graphical)
        .map_err(|error| FrontendError::Terminal(format!("cannot catch signals: {error}")))?;
    if graphical {
        frontend::run_graphical(app, &signals)
    } else {
        frontend::run_terminal(app, args.colours, &signals)
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
