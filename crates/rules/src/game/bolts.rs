//! The one path for anything sent flying or bursting, whoever sends it: the player's items
//! (darts, scrolls) and the monsters' bolts (arrows, healing, a bloat's last burst), each a row
//! of the bolt table. A bolt finds its mark by its path (along the world's flight line,
//! [`crate::world::World::flight_stop`], or through everyone on it to its reach,
//! [`crate::world::World::piercing_cells`]) and does its effect there.

use coord_2d::ICoord;
use entity_table::Entity;
use rand::Rng;

use super::combat::Blame;
use super::zap::Power;
use super::{Actor, Game, GameEvent, Missile};
use crate::balance::AttackDice;
use crate::behaviour::Noise;
use crate::content::{BoltEffect, BoltKind, BoltPath, ItemKind, NpcKind};
use crate::game::{EnvironmentEvent, FightEvent, ItemEvent, MagicEvent};
use crate::world::Side;

impl Game {
    /// A potion that does nothing thrown flies as any missile does: where it stopped.
    pub(super) fn fly_potion(&mut self, by: Entity, item: ItemKind, toward: ICoord) -> ICoord {
        self.fly(by, Missile::Item(item), toward)
    }

    /// What a bolt does where it breaks open without flying (a potion drunk, a bloat's last
    /// breath): its burst or its shattering, and what it leaves.
    pub(super) fn break_open(&mut self, what: Missile, bolt: BoltKind, at: ICoord) {
        match bolt.rules().effect {
            BoltEffect::Burst { damage, radius } => {
                let by = self.blame(self.world.player());
                self.burst(by, what, damage, radius, at);
            }
            _ => self.shatter(what, at),
        }
        self.leave_fire_and_gas(bolt, at);
    }

    /// Sends `what` from `by` toward `toward`: it flies, and stops on the first character on
    /// the line or before the first wall. Where it stopped.
    fn fly(&mut self, by: Entity, what: Missile, toward: ICoord) -> ICoord {
        let from = self.world.coord_of(by);
        let over = self.world.flies_over(by);
        let stop = self.world.flight_stop_of(from, toward, over);
        let by = self.actor(by);
        self.scratch.events.push(GameEvent::Fight(FightEvent::Flew {
            by,
            what,
            from,
            toward,
            stop,
        }));
        stop
    }

    /// Sends a bolt from `by` toward `toward` and does what it does where it stops (lightning:
    /// to everyone in its line); where that was, if anywhere.
    pub(super) fn send_bolt(
        &mut self,
        by: Entity,
        what: Missile,
        bolt: BoltKind,
        toward: ICoord,
    ) -> Option<ICoord> {
        self.send_bolt_with(by, what, bolt, toward, Power::default())
    }

    /// [`Game::send_bolt`] with the power of an enchanted staff or wand behind it.
    pub(super) fn send_bolt_with(
        &mut self,
        by: Entity,
        what: Missile,
        bolt: BoltKind,
        toward: ICoord,
        power: Power,
    ) -> Option<ICoord> {
        let stop = match bolt.rules().path {
            BoltPath::Line => {
                let stop = self.fly(by, what, toward);
                self.bolt_lands(by, what, bolt, stop, power);
                stop
            }
            BoltPath::Pierces => self.pierce(by, what, bolt, toward, power)?,
        };
        self.leave_fire_and_gas(bolt, stop);
        Some(stop)
    }

    /// What the bolt does to whoever stands at `stop` (or round it, bursting).
    fn bolt_lands(
        &mut self,
        by: Entity,
        what: Missile,
        bolt: BoltKind,
        stop: ICoord,
        power: Power,
    ) {
        let rules = bolt.rules();
        let sender = self.blame(by);
        // The power once, here: what lands is what the item's numbers say (`Power`).
        match power.applied_to(rules.effect) {
            BoltEffect::Blow(dice) => self.blow_at(sender, what, dice, stop),
            BoltEffect::Strike(damage) => self.strike_at(sender, what, damage, stop),
            BoltEffect::Heal(amount) => self.heal_at(what, amount, stop),
            BoltEffect::Burst { damage, radius } => self.burst(sender, what, damage, radius, stop),
            BoltEffect::Confuse { turns } => self.confuse_at(by, what, turns, stop),
            BoltEffect::Shatter { .. } => self.shatter(what, stop),
            BoltEffect::Slow { turns } => self.slow_at(by, what, turns, stop),
            BoltEffect::Blink => {
                let reach = power.reach(BoltEffect::Blink, rules.range);
                self.blink_to(by, stop, reach);
            }
            BoltEffect::Obstruct { turns, radius } => self.obstruct_at(by, turns, radius, stop),
            BoltEffect::TeleportOther => self.teleport_away(by, what, stop),
            BoltEffect::Dominate => self.dominate_at(by, what, stop),
            BoltEffect::Beckon => self.beckon(by, what, stop),
            BoltEffect::Negate => self.negate_at(by, what, stop),
            BoltEffect::Web { turns } => self.web_at(by, what, turns, stop),
            BoltEffect::Haste { turns } => self.haste_at(by, what, turns, stop),
        }
    }

