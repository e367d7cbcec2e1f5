//! Growth: on reaching each new depth the player chooses one boon of [`BOONS_OFFERED`] drawn
//! from that depth's own dice (in place of hit points given). The offer is part of the game's state, so
//! a game saved in the middle of the choice offers the same boons when it resumes, and the
//! choice is a recorded action like a step. The boons' numbers are in `balance`.

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::actions::Boon;
use super::{Game, GameEvent};
use crate::balance::{self, BOONS_OFFERED};
use crate::game::DungeonEvent;

/// The boons chosen so far, and the offer waiting for a choice.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Growth {
    chosen: Vec<Boon>,
    offer: Option<[Boon; BOONS_OFFERED]>,
}

impl Growth {
    /// How many times a boon was chosen.
    pub fn count(&self, boon: Boon) -> u32 {
        self.chosen.iter().filter(|&&b| b == boon).count() as u32
    }

    /// As read back from a save: no more choices than descents, an offer of distinct boons.
    pub(super) fn is_sound(&self, depth: u32) -> bool {
        let distinct = self.offer.is_none_or(|offer| {
            (0..offer.len()).all(|i| offer[..i].iter().all(|&other| other != offer[i]))
        });
        // One choice for every descent, chosen or waiting.
        let choices = self.chosen.len() + usize::from(self.offer.is_some());
        distinct && choices + 1 == depth as usize
    }
}

impl Game {
    /// The boons on offer, while the player has yet to choose one.
    pub fn boons_offered(&self) -> Option<[Boon; BOONS_OFFERED]> {
        self.hero.growth.offer
    }

    /// The boons chosen this run, in order.
    pub fn boons_chosen(&self) -> &[Boon] {
        &self.hero.growth.chosen
    }

    /// How many times a boon was chosen this run.
    pub fn boon_count(&self, boon: Boon) -> u32 {
        self.hero.growth.count(boon)
    }

    /// Makes the offer for a depth just reached from that depth's dice: the boons in an order
    /// drawn for the depth, the first [`BOONS_OFFERED`] of them but the one chosen on the last
    /// descent. So a depth offers the same boons in every game of its seed, but for the one
    /// the player's own last choice takes out.
    pub(super) fn offer_boons(&mut self, rng: &mut impl Rng) {
        let order = boon_order(rng);
        let last = self.hero.growth.chosen.last().copied();
        let mut offer = [Boon::Vigour; BOONS_OFFERED];
        let offered = order.into_iter().filter(|&boon| Some(boon) != last);
        for (place, boon) in offer.iter_mut().zip(offered) {
            *place = boon;
        }
        self.hero.growth.offer = Some(offer);
    }

    /// Takes the boon at `index` of the offer; false (nothing happens) if there is no offer or
    /// no such boon.
    pub(super) fn choose_boon(&mut self, index: u8) -> bool {
        let Some(boon) =
            (self.hero.growth.offer).and_then(|offer| offer.get(usize::from(index)).copied())
        else {
            return false;
        };
        self.hero.growth.offer = None;
        self.hero.growth.chosen.push(boon);
        let mut gain = 0;
        if boon == Boon::Vigour {
            let mut hit_points = self.player_hit_points();
            gain = vigour_hit_points(self.hero.growth.count(Boon::Vigour));
            hit_points.max += gain;
            hit_points.current += gain;
            self.world.set_player_hit_points(hit_points);
        }
        self.fit_gear();
        self.scratch
            .events
            .push(GameEvent::Dungeon(DungeonEvent::Chose {
                boon,
                hit_points: gain,
            }));
        true
    }

    /// The hit points the next vigour would give.
    pub fn next_vigour(&self) -> u32 {
        vigour_hit_points(self.hero.growth.count(Boon::Vigour) + 1)
    }

    /// Every how many turns the player heals a hit point.
    pub fn regeneration_interval(&self) -> u64 {
        let sooner = balance::RECOVERY_TURNS * u64::from(self.hero.growth.count(Boon::Recovery))
            + balance::RING_REGENERATION_TURNS
                * u64::from(self.ring_level(crate::content::RingPower::Regeneration));
        balance::PLAYER_REGENERATION_INTERVAL
            .saturating_sub(sooner)
            .max(balance::QUICKEST_REGENERATION_INTERVAL)
    }
}

/// Every boon, in an order drawn from `rng` (a Fisher-Yates shuffle).
pub(crate) fn boon_order(rng: &mut impl Rng) -> [Boon; Boon::ALL.len()] {
    let mut all = Boon::ALL;
    for i in (1..all.len()).rev() {
        all.swap(i, rng.random_range(0..=i));
    }
    all
}

/// What the `nth` vigour chosen (from 1) gives.
fn vigour_hit_points(nth: u32) -> u32 {
    let steps = balance::VIGOUR_HIT_POINTS;
    steps[(nth.max(1) as usize - 1).min(steps.len() - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn growth(chosen: &[Boon], offer: Option<[Boon; BOONS_OFFERED]>) -> Growth {
        Growth {
            chosen: chosen.to_vec(),
            offer,
        }
    }

    /// What a snapshot's boons must be to load: one choice, made or waiting, for each descent,
    /// and an offer of three different boons.
    #[test]
    fn boons_read_back_must_fit_the_depth_and_offer_three_different_ones() {
        let offer = Some([Boon::Vigour, Boon::Might, Boon::Precision]);
        assert!(growth(&[], None).is_sound(1));
        assert!(growth(&[Boon::Might], None).is_sound(2));
        assert!(growth(&[], offer).is_sound(2));
        assert!(growth(&[Boon::Might], offer).is_sound(3));
        assert!(
            !growth(&[Boon::Might], None).is_sound(1),
            "more than the descents"
        );
        assert!(!growth(&[], None).is_sound(2), "a descent without a choice");
        assert!(
            !growth(&[], offer).is_sound(1),
            "an offer on the first depth"
        );
        let twice = Some([Boon::Vigour, Boon::Vigour, Boon::Precision]);
        assert!(!growth(&[], twice).is_sound(2), "one boon offered twice");
    }
}
