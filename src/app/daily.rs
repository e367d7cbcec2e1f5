//! The daily run: one seed a day (by the UTC date) for everyone playing by the same rules, as
//! DCSS's seeded play and Spelunky's daily challenge share a day's game.
//!
//! The day and the rules version are written into the seed itself, so a morgue, a score or a
//! recording says it is a daily run (and of which day) with nothing else kept: `--verify` reads
//! it from the recording's seed alone. A seed chosen at random for an ordinary game never falls
//! among the daily ones.

use umbra_rules::game::RULES_VERSION;

/// The top 16 bits of every daily seed.
const DAILY_TAG: u64 = 0xDA11;

/// A daily run's day and the rules version whose day it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Daily {
    /// Days since 1970-01-01 (UTC).
    pub day: u32,
    pub rules_version: u16,
}

/// The seed of the daily run of `day` (days since 1970-01-01, UTC) under these rules.
pub fn daily_seed(day: u32) -> u64 {
    (DAILY_TAG << 48) | (u64::from(RULES_VERSION as u16) << 32) | u64::from(day)
}

/// The daily run a seed is, if it is one.
pub fn daily_of(seed: u64) -> Option<Daily> {
    (seed >> 48 == DAILY_TAG).then_some(Daily {
        day: seed as u32,
        rules_version: (seed >> 32) as u16,
    })
}

/// Today's day number by the UTC clock (days since 1970-01-01).
pub fn today() -> u32 {
    let since_epoch = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .unwrap_or_default();
    (since_epoch.as_secs() / 86_400) as u32
}

/// A seed for an ordinary new game from `random`: drawn again in the rare case (one in 65,536)
/// it would read as a daily run.
pub fn ordinary_seed(mut random: impl FnMut() -> u64) -> u64 {
    loop {
        let seed = random();
        if daily_of(seed).is_none() {
            return seed;
        }
    }
}

/// The date of a day number as year, month and day (the proleptic Gregorian calendar; Howard
/// Hinnant's civil-from-days).
pub fn civil_date(day: u32) -> (i64, u32, u32) {
    let z = i64::from(day) + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day_of_month = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day_of_month)
}

/// "the daily run of 2026-11-26" (and the rules it was the day's run under, if not these).
pub fn daily_words(seed: u64) -> Option<String> {
    let daily = daily_of(seed)?;
    let (year, month, day) = civil_date(daily.day);
    let rules = if u32::from(daily.rules_version) == RULES_VERSION {
        String::new()
    } else {
        format!(" under rules version {}", daily.rules_version)
    };
    Some(format!(
        "the daily run of {year:04}-{month:02}-{day:02}{rules}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_calendar_s() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_783), (2026, 11, 26));
        assert_eq!(civil_date(20_819), (2027, 1, 1));
    }

    #[test]
    fn a_day_s_seed_reads_back_as_that_day_and_no_other_seed_does() {
        let seed = daily_seed(20_783);
        assert_eq!(
            daily_of(seed),
            Some(Daily {
                day: 20_783,
                rules_version: RULES_VERSION as u16
            })
        );
        assert_ne!(daily_seed(20_784), seed);
        assert_eq!(daily_of(7), None);
        assert_eq!(
            daily_words(seed).as_deref(),
            Some("the daily run of 2026-11-26")
        );
        let mut draws = [daily_seed(3), 42].into_iter();
        assert_eq!(ordinary_seed(|| draws.next().expect("a draw")), 42);
    }
}
