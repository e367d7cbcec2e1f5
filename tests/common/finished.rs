//! Apps that keep their finished runs in a directory, and the files they leave there.

use std::fs;
use std::path::{Path, PathBuf};

use umbra::app::GameApp;
use umbra::cli::{self, Parsed};
use umbra::session::{self, Opened};
use umbra::storage::SaveSlot;
use umbra_rules::{Game, GameOptions};

/// An app keeping its runs in `dir`, playing a hand-made level.
pub fn app_in(dir: &Path, map: &[&str]) -> GameApp {
    let args = match cli::parse(["--save-dir", dir.to_str().expect("UTF-8")]) {
        Ok(Parsed::Play(args)) => args,
        _ => panic!("arguments parse"),
    };
    let slot = SaveSlot::in_dir(dir);
    let Opened { keeper, .. } =
        session::open_game(&args, Some(&slot), || 1, session::reporting().0).expect("opens");
    let (game, _) = Game::from_ascii(map, GameOptions::default()).expect("valid map");
    // Enough hit points for a fight of more messages than the morgue keeps.
    GameApp::new(game.with_player_max_hit_points(60)).with_keeper(keeper)
}

/// The run files in `dir` whose names end in `suffix`, in order.
pub fn files_named(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .expect("readable")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.to_string_lossy().ends_with(suffix))
        .filter(|path| {
            path.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("run-"))
        })
        .collect();
    files.sort();
    files
}
