//! What a character is beyond its kind's row, and the states on it that the world's own rules
//! read: what an ally has learned, whether the player's eyes miss it (under water, invisible),
//! what it carries off, how long a spell hastes it or a web holds it, when a conjured one
//! fades. Most characters have none of it, so it is one optional part of their particulars.

use coord_2d::ICoord;
use entity_table::Entity;
use serde::{Deserialize, Serialize};

use super::{Tuning, World};
use crate::content::{Ability, BoltKind, ItemKind, NpcKind, NpcTrait};

/// See the module's words. Saved with the world.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nature {
    pub(super) learned: Option<Ability>,
    /// The player cannot see it where it stands (under water, or invisible).
    pub(super) unseen: bool,
    /// An item it took from the player's pack, dropped where it dies.
    pub(super) carrying: Option<(ItemKind, Tuning)>,
    pub(super) hasted_for: u16,
    pub(super) held_for: u16,
    /// Turns left before it fades away, if it fades.
    pub(super) fades_in: Option<u16>,
}

/// Every character's nature, by entity, in entity order: few have anything, so most reads
/// find the list empty. What the world's readers ask of it through [`World::natures`].
#[derive(Debug, Default)]
pub struct Natures(Vec<(Entity, Nature)>);

impl Natures {
    pub(super) fn with_capacity(capacity: usize) -> Self {
        Self(Vec::with_capacity(capacity))
    }

    /// All a character is beyond its kind, if anything.
    #[inline]
    pub fn of(&self, entity: Entity) -> Option<Nature> {
        if self.0.is_empty() {
            return None;
        }
        (self.0.binary_search_by_key(&entity, |&(e, _)| e))
            .ok()
            .map(|at| self.0[at].1)
    }

    fn get(&self, entity: Entity) -> Nature {
        self.of(entity).unwrap_or_default()
    }

    /// What the ally learned from a foe it saw die, if anything.
    pub fn learned(&self, entity: Entity) -> Option<Ability> {
        self.get(entity).learned
    }

    /// The player's eyes miss the character where it stands (under water, or invisible).
    pub fn is_unseen(&self, entity: Entity) -> bool {
        self.get(entity).unseen
    }

    /// What the character carries off from the player's pack, if anything.
    pub fn carrying(&self, entity: Entity) -> Option<(ItemKind, Tuning)> {
        self.get(entity).carrying
    }

    /// Turns a spell still hastes the character.
    pub fn hasted_for(&self, entity: Entity) -> u16 {
        self.get(entity).hasted_for
    }

    /// Tries the character still needs to break free of a web or a grip.
    pub fn held_for(&self, entity: Entity) -> u16 {
        self.get(entity).held_for
    }

    /// Turns before the character fades away, if it fades.
    pub fn fades_in(&self, entity: Entity) -> Option<u16> {
        self.get(entity).fades_in
    }

    /// Every character with a nature, in entity order.
    pub(super) fn iter(&self) -> impl Iterator<Item = &(Entity, Nature)> {
        self.0.iter()
    }

    fn set(&mut self, entity: Entity, nature: Option<Nature>) {
        let nature = nature.filter(|n| *n != Nature::default());
        match (self.0.binary_search_by_key(&entity, |&(e, _)| e), nature) {
            (Ok(at), Some(nature)) => self.0[at].1 = nature,
            (Ok(at), None) => {
                self.0.remove(at);
            }
            (Err(at), Some(nature)) => self.0.insert(at, (entity, nature)),
            (Err(_), None) => (),
        }
    }
}

impl World {
    /// Every character's nature, to read.
    #[inline]
    pub fn natures(&self) -> &Natures {
        &self.natures
    }

    /// Makes a character all `nature` says (nothing: off the list).
    pub fn set_nature_of(&mut self, entity: Entity, nature: Option<Nature>) {
        self.natures.set(entity, nature);
        if let Some(coord) = self.spatial_table.coord_of(entity) {
            self.changed(coord);
        }
    }

    /// An NPC's kind and whether a spell hastes it, in one read (each of its actions asks).
    #[inline]
    pub fn kind_and_haste(&self, entity: Entity) -> (Option<NpcKind>, bool) {
        let hasted = self.natures.of(entity).is_some_and(|n| n.hasted_for > 0);
        (self.npc_kind(entity), hasted)
    }

    fn set_nature(&mut self, entity: Entity, set: impl FnOnce(&mut Nature)) {
        let mut nature = self.natures.get(entity);
        set(&mut nature);
        self.set_nature_of(entity, Some(nature));
    }

