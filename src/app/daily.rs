//! The daily run: one seed a day (by the UTC date) for everyone playing by the same rules, as
//! DCSS's seeded play and Spelunky's daily challenge share a day's game.
//!
//! The day and the rules version are written into the seed itself, so a morgue, a score or a
//! recording says it is a daily run (and of which day) with nothing else kept: `--verify` reads
//! it from the recording's seed alone. A seed chosen at random for an ordinary game never falls
//! among the daily ones.

use coord_2d::UCoord;
use umbra_rules::game::{DEFAULT_MAP_SIZE, RULES_VERSION};

/// The top 16 bits of every daily seed.
const DAILY_TAG: u64 = 0xDA11;

/// A daily run's day and the rules version whose day it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Daily {
    /// Days since 1970-01-01 (UTC).
    pub day: u32,
    pub rules_version: u16,
}

/// The day the first daily run was played (2026-11-26): a daily run's seed of an earlier day
/// was never any day's run.
pub const FIRST_DAY: u32 = 20_783;

/// Why a seed tagged as a daily run's is no daily run anyone could have played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotADaily {
    /// Its day is still to come.
    ToCome { day: u32 },
    /// Its day came before there were daily runs.
    BeforeTheFirst { day: u32 },
    /// It is tagged with other rules than these (a recording under other rules is refused
    /// before this is asked, so the tag was written by hand).
    OtherRules { day: u32, version: u16 },
    /// It was played at another map size than the daily run's own.
    OtherMapSize { day: u32, size: UCoord },
}

impl std::fmt::Display for NotADaily {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let date = |day: u32| {
            let (year, month, day) = civil_date(day);
            format!("{year:04}-{month:02}-{day:02}")
        };
        match *self {
            Self::ToCome { day } => write!(
                f,
                "its seed is the daily run of {}, a day still to come",
                date(day)
            ),
            Self::BeforeTheFirst { day } => write!(
                f,
                "its seed is tagged as the daily run of {}, before the first daily run ({})",
                date(day),
                date(FIRST_DAY)
            ),
            Self::OtherRules { day, version } => write!(
                f,
                "its seed is tagged as the daily run of {} under rules version {version}, but it \
                 was played under rules version {RULES_VERSION}",
                date(day)
            ),
            Self::OtherMapSize { day, size } => write!(
                f,
                "its seed is the daily run of {}, but it was played at {}x{}, not the daily \
                 run's {}x{}",
                date(day),
                size.width(),
                size.height(),
                DEFAULT_MAP_SIZE.width(),
                DEFAULT_MAP_SIZE.height()
            ),
        }
    }
}

/// The daily run a game of `seed` played at `map_size` is, as of `today`: none for an ordinary
/// seed, the day's run for one any player could have begun by `today` (its day come, these
/// rules, the daily's map size), and why not for a seed tagged as a daily that no daily run
/// could have had. The one check every door asks: a resumed save, a replay and its dumps,
/// `--verify`, the browser's stored game (the command line refuses a daily seed by hand).
pub fn claim(seed: u64, map_size: UCoord, today: u32) -> Result<Option<Daily>, NotADaily> {
    let Some(daily) = daily_of(seed) else {
        return Ok(None);
    };
    let day = daily.day;
    if day > today {
        return Err(NotADaily::ToCome { day });
    }
    if day < FIRST_DAY {
        return Err(NotADaily::BeforeTheFirst { day });
    }
    if u32::from(daily.rules_version) != RULES_VERSION {
        let version = daily.rules_version;
        return Err(NotADaily::OtherRules { day, version });
    }
    if map_size != DEFAULT_MAP_SIZE {
        return Err(NotADaily::OtherMapSize {
            day,
            size: map_size,
        });
    }
    Ok(Some(daily))
}

/// [`claim`] as of today by the UTC clock, asked by every door that reads a game from bytes (a
/// resumed save, a replay and its dumps, `--verify`, the browser's stored game): a save written
/// by hand with tomorrow's daily seed is no daily run, and no game to play or score.
pub fn check_today(seed: u64, map_size: UCoord) -> Result<(), NotADaily> {
    claim(seed, map_size, today()).map(|_| ())
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
    fn a_daily_is_one_only_on_its_day_or_after_under_these_rules_at_its_own_size() {
        let today = 20_790;
        let size = DEFAULT_MAP_SIZE;
        let of = |day| claim(daily_seed(day), size, today);
        assert_eq!(claim(7, size, today), Ok(None), "an ordinary seed");
        assert!(matches!(of(today), Ok(Some(Daily { day: 20_790, .. }))));
        assert!(matches!(of(FIRST_DAY), Ok(Some(_))));
        assert_eq!(of(today + 1), Err(NotADaily::ToCome { day: today + 1 }));
        assert_eq!(
            of(FIRST_DAY - 1),
            Err(NotADaily::BeforeTheFirst { day: FIRST_DAY - 1 })
        );
        let other_rules = daily_seed(today) ^ (1 << 32);
        assert!(matches!(
            claim(other_rules, size, today),
            Err(NotADaily::OtherRules { .. })
        ));
        let small = UCoord::new(40, 24);
        assert_eq!(
            claim(daily_seed(today), small, today),
            Err(NotADaily::OtherMapSize {
                day: today,
                size: small
            })
        );
        assert!(
            NotADaily::ToCome { day: 20_784 }
                .to_string()
                .contains("2026-11-27, a day still to come")
        );
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
