//! The numbers of one item entry, refused in words when no game could use them.

use super::error::{ContentError, field_error};
use super::item_rules::{ItemRules, ItemUse};
use super::tables::Entry;

const TABLE: &str = "items";

/// An entry's use and stack: every amount at least one, every range from its least to its most
/// (a bolt's reach is checked with the bolt table).
pub(super) fn check_item(entry: &Entry<ItemRules<String>>) -> Result<(), ContentError> {
    let rules = &entry.rules;
    let fail = |field, reason: &str| Err(field_error(TABLE, &entry.name, field, reason));
    let (fewest, most) = rules.stack;
    if fewest == 0 || fewest > most {
        return fail("stack", "runs from at least one to its most");
    }
    match rules.use_ {
        ItemUse::Drink { heal: 0 } => fail("use", "heal must be at least one"),
        ItemUse::Quaff { turns: 0, .. } => fail("use", "a draught lasts at least a turn"),
        ItemUse::Staff { charges: 0, .. } | ItemUse::Wand { charges: 0, .. } => {
            fail("use", "what is zapped holds at least one charge")
        }
        ItemUse::Staff { charges, .. } | ItemUse::Wand { charges, .. }
            if charges > u32::from(crate::balance::MOST_CHARGES) =>
        {
            fail("use", "charges past the most a staff or wand can hold")
        }
        ItemUse::Staff { recharge: 0, .. } => fail("use", "a charge comes back in a turn or more"),
        ItemUse::Wield {
            attack,
            time,
            sneak_attack,
            ..
        } => {
            let (hits, out_of) = attack.to_hit;
            if out_of == 0 || hits > out_of {
                return fail("use", "to_hit must be a chance of at most one in one");
            }
            if sneak_attack.is_some_and(|multiplier| !(1..=10).contains(&multiplier)) {
                return fail("use", "sneak_attack multiplies a blow from 1 to 10 times");
            }
            check_damage(entry, attack.damage)?;
            check_time(entry, time)
        }
        ItemUse::Wear {
            armour, step_time, ..
        } => {
            if armour == 0 {
                return fail("use", "armour must be at least one");
            }
            check_time(entry, step_time)
        }
        // What a read or thrown item does is its bolt's, checked with the bolt table.
        ItemUse::Drink { .. }
        | ItemUse::Quaff { .. }
        | ItemUse::Shatter { .. }
        | ItemUse::Read { .. }
        | ItemUse::Recite { .. }
        | ItemUse::Staff { .. }
        | ItemUse::Wand { .. }
        | ItemUse::Ring { .. }
        | ItemUse::Throw { .. }
        | ItemUse::WinsTheRun
        | ItemUse::Key => Ok(()),
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
