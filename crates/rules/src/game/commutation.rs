//! Commutation altars (content/machines.ron's, Brogue's): when a feature that `commutes` is
//! let loose in a machine, the items lying on its two altars whose ground `commutes` trade
//! their enchanting, once the machine is set off. Both must take enchanting, or nothing trades:
//! a late build steered by moving a weapon's levels onto armour, a ring's onto a staff.

use coord_2d::ICoord;

use super::pack::Stack;
use super::{DungeonEvent, Game, GameEvent};
use crate::world::Lying;

impl Game {
    /// The items on the commuting altars of the machine holding `from` trade enchanting; told
    /// either way where the player sees it.
    pub(super) fn commute(&mut self, from: ICoord) {
        let Some(index) = self.world.machine_at(from) else {
            return;
        };
        let world = &self.world;
        let lying: Vec<(ICoord, Lying)> = (world.machines()[index].cells.iter())
            .filter(|&&cell| world.ground_at(cell).rules().commutes)
            .filter_map(|&cell| Some((cell, world.item_at(cell)?)))
            .filter(|(_, lying)| lying.kind.rules().use_.class().takes_enchanting())
            .collect();
        let [(a, first), (b, second)] = lying[..] else {
            self.tell_at(from, GameEvent::Dungeon(DungeonEvent::NothingCommuted));
            return;
        };
        self.lay_retuned(a, first, second.tuning.enchant);
        self.lay_retuned(b, second, first.tuning.enchant);
        let event = DungeonEvent::Commuted {
            first: self.hero.lore.name(first.kind),
            second: self.hero.lore.name(second.kind),
        };
        self.tell_at(from, GameEvent::Dungeon(event));
    }

    /// `lying` put back where it lay at `enchant`, holding no more charges than that allows.
    fn lay_retuned(&mut self, at: ICoord, lying: Lying, enchant: u8) {
        let mut stack = Stack::from(lying);
        stack.tuning.enchant = enchant;
        stack.tuning.charges = stack.tuning.charges.min(stack.max_charges());
        self.world.take_item(at);
        let put = (self.world).put_tuned_item(at, stack.kind, stack.count, stack.tuning);
        if let Some(put) = put.filter(|_| lying.dropped) {
            self.world.mark_dropped(put);
        }
    }
}
