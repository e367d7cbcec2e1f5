//! An item kind's rules as its row of `content/items.ron` gives them: what using it does (drunk,
//! read, zapped, thrown, wielded, worn), its class, and how it is found.

use serde::{Deserialize, Serialize};

use super::kinds::BoltKind;
use super::spawn::Spawn;
use crate::balance::AttackDice;

/// What using (or taking) an item does. Ranges and radii are circles (squared distance), as
/// sight is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemUse<B = BoltKind> {
    /// A potion: drunk, it heals this many hit points (thrown, it shatters and is wasted).
    Drink { heal: u32 },
    /// A potion that puts its drinker in a state for `turns` turns (levitating, telepathic,
    /// hasted, unburnt by fire); thrown, it shatters and is wasted.
    Quaff { state: Draught, turns: u32 },
    /// A potion that is thrown (Brogue's malevolent potions): it shatters where it lands and
    /// does what this bolt does there (a burst of flame, a cloud of gas); drunk, it shatters
    /// at the drinker's feet.
    Shatter { bolt: B },
    /// A scroll, read: sends this bolt from the player (lightning, confusion, a fireball), at a
    /// cell the player picks if the bolt flies along a line.
    Read { bolt: B },
    /// A scroll whose power is its own rather than a bolt's (enchanting, teleportation...).
    Recite { spell: Spell },
    /// Thrown at a target as this bolt (its range, its blow); it lands where it stops, to be
    /// picked up again, unless it breaks: `breaks` is a chance (in so many) each throw.
    Throw { bolt: B, breaks: (u32, u32) },
    /// Wielded (`e`, again to put it away) as the player's weapon: its blows roll these dice
    /// and take `time` (100 is a turn; the player's own fists and blade take 100).
    Wield {
        attack: AttackDice,
        time: u32,
        /// How many times its damage a blow from the dark deals with it, if not the rule's
        /// (`balance::SNEAK_ATTACK_MULTIPLIER`): a dagger's quick, quiet stroke.
        #[serde(default)]
        sneak_attack: Option<u32>,
        /// Whom a blow reaches besides the foe struck.
        #[serde(default)]
        reach: Reach,
    },
    /// Worn (`e`, again to take it off) as the player's armour: a blow or an arrow that lands
    /// on the player loses 0 to `armour` of its damage (one roll), and each step takes
    /// `step_time`; `clank` steps are added to the player's stealth range while it is worn.
    Wear {
        armour: u32,
        step_time: u32,
        #[serde(default)]
        clank: u32,
    },
    /// A staff: zapped (`z`), it sends its bolt; it holds `charges` (one more a level of
    /// enchanting) and gets one back every `recharge` turns (sooner as it is enchanted).
    Staff {
        bolt: B,
        charges: u32,
        recharge: u32,
    },
    /// A wand: `charges` zaps of its bolt that never come back (but by enchanting).
    Wand { bolt: B, charges: u32 },
    /// A ring, worn on either hand (two at once): its power, one level and one more for each
    /// enchanting.
    Ring { power: RingPower },
    /// Lies on the last level in place of the stairs; taking it wins the run.
    WinsTheRun,
    /// Opens its level's locked vault door: walking into the door with it unlocks the door and
    /// uses it up. It crumbles when the player leaves the level.
    Key,
}

/// A state a potion puts its drinker in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Draught {
    /// Floats over chasms and water (and falls, or swims ashore, where it ends).
    Levitation,
    /// Senses every monster of the level, through walls.
    Telepathy,
    /// Everything done in half the time.
    Haste,
    /// Fire neither burns nor harms the drinker.
    FireImmunity,
}

/// What a scroll with a power of its own does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Spell {
    /// One more level for an item the reader chooses.
    Enchanting,
    /// The reader is somewhere else on the level, far off.
    Teleportation,
    /// The whole level's layout remembered, secret doors found.
    MagicMapping,
    /// Every staff carried full of charges again.
    Recharging,
    /// Every monster in view loses its magic: its bolt, its burst, its spells on it.
    Negation,
    /// Every monster of the level wakes and comes for the reader: the scroll that turns on
    /// whoever reads it.
    Aggravation,
}

/// What a ring gives, a level at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RingPower {
    /// Each level takes a step off the wearer's stealth range.
    Stealth,
    /// Each level makes the wearer heal sooner.
    Regeneration,
    /// Each level adds a cell to the wearer's own light.
    Light,
}

/// Whom a weapon's blow reaches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reach {
    /// The foe struck.
    #[default]
    One,
    /// Every enemy beside the wielder (an axe's sweep).
    Around,
    /// The foe struck and the one behind it (a spear's thrust).
    Through,
}

/// What an item is, as far as how it looks and how it is used (named by a reward room's row in
/// `content/machines.ron`, for what it offers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ItemClass {
    /// Drunk; looks alike until identified.
    Potion,
    /// Read; looks alike until identified.
    Scroll,
    /// Zapped, charges coming back with time; looks alike until zapped.
    Staff,
    /// Zapped, a few charges; looks alike until zapped.
    Wand,
    /// Worn on a hand; looks alike until worn a while.
    Ring,
    /// Thrown; known at a glance.
    Missile,
    /// Wielded; known at a glance.
    Weapon,
    /// Worn; known at a glance.
    Armour,
    /// The Sunstone.
    Prize,
    /// A vault's key.
    Key,
}

