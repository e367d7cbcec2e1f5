//! Changing the world: moving, attacking and dying. The same code path serves the player and NPCs.

use coord_2d::ICoord;
use direction::CardinalDirection;
use entity_table::Entity;
use rand::Rng;

use super::{HitPoints, Layer, Tile, World};
use crate::balance::AttackDice;

/// One blow: who struck at whom, whether it landed, how hard, and whether it killed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attack {
    pub attacker: Entity,
    pub target: Entity,
    pub hit: bool,
    /// 0 for a miss.
    pub damage: u32,
    pub killed: bool,
    /// Struck from the dark at a target that had not noticed it: whether the target slept.
    pub unaware: Option<bool>,
}

/// What happened when a character tried to move one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActOutcome {
    Moved,
    /// A wall, the map edge, or (for NPCs) another NPC: nothing changed.
    Blocked,
    /// Held in a web, it spent the step struggling (a try nearer free).
    Struggled,
    Attacked(Attack),
}

impl World {
    /// Moves a living character one step, or attacks the enemy standing there, rolling the
    /// attacker's dice with `rng`. A character bumping one of its own side is blocked rather
    /// than fighting.
    /// `origin` is where it stands, which the mover knows.
    pub fn move_character(
        &mut self,
        entity: Entity,
        origin: ICoord,
        direction: CardinalDirection,
        rng: &mut impl Rng,
    ) -> ActOutcome {
        let destination = origin + direction.coord();
        // A blow reaches whoever stands there, unless it is under water.
        let foe = match self.has_character(destination) {
            true => (self.character_at(destination))
                .filter(|&other| self.are_enemies(entity, other) && !self.is_submerged(other)),
            false => None,
        };
        if let Some(foe) = foe {
            return ActOutcome::Attacked(self.attack(entity, foe, rng));
        }
        // Most movers are neither held nor swim, and two short lists say so.
        if self.natures().held_for(entity) > 0 {
            self.struggle(entity);
            return ActOutcome::Struggled;
        }
        let open = match !self.swims(entity) && !self.blocks_walking(destination) {
            true => true,
            false => self.can_walk_onto(entity, destination),
        };
        if !open || self.has_character(destination) {
            return ActOutcome::Blocked;
        }
        self.spatial_table
            .update_coord(entity, destination)
            .expect("destination was checked to be inside the map and free");
        self.set_character_gone(origin);
        self.set_character_here(destination);
        self.hero_moved(entity, origin, destination);
        ActOutcome::Moved
    }

    /// The ground of `to` lets the character on, whoever stands there: a swimmer's deep
    /// water only; open ground; water and chasms for one that flies. (A character on ground
    /// nobody may enter, one a vault's cage closed over, can still be struck through the bars,
    /// and step out.)
    pub fn can_walk_onto(&self, entity: Entity, to: ICoord) -> bool {
        let ground = self.ground_at(to).rules();
        if self.swims(entity) {
            return ground.submerges;
        }
        !self.blocks_walking(to) || (ground.flown_over && self.flies(entity, self.npc_kind(entity)))
    }

    fn dice_of(&self, entity: Entity) -> AttackDice {
        match self.npc_kind(entity) {
            Some(kind) => kind.rules().attack,
            None => self.derived.player_gear.attack,
        }
    }

    pub fn player_gear(&self) -> super::Gear {
        self.derived.player_gear
    }

    /// What the player now fights with and in.
    pub fn set_player_gear(&mut self, gear: super::Gear) {
        self.derived.player_gear = gear;
    }

    /// A blow of `attacker`'s at `target`, wherever it stands (an axe's sweep reaching a
    /// second foe): as a step into it would strike.
    pub fn strike_at(&mut self, attacker: Entity, target: Entity, rng: &mut impl Rng) -> Attack {
        self.attack(attacker, target, rng)
    }

    /// Always two draws, hit or miss, so what follows a blow never depends on how it went.
    fn attack(&mut self, attacker: Entity, target: Entity, rng: &mut impl Rng) -> Attack {
        let dice = self.dice_of(attacker);
        let (hit, damage, killed) = self.strike(target, dice, rng);
        Attack {
            attacker,
            target,
            hit,
            damage,
            killed,
            unaware: None,
        }
    }

    /// A blow at a target that has not noticed `attacker`: it surely lands, for `multiplier`
    /// times the damage rolled on the attacker's dice (one draw). Armour has nothing to say: the
    /// player, who wears it, is never caught unawares.
    pub fn strike_unaware(
        &mut self,
        attacker: Entity,
        target: Entity,
        multiplier: u32,
        rng: &mut impl Rng,
    ) -> Attack {
        let dice = self.dice_of(attacker);
        let damage = rng.random_range(dice.damage.0..=dice.damage.1) * multiplier;
        let killed = self.wound(target, damage);
        Attack {
            attacker,
            target,
            hit: true,
            damage,
            killed,
            unaware: None,
        }
    }

