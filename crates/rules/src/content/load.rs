//! Reading the tables and refusing bad ones, naming the table, the entry and the field: a
//! missing field, an unknown trait, a depth window no level reaches, two kinds drawn with one
//! letter, a depth where nothing can spawn. These are messages for whoever edits the tables.

use serde::de::DeserializeOwned;

use super::bolts::BoltsFile;
use super::bolts::{bolt_named, check_bolts, check_sent_by_a_monster};
use super::error::{ContentError, Problem, field_error};
use super::features::FeaturesFile;
use super::gases::{GasesFile, gas_named};
use super::ground::GroundFile;
use super::lights::{LightsFile, light_named};
use super::loaded::{Bestiary, Content, Items};
use super::machines::MachinesFile;
use super::sources::Sources;
use super::spawn::Spawn;
use super::tables::{BestiaryFile, Entry, ItemsFile};
use super::{FeatureRules, Ground, GroundLayer, GroundRules, ItemKind, ItemUse};
use crate::balance::{FASTEST_ACTION_TIME, FINAL_DEPTH, SLOWEST_ACTION_TIME};

/// Reads one table file as `T`. On error, names the entry the reader stopped in: the last
/// `name: "..."` at or before the line it complains of.
pub fn parse_table<T: DeserializeOwned>(
    table: &'static str,
    source: &str,
) -> Result<T, ContentError> {
    ron::from_str(source).map_err(|error| {
        let line = error.span.start.line;
        ContentError {
            table,
            entry: entry_at(source, line),
            problem: Problem::Unreadable {
                line,
                reason: error.code.to_string(),
            },
        }
    })
}

fn entry_at(source: &str, line: usize) -> Option<String> {
    source
        .lines()
        .take(line)
        .filter_map(|text| {
            let rest = text.trim_start().strip_prefix("name:")?.trim();
            Some(rest.trim_end_matches(',').trim_matches('"').to_string())
        })
        .last()
}

impl Content {
    /// The four tables from their text, checked, the bolts and kinds of ground the others name
    /// found.
    pub fn load(sources: Sources) -> Result<Self, ContentError> {
        let bestiary_file: BestiaryFile = parse_table("bestiary", sources.bestiary)?;
        let items_file: ItemsFile = parse_table("items", sources.items)?;
        let bolts_file: BoltsFile = parse_table("bolts", sources.bolts)?;
        let ground_file: GroundFile = parse_table("ground", sources.ground)?;
        let lights_file: LightsFile = parse_table("lights", sources.lights)?;
        let gases_file: GasesFile = parse_table("gases", sources.gases)?;
        let features_file: FeaturesFile = parse_table("features", sources.features)?;
        let machines_file: MachinesFile = parse_table("machines", sources.machines)?;
        let names: Vec<String> = bestiary_file.kinds.iter().map(|e| e.name.clone()).collect();
        // The bestiary first: a machine names the monsters it holds.
        check_bestiary(&bestiary_file)?;
        let ground_names: Vec<String> = ground_file.kinds.iter().map(|e| e.name.clone()).collect();
        let features = super::features::resolve(&features_file, &gases_file, &ground_names)?;
        let ground = super::ground::resolve(ground_file, &lights_file, &features_file)?;
        check_blobs(&features_file, &features, &ground)?;
        let machines =
            super::machines::resolve(&machines_file, (&ground_names, &ground), &features, &names)?;
        check_bolts(&bolts_file)?;
        let (prize, key) = check_items(&items_file, &ground)?;
        let bestiary = Bestiary {
            per_room: bestiary_file.per_room,
            extra_per_room: bestiary_file.extra_per_room,
            captives: super::captives::resolve(bestiary_file.captives, &names)?,
            bands: super::bands::resolve(bestiary_file.bands, &names)?,
            out_of_depth: check_out_of_depth(bestiary_file.out_of_depth)?,
            kinds: bestiary_file
                .kinds
                .into_iter()
                .map(|e| {
                    let name = e.name;
                    let find =
                        |bolt: String| bolt_named(&bolts_file, "bestiary", &name, "bolt", &bolt);
                    let light =
                        |light: String| light_named(&lights_file, "bestiary", &name, &light);
                    let gas = |gas: String| gas_named(&gases_file, "bestiary", &name, &gas);
                    let kind = |kind: String| {
                        (names.iter().position(|n| *n == kind))
                            .map(super::NpcKind::at)
                            .ok_or_else(|| {
                                let reason = format!("there is no kind \"{kind}\" to call");
                                field_error("bestiary", &name, "summons", reason)
                            })
                    };
                    let rules = e.rules.map_names(find, light, gas, kind)?;
                    check_sent_by_a_monster(&bolts_file, &name, rules.bolt)?;
                    if rules.teaches == Some(super::Lesson::Bolt) && rules.bolt.is_none() {
                        let reason = "teaches its bolt, but sends none";
                        return Err(field_error("bestiary", &name, "teaches", reason));
                    }
                    Ok(rules)
                })
                .collect::<Result<_, _>>()?,
        };
        let items = Items {
            per_level: items_file.per_level,
            kinds: items_file
                .kinds
                .into_iter()
                .map(|e| {
                    let name = e.name;
                    let find = |bolt: String| bolt_named(&bolts_file, "items", &name, "use", &bolt);
                    e.rules.map_bolts(find)
                })
                .collect::<Result<_, _>>()?,
            prize,
            key,
        };
        let bolts = super::bolts::resolve(bolts_file, &gases_file)?;
        let lights = super::lights::resolve(lights_file)?;
        let gases = super::gases::resolve(gases_file)?;
        let digest = digest(
            &bestiary,
            &items,
            &bolts,
            &ground,
            (&lights, &gases, &features, &machines),
        );
        Ok(Self {
            bestiary,
            items,
            bolts,
            ground,
            lights,
            gases,
            features,
            machines,
            digest,
        })
    }
}

