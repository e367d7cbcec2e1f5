//! The level profiles (`content/levels.ron`): for each window of depths, the weights of the room
//! designs, the chance of a cavern, of corridors and of doors, and the loop distance. Checked at
//! start-up like the other tables; their digest is part of the content digest that saves and
//! recordings carry.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::error::{ContentError, Problem};
use super::load::parse_table;
use crate::balance::FINAL_DEPTH;

pub const LEVELS_SOURCE: &str = include_str!("../../../../content/levels.ron");

/// How the levels of a window of depths are built.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelProfile {
    /// The first and last depth it shapes.
    pub depths: (u32, u32),
    pub designs: DesignWeights,
    /// In a hundred: the level begins as one cavern filling most of it.
    pub cavern: u32,
    /// In a hundred: a room comes at the end of a corridor.
    pub corridor: u32,
    /// In a hundred: a doorway in a wall holds a door.
    pub doors: u32,
    /// In a hundred: a door is hidden (only where the level has another way round it).
    pub secret_doors: u32,
    /// Floors on two sides of a wall further apart than this by walking get a doorway.
    pub loop_distance: u32,
    /// How full a level grows, in a hundred of the room attempts the map has room for: drawn
    /// between these two for each level.
    pub fill: (u32, u32),
    pub lakes: Lakes,
    pub vaults: VaultOdds,
    pub lit: Lit,
    pub grass: Grass,
    pub traps: TrapOdds,
    /// In a hundred: a level with no locked vault's key to hold builds a key holder
    /// (`content/machines.ron`) for one of the items lying on it (Brogue's outsourced item).
    pub held_item: u32,
    /// In a hundred: a level builds one of its depth's lairs (`content/machines.ron`) in a dead
    /// end no other machine took.
    #[serde(default)]
    pub lair: u32,
    /// In a hundred: a level builds one of its depth's set pieces (`content/machines.ron`,
    /// `Scenery`) in a dead end nothing else took.
    #[serde(default)]
    pub scenery: u32,
    /// In a hundred: a level builds one of its depth's shrines (`content/machines.ron`,
    /// `Shrine`) in a dead end nothing else took.
    #[serde(default)]
    pub shrine: u32,
}

/// How many traps a level holds, and how many of them are hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrapOdds {
    /// How many traps are tried on a level of 80×30 (more on larger maps, by area).
    pub most: u32,
    /// In a hundred: each of them is laid at all.
    pub chance: u32,
    /// In a hundred: a trap laid is hidden (it looks like the floor until found).
    pub hidden: u32,
}

/// More traps than this on a level of 80×30 would make every room a minefield.
const MOST_TRAPS: u32 = 6;

/// How much of a level is lit, besides its vaults and the Sunstone's dais, which always glow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lit {
    /// In a hundred: a room (not a cave) has torches set in its walls.
    pub halls: u32,
    /// In a hundred: a cave or a cavern has patches of luminescent fungus.
    pub caves: u32,
}

/// How much of a level's floor grows grass, the surface that burns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grass {
    /// In a hundred: a room (not a cave) has a patch or two of grass on its floor.
    pub halls: u32,
    /// In a hundred: a cave or a cavern has patches of grass.
    pub caves: u32,
    /// In a hundred: a patch is dead grass (which catches far sooner) rather than green.
    pub dead: u32,
    /// In a hundred: a cave or a cavern holds a swamp, shallows under a cloud of methane
    /// (Brogue's bogs): harmless until a fire finds it.
    #[serde(default)]
    pub swamps: u32,
}

/// How often a level holds a vault, and what guards it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VaultOdds {
    /// In a hundred: the level has a vault, where a dead end of the right size allows one.
    pub chance: u32,
    /// The weight of a locked door whose key lies elsewhere.
    pub locked: u32,
    /// The weight of a secret door.
    pub secret: u32,
    /// The weight of a band asleep before the door.
    pub sleepers: u32,
    /// The weight of a door guard (content/machines.ron) built on its doorway, where one of the
    /// depth's fits (else the door is locked).
    pub machine: u32,
}

/// How often a level holds lakes of deep water or chasms, and which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lakes {
    /// How many lakes are tried on a level of 80×30 (more on larger maps, by area).
    pub most: u32,
    /// In a hundred: each of them is drawn at all.
    pub chance: u32,
    /// The weight of deep water among them.
    pub water: u32,
    /// The weight of a chasm (deep water on the last depth, which has nothing below).
    pub chasm: u32,
}

/// More lakes than this on a level of 80×30 would leave little dry ground.
const MOST_LAKES: u32 = 6;

/// The weight of each room design.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DesignWeights {
    pub rectangle: u32,
    pub cross: u32,
    pub circular: u32,
    pub chunky: u32,
    pub cave: u32,
}

/// The loop distance's bounds: below 2 every wall between floors would open; above 100 the
/// search behind each candidate wall would cost more than the level is worth.
const LOOP_DISTANCES: (u32, u32) = (2, 100);

