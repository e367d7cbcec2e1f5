use std::cell::RefCell;
use std::process::ExitCode;
use std::rc::Rc;

use umbra::app::GameApp;
use umbra::cli::{self, Args, FrontendChoice, Parsed, Replay};
use umbra::frontend::{self, FrontendError};
use umbra::session;
use umbra::storage::{Recording, SaveSlot};

fn main() -> ExitCode {
    let args = match cli::parse(std::env::args_os().skip(1)) {
        Ok(Parsed::Play(args)) => args,
        Ok(Parsed::Help(usage)) => {
            print!("{usage}");
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprint!("{error}");
            return ExitCode::from(2);
        }
    };
    match &args.replay {
        Some(replay) => watch(replay, &args),
        None => play(args),
    }
}

fn wants_window(args: &Args) -> bool {
    match args.frontend {
        FrontendChoice::Graphical => true,
        FrontendChoice::Terminal => false,
        FrontendChoice::Auto => frontend::display_available(),
    }
}

fn play(args: Args) -> ExitCode {
    let slot = args
        .save_dir
        .as_deref()
        .map(SaveSlot::in_dir)
        .or_else(SaveSlot::default_location);
    // The one place randomness is not the game's RNG: choosing seeds for new games.
    let opened = session::open_game(&args, slot.as_ref(), rand::random);
    if let Some(warning) = &opened.warning {
        eprintln!("umbra: {warning}");
    }
    let game = opened.game;
    println!("RNG Seed: {}", game.seed());
    if opened.resumed {
        println!("Resuming the saved game at turn {}.", game.turn());
    }
    let graphical = wants_window(&args);
    // Seeds of games started in the terminal are printed once it is ours again, so they never
    // draw over the game; a window leaves the terminal free to print them at once.
    let seeds = Rc::new(RefCell::new(vec![game.seed()]));
    let record_seed = Rc::clone(&seeds);
    let problems = session::Problems::default();
    let app = GameApp::new(game)
        .on_new_game(move |seed| {
            if graphical {
                println!("RNG Seed: {seed}");
            }
            record_seed.borrow_mut().push(seed);
        })
        .with_keeper(session::keeper(
            slot,
            args.record.clone(),
            Rc::clone(&problems),
        ));
    let result = run(app, graphical, &args);
    if !graphical {
        for seed in seeds.borrow().iter().skip(1) {
            println!("RNG Seed: {seed}");
        }
    }
    for problem in problems.borrow().iter() {
        eprintln!("umbra: {problem}");
    }
    let current_seed = seeds.borrow().last().copied().unwrap_or_default();
    exit_code(result, current_seed)
}

fn watch(replay: &Replay, args: &Args) -> ExitCode {
    let recording = match Recording::read(&replay.file) {
        Ok(recording) => recording,
        Err(error) => {
            eprintln!("umbra: cannot replay {}: {error}", replay.file.display());
            return ExitCode::FAILURE;
        }
    };
    if replay.headless {
        print!("{}", session::headless_summary(&recording));
        return ExitCode::SUCCESS;
    }
    println!("RNG Seed: {}", recording.seed);
    let graphical = wants_window(args);
    exit_code(
        run(GameApp::replay(&recording), graphical, args),
        recording.seed,
    )
}

fn run(app: GameApp, graphical: bool, args: &Args) -> Result<(), FrontendError> {
    if graphical {
        frontend::run_graphical(app)
    } else {
        frontend::run_terminal(app, args.colours)
    }
}

fn exit_code(result: Result<(), FrontendError>, seed: u64) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error @ FrontendError::Crash(_)) => {
            eprintln!("umbra: {error}\numbra: to reproduce, run with --rng-seed {seed}");
            ExitCode::from(101)
        }
        Err(error) => {
            eprintln!("umbra: {error}");
            ExitCode::FAILURE
        }
    }
}
