//! The table docs/balance.md shows: each player's runs summed up, then what killed the careful player
//! by depth.

use std::io::Write;

use umbra_rules::balance::FINAL_DEPTH;
use umbra_rules::content::{GasKind, NpcKind};
use umbra_rules::game::{Actor, Boon};

use super::players::Style;
use super::{Outcome, play_many, summary};

/// Plays `runs` runs of each player and prints the tables; each player's win rate and the
/// careful player's runs, for the charts.
pub fn print(runs: u64, only: Option<Style>) -> (Vec<(&'static str, f64)>, Vec<Outcome>) {
    let _ = writeln!(
        std::io::stdout(),
        "{runs} runs per player (seeds 1 to {runs}), goal: the Sunstone on depth {FINAL_DEPTH}\n"
    );
    let _ = writeln!(
        std::io::stdout(),
        "| player | wins | win rate | mean depth reached | mean turns | mean kills | potions and scrolls used per run | potions and scrolls left at a win | healing potions drunk per win | wins without a healing potion | spare weapons and armour at a win | darts thrown per run | stand-off turns per run | decisions per run | secret doors found per run | chasms jumped per run | reward rooms seen per run | reward rooms taken per run | captives freed per run | blows from the dark per run | killed before they noticed per run | killed by fire per run | killed by gas per run | deaths by fire | deaths by gas | item kinds used per run | item kinds used per win | bands arrived per run | healing potions left at a win | staffs and wands never used at a win | lowest health at a win | traps set off per run | traps found per run | machines set off per run | keys won per run | vault doors unlocked per run |"
    );
    let _ = writeln!(
        std::io::stdout(),
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    );
    let mut boons = Vec::new();
    let players = [
        ("careful", Style::Careful),
        ("careful without items", Style::CarefulWithoutItems),
        ("careful without allies", Style::CarefulWithoutAllies),
        ("reckless", Style::Reckless),
    ];
    let mut careful_deaths = Vec::new();
    let mut rates = Vec::new();
    for (name, style) in players
        .into_iter()
        .filter(|(_, s)| only.is_none_or(|o| o == *s))
    {
        let outcomes = play_many(style, runs);
        if style == Style::Careful {
            careful_deaths = outcomes.clone();
        }
        let wins = outcomes.iter().filter(|o| o.won).count();
        let (rate, depth, turns) = summary(&outcomes);
        rates.push((name, rate));
        let per_run = |count: fn(&Outcome) -> u64| {
            outcomes.iter().map(count).sum::<u64>() as f64 / runs as f64
        };
        let (used, thrown) = (per_run(|o| o.items_used), per_run(|o| o.thrown));
        let decisions = per_run(|o| o.decisions);
        let secrets = per_run(|o| o.secret_doors);
        let chasms = per_run(|o| o.chasms);
        let (rooms_seen, vaults) = (per_run(|o| o.rooms_seen), per_run(|o| o.vaults));
        let freed = per_run(|o| o.allies_freed);
        let sneaks = per_run(|o| o.sneak_attacks);
        let unaware = per_run(|o| o.killed_unaware);
        let (kills, standoff) = (per_run(|o| o.kills), per_run(|o| o.standoff));
        let per_win = |count: fn(&Outcome) -> u64| {
            (outcomes.iter().filter(|o| o.won)).map(count).sum::<u64>() as f64 / wins.max(1) as f64
        };
        let left = per_win(|o| o.left_at_win);
        let healing = per_win(|o| o.healing_drunk);
        let spare = per_win(|o| o.spare_gear_at_win);
        let dry_wins = (outcomes.iter())
            .filter(|o| o.won && o.healing_drunk == 0)
            .count();
        let dry = format!("{:.0} %", dry_wins as f64 * 100.0 / wins.max(1) as f64);
        let (fire_kills, gas_kills) = (per_run(|o| o.fire_kills), per_run(|o| o.gas_kills));
        let died_of =
            |of: fn(Actor) -> bool| outcomes.iter().filter(|o| o.killer.is_some_and(of)).count();
        let kinds = per_run(|o| o.kinds_used);
        let kinds_per_win = per_win(|o| o.kinds_used);
        let arrived = per_run(|o| o.arrivals);
        let healing_left = per_win(|o| o.healing_left_at_win);
        let charged_left = per_win(|o| o.charged_left_at_win);
        let lowest = per_win(|o| o.lowest_health);
        let (sprung, found) = (per_run(|o| o.traps_sprung), per_run(|o| o.traps_found));
        let (machines, unlocked) = (per_run(|o| o.machines_set_off), per_run(|o| o.keys_used));
        let keys_won = per_run(|o| o.keys_won);
        let fire_deaths = died_of(|a| a == Actor::Fire);
        let gas_deaths = died_of(|a| matches!(a, Actor::Gas(_)));
        let _ = writeln!(
            std::io::stdout(),
            "| {name} | {wins} / {runs} | {:.0} % | {depth:.1} | {turns:.0} | {kills:.0} | {used:.1} | {left:.1} | {healing:.1} | {dry} | {spare:.1} | {thrown:.1} | {standoff:.0} | {decisions:.1} | {secrets:.1} | {chasms:.2} | {rooms_seen:.2} | {vaults:.2} | {freed:.2} | {sneaks:.1} | {unaware:.1} | {fire_kills:.2} | {gas_kills:.2} | {fire_deaths} | {gas_deaths} | {kinds:.1} | {kinds_per_win:.1} | {arrived:.1} | {healing_left:.1} | {charged_left:.1} | {lowest:.0} % | {sprung:.2} | {found:.2} | {machines:.2} | {keys_won:.2} | {unlocked:.2} |",
            rate * 100.0
        );
        let chosen = (0..Boon::ALL.len())
            .map(|i| outcomes.iter().map(|o| o.boons[i]).sum::<u64>())
            .collect::<Vec<u64>>();
        boons.push((name, chosen));
    }
    print_boons(&boons);
    print_with_and_without_allies(&careful_deaths);
    print_killers(&careful_deaths);
    print_deaths_by_kind(&careful_deaths);
    (rates, careful_deaths)
}

/// What killed the careful player over all its runs, each killer with its share of the deaths:
/// no kind should cause more than a third of them (a game told by its monsters, not by one).
fn print_deaths_by_kind(outcomes: &[Outcome]) {
    let mut out = std::io::stdout();
    let died: Vec<&Outcome> = (outcomes.iter())
        .filter(|o| !o.won && o.killer.is_some())
        .collect();
    let killers = (NpcKind::all().map(Actor::Npc))
        .chain([Actor::Fire])
        .chain(GasKind::all().map(Actor::Gas));
    let mut by_killer: Vec<(usize, Actor)> = killers
        .map(|killer| {
            let count = died.iter().filter(|o| o.killer == Some(killer)).count();
            (count, killer)
        })
        .filter(|&(count, _)| count > 0)
        .collect();
    by_killer.sort_by_key(|&(count, _)| std::cmp::Reverse(count));
    let all = died.len().max(1) as f64;
    let words: Vec<String> = (by_killer.iter())
        .map(|&(count, killer)| {
            let share = count as f64 * 100.0 / all;
            format!("{} {count} ({share:.0} %)", killer_name(killer))
        })
        .collect();
    let _ = writeln!(out, "\nThe careful player's deaths by kind, all depths:\n");
    let _ = writeln!(out, "| deaths | killed by |");
    let _ = writeln!(out, "|---|---|");
    let _ = writeln!(out, "| {} | {} |", died.len(), words.join(", "));
    let largest = by_killer
        .first()
        .map_or(0.0, |&(count, _)| count as f64 * 100.0 / all);
    let _ = writeln!(
        out,
        "\nThe largest share of the careful player's deaths one killer caused: {largest:.0} %."
    );
}

/// How the players' boons were spread: each boon's share of all chosen.
fn print_boons(players: &[(&str, Vec<u64>)]) {
    let mut out = std::io::stdout();
    let names: Vec<&str> = Boon::ALL.iter().map(|&boon| boon_name(boon)).collect();
    let _ = writeln!(
        out,
        "\nBoons chosen, each one's share of a player's choices:\n"
    );
    let _ = writeln!(out, "| player | {} |", names.join(" | "));
    let _ = writeln!(out, "|---|{}", "---|".repeat(names.len()));
    for (name, chosen) in players {
        let all = chosen.iter().sum::<u64>().max(1) as f64;
        let shares: Vec<String> = (chosen.iter())
            .map(|&n| format!("{:.1} %", n as f64 * 100.0 / all))
            .collect();
        let _ = writeln!(out, "| {name} | {} |", shares.join(" | "));
    }
}

pub fn killer_name(killer: Actor) -> String {
    use umbra::app::looks;
    match killer {
        Actor::Npc(kind) | Actor::Ally(kind) => looks::npc(kind).name.clone(),
        Actor::Fire => "fire".to_string(),
        Actor::Gas(gas) => looks::gas(gas).name.clone(),
        Actor::Player => "the player".to_string(),
    }
}

fn boon_name(boon: Boon) -> &'static str {
    match boon {
        Boon::Vigour => "vigour",
        Boon::Might => "might",
        Boon::Precision => "precision",
        Boon::Swiftness => "swiftness",
        Boon::Recovery => "recovery",
    }
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
        let killers = (NpcKind::all().map(Actor::Npc))
            .chain([Actor::Fire])
            .chain(GasKind::all().map(Actor::Gas));
        let mut by_killer: Vec<(u32, usize, Actor)> = killers
            .enumerate()
            .map(|(order, killer)| {
                let count = died.iter().filter(|o| o.killer == Some(killer)).count() as u32;
                (count, order, killer)
            })
            .filter(|&(count, _, _)| count > 0)
            .collect();
        by_killer.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let words: Vec<String> = by_killer
            .iter()
            .map(|&(count, _, killer)| format!("{} {count}", killer_name(killer)))
            .collect();
        let _ = writeln!(out, "| {depth} | {} | {} |", died.len(), words.join(", "));
    }
}