impl ItemClass {
    /// The classes whose kinds look alike until known.
    pub const ALIKE: [Self; 5] = [
        Self::Potion,
        Self::Scroll,
        Self::Staff,
        Self::Wand,
        Self::Ring,
    ];

    /// True for what can be enchanted: gear, staffs, wands and rings.
    pub fn takes_enchanting(self) -> bool {
        matches!(
            self,
            Self::Staff | Self::Wand | Self::Ring | Self::Weapon | Self::Armour
        )
    }
}

impl<B> ItemUse<B> {
    pub fn class(&self) -> ItemClass {
        match self {
            Self::Drink { .. } | Self::Quaff { .. } | Self::Shatter { .. } => ItemClass::Potion,
            Self::Read { .. } | Self::Recite { .. } => ItemClass::Scroll,
            Self::Staff { .. } => ItemClass::Staff,
            Self::Wand { .. } => ItemClass::Wand,
            Self::Ring { .. } => ItemClass::Ring,
            Self::Throw { .. } => ItemClass::Missile,
            Self::Wield { .. } => ItemClass::Weapon,
            Self::Wear { .. } => ItemClass::Armour,
            Self::WinsTheRun => ItemClass::Prize,
            Self::Key => ItemClass::Key,
        }
    }

    /// The same use with its bolt named another way.
    pub(super) fn map_bolt<C, E>(
        self,
        bolt: impl FnOnce(B) -> Result<C, E>,
    ) -> Result<ItemUse<C>, E> {
        Ok(match self {
            Self::Drink { heal } => ItemUse::Drink { heal },
            Self::Quaff { state, turns } => ItemUse::Quaff { state, turns },
            Self::Read { bolt: b } => ItemUse::Read { bolt: bolt(b)? },
            Self::Recite { spell } => ItemUse::Recite { spell },
            Self::Shatter { bolt: b } => ItemUse::Shatter { bolt: bolt(b)? },
            Self::Throw { bolt: b, breaks } => ItemUse::Throw {
                bolt: bolt(b)?,
                breaks,
            },
            Self::Wield {
                attack,
                time,
                sneak_attack,
                reach,
            } => ItemUse::Wield {
                attack,
                time,
                sneak_attack,
                reach,
            },
            Self::Wear {
                armour,
                step_time,
                clank,
            } => ItemUse::Wear {
                armour,
                step_time,
                clank,
            },
            Self::Staff {
                bolt: b,
                charges,
                recharge,
            } => ItemUse::Staff {
                bolt: bolt(b)?,
                charges,
                recharge,
            },
            Self::Wand { bolt: b, charges } => ItemUse::Wand {
                bolt: bolt(b)?,
                charges,
            },
            Self::Ring { power } => ItemUse::Ring { power },
            Self::WinsTheRun => ItemUse::WinsTheRun,
            Self::Key => ItemUse::Key,
        })
    }
}

impl ItemUse {
    /// The bolt it sends, for the kinds that send one.
    pub fn bolt(self) -> Option<BoltKind> {
        match self {
            Self::Read { bolt }
            | Self::Throw { bolt, .. }
            | Self::Shatter { bolt }
            | Self::Staff { bolt, .. }
            | Self::Wand { bolt, .. } => Some(bolt),
            Self::Drink { .. }
            | Self::Quaff { .. }
            | Self::Recite { .. }
            | Self::Wield { .. }
            | Self::Wear { .. }
            | Self::Ring { .. }
            | Self::WinsTheRun
            | Self::Key => None,
        }
    }

    /// The charges it holds when found, for what is zapped.
    pub fn charges(self) -> Option<u32> {
        match self {
            Self::Staff { charges, .. } | Self::Wand { charges, .. } => Some(charges),
            _ => None,
        }
    }

    /// How far it reaches, for the kinds that reach: its bolt's range.
    pub fn range(self) -> Option<u32> {
        self.bolt().map(|bolt| bolt.rules().range)
    }

    /// True for the kinds used at a cell the player picks: every bolt the player sends goes
    /// where it is aimed (lightning too, through whoever stands in its line).
    pub fn is_aimed(self) -> bool {
        self.bolt().is_some()
    }
}

fn one() -> (u32, u32) {
    (1, 1)
}

/// Everything the rules know of an item kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemRules<B = BoltKind> {
    #[serde(rename = "use")]
    pub use_: ItemUse<B>,
    /// None for an item placed by its own rule (the Sunstone, a vault's key).
    pub spawn: Option<Spawn>,
    /// Its weight among a reward room's offers, by depth, in the rooms that offer its class
    /// (content/machines.ron); None if no room offers it.
    #[serde(default)]
    pub vault: Option<Spawn>,
    /// How many lie together where one is placed (inclusive range; one if not given).
    #[serde(default = "one")]
    pub stack: (u32, u32),
    pub map_letter: char,
}

impl<B> ItemRules<B> {
    /// The same kind with its bolt named another way.
    pub(super) fn map_bolts<C, E>(
        self,
        bolt: impl FnOnce(B) -> Result<C, E>,
    ) -> Result<ItemRules<C>, E> {
        Ok(ItemRules {
            use_: self.use_.map_bolt(bolt)?,
            spawn: self.spawn,
            vault: self.vault,
            stack: self.stack,
            map_letter: self.map_letter,
        })
    }
}
