//! The pack in play: taking, dropping, and using what is carried. Drinking heals; reading and
//! throwing go through `flight`, the one path for anything that flies.

use coord_2d::ICoord;

use super::{Ending, Game, GameEvent, Missile};
use crate::content::{ItemClass, ItemKind, ItemUse};
use crate::game::{DungeonEvent, ItemEvent};

impl Game {
    /// Walking onto a cell takes what lies there if the pack has room (the Sunstone wins the
    /// run) and the player did not put it there; if not, says what lies there. A vault's altar only says what it holds: taking
    /// from it closes the other cages, and that is asked for, never walked into.
    pub(super) fn walk_over_items(&mut self) {
        let here = self.world.player_coord();
        let Some(lying) = self.world.item_at(here) else {
            return;
        };
        if self.world.is_untaken_altar(here) {
            let item = self.hero.lore.name(lying.kind);
            self.scratch
                .events
                .push(GameEvent::Dungeon(DungeonEvent::AltarHolds { item }));
            return;
        }
        if self.world.ground_at(here).rules().signals.is_some() {
            // Lifting it sets a machine off: asked for, never walked into.
            let item = self.hero.lore.name(lying.kind);
            self.scratch
                .events
                .push(GameEvent::Dungeon(DungeonEvent::SwitchHolds { item }));
            return;
        }
        if lying.dropped {
            let item = self.hero.lore.name(lying.kind);
            let (count, tuning) = (lying.count, lying.tuning);
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::LeftHere {
                    item,
                    count,
                    tuning,
                }));
            return;
        }
        if self.hero.pack.room_for(lying.kind).is_none() && lying.kind != ItemKind::prize() {
            return self.no_room_for(lying);
        }
        self.pick_up_here();
    }

    /// Says why what lies underfoot is not taken: one of its kind of gear is carried, or
    /// there is no room.
    fn no_room_for(&mut self, lying: crate::world::Lying) {
        let item = self.hero.lore.name(lying.kind);
        let count = lying.count;
        let one_carried =
            super::pack::is_gear(lying.kind) && self.hero.pack.slot_of(lying.kind).is_some();
        let event = match one_carried {
            true => ItemEvent::OneCarried { item },
            false => ItemEvent::NoRoom { item, count },
        };
        self.scratch.events.push(GameEvent::Items(event));
    }

    /// Takes what lies underfoot; false (no time taken) if nothing does or there is no room.
    pub(super) fn pick_up_here(&mut self) -> bool {
        let here = self.world.player_coord();
        let Some(lying) = self.world.item_at(here) else {
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::NothingHere));
            return false;
        };
        let item = self.hero.lore.name(lying.kind);
        let (count, tuning) = (lying.count, lying.tuning);
        if lying.kind.rules().use_ == ItemUse::WinsTheRun {
            self.world.take_item(here);
            self.progress.ending = Some(Ending::Won);
            let slot = 0;
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::PickedUp {
                    item,
                    count,
                    tuning,
                    slot,
                }));
            return true;
        }
        let Some(slot) = self.hero.pack.add_tuned(lying.kind, count, lying.tuning) else {
            self.no_room_for(lying);
            return false;
        };
        self.world.take_item(here);
        // A ring joining one worn is a level more.
        self.fit_gear();
        self.scratch
            .events
            .push(GameEvent::Items(ItemEvent::PickedUp {
                item,
                count,
                tuning,
                slot,
            }));
        if let Some((altars, room)) = self.world.take_from_altar(here) {
            self.hero
                .vault_rewards
                .push((lying.kind, self.progress.depth, room));
            self.scratch
                .events
                .push(GameEvent::Dungeon(DungeonEvent::Caged { altars }));
        }
        true
    }

    /// Puts a whole stack down underfoot, or on the nearest cell with room.
    pub(super) fn drop_stack(&mut self, slot: u8) -> bool {
        let Some(stack) = self.hero.pack.take_all(slot) else {
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::NoSuchItem));
            return false;
        };
        // What was in use is no longer (the pack put it away with the stack).
        self.fit_gear();
        let here = self.world.player_coord();
        if let Some(put) = (self.world).put_tuned_item(here, stack.kind, stack.count, stack.tuning)
        {
            self.world.mark_dropped(put);
        }
        let item = self.hero.lore.name(stack.kind);
        let (count, tuning) = (stack.count, stack.tuning);
        self.scratch
            .events
            .push(GameEvent::Items(ItemEvent::Dropped {
                item,
                count,
                tuning,
            }));
        self.put_back_on_altar(stack.kind);
        true
    }

    /// A vault's reward dropped back on its altar reopens the other cages, and is no longer
    /// counted taken.
    fn put_back_on_altar(&mut self, kind: ItemKind) {
        let here = self.world.player_coord();
        let depth = self.progress.depth;
        let lies_here = self
            .world
            .item_at(here)
            .is_some_and(|lying| lying.kind == kind);
        let Some(reward) = (self.hero.vault_rewards.iter())
            .rposition(|&(taken, on, _)| (taken, on) == (kind, depth))
            .filter(|_| lies_here)
        else {
            return;
        };
        if let Some(altars) = self.world.return_to_altar(here) {
            self.hero.vault_rewards.remove(reward);
            self.scratch
                .events
                .push(GameEvent::Dungeon(DungeonEvent::Uncaged { altars }));
        }
    }

    /// The kind carried under `slot`; none, and the player told so, if nothing is.
    fn carried(&mut self, slot: u8) -> Option<ItemKind> {
        let kind = self.hero.pack.get(slot).map(|stack| stack.kind);
        if kind.is_none() {
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::NoSuchItem));
        }
        kind
    }

    /// Uses one item under a letter as it is meant to be used: drinks it, reads it, zaps it,
    /// throws a dart at `at`. False (and no time taken) if nothing is carried there or it
    /// cannot be aimed where asked.
    pub(super) fn use_item(&mut self, slot: u8, at: Option<ICoord>) -> bool {
        let Some(kind) = self.carried(slot) else {
            return false;
        };
        let item = self.hero.lore.name(kind);
        let use_ = kind.rules().use_;
        let target = match self.use_target(slot, use_, item.known, at) {
            Ok(target) => target,
            Err(error) => return self.cannot_aim(error),
        };
        match use_ {
            ItemUse::Drink { heal } => {
                self.hero.pack.take_one(slot);
                self.drink(item, heal);
                self.identify(kind);
            }
            ItemUse::Quaff { state, turns } => {
                self.hero.pack.take_one(slot);
                self.scratch
                    .events
                    .push(GameEvent::Items(ItemEvent::Drank { item, healed: 0 }));
                self.identify(kind);
                self.quaff(state, turns);
            }
            ItemUse::Recite { spell } => return self.recite(slot, spell),
            ItemUse::Staff { bolt, .. } | ItemUse::Wand { bolt, .. } => {
                return self.zap(slot, bolt, target.filter(|_| use_.is_aimed()));
            }
            ItemUse::Ring { .. } => self.toggle_use(kind),
            ItemUse::Shatter { bolt } => {
                // Drunk, it bursts at the drinker's feet: what a malevolent potion is learnt by.
                self.hero.pack.take_one(slot);
                self.scratch
                    .events
                    .push(GameEvent::Items(ItemEvent::Shattered { item, drunk: true }));
                self.identify(kind);
                let here = self.world.player_coord();
                self.break_open(Missile::Item(kind), bolt, here);
            }
            ItemUse::Read { bolt } => {
                self.hero.pack.take_one(slot);
                self.scratch
                    .events
                    .push(GameEvent::Items(ItemEvent::Read { item }));
                self.identify(kind);
                self.read(kind, bolt, target.filter(|_| use_.is_aimed()));
            }
            ItemUse::Throw { .. } => {
                let Some(at) = target else {
                    return self.cannot_aim(super::AimError::NoTarget);
                };
                return self.throw_item(slot, at);
            }
            ItemUse::Wield { .. } | ItemUse::Wear { .. } => self.toggle_use(kind),
            // Taking the Sunstone ends the run: it is never carried.
            ItemUse::WinsTheRun => return false,
            // A key is used by walking into its door.
            ItemUse::Key => {
                self.scratch
                    .events
                    .push(GameEvent::Items(ItemEvent::KeyOpensByWalking));
                return false;
            }
        }
        true
    }

    /// Where a use of the item under `slot` goes: nowhere for one not aimed, else `at` if it
    /// can go there.
    fn use_target(
        &self,
        slot: u8,
        use_: ItemUse,
        known: bool,
        at: Option<ICoord>,
    ) -> Result<Option<ICoord>, super::AimError> {
        // An unknown scroll is read at a target, whatever it is, so asking for one betrays
        // nothing; a potion is drunk (thrown, it is `PlayerAction::Throw`).
        let needs_aim = match use_.class() {
            ItemClass::Potion => false,
            ItemClass::Scroll => use_.is_aimed() || !known,
            // An unknown staff or wand is zapped at a target, whatever it is, as a scroll.
            ItemClass::Staff | ItemClass::Wand => use_.is_aimed() || !known,
            ItemClass::Ring
            | ItemClass::Missile
            | ItemClass::Weapon
            | ItemClass::Armour
            | ItemClass::Prize
            | ItemClass::Key => use_.is_aimed(),
        };
        match (needs_aim, at) {
            (false, _) => Ok(None),
            (true, None) => Err(super::AimError::NoTarget),
            (true, Some(at)) => self.aim(slot, at).map(|_| Some(at)),
        }
    }

    /// Throws one item under a letter at `at`: a dart flies at what stands there, a potion
    /// shatters where it lands. False (and no time taken) if nothing is carried there, it is
    /// not for throwing, or it cannot be aimed there.
    pub(super) fn throw_item(&mut self, slot: u8, at: ICoord) -> bool {
        let Some(kind) = self.carried(slot) else {
            return false;
        };
        let use_ = kind.rules().use_;
        if !matches!(use_.class(), ItemClass::Potion) && !matches!(use_, ItemUse::Throw { .. }) {
            return self.cannot_aim(super::AimError::NotForThrowing);
        }
        if let Err(error) = self.aim(slot, at) {
            return self.cannot_aim(error);
        }
        let item = self.hero.lore.name(kind);
        self.hero.pack.take_one(slot);
        self.scratch
            .events
            .push(GameEvent::Items(ItemEvent::Threw { item }));
        match use_ {
            ItemUse::Throw { bolt, breaks } => self.throw(kind, bolt, breaks, at),
            _ => self.throw_potion(kind, at),
        }
        true
    }

    /// A potion thrown: it flies to where it stops and shatters there; one that is drunk for
    /// its good is wasted, one that shatters does what its bolt does there. Either way it is
    /// known: what splashed out is seen, as what is drunk is felt.
    fn throw_potion(&mut self, kind: ItemKind, at: ICoord) {
        let player = self.world.player();
        match kind.rules().use_ {
            ItemUse::Shatter { bolt } => {
                self.scratch.struck = self.send_bolt(player, Missile::Item(kind), bolt, at);
                self.identify(kind);
            }
            _ => {
                let stop = self.fly_potion(player, kind, at);
                self.scratch.struck = Some(stop);
                let item = self.hero.lore.name(kind);
                self.scratch
                    .events
                    .push(GameEvent::Items(ItemEvent::Shattered {
                        item,
                        drunk: false,
                    }));
                self.identify(kind);
                self.make_noise(crate::behaviour::Noise::fight(stop));
            }
        }
    }

    fn cannot_aim(&mut self, error: super::AimError) -> bool {
        self.scratch
            .events
            .push(GameEvent::Items(ItemEvent::CannotAim(error)));
        false
    }

    fn drink(&mut self, item: super::ItemName, heal: u32) {
        let before = self.player_hit_points().current;
        self.world.heal_player(heal);
        let healed = self.player_hit_points().current - before;
        self.scratch
            .events
            .push(GameEvent::Items(ItemEvent::Drank { item, healed }));
    }

    pub(super) fn identify(&mut self, kind: ItemKind) {
        for item in self.hero.lore.identify(kind) {
            let by_elimination = item != kind;
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::Identified {
                    item,
                    by_elimination,
                }));
        }
    }
}
