//! What a turn tells the app: who did what, how a run ends, and whether time passed. The rules
//! hold no words; the app turns these into sentences and animations.

use coord_2d::ICoord;

mod dungeon;

pub use dungeon::{DungeonEvent, Fall};

use super::ItemName;
use crate::content::{BoltKind, Draught, GasKind, Ground, ItemKind, NpcKind, Spell};
use crate::world::Tuning;

/// What flew, burst or struck: an item the player used, or a bolt a monster sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Missile {
    Item(ItemKind),
    Bolt(BoltKind),
}

impl Missile {
    /// The bolt it flew as: an item's is the one its use sends.
    pub fn bolt(self) -> Option<BoltKind> {
        match self {
            Self::Item(item) => item.rules().use_.bolt(),
            Self::Bolt(bolt) => Some(bolt),
        }
    }

    /// How far its burst reaches, if it bursts.
    pub fn radius(self) -> Option<u32> {
        self.bolt().and_then(|bolt| bolt.rules().effect.radius())
    }
}

/// Why an aimed item cannot go where the player asked: said before any time passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AimError {
    /// Nothing is carried under that letter.
    NoSuchItem,
    /// It is used at a cell and none was given.
    NoTarget,
    /// The player's own cell.
    OwnCell,
    /// A cell the player does not see now.
    NotInView,
    /// Further than the item reaches: how far it does (what the player needs to know next).
    OutOfRange { reach: u32 },
    /// A wall stands between the player and the cell.
    NoClearLine,
    /// Thrown, and it is not for throwing (only darts and potions are).
    NotForThrowing,
}

/// Who did something, in terms a message can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Actor {
    Player,
    Npc(NpcKind),
    /// An NPC on the player's side.
    Ally(NpcKind),
    /// Fire on the ground, or on whoever burns.
    Fire,
    /// A cloud of gas.
    Gas(GasKind),
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Ending {
    Died {
        killer: Actor,
    },
    /// The player took the Sunstone.
    Won,
}

/// Something that happened during a turn, for the UI to put into words: one of the families
/// below, each worded by the app in a file of its own, every variant by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEvent {
    /// A blow, a shot or a death, and who came into view or shouted.
    Fight(FightEvent),
    /// The pack: taking, dropping, using, naming and enchanting items.
    Items(ItemEvent),
    /// What a spell, a bolt or a draught does to whoever it meets.
    Magic(MagicEvent),
    /// What a monster kind does beyond its blows: webs, theft, splitting, summoning, learning.
    Bestiary(BestiaryEvent),
    /// Fire, gas and water: what catches, burns, explodes and sinks.
    Environment(EnvironmentEvent),
    /// Captives and allies.
    Allies(AllyEvent),
    /// The dungeon itself: doors and keys, vaults, chasms, stairs and boons.
    Dungeon(DungeonEvent),
    /// The wizard's commands.
    Wizard(WizardEvent),
}

/// A blow, a shot or a death, and who came into view or shouted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FightEvent {
    Attack {
        attacker: Actor,
        target: Actor,
        damage: u32,
    },
    /// A blow struck from the dark at a monster that had not noticed its striker: it always
    /// lands, for several times the damage. `asleep`: the target was asleep (else awake but
    /// unaware).
    SneakAttack {
        attacker: Actor,
        target: Actor,
        damage: u32,
        asleep: bool,
    },
    Kill {
        killer: Actor,
        victim: Actor,
    },
    /// A blow that did not land.
    Miss {
        attacker: Actor,
        target: Actor,
    },
    PlayerDied {
        killer: Actor,
    },
    /// Something `by` sent flew from `from` along the line toward `toward` and stopped at
    /// `stop`: the cells are [`super::flight_cells`]. For the app to animate.
    Flew {
        by: Actor,
        what: Missile,
        from: ICoord,
        toward: ICoord,
        stop: ICoord,
    },
    /// A fireball burst over every cell within its radius of `centre` that the blast reached.
    Burst {
        what: Missile,
        centre: ICoord,
    },
    /// A character took damage from something that flew or burst (a dart, an arrow,
    /// lightning, a fireball).
    Struck {
        what: Missile,
        target: Actor,
        damage: u32,
    },
    /// Something sent as a blow missed the character it flew at.
    Missed {
        what: Missile,
        target: Actor,
    },
    /// An NPC the player did not see at the start of the turn is in its sight now.
    CameIntoView {
        kind: NpcKind,
    },
    /// An NPC spotted the player and called the others (only the first shout of a turn).
    Shout {
        shouter: Actor,
        /// Whether the player saw who shouted, or only heard it.
        seen: bool,
    },
}

