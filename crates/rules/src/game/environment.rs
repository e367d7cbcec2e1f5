//! The environment's phase of a turn, after the NPCs: fire spreads and burns out, gas drifts
//! and thins, and whoever stands in fire or gas, or burns, feels it. Everything in a fixed
//! order (the fire's cells in the order they caught, the gas's in the order they filled, the
//! player then the NPCs in spawn order), so the same seed and actions burn the same way. A
//! level with nothing burning and no gas pays one look at two lists.

use coord_2d::ICoord;
use entity_table::Entity;
use rand::Rng;

use super::combat::Blame;
use super::{Actor, Game, GameEvent, TurnOutcome};
use crate::balance;
use crate::behaviour::Noise;
use crate::content::{GasHarm, GasKind};
use crate::game::{EnvironmentEvent, ItemEvent};
use crate::world::Side;

impl Game {
    /// One turn of fire and gas. The outcome if the turn ended in it (the player fell with a
    /// bridge to the depth below).
    pub(super) fn environment_phase(&mut self) -> Option<TurnOutcome> {
        if !self.world.has_fire_or_gas() && self.world.burning_characters().is_empty() {
            return None;
        }
        self.world.spread_fire(&mut self.chronicle.rng);
        if let Some(outcome) = self.after_fire() {
            return Some(outcome);
        }
        self.world.spread_gas(&mut self.chronicle.rng);
        self.characters_feel_the_environment();
        if self.has_noises() {
            // Cries of the burning are heard this turn: nothing is left over for a turn a
            // saved game would not remember.
            self.hear_noises();
        }
        None
    }

    /// What the fire changed: doors and bridges burnt away (and whoever stood on a bridge
    /// falls), methane gone up.
    fn after_fire(&mut self) -> Option<TurnOutcome> {
        let mut fell = false;
        for i in 0..self.world.fires().changes().burnt.len() {
            let (at, was, became) = self.world.fires().changes().burnt[i];
            let falls = became.rules().falls;
            if was.rules().door || falls {
                self.tell_at(
                    at,
                    GameEvent::Environment(EnvironmentEvent::BurntAway { was, became, at }),
                );
            }
            if falls {
                fell |= self.drop_from(at, |who| EnvironmentEvent::FellWithBridge { who }.into());
            }
        }
        self.explode_flammable_gas();
        if fell {
            return Some(self.fall_mid_turn(super::Fall::GroundGaveWay));
        }
        None
    }

    /// Whoever and whatever stood on `at` falls to the depth below as the ground gives way (a
    /// bridge burnt, a trapdoor): an item is lost, an NPC too (`told` is what the player is
    /// told of it). True if the player stood there, alive: it falls to the next depth.
    pub(super) fn drop_from(&mut self, at: ICoord, told: fn(Actor) -> GameEvent) -> bool {
        self.lose_item_into_the_depths(at);
        let Some(character) = self.world.character_at(at) else {
            return false;
        };
        if character == self.world.player() {
            return !self.is_over();
        }
        let who = self.actor(character);
        self.tell(character, told(who));
        self.lose_to_the_depths(character, at);
        false
    }

    /// What lies on `at` falls to the depth below, lost to the level.
    fn lose_item_into_the_depths(&mut self, at: ICoord) {
        if let Some(lying) = self.world.take_item(at) {
            let lost = GameEvent::Items(ItemEvent::Lost {
                item: lying.kind,
                into_chasm: true,
            });
            self.tell_at(at, lost);
        }
    }

    /// An NPC falls from `at` to its death below, lost to the level with what it carried:
    /// the dungeon's doing (a bridge burnt under it, a trapdoor).
    fn lose_to_the_depths(&mut self, npc: Entity, at: ICoord) {
        let who = self.actor(npc);
        let hit_points = self.world.hit_points(npc).map_or(0, |hp| hp.current);
        self.world.wound(npc, hit_points);
        self.after_harm(Self::blame_of(Actor::Fire), npc, who, true);
        self.world.corpse_falls(at);
    }

