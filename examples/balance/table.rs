//! The table README.md shows: each player's runs summed up, then what killed the careful player
//! by depth.

use std::io::Write;

use umbra_rules::balance::FINAL_DEPTH;
use umbra_rules::content::NpcKind;

use super::players::Style;
use super::{Outcome, play_many, summary};

/// Plays `runs` runs of each player and prints the tables.
pub fn print(runs: u64) {
    let _ = writeln!(
        std::io::stdout(),
        "{runs} runs per player (seeds 1 to {runs}), goal: the Sunstone on depth {FINAL_DEPTH}\n"
    );
    let _ = writeln!(
        std::io::stdout(),
        "| player | wins | win rate | mean depth reached | mean turns | potions and scrolls used per run | darts thrown per run | decisions per run | secret doors found per run | chasms jumped per run | vault rewards taken per run | captives freed per run |"
    );
    let _ = writeln!(
        std::io::stdout(),
        "|---|---|---|---|---|---|---|---|---|---|---|---|"
    );
    let players = [
        ("careful", Style::Careful),
        ("careful without items", Style::CarefulWithoutItems),
        ("careful without allies", Style::CarefulWithoutAllies),
        ("reckless", Style::Reckless),
    ];
    let mut careful_deaths = Vec::new();
    for (name, style) in players {
        let outcomes = play_many(style, runs);
        if style == Style::Careful {
            careful_deaths = outcomes.clone();
        }
        let wins = outcomes.iter().filter(|o| o.won).count();
        let (rate, depth, turns) = summary(&outcomes);
        let per_run = |count: fn(&Outcome) -> u64| {
            outcomes.iter().map(count).sum::<u64>() as f64 / runs as f64
        };
        let (used, thrown) = (per_run(|o| o.items_used), per_run(|o| o.thrown));
        let decisions = per_run(|o| o.decisions);
        let secrets = per_run(|o| o.secret_doors);
        let chasms = per_run(|o| o.chasms);
        let vaults = per_run(|o| o.vaults);
        let freed = per_run(|o| o.allies_freed);
        let _ = writeln!(
            std::io::stdout(),
            "| {name} | {wins} / {runs} | {:.0} % | {depth:.1} | {turns:.0} | {used:.1} | {thrown:.1} | {decisions:.1} | {secrets:.1} | {chasms:.2} | {vaults:.2} | {freed:.2} |",
            rate * 100.0
        );
    }
    print_with_and_without_allies(&careful_deaths);
    print_killers(&careful_deaths);
}

/// The careful player's runs split by whether it freed a captive: how far an ally carries it.
fn print_with_and_without_allies(outcomes: &[Outcome]) {
    let mut out = std::io::stdout();
    for (words, freed) in [("freed a captive", true), ("freed none", false)] {
        let runs: Vec<Outcome> = (outcomes.iter())
            .filter(|o| (o.allies_freed > 0) == freed)
            .copied()
            .collect();
        let (rate, depth, _) = summary(&runs);
        let _ = writeln!(
            out,
            "\nCareful runs that {words}: {} of {}, winning {:.0} %, reaching depth {depth:.1} on average.",
            runs.len(),
            outcomes.len(),
            rate * 100.0
        );
    }
}

/// What killed the careful player, by the depth it died on: which kinds are its questions.
fn print_killers(outcomes: &[Outcome]) {
    let mut out = std::io::stdout();
    let _ = writeln!(out, "\nWhat killed the careful player, by depth:\n");
    let _ = writeln!(out, "| depth | deaths | killed by |");
    let _ = writeln!(out, "|---|---|---|");
    for depth in 1..=FINAL_DEPTH {
        let died: Vec<&Outcome> = outcomes
            .iter()
            .filter(|o| !o.won && o.depth == depth && o.killer.is_some())
            .collect();
        if died.is_empty() {
            continue;
        }
        let mut by_kind: Vec<(u32, NpcKind)> = NpcKind::all()
            .map(|kind| {
                let count = died.iter().filter(|o| o.killer == Some(kind)).count() as u32;
                (count, kind)
            })
            .filter(|&(count, _)| count > 0)
            .collect();
        by_kind.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let words: Vec<String> = by_kind
            .iter()
            .map(|&(count, kind)| format!("{} {count}", umbra::app::looks::npc(kind).name))
            .collect();
        let _ = writeln!(out, "| {depth} | {} | {} |", died.len(), words.join(", "));
    }
}
