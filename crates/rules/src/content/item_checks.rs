//! The numbers of one item entry, refused in words when no game could use them.

use super::error::{ContentError, field_error};
use super::tables::{Entry, ItemRules, ItemUse};
use crate::balance::PLAYER_VISION_DISTANCE_SQUARED;

const TABLE: &str = "items";

/// An entry's use and stack: every amount at least one, every range from its least to its
/// most, and every reach inside the player's sight, so nothing strikes what the player cannot see.
pub(super) fn check_item(entry: &Entry<ItemRules<String>>) -> Result<(), ContentError> {
    let rules = &entry.rules;
    let fail = |field, reason: &str| Err(field_error(TABLE, &entry.name, field, reason));
    let (fewest, most) = rules.stack;
    if fewest == 0 || fewest > most {
        return fail("stack", "runs from at least one to its most");
    }
    if let Some(range) = reach(&rules.use_)
        && (range == 0 || range * range > PLAYER_VISION_DISTANCE_SQUARED)
    {
        return fail(
            "use",
            "range must be at least one and within the player's sight (10)",
        );
    }
    match rules.use_ {
        ItemUse::Drink { heal: 0 } => fail("use", "heal must be at least one"),
        ItemUse::Confuse { turns: 0, .. } => fail("use", "turns must be at least one"),
        ItemUse::Lightning { damage, .. } => check_damage(entry, damage),
        ItemUse::Fireball {
            damage,
            radius,
            range,
        } => {
            if radius == 0 || radius >= range {
                return fail("use", "radius must be at least one and less than the range");
            }
            check_damage(entry, damage)
        }
        ItemUse::Wield { attack, time } => {
            let (hits, out_of) = attack.to_hit;
            if out_of == 0 || hits > out_of {
                return fail("use", "to_hit must be a chance of at most one in one");
            }
            check_damage(entry, attack.damage)?;
            check_time(entry, time)
        }
        ItemUse::Wear { armour, step_time } => {
            if armour == 0 {
                return fail("use", "armour must be at least one");
            }
            check_time(entry, step_time)
        }
        // A thrown item's reach and blow are its bolt's, checked with the bolt table.
        ItemUse::Drink { .. }
        | ItemUse::Confuse { .. }
        | ItemUse::Throw { .. }
        | ItemUse::WinsTheRun => Ok(()),
    }
}

/// How far a use reaches by its own numbers (a thrown item's is its bolt's).
fn reach(use_: &ItemUse<String>) -> Option<u32> {
    match *use_ {
        ItemUse::Lightning { range, .. }
        | ItemUse::Confuse { range, .. }
        | ItemUse::Fireball { range, .. } => Some(range),
        ItemUse::Throw { .. }
        | ItemUse::Drink { .. }
        | ItemUse::Wield { .. }
        | ItemUse::Wear { .. }
        | ItemUse::WinsTheRun => None,
    }
}

fn check_damage(
    entry: &Entry<ItemRules<String>>,
    (least, most): (u32, u32),
) -> Result<(), ContentError> {
    if least == 0 || least > most {
        return Err(field_error(
            TABLE,
            &entry.name,
            "use",
            "damage runs from at least one to its most",
        ));
    }
    Ok(())
}

/// An action's time within the paces the bestiary allows.
fn check_time(entry: &Entry<ItemRules<String>>, time: u32) -> Result<(), ContentError> {
    use crate::balance::{FASTEST_ACTION_TIME, SLOWEST_ACTION_TIME};
    if !(FASTEST_ACTION_TIME..=SLOWEST_ACTION_TIME).contains(&time) {
        return Err(field_error(
            TABLE,
            &entry.name,
            "use",
            "an action takes from a quarter of a turn (25) to four turns (400)",
        ));
    }
    Ok(())
}
