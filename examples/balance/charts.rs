//! The charts docs/balance.md shows beside its tables, drawn as SVG from the same runs: each
//! player's win rate, and what killed the careful player on each depth. A reader sees at a
//! glance where runs end and who ends them; the tables keep the exact numbers.

use std::path::Path;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use umbra_rules::balance::FINAL_DEPTH;
use umbra_rules::game::Actor;

use super::Outcome;

/// Killers drawn in colours of their own; the rest share one bar segment, "other".
const KILLERS_NAMED: usize = 7;
const SIZE: (u32, u32) = (760, 420);

/// Draws both charts into `dir`: balance-win-rates.svg and balance-deaths.svg.
pub fn draw(dir: &Path, rates: &[(&str, f64)], careful: &[Outcome]) -> Result<(), String> {
    win_rates(&dir.join("balance-win-rates.svg"), rates).map_err(|e| e.to_string())?;
    deaths(&dir.join("balance-deaths.svg"), careful).map_err(|e| e.to_string())
}

type Drawn = Result<(), Box<dyn std::error::Error>>;

/// One bar a player, its win rate in percent written over it.
fn win_rates(path: &Path, rates: &[(&str, f64)]) -> Drawn {
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption("Win rate by player", ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(10)
        .y_label_area_size(48)
        .build_cartesian_2d(0.0..rates.len() as f64, 0.0..100.0)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .disable_x_axis()
        .light_line_style(TRANSPARENT)
        .y_label_formatter(&|y| format!("{y:.0} %"))
        .y_desc("win rate")
        .draw()?;
    for (i, &(name, rate)) in rates.iter().enumerate() {
        let x = i as f64;
        let percent = rate * 100.0;
        let colour = Palette99::pick(i).to_rgba();
        chart.draw_series([Rectangle::new(
            [(x + 0.15, 0.0), (x + 0.85, percent)],
            colour.filled(),
        )])?;
        let label = ("sans-serif", 15)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Center, VPos::Bottom));
        chart.draw_series([
            Text::new(
                format!("{percent:.0} %"),
                (x + 0.5, percent + 2.0),
                label.clone(),
            ),
            Text::new(name.to_string(), (x + 0.5, percent + 8.0), label),
        ])?;
    }
    root.present()?;
    Ok(())
}

/// The careful player's deaths on each depth, stacked by what killed it.
fn deaths(path: &Path, outcomes: &[Outcome]) -> Drawn {
    let died: Vec<&Outcome> = (outcomes.iter())
        .filter(|o| !o.won && o.killer.is_some())
        .collect();
    let named = killers_by_count(&died);
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let per_depth = |depth: u32| died.iter().filter(|o| o.depth == depth).count();
    let most = (1..=FINAL_DEPTH).map(per_depth).max().unwrap_or(0).max(1) as f64;
    let top = (most * 1.15).ceil();
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("What killed the careful player ({} deaths)", died.len()),
            ("sans-serif", 22),
        )
        .margin(16)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(0.5..FINAL_DEPTH as f64 + 0.5, 0.0..top)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(FINAL_DEPTH as usize)
        .x_label_formatter(&|x| format!("{x:.0}"))
        // Whole deaths only: as many labels as there are, up to a dozen.
        .y_labels((top as usize + 1).min(12))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .light_line_style(TRANSPARENT)
        .x_desc("depth")
        .y_desc("deaths")
        .draw()?;
    // Each killer's segments, drawn on what the killers before it stacked up.
    let mut stacked = vec![0.0; FINAL_DEPTH as usize + 1];
    let groups = (named.iter().map(|&k| Some(k))).chain([None]);
    for (i, killer) in groups.enumerate() {
        let counts: Vec<(u32, f64)> = (1..=FINAL_DEPTH)
            .map(|depth| {
                let here = died.iter().filter(|o| o.depth == depth);
                let count = match killer {
                    Some(k) => here.filter(|o| o.killer == Some(k)).count(),
                    None => here
                        .filter(|o| o.killer.is_none_or(|k| !named.contains(&k)))
                        .count(),
                };
                (depth, count as f64)
            })
            .collect();
        let colour = match killer {
            Some(_) => Palette99::pick(i).to_rgba(),
            None => RGBAColor(160, 160, 160, 1.0),
        };
        let bars: Vec<Rectangle<(f64, f64)>> = (counts.iter())
            .filter(|&&(_, count)| count > 0.0)
            .map(|&(depth, count)| {
                let base = stacked[depth as usize];
                let x = f64::from(depth);
                Rectangle::new(
                    [(x - 0.35, base), (x + 0.35, base + count)],
                    colour.filled(),
                )
            })
            .collect();
        for &(depth, count) in &counts {
            stacked[depth as usize] += count;
        }
        let name = killer.map_or_else(|| "other".to_string(), super::table::killer_name);
        chart
            .draw_series(bars)?
            .label(name)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// The killers of the most deaths, most first (the first in the tables' order on a tie).
fn killers_by_count(died: &[&Outcome]) -> Vec<Actor> {
    let mut killers: Vec<Actor> = Vec::new();
    for killer in died.iter().filter_map(|o| o.killer) {
        if !killers.contains(&killer) {
            killers.push(killer);
        }
    }
    let count = |k: Actor| died.iter().filter(|o| o.killer == Some(k)).count();
    killers.sort_by_key(|&k| std::cmp::Reverse(count(k)));
    killers.truncate(KILLERS_NAMED);
    killers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::Style;

    #[test]
    fn the_charts_name_each_player_with_its_rate_and_each_killer_they_stack() {
        let outcomes = crate::play_many(Style::Reckless, 6);
        let dir = tempfile::tempdir().expect("a directory to draw in");
        let rates = [("careful", 0.53), ("reckless", 0.01)];
        draw(dir.path(), &rates, &outcomes).expect("drawn");
        let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).expect("written");
        let wins = read("balance-win-rates.svg");
        for words in ["careful", "53 %", "reckless", "1 %"] {
            assert!(wins.contains(words), "{words} in\n{wins}");
        }
        let deaths = read("balance-deaths.svg");
        let killers: Vec<Actor> = outcomes.iter().filter_map(|o| o.killer).collect();
        assert!(!killers.is_empty(), "the reckless player dies");
        for killer in killers {
            let name = crate::table::killer_name(killer);
            assert!(deaths.contains(&name), "{name} in\n{deaths}");
        }
    }
}
