//! The machines table (`content/machines.ron`): Brogue's blueprints as rows. A machine is an
//! area of the level and the parts laid in it, each a kind of ground at a kind of spot; what
//! the machine does is what those kinds of ground do (`content/ground.ron`: what sets the
//! machine off from a cell, what a cell becomes when it is set off, what it lets loose, what
//! it becomes of itself by chance a turn). So a new machine is rows, not code.

use serde::{Deserialize, Serialize};

use super::error::{ContentError, field_error};
use super::features::FeatureRules;
use super::ground::{GroundLayer, GroundRules, Trigger};
use super::item_rules::ItemClass;
use super::kinds::{Ground, NpcKind};
use super::tables::Entry;
use crate::balance::FINAL_DEPTH;

/// What a machine is for on its level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// Holds the key to the level's locked vault on its altar: lifting it sets the machine off.
    KeyHolder,
    /// Stands on a vault's own doorway and inside it, in place of a lock: what its parts ask of
    /// the player (an item thrown onto a plate) opens the way to the altars.
    DoorGuard,
    /// What a vault is (Brogue's reward rooms): what its altars offer and whether the room
    /// names them, its parts only in its walls (its floor is its altars' and its guard's).
    RewardRoom,
    /// A dead end of the level given over to a band asleep and what it has gathered (Brogue's
    /// lairs and warrens): its `lair` says who sleeps there and how much lies about. Nothing
    /// sets it off; what its ground does, it does to whoever walks in.
    Lair,
    /// A set piece (Brogue's idylls, remnants and dismal rooms): a dead end given over to its
    /// ground alone, for the look of the place; nothing sets it off, nothing lies in wait.
    Scenery,
    /// A dead end, as a set piece, that does something for whoever sets it off (Brogue's
    /// commutation altars): a part of it signals; nothing lies in wait.
    Shrine,
}

/// Who a lair holds asleep and what lies among them: so many of each kind, and so many items
/// of the depth (the bones of those who came before, and what they carried).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lair<N = NpcKind> {
    pub sleepers: Vec<(N, u8)>,
    pub loot: u8,
}

/// What a reward room's altars offer: kinds of items of these classes, by their vault
/// weights, and whether the room names them to the player who first sees them (Brogue's
/// library, whose items are known on sight); or captives of these kinds chained on them
/// (Brogue's kennel), a kind to an altar among those met this deep, one to be freed. A room
/// that `nests` holds on its last altar, in place of an item, the key to a second vault of the
/// level (Brogue's nested item library): a known reward now, or the key to an unseen one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reward<N = NpcKind> {
    #[serde(default)]
    pub offers: Vec<ItemClass>,
    #[serde(default)]
    pub named: bool,
    #[serde(default = "Vec::new")]
    pub captives: Vec<N>,
    #[serde(default)]
    pub nests: bool,
}

/// Where in its area a part of a machine is laid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Spot {
    /// The doorway into the area.
    Door,
    /// The floor cell of the area farthest from the doorway by walking: where a key holder's
    /// key lies.
    Altar,
    /// The wall cell beside the altar's cell farthest from the doorway: where a collapse
    /// begins.
    BesideAltar,
    /// One wall cell on the area's edge, beside its floor, drawn at random.
    Wall,
    /// The wall cell on the area's edge nearest the doorway: what falls there falls furthest
    /// from the altar.
    WallByDoor,
    /// So many floor cells of the area, drawn at random among those left.
    Scattered(u8),
    /// The floor cell two steps in from the doorway, straight on: what is thrown from the cell
    /// before the doorway, straight through it, lands there.
    FacingDoor,
    /// Every floor cell of the area left: ground anyone walks on, or, after a `Path`, what
    /// nobody walks on (deep water round a causeway).
    Inside,
    /// The floor cells of a shortest walk from the doorway to the altar's cell (the farthest):
    /// a way across whatever is laid round it after.
    Path,
}

impl Spot {
    /// The part stands in the area's wall rather than on its floor.
    pub fn in_the_wall(self) -> bool {
        matches!(self, Self::BesideAltar | Self::Wall | Self::WallByDoor)
    }
}

/// One part of a machine: a kind of ground at a kind of spot, and the monsters held dormant in
/// each of its cells, out of play until the ground lets loose a feature that wakes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part<G = Ground, N = NpcKind> {
    pub ground: G,
    pub at: Spot,
    #[serde(default = "Option::default")]
    pub dormant: Option<(N, u8)>,
}

