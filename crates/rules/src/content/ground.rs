//! The ground table (`content/ground.ron`): every kind of terrain as a row of the facts the rules
//! ask of it (Brogue's tile flags). Rules ask for the fact they mean — sight asks
//! [`GroundRules::blocks_sight`], a step [`GroundRules::blocks_walking`], a dart
//! [`GroundRules::stops_missiles`] — never "is it a wall?", so a door (solid and opaque until
//! opened), deep water (not walkable, but seen and shot across) or a chasm is one more row. The
//! generator and the world share the one [`Ground`] kind; the kinds the code places by name are
//! its constants, the table's first rows in a fixed order (checked when the table is read).

use serde::{Deserialize, Serialize};

use super::error::{ContentError, Problem, field_error};
use super::features::{FeaturesFile, feature_named};
use super::kinds::{FeatureKind, Ground, LightKind};
use super::lights::{LightsFile, light_named};
use super::tables::Entry;

/// Where a kind of ground lies in the world.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GroundLayer {
    /// Underfoot.
    Floor,
    /// Standing on the cell, over the ground its row's `on` names, if any: a wall, a door,
    /// water too deep to stand in.
    Feature,
}

/// How a kind of ground meets fire: the chance a turn that it catches while fire touches it
/// (in a hundred; none for what never burns), and what it burns into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flammability<G> {
    pub catches: u8,
    #[serde(default = "Option::default")]
    pub burns_into: Option<G>,
}

impl<G> Default for Flammability<G> {
    /// Never burns.
    fn default() -> Self {
        Self {
            catches: 0,
            burns_into: None,
        }
    }
}

/// What one kind of ground does and is (`content/ground.ron` says each field's meaning at
/// length). A fact a row leaves out is false, or none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroundRules<G = Ground, L = LightKind, F = FeatureKind> {
    /// How hand-drawn maps write it: the first is written, all are read.
    pub map_letters: Vec<char>,
    pub layer: GroundLayer,
    /// What lies under it, for a feature that stands on ground (a door in a doorway).
    #[serde(default = "Option::default")]
    pub on: Option<G>,
    /// Light stops here: nobody sees into or past it.
    #[serde(default)]
    pub blocks_sight: bool,
    /// Nobody stands or steps here; noise, distance maps and dropped items go round it too.
    #[serde(default)]
    pub blocks_walking: bool,
    /// Darts, arrows and bolts stop before it, and a burst does not reach through it.
    #[serde(default)]
    pub stops_missiles: bool,
    /// A drop to the next depth: the player may jump in, and what falls in is lost to the level.
    #[serde(default)]
    pub falls: bool,
    /// Blocks walking but not flying: whoever floats or flies crosses it (water, a chasm).
    #[serde(default)]
    pub flown_over: bool,
    /// Deep enough to swim under: the only ground a kind that submerges moves on, and where
    /// it hides.
    #[serde(default)]
    pub submerges: bool,
    /// Open exactly while someone stands in it: then it neither blocks sight nor stops
    /// missiles.
    #[serde(default)]
    pub door: bool,
    /// Hidden: what a search finds it to be.
    #[serde(default = "Option::default")]
    pub found_as: Option<G>,
    /// Locked: what its key opens it into.
    #[serde(default = "Option::default")]
    pub unlocks_as: Option<G>,
    #[serde(default = "Flammability::default")]
    pub fire: Flammability<G>,
    /// Fire dies on it and never spreads through it (water).
    #[serde(default)]
    pub puts_out_fire: bool,
    /// No gas drifts into it.
    #[serde(default)]
    pub blocks_gas: bool,
    /// The light it gives, if it glows (`content/lights.ron`).
    #[serde(default = "Option::default")]
    pub light: Option<L>,
    /// A pressure plate (a trap): a step onto it by whoever walks (not a flyer, nor a swimmer
    /// under water) or an item landing on it sets off this feature (`content/features.ron`).
    /// It stays armed: the next step sets it off again.
    #[serde(default = "Option::default")]
    pub pressure_plate: Option<F>,
    /// In a machine, what sets the machine off from this cell (`content/machines.ron`).
    #[serde(default = "Option::default")]
    pub signals: Option<Trigger>,
    /// In a machine, what it becomes when its machine is set off, once a setting off.
    #[serde(default = "Option::default")]
    pub on_signal: Option<G>,
    /// In a machine, the feature let loose on it when its machine is set off
    /// (`content/features.ron`): a torch falling, a vent opening.
    #[serde(default = "Option::default")]
    pub on_signal_feature: Option<F>,
    /// What it becomes of itself, by chance a turn: a crumbling floor falling into the chasm.
    #[serde(default = "Option::default")]
    pub changes: Option<Change<G, F>>,
    /// A commutation altar (Brogue's): what lies on it trades its enchanting with what lies on
    /// its machine's other such altar when a feature that `commutes` is let loose.
    #[serde(default)]
    pub commutes: bool,
}

