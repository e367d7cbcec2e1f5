//! Staffs and wands: zapped, each sends its bolt through the one path for everything fired
//! (`bolts`), with the power its enchanting gives. A staff's charges come back with time, a
//! wand's never do (but for enchanting); either names its kind when first zapped.

use coord_2d::ICoord;

use super::{Game, GameEvent, Missile};
use crate::balance::{STAFF_DURATION_PER_LEVEL, STAFF_POWER_PER_LEVEL, STAFF_RECHARGE_PER_LEVEL};
use crate::content::{BoltEffect, BoltKind, BoltPath, ItemKind, ItemUse};
use crate::game::ItemEvent;

/// How strong a bolt is sent: levels of enchanting behind it (none for a scroll, a dart or a
/// monster's bolt).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Power(pub u32);

impl Power {
    /// An amount (damage, healing) grown by the power.
    pub fn amount(self, (least, most): (u32, u32)) -> (u32, u32) {
        let more = STAFF_POWER_PER_LEVEL * self.0;
        (least + more, most + more)
    }

    /// A number of turns grown by the power.
    pub fn turns(self, turns: u32) -> u32 {
        turns + turns * STAFF_DURATION_PER_LEVEL * self.0 / 100
    }

    /// What `effect` does sent with this power: its amounts and turns grown (a burst, a web
    /// and the marks' bolts as they are).
    pub fn applied_to(self, effect: BoltEffect) -> BoltEffect {
        match effect {
            BoltEffect::Blow(mut dice) => {
                dice.damage = self.amount(dice.damage);
                BoltEffect::Blow(dice)
            }
            BoltEffect::Strike(damage) => BoltEffect::Strike(self.amount(damage)),
            BoltEffect::Heal(amount) => BoltEffect::Heal(self.amount(amount)),
            BoltEffect::Confuse { turns } => BoltEffect::Confuse {
                turns: self.turns(turns),
            },
            BoltEffect::Slow { turns } => BoltEffect::Slow {
                turns: self.turns(turns),
            },
            BoltEffect::Obstruct { turns, radius } => BoltEffect::Obstruct {
                turns: self.turns(turns),
                radius,
            },
            BoltEffect::Haste { turns } => BoltEffect::Haste {
                turns: self.turns(turns),
            },
            BoltEffect::Burst { .. }
            | BoltEffect::Shatter { .. }
            | BoltEffect::Blink
            | BoltEffect::TeleportOther
            | BoltEffect::Dominate
            | BoltEffect::Beckon
            | BoltEffect::Negate
            | BoltEffect::Web { .. } => effect,
        }
    }

    /// How far a bolt of `range` reaches with this power: a blink carries a cell further a
    /// level, every other bolt flies as far as its row says.
    pub fn reach(self, effect: BoltEffect, range: u32) -> u32 {
        match effect {
            BoltEffect::Blink => range + self.0,
            _ => range,
        }
    }
}

/// What a staff or wand in the pack sends, in numbers, as its enchanting makes it now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZapNumbers {
    /// The bolt's effect with the staff's power.
    pub effect: BoltEffect,
    /// How far it reaches.
    pub reach: u32,
    /// How it finds its mark (aimed, or the nearest foe in view).
    pub path: BoltPath,
    /// It sets fire where it stops.
    pub ignites: bool,
    /// For a staff, the turns a spent charge takes to come back.
    pub recharge: Option<u16>,
}

impl Game {
    /// The numbers of a staff or wand (carried, or lying on an altar; none for anything else,
    /// or one whose kind the player does not know yet): for choosing between two.
    pub fn zap_numbers(&self, stack: super::Stack) -> Option<ZapNumbers> {
        if !self.hero.lore.is_known(stack.kind) {
            return None;
        }
        let (bolt, staff) = match stack.kind.rules().use_ {
            ItemUse::Staff { bolt, .. } => (bolt, true),
            ItemUse::Wand { bolt, .. } => (bolt, false),
            _ => return None,
        };
        let power = Power(u32::from(stack.tuning.enchant));
        let rules = bolt.rules();
        Some(ZapNumbers {
            effect: power.applied_to(rules.effect),
            reach: power.reach(rules.effect, rules.range),
            path: rules.path,
            ignites: rules.ignites,
            recharge: staff.then(|| recharge_time(stack.kind, stack.tuning.enchant)),
        })
    }
}

impl Game {
    /// Zaps the staff or wand under `slot` at `at` (for a bolt that flies along a line): a
    /// charge spent, the kind named. False (no time) with no charge left.
    pub(super) fn zap(&mut self, slot: u8, bolt: BoltKind, at: Option<ICoord>) -> bool {
        let Some(stack) = self.hero.pack.get(slot) else {
            return false;
        };
        let kind = stack.kind;
        let item = self.hero.lore.name(kind);
        if stack.tuning.charges == 0 {
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::NoCharges { item }));
            return false;
        }
        if let Some(tuning) = self.hero.pack.tuning_mut(slot) {
            tuning.charges -= 1;
            if tuning.recharge_in == 0 {
                tuning.recharge_in = recharge_time(kind, tuning.enchant);
            }
        }
        self.scratch
            .events
            .push(GameEvent::Items(ItemEvent::Zapped { item }));
        self.identify(kind);
        let player = self.world.player();
        let toward = at.unwrap_or_else(|| self.world.player_coord());
        let power = Power(u32::from(stack.tuning.enchant));
        self.send_bolt_with(player, Missile::Item(kind), bolt, toward, power);
        true
    }

    /// A turn passes for every staff carried: one short of its charges counts down to its next.
    pub(super) fn recharge_staffs(&mut self) {
        for stack in self.hero.pack.stacks_mut() {
            if !matches!(stack.kind.rules().use_, ItemUse::Staff { .. }) {
                continue;
            }
            let most = stack.max_charges();
            let tuning = &mut stack.tuning;
            if tuning.charges >= most {
                tuning.recharge_in = 0;
                continue;
            }
            if tuning.recharge_in == 0 {
                // Short of its charges with no count running (an enchanting just raised its
                // most): the count starts now, the charge does not come at once.
                tuning.recharge_in = recharge_time(stack.kind, tuning.enchant);
                continue;
            }
            tuning.recharge_in -= 1;
            if tuning.recharge_in == 0 {
                tuning.charges += 1;
                if tuning.charges < most {
                    tuning.recharge_in = recharge_time(stack.kind, tuning.enchant);
                }
            }
        }
    }

    /// Every staff carried full again (a scroll of recharging); how many there were.
    pub(super) fn recharge_every_staff(&mut self) -> u32 {
        let mut staffs = 0;
        for stack in self.hero.pack.stacks_mut() {
            if matches!(stack.kind.rules().use_, ItemUse::Staff { .. }) {
                stack.tuning.charges = stack.max_charges();
                stack.tuning.recharge_in = 0;
                staffs += 1;
            }
        }
        staffs
    }
}

/// Turns until a staff's next charge: its row's wait, a share shorter for each level.
fn recharge_time(kind: ItemKind, enchant: u8) -> u16 {
    let ItemUse::Staff { recharge, .. } = kind.rules().use_ else {
        return 0;
    };
    let shorter = 100 + STAFF_RECHARGE_PER_LEVEL * u32::from(enchant);
    let turns = (recharge * 100 / shorter).max(1);
    u16::try_from(turns).unwrap_or(u16::MAX)
}