/// A blueprint (`content/machines.ron` says each field's meaning at length).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MachineRules<G = Ground, N = NpcKind> {
    pub role: Role,
    /// The first and last depth it is built on.
    pub depths: (u32, u32),
    /// How often it is chosen among the machines of its role a depth may hold.
    pub weight: u32,
    /// How many cells its area holds: a dead end behind one doorway, of this size.
    pub cells: (u32, u32),
    /// Laid in this order; a floor cell holds the first part laid on it.
    pub parts: Vec<Part<G, N>>,
    /// A reward room's offer; no other role has one.
    #[serde(default = "Option::default")]
    pub reward: Option<Reward<N>>,
    /// A lair's sleepers and loot; no other role has them.
    #[serde(default = "Option::default")]
    pub lair: Option<Lair<N>>,
}

impl MachineRules {
    /// The kind of ground at the altar, where a key holder's key lies.
    pub fn altar(&self) -> Option<Ground> {
        (self.parts.iter())
            .find(|part| part.at == Spot::Altar)
            .map(|part| part.ground)
    }

    /// Built on this depth at all.
    pub fn is_at(&self, depth: u32) -> bool {
        (self.depths.0..=self.depths.1).contains(&depth)
    }
}

/// `content/machines.ron`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MachinesFile {
    pub kinds: Vec<Entry<MachineRules<String, String>>>,
}

const TABLE: &str = "machines";

/// The rows, checked, with the kinds of ground and monsters they name found: each of its own
/// name, on depths the dungeon has, its area able to hold it, and its parts where their ground
/// can stand (the floor of the area walkable until the machine is set off, the walls whole, a
/// key holder's key on ground that sets it off when lifted, dormant monsters only in ground
/// that wakes them).
pub(super) fn resolve(
    file: &MachinesFile,
    (ground_names, ground): (&[String], &[GroundRules]),
    features: &[FeatureRules],
    monsters: &[String],
) -> Result<Vec<MachineRules>, ContentError> {
    super::tables::check_named_once(TABLE, &file.kinds, "machines")?;
    let mut rows = Vec::with_capacity(file.kinds.len());
    for entry in &file.kinds {
        let name = &entry.name;
        let rules = &entry.rules;
        let (first, last) = rules.depths;
        if first == 0 || first > last || last > FINAL_DEPTH {
            let reason = format!("depths within 1 to {FINAL_DEPTH}, the first no deeper");
            return Err(field_error(TABLE, name, "depths", reason));
        }
        if rules.weight == 0 {
            return Err(field_error(TABLE, name, "weight", "at least one"));
        }
        if rules.cells.0 < MIN_CELLS || rules.cells.0 > rules.cells.1 {
            let reason = format!("at least {MIN_CELLS}, the first no more than the second");
            return Err(field_error(TABLE, name, "cells", reason));
        }
        let mut parts = Vec::with_capacity(rules.parts.len());
        for part in &rules.parts {
            let found = (ground_names.iter().position(|n| *n == part.ground))
                .map(|i| Ground(i as u8))
                .ok_or_else(|| {
                    let reason = format!("there is no ground \"{}\"", part.ground);
                    field_error(TABLE, name, "parts", reason)
                })?;
            let after_path = parts.iter().any(|p: &Part| p.at == Spot::Path);
            check_part(ground, &ground[found.index()], (part.at, after_path), name)?;
            let dormant = match &part.dormant {
                Some((kind, count)) => {
                    check_dormant(&ground[found.index()], features, *count, name)?;
                    Some((monster_named(monsters, kind, (name, "parts"))?, *count))
                }
                None => None,
            };
            parts.push(Part {
                ground: found,
                at: part.at,
                dormant,
            });
        }
        let lair = match &rules.lair {
            Some(lair) => Some(resolve_lair(lair, monsters, rules.cells.0, name)?),
            None => None,
        };
        let reward = match &rules.reward {
            Some(reward) => Some(Reward {
                offers: reward.offers.clone(),
                named: reward.named,
                nests: reward.nests,
                captives: (reward.captives.iter())
                    .map(|kind| monster_named(monsters, kind, (name, "reward")))
                    .collect::<Result<_, _>>()?,
            }),
            None => None,
        };
        let resolved = MachineRules {
            role: rules.role,
            depths: rules.depths,
            weight: rules.weight,
            cells: rules.cells,
            parts,
            reward,
            lair,
        };
        check_role(&resolved, ground, name)?;
        rows.push(resolved);
    }
    Ok(rows)
}

