//! The gas table (`content/gases.ron`): every kind of gas as a row of what it does to whoever
//! stands in it and how fast it thins. How gas spreads is one rule for every kind
//! (`world::gas`).

use serde::{Deserialize, Serialize};

use super::error::{ContentError, Problem, field_error};
use super::kinds::GasKind;
use super::tables::Entry;

/// What a gas does to whoever stands in it thick enough (`balance::GAS_HARMS_AT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GasHarm {
    /// This much damage a turn (inclusive range).
    Caustic((u32, u32)),
    /// Stumbling at random for this many turns, renewed while it stays in it.
    Confuses(u32),
    /// Harmless until fire meets it: then it burns in a flash, and where it is thick
    /// (`balance::GAS_EXPLODES_AT`) it explodes for this much damage.
    Burns((u32, u32)),
}

/// What one kind of gas does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GasRules {
    pub harm: GasHarm,
    /// How much of a cell's volume is gone each turn, in a hundred.
    pub thins: u32,
}

impl GasRules {
    /// True for a gas that hurts or confuses whoever stands in it, as it lies: what every
    /// creature keeps out of.
    pub fn harms(&self) -> bool {
        !matches!(self.harm, GasHarm::Burns(_))
    }
}

/// `content/gases.ron`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GasesFile {
    pub kinds: Vec<Entry<GasRules>>,
}

const TABLE: &str = "gases";

/// The rows, checked: at least one, at most a byte's worth, damage from at least one to its
/// most, a thinning of at most all of it.
pub(super) fn resolve(file: GasesFile) -> Result<Vec<GasRules>, ContentError> {
    if file.kinds.is_empty() || file.kinds.len() >= usize::from(u8::MAX) {
        return Err(ContentError {
            table: TABLE,
            entry: None,
            problem: Problem::Field {
                field: "kinds",
                reason: format!("from 1 to {} kinds", u8::MAX - 1),
            },
        });
    }
    for (i, entry) in file.kinds.iter().enumerate() {
        let fail = |field, reason: &str| Err(field_error(TABLE, &entry.name, field, reason));
        let rules = entry.rules;
        match rules.harm {
            GasHarm::Caustic((least, most)) | GasHarm::Burns((least, most))
                if least == 0 || least > most =>
            {
                return fail("harm", "damage runs from at least one to its most");
            }
            GasHarm::Confuses(0) => return fail("harm", "confusion lasts at least a turn"),
            _ => (),
        }
        if rules.thins > 100 {
            return fail("thins", "at most a hundred in a hundred");
        }
        if file.kinds[..i].iter().any(|other| other.name == entry.name) {
            return fail("name", "two gases of one name");
        }
    }
    Ok(file.kinds.into_iter().map(|e| e.rules).collect())
}

/// A gas's row by its name, for the tables that name gases (a bolt that leaves a cloud).
pub(super) fn gas_named(
    file: &GasesFile,
    table: &'static str,
    entry: &str,
    name: &str,
) -> Result<GasKind, ContentError> {
    (file.kinds.iter().position(|e| e.name == name))
        .map(|i| GasKind(i as u8))
        .ok_or_else(|| {
            field_error(
                table,
                entry,
                "gas",
                format!("there is no gas \"{name}\" in content/gases.ron"),
            )
        })
}
