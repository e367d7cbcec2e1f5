//! A blow struck, in the game's terms: who struck whom, the noise it makes, and a death.

use entity_table::Entity;

use super::{Actor, Ending, Game, GameEvent};
use crate::behaviour::Noise;
use crate::world::Attack;

impl Game {
    pub(super) fn actor(&self, entity: Entity) -> Actor {
        match self.world.npc_type(entity) {
            Some(npc_type) => Actor::Npc(npc_type),
            None => Actor::Player,
        }
    }

    /// A blow, landed or not, is heard: swinging at someone makes noise either way.
    pub(super) fn record_attack(&mut self, attack: Attack) {
        let attacker = self.actor(attack.attacker);
        let target = self.actor(attack.target);
        self.events.push(if attack.hit {
            GameEvent::Attack {
                attacker,
                target,
                damage: attack.damage,
            }
        } else {
            GameEvent::Miss { attacker, target }
        });
        self.make_noise(Noise::fight(self.world.coord_of(attack.target)));
        self.after_harm(attacker, attack.target, target, attack.killed);
    }

    /// What follows a character's death, by a blow or an item: the run's end, or an NPC's.
    pub(super) fn after_harm(
        &mut self,
        killer: Actor,
        target: Entity,
        victim: Actor,
        killed: bool,
    ) {
        if !killed {
            return;
        }
        if target == self.world.player() {
            self.ending = Some(Ending::Died { killer });
            self.events.push(GameEvent::PlayerDied { killer });
        } else {
            self.agents.remove(target);
            // NPCs die on the player's turn (by its hand, its items, or a burst it set off):
            // an NPC's bolts are sent only along a clear line to the player, so none strikes
            // another NPC in the NPC phase, while this list is taken.
            self.awake.retain(|&npc| npc != target);
            self.events.push(GameEvent::Kill { killer, victim });
            if let Actor::Npc(kind) = victim {
                self.kills[kind.index()] += 1;
                let at = self.world.coord_of(target);
                self.burst_on_death(kind, at);
            }
        }
    }
}
