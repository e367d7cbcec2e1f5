//! The one path for anything sent flying or bursting, whoever sends it: the player's items
//! (darts, scrolls) and the monsters' bolts (arrows, healing, a bloat's last burst). It flies
//! along the world's flight line ([`crate::world::World::flight_stop`]) and acts where it stops.

use coord_2d::ICoord;
use entity_table::Entity;
use rand::Rng;

use super::combat::Blame;
use super::{Actor, Game, GameEvent};
use crate::balance::AttackDice;
use crate::behaviour::Noise;
use crate::content::{BoltEffect, BoltKind, ItemKind, ItemUse, NpcKind};
use crate::world::Side;

/// What flew, burst or struck: an item the player used, or a bolt a monster sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Missile {
    Item(ItemKind),
    Bolt(BoltKind),
}

impl Missile {
    /// How far its burst reaches, if it bursts.
    pub fn radius(self) -> Option<u32> {
        match self {
            Self::Item(item) => match item.rules().use_ {
                ItemUse::Fireball { radius, .. } => Some(radius),
                _ => None,
            },
            Self::Bolt(bolt) => match bolt.rules().effect {
                BoltEffect::Burst { radius, .. } => Some(radius),
                _ => None,
            },
        }
    }
}

impl Game {
    /// Sends `what` from `by` toward `toward`: it flies, and stops on the first character on
    /// the line or before the first wall. Where it stopped.
    fn fly(&mut self, by: Entity, what: Missile, toward: ICoord) -> ICoord {
        let from = self.world.coord_of(by);
        let stop = self.world.flight_stop(from, toward);
        let by = self.actor(by);
        self.scratch.events.push(GameEvent::Flew {
            by,
            what,
            from,
            toward,
            stop,
        });
        stop
    }

    /// Sends a bolt from `by` toward `toward` and does what it does where it stops; where that was.
    pub(super) fn send_bolt(
        &mut self,
        by: Entity,
        what: Missile,
        bolt: BoltKind,
        toward: ICoord,
    ) -> ICoord {
        let stop = self.fly(by, what, toward);
        let sender = self.blame(by);
        match bolt.rules().effect {
            BoltEffect::Blow(dice) => self.blow_at(sender, what, dice, stop),
            BoltEffect::Heal(amount) => self.heal_at(what, amount, stop),
            BoltEffect::Burst { damage, radius } => self.burst(sender, what, damage, radius, stop),
        }
        stop
    }

    fn blow_at(&mut self, by: Blame, what: Missile, dice: AttackDice, at: ICoord) {
        let Some(target) = self.world.character_at(at) else {
            return;
        };
        let actor = self.actor(target);
        let (hit, damage, killed) = self.world.strike(target, dice, &mut self.chronicle.rng);
        self.scratch.events.push(if hit {
            GameEvent::Struck {
                what,
                target: actor,
                damage,
            }
        } else {
            GameEvent::Missed {
                what,
                target: actor,
            }
        });
        self.after_harm(by, target, actor, killed);
        self.make_noise(Noise::fight(at));
    }

    fn heal_at(&mut self, what: Missile, (least, most): (u32, u32), at: ICoord) {
        let Some(target) = self.world.character_at(at) else {
            return;
        };
        let amount = self.chronicle.rng.random_range(least..=most);
        let before = self.world.hit_points(target).map_or(0, |hp| hp.current);
        self.world.heal(target, amount);
        let after = self.world.hit_points(target).map_or(0, |hp| hp.current);
        let target = self.actor(target);
        self.scratch.events.push(GameEvent::Mended {
            what,
            target,
            amount: after - before,
        });
    }

    /// A burst at `centre`: one roll of damage to every character the blast reaches.
    fn burst(&mut self, by: Blame, what: Missile, damage: (u32, u32), radius: u32, centre: ICoord) {
        self.scratch.events.push(GameEvent::Burst { what, centre });
        let damage = self.chronicle.rng.random_range(damage.0..=damage.1);
        for cell in self.world.burst_cells(centre, radius) {
            if let Some(character) = self.world.character_at(cell) {
                self.hurt(by, what, character, damage);
            }
        }
        self.make_noise(Noise::fight(centre));
    }

    /// What bursts where an NPC of `kind` died, if its kind bursts.
    /// `side`: whose kill set it off, the side its own kills are credited to.
    pub(super) fn burst_on_death(&mut self, kind: NpcKind, at: ICoord, side: Side) {
        let Some(bolt) = kind.rules().on_death else {
            return;
        };
        if let BoltEffect::Burst { damage, radius } = bolt.rules().effect {
            let by = Blame {
                actor: Actor::Npc(kind),
                side,
            };
            self.burst(by, Missile::Bolt(bolt), damage, radius, at);
        }
    }

    /// Damage to any character, the player too, from something that flew or burst.
    fn hurt(&mut self, by: Blame, what: Missile, target: Entity, damage: u32) {
        let actor = self.actor(target);
        let killed = self.world.wound(target, damage);
        self.scratch.events.push(GameEvent::Struck {
            what,
            target: actor,
            damage,
        });
        self.after_harm(by, target, actor, killed);
    }

    pub(super) fn lightning(&mut self, item: ItemKind, damage: (u32, u32), range: u32) {
        let what = Missile::Item(item);
        let Some(target) = self.lightning_target(range) else {
            self.scratch.events.push(GameEvent::Fizzled { item });
            return;
        };
        let at = self.world.coord_of(target);
        let from = self.world.player_coord();
        // Lightning strikes its target whatever stands between: it flies straight to it.
        self.scratch.events.push(GameEvent::Flew {
            by: Actor::Player,
            what,
            from,
            toward: at,
            stop: at,
        });
        let damage = self.chronicle.rng.random_range(damage.0..=damage.1);
        self.hurt(Blame::PLAYER, what, target, damage);
        self.make_noise(Noise::fight(at));
    }

    pub(super) fn confuse(&mut self, item: ItemKind, turns: u32, at: ICoord) {
        let player = self.world.player();
        let stop = self.fly(player, Missile::Item(item), at);
        let npc = (self.world.character_at(stop)).filter(|&c| c != player);
        let Some((npc, target)) = npc.and_then(|npc| Some((npc, self.world.npc_type(npc)?))) else {
            self.scratch.events.push(GameEvent::Fizzled { item });
            return;
        };
        if let Some(agent) = self.minds.agents.get_mut(npc) {
            agent.confused_for = u16::try_from(turns).unwrap_or(u16::MAX);
        }
        self.scratch.events.push(GameEvent::Confused { target });
        self.make_noise(Noise::fight(stop));
    }

    pub(super) fn fireball(&mut self, item: ItemKind, damage: (u32, u32), radius: u32, at: ICoord) {
        let player = self.world.player();
        let what = Missile::Item(item);
        let centre = self.fly(player, what, at);
        self.burst(Blame::PLAYER, what, damage, radius, centre);
    }

    /// Thrown as its bolt, it lands where it stops, to be picked up again.
    pub(super) fn throw(&mut self, item: ItemKind, bolt: BoltKind, at: ICoord) {
        let player = self.world.player();
        let stop = self.send_bolt(player, Missile::Item(item), bolt, at);
        self.world.put_item(stop, item, 1);
    }
}
