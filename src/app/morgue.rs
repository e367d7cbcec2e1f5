//! The words of a finished run: the morgue file, how a run ended, and the high-score table.

use std::fmt::Write;

use coord_2d::{ICoord, UCoord};

use super::messages::{self, MessageLog};
use super::{looks, map};
use umbra_rules::game::{
    Actor, CellVisibility, Ending, FINAL_DEPTH, Game, HighScores, NpcKind, RULES_VERSION,
    ScoreEntry,
};

/// Messages the morgue file repeats.
const MORGUE_MESSAGES: usize = 20;

/// How a run ended, e.g. "killed by a troll on depth 4".
pub fn ending_words(ending: Ending, depth: u32) -> String {
    match ending {
        Ending::Won => format!("took {} on depth {depth}", looks::prize()),
        Ending::Died { killer } => format!("killed by {} on depth {depth}", a(killer)),
    }
}

/// The run's end as a sentence: "Killed by a troll on depth 4 after 1234 turns."
pub fn ending_sentence(game: &Game) -> String {
    let Some(ending) = game.ending() else {
        return format!(
            "Still playing on depth {} at turn {}.",
            game.depth(),
            game.turn()
        );
    };
    let words = ending_words(ending, game.depth());
    let mut chars = words.chars();
    let capital = chars.next().map(|c| c.to_ascii_uppercase()).unwrap_or(' ');
    format!("{capital}{} after {} turns.", chars.as_str(), game.turn())
}

fn a(actor: Actor) -> String {
    match actor {
        Actor::Player => "yourself".to_string(),
        Actor::Npc(kind) => messages::npc_with_article(kind),
        Actor::Ally(kind) => format!("your own {}", looks::npc(kind).name),
        Actor::Fire => "fire".to_string(),
        Actor::Gas(gas) => looks::gas(gas).name.clone(),
    }
}

/// "12 orcs, 3 trolls (15 in all)", or "none".
pub fn kill_words(game: &Game) -> String {
    let parts: Vec<String> = NpcKind::all()
        .filter(|&kind| game.kills_of(kind) > 0)
        .map(|kind| {
            let look = looks::npc(kind);
            messages::counted(game.kills_of(kind), &look.name, &look.look.plural)
        })
        .collect();
    if parts.is_empty() {
        return "none".to_string();
    }
    format!("{} ({} in all)", parts.join(", "), game.kills())
}

/// The morgue file of a finished run: who, how, the last messages and the last level's map
/// as the player remembered it.
pub fn morgue_text(game: &Game, log: &MessageLog) -> String {
    let mut text = String::new();
    let hit_points = game.player_hit_points();
    let ending = game.ending().map_or("still playing".to_string(), |e| {
        ending_words(e, game.depth())
    });
    let size = game.options().map_size;
    let _ = writeln!(text, "Umbra {} morgue file", env!("CARGO_PKG_VERSION"));
    let _ = writeln!(
        text,
        "Rules version: {RULES_VERSION}, content {:08x}",
        umbra_rules::game::content_digest()
    );
    let _ = writeln!(text, "Seed: {}", seed_words(game.seed()));
    let _ = writeln!(text, "Map size: {}x{}", size.width(), size.height());
    let _ = writeln!(text, "Result: {ending}");
    if let Some(why) = game.unscored() {
        let _ = writeln!(text, "{}", super::words::unscored_run(why));
    }
    let _ = writeln!(text, "Depth: {} of {}", game.depth(), FINAL_DEPTH);
    let _ = writeln!(text, "Turns: {}", game.turn());
    let _ = writeln!(text, "Score: {}", game.score());
    let _ = writeln!(
        text,
        "Hit points: {}/{}",
        hit_points.current, hit_points.max
    );
    let _ = writeln!(text, "Carried:");
    for (slot, stack) in game.pack().stacks() {
        // As the pack names it: its level and charges are part of what the run ended with.
        let name = super::words::stack_words(game, stack);
        let _ = writeln!(
            text,
            "  {}  {name}{}",
            super::item_messages::slot_letter(slot),
            super::words::in_use_words(game, stack)
        );
    }
    if game.pack().is_empty() {
        let _ = writeln!(text, "  nothing");
    }
    let boons: Vec<&str> = (game.boons_chosen().iter())
        .map(|&boon| super::words::boon_words(boon).0)
        .collect();
    let _ = match boons.is_empty() {
        true => writeln!(text, "Boons: none"),
        false => writeln!(text, "Boons: {}", boons.join(", ")),
    };
    let _ = writeln!(text, "Kills: {}", kill_words(game));
    let _ = writeln!(text, "Secret doors found: {}", game.secret_doors_found());
    let _ = writeln!(text, "Chasms jumped: {}", game.chasms_jumped());
    for &(kind, depth, room) in game.vault_rewards() {
        let item = super::item_names::item_words(game.item_name(kind), 1);
        let room = room.map_or("a vault", |room| &super::looks::machine(room).description);
        let _ = writeln!(text, "Took {item} from {room} on depth {depth}");
    }
    let _ = writeln!(text, "Captives freed: {}", game.allies_freed());
    for &(kind, depth, room) in game.allies_chosen() {
        let name = &super::looks::npc(kind).name;
        let room = room.map_or("a vault", |room| &super::looks::machine(room).description);
        let _ = writeln!(text, "Freed the {name} from {room} on depth {depth}");
    }
    for &(kind, depth) in game.allies_lost() {
        let name = &super::looks::npc(kind).name;
        let _ = writeln!(text, "Your {name} died on depth {depth}");
    }
    let _ = writeln!(text, "\nLast messages:");
    let skip = log.len().saturating_sub(MORGUE_MESSAGES);
    for message in log.iter().skip(skip) {
        let _ = writeln!(text, "  {}", message.shown());
    }
    let _ = writeln!(text, "\nDepth {} as remembered:", game.depth());
    remembered_map(game, &mut text);
    text
}

