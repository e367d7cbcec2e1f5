//! Noticing: a monster that has not noticed the player (or an ally of the player's) does so only
//! within the stealth range of the one it sees, counted in steps, and then by a roll a turn
//! (Brogue CE's stealth range and 25 in a hundred); beyond the range, never. An awake one
//! notices whoever stands beside it surely (nobody is bumped into unnoticed); a sleeper only by
//! its roll, so a sleeper can be reached and struck from the dark. Every side's characters are noticed by the same rule; the
//! player's range is the game's to work out (`game::stealth`), an ally's is its light's alone.

use coord_2d::ICoord;
use rand::Rng;

use crate::balance::{NOTICE_CHANCE, STEALTH_RANGE};
use crate::visibility::Visibility;
use crate::world::World;

/// Steps between two cells, as characters walk them (no diagonals).
pub fn steps_between(a: ICoord, b: ICoord) -> u32 {
    (a - b).manhattan_magnitude()
}

/// Whether an unaware monster at `here` notices the enemy it sees at `there`, whose stealth
/// range is `range`: beside it surely if it is `awake`, within the range with
/// [`NOTICE_CHANCE`] (a roll only then), beyond it never.
pub fn notices(here: ICoord, there: ICoord, range: u32, awake: bool, rng: &mut impl Rng) -> bool {
    let steps = steps_between(here, there);
    if steps <= 1 && awake {
        return true;
    }
    let (chance, out_of) = NOTICE_CHANCE;
    steps <= range && rng.random_ratio(chance, out_of)
}

/// An ally's stealth range where it stands: the full range in light, half in shadow. (Allies
/// neither rest nor search, and their fights are the player's: the player's range says those.)
pub fn ally_stealth_range(world: &World, visibility: &Visibility, at: ICoord) -> u32 {
    if visibility.in_shadow(world, at) {
        STEALTH_RANGE / 2
    } else {
        STEALTH_RANGE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_isaac::Isaac64Rng;

    #[test]
    fn beside_surely_within_the_range_by_chance_and_beyond_it_never() {
        let mut rng = Isaac64Rng::seed_from_u64(1);
        let here = ICoord::new(10, 10);
        assert!(notices(here, ICoord::new(11, 10), 0, true, &mut rng));
        let beside = (0..400).filter(|_| notices(here, ICoord::new(11, 10), 3, false, &mut rng));
        assert!(beside.count() < 200, "a sleeper beside rolls as any other");
        let beyond = ICoord::new(10, 18);
        assert!((0..200).all(|_| !notices(here, beyond, 7, true, &mut rng)));
        let within = ICoord::new(10, 16);
        let noticed = (0..4000)
            .filter(|_| notices(here, within, 7, true, &mut rng))
            .count();
        assert!((800..1200).contains(&noticed), "about a quarter: {noticed}");
    }
}