/// What sets a machine off from one of its cells (Brogue's machine triggers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// The item lying on it picked up (a key on its altar).
    Lifted,
    /// Walked into: a lever in the wall.
    Bumped,
    /// Struck by something thrown onto it: a plate at the bottom of a pit.
    Landed,
    /// Stepped onto (not by a flyer, nor a swimmer under the water), or struck by something
    /// thrown onto it: a loose flagstone.
    SteppedOn,
}

/// A kind of ground that becomes another of itself: the chance in a hundred a turn, whether it
/// changes only beside a cell already become it (a collapse spreading from where it began) or
/// anywhere (a flood draining), and the feature let loose as it does (Brogue's promotion with a
/// dungeon feature: a guttering torch that falls some turns after its machine went off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Change<G, F = FeatureKind> {
    pub into: G,
    pub chance: u8,
    #[serde(default)]
    pub spreading: bool,
    #[serde(default = "Option::default")]
    pub feature: Option<F>,
}

impl GroundRules {
    /// A trap that shows for what it is: a plate, not hidden as the floor.
    pub fn is_plain_trap(&self) -> bool {
        self.pressure_plate.is_some() && self.found_as.is_none()
    }

    /// Something goes off when this is stepped onto: a trap's plate, or ground that sets its
    /// machine off underfoot.
    pub fn goes_off_underfoot(&self) -> bool {
        self.pressure_plate.is_some() || self.signals == Some(Trigger::SteppedOn)
    }

    /// Ground that goes off underfoot and shows for what it is: what a player steps round.
    pub fn is_known_plate(&self) -> bool {
        self.goes_off_underfoot() && self.found_as.is_none()
    }
}

impl<G, L, F> GroundRules<G, L, F> {
    /// The same row with its kinds, light and feature named another way.
    fn map_names<H, M, P, E>(
        self,
        mut kind: impl FnMut(G) -> Result<H, E>,
        light: impl FnOnce(L) -> Result<M, E>,
        mut feature: impl FnMut(F) -> Result<P, E>,
    ) -> Result<GroundRules<H, M, P>, E> {
        Ok(GroundRules {
            pressure_plate: self.pressure_plate.map(&mut feature).transpose()?,
            signals: self.signals,
            on_signal: self.on_signal.map(&mut kind).transpose()?,
            on_signal_feature: self.on_signal_feature.map(&mut feature).transpose()?,
            changes: match self.changes {
                Some(change) => Some(Change {
                    into: kind(change.into)?,
                    chance: change.chance,
                    spreading: change.spreading,
                    feature: change.feature.map(&mut feature).transpose()?,
                }),
                None => None,
            },
            light: self.light.map(light).transpose()?,
            map_letters: self.map_letters,
            layer: self.layer,
            on: self.on.map(&mut kind).transpose()?,
            blocks_sight: self.blocks_sight,
            blocks_walking: self.blocks_walking,
            stops_missiles: self.stops_missiles,
            falls: self.falls,
            flown_over: self.flown_over,
            submerges: self.submerges,
            door: self.door,
            found_as: self.found_as.map(&mut kind).transpose()?,
            unlocks_as: self.unlocks_as.map(&mut kind).transpose()?,
            fire: Flammability {
                catches: self.fire.catches,
                burns_into: self.fire.burns_into.map(&mut kind).transpose()?,
            },
            puts_out_fire: self.puts_out_fire,
            blocks_gas: self.blocks_gas,
            commutes: self.commutes,
        })
    }
}

/// `content/ground.ron`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GroundFile {
    pub kinds: Vec<Entry<GroundRules<String, String, String>>>,
}

const TABLE: &str = "ground";

