//! What the player knows of item kinds. Potions look alike, and so do scrolls, staffs, wands
//! and rings, until one of a kind is used (a ring: worn a while): each game gives every such
//! kind a look (a label number the app puts into words: a colour, a title, a wood, a metal, a
//! gem) drawn from the seed, so a look learnt in one game means nothing in the next.
//! When one kind of a class is left unknown, it is known by elimination.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::content::{ItemClass, ItemKind, LOOKS_PER_CLASS};

/// An item as the player can name it at the moment: its kind if known, else its look.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ItemName {
    pub kind: ItemKind,
    pub known: bool,
    /// Which of its class's [`LOOKS_PER_CLASS`] looks it has this game.
    pub label: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Lore {
    /// By kind, in table order.
    known: Vec<bool>,
    labels: Vec<u8>,
}

/// Classes whose kinds look alike until known.
const ALIKE: [ItemClass; 5] = ItemClass::ALIKE;

impl Lore {
    /// Looks drawn without repeats within a class, kind by kind in table order.
    pub fn shuffled(rng: &mut impl Rng) -> Self {
        let kinds = ItemKind::all().len();
        let mut lore = Self {
            known: vec![true; kinds],
            labels: vec![0; kinds],
        };
        for class in ALIKE {
            let mut looks: Vec<u8> = (0..LOOKS_PER_CLASS).collect();
            for kind in ItemKind::all().filter(|kind| class_of(*kind) == class) {
                let drawn = looks.swap_remove(rng.random_range(0..looks.len()));
                lore.labels[kind.index()] = drawn;
                lore.known[kind.index()] = false;
            }
            lore.know_the_last_of(class);
        }
        lore
    }

    pub fn is_known(&self, kind: ItemKind) -> bool {
        self.known[kind.index()]
    }

    pub fn name(&self, kind: ItemKind) -> ItemName {
        ItemName {
            kind,
            known: self.is_known(kind),
            label: self.labels[kind.index()],
        }
    }

    /// The player has used one: its kind is known from now on, and so is the last unknown kind
    /// of its class. The kinds newly known, in table order.
    pub fn identify(&mut self, kind: ItemKind) -> Vec<ItemKind> {
        let before = self.known.clone();
        self.known[kind.index()] = true;
        self.know_the_last_of(class_of(kind));
        ItemKind::all()
            .filter(|kind| self.known[kind.index()] && !before[kind.index()])
            .collect()
    }

    fn know_the_last_of(&mut self, class: ItemClass) {
        let mut unknown =
            ItemKind::all().filter(|kind| class_of(*kind) == class && !self.known[kind.index()]);
        if let (Some(last), None) = (unknown.next(), unknown.next()) {
            self.known[last.index()] = true;
        }
    }

    /// A loaded lore is one for this table: a place for every kind, and looks in range.
    pub fn is_sound(&self) -> bool {
        let kinds = ItemKind::all().len();
        self.known.len() == kinds
            && self.labels.len() == kinds
            && self.labels.iter().all(|&label| label < LOOKS_PER_CLASS)
    }
}

fn class_of(kind: ItemKind) -> ItemClass {
    kind.rules().use_.class()
}
