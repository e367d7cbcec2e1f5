//! The features table (`content/features.ron`): what lands on the level when something sets it
//! off (Brogue's dungeon features). A trap's plate names one; the machines that come after
//! name them too. One row says everything that happens, so a new trap is rows, not code.

use serde::{Deserialize, Serialize};

use super::error::{ContentError, field_error};
use super::gases::{GasesFile, gas_named};
use super::kinds::{FeatureKind, GasKind, Ground};
use super::tables::Entry;

/// What happens where a feature lands. A fact a row leaves out is false, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureRules<G = GasKind, D = Ground, F = FeatureKind> {
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
    /// The items lying on the two altars of its machine whose ground `commutes` trade their
    /// enchanting (Brogue's commutation altars): both must take enchanting, or nothing trades.
    #[serde(default)]
    pub commutes: bool,
    /// A blob of ground laid round the cell (Brogue's dungeon feature's spread).
    #[serde(default = "Option::default")]
    pub ground: Option<Blob<D>>,
    /// Another feature let loose on the same cell right after this one.
    #[serde(default = "Option::default")]
    pub then: Option<F>,
}

/// Ground laid in a blob: on the cell itself, then out from what was laid a step at a time,
/// each cell beside it with `start` chances in a hundred, `falloff` fewer each step out, until
/// none are left; only onto `onto` (none: onto any floor anyone walks on, bare of features).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Blob<D = Ground> {
    pub ground: D,
    pub start: u8,
    pub falloff: u8,
    #[serde(default = "Option::default")]
    pub onto: Option<D>,
}

/// How a row's names are found: its gas, its ground and its next feature.
struct Namers<'a, E> {
    gas: &'a dyn Fn(String) -> Result<GasKind, E>,
    ground: &'a dyn Fn(String) -> Result<Ground, E>,
    feature: &'a dyn Fn(String) -> Result<FeatureKind, E>,
}

impl FeatureRules<String, String, String> {
    fn map_names<E>(self, names: &Namers<E>) -> Result<FeatureRules, E> {
        let ground = match self.ground {
            Some(blob) => Some(Blob {
                ground: (names.ground)(blob.ground)?,
                start: blob.start,
                falloff: blob.falloff,
                onto: blob.onto.map(names.ground).transpose()?,
            }),
            None => None,
        };
        Ok(FeatureRules {
            wakes: self.wakes,
            commutes: self.commutes,
            ground,
            then: self.then.map(names.feature).transpose()?,
            gas: match self.gas {
                Some((kind, volume)) => Some(((names.gas)(kind)?, volume)),
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
        let calm = self.holds == 0 && !self.alarm && !self.drops && !self.wakes && !self.commutes;
        let still = self.ground.is_none() && self.then.is_none();
        self.gas.is_none() && self.flames.is_none() && calm && still
    }
}

/// `content/features.ron`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FeaturesFile {
    pub kinds: Vec<Entry<FeatureRules<String, String, String>>>,
}

const TABLE: &str = "features";

/// The rows, checked: at most a byte's worth, each of its own name, each doing something, the
/// gases, ground and features they name found, every blob ending, no feature let loose again
/// by its own `then`s.
pub(super) fn resolve(
    file: &FeaturesFile,
    gases: &GasesFile,
    ground_names: &[String],
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
        if (entry.rules.ground.as_ref())
            .is_some_and(|blob| blob.start == 0 || blob.start > 100 || blob.falloff == 0)
        {
            let reason = "a start of 1 to 100 in a hundred and a falloff of at least one";
            return Err(field_error(TABLE, name, "ground", reason));
        }
        let gas = |gas: String| gas_named(gases, TABLE, name, &gas);
        let ground = |ground: String| {
            (ground_names.iter().position(|n| *n == ground))
                .map(|i| Ground(i as u8))
                .ok_or_else(|| {
                    let reason = format!("there is no ground \"{ground}\" in content/ground.ron");
                    field_error(TABLE, name, "ground", reason)
                })
        };
        let feature = |next: String| feature_named(file, TABLE, name, &next);
        let names = Namers {
            gas: &gas,
            ground: &ground,
            feature: &feature,
        };
        rows.push(entry.rules.clone().map_names(&names)?);
    }
    check_no_loops(file, &rows)?;
    Ok(rows)
}

/// No feature's `then`s lead back to it: each row's chain ends.
fn check_no_loops(file: &FeaturesFile, rows: &[FeatureRules]) -> Result<(), ContentError> {
    for (start, entry) in file.kinds.iter().enumerate() {
        let mut next = rows[start].then;
        for _ in 0..rows.len() {
            match next {
                Some(kind) if usize::from(kind.0) == start => {
                    return Err(field_error(TABLE, &entry.name, "then", "a chain that ends"));
                }
                Some(kind) => next = rows[usize::from(kind.0)].then,
                None => break,
            }
        }
    }
    Ok(())
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
