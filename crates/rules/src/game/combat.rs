//! A blow struck, in the game's terms: who struck whom, the noise it makes, and a death.

use entity_table::Entity;

use super::{Actor, Ending, Game, GameEvent};
use crate::behaviour::Noise;
use crate::world::{Attack, Side};

/// Who harmed a character: as the events name it, and the side its kill is credited to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Blame {
    pub actor: Actor,
    pub side: Side,
}

impl Game {
    /// A character as the events name it. An ally keeps its side in death, so its death is
    /// told as an ally's.
    pub(super) fn actor(&self, entity: Entity) -> Actor {
        self.blame(entity).actor
    }

    /// A character's own doing. One without a side (none is) is taken for the dungeon's.
    pub(super) fn blame(&self, entity: Entity) -> Blame {
        let (kind, side) = self.world.kind_and_side(entity);
        let actor = match kind {
            Some(kind) if side == Some(Side::Hero) => Actor::Ally(kind),
            Some(kind) => Actor::Npc(kind),
            None => Actor::Player,
        };
        Blame {
            actor,
            side: side.unwrap_or(Side::Dungeon),
        }
    }

    /// A blow, landed or not, is heard: swinging at someone makes noise either way.
    pub(super) fn record_attack(&mut self, attack: Attack) {
        let blame = self.blame(attack.attacker);
        let target = self.actor(attack.target);
        self.scratch.events.push(if attack.hit {
            GameEvent::Attack {
                attacker: blame.actor,
                target,
                damage: attack.damage,
            }
        } else {
            GameEvent::Miss {
                attacker: blame.actor,
                target,
            }
        });
        self.make_noise(Noise::fight(self.world.coord_of(attack.target)));
        self.after_harm(blame, attack.target, target, attack.killed);
    }

    /// What follows a character's death, by a blow, an item or a burst, at any moment of a turn:
    /// the run's end, or an NPC's, credited to the killer's side.
    pub(super) fn after_harm(&mut self, by: Blame, target: Entity, victim: Actor, killed: bool) {
        if !killed {
            return;
        }
        let killer = by.actor;
        if target == self.world.player() {
            self.progress.ending = Some(Ending::Died { killer });
            self.scratch.events.push(GameEvent::PlayerDied { killer });
            return;
        }
        // Its memory goes at once, which is how the NPC phase, running over a list of its own,
        // knows to pass it over and to drop it from the awake list when it ends.
        self.minds.agents.remove(target);
        self.minds.awake.retain(|&npc| npc != target);
        self.scratch.events.push(GameEvent::Kill { killer, victim });
        let (Actor::Npc(kind) | Actor::Ally(kind)) = victim else {
            return;
        };
        if victim == Actor::Ally(kind) {
            self.hero.allies_lost.push((kind, self.progress.depth));
        } else if by.side == Side::Hero && self.world.side_of(target) == Some(Side::Dungeon) {
            // A monster the player's side killed, by the player's hand or an ally's: the run's.
            self.hero.kills[kind.index()] += 1;
        }
        let at = self.world.coord_of(target);
        // Its burst is the killer's doing, as the kill was.
        self.burst_on_death(kind, at, by.side);
    }
}
