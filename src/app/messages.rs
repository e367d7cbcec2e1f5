//! Game events in plain words, and the bounded log that keeps them.

use std::collections::VecDeque;

pub use super::words::{Tone, capitalised, counted, npc_name, npc_with_article};
use super::{bestiary_words, item_messages, looks, magic_words, wizard_words};
use umbra_rules::game::{Actor, FINAL_DEPTH, GameEvent};

/// Enough to scroll back through a long fight without the log growing for ever.
pub const LOG_CAPACITY: usize = 500;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub tone: Tone,
    /// How many times in a row it was said: a fight's "You hit the orc." ×3 takes one line.
    pub times: u32,
}

impl Message {
    /// The message as the player reads it, with its repeats counted.
    pub fn shown(&self) -> String {
        match self.times {
            1 => self.text.clone(),
            times => format!("{} ×{times}", self.text),
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct MessageLog {
    messages: VecDeque<Message>,
}

impl MessageLog {
    /// Adds a message; the same words as the newest message count as a repeat of it.
    pub fn push(&mut self, text: String, tone: Tone) {
        if let Some(newest) = self.messages.back_mut()
            && newest.text == text
        {
            newest.times += 1;
            return;
        }
        if self.messages.len() == LOG_CAPACITY {
            self.messages.pop_front();
        }
        self.messages.push_back(Message {
            text,
            tone,
            times: 1,
        });
    }

    /// Says what happened, unless it is only drawn (a flight); `unseen`: by a monster the
    /// player does not see, which is said ("An unseen goblin archer shoots an arrow.").
    pub fn record(&mut self, event: GameEvent, unseen: bool) {
        let words = match unseen {
            true => describe_unseen(event).unwrap_or_else(|| describe(event)),
            false => describe(event),
        };
        if !words.is_empty() {
            self.push(words, tone(event));
        }
    }

    pub fn len(&self) -> usize {
        self.messages.len()
    }

    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }

    /// Messages oldest first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Message> + ExactSizeIterator {
        self.messages.iter()
    }
}

fn name(actor: Actor) -> &'static str {
    match actor {
        Actor::Player => "you",
        Actor::Npc(kind) | Actor::Ally(kind) => npc_name(kind),
        Actor::Fire => "fire",
        Actor::Gas(gas) => &looks::gas(gas).name,
    }
}

/// Who did it, to begin a sentence: "You", "The orc", "Your ogre".
fn subject(actor: Actor) -> String {
    match actor {
        Actor::Player => "You".to_string(),
        Actor::Npc(kind) => format!("The {}", npc_name(kind)),
        Actor::Ally(kind) => format!("Your {}", npc_name(kind)),
        Actor::Fire | Actor::Gas(_) => capitalised(&object(actor)),
    }
}

/// Whom it was done to: "you", "the orc", "your ogre".
fn object(actor: Actor) -> String {
    match actor {
        Actor::Player => "you".to_string(),
        Actor::Npc(kind) => format!("the {}", npc_name(kind)),
        Actor::Ally(kind) => format!("your {}", npc_name(kind)),
        Actor::Fire => "the fire".to_string(),
        Actor::Gas(gas) => format!("the {}", looks::gas(gas).name),
    }
}

/// The verb as the subject takes it: "you miss", "the orc misses".
fn verb(actor: Actor, (you, they): (&'static str, &'static str)) -> &'static str {
    match actor {
        Actor::Player => you,
        Actor::Npc(_) | Actor::Ally(_) | Actor::Fire | Actor::Gas(_) => they,
    }
}

const HIT: (&str, &str) = ("hit", "hits");
const MISS: (&str, &str) = ("miss", "misses");
const KILL: (&str, &str) = ("kill", "kills");
const STRIKE: (&str, &str) = ("strike", "strikes");

