//! Scrolls whose power is their own (`Recite` in the item table): enchanting what the player
//! chooses, teleportation, magic mapping, recharging, negation, and aggravation, the scroll that
//! turns on its reader.

use super::{Game, GameEvent};
use crate::balance::MOST_ENCHANT;
use crate::behaviour::Agent;
use crate::content::{ItemUse, Spell};
use crate::game::{ItemEvent, MagicEvent};
use crate::world::Side;

impl Game {
    /// A scroll of `spell` read: what it does, but for enchanting, which waits for the player to
    /// choose the item (no time passes until it does). False when no time passes.
    pub(super) fn recite(&mut self, slot: u8, spell: Spell) -> bool {
        let Some(stack) = self.hero.pack.get(slot) else {
            return false;
        };
        let kind = stack.kind;
        if spell == Spell::Enchanting {
            // Known from here: reading it tells what it is, as in Brogue, before the choice.
            self.identify(kind);
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::ChooseWhatToEnchant {
                    scroll: slot,
                }));
            return false;
        }
        let item = self.hero.lore.name(kind);
        self.hero.pack.take_one(slot);
        self.scratch
            .events
            .push(GameEvent::Items(ItemEvent::Read { item }));
        self.identify(kind);
        match spell {
            Spell::Enchanting => unreachable!("chosen above"),
            Spell::Teleportation => self.teleport_player(),
            Spell::MagicMapping => self.map_level(),
            Spell::Recharging => {
                self.recharge_every_staff();
            }
            Spell::Negation => self.negate_in_view(),
            Spell::Aggravation => self.aggravate(),
        }
        self.scratch
            .events
            .push(GameEvent::Magic(MagicEvent::Spelled { spell }));
        true
    }

    /// The scroll under `slot` spent on the item under `on`: one level more for it. False (no
    /// time) if either is not what it must be.
    pub(super) fn enchant_with(&mut self, slot: u8, on: u8) -> bool {
        let scroll = self
            .hero
            .pack
            .get(slot)
            .map(|stack| stack.kind.rules().use_);
        if scroll
            != Some(ItemUse::Recite {
                spell: Spell::Enchanting,
            })
            || slot == on
        {
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::CannotEnchant));
            return false;
        }
        let Some(target) = self.hero.pack.get(on) else {
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::CannotEnchant));
            return false;
        };
        let class = target.kind.rules().use_.class();
        if !class.takes_enchanting() || target.tuning.enchant >= MOST_ENCHANT {
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::CannotEnchant));
            return false;
        }
        let scroll_kind = self.hero.pack.get(slot).map(|s| s.kind);
        if let Some(tuning) = self.hero.pack.tuning_mut(on) {
            tuning.enchant += 1;
            // A staff or wand gains a charge with its level.
            if matches!(
                class,
                crate::content::ItemClass::Staff | crate::content::ItemClass::Wand
            ) {
                tuning.charges = tuning.charges.saturating_add(1);
            }
        }
        if let Some(stack) = self.hero.pack.get(on) {
            let most = stack.max_charges();
            if let Some(tuning) = self.hero.pack.tuning_mut(on) {
                tuning.charges = tuning.charges.min(most);
            }
        }
        self.hero.pack.take_one(slot);
        if let Some(kind) = scroll_kind {
            let item = self.hero.lore.name(kind);
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::Read { item }));
            self.identify(kind);
        }
        let level = target.tuning.enchant + 1;
        let item = self.hero.lore.name(target.kind);
        self.scratch
            .events
            .push(GameEvent::Items(ItemEvent::Enchanted { item, level }));
        self.fit_gear();
        true
    }

    /// The player somewhere far off on the level, out of view of where it stood.
    fn teleport_player(&mut self) {
        let from = self.world.player_coord();
        let Some(to) = self
            .far_cell(from, false)
            .or_else(|| self.far_cell(from, true))
        else {
            return;
        };
        let player = self.world.player();
        self.world.put_character(player, to);
        self.travel.forget();
        self.look_round();
        self.walk_over_items();
    }

    /// The whole level remembered as it is, its secret doors found.
    fn map_level(&mut self) {
        let secrets: Vec<_> = (self.world.size().icoord_iter_row_major())
            .filter(|&cell| self.world.is_secret(cell))
            .collect();
        for cell in secrets {
            self.find_secret(cell);
        }
        self.visibility.remember_layout(&self.world);
    }

    fn negate_in_view(&mut self) {
        let in_view: Vec<_> = self.npcs_in_sight().collect();
        for npc in in_view {
            self.negate(npc);
        }
        self.progress.draughts.end_all();
        self.tell_world_of_draughts();
    }

    /// Every monster of the level wakes and comes for the reader.
    fn aggravate(&mut self) {
        let turn = self.progress.turn;
        let player = self.world.player_coord();
        let monsters: Vec<_> = (self.world.npcs().iter().copied())
            .filter(|&npc| self.world.side_of(npc) == Some(Side::Dungeon))
            .collect();
        for npc in monsters {
            let Some(agent) = self.minds.agents.get_mut(npc) else {
                continue;
            };
            if agent.is_asleep() {
                *agent = Agent::wandering();
            }
            agent.see_player(player, turn);
        }
        self.rebuild_npc_lists();
    }
}
