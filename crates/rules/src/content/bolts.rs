//! The bolt table read and checked, and the other tables' bolt names turned into places in it.

use super::BoltKind;
use super::error::{ContentError, field_error};
use super::tables::{BoltEffect, BoltPath, BoltsFile};
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
            BoltEffect::Strike(amount) | BoltEffect::Heal(amount) => amount,
            BoltEffect::Burst { damage, radius } => {
                if radius == 0 {
                    return fail("effect", "a burst reaches at least one cell round");
                }
                if rules.range > 0 && radius >= rules.range {
                    return fail("effect", "a burst sent afar reaches less far than it flies");
                }
                damage
            }
            BoltEffect::Confuse { turns } => (turns, turns),
        };
        if least == 0 || least > most {
            return fail("effect", "an amount runs from at least one to its most");
        }
        let bursts_where_sent = rules.effect.radius().is_some() && rules.path == BoltPath::Line;
        if rules.range == 0 && !bursts_where_sent {
            return fail("range", "only a burst is sent no distance");
        }
        if file.kinds[..i].iter().any(|other| other.name == entry.name) {
            return fail("name", "two bolts of one name");
        }
    }
    Ok(())
}

/// A monster sends its bolt along a line it has to the player (or to an ally, to heal it), and
/// nothing it sends confuses: no rule yet lets the player be confused.
pub(super) fn check_sent_by_a_monster(
    file: &BoltsFile,
    monster: &str,
    bolt: Option<BoltKind>,
) -> Result<(), ContentError> {
    let Some(rules) = bolt
        .and_then(|bolt| file.kinds.get(bolt.index()))
        .map(|e| e.rules)
    else {
        return Ok(());
    };
    let confuses = matches!(rules.effect, BoltEffect::Confuse { .. });
    if rules.path != BoltPath::Line || confuses {
        let reason = "a monster's bolt flies along a line and does not confuse";
        return Err(field_error("bestiary", monster, "bolt", reason));
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