/// A CRC-32 of the rules' half of the tables in postcard's encoding: the same on every
/// platform, and blind to the words, which change no game.
fn digest(
    bestiary: &Bestiary,
    items: &Items,
    bolts: &[super::BoltRules],
    ground: &[GroundRules],
    (lights, gases, features, machines): (
        &[super::LightRules],
        &[super::GasRules],
        &[super::FeatureRules],
        &[super::MachineRules],
    ),
) -> u32 {
    let rules = (
        &bestiary.per_room,
        bestiary.extra_per_room,
        &bestiary.kinds,
        &bestiary.captives,
        &bestiary.bands,
        bestiary.out_of_depth,
        items.per_level,
        &items.kinds,
        bolts,
        ground,
        lights,
        gases,
        features,
        machines,
    );
    let bytes = postcard::to_allocvec(&rules).expect("content always encodes");
    crc32fast::hash(&bytes)
}

/// A chance in a hundred, and a few depths deeper at most.
fn check_out_of_depth(odds: super::OutOfDepth) -> Result<super::OutOfDepth, ContentError> {
    let depths = 1..=crate::balance::FINAL_DEPTH;
    if odds.chance > 100
        || odds.deeper == 0
        || odds.deeper > crate::balance::FINAL_DEPTH
        || !depths.contains(&odds.from_depth)
    {
        let reason = "a chance over a hundred, no depths deeper or more than the dungeon, or a \
                      first depth outside the dungeon";
        return Err(field_error(
            "bestiary",
            "out_of_depth",
            "out_of_depth",
            reason,
        ));
    }
    Ok(odds)
}

/// The most one call brings: the free cells round a summoner.
const SUMMONED_MAX: u32 = 8;

/// A kind table may not have more kinds than its numbering holds.
const KINDS_MAX: usize = u8::MAX as usize;

fn check_bestiary(file: &BestiaryFile) -> Result<(), ContentError> {
    const TABLE: &str = "bestiary";
    check_room_counts(file)?;
    check_kind_count(TABLE, file.kinds.len())?;
    for (i, entry) in file.kinds.iter().enumerate() {
        check_npc(entry)?;
        let letters = entry.rules.map_letters;
        let clash = file.kinds[..i].iter().find(|other| {
            let theirs = other.rules.map_letters;
            [letters.awake, letters.asleep]
                .iter()
                .any(|l| *l == theirs.awake || *l == theirs.asleep)
        });
        if let Some(other) = clash {
            return Err(shared(
                TABLE,
                entry.name.clone(),
                "map_letters",
                &other.name,
            ));
        }
    }
    let spawns: Vec<Spawn> = file
        .kinds
        .iter()
        .map(|e| Spawn {
            depths: e.rules.spawn.depths,
            weight: e.rules.spawn.weight,
        })
        .collect();
    every_depth_has_a_kind(TABLE, &spawns)
}