    /// Through every character in its line to its reach, nearest first (a swimmer under the
    /// water is passed over, as by anything flying): where it ended, or none if it went
    /// nowhere (aimed at its sender's own cell).
    fn pierce(
        &mut self,
        by: Entity,
        what: Missile,
        bolt: BoltKind,
        toward: ICoord,
        power: Power,
    ) -> Option<ICoord> {
        let from = self.world.coord_of(by);
        let range = bolt.rules().range;
        let mut end = None;
        let mut struck = Vec::new();
        for cell in self.world.piercing_cells(from, toward, range) {
            end = Some(cell);
            if self.world.has_character(cell) && !self.world.submerged_at(cell) {
                struck.push(cell);
            }
        }
        let sender = self.actor(by);
        if let Some(stop) = end {
            self.scratch.events.push(GameEvent::Fight(FightEvent::Flew {
                by: sender,
                what,
                from,
                toward,
                stop,
            }));
        }
        if struck.is_empty() {
            self.scratch
                .events
                .push(GameEvent::Magic(MagicEvent::Fizzled { what }));
        }
        for cell in struck {
            self.bolt_lands(by, what, bolt, cell, power);
        }
        end
    }

    /// It breaks where it stops; what it leaves is all it does.
    fn shatter(&mut self, what: Missile, at: ICoord) {
        self.scratch
            .events
            .push(GameEvent::Fight(FightEvent::Burst { what, centre: at }));
        self.make_noise(Noise::fight(at));
    }

    /// What a bolt leaves where it stopped: fire on every cell it reached (and on whoever
    /// stands there), if it ignites; its gas, if it leaves one.
    fn leave_fire_and_gas(&mut self, bolt: BoltKind, at: ICoord) {
        let rules = bolt.rules();
        if rules.ignites {
            self.set_fire_round(at, rules.effect.radius().unwrap_or(0));
        }
        if let Some((gas, volume)) = rules.leaves {
            self.world.release_gas(at, gas, volume);
        }
    }

    /// Fire on every cell a burst of `radius` round `at` reaches, and on whoever stands there
    /// (a fire bolt's landing, a fire trap's flames); methane it finds goes up.
    pub(super) fn set_fire_round(&mut self, at: ICoord, radius: u32) {
        let mut cells = std::mem::take(&mut self.scratch.burst);
        self.world.burst_cells_into(at, radius, &mut cells);
        let mut told = false;
        for &cell in &cells {
            if self.world.ignite(cell)
                && !told
                && let Some(ground) = self.world.fuel(cell)
            {
                self.scratch
                    .events
                    .push(GameEvent::Environment(EnvironmentEvent::Ignited {
                        ground,
                        at: cell,
                    }));
                told = true;
            }
            if let Some(character) = self.world.character_at(cell)
                && !self.world.puts_out_fire(cell)
                && self.world.set_on_fire(character)
            {
                let who = self.actor(character);
                self.tell(
                    character,
                    GameEvent::Environment(EnvironmentEvent::CaughtFire { who }),
                );
            }
        }
        self.scratch.burst = cells;
        self.explode_flammable_gas();
    }

    fn blow_at(&mut self, by: Blame, what: Missile, dice: AttackDice, at: ICoord) {
        let Some(target) = self.world.character_at(at) else {
            return;
        };
        let actor = self.actor(target);
        let (hit, damage, killed) = self.world.strike(target, dice, &mut self.chronicle.rng);
        self.scratch.events.push(if hit {
            GameEvent::Fight(FightEvent::Struck {
                what,
                target: actor,
                damage,
            })
        } else {
            GameEvent::Fight(FightEvent::Missed {
                what,
                target: actor,
            })
        });
        self.after_harm(by, target, actor, killed);
        if damage > 0 && !killed {
            self.split(target);
        }
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
        self.scratch
            .events
            .push(GameEvent::Magic(MagicEvent::Mended {
                what,
                target,
                amount: after - before,
            }));
    }