/// A blow at the player or a shot from a monster the player does not see, saying so: the
/// player knows what struck it, not that it saw it. None for any other event.
fn describe_unseen(event: GameEvent) -> Option<String> {
    let unseen = |kind| format!("An unseen {}", npc_name(kind));
    Some(match event {
        GameEvent::Attack {
            attacker: Actor::Npc(kind),
            target: Actor::Player,
            damage,
        } => format!("{} hits you for {damage}.", unseen(kind)),
        GameEvent::Miss {
            attacker: Actor::Npc(kind),
            target: Actor::Player,
        } => format!("{} misses you.", unseen(kind)),
        GameEvent::Flew {
            by: Actor::Npc(kind),
            what,
            ..
        } => {
            let flew = item_messages::flew(Actor::Npc(kind), what);
            let the = format!("The {}", npc_name(kind));
            flew.strip_prefix(&the)
                .map(|rest| format!("{}{rest}", unseen(kind)))?
        }
        _ => return None,
    })
}

/// One event in plain words, e.g. "The troll hits you for 2."; empty for an event that is only
/// drawn (a flight). Every event has its arm here, none a catch-all: a new `GameEvent` does not
/// compile until the log says something of it, or says on purpose that it says nothing.
pub fn describe(event: GameEvent) -> String {
    use item_messages as items;
    match event {
        GameEvent::Attack {
            attacker,
            target: Actor::Player,
            damage: 0,
        } => format!(
            "{} {} you, but your armour takes it all.",
            subject(attacker),
            verb(attacker, HIT)
        ),
        GameEvent::Attack {
            attacker,
            target,
            damage,
        } => format!(
            "{} {} {} for {damage}.",
            subject(attacker),
            verb(attacker, HIT),
            object(target)
        ),
        GameEvent::SneakAttack {
            attacker,
            target,
            damage,
            asleep,
        } => format!(
            "{} {} the {} {} from the shadows for {damage}.",
            subject(attacker),
            verb(attacker, STRIKE),
            if asleep { "sleeping" } else { "unaware" },
            name(target)
        ),
        GameEvent::Miss { attacker, target } => format!(
            "{} {} {}.",
            subject(attacker),
            verb(attacker, MISS),
            object(target)
        ),
        GameEvent::Kill {
            killer: killer @ (Actor::Player | Actor::Ally(_)),
            victim,
        } => format!(
            "{} {} {}.",
            subject(killer),
            verb(killer, KILL),
            object(victim)
        ),
        GameEvent::Kill {
            killer,
            victim: victim @ Actor::Ally(_),
        } => format!("{} kills {}.", subject(killer), object(victim)),
        GameEvent::Kill { victim, .. } => format!("{} dies.", subject(victim)),
        GameEvent::PlayerDied {
            killer: Actor::Player,
        } => "You die by your own hand.".to_string(),
        GameEvent::PlayerDied { killer } => format!("The {} kills you.", name(killer)),
        GameEvent::Descended { depth } if depth >= FINAL_DEPTH => format!(
            "You descend to depth {depth}, the bottom. {} is somewhere on this level.",
            capitalised(&looks::prize())
        ),
        GameEvent::Descended { depth } => format!("You descend to depth {depth}."),
        GameEvent::NoStairsHere => "There are no stairs down here.".to_string(),
        GameEvent::KeyOpensByWalking => "Walk into the locked door to open it.".to_string(),
        GameEvent::DoorLocked => {
            "The door is locked. Its key lies somewhere on this level.".to_string()
        }
        GameEvent::TooDeep => "The water is too deep to wade.".to_string(),
        GameEvent::Unlocked => "You unlock the door; the key stays in the lock.".to_string(),
        GameEvent::KeyCrumbled => "Your key crumbles to dust as you leave its level.".to_string(),
        GameEvent::Caged { altars: 1 } => "A cage closes over the other altar.".to_string(),
        GameEvent::Caged { .. } => "Cages close over the other altars.".to_string(),
        GameEvent::Uncaged { altars: 1 } => {
            "You put it back; the cage over the other altar opens.".to_string()
        }
        GameEvent::Uncaged { .. } => {
            "You put it back; the cages over the other altars open.".to_string()
        }
        GameEvent::AltarHolds { item } => format!(
            "On the altar lies {}. Pick it up to take it: cages will close over the others.",
            super::item_names::item_words(item, 1)
        ),
        GameEvent::FellIntoChasm { damage: 0 } => {
            "You jump into the chasm and land unhurt on the level below.".to_string()
        }
        GameEvent::FellIntoChasm { damage } => {
            format!("You jump into the chasm and land hard on the level below ({damage} damage).")
        }
        GameEvent::FoundSecretDoor { .. } => "You find a secret door!".to_string(),

        GameEvent::CameIntoView { kind } => {
            format!("{} comes into view.", capitalised(&npc_with_article(kind)))
        }
        GameEvent::Shout {
            shouter,
            seen: true,
        } => format!("The {} shouts for help!", name(shouter)),
        GameEvent::Shout { seen: false, .. } => "You hear a shout.".to_string(),
        GameEvent::Freed { kind } => format!(
            "You free the captive {}. It will fight at your side.",
            npc_name(kind)
        ),
        GameEvent::CaptiveAsksFreeing => "A captive: walk into it again to free it.".to_string(),
        GameEvent::NoCaptiveThere => "There is nobody there to free.".to_string(),
        GameEvent::CaptiveCameIntoView { kind } => format!(
            "You see a captive {}: walk into it to free it.",
            npc_name(kind)
        ),
        GameEvent::AllyArrived { kind } => {
            format!("Your {} follows you down.", npc_name(kind))
        }
        // The pack's events and what flies, in `item_messages`.
        GameEvent::PickedUp { item, count, slot } => items::picked_up(item, count, slot),
        GameEvent::NoRoom { item, count } => items::no_room(item, count),
        GameEvent::Dropped { item, count } => items::dropped(item, count),
        GameEvent::Lost { item, into_chasm } => items::lost(item, into_chasm),
        GameEvent::Broke { item } => items::broke(item),
        GameEvent::Drank { item, healed } => items::drank(item, healed),
        GameEvent::Read { item } => items::read(item),
        GameEvent::Chose { boon, hit_points } => items::chose(boon, hit_points),
        GameEvent::ChooseABoonFirst => "Choose a boon first.".to_string(),
        GameEvent::PutToUse { item } => items::put_to_use(item),
        GameEvent::PutAway { item } => items::put_away(item),
        GameEvent::Threw { item } => items::threw(item),
        GameEvent::Shattered { item, drunk } => items::shattered(item, drunk),
        GameEvent::Identified {
            item,
            by_elimination,
        } => items::identified(item, by_elimination),
        GameEvent::Flew { by, what, .. } => items::flew(by, what),
        GameEvent::Burst { what, .. } => items::burst(what),
        GameEvent::Struck {
            what,
            target,
            damage,
        } => items::struck(what, target, damage),
        GameEvent::Missed { what, target } => items::missed(what, target),
        GameEvent::Mended { target, amount, .. } => items::mended(target, amount),
        GameEvent::Confused { target } => items::confused(target),
        GameEvent::NoLongerConfused { kind } => items::no_longer_confused(kind),
        GameEvent::Fizzled { what } => items::fizzled(what),
        // The armoury's, in `magic_words`.
        GameEvent::Zapped { item } => magic_words::zapped(item),
        GameEvent::NoCharges { item } => magic_words::no_charges(item),
        GameEvent::Feels { state, ends } => magic_words::feels(state, ends).to_string(),
        GameEvent::SwamAshore => magic_words::swam_ashore().to_string(),
        GameEvent::ChooseWhatToEnchant { .. } => magic_words::choose_what_to_enchant().to_string(),
        GameEvent::Enchanted { item, level } => magic_words::enchanted(item, level),
        GameEvent::CannotEnchant => magic_words::cannot_enchant().to_string(),
        GameEvent::Spelled { spell } => magic_words::spelled(spell).to_string(),
        GameEvent::Slowed { target } => magic_words::slowed(target),
        GameEvent::TeleportedAway { target } => magic_words::teleported_away(target),
        GameEvent::Dominated { kind, took } => magic_words::dominated(kind, took),
        GameEvent::Beckoned { target } => magic_words::beckoned(target),
        GameEvent::Negated { target } => magic_words::negated(target),
        // The bestiary's, in `bestiary_words`.
        GameEvent::Webbed { target } => bestiary_words::webbed(target),
        GameEvent::Struggled { who } => bestiary_words::struggled(who),
        GameEvent::Hasted { target } => bestiary_words::hasted(target),
        GameEvent::Stole { thief, item } => bestiary_words::stole(thief, item),
        GameEvent::Split { who } => bestiary_words::split(who),
        GameEvent::Summoned {
            summoner,
            kind,
            count,
        } => bestiary_words::summoned(summoner, kind, count),
        GameEvent::Faded { who } => bestiary_words::faded(who),
        GameEvent::Learned { ally, ability } => bestiary_words::learned(ally, ability),
        GameEvent::Blinked { .. } => magic_words::blinked().to_string(),
        GameEvent::RingShown { item } => magic_words::ring_shown(item),
        GameEvent::NothingHere => "There is nothing here to pick up.".to_string(),
        GameEvent::NoSuchItem => "You carry nothing under that letter.".to_string(),
        GameEvent::CannotAim(error) => items::aim_words(error).to_string(),
        // The wizard's, in `wizard_words`.
        // Fire and gas.
        GameEvent::Ignited { ground, .. } => {
            format!(
                "{} catches fire.",
                capitalised(&looks::ground(ground).description)
            )
        }
        GameEvent::BurntAway { was, became, .. } if became.rules().falls => format!(
            "{} burns and falls into the chasm.",
            capitalised(&looks::ground(was).description)
        ),
        GameEvent::BurntAway { was, .. } => format!(
            "{} burns away.",
            capitalised(&looks::ground(was).description)
        ),
        GameEvent::Exploded { .. } => "The methane explodes!".to_string(),
        GameEvent::CaughtFire { who: Actor::Player } => "You are burning!".to_string(),
        GameEvent::CaughtFire { who } => format!("{} catches fire.", subject(who)),
        GameEvent::PutOut {
            who: Actor::Player,
            in_water: true,
        } => "The water puts out the flames on you.".to_string(),
        GameEvent::PutOut {
            who: Actor::Player,
            in_water: false,
        } => "You are no longer burning.".to_string(),
        GameEvent::PutOut { who, .. } => format!("{} is no longer burning.", subject(who)),
        GameEvent::Burnt {
            cause: Actor::Fire,
            target: Actor::Player,
            damage,
        } => format!("You burn for {damage}."),
        GameEvent::Burnt {
            cause: Actor::Fire,
            target,
            damage,
        } => format!("{} burns for {damage}.", subject(target)),
        GameEvent::Burnt {
            cause,
            target,
            damage,
        } => format!(
            "{} {} {} for {damage}.",
            subject(cause),
            verb(cause, ("burn", "burns")),
            object(target)
        ),
        GameEvent::Dazed {
            who: Actor::Player,
            gas,
        } => format!("The {} leaves you reeling.", looks::gas(gas).name),
        GameEvent::Dazed { who, .. } => format!("{} reels.", subject(who)),
        GameEvent::FellWithBridge { who } => {
            format!("{} falls with the bridge.", subject(who))
        }
        GameEvent::Wizardry { command } => wizard_words::done(command),
        GameEvent::WizardCrowdFull { limit } => wizard_words::crowd_full(limit),
        GameEvent::WizardryFailed { command } => wizard_words::failed(command),
    }
}

