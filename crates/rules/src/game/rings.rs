//! Rings worn: a power a level at a time (one, and one more for each enchanting), on the
//! player's stealth, healing or light. A ring shows what it is after it has been worn a while.

use super::{Game, GameEvent};
use crate::balance::RING_KNOWN_AFTER;
use crate::content::{ItemUse, RingPower};
use crate::game::ItemEvent;

impl Game {
    /// The levels of a power the rings worn give together.
    pub fn ring_level(&self, power: RingPower) -> u32 {
        let pack = &self.hero.pack;
        (pack.rings())
            .filter(|(kind, _)| kind.rules().use_ == ItemUse::Ring { power })
            .filter_map(|(kind, _)| pack.stack_of(kind))
            .map(|stack| 1 + u32::from(stack.tuning.enchant))
            .sum()
    }

    /// A turn more on the rings worn: one worn long enough shows what it is.
    pub(super) fn wear_rings(&mut self) {
        for kind in self
            .hero
            .pack
            .wear_rings_on(RING_KNOWN_AFTER)
            .into_iter()
            .flatten()
        {
            if !self.hero.lore.is_known(kind) {
                self.scratch
                    .events
                    .push(GameEvent::Items(ItemEvent::RingShown { item: kind }));
                self.identify(kind);
            }
        }
    }
}
