//! Drawing a kind from a spawn table by weight.

use rand::Rng;

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
