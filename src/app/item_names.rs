//! An item as the player can name it: a kind known by its own words ("a healing potion"), one
//! not yet known by its look, drawn for this game from the looks of its class ("a fizzing
//! potion", "a scroll labelled XUM", "a redwood staff").

use umbra_rules::game::{ItemClass, ItemName, LOOKS_PER_CLASS};

use super::looks::item;

/// What unknown potions look like, one per look number ([`LOOKS_PER_CLASS`] of them).
pub const POTION_LOOKS: [&str; LOOKS_PER_CLASS as usize] = [
    "murky",
    "fizzing",
    "golden",
    "inky",
    "milky",
    "smoky",
    "crimson",
    "violet",
    "amber",
    "silvery",
    "turquoise",
    "brown",
    "glowing",
    "oily",
    "pale",
    "emerald",
];

/// What unknown scrolls are labelled, one per look number.
pub const SCROLL_LOOKS: [&str; LOOKS_PER_CLASS as usize] = [
    "XUM",
    "BEKKA ZOR",
    "ANDRA",
    "FOO VEX",
    "KLAATU",
    "ORIM",
    "NIHIL SAR",
    "THUD",
    "ZELGO MER",
    "ELBIB",
    "VE FORBRYDERNE",
    "PRATYAVAYAH",
    "YUM YUM",
    "DAIYEN FOOELS",
    "HACKEM",
    "ELAM",
];

/// What unknown staffs are made of, one per look number.
pub const STAFF_LOOKS: [&str; LOOKS_PER_CLASS as usize] = [
    "redwood",
    "oak",
    "ebony",
    "willow",
    "birch",
    "teak",
    "mahogany",
    "ash",
    "cedar",
    "rowan",
    "yew",
    "hickory",
    "maple",
    "bamboo",
    "driftwood",
    "thorn",
];

/// What unknown wands are made of, one per look number.
pub const WAND_LOOKS: [&str; LOOKS_PER_CLASS as usize] = [
    "brass",
    "iron",
    "copper",
    "silver",
    "bone",
    "glass",
    "pewter",
    "bronze",
    "tin",
    "ivory",
    "jade-inlaid",
    "steel",
    "lead",
    "gilded",
    "coral",
    "obsidian",
];

/// What unknown rings are set with, one per look number.
pub const RING_LOOKS: [&str; LOOKS_PER_CLASS as usize] = [
    "jade",
    "garnet",
    "opal",
    "ruby",
    "topaz",
    "onyx",
    "amethyst",
    "sapphire",
    "moonstone",
    "agate",
    "pearl",
    "emerald",
    "tiger-eye",
    "lapis",
    "bloodstone",
    "quartz",
];

/// Words for one item without their article: "yew staff" of "a yew staff".
pub fn without_article(words: &str) -> &str {
    (words.strip_prefix("a "))
        .or_else(|| words.strip_prefix("an "))
        .unwrap_or(words)
}

/// An item as the player can name it: "a healing potion", "a scroll labelled XUM", "a
/// fizzing potion", "a redwood staff"; with a count above one, "3 darts".
pub fn item_words(name: ItemName, count: u32) -> String {
    let kind = item(name.kind);
    if name.known {
        return match count {
            1 => kind.a(),
            _ => format!("{count} {}", kind.look.plural),
        };
    }
    let label = usize::from(name.label);
    let made_of = |looks: &[&str], what: &str| {
        let material = looks[label % looks.len()];
        (format!("{material} {what}"), format!("{material} {what}s"))
    };
    let (one, many) = match kind.class {
        Some(ItemClass::Potion) => made_of(&POTION_LOOKS, "potion"),
        Some(ItemClass::Staff) => made_of(&STAFF_LOOKS, "staff"),
        Some(ItemClass::Wand) => made_of(&WAND_LOOKS, "wand"),
        Some(ItemClass::Ring) => made_of(&RING_LOOKS, "ring"),
        // Kinds known at a glance (weapons, armour, darts, the Sunstone, keys) are always
        // named by their kind, above.
        Some(
            ItemClass::Scroll
            | ItemClass::Missile
            | ItemClass::Weapon
            | ItemClass::Armour
            | ItemClass::Prize
            | ItemClass::Key,
        )
        | None => {
            let words = SCROLL_LOOKS[label % SCROLL_LOOKS.len()];
            (
                format!("scroll labelled {words}"),
                format!("scrolls labelled {words}"),
            )
        }
    };
    match count {
        1 if one.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("an {one}"),
        1 => format!("a {one}"),
        _ => format!("{count} {many}"),
    }
}
