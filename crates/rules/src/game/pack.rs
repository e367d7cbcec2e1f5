//! What the player carries: up to [`PACK_LETTERS`] stacks, each under a letter it keeps while
//! carried (using up `c` leaves `d` as `d`), one stack per kind. A kind that leaves the pack
//! comes back under its old letter if that is still free, so a drop and a pick-up, or darts
//! thrown and gathered again, leave the pack as it was. A second staff, wand or ring of a kind
//! carried joins the first: a wand's charges add up, a staff or ring gains a level (one stack
//! per kind, as DCSS merges wands: less to keep track of, and nothing found is wasted).

use serde::{Deserialize, Serialize};

use crate::balance::SPARE_GEAR;
use crate::balance::{MOST_CHARGES, MOST_ENCHANT};
use crate::content::{ItemClass, ItemKind};
use crate::world::Tuning;

/// Letters `a` to `z`.
pub const PACK_LETTERS: usize = 26;

/// Weapons and armour: one of a kind at most, and only [`SPARE_GEAR`] not in use.
pub fn is_gear(kind: ItemKind) -> bool {
    matches!(
        kind.rules().use_.class(),
        ItemClass::Weapon | ItemClass::Armour
    )
}

/// Some items of one kind under one letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stack {
    pub kind: ItemKind,
    pub count: u32,
    /// Its enchanting and charges, shared by every item of the stack.
    pub tuning: Tuning,
}

/// A stack lying on the map, as it would be in the pack: what its numbers are asked of.
impl From<crate::world::Lying> for Stack {
    fn from(lying: crate::world::Lying) -> Self {
        Self {
            kind: lying.kind,
            count: lying.count,
            tuning: lying.tuning,
        }
    }
}

impl Stack {
    /// The most charges it holds: its row's and one more for each level of enchanting.
    pub fn max_charges(&self) -> u8 {
        let base = self.kind.rules().use_.charges().unwrap_or(0);
        (base + u32::from(self.tuning.enchant)).min(u32::from(MOST_CHARGES)) as u8
    }
}

/// Two hands for rings.
pub const RING_HANDS: usize = 2;

/// The player's pack, by letter: slot 0 is `a`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pack {
    slots: [Option<Stack>; PACK_LETTERS],
    /// The letter each kind last had, for kinds that have left the pack.
    former: Vec<(ItemKind, u8)>,
    /// The weapon wielded and the armour worn: kinds carried in the pack, one of each stack in
    /// use. A stack that leaves the pack is no longer in use.
    wielded: Option<ItemKind>,
    worn: Option<ItemKind>,
    /// The rings worn, each with the turns it has been worn (it shows itself after a while).
    rings: [Option<(ItemKind, u16)>; RING_HANDS],
}

impl Pack {
    /// An empty pack with room to remember a letter for every kind, so that a stack leaving
    /// in mid-turn (a thief's hand) allocates nothing.
    pub(super) fn with_room() -> Self {
        Self {
            former: Vec::with_capacity(ItemKind::all().len()),
            ..Self::default()
        }
    }

    /// The stack under a letter's slot (0 is `a`), if any.
    pub fn get(&self, slot: u8) -> Option<Stack> {
        self.slots.get(usize::from(slot)).copied().flatten()
    }