    /// Sure damage, one roll, to whoever stands at `at`.
    fn strike_at(&mut self, by: Blame, what: Missile, damage: (u32, u32), at: ICoord) {
        let Some(target) = self.world.character_at(at) else {
            return;
        };
        let damage = self.chronicle.rng.random_range(damage.0..=damage.1);
        self.hurt(by, what, target, damage);
        self.make_noise(Noise::fight(at));
    }

    /// Whoever stands at `at` but the sender stumbles about for `turns` of its actions; nobody
    /// there, and it fizzles.
    fn confuse_at(&mut self, by: Entity, what: Missile, turns: u32, at: ICoord) {
        let npc = (self.world.character_at(at)).filter(|&c| c != by);
        let Some((npc, target)) = npc.and_then(|npc| Some((npc, self.world.npc_kind(npc)?))) else {
            self.scratch
                .events
                .push(GameEvent::Magic(MagicEvent::Fizzled { what }));
            return;
        };
        if let Some(agent) = self.minds.agents.get_mut(npc) {
            agent.confused_for = u16::try_from(turns).unwrap_or(u16::MAX);
        }
        self.scratch
            .events
            .push(GameEvent::Magic(MagicEvent::Confused { target }));
        self.make_noise(Noise::fight(at));
    }

    /// A burst at `centre`: one roll of damage to every character the blast reaches.
    fn burst(&mut self, by: Blame, what: Missile, damage: (u32, u32), radius: u32, centre: ICoord) {
        self.scratch
            .events
            .push(GameEvent::Fight(FightEvent::Burst { what, centre }));
        let damage = self.chronicle.rng.random_range(damage.0..=damage.1);
        let mut cells = std::mem::take(&mut self.scratch.burst);
        self.world.burst_cells_into(centre, radius, &mut cells);
        for &cell in &cells {
            if let Some(character) = self.world.character_at(cell) {
                self.hurt(by, what, character, damage);
            }
        }
        self.scratch.burst = cells;
        self.make_noise(Noise::fight(centre));
    }

    /// What bursts where an NPC of `kind` died, if its kind bursts.
    /// `side`: whose kill set it off, the side its own kills are credited to.
    pub(super) fn burst_on_death(&mut self, kind: NpcKind, at: ICoord, side: Side) {
        let Some(bolt) = kind.rules().on_death else {
            return;
        };
        let by = Blame {
            actor: Actor::Npc(kind),
            side,
        };
        match bolt.rules().effect {
            BoltEffect::Burst { damage, radius } => {
                self.burst(by, Missile::Bolt(bolt), damage, radius, at);
            }
            BoltEffect::Shatter { .. } => self.shatter(Missile::Bolt(bolt), at),
            _ => return,
        }
        self.leave_fire_and_gas(bolt, at);
    }

    /// Damage to any character, the player too, from something that flew or burst.
    fn hurt(&mut self, by: Blame, what: Missile, target: Entity, damage: u32) {
        let actor = self.actor(target);
        let killed = self.world.wound(target, damage);
        self.scratch
            .events
            .push(GameEvent::Fight(FightEvent::Struck {
                what,
                target: actor,
                damage,
            }));
        self.after_harm(by, target, actor, killed);
        if damage > 0 && !killed {
            self.split(target);
        }
    }

    /// A scroll read: its bolt sent from the player, at `at` if it flies along a line.
    pub(super) fn read(&mut self, item: ItemKind, bolt: BoltKind, at: Option<ICoord>) {
        let player = self.world.player();
        let toward = at.unwrap_or_else(|| self.world.player_coord());
        self.send_bolt(player, Missile::Item(item), bolt, toward);
    }

    /// Thrown as its bolt, it lands where it stops, to be picked up again, unless it breaks
    /// (its kind's chance, one roll a throw); over deep water or a chasm (ground nobody stands
    /// on) it is lost.
    pub(super) fn throw(&mut self, item: ItemKind, bolt: BoltKind, breaks: (u32, u32), at: ICoord) {
        let player = self.world.player();
        let stop = self.send_bolt(player, Missile::Item(item), bolt, at);
        self.scratch.struck = Some(stop.unwrap_or(at));
        let (chance, out_of) = breaks;
        if self
            .chronicle
            .rng
            .random_ratio(chance.min(out_of), out_of.max(1))
        {
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::Broke { item }));
            return;
        }
        let landing = stop.unwrap_or(at);
        if self.world.blocks_walking(landing) {
            let into_chasm = self.world.falls(landing);
            self.scratch
                .events
                .push(GameEvent::Items(ItemEvent::Lost { item, into_chasm }));
            return;
        }
        self.world.put_item(landing, item, 1);
        self.landed_on(landing);
    }
}
