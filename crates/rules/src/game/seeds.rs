//! A run's seeds: one for each depth's level, one for the play's dice and one for the looks of
//! the item kinds not yet known, all drawn from the run's seed before anything else (Brogue CE
//! draws its levels' seeds the same way when a game begins, `RogueMain.c`). A level is made from
//! its own seed alone, so depth N of seed S is the same level whatever was played above it: the
//! daily run is one dungeon for everyone, and a seed can be described before it is played
//! (`catalog`).

use rand::{Rng, SeedableRng};
use rand_isaac::Isaac64Rng;

use crate::balance::{CAPTIVE_BAND_BY, FINAL_DEPTH};
use crate::terrain::BandRoll;

/// The seeds a run's seed stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RunSeeds {
    /// Every roll of play: blows, steps, searches, wakings.
    pub play: u64,
    /// How the potions and scrolls not yet known look this run.
    pub looks: u64,
    /// Each depth's level (index 0 is depth 1).
    pub levels: [u64; FINAL_DEPTH as usize],
    /// The boons offered on arriving at each depth: a stream of their own, so that how much a
    /// level's making draws (a new kind of ground placed, say) never changes them.
    pub boons: [u64; FINAL_DEPTH as usize],
    /// The depth that surely holds a captive band (see [`CAPTIVE_BAND_BY`]).
    pub captive_depth: u32,
}

impl RunSeeds {
    /// Drawn in a fixed order from a generator seeded with the run's seed: the order is part of
    /// the rules (a change to it is a change of `RULES_VERSION`).
    pub fn of(run_seed: u64) -> Self {
        let mut master = Isaac64Rng::seed_from_u64(run_seed);
        let play = master.random();
        let looks = master.random();
        let levels = std::array::from_fn(|_| master.random());
        let boons = std::array::from_fn(|_| master.random());
        // Drawn last, so every seed drawn before it is as it was.
        let first = crate::content::content().bestiary.captives.depths.0;
        let captive_depth = master.random_range(first..=CAPTIVE_BAND_BY.max(first));
        Self {
            play,
            looks,
            levels,
            boons,
            captive_depth,
        }
    }

    /// Whether depth `depth`'s level surely holds a captive band.
    pub fn band_roll(&self, depth: u32) -> BandRoll {
        match depth == self.captive_depth {
            true => BandRoll::Sure,
            false => BandRoll::ByChance,
        }
    }

    /// Depth `depth`'s level of this run on maps of `size`.
    pub fn level(&self, depth: u32, size: coord_2d::UCoord) -> crate::terrain::Terrain {
        let band = self.band_roll(depth);
        crate::terrain::generate_in_run(size, depth, band, &mut self.level_rng(depth))
    }

    /// The dice of play.
    pub fn play_rng(&self) -> Isaac64Rng {
        Isaac64Rng::seed_from_u64(self.play)
    }

    /// The dice the item kinds' looks are shuffled with.
    pub fn looks_rng(&self) -> Isaac64Rng {
        Isaac64Rng::seed_from_u64(self.looks)
    }

    /// The dice depth `depth`'s level is made with (depths past the last reuse the last's, which
    /// no run reaches: the final depth holds no way down).
    pub fn level_rng(&self, depth: u32) -> Isaac64Rng {
        let index = (depth.clamp(1, FINAL_DEPTH) - 1) as usize;
        Isaac64Rng::seed_from_u64(self.levels[index])
    }

    pub fn boon_rng(&self, depth: u32) -> Isaac64Rng {
        let index = (depth.clamp(1, FINAL_DEPTH) - 1) as usize;
        Isaac64Rng::seed_from_u64(self.boons[index])
    }
}

/// The level depth `depth` of the run `seed` is, on maps of `size` (a valid map size): made from
/// that depth's seed alone, as the run makes it on arriving.
pub fn level_of_run(seed: u64, depth: u32, size: coord_2d::UCoord) -> crate::terrain::Terrain {
    RunSeeds::of(seed).level(depth, size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_depth_and_the_play_get_seeds_of_their_own_from_the_run_s_alone() {
        let seeds = RunSeeds::of(5);
        assert_eq!(seeds, RunSeeds::of(5));
        let mut all = seeds.levels.to_vec();
        all.extend(seeds.boons);
        all.extend([seeds.play, seeds.looks]);
        all.sort_unstable();
        all.dedup();
        assert_eq!(
            all.len(),
            2 * FINAL_DEPTH as usize + 2,
            "no two streams share a seed"
        );
        assert_ne!(RunSeeds::of(6).levels[1], seeds.levels[1]);
        let first = |mut rng: Isaac64Rng| rng.random::<u64>();
        assert_eq!(first(seeds.level_rng(2)), first(seeds.level_rng(2)));
        assert_ne!(first(seeds.level_rng(2)), first(seeds.level_rng(3)));
    }
}
