//! The bolt table read and checked, and the other tables' bolt names turned into places in it.

use super::BoltKind;
use super::error::{ContentError, field_error};
use super::tables::{BoltEffect, BoltsFile};
use crate::balance::{AttackDice, PLAYER_VISION_DISTANCE_SQUARED};

const TABLE: &str = "bolts";

/// Every bolt's numbers: a range inside sight (nothing is sent at what its sender cannot see,
/// nor strikes what the player cannot see), dice that can be rolled, amounts of at least one.
pub(super) fn check_bolts(file: &BoltsFile) -> Result<(), ContentError> {
    for (i, entry) in file.kinds.iter().enumerate() {
        let fail = |field, reason: &str| Err(field_error(TABLE, &entry.name, field, reason));
        let rules = entry.rules;
        if rules.range * rules.range > PLAYER_VISION_DISTANCE_SQUARED {
            return fail("range", "a range within sight (10)");
        }
        let (least, most) = match rules.effect {
            BoltEffect::Blow(AttackDice { to_hit, damage }) => {
                if to_hit.1 == 0 || to_hit.0 > to_hit.1 {
                    return fail("effect", "to_hit must be a chance of at most one in one");
                }
                damage
            }
            BoltEffect::Heal(amount) => amount,
            BoltEffect::Burst { damage, radius } => {
                if radius == 0 {
                    return fail("effect", "a burst reaches at least one cell round");
                }
                damage
            }
        };
        if least == 0 || least > most {
            return fail("effect", "an amount runs from at least one to its most");
        }
        if rules.range == 0 && !matches!(rules.effect, BoltEffect::Burst { .. }) {
            return fail("range", "only a burst is sent no distance");
        }
        if file.kinds[..i].iter().any(|other| other.name == entry.name) {
            return fail("name", "two bolts of one name");
        }
    }
    Ok(())
}

/// The bolt named `name`, for the `field` of `entry` in `table`.
pub(super) fn bolt_named(
    file: &BoltsFile,
    table: &'static str,
    entry: &str,
    field: &'static str,
    name: &str,
) -> Result<BoltKind, ContentError> {
    file.kinds
        .iter()
        .position(|bolt| bolt.name == name)
        .map(|i| BoltKind(i as u8))
        .ok_or_else(|| field_error(table, entry, field, format!("no bolt named \"{name}\"")))
}
