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
use umbra_rules::content::{ItemKind, NpcKind};
use umbra_rules::game::RULES_VERSION;
use umbra_rules::game::{History, ItemClass, Pack};
use umbra_rules::visibility::Omniscience;
use umbra_rules::{Game, GameOptions, PlayerAction};

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
    /// The first seed tried: the one it was last recorded with.
    seed: u64,
    map_size: UCoord,
    omniscience: Omniscience,
    shows: Shows,
}

/// What a golden's run must show to be kept. The recorder plays the golden's seed and the
/// seeds after it until a run shows it, so a change of rules (which changes every run) keeps
/// each golden what its name says; the seed it settled on is reported, to be written back.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shows {
    /// Whatever the run does.
    Anything,
    AWin,
    /// A death on this depth or deeper.
    ADeathFrom(u32),
    /// A win in which an item of every class was used (a potion drunk, a scroll read, a staff
    /// and a wand zapped, a ring worn, a dart thrown, a weapon wielded, armour worn) and at
    /// least [`KINDS_USED`] kinds in all. (Not every kind: thirty-nine do not all turn up in one
    /// run, and the careful player never wields a dagger once it has found a sword.)
    AWinUsingEveryItem,
    /// A win in which every kind of the bestiary was killed, a vault's reward taken, a chasm
    /// jumped into, and a captive freed that struck blows at the player's side.
    AWinOverEveryKind,
}

/// Seeds tried from a golden's own before the recorder gives up.
const SEEDS_TRIED: u64 = 2000;
/// The kinds a win using every item must have used: a dozen, of every class.
const KINDS_USED: usize = 12;

/// Chosen to cover the rules as a player meets them (every one chooses a boon on each descent):
/// a careful win (every depth, the Sunstone, potions drunk, long rests), a careful death a few
/// levels down, a careful win that uses every class of item and every scroll (drunk, read, aimed and thrown,
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
        Shows::Anything,
    ),
    golden(
        "careful-win-small-map",
        Who::Scripted(Style::Careful),
        3,
        (30, 20),
        false,
        Shows::AWin,
    ),
    golden(
        "careful-death",
        Who::Scripted(Style::Careful),
        115,
        (40, 24),
        false,
        Shows::ADeathFrom(3),
    ),
    golden(
        "careful-every-item",
        Who::Scripted(Style::Careful),
        47,
        (40, 24),
        false,
        Shows::AWinUsingEveryItem,
    ),
    golden(
        "careful-every-kind",
        Who::Scripted(Style::Careful),
        18,
        (80, 30),
        false,
        Shows::AWinOverEveryKind,
    ),
    golden(
        "reckless-default-map",
        Who::Scripted(Style::Reckless),
        11,
        (80, 30),
        false,
        Shows::Anything,
    ),
    golden(
        "reckless-large-map",
        Who::Scripted(Style::Reckless),
        6,
        (120, 50),
        false,
        Shows::Anything,
    ),
    golden(
        "reckless-omniscient",
        Who::Scripted(Style::Reckless),
        3,
        (50, 25),
        true,
        Shows::Anything,
    ),
    golden(
        "activities",
        Who::Activities,
        4,
        (60, 30),
        false,
        Shows::Anything,
    ),
];

const fn golden(
    name: &'static str,
    who: Who,
    seed: u64,
    (width, height): (u16, u16),
    omniscient: bool,
    shows: Shows,
) -> Golden {
    Golden {
        name,
        who,
        seed,
        shows,
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
        let (seed, game, hashes) = settle(golden, options)?;
        let recording = History::of(&game);
        recording.write(&dir.join(format!("{}.umbra", golden.name)))?;
        let text = hashes_text(golden.name, &game, &hashes);
        fs::write(dir.join(format!("{}.hashes", golden.name)), text)?;
        report.push(format!(
            "{} (seed {seed}): {}, {} secret doors found, {} chasms jumped, {} vault rewards taken, {} captives freed",
            golden.name,
            ending_line(&game),
            game.secret_doors_found(),
            game.chasms_jumped(),
            game.vault_rewards().len(),
            game.allies_freed()
        ));
    }
    Ok(report)
}

/// A run kept for a golden: its seed, the game as it ended, and its hashes by action count.
type Settled = (u64, Game, Vec<(usize, u32)>);

/// The first run from the golden's seed on that shows what the golden must, with its hashes.
fn settle(golden: &Golden, options: GameOptions) -> io::Result<Settled> {
    for seed in golden.seed..golden.seed + SEEDS_TRIED {
        let mut hashes = Vec::new();
        let mut used = Vec::new();
        let mut pack_before: Option<Pack> = None;
        let mut allied_blows = 0;
        let watch = |game: &Game| {
            allied_blows += (game.events().iter())
                .filter(|e| e.is_allied_blow())
                .count();
            if game.actions().len().is_multiple_of(CHECK_EVERY) {
                hashes.push((game.actions().len(), game.state_hash()));
            }
            if let (
                Some(PlayerAction::Use { slot, .. } | PlayerAction::Throw { slot, .. }),
                Some(pack),
            ) = (game.actions().last(), &pack_before)
                && let Some(stack) = pack.get(*slot)
                && !used.contains(&stack.kind)
            {
                used.push(stack.kind);
            }
            pack_before = Some(game.pack().clone());
        };
        let game = match golden.who {
            Who::Scripted(style) => super::play_game(style, seed, options, watch),
            Who::Activities => activities::play(seed, options, watch),
        };
        if shows(golden.shows, &game, &used, allied_blows) {
            return Ok((seed, game, hashes));
        }
    }
    Err(io::Error::other(format!(
        "{}: no run of seeds {} to {} shows what it must",
        golden.name,
        golden.seed,
        golden.seed + SEEDS_TRIED - 1
    )))
}

fn shows(wanted: Shows, game: &Game, used: &[ItemKind], allied_blows: usize) -> bool {
    match wanted {
        Shows::Anything => true,
        Shows::AWin => game.is_won(),
        Shows::ADeathFrom(depth) => game.is_over() && !game.is_won() && game.depth() >= depth,
        Shows::AWinUsingEveryItem => {
            let used_class = |class| used.iter().any(|kind| kind.rules().use_.class() == class);
            game.is_won()
                && used.len() >= KINDS_USED
                && [
                    ItemClass::Potion,
                    ItemClass::Scroll,
                    ItemClass::Missile,
                    ItemClass::Weapon,
                    ItemClass::Armour,
                    ItemClass::Staff,
                    ItemClass::Wand,
                    ItemClass::Ring,
                ]
                .into_iter()
                .all(used_class)
        }
        Shows::AWinOverEveryKind => {
            game.is_won()
                && NpcKind::all().all(|kind| game.kills_of(kind) > 0)
                && !game.vault_rewards().is_empty()
                && game.chasms_jumped() > 0
                && game.allies_freed() > 0
                && allied_blows > 0
        }
    }
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
