//! What the player fights with and in: the weapon wielded and the armour worn, kinds carried in
//! the pack (see [`super::Pack`]). Their numbers are the item table's; here they become the
//! world's dice for the player's blows, the armour that blunts blows on it, and the time its
//! blows and steps take.

use super::{Boon, Game, GameEvent};
use crate::balance::{self, AttackDice, TURN_TIME};
use crate::content::{ItemKind, ItemUse};
use crate::game::ItemEvent;
use crate::world::{ActOutcome, Gear};

impl Game {
    /// What the player's blows roll and its armour takes, with its gear and boons.
    pub fn player_gear(&self) -> Gear {
        self.world.player_gear()
    }

    /// Wields or wears the kind (in place of what was in use), or puts it away if it is in use.
    pub(super) fn toggle_use(&mut self, kind: ItemKind) {
        let item = self.hero.lore.name(kind);
        if self.hero.pack.is_in_use(kind) {
            self.hero.pack.put_away(kind);
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::PutAway { item }));
        } else {
            if let Some(replaced) = self.hero.pack.put_to_use(kind) {
                let item = self.hero.lore.name(replaced);
                self.scratch
                    .events
                    .push(GameEvent::Items(ItemEvent::PutAway { item }));
            }
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::PutToUse { item }));
        }
        self.fit_gear();
    }

    /// Steps the armour worn adds to the player's stealth range.
    pub(super) fn armour_clank(&self) -> u32 {
        match self.hero.pack.worn().map(|kind| kind.rules().use_) {
            Some(ItemUse::Wear { clank, .. }) => clank,
            _ => 0,
        }
    }

    /// Gives the world the player's blows and armour from what is in use, and the player's
    /// eyes their light: a ring of light put on, taken off, dropped, enchanted or joined by
    /// another changes it. Called after every change to what is carried or in use.
    pub(super) fn fit_gear(&mut self) {
        let gear = self.gear_in_use();
        self.world.set_player_gear(gear);
        self.fit_eyes();
    }

    /// The player's blows and armour as what is in use and the boons chosen make them.
    pub(super) fn gear_in_use(&self) -> Gear {
        let enchant = |kind: crate::content::ItemKind| {
            (self.hero.pack.stack_of(kind)).map_or(0, |stack| u32::from(stack.tuning.enchant))
        };
        let weapon = (self.hero.pack.wielded()).and_then(|weapon| match weapon.rules().use_ {
            ItemUse::Wield { attack, .. } => Some((attack, enchant(weapon))),
            _ => None,
        });
        let mut gear = Gear::BARE;
        gear.attack = self.blows_with(weapon);
        if let Some(suit) = self.hero.pack.worn()
            && let ItemUse::Wear { armour, .. } = suit.rules().use_
        {
            gear.armour = armour + enchant(suit);
        }
        gear
    }

    /// The player's blows with a weapon's dice enchanted to a level (its own blade's with
    /// none), and the might and precision chosen.
    fn blows_with(&self, weapon: Option<(AttackDice, u32)>) -> AttackDice {
        let mut attack = Gear::BARE.attack;
        if let Some((dice, level)) = weapon {
            // Each level: a point more damage, and surer (a hit more in as many more tries).
            attack = dice;
            attack.damage = (dice.damage.0 + level, dice.damage.1 + level);
            attack.to_hit = (dice.to_hit.0 + level, dice.to_hit.1 + level);
        }
        let might = self.boon_count(Boon::Might);
        let (least, most) = balance::MIGHT_DAMAGE;
        attack.damage = (
            attack.damage.0 + least * might,
            attack.damage.1 + most * might,
        );
        attack.to_hit = with_precision(attack.to_hit, self.boon_count(Boon::Precision));
        attack
    }

    /// The numbers of a weapon or suit (carried, or lying on an altar) as they would be in
    /// the player's use now (its enchanting, the boons chosen); none for anything else.
    pub fn gear_numbers(&self, stack: super::Stack) -> Option<GearNumbers> {
        let level = u32::from(stack.tuning.enchant);
        match stack.kind.rules().use_ {
            ItemUse::Wield {
                attack,
                time,
                sneak_attack,
                ..
            } => Some(GearNumbers::Weapon {
                attack: self.blows_with(Some((attack, level))),
                time,
                from_the_dark: sneak_attack.unwrap_or(balance::SNEAK_ATTACK_MULTIPLIER),
            }),
            ItemUse::Wear {
                armour,
                step_time,
                clank,
            } => Some(GearNumbers::Armour {
                armour: armour + level,
                step_time: self.step_time_in(step_time),
                clank,
            }),
            _ => None,
        }
    }

    /// A step's time in armour whose steps take `step_time`, with the swiftness chosen.
    fn step_time_in(&self, step_time: u32) -> u32 {
        let quicker = balance::SWIFTNESS_STEP_TIME * self.boon_count(Boon::Swiftness);
        step_time
            .saturating_sub(quicker)
            .max(balance::SWIFTEST_STEP_TIME)
            .min(step_time)
    }

    /// How long the player's last action took: a blow the weapon's time, a step the armour's,
    /// anything else a turn.
    pub(super) fn time_taken(&self, outcome: Option<ActOutcome>) -> u32 {
        self.hasted(self.unhasted_time(outcome))
    }

    fn unhasted_time(&self, outcome: Option<ActOutcome>) -> u32 {
        let use_of = |kind: Option<ItemKind>| kind.map(|kind| kind.rules().use_);
        match (
            outcome,
            use_of(self.hero.pack.wielded()),
            use_of(self.hero.pack.worn()),
        ) {
            (Some(ActOutcome::Attacked(_)), Some(ItemUse::Wield { time, .. }), _) => time,
            (Some(ActOutcome::Moved), _, worn) => self.step_time_in(match worn {
                Some(ItemUse::Wear { step_time, .. }) => step_time,
                _ => TURN_TIME,
            }),
            _ => TURN_TIME,
        }
    }
}

/// What a weapon or a suit would do in use, in numbers (see [`Game::gear_numbers`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GearNumbers {
    /// Wielded: the player's blows, the time one takes, and how many times its damage a blow
    /// from the dark deals.
    Weapon {
        attack: AttackDice,
        time: u32,
        from_the_dark: u32,
    },
    /// Worn: the most it takes off a blow that lands, a step's time, and the steps it adds to
    /// the stealth range.
    Armour {
        armour: u32,
        step_time: u32,
        clank: u32,
    },
}

/// A chance to hit after `precision` boons: each leaves [`balance::PRECISION_MISSES_LEFT`] of
/// the misses (by default h in o becomes h + o in 2o).
pub fn with_precision((hits, out_of): (u32, u32), precision: u32) -> (u32, u32) {
    let (num, den) = balance::PRECISION_MISSES_LEFT;
    (0..precision).fold((hits, out_of), |(h, o), _| {
        (o * den - (o - h.min(o)) * num, o * den)
    })
}