static LEVELS: LazyLock<Result<Vec<LevelProfile>, ContentError>> =
    LazyLock::new(|| load_levels(LEVELS_SOURCE));

/// Reads and checks a level profile table.
pub fn load_levels(source: &str) -> Result<Vec<LevelProfile>, ContentError> {
    let profiles: Vec<LevelProfile> = parse_table("levels", source)?;
    check_levels(&profiles)?;
    Ok(profiles)
}

/// The shipped profiles (checked by [`super::check`] before play).
pub fn levels() -> &'static [LevelProfile] {
    match &*LEVELS {
        Ok(levels) => levels,
        Err(error) => panic!("the shipped level table is broken: {error}"),
    }
}

pub(super) fn levels_checked() -> Result<(), &'static ContentError> {
    LEVELS.as_ref().map(|_| ())
}

/// The profile for `depth` (the deepest window past the last depth).
pub fn profile_at(depth: u32) -> &'static LevelProfile {
    let levels = levels();
    let depth = depth.clamp(1, FINAL_DEPTH);
    levels
        .iter()
        .find(|profile| (profile.depths.0..=profile.depths.1).contains(&depth))
        .unwrap_or(&levels[levels.len() - 1])
}

fn check_levels(profiles: &[LevelProfile]) -> Result<(), ContentError> {
    let mut next = 1;
    for profile in profiles {
        let (first, last) = profile.depths;
        let entry = Some(format!("depths {first} to {last}"));
        let wrong = |field: &'static str, why: String| ContentError {
            table: "levels",
            entry: entry.clone(),
            problem: Problem::Field { field, reason: why },
        };
        if first != next || last < first || last > FINAL_DEPTH {
            return Err(wrong(
                "depths",
                format!(
                    "the windows must cover depths 1 to {FINAL_DEPTH} in order, once each; depth {next} comes next"
                ),
            ));
        }
        if let Some((field, why)) = profile_problem(profile) {
            return Err(wrong(field, why));
        }
        next = last + 1;
    }
    if next != FINAL_DEPTH + 1 {
        return Err(ContentError {
            table: "levels",
            entry: None,
            problem: Problem::Field {
                field: "depths",
                reason: format!("no window covers depth {next}"),
            },
        });
    }
    Ok(())
}

/// What is wrong with a profile's numbers, by field, if anything: chances in a hundred, weights
/// that leave something to draw, ranges that rise.
fn profile_problem(profile: &LevelProfile) -> Option<(&'static str, String)> {
    let w = profile.designs;
    if w.rectangle + w.cross + w.circular + w.chunky + w.cave == 0 {
        return Some((
            "designs",
            "every weight is 0, so no room can be drawn".into(),
        ));
    }
    for (field, value) in [
        ("cavern", profile.cavern),
        ("corridor", profile.corridor),
        ("doors", profile.doors),
        ("secret_doors", profile.secret_doors),
        ("lakes", profile.lakes.chance),
        ("vaults", profile.vaults.chance),
        ("lit", profile.lit.halls),
        ("lit", profile.lit.caves),
        ("grass", profile.grass.halls),
        ("grass", profile.grass.caves),
        ("grass", profile.grass.dead),
        ("traps", profile.traps.chance),
        ("traps", profile.traps.hidden),
        ("held_item", profile.held_item),
        ("lair", profile.lair),
        ("scenery", profile.scenery),
        ("shrine", profile.shrine),
    ] {
        if value > 100 {
            return Some((
                field,
                format!("{value} is a chance in a hundred, so at most 100"),
            ));
        }
    }
    let (least, most) = profile.fill;
    if least == 0 || least > most || most > 100 {
        return Some((
            "fill",
            format!("({least}, {most}) must rise from above 0 to at most 100"),
        ));
    }
    let lakes = profile.lakes;
    if lakes.most > MOST_LAKES || (lakes.most > 0 && lakes.water + lakes.chasm == 0) {
        return Some((
            "lakes",
            format!(
                "at most {MOST_LAKES} lakes, and some weight of water or chasm if there are any"
            ),
        ));
    }
    let vaults = profile.vaults;
    if vaults.chance > 0 && vaults.locked + vaults.secret + vaults.sleepers + vaults.machine == 0 {
        return Some((
            "vaults",
            "a vault needs some weight of a guard: locked, secret, sleepers or machine".into(),
        ));
    }
    if profile.traps.most > MOST_TRAPS {
        return Some(("traps", format!("at most {MOST_TRAPS} traps")));
    }
    let (low, high) = LOOP_DISTANCES;
    if !(low..=high).contains(&profile.loop_distance) {
        return Some((
            "loop_distance",
            format!("{} is outside {low} to {high}", profile.loop_distance),
        ));
    }
    None
}

/// A CRC-32 of the profiles' numbers, for the content digest.
pub(super) fn digest() -> u32 {
    let bytes = postcard::to_allocvec(levels()).expect("profiles always encode");
    crc32fast::hash(&bytes)
}
