//! What the bestiary's kinds do beyond blows and bolts, each asked of a trait or a field of
//! the kind's row, never of its name: a web that holds, a spell that hastes, a thief's hand, a
//! jelly that divides, a conjurer's blades that fade, the trail a salamander or a zombie leaves,
//! an eel going under and a phantom showing itself, and the ally who learns from a foe it saw
//! fall. On the rules of sides: whatever a monster does, an ally of its kind does for the
//! player.

use coord_2d::ICoord;
use entity_table::Entity;
use rand::Rng;

use super::{Game, GameEvent, Missile};
use crate::balance;
use crate::behaviour::{Agent, can_see, steps_between};
use crate::content::{Ability, ItemUse, Lesson, NpcKind, NpcTrait};
use crate::game::{BestiaryEvent, EnvironmentEvent, MagicEvent};
use crate::world::{HitPoints, Side};

impl Game {
    /// A web stops on `at`: whoever stands there, other than its sender, is held (unless it
    /// walks webs).
    pub(super) fn web_at(&mut self, by: Entity, what: Missile, tries: u32, at: ICoord) {
        let tries = u16::try_from(tries).unwrap_or(u16::MAX);
        if let Some(target) = self.reached(by, what, at)
            && self.world.hold(target, tries)
        {
            let actor = self.actor(target);
            self.tell(
                target,
                GameEvent::Bestiary(BestiaryEvent::Webbed { target: actor }),
            );
        }
    }

    /// A spell of haste reaches `at`: the friend there acts twice as fast for a while.
    pub(super) fn haste_at(&mut self, by: Entity, what: Missile, turns: u32, at: ICoord) {
        if let Some(target) = self.reached(by, what, at) {
            (self.world).haste(target, u16::try_from(turns).unwrap_or(u16::MAX));
            let actor = self.actor(target);
            self.tell(
                target,
                GameEvent::Magic(MagicEvent::Hasted { target: actor }),
            );
        }
    }

    /// Whoever a bolt reached at `at`, other than its sender; said to fizzle if nobody.
    fn reached(&mut self, by: Entity, what: Missile, at: ICoord) -> Option<Entity> {
        let target = (self.world.character_at(at)).filter(|&c| c != by);
        if target.is_none() {
            self.scratch
                .events
                .push(GameEvent::Magic(MagicEvent::Fizzled { what }));
        }
        target
    }

    /// A thief's blow landed on the player: it takes one item of a stack neither worn nor
    /// wielded (never the key nor the Sunstone), and runs. Nothing if it carries one already.
    pub(super) fn steal_from_player(&mut self, thief: Entity) {
        let Some(kind) = self.world.npc_kind(thief) else {
            return;
        };
        if !kind.rules().has(NpcTrait::Steals) || self.world.natures().carrying(thief).is_some() {
            return;
        }
        let pack = &self.hero.pack;
        let takeable = |slot: &(u8, super::Stack)| {
            let use_ = slot.1.kind.rules().use_;
            !pack.is_in_use(slot.1.kind) && !matches!(use_, ItemUse::Key | ItemUse::WinsTheRun)
        };
        let count = pack.stacks().filter(takeable).count();
        if count == 0 {
            return;
        }
        let pick = self.chronicle.rng.random_range(0..count);
        let Some((slot, stack)) = pack.stacks().filter(takeable).nth(pick) else {
            return;
        };
        self.hero.pack.take_one(slot);
        self.world
            .set_carrying(thief, Some((stack.kind, stack.tuning)));
        if let Some(agent) = self.minds.agents.get_mut(thief) {
            agent.flee(self.progress.turn);
        }
        let item = self.hero.lore.name(stack.kind);
        self.scratch
            .events
            .push(GameEvent::Bestiary(BestiaryEvent::Stole {
                thief: kind,
                item,
            }));
    }