    /// Takes `damage` hit points from a character; true if that killed it (its corpse is left
    /// where it stood). Blows, bolts and bursts all hurt through here.
    pub fn wound(&mut self, target: Entity, damage: u32) -> bool {
        let Some(hit_points) = (self.particulars_mut(target)).and_then(|p| p.hit_points.as_mut())
        else {
            return false;
        };
        hit_points.current = hit_points.current.saturating_sub(damage);
        let killed = hit_points.current == 0;
        if killed {
            self.die(target);
        }
        killed
    }

    /// Rolls a blow's dice against a character (a sword's or a dart's): whether it landed, the
    /// damage, and whether it killed.
    pub fn strike(
        &mut self,
        target: Entity,
        dice: AttackDice,
        rng: &mut impl Rng,
    ) -> (bool, u32, bool) {
        let hit = rng.random_ratio(dice.to_hit.0, dice.to_hit.1);
        let rolled = rng.random_range(dice.damage.0..=dice.damage.1);
        let armour = if target == self.player {
            self.derived.player_gear.armour
        } else {
            0
        };
        // Only a landed blow on armour rolls again, so an unarmoured game draws as before.
        let damage = match (hit, armour) {
            (false, _) => 0,
            (true, 0) => rolled,
            (true, armour) => rolled.saturating_sub(rng.random_range(0..=armour)),
        };
        (hit, damage, self.wound(target, damage))
    }

    /// A dead character becomes the corpse on its cell, replacing any corpse already there.
    fn die(&mut self, entity: Entity) {
        self.note_carrier(entity, false);
        let coord = self.coord_of(entity);
        if let Some((kind, tuning)) = self.natures().carrying(entity) {
            self.put_tuned_item(coord, kind, 1, tuning);
        }
        // The dead are nothing more than their corpses.
        self.set_nature_of(entity, None);
        self.derived.swimmers.retain(|&e| e != entity);
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
        self.set_character_gone(coord);
        self.derived.side_marks.mark(coord, None);
        self.components.tile.insert(entity, Tile::Corpse);
        self.npcs.retain(|&npc| npc != entity);
        self.burning.retain(|&burning| burning != entity);
        self.forget_ally(entity);
    }

    /// A character that fades (a conjured blade) is gone at once, leaving nothing behind.
    pub fn vanish(&mut self, entity: Entity) {
        self.set_nature_of(entity, None);
        self.derived.swimmers.retain(|&e| e != entity);
        self.note_carrier(entity, false);
        let coord = self.coord_of(entity);
        self.set_character_gone(coord);
        self.derived.side_marks.mark(coord, None);
        self.npcs.retain(|&npc| npc != entity);
        self.burning.retain(|&burning| burning != entity);
        self.forget_ally(entity);
        self.despawn(entity);
    }

    /// The corpse at `coord` falls into the chasm under it: gone from the level, counted as a
    /// corpse taken away.
    pub fn corpse_falls(&mut self, coord: ICoord) {
        if let Some(corpse) = self.corpse_at(coord) {
            self.despawn(corpse);
            self.corpses.retain(|&c| c != corpse);
            self.corpses_replaced += 1;
        }
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
        if let Some(hit_points) = (self.particulars_mut(entity)).and_then(|p| p.hit_points.as_mut())
        {
            hit_points.current = (hit_points.current + amount).min(hit_points.max);
        }
    }

    /// Gives the player `max` hit points, all of them. Only scenarios call this: a game's own
    /// player always starts with the balance's maximum.
    #[cfg(feature = "testing")]
    pub fn set_player_max_hit_points(&mut self, max: u32) {
        self.set_player_hit_points(HitPoints::full(max));
    }

    /// The player arrives on a new level as it left the last one.
    pub fn set_player_hit_points(&mut self, hit_points: HitPoints) {
        self.set_hit_points(self.player, hit_points);
    }

    /// A character's hit points as a state dump gives them (at most the max; at least one
    /// for an NPC, as the dead are not characters).
    pub fn set_hit_points(&mut self, entity: Entity, hit_points: HitPoints) {
        let max = hit_points.max.max(1);
        let least = u32::from(entity != self.player);
        let current = hit_points.current.clamp(least, max);
        self.set_particulars(entity, |p| p.hit_points = Some(HitPoints { current, max }));
    }
}
