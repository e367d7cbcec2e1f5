//! Changing the world: moving, attacking and dying. The same code path serves the player and NPCs.

use coord_2d::ICoord;
use direction::CardinalDirection;
use entity_table::Entity;

use super::{HitPoints, Layer, Tile, World};
use crate::balance;

/// One blow: who struck whom, how hard, and whether it killed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attack {
    pub attacker: Entity,
    pub target: Entity,
    pub damage: u32,
    pub killed: bool,
}

/// What happened when a character tried to move one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActOutcome {
    Moved,
    /// A wall, the map edge, or (for NPCs) another NPC: nothing changed.
    Blocked,
    Attacked(Attack),
}

impl World {
    /// Moves a living character one step, or attacks the enemy standing there.
    /// NPCs are all on one side, so an NPC bumping an NPC is blocked rather than fighting.
    pub fn move_character(&mut self, entity: Entity, direction: CardinalDirection) -> ActOutcome {
        let destination = self.coord_of(entity) + direction.coord();
        if self.is_wall(destination) {
            return ActOutcome::Blocked;
        }
        match self.character_at(destination) {
            None => {
                let origin = self.coord_of(entity);
                self.spatial_table
                    .update_coord(entity, destination)
                    .expect("destination was checked to be inside the map and free");
                self.set_blocked(origin, false);
                self.set_blocked(destination, true);
                ActOutcome::Moved
            }
            Some(other) if self.are_enemies(entity, other) => {
                ActOutcome::Attacked(self.attack(entity, other))
            }
            Some(_) => ActOutcome::Blocked,
        }
    }

    fn are_enemies(&self, a: Entity, b: Entity) -> bool {
        (a == self.player) != (b == self.player)
    }

    fn damage_dealt_by(&self, entity: Entity) -> u32 {
        match self.npc_type(entity) {
            Some(npc_type) => balance::npc_damage(npc_type),
            None => balance::PLAYER_DAMAGE,
        }
    }

    fn attack(&mut self, attacker: Entity, target: Entity) -> Attack {
        let damage = self.damage_dealt_by(attacker);
        let hit_points = self
            .components
            .hit_points
            .get_mut(target)
            .expect("every character has hit points");
        hit_points.current = hit_points.current.saturating_sub(damage);
        let killed = hit_points.current == 0;
        if killed {
            self.die(target);
        }
        Attack {
            attacker,
            target,
            damage,
            killed,
        }
    }

    /// A dead character becomes the corpse on its cell, replacing any corpse already there.
    fn die(&mut self, entity: Entity) {
        let coord = self.coord_of(entity);
        if let Some(old_corpse) = self.corpse_at(coord) {
            self.despawn(old_corpse);
            self.corpses.retain(|&corpse| corpse != old_corpse);
            self.corpses_replaced += 1;
        }
        self.corpses.push(entity);
        self.deaths += 1;
        self.spatial_table
            .update_layer(entity, Layer::Corpse)
            .expect("the corpse layer was just cleared");
        self.set_blocked(coord, false);
        self.components.tile.insert(entity, Tile::Corpse);
        self.npcs.retain(|&npc| npc != entity);
    }

    fn corpse_at(&self, coord: ICoord) -> Option<Entity> {
        self.spatial_table
            .layers_at(coord)
            .and_then(|layers| layers.corpse)
    }

    /// Heals the player by `amount`, never past the maximum.
    pub fn heal_player(&mut self, amount: u32) {
        self.heal(self.player, amount);
    }

    /// Heals a character by `amount`, never past the maximum.
    pub fn heal(&mut self, entity: Entity, amount: u32) {
        if let Some(hit_points) = self.components.hit_points.get_mut(entity) {
            hit_points.current = (hit_points.current + amount).min(hit_points.max);
        }
    }

    /// Gives the player `max` hit points, all of them. Only scenarios call this: a game's own
    /// player always starts with the balance's maximum.
    pub fn set_player_max_hit_points(&mut self, max: u32) {
        self.components
            .hit_points
            .insert(self.player, HitPoints::full(max));
    }
}
