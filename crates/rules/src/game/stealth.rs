//! The player's stealth range, turn by turn: how near a monster must be to notice the player at
//! all (Brogue CE's `currentStealthRange`): the full range in light, half in shadow (no light
//! but the player's own reaches its cell), half again for a turn spent still (waiting, resting,
//! searching), twice for the turn after a fight. Never below two steps but when still (one).

use super::Game;
use crate::balance::STEALTH_RANGE;

impl Game {
    /// The player's stealth range this turn, in steps.
    pub fn stealth_range(&self) -> u32 {
        let player = self.world.player_coord();
        let mut range = STEALTH_RANGE;
        if self.visibility.in_shadow(&self.world, player) {
            range /= 2;
        }
        if self.scratch.still {
            range = range.div_ceil(2);
        }
        // Never loud before the first fight (`loud_until` starts at 0, the first turn).
        if self.progress.turn <= self.progress.loud_until && self.progress.loud_until > 0 {
            range *= 2;
        }
        // Heavy armour clanks; a ring of stealth hushes.
        range += self.armour_clank();
        let hushed = crate::balance::RING_STEALTH_STEPS
            * self.ring_level(crate::content::RingPower::Stealth);
        range = range.saturating_sub(hushed);
        let least = if self.scratch.still { 1 } else { 2 };
        range.max(least)
    }

    /// True if the player stands in shadow: no light but its own reaches it.
    pub fn in_shadow(&self) -> bool {
        let player = self.world.player_coord();
        self.visibility.in_shadow(&self.world, player)
    }

    /// The player struck a blow or took one: it is heard, and noticed from twice as far on
    /// the next turn.
    pub(super) fn fought(&mut self) {
        self.progress.loud_until = self.progress.turn + 1;
    }
}