/// The whole bestiary's numbers: a room's count list, and the extra monster's chance.
fn check_room_counts(file: &BestiaryFile) -> Result<(), ContentError> {
    let whole = |field, reason: &str| ContentError {
        table: "bestiary",
        entry: None,
        problem: Problem::Field {
            field,
            reason: reason.into(),
        },
    };
    if file.per_room.is_empty() {
        return Err(whole("per_room", "an empty list"));
    }
    let extra = file.extra_per_room;
    if extra.out_of == 0 || extra.chance.first.max(extra.chance.last) > extra.out_of {
        return Err(whole(
            "extra_per_room",
            "a chance above one or out of nothing",
        ));
    }
    Ok(())
}

/// A table has at least one kind, and no more than its numbering holds.
fn check_kind_count(table: &'static str, count: usize) -> Result<(), ContentError> {
    if count == 0 || count > KINDS_MAX {
        return Err(ContentError {
            table,
            entry: None,
            problem: Problem::Field {
                field: "kinds",
                reason: format!("{count} kinds; there must be 1 to {KINDS_MAX}"),
            },
        });
    }
    Ok(())
}

/// Entry `entry` has the same `field` as entry `other`.
fn shared(table: &'static str, entry: String, field: &'static str, other: &str) -> ContentError {
    ContentError {
        table,
        entry: Some(entry),
        problem: Problem::Shared {
            field,
            other: other.to_string(),
        },
    }
}

fn check_npc(
    entry: &Entry<super::NpcRules<String, String, String, String>>,
) -> Result<(), ContentError> {
    const TABLE: &str = "bestiary";
    let rules = &entry.rules;
    let fail = |field, reason: &str| Err(field_error(TABLE, &entry.name, field, reason));
    if rules.hit_points == 0 {
        return fail("hit_points", "a monster needs at least one hit point");
    }
    let (hits, out_of) = rules.attack.to_hit;
    if out_of == 0 || hits > out_of {
        return fail("attack", "to_hit must be a chance of at most one in one");
    }
    if rules.attack.damage.0 > rules.attack.damage.1 {
        return fail("attack", "damage runs from its least to its most");
    }
    let (fewest, most) = rules.spawn.band;
    if fewest == 0 || fewest > most {
        return fail("spawn", "band runs from at least one to its most");
    }
    let times = rules.time;
    let pace = FASTEST_ACTION_TIME..=SLOWEST_ACTION_TIME;
    if !pace.contains(&times.move_) || !pace.contains(&times.attack) {
        return fail(
            "time",
            "an action takes from a quarter of a turn (25) to four turns (400)",
        );
    }
    if let Some(summons) = &rules.summons {
        let (fewest, most) = summons.count;
        if fewest == 0 || fewest > most || most > SUMMONED_MAX || summons.every == 0 {
            return fail("summons", "a count of one to eight, at most once a turn");
        }
    }
    if rules.lifespan == Some(0) {
        return fail("lifespan", "a kind that fades lasts at least a turn");
    }
    let letters = rules.map_letters;
    if letters.awake == letters.asleep || !letters.awake.is_ascii_alphabetic() {
        return fail("map_letters", "two different letters");
    }
    check_window(TABLE, &entry.name, rules.spawn.depths)
}

/// A window must lie on levels the dungeon has.
fn check_window(
    table: &'static str,
    entry: &str,
    (from, to): (u32, u32),
) -> Result<(), ContentError> {
    if from == 0 || from > to || to > FINAL_DEPTH {
        return Err(field_error(
            table,
            entry,
            "spawn",
            format!("depths ({from}, {to}) lie outside the levels 1 to {FINAL_DEPTH}"),
        ));
    }
    Ok(())
}