impl From<FightEvent> for GameEvent {
    fn from(event: FightEvent) -> Self {
        Self::Fight(event)
    }
}

/// The pack: taking, dropping, using, naming and enchanting items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemEvent {
    /// The player took items into the pack, under this letter (the Sunstone ends the run in
    /// victory and takes no letter), with the levels they lay with (ones the player dropped).
    PickedUp {
        item: ItemName,
        count: u32,
        tuning: Tuning,
        slot: u8,
    },
    /// Items lie where the player stands and the pack has no room for them.
    NoRoom { item: ItemName, count: u32 },
    /// The player put a stack down, with its levels: an enchanted sword is dropped as one.
    Dropped {
        item: ItemName,
        count: u32,
        tuning: Tuning,
    },
    /// Gear of a kind the player carries lies underfoot: gear never stacks, so it is left.
    OneCarried { item: ItemName },
    /// The player walked onto a stack it put down: it is left there (picking up takes it).
    LeftHere {
        item: ItemName,
        count: u32,
        tuning: Tuning,
    },
    /// A thrown item broke where it landed: it is gone.
    Broke { item: ItemKind },
    /// The player wielded a weapon or put on armour.
    PutToUse { item: ItemName },
    /// The player put away a weapon or took off armour (it stays in the pack).
    PutAway { item: ItemName },
    /// The player drank one and got back this many hit points.
    Drank { item: ItemName, healed: u32 },
    /// The player read one (named as it was known before reading).
    Read { item: ItemName },
    /// The player threw one.
    Threw { item: ItemName },
    /// Using one (or seeing it in a library) taught the player what this kind is, or
    /// (`by_elimination`) learning the last but one of a class told it what the last must be.
    Identified {
        item: ItemKind,
        by_elimination: bool,
    },
    /// The player zapped a staff or wand (named as it was known before).
    Zapped { item: ItemName },
    /// A staff or wand with no charge left: nothing happens, and no time passes.
    NoCharges { item: ItemName },
    /// A scroll of enchanting was read: the player chooses what it enchants (no time yet).
    ChooseWhatToEnchant { scroll: u8 },
    /// The item was enchanted: its level now.
    Enchanted { item: ItemName, level: u8 },
    /// That cannot be enchanted (a potion, the scroll itself): nothing is used.
    CannotEnchant,
    /// A ring worn long enough showed what it is.
    RingShown { item: ItemKind },
    /// A potion shattered: one thrown that does nothing thrown, or one that shatters drunk (at
    /// the drinker's feet); what it leaves follows.
    Shattered { item: ItemName, drunk: bool },
    /// A thrown item came down where nothing can lie: it sank in deep water, or fell into a
    /// chasm.
    Lost { item: ItemKind, into_chasm: bool },
    /// The player asked to use a key: it is used by walking into the locked door.
    KeyOpensByWalking,
    /// Nothing lies underfoot to pick up.
    NothingHere,
    /// No item is carried under that letter.
    NoSuchItem,
    /// An aimed item was not used: why (no time passed).
    CannotAim(AimError),
}

impl From<ItemEvent> for GameEvent {
    fn from(event: ItemEvent) -> Self {
        Self::Items(event)
    }
}

/// What a spell, a bolt or a draught does to whoever it meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MagicEvent {
    /// A bolt healed a character by this much.
    Mended {
        what: Missile,
        target: Actor,
        amount: u32,
    },
    /// An NPC was confused by an item.
    Confused { target: NpcKind },
    /// A potion's state began (`ends` false) or wore off.
    Feels { state: Draught, ends: bool },
    /// A scroll's spell took effect (teleportation, mapping, recharging...).
    Spelled { spell: Spell },
    /// A character was slowed.
    Slowed { target: Actor },
    /// A character vanished elsewhere on the level.
    TeleportedAway { target: Actor },
    /// A monster turned to the player's side, or (`took` false) resisted.
    Dominated { kind: NpcKind, took: bool },
    /// A character was pulled to its sender's side.
    Beckoned { target: Actor },
    /// A character lost its magic.
    Negated { target: Actor },
    /// A spell made a character act twice as fast for a while.
    Hasted { target: Actor },
    /// Its sender stepped through the air to where the bolt stopped.
    Blinked { to: ICoord },
    /// A confused NPC in view has come to its senses.
    NoLongerConfused { kind: NpcKind },
    /// What was sent found nobody to act on.
    Fizzled { what: Missile },
}

impl From<MagicEvent> for GameEvent {
    fn from(event: MagicEvent) -> Self {
        Self::Magic(event)
    }
}