    /// Every stack carried with its slot, in letter order.
    pub fn stacks(&self) -> impl Iterator<Item = (u8, Stack)> + '_ {
        (self.slots.iter().enumerate()).filter_map(|(slot, stack)| Some((slot as u8, (*stack)?)))
    }

    pub fn is_empty(&self) -> bool {
        self.slots.iter().all(Option::is_none)
    }

    /// How many of a kind are carried.
    #[cfg(feature = "testing")]
    pub fn count_of(&self, kind: ItemKind) -> u32 {
        self.stack_of(kind).map_or(0, |stack| stack.count)
    }

    /// The stack of a kind, if carried: a weapon's or ring's enchanting is asked by its kind.
    pub fn stack_of(&self, kind: ItemKind) -> Option<Stack> {
        self.stacks()
            .find(|(_, stack)| stack.kind == kind)
            .map(|(_, stack)| stack)
    }

    /// The slot holding a kind, if carried.
    pub fn slot_of(&self, kind: ItemKind) -> Option<u8> {
        self.stacks()
            .find(|(_, stack)| stack.kind == kind)
            .map(|(slot, _)| slot)
    }

    /// Where a kind would go: onto its own stack, or under its former letter if free, or
    /// under the first free letter.
    pub fn room_for(&self, kind: ItemKind) -> Option<u8> {
        // Gear never stacks: a second dagger would only sit under the first one's letter,
        // counted as neither spare nor in use.
        if is_gear(kind) && (self.slot_of(kind).is_some() || self.spare_gear() >= SPARE_GEAR) {
            return None;
        }
        let former = (self.former.iter())
            .find(|&&(k, slot)| k == kind && self.get(slot).is_none())
            .map(|&(_, slot)| slot);
        self.slot_of(kind)
            .or(former)
            .or_else(|| self.slots.iter().position(Option::is_none).map(|s| s as u8))
    }

    /// Weapons and armour carried and not in use.
    pub fn spare_gear(&self) -> u32 {
        (self.stacks())
            .filter(|(_, stack)| is_gear(stack.kind) && !self.is_in_use(stack.kind))
            .count() as u32
    }

    fn remember(&mut self, kind: ItemKind, slot: u8) {
        self.former.retain(|&(k, _)| k != kind);
        self.former.push((kind, slot));
    }

    /// Adds `count` of a kind as found; None (and nothing added) when the pack has no room.
    pub fn add(&mut self, kind: ItemKind, count: u32) -> Option<u8> {
        self.add_tuned(kind, count, Tuning::fresh(kind))
    }

    /// Adds `count` of a kind with its own tuning: onto its kind's stack if one is carried (a
    /// wand's charges added, a staff or ring a level more, gear kept at the better
    /// enchanting), else under a letter of its own.
    pub fn add_tuned(&mut self, kind: ItemKind, count: u32, tuning: Tuning) -> Option<u8> {
        let slot = self.room_for(kind)?;
        self.former.retain(|&(k, _)| k != kind);
        let stack = &mut self.slots[usize::from(slot)];
        match stack {
            Some(stack) => {
                let mine = &mut stack.tuning;
                match kind.rules().use_.class() {
                    ItemClass::Wand => {
                        mine.charges =
                            (mine.charges.saturating_add(tuning.charges)).min(MOST_CHARGES);
                        mine.enchant = mine.enchant.max(tuning.enchant);
                    }
                    ItemClass::Staff | ItemClass::Ring => {
                        mine.enchant =
                            (mine.enchant.saturating_add(tuning.enchant + 1)).min(MOST_ENCHANT);
                        mine.charges = mine.charges.saturating_add(tuning.charges);
                    }
                    _ => {
                        stack.count += count;
                        stack.tuning.enchant = stack.tuning.enchant.max(tuning.enchant);
                    }
                }
                let most = stack.max_charges();
                stack.tuning.charges = stack.tuning.charges.min(most);
            }
            None => {
                *stack = Some(Stack {
                    kind,
                    count,
                    tuning,
                })
            }
        }
        Some(slot)
    }

    /// The stack under a slot, to change its tuning.
    pub(super) fn tuning_mut(&mut self, slot: u8) -> Option<&mut Tuning> {
        let stack = self.slots.get_mut(usize::from(slot))?.as_mut()?;
        Some(&mut stack.tuning)
    }

    /// Every carried stack's slot and stack, to change their tuning (staffs recharging).
    pub(super) fn stacks_mut(&mut self) -> impl Iterator<Item = &mut Stack> {
        self.slots.iter_mut().flatten()
    }

    /// Takes one item from a slot; its letter is freed when it was the last.
    pub fn take_one(&mut self, slot: u8) -> Option<ItemKind> {
        let place = self.slots.get_mut(usize::from(slot))?;
        let stack = place.as_mut()?;
        let kind = stack.kind;
        stack.count -= 1;
        if stack.count == 0 {
            *place = None;
            self.remember(kind, slot);
            self.put_away(kind);
        }
        Some(kind)
    }

    /// Takes a slot's whole stack.
    pub fn take_all(&mut self, slot: u8) -> Option<Stack> {
        let stack = self.slots.get_mut(usize::from(slot))?.take()?;
        self.remember(stack.kind, slot);
        self.put_away(stack.kind);
        Some(stack)
    }

    /// The weapon wielded, if any.
    pub fn wielded(&self) -> Option<ItemKind> {
        self.wielded
    }

    /// The armour worn, if any.
    pub fn worn(&self) -> Option<ItemKind> {
        self.worn
    }

    pub fn is_in_use(&self, kind: ItemKind) -> bool {
        self.wielded == Some(kind) || self.worn == Some(kind) || self.wears_ring(kind)
    }

    /// The rings worn, each with the turns it has been worn.
    pub fn rings(&self) -> impl Iterator<Item = (ItemKind, u16)> + '_ {
        self.rings.iter().flatten().copied()
    }

    pub fn wears_ring(&self, kind: ItemKind) -> bool {
        self.rings().any(|(ring, _)| ring == kind)
    }

    /// A turn more on every ring worn; the rings that have just been worn `known_after` turns.
    pub(super) fn wear_rings_on(&mut self, known_after: u16) -> [Option<ItemKind>; RING_HANDS] {
        let mut shown = [None; RING_HANDS];
        for (hand, ring) in self.rings.iter_mut().enumerate() {
            if let Some((kind, worn)) = ring {
                *worn = worn.saturating_add(1);
                if *worn == known_after {
                    shown[hand] = Some(*kind);
                }
            }
        }
        shown
    }

    /// Puts a carried weapon or armour to use, in place of what was in use; the kind it
    /// replaced, if any.
    pub(super) fn put_to_use(&mut self, kind: ItemKind) -> Option<ItemKind> {
        let place = match kind.rules().use_.class() {
            ItemClass::Weapon => &mut self.wielded,
            ItemClass::Armour => &mut self.worn,
            ItemClass::Ring => {
                // A free hand, else the first ring comes off.
                let hand = self.rings.iter().position(Option::is_none).unwrap_or(0);
                let replaced = self.rings[hand].replace((kind, 0));
                return replaced.map(|(ring, _)| ring);
            }
            _ => return None,
        };
        place.replace(kind)
    }

    /// Stops using a kind (it stays carried).
    pub(super) fn put_away(&mut self, kind: ItemKind) {
        for place in [&mut self.wielded, &mut self.worn] {
            if *place == Some(kind) {
                *place = None;
            }
        }
        for hand in &mut self.rings {
            if hand.is_some_and(|(ring, _)| ring == kind) {
                *hand = None;
            }
        }
    }

    /// True when every slot holds a kind and every count is at least one: what a loaded pack
    /// must be.
    pub fn is_sound(&self) -> bool {
        let stacks: Vec<Stack> = self.stacks().map(|(_, stack)| stack).collect();
        let kinds = ItemKind::all().len();
        let sound_stacks = stacks.iter().enumerate().all(|(i, stack)| {
            stack.count > 0
                && stack.kind.index() < kinds
                && stacks[..i].iter().all(|other| other.kind != stack.kind)
        });
        let sound_former = (self.former.iter())
            .all(|&(kind, slot)| kind.index() < kinds && usize::from(slot) < PACK_LETTERS);
        let carried = |kind: Option<ItemKind>, class| {
            kind.is_none_or(|kind| {
                kind.index() < kinds
                    && kind.rules().use_.class() == class
                    && stacks.iter().any(|stack| stack.kind == kind)
            })
        };
        let sound_rings = (self.rings.iter().flatten())
            .all(|&(ring, _)| carried(Some(ring), ItemClass::Ring))
            && !matches!(self.rings, [Some((a, _)), Some((b, _))] if a == b);
        let sound_tuning = stacks.iter().all(|stack| {
            stack.tuning.enchant <= MOST_ENCHANT && stack.tuning.charges <= stack.max_charges()
        });
        let sound_use = carried(self.wielded, ItemClass::Weapon)
            && carried(self.worn, ItemClass::Armour)
            && sound_rings
            && sound_tuning;
        sound_stacks && sound_former && sound_use && self.former.len() <= kinds
    }
}
