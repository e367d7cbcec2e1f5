//! The light table (`content/lights.ron`): every kind of light as a row of what the rules ask of
//! it: how far it reaches, how bright it is where it glows, how much is left at its rim. The
//! first row is the player's own light (its radius shrinks with depth: `balance`).

use serde::{Deserialize, Serialize};

use super::error::{ContentError, Problem, field_error};
use super::kinds::LightKind;
use super::tables::Entry;

/// The farthest any light but the player's reaches, in cells: what a cell's light is looked
/// for round it, and how far a door's opening changes the light (see `world::light`).
pub const LIGHT_REACH_MAX: u32 = 12;
/// The brightest a light may be where it glows: sums of a few stay well inside a `u16`.
const BRIGHTNESS_MAX: u32 = 200;

/// What one kind of light does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LightRules {
    /// How far it reaches, in cells (a circle, as sight's).
    pub radius: u32,
    /// How bright it is where it glows, in the rules' light units.
    pub brightness: u32,
    /// How much of its brightness is left at its rim, in a hundred.
    pub fade: u32,
}

impl LightRules {
    /// This light's brightness at `distance2` (squared distance) from where it glows, with
    /// `radius` in place of its own (the player's light shrinks with depth): full where it
    /// glows, falling in a straight line to `fade` in a hundred at the rim, none beyond.
    /// Whole numbers only: tenths of a cell by an integer square root.
    pub fn brightness_at(&self, radius: u32, distance2: u32) -> u32 {
        if distance2 > radius * radius {
            return 0;
        }
        let tenths = (distance2 * 100).isqrt();
        let rim = radius.max(1) * 10;
        let lost = (100 - self.fade.min(100)) * tenths;
        self.brightness * (100 * rim - lost) / (100 * rim)
    }
}

/// `content/lights.ron`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LightsFile {
    pub kinds: Vec<Entry<LightRules>>,
}

const TABLE: &str = "lights";

/// The rows, checked: the player's first, every light reaching somewhere and no further than
/// [`LIGHT_REACH_MAX`], bright, fading by no more than all of it.
pub(super) fn resolve(file: LightsFile) -> Result<Vec<LightRules>, ContentError> {
    let first = file.kinds.first().map(|e| e.name.as_str());
    let second = file.kinds.get(1).map(|e| e.name.as_str());
    if first != Some(LightKind::PLAYERS_NAME)
        || second != Some(LightKind::FIRE_NAME)
        || file.kinds.len() > usize::from(u8::MAX)
    {
        return Err(ContentError {
            table: TABLE,
            entry: first.map(str::to_string),
            problem: Problem::Field {
                field: "name",
                reason: format!(
                    "the first light is \"{}\", the player's own, the second \"{}\" (and \
                     there are at most {})",
                    LightKind::PLAYERS_NAME,
                    LightKind::FIRE_NAME,
                    u8::MAX
                ),
            },
        });
    }
    for entry in &file.kinds {
        let rules = entry.rules;
        let fail = |field, reason: &str| Err(field_error(TABLE, &entry.name, field, reason));
        if rules.radius == 0 || rules.radius > LIGHT_REACH_MAX {
            return fail("radius", "from 1 to 12 cells");
        }
        if rules.brightness == 0 || rules.brightness > BRIGHTNESS_MAX {
            return fail("brightness", "from 1 to 200");
        }
        if rules.fade > 100 {
            return fail("fade", "at most a hundred in a hundred");
        }
    }
    Ok(file.kinds.into_iter().map(|e| e.rules).collect())
}

/// A light's row by its name, for the tables that name lights (a glowing kind of ground, a
/// monster carrying one).
pub(super) fn light_named(
    file: &LightsFile,
    table: &'static str,
    entry: &str,
    name: &str,
) -> Result<LightKind, ContentError> {
    (file.kinds.iter().position(|e| e.name == name))
        .map(|i| LightKind(i as u8))
        .ok_or_else(|| {
            field_error(
                table,
                entry,
                "light",
                format!("there is no light \"{name}\" in content/lights.ron"),
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_light_is_full_where_it_glows_fades_to_its_rim_and_is_gone_beyond() {
        let light = LightRules {
            radius: 5,
            brightness: 100,
            fade: 40,
        };
        assert_eq!(light.brightness_at(5, 0), 100);
        assert_eq!(light.brightness_at(5, 25), 40, "the rim keeps its fade");
        assert!(light.brightness_at(5, 9) > light.brightness_at(5, 16));
        assert_eq!(light.brightness_at(5, 26), 0, "nothing beyond the rim");
        assert_eq!(
            light.brightness_at(2, 9),
            0,
            "a smaller radius reaches less far"
        );
    }
}