/// The part of the level the player has seen, cropped to what was seen.
fn remembered_map(game: &Game, text: &mut String) {
    let seen =
        |coord: ICoord| game.level().cell_view(coord).visibility != CellVisibility::NeverSeen;
    let size: UCoord = game.size();
    let (mut low, mut high) = (ICoord::new(i32::MAX, i32::MAX), ICoord::new(-1, -1));
    for coord in size.icoord_iter_row_major().filter(|&c| seen(c)) {
        low = ICoord::new(low.x.min(coord.x), low.y.min(coord.y));
        high = ICoord::new(high.x.max(coord.x), high.y.max(coord.y));
    }
    for y in low.y..=high.y {
        let row: String = (low.x..=high.x)
            .map(|x| map::glyph(&game.level().cell_view(ICoord::new(x, y))))
            .collect();
        let _ = writeln!(text, "{}", row.trim_end());
    }
}

/// What `--verify` says of a finished run replayed from its recording: its score, the
/// conditions that make it what it is and how it came by it, or why it has none (it has not
/// ended, or a debugging aid played it).
pub fn verified_line(game: &Game) -> Result<String, String> {
    if let Some(why) = game.unscored() {
        return Err(super::words::unscored_reason(why).into());
    }
    let entry = game.score_entry().ok_or("the run in it has not ended")?;
    let daily = match super::daily::daily_words(entry.seed) {
        Some(daily) => format!(", {daily}"),
        None => ", not a daily run".to_string(),
    };
    Ok(format!(
        "Score {}: seed {}{daily}, {}, {}, turn {}, {}, {}",
        entry.score,
        entry.seed,
        super::words::conditions_words(entry.conditions),
        ending_words(entry.ending, entry.depth),
        entry.turns,
        messages::counted(entry.kills, "kill", "kills"),
        super::words::build_words(&entry.boons),
    ))
}

/// The table as lines, best first, with `place` (this run) marked.
pub fn score_lines(scores: &HighScores, place: Option<usize>) -> Vec<String> {
    if scores.entries().is_empty() {
        return vec!["No finished runs yet.".to_string()];
    }
    scores
        .entries()
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            let marker = if Some(i) == place { '>' } else { ' ' };
            format!("{marker}{:2}. {}", i + 1, score_line(entry))
        })
        .collect()
}

fn score_line(entry: &ScoreEntry) -> String {
    format!(
        "{:6}  {}, turn {}, {}, {}, {}, {}",
        entry.score,
        ending_words(entry.ending, entry.depth),
        entry.turns,
        messages::counted(entry.kills, "kill", "kills"),
        super::words::build_words(&entry.boons),
        run_words(entry.seed),
        super::words::conditions_words(entry.conditions)
    )
}

/// Which run a score line is of: the day of a daily run (its seed is twenty digits, and the
/// day says more; the morgue keeps both), else the seed.
fn run_words(seed: u64) -> String {
    super::daily::daily_words(seed).unwrap_or_else(|| format!("seed {seed}"))
}

/// A seed, and the day whose daily run it is if it is one.
fn seed_words(seed: u64) -> String {
    match super::daily::daily_words(seed) {
        Some(daily) => format!("{seed} ({daily})"),
        None => seed.to_string(),
    }
}
