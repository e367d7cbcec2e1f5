//! Sides: who fights whom. Every character has a side; characters of different sides are
//! enemies, but a captive is nobody's enemy until it is freed. The player's side keeps a short
//! list of its NPCs (its allies), and counts its moves so that the maps leading to it know when
//! they are stale.

use coord_2d::ICoord;
use entity_table::Entity;

use super::{Tile, World};
use crate::content::Ground;

/// Whose side a character fights on: characters of different sides are enemies, and a kill
/// counts for the killer's side. Every character has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Side {
    /// The player's, and whoever fights beside it.
    Hero,
    /// The monsters'.
    Dungeon,
    /// Held by the dungeon's monsters until the player frees it: it fights nobody, and nobody
    /// fights it.
    Captive,
}

impl World {
    /// Characters of different sides, neither of them a captive; a character without a side
    /// (none has one) fights nobody.
    pub fn are_enemies(&self, a: Entity, b: Entity) -> bool {
        match (self.side_of(a), self.side_of(b)) {
            (Some(Side::Captive), _) | (_, Some(Side::Captive)) => false,
            (Some(a), Some(b)) => a != b,
            _ => false,
        }
    }

    /// A character changes sides: a captive freed, a monster called up to fight for the player.
    pub fn set_side(&mut self, entity: Entity, side: Side) {
        match self.particulars_mut(entity) {
            Some(particulars) if particulars.side.is_some() => particulars.side = Some(side),
            _ => return,
        }
        if let Some(kind) = self.npc_kind(entity) {
            // How it looks tells whose side it is on: the app draws each its own way.
            let tile = match side {
                Side::Hero => Tile::Ally(kind),
                Side::Dungeon => Tile::Npc(kind),
                Side::Captive => Tile::Captive(kind),
            };
            self.components.tile.insert(entity, tile);
            if let Some(coord) = self.spatial_table.coord_of(entity) {
                self.changed(coord);
            }
        }
        if self.spatial_table.layer_of(entity) == Some(super::Layer::Character) {
            let coord = self.coord_of(entity);
            self.derived.side_marks.mark(coord, Some(side));
        }
        self.rebuild_allies();
    }

    /// The living NPCs on the player's side, in spawn order.
    pub fn allies(&self) -> &[Entity] {
        &self.derived.allies
    }

    /// True if the character, a living one, is an NPC on the player's side (ask it of the
    /// living: a corpse keeps the side its owner died on).
    pub fn is_ally(&self, entity: Entity) -> bool {
        !self.derived.allies.is_empty()
            && entity != self.player
            && self.side_of(entity) == Some(Side::Hero)
    }

    /// True if the character stands on the player's side: the player or an ally.
    pub(super) fn is_hero(&self, entity: Entity) -> bool {
        entity == self.player || self.is_ally(entity)
    }

    /// A character moved from `from` to `to`: if it is of the player's side, the move is
    /// counted (see [`World::heroes_moved`]) and its mark goes with it. A monster's move (ten
    /// thousand wanderers' every turn) touches neither, and a captive never moves.
    #[inline]
    pub(super) fn hero_moved(&mut self, entity: Entity, from: ICoord, to: ICoord) {
        if self.is_hero(entity) {
            self.derived.heroes_moved += 1;
            self.derived.side_marks.mark(from, None);
            self.derived.side_marks.mark(to, Some(Side::Hero));
        }
    }

    /// How many times a character of the player's side has moved, arrived, changed sides or
    /// died: a map leading to them stays right while this stands still.
    pub fn heroes_moved(&self) -> u64 {
        self.derived.heroes_moved
    }

    /// The list of allies again from every living NPC's side.
    pub(super) fn rebuild_allies(&mut self) {
        self.derived.allies = self.allies_rebuilt();
        self.derived.heroes_moved += 1;
    }

    /// An ally died: it leaves the list.
    pub(super) fn forget_ally(&mut self, entity: Entity) {
        if self.derived.allies.contains(&entity) {
            self.derived.allies.retain(|&ally| ally != entity);
            self.derived.heroes_moved += 1;
        }
    }

    /// Two characters trade places (the player and an ally it walks into).
    pub fn swap_characters(&mut self, a: Entity, b: Entity) {
        let (at_a, at_b) = (self.coord_of(a), self.coord_of(b));
        self.spatial_table.remove(b);
        self.spatial_table
            .update_coord(a, at_b)
            .expect("b's cell was just left");
        self.spatial_table
            .update(b, (at_a, super::Layer::Character).into())
            .expect("a's cell was just left");
        self.derived.side_marks.swap(at_a, at_b);
        for cell in [at_a, at_b] {
            self.changed(cell);
        }
        self.derived.heroes_moved += 1;
    }

    /// The character standing at `coord` if it is a captive the player can free.
    pub fn captive_at(&self, coord: ICoord) -> Option<Entity> {
        self.held_captive_at(coord)
            .and_then(|(captive, caged)| (!caged).then_some(captive))
    }

    /// The character standing at `coord` if it is a captive a kennel's cage closed over: out of
    /// reach for good.
    pub fn caged_captive_at(&self, coord: ICoord) -> Option<Entity> {
        self.held_captive_at(coord)
            .and_then(|(captive, caged)| caged.then_some(captive))
    }

    /// The captive standing at `coord`, and whether a cage holds it.
    fn held_captive_at(&self, coord: ICoord) -> Option<(Entity, bool)> {
        let character = self.character_at(coord)?;
        if self.side_of(character) != Some(Side::Captive) {
            return None;
        }
        let caged = self
            .feature_ground(coord)
            .is_some_and(|(_, g)| g == Ground::CAGE);
        Some((character, caged))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ItemKind;

    /// Only a character has a side to change: a stack of items told to change sides stays
    /// nobody's, fights nobody, and keeps its count.
    #[test]
    fn only_a_character_changes_sides() {
        let (terrain, _) = crate::terrain::from_ascii(&["#####", "#@..#", "#####"]).expect("a map");
        let mut world = World::from_terrain(&terrain);
        let at = ICoord::new(3, 1);
        let kind = ItemKind::all().next().expect("an item kind");
        assert_eq!(world.put_item(at, kind, 2), Some(at));
        let layers = world.spatial_table.layers_at(at);
        let stack = layers.and_then(|layers| layers.item).expect("the stack");
        world.set_side(stack, Side::Dungeon);
        assert_eq!(world.side_of(stack), None);
        assert!(!world.are_enemies(world.player(), stack));
        assert_eq!(world.item_at(at).map(|lying| lying.count), Some(2));
    }

    /// Whoever trades places, each cell's mark (the player's side, a monster) goes with the
    /// one who stood there: the game swaps only the player and an ally, whose marks are the
    /// same, but the world's promise is for any two.
    #[test]
    fn marks_go_with_characters_who_trade_places() {
        let (terrain, _) = crate::terrain::from_ascii(&["#####", "#@o.#", "#####"]).expect("a map");
        let mut world = World::from_terrain(&terrain);
        let (player_at, orc_at) = (ICoord::new(1, 1), ICoord::new(2, 1));
        let orc = world.character_at(orc_at).expect("the orc");
        assert!(world.has_hero(player_at) && world.has_monster(orc_at));
        world.swap_characters(world.player(), orc);
        assert!(world.has_hero(orc_at) && !world.has_monster(orc_at));
        assert!(world.has_monster(player_at) && !world.has_hero(player_at));
        assert_eq!(world.invariant_violations(), Vec::<String>::new());
    }
}