/// The smallest area a machine is built in: a key's altar and room to turn round.
const MIN_CELLS: u32 = 4;

/// A part's ground where it is laid: in the wall what nobody walks through, on the floor what
/// everybody can (until the machine changes it), the doorway a way in. Scattered over the floor
/// may also stand what stands on floor (a pool): the generator keeps the rest of the area a
/// walk from its doorway; and once a path is laid, what nobody walks on may fill the rest.
fn check_part(
    ground: &[GroundRules],
    rules: &GroundRules,
    (at, after_path): (Spot, bool),
    name: &str,
) -> Result<(), ContentError> {
    let on_the_floor = !rules.blocks_walking && rules.layer == GroundLayer::Floor;
    // A doorway shut until its machine goes off (a portcullis) is still the way in.
    let opens =
        rules.on.is_some() && (rules.on_signal).is_some_and(|g| !ground[g.index()].blocks_walking);
    let fits = match at {
        _ if at.in_the_wall() => rules.blocks_walking,
        Spot::Door => on_the_floor || opens,
        Spot::Scattered(_) | Spot::FacingDoor => on_the_floor || rules.on.is_some(),
        Spot::Inside => on_the_floor || after_path,
        _ => on_the_floor,
    };
    if !fits {
        let reason = "walls that block walking in the wall, floor that does not on the floor \
                      (scattered, also what stands on floor; inside after a path, anything)";
        return Err(field_error(TABLE, name, "parts", reason));
    }
    Ok(())
}

/// The most monsters a part's cell holds dormant: a wall's den, not a horde.
const DORMANT_MAX: u8 = 4;

/// Dormant monsters are held only in ground that wakes them when its machine goes off (or
/// they would be held for ever), and a few at most.
fn check_dormant(
    rules: &GroundRules,
    features: &[FeatureRules],
    count: u8,
    name: &str,
) -> Result<(), ContentError> {
    if count == 0 || count > DORMANT_MAX {
        let reason = format!("dormant monsters one to {DORMANT_MAX} a cell");
        return Err(field_error(TABLE, name, "parts", reason));
    }
    let wakes = (rules.on_signal_feature).is_some_and(|f| features[usize::from(f.0)].wakes);
    if !wakes {
        let reason = "dormant monsters only in ground whose `on_signal_feature` wakes them";
        return Err(field_error(TABLE, name, "parts", reason));
    }
    Ok(())
}

/// A lair's sleepers found in the bestiary, a few of each kind, and the sleepers and loot
/// together no more than its smallest area holds beside its parts.
fn resolve_lair(
    lair: &Lair<String>,
    monsters: &[String],
    least_cells: u32,
    name: &str,
) -> Result<Lair, ContentError> {
    let mut sleepers = Vec::with_capacity(lair.sleepers.len());
    for (kind, count) in &lair.sleepers {
        if *count == 0 || *count > SLEEPERS_MAX {
            let reason = format!("one to {SLEEPERS_MAX} sleepers of a kind");
            return Err(field_error(TABLE, name, "lair", reason));
        }
        sleepers.push((monster_named(monsters, kind, (name, "lair"))?, *count));
    }
    let held: u32 = sleepers.iter().map(|&(_, n)| u32::from(n)).sum::<u32>() + u32::from(lair.loot);
    if held * 2 > least_cells {
        let reason = "sleepers and loot on at most half the fewest cells it is built in";
        return Err(field_error(TABLE, name, "lair", reason));
    }
    Ok(Lair {
        sleepers,
        loot: lair.loot,
    })
}

/// The most sleepers of a kind a lair holds: a band, not a level's worth.
const SLEEPERS_MAX: u8 = 4;

