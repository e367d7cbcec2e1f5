//! Opening the page: the saved game resumed from local storage, or a new one, by the same rules
//! as the native game's start (a seed in the address starts a new game, asking first when that
//! would abandon a living one; the page reloaded with the same seed just resumes it).

use std::path::PathBuf;

use umbra::app::Notice;
use umbra::cli::Args;
use umbra::storage::{LoadError, Resumed, resume, snapshot};
use umbra_rules::game::Game;

use crate::keeper::{DAILY_ENDED_KEY, LocalKeeper, SAVE_KEY, SNAPSHOT_KEY};
use crate::store::{NotBase64, Store};

pub struct Opened {
    pub game: Game,
    pub keeper: LocalKeeper,
    pub resumed: bool,
    pub notices: Vec<Notice>,
    /// A new game with this seed was asked for while a living game is saved.
    pub ask_to_abandon: Option<u64>,
}

/// The game the page opens on, or why it cannot open: the day's daily run, ended here already.
pub fn open(
    args: &Args,
    random_seed: impl FnOnce() -> u64,
    keeper: LocalKeeper,
) -> Result<Opened, String> {
    let mut notices = Vec::new();
    let saved = load(keeper.store(), &mut notices);
    let new_seed = args.rng_seed.unwrap_or_else(random_seed);
    let wants_new = args.new_game || args.rng_seed.is_some();
    let same_seed = |game: &Game| args.rng_seed == Some(game.seed()) && !args.new_game;
    let daily_begun = saved
        .as_ref()
        .is_some_and(|(_, saved)| same_seed(&saved.game));
    if args.daily && !daily_begun && daily_ended(keeper.store(), new_seed) {
        return Err(
            "Today's daily run has been played in this browser; the next one begins at 00:00 UTC."
                .into(),
        );
    }
    let nothing_to_lose = |game: &Game| game.is_over() || game.actions().is_empty();
    if let Some((bytes, resumed)) = saved.filter(|(_, saved)| {
        let game = &saved.game;
        !(wants_new && !same_seed(game) && nothing_to_lose(game))
    }) {
        if resumed.torn_tail {
            notices.push(Notice::TornTail);
        }
        let ask_to_abandon = (wants_new && !same_seed(&resumed.game)).then_some(new_seed);
        return Ok(Opened {
            keeper: keeper.resuming(&bytes[..resumed.valid_len], resumed.cursor),
            game: resumed.game,
            resumed: true,
            notices,
            ask_to_abandon,
        });
    }
    let game = Game::new(new_seed, args.options);
    let mut keeper = keeper;
    if let Err(error) = umbra::app::Keeper::start(&mut keeper, &game) {
        notices.push(Notice::NotSaving { reason: error.0 });
    }
    Ok(Opened {
        game,
        keeper,
        resumed: false,
        notices,
        ask_to_abandon: None,
    })
}

/// True if the daily run of `seed` was played to its end in this browser.
fn daily_ended(store: &Store, seed: u64) -> bool {
    matches!(store.get(DAILY_ENDED_KEY), Ok(Some(Ok(bytes))) if bytes == seed.to_le_bytes())
}

/// The saved game and its journal's bytes, or `None` when there is none or it could not be
/// read; an unreadable one is set aside under another key and the player told.
fn load(store: &Store, notices: &mut Vec<Notice>) -> Option<(Vec<u8>, Resumed)> {
    // Storage that cannot be read cannot be written either: starting the new game says so.
    let read = store.get(SAVE_KEY).ok()??;
    let snapshot = match store.get(SNAPSHOT_KEY) {
        Ok(Some(Ok(bytes))) => snapshot::decode(bytes),
        _ => None,
    };
    let resumed = read
        .map_err(|NotBase64| LoadError::Damaged)
        .and_then(|bytes| resume(&bytes, snapshot).map(|resumed| (bytes, resumed)))
        .and_then(|(bytes, resumed)| {
            let game = &resumed.game;
            match umbra::app::daily::check_today(game.seed(), game.options().map_size) {
                Ok(()) => Ok((bytes, resumed)),
                Err(why) => Err(LoadError::Invalid(why.to_string())),
            }
        });
    match resumed {
        Ok(resumed) => Some(resumed),
        Err(error) => {
            notices.push(set_aside(store, &error));
            None
        }
    }
}

fn set_aside(store: &Store, error: &LoadError) -> Notice {
    let save = PathBuf::from(SAVE_KEY);
    let reason = error.to_string();
    let _ = store.remove(SNAPSHOT_KEY);
    match store.set_aside(SAVE_KEY) {
        Ok(aside) => Notice::SetAside {
            save,
            aside: PathBuf::from(aside),
            reason,
        },
        Err(error) => Notice::NotSetAside {
            save,
            reason,
            error,
        },
    }
}