    /// Gas that burns and went up since this was last asked explodes where it stood thick, hurting
    /// whoever stood there: asked after anything that can light a fire.
    pub(super) fn explode_flammable_gas(&mut self) {
        let mut told = false;
        for i in 0..self.world.fires().changes().flashes.len() {
            let (at, gas, volume) = self.world.fires().changes().flashes[i];
            if volume < balance::GAS_EXPLODES_AT {
                continue;
            }
            if !told && self.visibility.sees(&self.world, at) {
                self.scratch
                    .events
                    .push(GameEvent::Environment(EnvironmentEvent::Exploded { at }));
                told = true;
            }
            // Whoever fire passes by, the blast passes by too (a potion of fire immunity).
            let Some(character) =
                (self.world.character_at(at)).filter(|&c| !self.world.is_fireproof(c))
            else {
                continue;
            };
            let GasHarm::Burns((least, most)) = gas.rules().harm else {
                continue;
            };
            let damage = self.chronicle.rng.random_range(least..=most);
            self.world.set_on_fire(character);
            self.harm_by(Actor::Fire, character, damage);
        }
        self.world.clear_flashes();
    }

    /// Every character, the player first then the NPCs in spawn order: fire catches whoever
    /// stands in it, water puts it out, the burning burn (and set alight what they stand on),
    /// and gas does what its kind does.
    fn characters_feel_the_environment(&mut self) {
        let mut characters = std::mem::take(&mut self.scratch.environment);
        characters.clear();
        if self.world.is_player_alive() {
            characters.push(self.world.player());
        }
        characters.extend_from_slice(self.world.npcs());
        for &character in &characters {
            if !self.world.is_alive(character) || self.is_over() {
                continue;
            }
            self.feel_fire(character);
            if self.world.is_alive(character) && !self.is_over() {
                self.feel_gas(character);
            }
        }
        self.scratch.environment = characters;
    }

    fn feel_fire(&mut self, character: Entity) {
        let at = self.world.coord_of(character);
        // Fire does nothing to one neither burning nor standing in it (water puts out only
        // the burning): on a level of thousands, asked of each every turn something burns.
        if !self.world.fires().is_burning(at) && !self.world.is_on_fire(character) {
            return;
        }
        let who = self.actor(character);
        if self.world.puts_out_fire(at) {
            if self.world.put_out(character) {
                let in_water = true;
                self.tell(
                    character,
                    GameEvent::Environment(EnvironmentEvent::PutOut { who, in_water }),
                );
            }
            return;
        }
        let in_fire = self.world.fires().is_burning(at);
        if in_fire && self.world.set_on_fire(character) {
            self.tell(
                character,
                GameEvent::Environment(EnvironmentEvent::CaughtFire { who }),
            );
            // Whoever catches fire cries out: sleepers near it (itself too) wake to it.
            self.make_noise(Noise::fight(at));
        }
        if !self.world.is_on_fire(character) {
            return;
        }
        // What it stands on may catch from it (methane with it).
        self.world.expose_to_fire(at, &mut self.chronicle.rng);
        self.explode_flammable_gas();
        if !self.world.is_alive(character) || self.is_over() {
            return;
        }
        let (least, most) = balance::BURN_DAMAGE;
        let damage = self.chronicle.rng.random_range(least..=most);
        if self.harm_by(Actor::Fire, character, damage) {
            return;
        }
        let (chance, out_of) = balance::BURNING_STOPS;
        if !self.world.fires().is_burning(at)
            && self.chronicle.rng.random_ratio(chance, out_of)
            && self.world.put_out(character)
        {
            let in_water = false;
            self.tell(
                character,
                GameEvent::Environment(EnvironmentEvent::PutOut { who, in_water }),
            );
        }
    }