/// What a monster kind does beyond its blows: webs, theft, splitting, summoning, learning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BestiaryEvent {
    /// A web caught a character: it struggles to step until it breaks free.
    Webbed { target: Actor },
    /// A character held by a web spent its step struggling.
    Struggled { who: Actor },
    /// A thief took an item from the player's pack and runs with it.
    Stole { thief: NpcKind, item: ItemName },
    /// A struck character divided in two.
    Split { who: Actor },
    /// A character called others of `kind` to its side.
    Summoned {
        summoner: Actor,
        kind: NpcKind,
        count: u32,
    },
    /// A conjured character's time ran out: it is gone.
    Faded { who: Actor },
    /// An ally saw a foe fall and learned what it could do.
    Learned {
        ally: NpcKind,
        ability: crate::content::Ability,
    },
}

impl From<BestiaryEvent> for GameEvent {
    fn from(event: BestiaryEvent) -> Self {
        Self::Bestiary(event)
    }
}

/// Fire, gas and water: what catches, burns, explodes and sinks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnvironmentEvent {
    /// Levitation ended over deep water: the player swam to the nearest shore.
    SwamAshore,
    /// Fire set by a bolt took hold on ground that burns.
    Ignited { ground: Ground, at: ICoord },
    /// Ground burnt away into something else that matters to whoever walks: a door into its
    /// doorway, a bridge into the chasm.
    BurntAway {
        was: Ground,
        became: Ground,
        at: ICoord,
    },
    /// Methane went up where it stood thick.
    Exploded { at: ICoord },
    /// A character caught fire.
    CaughtFire { who: Actor },
    /// The fire on a character went out; `in_water`: water put it out.
    PutOut { who: Actor, in_water: bool },
    /// Fire or gas hurt a character.
    Burnt {
        cause: Actor,
        target: Actor,
        damage: u32,
    },
    /// Gas confused a character.
    Dazed { gas: GasKind, who: Actor },
    /// A character fell into the chasm with the bridge it stood on: lost to the level.
    FellWithBridge { who: Actor },
}

impl From<EnvironmentEvent> for GameEvent {
    fn from(event: EnvironmentEvent) -> Self {
        Self::Environment(event)
    }
}

/// Captives and allies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AllyEvent {
    /// The player freed a captive: it is an ally now.
    Freed { kind: NpcKind },
    /// The player walked into a captive without freeing it (a frontend asks first); no time
    /// passed.
    CaptiveAsksFreeing,
    /// The player tried to free a captive where there is none; no time passed.
    NoCaptiveThere,
    /// The player walked into a captive a kennel's cage closed over: out of reach for good; no
    /// time passed.
    CaptiveCaged { kind: NpcKind },
    /// A captive came into the player's view.
    CaptiveCameIntoView { kind: NpcKind },
    /// An ally that followed the player down arrived.
    AllyArrived { kind: NpcKind },
}

impl From<AllyEvent> for GameEvent {
    fn from(event: AllyEvent) -> Self {
        Self::Allies(event)
    }
}

/// The wizard's commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WizardEvent {
    /// A wizard command was carried out.
    Wizardry { command: super::WizardCommand },
    /// The wizard has called up as many monsters on this level as it may; no time passed.
    WizardCrowdFull { limit: u32 },
    /// A wizard command could not be (a wall to stand on, a full pack, no depth below).
    WizardryFailed { command: super::WizardCommand },
}

impl From<WizardEvent> for GameEvent {
    fn from(event: WizardEvent) -> Self {
        Self::Wizard(event)
    }
}

impl GameEvent {
    /// A blow or a shot at a character, landed or not: a turn with one is a turn of fighting.
    pub fn is_blow(&self) -> bool {
        matches!(
            self,
            Self::Fight(
                FightEvent::Attack { .. }
                    | FightEvent::SneakAttack { .. }
                    | FightEvent::Miss { .. }
                    | FightEvent::Struck { .. }
                    | FightEvent::Missed { .. }
            )
        )
    }

    /// A blow landed by one of the player's allies.
    pub fn is_allied_blow(&self) -> bool {
        matches!(
            self,
            Self::Fight(
                FightEvent::Attack {
                    attacker: Actor::Ally(_),
                    ..
                } | FightEvent::SneakAttack {
                    attacker: Actor::Ally(_),
                    ..
                }
            )
        )
    }
}

/// What the player's action amounted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnOutcome {
    /// The action took no time (walking into a wall, or the game is already over).
    NoTurn,
    TurnTaken,
}
