//! What harms whoever stands on a cell (fire, a harmful gas) and the characters on fire: what
//! the monsters' maps keep out of, and what the game's environment phase burns.

use coord_2d::ICoord;
use entity_table::Entity;

use super::World;

impl World {
    /// Fire or a harmful gas on the cell: no creature steps there of its own will.
    #[inline]
    pub fn harms(&self, coord: ICoord) -> bool {
        self.has_hazards() && (self.fires().is_burning(coord) || self.gases().harms(coord))
    }

    /// Anything burns or a harmful gas drifts on the level: without, no map or step asks a
    /// cell for harm.
    #[inline]
    pub fn has_hazards(&self) -> bool {
        !self.fires.cells.is_empty() || self.gases.harmful
    }

    /// Fire or gas of any kind is on the level: the environment's phase has work.
    pub fn has_fire_or_gas(&self) -> bool {
        !self.fires.cells.is_empty() || !self.gases.listed.is_empty()
    }

    /// How many times fire or gas has changed: the maps that keep out of harm stay right while
    /// this stands still. Derived, not saved.
    pub fn hazard_changes(&self) -> u64 {
        self.derived.hazard_changes
    }

    pub(super) fn hazard_changed(&mut self) {
        self.derived.hazard_changes += 1;
    }

    /// The character is on fire.
    pub fn is_on_fire(&self, entity: Entity) -> bool {
        self.burning.contains(&entity)
    }

    /// The characters on fire, in the order they caught.
    pub fn burning_characters(&self) -> &[Entity] {
        &self.burning
    }

    /// The character catches fire; false if it already burned, or fire cannot catch it.
    pub fn set_on_fire(&mut self, entity: Entity) -> bool {
        if self.is_on_fire(entity) || !self.is_alive(entity) || self.is_fireproof(entity) {
            return false;
        }
        self.burning.push(entity);
        true
    }

    /// The fire on the character goes out; false if it did not burn.
    pub fn put_out(&mut self, entity: Entity) -> bool {
        let before = self.burning.len();
        self.burning.retain(|&e| e != entity);
        before != self.burning.len()
    }

    /// Fire neither catches nor harms the character (a potion's, or its kind's nature).
    pub fn is_fireproof(&self, entity: Entity) -> bool {
        self.derived.fireproof.contains(&entity)
            || (self.npc_kind(entity))
                .is_some_and(|k| k.rules().has(crate::content::NpcTrait::Fireproof))
    }

    /// Makes fire pass the character by, or no longer; a burning character made fireproof
    /// stops burning.
    pub fn set_fireproof(&mut self, entity: Entity, fireproof: bool) {
        listed(&mut self.derived.fireproof, entity, fireproof);
        if fireproof {
            self.put_out(entity);
        }
    }

    pub fn set_flying(&mut self, entity: Entity, flying: bool) {
        listed(&mut self.derived.flying, entity, flying);
    }
}

/// The entity in the list once if `on`, else not at all.
fn listed(list: &mut Vec<Entity>, entity: Entity, on: bool) {
    list.retain(|&e| e != entity);
    if on {
        list.push(entity);
    }
}