    fn feel_gas(&mut self, character: Entity) {
        let at = self.world.coord_of(character);
        let Some((gas, volume)) = self.world.gases().at(at) else {
            return;
        };
        if volume < balance::GAS_HARMS_AT || self.world.at_home_in(character, gas) {
            return;
        }
        match gas.rules().harm {
            GasHarm::Caustic((least, most)) => {
                let damage = self.chronicle.rng.random_range(least..=most);
                self.harm_by(Actor::Gas(gas), character, damage);
            }
            GasHarm::Confuses(turns) => self.daze(character, gas, turns),
            GasHarm::Burns(_) => (),
        }
    }

    /// Gas leaves a character stumbling for `turns` of its own (renewed while it breathes it).
    fn daze(&mut self, character: Entity, gas: GasKind, turns: u32) {
        let turns = u16::try_from(turns).unwrap_or(u16::MAX);
        let who = self.actor(character);
        let already = if character == self.world.player() {
            let before = self.progress.confused_for;
            self.progress.confused_for = before.max(turns);
            before > 0
        } else if let Some(agent) = self.minds.agents.get_mut(character) {
            let before = agent.confused_for;
            agent.confused_for = before.max(turns);
            before > 0
        } else {
            true
        };
        if !already {
            self.tell(
                character,
                GameEvent::Environment(EnvironmentEvent::Dazed { gas, who }),
            );
        }
    }

    /// Fire or gas hurts a character: told, and its death the run's end or an NPC's like any
    /// other. Nobody's side is credited with the kill. True if it died.
    fn harm_by(&mut self, cause: Actor, character: Entity, damage: u32) -> bool {
        let target = self.actor(character);
        let killed = self.world.wound(character, damage);
        let burnt = GameEvent::Environment(EnvironmentEvent::Burnt {
            cause,
            target,
            damage,
        });
        if killed {
            // Told before the death, seen or not where it fell (the death is told either way).
            self.scratch.events.push(burnt);
        } else {
            self.tell(character, burnt);
        }
        self.after_harm(Self::blame_of(cause), character, target, killed);
        killed
    }

    /// What fire or gas does to a character, told if it is the player or the player sees it:
    /// a cave burning out of sight is not a hundred lines of the log.
    pub(super) fn tell(&mut self, character: Entity, event: GameEvent) {
        let seen = character == self.world.player()
            || self
                .visibility
                .sees(&self.world, self.world.coord_of(character));
        if seen {
            self.scratch.events.push(event);
        }
    }

    /// What happened on a cell, told if the player sees it.
    pub(super) fn tell_at(&mut self, at: ICoord, event: GameEvent) {
        if self.visibility.sees(&self.world, at) {
            self.scratch.events.push(event);
        }
    }

    /// The fire's or the gas's doing, the dungeon's side.
    fn blame_of(actor: Actor) -> Blame {
        Blame {
            actor,
            side: Side::Dungeon,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameOptions;

    /// An orc's hit points before and after methane of `volume` on its cell goes up. Spreading
    /// rolls dice, so no turn of play leaves a cloud of an exact volume: the flame is put to
    /// it straight away.
    fn orc_in_methane_of(volume: u16) -> (u32, u32) {
        let rows = ["#####", "#@.o#", "#####"];
        let (mut game, _) = Game::from_ascii(&rows, GameOptions::default()).expect("map");
        let at = ICoord::new(3, 1);
        let orc = game.world.character_at(at).expect("the orc");
        let hit_points = |game: &Game| game.world.hit_points(orc).map_or(0, |hp| hp.current);
        let before = hit_points(&game);
        let methane = GasKind::all()
            .find(|kind| matches!(kind.rules().harm, GasHarm::Burns(_)))
            .expect("a gas that burns");
        game.world.release_gas(at, methane, volume);
        assert!(game.world.ignite(at));
        game.explode_flammable_gas();
        (before, hit_points(&game))
    }

    #[test]
    fn methane_explodes_from_exactly_the_volume_the_balance_names_and_only_flashes_below() {
        let (before, after) = orc_in_methane_of(balance::GAS_EXPLODES_AT);
        assert!(after < before, "{before} -> {after}");
        let (before, after) = orc_in_methane_of(balance::GAS_EXPLODES_AT - 1);
        assert_eq!(after, before);
    }
}