/// The rows, checked, with the kinds they name found: the named kinds first and in order, every
/// kind drawn with letters of its own (not a monster's, an item's, a digit or the player's), a
/// feature over floor-layer ground, a secret or locked kind that becomes something it can be.
pub(super) fn resolve(
    file: GroundFile,
    lights: &LightsFile,
    features: &FeaturesFile,
) -> Result<Vec<GroundRules>, ContentError> {
    let names: Vec<String> = file.kinds.iter().map(|e| e.name.clone()).collect();
    if names.len() > usize::from(u8::MAX) || names.len() < Ground::NAMED.len() {
        return Err(ContentError {
            table: TABLE,
            entry: None,
            problem: Problem::Field {
                field: "kinds",
                reason: format!(
                    "from {} kinds (those the code places by name) to {}",
                    Ground::NAMED.len(),
                    u8::MAX
                ),
            },
        });
    }
    for (place, named) in Ground::NAMED.iter().enumerate() {
        if names[place] != *named {
            return Err(field_error(
                TABLE,
                &names[place],
                "name",
                format!(
                    "row {} must be \"{named}\": the first {} rows are the kinds the code places \
                     by name, in this order: {}",
                    place + 1,
                    Ground::NAMED.len(),
                    Ground::NAMED.join(", ")
                ),
            ));
        }
    }
    let mut rows = Vec::with_capacity(names.len());
    for (i, entry) in file.kinds.into_iter().enumerate() {
        let name = entry.name.clone();
        check_letters(&entry.rules.map_letters, &name)?;
        if let Some(other) = names[..i].iter().zip(&rows).find_map(|(other, row)| {
            let row: &GroundRules = row;
            (row.map_letters.iter())
                .any(|l| entry.rules.map_letters.contains(l))
                .then_some(other)
        }) {
            return Err(ContentError {
                table: TABLE,
                entry: Some(name),
                problem: Problem::Shared {
                    field: "map_letters",
                    other: other.clone(),
                },
            });
        }
        let kind = |wanted: String| {
            (names.iter().position(|n| *n == wanted)).map_or_else(
                || {
                    Err(field_error(
                        TABLE,
                        &name,
                        "a kind it names",
                        format!("there is no kind \"{wanted}\""),
                    ))
                },
                |i| Ok(Ground(i as u8)),
            )
        };
        if entry.rules.fire.catches > 100 {
            return Err(field_error(TABLE, &name, "fire", "a chance over a hundred"));
        }
        if (entry.rules.changes.as_ref()).is_some_and(|c| c.chance == 0 || c.chance > 100) {
            return Err(field_error(TABLE, &name, "changes", "a chance of 1 to 100"));
        }
        let light = |wanted: String| light_named(lights, TABLE, &name, &wanted);
        let feature = |wanted: String| feature_named(features, TABLE, &name, &wanted);
        rows.push(entry.rules.map_names(kind, light, feature)?);
    }
    check_what_they_become(&rows, &names)?;
    Ok(rows)
}

/// A machine's trigger where it can be met: an item lifted from ground it can lie on, a lever
/// bumped where it cannot be walked onto, a plate struck where a throw can reach it, a
/// flagstone stepped on where anyone walks.
fn check_trigger(row: &GroundRules, name: &str) -> Result<(), ContentError> {
    let fits = match row.signals {
        None => true,
        Some(Trigger::Lifted) => row.layer == GroundLayer::Floor,
        Some(Trigger::Bumped) => row.blocks_walking,
        Some(Trigger::Landed) => !row.stops_missiles,
        Some(Trigger::SteppedOn) => row.layer == GroundLayer::Floor && !row.blocks_walking,
    };
    if !fits {
        return Err(field_error(
            TABLE,
            name,
            "signals",
            "Lifted from floor-layer ground, Bumped where nobody walks, Landed where a throw lands, \
             SteppedOn floor-layer ground anyone walks on",
        ));
    }
    Ok(())
}

/// A kind's letters: at least one, none a letter or digit (monsters and labels), the player's
/// `@` or a blank.
fn check_letters(letters: &[char], name: &str) -> Result<(), ContentError> {
    let bad = |l: &char| l.is_alphanumeric() || l.is_whitespace() || *l == '@';
    if letters.is_empty() || letters.iter().any(bad) {
        return Err(field_error(
            TABLE,
            name,
            "map_letters",
            "one or more letters, none a letter or digit (monsters, labels), '@' or a blank",
        ));
    }
    Ok(())
}

/// What a row names must be able to take its place: a feature stands on floor-layer ground, and
/// a secret or locked kind becomes a kind of its own layer (it stands where it stood).
fn check_what_they_become(rows: &[GroundRules], names: &[String]) -> Result<(), ContentError> {
    for (row, name) in rows.iter().zip(names) {
        let layer = |kind: Ground| rows[kind.index()].layer;
        if let Some(under) = row.on
            && (row.layer != GroundLayer::Feature || layer(under) != GroundLayer::Floor)
        {
            return Err(field_error(
                TABLE,
                name,
                "on",
                "only a feature stands on ground, and what it stands on is floor-layer ground",
            ));
        }
        if row
            .found_as
            .is_some_and(|kind| rows[kind.index()].pressure_plate != row.pressure_plate)
        {
            return Err(field_error(
                TABLE,
                name,
                "pressure_plate",
                "a hidden trap has the plate of the trap it is found as",
            ));
        }
        check_trigger(row, name)?;
        for (field, becomes) in [("found_as", row.found_as), ("unlocks_as", row.unlocks_as)] {
            if becomes.is_some_and(|kind| layer(kind) != row.layer) {
                return Err(field_error(
                    TABLE,
                    name,
                    field,
                    "what it becomes lies where it lay (the same layer)",
                ));
            }
        }
    }
    Ok(())
}
