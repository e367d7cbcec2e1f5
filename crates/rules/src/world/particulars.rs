//! What a character or a stack of items is besides its tile: its side, its kind, its hit points,
//! how many items the stack holds.
//!
//! They share one table. Each table of entity_table keeps two words for every entity index up
//! to the highest it holds, and characters and items are made after the level's ground, so a
//! table of theirs spans every entity of the level (17 MB at 1000x1000, all of it written
//! when the first monster is placed): four tables cost a large level's load a tenth of its time.

use entity_table::Entity;
use serde::{Deserialize, Serialize};

use super::{Side, World};
use crate::content::NpcKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct HitPoints {
    pub current: u32,
    pub max: u32,
}

impl HitPoints {
    pub const fn full(max: u32) -> Self {
        Self { current: max, max }
    }
}

/// Each is none for the entities it does not fit (a stack has no side, the player no kind).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Particulars {
    pub(super) side: Option<Side>,
    pub(super) kind: Option<NpcKind>,
    pub(super) hit_points: Option<HitPoints>,
    pub(super) count: Option<u32>,
    /// A stack's tuning when it is not as found.
    pub(super) tuning: Option<super::Tuning>,
    /// A stack the player put down: walking over it leaves it (Brogue's rule), so that a
    /// spare sword dropped to make room is not taken again at the next step.
    pub(super) dropped: bool,
}

impl World {
    pub(super) fn particulars(&self, entity: Entity) -> Particulars {
        (self.components.particulars.get(entity).copied()).unwrap_or_default()
    }

    pub(super) fn particulars_mut(&mut self, entity: Entity) -> Option<&mut Particulars> {
        self.components.particulars.get_mut(entity)
    }

    /// Sets what `set` sets of an entity's particulars, giving it a row if it has none yet.
    pub(super) fn set_particulars(&mut self, entity: Entity, set: impl FnOnce(&mut Particulars)) {
        let mut particulars = self.particulars(entity);
        set(&mut particulars);
        self.components.particulars.insert(entity, particulars);
    }
}
