//! The example's command line: a table of many runs, one run traced or keyed, or the golden
//! recordings made again.

use umbra_rules::GameOptions;

use crate::players::Style;

/// Runs per player in the table when no number is given.
const DEFAULT_RUNS: u64 = 200;

pub enum Request {
    Table {
        runs: u64,
        /// One player only (tuning), or all of them.
        only: Option<Style>,
        /// Where to draw the charts docs/balance.md shows (all players only).
        charts: Option<String>,
    },
    /// Every message of one run, to see how a player lives and dies.
    Trace {
        style: Style,
        seed: u64,
        options: GameOptions,
    },
    /// The run's key presses, to replay it in the real game (`umbra --rng-seed SEED`).
    Keys {
        style: Style,
        seed: u64,
        options: GameOptions,
    },
    /// Re-records the golden recordings into a directory (see `golden`).
    Golden { dir: String },
}

const USAGE: &str = "usage: balance [--runs N [PLAYER] | --runs N --charts DIR | --trace|--keys PLAYER SEED [WxH] | --golden DIR], PLAYER one of careful, careful-without-items, careful-without-allies, reckless";

fn style_named(name: &str) -> Result<Style, String> {
    Ok(match name {
        "careful" => Style::Careful,
        "careful-without-items" => Style::CarefulWithoutItems,
        "careful-without-allies" => Style::CarefulWithoutAllies,
        "reckless" => Style::Reckless,
        other => return Err(format!("no player called {other:?}; {USAGE}")),
    })
}

pub fn request_from_args() -> Result<Request, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("{text:?} is not a whole number; {USAGE}"))
    };
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => Ok(Request::Table {
            runs: DEFAULT_RUNS,
            only: None,
            charts: None,
        }),
        ["--runs", n, "--charts", dir] => Ok(Request::Table {
            runs: number(n)?.max(1),
            only: None,
            charts: Some(dir.to_string()),
        }),
        ["--golden", dir] => Ok(Request::Golden {
            dir: dir.to_string(),
        }),
        ["--runs", n, only @ ..] if only.len() <= 1 => Ok(Request::Table {
            runs: number(n)?.max(1),
            only: only.first().map(|name| style_named(name)).transpose()?,
            charts: None,
        }),
        [flag @ ("--trace" | "--keys"), style, seed, size @ ..] if size.len() <= 1 => {
            let mut options = GameOptions::default();
            if let [size] = size {
                options.map_size = map_size(size)?;
            }
            let style = style_named(style)?;
            let seed = number(seed)?;
            Ok(if *flag == "--trace" {
                Request::Trace {
                    style,
                    seed,
                    options,
                }
            } else {
                Request::Keys {
                    style,
                    seed,
                    options,
                }
            })
        }
        _ => Err(USAGE.to_string()),
    }
}

/// A map size written `WIDTHxHEIGHT`, within what levels may be.
fn map_size(text: &str) -> Result<coord_2d::UCoord, String> {
    let size = text
        .split_once('x')
        .and_then(|(w, h)| Some(coord_2d::UCoord::new(w.parse().ok()?, h.parse().ok()?)))
        .filter(|&size| umbra_rules::game::is_valid_map_size(size));
    size.ok_or_else(|| format!("{text:?} is not a map size such as 40x24; {USAGE}"))
}