/// A monster of the bestiary by its name, named in the row `name`'s `field`.
fn monster_named(
    monsters: &[String],
    kind: &str,
    (name, field): (&str, &'static str),
) -> Result<NpcKind, ContentError> {
    (monsters.iter().position(|n| n == kind))
        .map(NpcKind::at)
        .ok_or_else(|| {
            let reason = format!("there is no monster \"{kind}\" in content/bestiary.ron");
            field_error(TABLE, name, field, reason)
        })
}

/// No part in the doorway (it stays the level's) and none that sets the machine off.
fn quiet(rules: &MachineRules, ground: &[GroundRules]) -> bool {
    (rules.parts.iter()).all(|p| p.at != Spot::Door && ground[p.ground.index()].signals.is_none())
}

/// A key holder has one altar, and lifting what lies on it sets the machine off. A door guard
/// has none (the altars are its vault's), shuts its doorway with ground that blocks walking
/// until its machine goes off, and has a part that sets it off. A reward room offers a class of
/// items at least, and stands its parts in its walls; no other role offers anything.
fn check_role(
    rules: &MachineRules,
    ground: &[GroundRules],
    name: &str,
) -> Result<(), ContentError> {
    let altars = rules.parts.iter().filter(|p| p.at == Spot::Altar).count();
    // Items or captives, not both: an altar holds one or the other.
    let offers = (rules.reward.as_ref())
        .map(|reward| (reward.offers.is_empty(), reward.captives.is_empty()));
    if (rules.role == Role::RewardRoom) != matches!(offers, Some((true, false) | (false, true))) {
        let reason = "a reward room, and only a reward room, has a reward offering item classes \
                      or captives";
        return Err(field_error(TABLE, name, "reward", reason));
    }
    // A key on an altar is an item: a kennel's altars hold captives.
    if (rules.reward.as_ref()).is_some_and(|reward| reward.nests && reward.offers.is_empty()) {
        let reason = "a room that nests a key among its altars offers items";
        return Err(field_error(TABLE, name, "reward", reason));
    }
    let sleepers = rules.lair.as_ref().map(|lair| &lair.sleepers[..]);
    if (rules.role == Role::Lair) != sleepers.is_some_and(|sleepers| !sleepers.is_empty()) {
        let reason = "a lair, and only a lair, has a lair with sleepers";
        return Err(field_error(TABLE, name, "lair", reason));
    }
    match rules.role {
        Role::KeyHolder => {
            let lifted = rules
                .altar()
                .is_some_and(|altar| ground[altar.index()].signals == Some(Trigger::Lifted));
            if altars != 1 || !lifted {
                let reason = "a key holder has one altar, whose ground signals when Lifted";
                return Err(field_error(TABLE, name, "parts", reason));
            }
        }
        Role::DoorGuard => {
            let doors: Vec<&GroundRules> = (rules.parts.iter())
                .filter(|p| p.at == Spot::Door)
                .map(|p| &ground[p.ground.index()])
                .collect();
            let shut = matches!(doors.as_slice(), [door] if door.blocks_walking);
            let set_off = (rules.parts.iter()).any(|p| ground[p.ground.index()].signals.is_some());
            let beside_altar = rules.parts.iter().any(|p| p.at == Spot::BesideAltar);
            if altars != 0 || beside_altar || !shut || !set_off {
                let reason = "a door guard has no altar, one doorway that blocks walking \
                              until it goes off, and a part whose ground signals";
                return Err(field_error(TABLE, name, "parts", reason));
            }
        }
        Role::RewardRoom => {
            if !rules.parts.iter().all(|p| p.at.in_the_wall()) {
                let reason = "a reward room's parts stand in its walls";
                return Err(field_error(TABLE, name, "parts", reason));
            }
        }
        Role::Lair => {
            // Its doorway stays the level's: nothing shuts it, nothing sets the lair off.
            if altars != 0 || !quiet(rules, ground) {
                let reason = "a lair has no altar, no part in its doorway and none that signals";
                return Err(field_error(TABLE, name, "parts", reason));
            }
        }
        Role::Shrine => {
            let doorway = rules.parts.iter().any(|p| p.at == Spot::Door);
            let set_off = (rules.parts.iter()).any(|p| ground[p.ground.index()].signals.is_some());
            let empty = rules.parts.iter().all(|p| p.dormant.is_none());
            if doorway || !set_off || !empty {
                let reason = "a shrine has no part in its doorway, a part whose ground signals \
                              and none that holds a monster";
                return Err(field_error(TABLE, name, "parts", reason));
            }
        }
        Role::Scenery => {
            // Only the look of a place: nothing in wait in its walls either.
            let empty = rules.parts.iter().all(|p| p.dormant.is_none());
            if altars != 0 || !quiet(rules, ground) || !empty {
                let reason = "a set piece has no altar, no part in its doorway, none that \
                              signals and none that holds a monster";
                return Err(field_error(TABLE, name, "parts", reason));
            }
        }
    }
    Ok(())
}
