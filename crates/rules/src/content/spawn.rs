//! Where and how often a kind spawns, as its row says (a chance that ramps with depth, the
//! depths it keeps to), and drawing a kind from a spawn table by weight.

use rand::Rng;
use serde::{Deserialize, Serialize};

/// One of `weights`' indices, each with a chance in proportion to its weight; None if every
/// weight is zero. Each kind in turn, from the last, takes its share of what is left: one
/// random draw per kind with a share to take, none for the first (it takes all that is left).
/// For two kinds that is a single "one in so many" roll for the second, which is how the
/// levels made before the tables rolled a troll against an orc, so seeds make the same levels.
pub fn pick_weighted(
    weights: impl DoubleEndedIterator<Item = u32> + Clone,
    rng: &mut impl Rng,
) -> Option<usize> {
    let mut left: u32 = weights.clone().sum();
    let count = weights.clone().count();
    for (i, weight) in weights.rev().enumerate() {
        if weight == 0 {
            continue;
        }
        if rng.random_ratio(weight, left) {
            return Some(count - 1 - i);
        }
        left -= weight;
    }
    None
}

/// A number that changes with depth: `first` on the shallowest level of its window, `last` on
/// the deepest, in a straight line between (rounded down), nothing outside the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ramp {
    pub first: u32,
    pub last: u32,
}

impl Ramp {
    /// The value at `depth` of a window from `from` to `to` (inclusive); zero outside it.
    pub fn at(self, (from, to): (u32, u32), depth: u32) -> u32 {
        if !(from..=to).contains(&depth) {
            return 0;
        }
        if from == to {
            return self.first;
        }
        let (first, last) = (i64::from(self.first), i64::from(self.last));
        let along = i64::from(depth - from);
        let span = i64::from(to - from);
        (first + ((last - first) * along).div_euclid(span)) as u32
    }
}

/// A chance of `chance` in `out_of`, the numerator rising over the whole dungeon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chance {
    pub chance: Ramp,
    pub out_of: u32,
}

/// Where and how often a kind appears.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spawn {
    /// The shallowest and deepest levels it appears on.
    pub depths: (u32, u32),
    /// Its weight against the other kinds of its table on each depth of the window.
    pub weight: Ramp,
}

/// A monster kind's spawn: [`Spawn`] and how many come together when it is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NpcSpawn {
    pub depths: (u32, u32),
    pub weight: Ramp,
    /// How many of it come at once (inclusive range): a band placed together in one room.
    pub band: (u32, u32),
}
