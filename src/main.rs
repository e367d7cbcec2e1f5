use std::cell::RefCell;
use std::process::ExitCode;
use std::rc::Rc;

use umbra::cli::{self, Args, FrontendChoice, Parsed};
use umbra::frontend::{self, FrontendError};
use umbra::{Game, app::GameApp};

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
    play(args)
}

fn play(args: Args) -> ExitCode {
    // The one place randomness is not from the game's RNG: choosing the seed itself.
    let seed = args.rng_seed.unwrap_or_else(rand::random);
    println!("RNG Seed: {seed}");
    let graphical = match args.frontend {
        FrontendChoice::Graphical => true,
        FrontendChoice::Terminal => false,
        FrontendChoice::Auto => frontend::display_available(),
    };
    // Seeds of games started in the terminal are printed once it is ours again, so they never
    // draw over the game; a window leaves the terminal free to print them at once.
    let later_seeds = Rc::new(RefCell::new(Vec::new()));
    let record = Rc::clone(&later_seeds);
    let app = GameApp::new(Game::new(seed, args.options)).on_new_game(move |seed| {
        if graphical {
            println!("RNG Seed: {seed}");
        } else {
            record.borrow_mut().push(seed);
        }
    });
    let result = if graphical {
        frontend::run_graphical(app)
    } else {
        frontend::run_terminal(app, args.colours)
    };
    for seed in later_seeds.borrow().iter() {
        println!("RNG Seed: {seed}");
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error @ FrontendError::Crash(_)) => {
            let seed = later_seeds.borrow().last().copied().unwrap_or(seed);
            eprintln!("umbra: {error}\numbra: to reproduce, run with --rng-seed {seed}");
            ExitCode::from(101)
        }
        Err(error) => {
            eprintln!("umbra: {error}");
            ExitCode::FAILURE
        }
    }
}