/// How an event reads: harm in red, gains in green. Every event has its arm, as in
/// [`describe`].
fn tone(event: GameEvent) -> Tone {
    match event {
        GameEvent::Attack {
            target: Actor::Player | Actor::Ally(_),
            ..
        }
        | GameEvent::Kill {
            victim: Actor::Ally(_),
            ..
        }
        | GameEvent::Struck {
            target: Actor::Player,
            ..
        }
        | GameEvent::PlayerDied { .. }
        | GameEvent::CaughtFire {
            who: Actor::Player | Actor::Ally(_),
        }
        | GameEvent::Burnt {
            target: Actor::Player | Actor::Ally(_),
            ..
        }
        | GameEvent::Dazed {
            who: Actor::Player, ..
        }
        | GameEvent::Webbed {
            target: Actor::Player,
        }
        | GameEvent::Stole { .. }
        | GameEvent::Summoned {
            summoner: Actor::Npc(_),
            ..
        }
        | GameEvent::Hasted {
            target: Actor::Npc(_),
        }
        | GameEvent::Split { who: Actor::Npc(_) }
        | GameEvent::Exploded { .. }
        | GameEvent::Spelled {
            spell: umbra_rules::game::Spell::Aggravation,
        }
        | GameEvent::Feels { ends: true, .. }
        | GameEvent::Shout { .. } => Tone::Danger,
        GameEvent::Kill { .. }
        | GameEvent::SneakAttack { .. }
        | GameEvent::Freed { .. }
        | GameEvent::AllyArrived { .. }
        | GameEvent::PickedUp { .. }
        | GameEvent::Chose { .. }
        | GameEvent::PutToUse { .. }
        | GameEvent::Drank { .. }
        | GameEvent::Identified { .. }
        | GameEvent::Confused { .. }
        | GameEvent::CaughtFire { .. }
        | GameEvent::Burnt { .. }
        | GameEvent::Dazed { .. }
        | GameEvent::FellWithBridge { .. }
        | GameEvent::PutOut {
            who: Actor::Player, ..
        }
        | GameEvent::Enchanted { .. }
        | GameEvent::Feels { .. }
        | GameEvent::Dominated { took: true, .. }
        | GameEvent::Slowed { .. }
        | GameEvent::TeleportedAway { .. }
        | GameEvent::Negated { .. }
        | GameEvent::RingShown { .. }
        | GameEvent::Learned { .. }
        | GameEvent::Summoned { .. }
        | GameEvent::Hasted { .. }
        | GameEvent::Webbed { .. }
        | GameEvent::Struck { .. } => Tone::Good,
        GameEvent::Attack { .. }
        | GameEvent::Miss { .. }
        | GameEvent::CameIntoView { .. }
        | GameEvent::Descended { .. }
        | GameEvent::NoStairsHere
        | GameEvent::KeyOpensByWalking
        | GameEvent::DoorLocked
        | GameEvent::TooDeep
        | GameEvent::Unlocked
        | GameEvent::KeyCrumbled
        | GameEvent::Caged { .. }
        | GameEvent::Uncaged { .. }
        | GameEvent::AltarHolds { .. }
        | GameEvent::FellIntoChasm { .. }
        | GameEvent::FoundSecretDoor { .. }
        | GameEvent::CaptiveAsksFreeing
        | GameEvent::NoCaptiveThere
        | GameEvent::CaptiveCameIntoView { .. }
        | GameEvent::NoRoom { .. }
        | GameEvent::PutAway { .. }
        | GameEvent::ChooseABoonFirst
        | GameEvent::Dropped { .. }
        | GameEvent::Lost { .. }
        | GameEvent::Broke { .. }
        | GameEvent::Read { .. }
        | GameEvent::Threw { .. }
        | GameEvent::Shattered { .. }
        | GameEvent::Flew { .. }
        | GameEvent::Burst { .. }
        | GameEvent::Missed { .. }
        | GameEvent::Mended { .. }
        | GameEvent::NoLongerConfused { .. }
        | GameEvent::Struggled { .. }
        | GameEvent::Split { .. }
        | GameEvent::Faded { .. }
        | GameEvent::Fizzled { .. }
        | GameEvent::NothingHere
        | GameEvent::NoSuchItem
        | GameEvent::CannotAim(_)
        | GameEvent::Ignited { .. }
        | GameEvent::BurntAway { .. }
        | GameEvent::PutOut { .. }
        | GameEvent::Wizardry { .. }
        | GameEvent::WizardCrowdFull { .. }
        | GameEvent::WizardryFailed { .. }
        | GameEvent::Zapped { .. }
        | GameEvent::NoCharges { .. }
        | GameEvent::SwamAshore
        | GameEvent::ChooseWhatToEnchant { .. }
        | GameEvent::CannotEnchant
        | GameEvent::Spelled { .. }
        | GameEvent::Dominated { .. }
        | GameEvent::Beckoned { .. }
        | GameEvent::Blinked { .. } => Tone::Normal,
    }
}
