//! What the player carries: up to [`PACK_LETTERS`] stacks, each under a letter it keeps while
//! carried (using up `c` leaves `d` as `d`), one stack per kind. A kind that leaves the pack
//! comes back under its old letter if that is still free, so a drop and a pick-up, or darts
//! thrown and gathered again, leave the pack as it was.

use serde::{Deserialize, Serialize};

use crate::content::{ItemClass, ItemKind};

/// Letters `a` to `z`.
pub const PACK_LETTERS: usize = 26;

/// Some items of one kind under one letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stack {
    pub kind: ItemKind,
    pub count: u32,
}

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
}

impl Pack {
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
        self.slot_of(kind)
            .and_then(|slot| self.get(slot))
            .map_or(0, |stack| stack.count)
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
        let former = (self.former.iter())
            .find(|&&(k, slot)| k == kind && self.get(slot).is_none())
            .map(|&(_, slot)| slot);
        self.slot_of(kind)
            .or(former)
            .or_else(|| self.slots.iter().position(Option::is_none).map(|s| s as u8))
    }

    fn remember(&mut self, kind: ItemKind, slot: u8) {
        self.former.retain(|&(k, _)| k != kind);
        self.former.push((kind, slot));
    }

    /// Adds `count` of a kind; None (and nothing added) when the pack has no room for it.
    pub fn add(&mut self, kind: ItemKind, count: u32) -> Option<u8> {
        let slot = self.room_for(kind)?;
        self.former.retain(|&(k, _)| k != kind);
        let stack = &mut self.slots[usize::from(slot)];
        match stack {
            Some(stack) => stack.count += count,
            None => *stack = Some(Stack { kind, count }),
        }
        Some(slot)
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
        self.wielded == Some(kind) || self.worn == Some(kind)
    }

    /// Puts a carried weapon or armour to use, in place of what was in use; the kind it
    /// replaced, if any.
    pub(super) fn put_to_use(&mut self, kind: ItemKind) -> Option<ItemKind> {
        let place = match kind.rules().use_.class() {
            ItemClass::Weapon => &mut self.wielded,
            ItemClass::Armour => &mut self.worn,
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
        let sound_use =
            carried(self.wielded, ItemClass::Weapon) && carried(self.worn, ItemClass::Armour);
        sound_stacks && sound_former && sound_use && self.former.len() <= kinds
    }
}
