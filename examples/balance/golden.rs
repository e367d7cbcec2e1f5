//! Golden recordings: whole runs by the scripted players, kept in `tests/golden/` as recordings
//! (`NAME.umbra`, the game's own format, rules version in its header) beside the state hash after
//! every `CHECK_EVERY` actions (`NAME.hashes`). `tests/golden.rs` replays them and fails at the
//! first checkpoint where the game differs, so any change to a rule a player would notice fails
//! `cargo test`. A change made on purpose bumps `RULES_VERSION` and re-records, in one commit:
//! `cargo run --release --example balance -- --golden tests/golden`.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

use coord_2d::UCoord;
use umbra::storage::RecordingFile;
use umbra_rules::game::History;
use umbra_rules::game::RULES_VERSION;
use umbra_rules::visibility::Omniscience;
use umbra_rules::{Game, GameOptions};

#[path = "../../tests/support/golden_ending.rs"]
mod golden_ending;

use super::activities;
use super::players::Style;
use golden_ending::ending_line;

/// Often enough to name the turn where a game first differs, few enough lines to stay small.
const CHECK_EVERY: usize = 50;

/// Who plays a golden run: one of the balance players, or one that uses the game's activities.
#[derive(Clone, Copy)]
enum Who {
    Scripted(Style),
    Activities,
}

struct Golden {
    name: &'static str,
    who: Who,
    seed: u64,
    map_size: UCoord,
    omniscience: Omniscience,
}

/// Chosen to cover the rules as a player meets them (every one chooses a boon on each descent):
/// a careful win (every depth, the Sunstone, potions drunk, long rests), a careful death a few
/// levels down, a careful win that uses every item kind (drunk, read, aimed and thrown,
/// weapons wielded and armour worn), a careful win on the default map that kills
/// every kind of the bestiary (archers, shamans, jackals, ogres, bloats bursting), takes from
/// vaults and jumps into a chasm, reckless
/// dives on the default and a large map (many fights), one seen with omniscience, one played
/// with the game's own explore, rest, travel and run, and one on the smallest map, where rooms
/// are cut to fit.
const GOLDENS: [Golden; 9] = [
    golden(
        "careful-smallest-map",
        Who::Scripted(Style::Careful),
        5,
        (20, 15),
        false,
    ),
    golden(
        "careful-win-small-map",
        Who::Scripted(Style::Careful),
        3,
        (30, 20),
        false,
    ),
    golden(
        "careful-death",
        Who::Scripted(Style::Careful),
        82,
        (40, 24),
        false,
    ),
    golden(
        "careful-every-item",
        Who::Scripted(Style::Careful),
        26,
        (40, 24),
        false,
    ),
    golden(
        "careful-every-kind",
        Who::Scripted(Style::Careful),
        12,
        (80, 30),
        false,
    ),
    golden(
        "reckless-default-map",
        Who::Scripted(Style::Reckless),
        11,
        (80, 30),
        false,
    ),
    golden(
        "reckless-large-map",
        Who::Scripted(Style::Reckless),
        6,
        (120, 50),
        false,
    ),
    golden(
        "reckless-omniscient",
        Who::Scripted(Style::Reckless),
        3,
        (50, 25),
        true,
    ),
    golden("activities", Who::Activities, 4, (60, 30), false),
];

const fn golden(
    name: &'static str,
    who: Who,
    seed: u64,
    (width, height): (u16, u16),
    omniscient: bool,
) -> Golden {
    Golden {
        name,
        who,
        seed,
        map_size: UCoord::new_u16(width, height),
        omniscience: if omniscient {
            Omniscience::On
        } else {
            Omniscience::Off
        },
    }
}

/// Plays and writes every golden recording into `dir`; returns a line about each.
pub fn record(dir: &Path) -> io::Result<Vec<String>> {
    fs::create_dir_all(dir)?;
    let mut report = Vec::new();
    for golden in &GOLDENS {
        let options = GameOptions {
            map_size: golden.map_size,
            omniscience: golden.omniscience,
        };
        let mut hashes = Vec::new();
        let watch = |game: &Game| {
            if game.actions().len().is_multiple_of(CHECK_EVERY) {
                hashes.push((game.actions().len(), game.state_hash()));
            }
        };
        let game = match golden.who {
            Who::Scripted(style) => super::play_game(style, golden.seed, options, watch),
            Who::Activities => activities::play(golden.seed, options, watch),
        };
        let recording = History::of(&game);
        recording.write(&dir.join(format!("{}.umbra", golden.name)))?;
        let text = hashes_text(golden.name, &game, &hashes);
        fs::write(dir.join(format!("{}.hashes", golden.name)), text)?;
        report.push(format!(
            "{}: {}, {} secret doors found, {} chasms jumped, {} vault rewards taken",
            golden.name,
            ending_line(&game),
            game.secret_doors_found(),
            game.chasms_jumped(),
            game.vault_rewards().len()
        ));
    }
    Ok(report)
}

fn hashes_text(name: &str, game: &Game, hashes: &[(usize, u32)]) -> String {
    let start = Game::new(game.seed(), game.options()).state_hash();
    let mut text = format!(
        "# Golden recording {name}: the state hash after every {CHECK_EVERY} actions; see \
         tests/golden.rs.\n# Re-record: cargo run --release --example balance -- --golden \
         tests/golden\nrules-version {RULES_VERSION}\n{}\nhash 0 {start:08x}\n",
        ending_line(game)
    );
    for (actions, hash) in hashes {
        let _ = writeln!(text, "hash {actions} {hash:08x}");
    }
    if !game.actions().len().is_multiple_of(CHECK_EVERY) {
        let _ = writeln!(
            text,
            "hash {} {:08x}",
            game.actions().len(),
            game.state_hash()
        );
    }
    text
}