    /// The character floats over water and chasms: a levitating player, a kind that flies, an
    /// ally that learned to.
    /// `kind` is its kind, read by the asker (a hunter deciding reads it once).
    pub fn flies(&self, entity: Entity, kind: Option<NpcKind>) -> bool {
        self.derived.flying.contains(&entity)
            || kind.is_some_and(|kind| kind.rules().has(NpcTrait::Flies))
            || self.natures.learned(entity) == Some(Ability::Flight)
    }

    /// The character breathes out this gas, and is at home in it (a zombie in its rot).
    pub fn at_home_in(&self, entity: Entity, gas: crate::content::GasKind) -> bool {
        (self.npc_kind(entity)).is_some_and(|k| k.rules().exhales.is_some_and(|(g, _)| g == gas))
    }

    /// The character lives in deep water and moves nowhere else.
    pub fn swims(&self, entity: Entity) -> bool {
        !self.derived.swimmers.is_empty() && self.derived.swimmers.contains(&entity)
    }

    /// The bolt the character sends: its kind's, or one it learned.
    /// `kind` is its kind, read by the asker.
    pub fn bolt_of(&self, entity: Entity, kind: Option<NpcKind>) -> Option<BoltKind> {
        let kinds = kind.and_then(|kind| kind.rules().bolt);
        // What it learned only for a kind without a bolt of its own: every monster in sight
        // of an enemy asks.
        kinds.or_else(|| match self.natures.learned(entity) {
            Some(Ability::Bolt(bolt)) => Some(bolt),
            _ => None,
        })
    }

    /// The character learns `ability`, for good; false if it had learned something already.
    pub fn learn(&mut self, entity: Entity, ability: Ability) -> bool {
        if self.natures.learned(entity).is_some() {
            return false;
        }
        self.set_nature(entity, |n| n.learned = Some(ability));
        true
    }

    /// Hides the character from the player's eyes, or shows it.
    pub fn set_unseen(&mut self, entity: Entity, unseen: bool) {
        if self.natures.is_unseen(entity) != unseen {
            self.set_nature(entity, |n| n.unseen = unseen);
        }
    }

    /// Under deep water: unseen, and nothing reaches it, blow or missile.
    pub fn is_submerged(&self, entity: Entity) -> bool {
        self.natures.is_unseen(entity) && self.swims(entity)
    }

    /// The character at `coord` is under water, out of reach.
    pub fn submerged_at(&self, coord: ICoord) -> bool {
        self.character_at(coord)
            .is_some_and(|c| self.is_submerged(c))
    }

    pub fn set_carrying(&mut self, entity: Entity, item: Option<(ItemKind, Tuning)>) {
        self.set_nature(entity, |n| n.carrying = item);
    }

    pub fn haste(&mut self, entity: Entity, turns: u16) {
        self.set_nature(entity, |n| n.hasted_for = turns);
    }

    /// Holds the character fast in a web for `tries`, unless it walks webs; whether it is held.
    pub fn hold(&mut self, entity: Entity, tries: u16) -> bool {
        if self.walks_webs(entity) {
            return false;
        }
        self.set_nature(entity, |n| n.held_for = tries);
        true
    }

    /// Webs neither hold it nor tear under it (a spider).
    pub fn walks_webs(&self, entity: Entity) -> bool {
        (self.npc_kind(entity)).is_some_and(|kind| kind.rules().has(NpcTrait::WalksWebs))
    }

    /// One try at breaking free of a web.
    pub(super) fn struggle(&mut self, entity: Entity) {
        self.set_nature(entity, |n| n.held_for = n.held_for.saturating_sub(1));
    }

    pub fn set_fades_in(&mut self, entity: Entity, turns: Option<u16>) {
        self.set_nature(entity, |n| n.fades_in = turns);
    }

    /// A turn passes for the character: its haste wears off a turn, and if it fades, it is a
    /// turn nearer. Whether it faded now, and what it learned (one read for most, who have
    /// no nature).
    #[inline]
    pub fn wear_on(&mut self, entity: Entity) -> (bool, Option<Ability>) {
        let Some(nature) = self.natures.of(entity) else {
            return (false, None);
        };
        let fades = nature.fades_in.map(|t| t.saturating_sub(1));
        if nature.hasted_for > 0 || fades.is_some() {
            self.set_nature(entity, |n| {
                n.hasted_for = n.hasted_for.saturating_sub(1);
                n.fades_in = fades;
            });
        }
        (fades == Some(0), nature.learned)
    }
}
