use std::process::ExitCode;

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
    let app = GameApp::new(Game::new(seed, args.options));
    let graphical = match args.frontend {
        FrontendChoice::Graphical => true,
        FrontendChoice::Terminal => false,
        FrontendChoice::Auto => frontend::display_available(),
    };
    let result = if graphical {
        frontend::run_graphical(app)
    } else {
        frontend::run_terminal(app, args.colours)
    };
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
