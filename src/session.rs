//! One run of the program around the game: resuming a saved game or starting one, keeping the
//! save and the recording up to date, and replaying recordings. Frontend-agnostic.

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

use crate::cli::Args;
use crate::game::Game;
use crate::storage::{LoadError, Recording, SaveSlot};

/// How the game to play was found.
pub struct Opened {
    pub game: Game,
    pub resumed: bool,
    /// Something the player should be told on stderr (an unreadable save was set aside).
    pub warning: Option<String>,
}

/// Resumes the saved game unless a new one is asked for (`--new-game` or `--rng-seed`). An
/// unreadable save is renamed out of the way, never deleted, and a new game starts.
pub fn open_game(
    args: &Args,
    slot: Option<&SaveSlot>,
    random_seed: impl FnOnce() -> u64,
) -> Opened {
    let new_game = |warning| Opened {
        game: Game::new(args.rng_seed.unwrap_or_else(random_seed), args.options),
        resumed: false,
        warning,
    };
    let Some(slot) = slot.filter(|_| !args.new_game && args.rng_seed.is_none()) else {
        return new_game(None);
    };
    match slot.load() {
        Ok(Some(game)) => Opened {
            game,
            resumed: true,
            warning: None,
        },
        Ok(None) => new_game(None),
        Err(error) => new_game(Some(unreadable_save(slot, &error))),
    }
}

fn unreadable_save(slot: &SaveSlot, error: &LoadError) -> String {
    let path = slot.path().display();
    match slot.set_aside() {
        Ok(aside) => format!(
            "the save {path} could not be read: {error}; it was kept as {} and a new game starts",
            aside.display()
        ),
        Err(rename) => format!(
            "the save {path} could not be read: {error}; it could not be moved aside either \
             ({rename}) and a new game starts"
        ),
    }
}

/// Problems met while saving, reported once the screen is the terminal's again.
pub type Problems = Rc<RefCell<Vec<String>>>;

/// What the app calls to keep a game: a living game is saved, an ended one (death or a cleared
/// level) loses its save; the recording is written either way.
pub fn keeper(
    slot: Option<SaveSlot>,
    record: Option<PathBuf>,
    problems: Problems,
) -> impl FnMut(&Game) + 'static {
    move |game: &Game| {
        if let Some(slot) = &slot {
            let ended = game.is_over() || game.is_cleared();
            let result = if ended {
                slot.delete()
            } else {
                slot.store(game)
            };
            if let Err(error) = result {
                let path = slot.path().display();
                problems
                    .borrow_mut()
                    .push(format!("could not update the save {path}: {error}"));
            }
        }
        if let Some(path) = &record
            && let Err(error) = Recording::of(game).write(path)
        {
            let path = path.display();
            problems
                .borrow_mut()
                .push(format!("could not write the recording {path}: {error}"));
        }
    }
}

/// The result of replaying a recording with no screen.
pub fn headless_summary(recording: &Recording) -> String {
    let game = recording.play_to_end();
    let hit_points = game.player_hit_points();
    let outcome = if game.is_over() {
        "the player died"
    } else if game.is_cleared() {
        "the level was cleared"
    } else {
        "the player was still exploring"
    };
    format!(
        "Replayed {} actions of seed {}: turn {}, HP {}/{}, {} kills, {} enemies left; {outcome}.\n\
         State hash: {:016x}\n",
        recording.actions.len(),
        recording.seed,
        game.turn(),
        hit_points.current,
        hit_points.max,
        game.kills(),
        game.enemies_left(),
        game.state_hash()
    )
}
