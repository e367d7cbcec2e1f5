//! The features table (`content/features.ron`): what lands on the level when something sets it
//! off (Brogue's dungeon features). A trap's plate names one; the machines that come after
//! name them too. One row says everything that happens, so a new trap is rows, not code.

use serde::{Deserialize, Serialize};

use super::error::{ContentError, field_error};
use super::gases::{GasesFile, gas_named};
use super::kinds::{FeatureKind, GasKind};
use super::tables::Entry;

/// What happens where a feature lands. A fact a row leaves out is false, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureRules<G = GasKind> {
    /// A gas let out on the cell, and how much (a volume, `content/gases.ron`).
    #[serde(default = "Option::default")]
    pub gas: Option<(G, u16)>,
    /// Fire set to every cell within this many steps of the cell (a burst's reach).
    #[serde(default = "Option::default")]
    pub flames: Option<u32>,
    /// Whoever stands on the cell or beside it is held fast for this many tries (a net).
    #[serde(default)]
    pub holds: u16,
    /// An alarm every monster within `balance::ALARM_NOISE_STEPS` steps hears, and comes to.
    #[serde(default)]
    pub alarm: bool,
    /// The floor gives way: whoever stands on the cell falls to the depth below, and what lies
    /// there is lost.
    #[serde(default)]
    pub drops: bool,
    /// The monsters held dormant in the cell that let it loose (a machine's part,
    /// `content/machines.ron`) burst out round the cell, awake.
    #[serde(default)]
    pub wakes: bool,
}

impl<G> FeatureRules<G> {
    fn map_names<H, E>(self, gas: impl FnOnce(G) -> Result<H, E>) -> Result<FeatureRules<H>, E> {
        Ok(FeatureRules {
            wakes: self.wakes,
            gas: match self.gas {
                Some((kind, volume)) => Some((gas(kind)?, volume)),
                None => None,
            },
            flames: self.flames,
            holds: self.holds,
            alarm: self.alarm,
            drops: self.drops,
        })
    }

    /// Nothing at all would happen.
    fn is_empty(&self) -> bool {
        let calm = self.holds == 0 && !self.alarm && !self.drops && !self.wakes;
        self.gas.is_none() && self.flames.is_none() && calm
    }
}

/// `content/features.ron`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FeaturesFile {
    pub kinds: Vec<Entry<FeatureRules<String>>>,
}

const TABLE: &str = "features";

/// The rows, checked: at most a byte's worth, each of its own name, each doing something, the
/// gases they name found.
pub(super) fn resolve(
    file: &FeaturesFile,
    gases: &GasesFile,
) -> Result<Vec<FeatureRules>, ContentError> {
    super::tables::check_named_once(TABLE, &file.kinds, "features")?;
    let mut rows = Vec::with_capacity(file.kinds.len());
    for entry in &file.kinds {
        let name = &entry.name;
        if entry.rules.is_empty() {
            return Err(field_error(TABLE, name, "rules", "it does nothing"));
        }
        if entry
            .rules
            .gas
            .as_ref()
            .is_some_and(|(_, volume)| *volume == 0)
        {
            return Err(field_error(TABLE, name, "gas", "a volume of at least one"));
        }
        let gas = |gas: String| gas_named(gases, TABLE, name, &gas);
        rows.push(entry.rules.clone().map_names(gas)?);
    }
    Ok(rows)
}

/// A feature's row by its name, for the tables that name features (a trap's plate).
pub(super) fn feature_named(
    file: &FeaturesFile,
    table: &'static str,
    entry: &str,
    name: &str,
) -> Result<FeatureKind, ContentError> {
    (file.kinds.iter().position(|e| e.name == name))
        .map(|i| FeatureKind(i as u8))
        .ok_or_else(|| {
            field_error(
                table,
                entry,
                "pressure_plate",
                format!("there is no feature \"{name}\" in content/features.ron"),
            )
        })
}
