//! How the careful player chooses at a reward room, as it chooses boons: once it has seen what
//! lies on every altar of a vault not yet taken from, it walks to the altar whose item it
//! values most by what it knows of it (a library names its potions and scrolls; a vault's
//! staffs, wands and rings stay unknown until used) and takes that. Gear no better than what it
//! uses, or what its pack has no room for, is worth nothing to it. At a kennel it frees the
//! captive worth most (the bestiary's score, by its pace) once it has seen every one chained
//! there.

use coord_2d::ICoord;
use umbra_rules::Game;
use umbra_rules::content::{ItemKind, ItemUse, Spell};
use umbra_rules::visibility::CellVisibility;
use umbra_rules::world::Tile;

/// An unknown kind's worth: above the lesser known offers (a scroll to learn a level's
/// secrets, a wand), below a known sure thing (a healing potion, an enchanting scroll, a
/// staff known by use).
const UNKNOWN: u32 = 50;

/// The altar to take from, if a vault not taken from has shown what lies on each of its
/// altars and one of them is worth anything.
pub fn chosen(game: &Game) -> Option<ICoord> {
    let vault = game.vaults().iter().find(|vault| {
        !vault.taken && (vault.altars.iter()).all(|&altar| seen_at(game, altar).is_some())
    })?;
    (vault.altars.iter().copied())
        .filter_map(|altar| Some((altar, worth(game, seen_at(game, altar)?))))
        .filter(|&(_, worth)| worth > 0)
        // The first in reading order among equals, so a choice never wavers.
        .max_by_key(|&(altar, worth)| (worth, std::cmp::Reverse((altar.y, altar.x))))
        .map(|(altar, _)| altar)
}

/// Whether the captive seen at `at` is one to free: any captive held by a band, and of a
/// kennel's, the one worth most once every altar's captive is seen (none before).
pub fn free_this_one(game: &Game, at: ICoord) -> bool {
    let Some(kennel) = (game.vaults().iter()).find(|vault| vault.altars.contains(&at)) else {
        return true;
    };
    let seen: Option<Vec<(ICoord, u64)>> = (kennel.altars.iter())
        .map(|&altar| Some((altar, ally_worth(captive_seen_at(game, altar)?))))
        .collect();
    let best = seen.and_then(|seen| {
        // The first in reading order among equals, so a choice never wavers.
        (seen.into_iter())
            .max_by_key(|&(altar, score)| (score, std::cmp::Reverse((altar.y, altar.x))))
    });
    best.is_some_and(|(altar, _)| altar == at)
}

/// What an ally of `kind` is worth: the bestiary's score for it, by how well it keeps up (an
/// ogre that lumbers at half the player's pace falls behind, and fights alone).
fn ally_worth(kind: umbra_rules::content::NpcKind) -> u64 {
    let rules = kind.rules();
    rules.score * 100 / u64::from(rules.time.move_.max(1))
}

/// The kind of captive the player last saw chained at `at`, if it saw one there.
fn captive_seen_at(game: &Game, at: ICoord) -> Option<umbra_rules::content::NpcKind> {
    match game.level().cell_view(at).tiles.character {
        Some(Tile::Captive(kind)) => Some(kind),
        _ => None,
    }
}

/// The kind the player last saw lying at `at`, if it saw one there.
fn seen_at(game: &Game, at: ICoord) -> Option<ItemKind> {
    let view = game.level().cell_view(at);
    match (view.visibility, view.tiles.item) {
        (CellVisibility::NeverSeen, _) => None,
        (_, Some(Tile::Item(kind))) => Some(kind),
        _ => None,
    }
}

/// What one of `kind` is worth to the careful player, by what it knows of it: what turns a
/// fight first (a healing potion, an enchanting scroll, a staff), then gear better than its
/// own, rings, attack scrolls and wands, then the rest.
fn worth(game: &Game, kind: ItemKind) -> u32 {
    if game.pack().room_for(kind).is_none() || !crate::armoury::worth_carrying(game, kind) {
        return 0;
    }
    if !game.item_name(kind).known {
        return UNKNOWN;
    }
    match kind.rules().use_ {
        ItemUse::Drink { .. } => 100,
        ItemUse::Recite {
            spell: Spell::Enchanting,
        } => 90,
        ItemUse::Staff { .. } => 80,
        ItemUse::Wield { .. } | ItemUse::Wear { .. } => 70,
        ItemUse::Ring { .. } => 60,
        ItemUse::Read { .. } => 55,
        ItemUse::Wand { .. } | ItemUse::Quaff { .. } => 45,
        _ => 30,
    }
}
