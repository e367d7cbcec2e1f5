//! A blow struck, in the game's terms: who struck whom, the noise it makes, and a death.

use coord_2d::ICoord;
use entity_table::Entity;

use super::{Actor, Ending, Game, GameEvent};
use crate::behaviour::{Awareness, Noise};
use crate::game::FightEvent;
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
        let player = self.world.player();
        if attack.attacker == player || attack.target == player {
            self.fought();
        }
        self.scratch
            .events
            .push(if let Some(asleep) = attack.unaware {
                GameEvent::Fight(FightEvent::SneakAttack {
                    attacker: blame.actor,
                    target,
                    damage: attack.damage,
                    asleep,
                })
            } else if attack.hit {
                GameEvent::Fight(FightEvent::Attack {
                    attacker: blame.actor,
                    target,
                    damage: attack.damage,
                })
            } else {
                GameEvent::Fight(FightEvent::Miss {
                    attacker: blame.actor,
                    target,
                })
            });
        self.make_noise(Noise::fight(self.world.coord_of(attack.target)));
        self.after_harm(blame, attack.target, target, attack.killed);
        if attack.damage > 0 && !attack.killed {
            self.split(attack.target);
        }
    }

    /// A monster harmed by the player's side, asleep or unaware, knows it now: it wakes and
    /// hunts (told where the player is: a blow from the dark is not struck twice).
    fn struck_awake(&mut self, by: Blame, target: Entity) {
        if by.side != Side::Hero || self.world.side_of(target) != Some(Side::Dungeon) {
            return;
        }
        let player = self.world.player_coord();
        let turn = self.progress.turn;
        let Some(agent) = self.minds.agents.get_mut(target) else {
            return;
        };
        if agent.awareness() == Awareness::Aware {
            return;
        }
        agent.see_player(player, turn);
        self.wake(target);
    }

    /// A blow at `target` from `attacker` beside it, struck from the dark if the target is a
    /// monster that has not noticed its enemies and is not on its guard (asleep or unaware, not
    /// searching): then it surely lands, for
    /// [`crate::balance::SNEAK_ATTACK_MULTIPLIER`] times its damage (or the player's weapon's own
    /// multiple). None if it would be an ordinary blow, which the world rolls as any other.
    pub(super) fn strike_from_the_dark(
        &mut self,
        attacker: Entity,
        target: Entity,
    ) -> Option<Attack> {
        if !self.world.are_enemies(attacker, target) {
            return None;
        }
        let asleep = match self.minds.agents.get(target)?.awareness() {
            Awareness::Asleep => true,
            Awareness::Unaware => false,
            Awareness::Alert | Awareness::Aware => return None,
        };
        let multiplier = match attacker == self.world.player() {
            true => self.sneak_attack_multiplier(),
            false => crate::balance::SNEAK_ATTACK_MULTIPLIER,
        };
        let mut attack =
            (self.world).strike_unaware(attacker, target, multiplier, &mut self.chronicle.rng);
        attack.unaware = Some(asleep);
        Some(attack)
    }

    /// The blow from the dark `mover` strikes at whoever stands at `ahead`, if that one has
    /// not noticed it; None for an ordinary step or blow. Inlined, the rest out of line: every
    /// step of every NPC asks, and nearly always nobody stands there.
    #[inline]
    pub(super) fn unaware_one_ahead(&mut self, mover: Entity, ahead: ICoord) -> Option<Attack> {
        match self.world.has_character(ahead) {
            true => self.unaware_standing_at(mover, ahead),
            false => None,
        }
    }

    #[inline(never)]
    fn unaware_standing_at(&mut self, mover: Entity, ahead: ICoord) -> Option<Attack> {
        let target = self.world.character_at(ahead)?;
        if self.world.is_submerged(target) {
            return None;
        }
        self.strike_from_the_dark(mover, target)
    }

    /// How many times its damage the player's blow from the dark deals: its weapon's own multiple
    /// if it has one (the dagger), else the rule's.
    fn sneak_attack_multiplier(&self) -> u32 {
        let weapon = self.hero.pack.wielded().map(|kind| kind.rules().use_);
        match weapon {
            Some(crate::content::ItemUse::Wield {
                sneak_attack: Some(multiplier),
                ..
            }) => multiplier,
            _ => crate::balance::SNEAK_ATTACK_MULTIPLIER,
        }
    }

    /// What follows a character's death, by a blow, an item or a burst, at any moment of a turn:
    /// the run's end, or an NPC's, credited to the killer's side.
    pub(super) fn after_harm(&mut self, by: Blame, target: Entity, victim: Actor, killed: bool) {
        if !killed {
            self.struck_awake(by, target);
            return;
        }
        let killer = by.actor;
        if target == self.world.player() {
            self.progress.ending = Some(Ending::Died { killer });
            self.scratch
                .events
                .push(GameEvent::Fight(FightEvent::PlayerDied { killer }));
            return;
        }
        // Its memory goes at once, which is how the NPC phase, running over a list of its own,
        // knows to pass it over and to drop it from the awake list when it ends.
        let negated = self.minds.forget(target).is_some_and(|a| a.negated);
        self.minds.awake.retain(|&npc| npc != target);
        self.scratch
            .events
            .push(GameEvent::Fight(FightEvent::Kill { killer, victim }));
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
        if victim == Actor::Npc(kind) {
            self.learn_from(kind, at);
        }
        // Its burst is the killer's doing, as the kill was; negated, it has none.
        if !negated {
            self.burst_on_death(kind, at, by.side);
        }
    }
}
