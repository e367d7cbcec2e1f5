//! The browser's command line is the page address: `?seed=42&debug-omniscient` stands for
//! `--rng-seed 42 --debug-omniscient`, and goes through the native parser, so a bad value gets
//! the same one-line message.

use umbra::cli::{self, Args, Parsed};

/// What the address may say, and the flag each stands for. Nothing else makes sense in a
/// browser (no terminal, no files).
const KNOWN: [(&str, &str, bool); 8] = [
    ("seed", "--rng-seed", true),
    ("daily", "--daily", false),
    ("map-size", "--map-size", true),
    ("debug-omniscient", "--debug-omniscient", false),
    ("debug-overlays", "--debug-overlays", false),
    ("debug-wizard", "--debug-wizard", false),
    ("new-game", "--new-game", false),
    ("palette", "--palette", true),
];

/// The options in `search` (`location.search`, with or without its `?`), or what is wrong with
/// them in one line.
pub fn args(search: &str) -> Result<Args, String> {
    let mut flags = Vec::new();
    for pair in search.trim_start_matches('?').split('&') {
        if pair.is_empty() {
            continue;
        }
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let Some(&(_, flag, takes_value)) = KNOWN.iter().find(|(known, ..)| *known == name) else {
            let names: Vec<&str> = KNOWN.iter().map(|(name, ..)| *name).collect();
            return Err(format!(
                "the address asks for \"{name}\", which Umbra does not know (it knows {})",
                names.join(", ")
            ));
        };
        flags.push(flag.to_string());
        if takes_value {
            flags.push(value.to_string());
        }
    }
    match cli::parse(&flags) {
        Ok(Parsed::Play(args)) => Ok(args),
        // None can be asked for: no known name stands for --help, --version or --seed-catalog.
        Ok(Parsed::Help(_) | Parsed::Version | Parsed::Catalog { .. }) => {
            Err("the address asks for what only the command line answers".to_string())
        }
        // The message names the flag; the player wrote the address's name for it.
        Err(error) => Err(KNOWN
            .iter()
            .fold(error.message, |message, (name, flag, _)| {
                message.replace(flag, name)
            })),
    }
}

#[cfg(test)]
mod tests {
    use super::args;
    use umbra_rules::visibility::Omniscience;

    #[test]
    fn seed_and_omniscience_come_from_the_address() {
        let parsed = args("?seed=42&debug-omniscient").expect("a valid address");
        assert_eq!(parsed.rng_seed, Some(42));
        assert_eq!(parsed.options.omniscience, Omniscience::On);
        assert_eq!(args("").expect("no options").rng_seed, None);
    }

    #[test]
    fn daily_in_the_address_is_the_day_s_seed() {
        let parsed = args("?daily").expect("a valid address");
        let day = umbra::app::daily::today();
        assert_eq!(parsed.rng_seed, Some(umbra::app::daily::daily_seed(day)));
        assert_eq!(
            args("?daily&seed=3").err().as_deref(),
            Some("daily cannot be combined with seed")
        );
    }

    #[test]
    fn the_palette_comes_from_the_address() {
        use umbra::app::palettes::Palette;
        let parsed = args("?seed=3&palette=colour-blind").expect("a valid address");
        assert_eq!(parsed.palette, Palette::ColourBlind);
        let refused = args("?palette=sepia").err().unwrap_or_default();
        assert!(refused.starts_with("invalid palette"), "{refused}");
    }

    #[test]
    fn the_debugging_aids_come_from_the_address() {
        let parsed = args("?debug-overlays&debug-wizard").expect("a valid address");
        assert!(parsed.debug.overlays && parsed.debug.wizard);
        let plain = args("?seed=1").expect("a valid address");
        assert!(!plain.debug.overlays && !plain.debug.wizard);
    }

    #[test]
    fn bad_addresses_are_refused_in_words() {
        assert_eq!(
            args("?seed=abc").err().as_deref(),
            Some("invalid seed \"abc\": expected a whole number from 0 to 18446744073709551615")
        );
        assert!(args("?save-dir=/tmp").is_err_and(|e| e.contains("save-dir")));
        assert!(args("?map-size=5x5").is_err());
    }
}