    /// A kind that splits, struck and still standing, divides: a new one beside it takes half
    /// of the hit points it has left (rounded down), on its side and of its mind. None divides
    /// with one hit point, nor with nowhere free beside it.
    pub(super) fn split(&mut self, target: Entity) {
        let Some(kind) = self.world.npc_kind(target) else {
            return;
        };
        let Some(hp) = self.world.hit_points(target) else {
            return;
        };
        if !kind.rules().has(NpcTrait::Splits) || hp.current < 2 {
            return;
        }
        let here = self.world.coord_of(target);
        let Some(cell) = self.free_cell_round(kind, here, 1) else {
            return;
        };
        let given = hp.current / 2;
        let kept = HitPoints {
            current: hp.current - given,
            max: hp.max,
        };
        self.world.set_hit_points(target, kept);
        let agent = self.minds.agents.get(target).copied();
        let side = self.world.side_of(target).unwrap_or(Side::Dungeon);
        let twin = self.join(kind, cell, side, agent);
        (self.world).set_hit_points(
            twin,
            HitPoints {
                current: given,
                max: hp.max,
            },
        );
        let who = self.actor(target);
        self.tell(target, GameEvent::Bestiary(BestiaryEvent::Split { who }));
    }

    /// A summoner calls its kind's `summons` round it, each hunting the enemy it saw last
    /// (beside the player, if the summoner is an ally), each fading when its time is up.
    pub(super) fn summon(&mut self, summoner: Entity) {
        let Some(summons) = (self.world.npc_kind(summoner)).and_then(|k| k.rules().summons) else {
            return;
        };
        let (fewest, most) = summons.count;
        let count = self.chronicle.rng.random_range(fewest..=most);
        let here = self.world.coord_of(summoner);
        let side = self.world.side_of(summoner).unwrap_or(Side::Dungeon);
        let turn = self.progress.turn;
        let seen = (self.minds.agents.get_mut(summoner)).and_then(|agent| {
            agent.next_summon = turn + u64::from(summons.every);
            agent.last_sighting
        });
        let mut called = 0;
        for _ in 0..count {
            let Some(cell) = self.free_cell_round(summons.kind, here, balance::SUMMON_REACH) else {
                break;
            };
            let mut agent = match side {
                Side::Hero => Agent::following(),
                Side::Dungeon | Side::Captive => Agent::wandering(),
            };
            if let Some(seen) = seen
                && side != Side::Hero
            {
                agent.see_enemy(seen.coord, turn);
            }
            self.join(summons.kind, cell, side, Some(agent));
            called += 1;
        }
        if called > 0 {
            let summoner_actor = self.actor(summoner);
            self.tell(
                summoner,
                GameEvent::Bestiary(BestiaryEvent::Summoned {
                    summoner: summoner_actor,
                    kind: summons.kind,
                    count: called,
                }),
            );
        }
    }

    /// A character of `kind` arrives on `cell` in mid-turn (a twin, a summoned blade), awake,
    /// with `agent` for its mind (one hunting, if none is given).
    pub(super) fn join(
        &mut self,
        kind: NpcKind,
        cell: ICoord,
        side: Side,
        agent: Option<Agent>,
    ) -> Entity {
        let npc = self.world.add_npc(cell, kind);
        self.progress.joined_and_faded.0 += 1;
        if side != Side::Dungeon {
            self.world.set_side(npc, side);
        }
        let lifespan = kind.rules().lifespan;
        (self.world).set_fades_in(npc, lifespan.map(|t| u16::try_from(t).unwrap_or(u16::MAX)));
        let mut agent = agent.unwrap_or_else(Agent::wandering);
        agent.time_left = 0;
        self.minds.agents.insert(npc, agent);
        if agent.acts() {
            self.wake(npc);
        }
        self.scratch.reserve_for(self.world.npcs().len());
        (self.visibility).reserve_sightings(self.world.npcs().len() + 1);
        npc
    }