fn every_depth_has_a_kind(table: &'static str, spawns: &[Spawn]) -> Result<(), ContentError> {
    for depth in 1..=FINAL_DEPTH {
        if spawns.iter().all(|s| s.weight.at(s.depths, depth) == 0) {
            return Err(ContentError {
                table,
                entry: None,
                problem: Problem::EmptyAtDepth { depth },
            });
        }
    }
    Ok(())
}

fn check_items(
    file: &ItemsFile,
    ground: &[GroundRules],
) -> Result<(ItemKind, ItemKind), ContentError> {
    const TABLE: &str = "items";
    check_kind_count(TABLE, file.kinds.len())?;
    if file.per_level.0 > file.per_level.1 {
        return Err(ContentError {
            table: TABLE,
            entry: None,
            problem: Problem::Field {
                field: "per_level",
                reason: "runs from its least to its most".into(),
            },
        });
    }
    for (i, entry) in file.kinds.iter().enumerate() {
        super::item_checks::check_item(entry)?;
        if let Some(spawn) = entry.rules.spawn {
            check_window(TABLE, &entry.name, spawn.depths)?;
        }
        let letter = entry.rules.map_letter;
        let the_grounds = ground.iter().any(|row| row.map_letters.contains(&letter));
        if letter.is_alphanumeric() || letter == '@' || the_grounds {
            return Err(field_error(
                TABLE,
                &entry.name,
                "map_letter",
                format!(
                    "'{letter}' is the player's, the ground's (content/ground.ron) or a \
                     monster's or a label's (letters and digits)"
                ),
            ));
        }
        if let Some(other) = file.kinds[..i]
            .iter()
            .find(|o| o.rules.map_letter == letter)
        {
            return Err(shared(TABLE, entry.name.clone(), "map_letter", &other.name));
        }
    }
    for class in super::ItemClass::ALIKE {
        let kinds = file.kinds.iter().filter(|e| e.rules.use_.class() == class);
        if kinds.count() > usize::from(super::LOOKS_PER_CLASS) {
            return Err(ContentError {
                table: TABLE,
                entry: None,
                problem: Problem::Field {
                    field: "use",
                    reason: format!(
                        "more than {} kinds of one class would share a look",
                        super::LOOKS_PER_CLASS
                    ),
                },
            });
        }
    }
    let spawns: Vec<Spawn> = file.kinds.iter().filter_map(|e| e.rules.spawn).collect();
    if file.per_level.1 > 0 {
        every_depth_has_a_kind(TABLE, &spawns)?;
    }
    let prize = the_one(file, |use_| matches!(use_, ItemUse::WinsTheRun))
        .map_err(|count| Problem::Prizes { count });
    let key =
        the_one(file, |use_| matches!(use_, ItemUse::Key)).map_err(|count| Problem::Keys { count });
    let refused = |problem| ContentError {
        table: "items",
        entry: None,
        problem,
    };
    Ok((prize.map_err(refused)?, key.map_err(refused)?))
}

/// The one item of a use (the Sunstone, the key), or how many there are.
fn the_one(file: &ItemsFile, is: impl Fn(&ItemUse<String>) -> bool) -> Result<ItemKind, usize> {
    let found: Vec<usize> = (0..file.kinds.len())
        .filter(|&i| is(&file.kinds[i].rules.use_))
        .collect();
    match found[..] {
        [one] => Ok(ItemKind(one as u8)),
        _ => Err(found.len()),
    }
}

/// A blob lays floor, onto floor: what a blob lays and where are ground rows of the `Floor`
/// layer (checked once the ground is read, which names features in turn).
fn check_blobs(
    file: &FeaturesFile,
    rows: &[FeatureRules],
    ground: &[GroundRules],
) -> Result<(), ContentError> {
    for (entry, row) in file.kinds.iter().zip(rows) {
        let Some(blob) = row.ground else {
            continue;
        };
        let floor = |g: Ground| ground[g.index()].layer == GroundLayer::Floor;
        if !floor(blob.ground) || !blob.onto.is_none_or(floor) {
            let reason = "a blob of floor-layer ground, onto floor-layer ground";
            return Err(field_error("features", &entry.name, "ground", reason));
        }
    }
    Ok(())
}
