//! Captives: bands in the bestiary whose leader is held by the others (Brogue's captive
//! hordes). Each row names its captive and its captors by their bestiary names; a level holds
//! one such band with the table's chance at its depth, its kind drawn by the rows' weights.

use serde::Serialize;

use super::error::field_error;
use super::spawn::{Ramp, Spawn};
use super::tables::CaptivesFile;
use super::{ContentError, NpcKind};

/// The captive bands as the rules use them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Captives {
    /// The depths a captive may be found on, and the chance in a hundred that a level of them
    /// holds one, from the first depth of the window to the last.
    pub depths: (u32, u32),
    pub chance: Ramp,
    pub bands: Vec<CaptiveBand>,
}

/// One kind of captive band.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CaptiveBand {
    pub captive: NpcKind,
    pub captors: NpcKind,
    /// How many captors (inclusive range).
    pub count: (u32, u32),
    pub spawn: Spawn,
}

impl Captives {
    /// The chance in a hundred that a level of `depth` holds a captive band.
    pub fn chance_at(&self, depth: u32) -> u32 {
        self.chance.at(self.depths, depth)
    }
}

/// The captive bands with their kinds found by name in `names` (the bestiary's, in order).
pub(super) fn resolve(file: CaptivesFile, names: &[String]) -> Result<Captives, ContentError> {
    let table = "bestiary";
    let whole = |reason: &str| field_error(table, "captives", "captives", reason);
    let (first, last) = file.depths;
    if first == 0 || first > last || last > crate::balance::FINAL_DEPTH {
        return Err(whole("depths outside the dungeon or backwards"));
    }
    if file.chance.first.max(file.chance.last) > 100 {
        return Err(whole("a chance above a hundred"));
    }
    let kind = |band: &str, field: &'static str, name: &str| {
        (names.iter().position(|n| n == name))
            .map(NpcKind::at)
            .ok_or_else(|| field_error(table, band, field, format!("no kind named \"{name}\"")))
    };
    let bands = (file.bands.into_iter())
        .map(|band| {
            let name = format!("captive {}", band.captive);
            let (fewest, most) = band.count;
            if fewest == 0 || fewest > most {
                return Err(field_error(table, &name, "count", "none, or backwards"));
            }
            let (from, to) = band.spawn.depths;
            if from > to || from < first || to > last {
                return Err(field_error(
                    table,
                    &name,
                    "spawn",
                    "depths outside `captives`'",
                ));
            }
            let captive = kind(&name, "captive", &band.captive)?;
            let captors = kind(&name, "captors", &band.captors)?;
            if captive == captors {
                return Err(field_error(
                    table,
                    &name,
                    "captors",
                    "the captive's own kind",
                ));
            }
            Ok(CaptiveBand {
                captive,
                captors,
                count: band.count,
                spawn: band.spawn,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Captives {
        depths: file.depths,
        chance: file.chance,
        bands,
    })
}