    /// The nearest cell within `reach` of `from` (by straight distance, the first in row order
    /// on a tie) that an NPC of `kind` could step onto, in sight of `from`: a swimmer's is free
    /// water, `from` itself too (an eel rising from its pool).
    pub(super) fn free_cell_round(
        &self,
        kind: NpcKind,
        from: ICoord,
        reach: i32,
    ) -> Option<ICoord> {
        let swims = kind.rules().has(NpcTrait::Submerges);
        let fits = |cell: ICoord| match swims {
            true => {
                self.world.ground_at(cell).rules().submerges
                    && !self.world.has_character(cell)
                    && !self.world.harms(cell)
            }
            false => cell != from && self.world.can_npc_enter(cell) && !self.world.falls(cell),
        };
        let mut best: Option<(u32, ICoord)> = None;
        for y in from.y - reach..=from.y + reach {
            for x in from.x - reach..=from.x + reach {
                let cell = ICoord::new(x, y);
                let distance = cell.distance2(from);
                let nearer = best.is_none_or(|(d, _)| distance < d);
                if nearer && fits(cell) && can_see(&self.world, from, cell) {
                    best = Some((distance, cell));
                }
            }
        }
        best.map(|(_, cell)| cell)
    }

    /// A conjured character whose time is up fades away, leaving nothing.
    pub(super) fn fade(&mut self, npc: Entity) {
        let who = self.actor(npc);
        self.tell(npc, GameEvent::Bestiary(BestiaryEvent::Faded { who }));
        self.minds.forget(npc);
        self.world.vanish(npc);
        self.progress.joined_and_faded.1 += 1;
    }

    /// A monster of `kind` fell at `at`: the first ally (in the order they joined) within
    /// [`balance::LEARN_STEPS`] that sees the cell, and has learned nothing yet, learns what
    /// the kind teaches.
    pub(super) fn learn_from(&mut self, kind: NpcKind, at: ICoord) {
        let rules = kind.rules();
        let ability = match rules.teaches {
            Some(Lesson::Bolt) => match rules.bolt {
                Some(bolt) => Ability::Bolt(bolt),
                None => return,
            },
            Some(Lesson::Flight) => Ability::Flight,
            Some(Lesson::Regeneration) => Ability::Regeneration,
            None => return,
        };
        let world = &self.world;
        let learner = world.allies().iter().copied().find(|&ally| {
            let here = world.coord_of(ally);
            let own_bolt = matches!(ability, Ability::Bolt(_))
                && world.bolt_of(ally, world.npc_kind(ally)).is_some();
            world.natures().learned(ally).is_none()
                && !own_bolt
                && steps_between(here, at) <= balance::LEARN_STEPS
                && can_see(world, here, at)
        });
        let Some(ally) = learner else {
            return;
        };
        self.world.learn(ally, ability);
        if let Some(ally_kind) = self.world.npc_kind(ally) {
            self.scratch
                .events
                .push(GameEvent::Bestiary(BestiaryEvent::Learned {
                    ally: ally_kind,
                    ability,
                }));
        }
    }

    /// What an NPC's kind leaves and shows after each of its actions: fire where it stepped
    /// from, its breath of gas, and whether the player's eyes find it (an eel under water
    /// unless it just struck; a phantom unless it just struck or gas shows its shape).
    pub(super) fn after_npc_action(&mut self, npc: Entity, from: ICoord, struck: bool) {
        let Some(kind) = self.world.npc_kind(npc) else {
            return;
        };
        let rules = kind.rules();
        let here = self.world.coord_of(npc);
        if rules.has(NpcTrait::Kindles)
            && here != from
            && self.world.ignite(from)
            && let Some(ground) = self.world.fuel(from)
            && self.visibility.sees(&self.world, from)
        {
            self.scratch
                .events
                .push(GameEvent::Environment(EnvironmentEvent::Ignited {
                    ground,
                    at: from,
                }));
        }
        if let Some((gas, volume)) = rules.exhales {
            self.world.release_gas(here, gas, volume);
        }
        if rules.has(NpcTrait::Submerges) {
            let under = self.world.ground_at(here).rules().submerges;
            self.world.set_unseen(npc, under && !struck);
        }
        if rules.has(NpcTrait::Invisible) {
            let shown = struck || self.world.gases().at(here).is_some();
            self.world.set_unseen(npc, !shown);
        }
    }

    /// Hit points an ally that learned to regenerate (`learned`) gains this turn.
    pub(super) fn learned_regeneration(&self, learned: Option<Ability>) -> u32 {
        u32::from(
            learned == Some(Ability::Regeneration)
                && self
                    .progress
                    .turn
                    .is_multiple_of(balance::LEARNED_REGENERATION_TURNS),
        )
    }
}
