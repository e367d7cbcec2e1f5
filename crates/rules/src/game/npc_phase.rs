//! The NPC phase of a turn: sleepers in view may notice the player, every awake NPC gains a
//! turn's time and acts, and the noises of the turn are heard at the end.
//!
//! Turn order: the phase goes in rounds. In each round every awake NPC with time left acts once,
//! in spawn order, and spends what that action takes its kind (`time` in the bestiary); rounds
//! go on until nobody has time left. So a kind moving in half a turn steps twice a turn, after
//! everyone else's first action; a kind moving in two turns owes time after a step and sits
//! out the next turn. Everything is whole numbers, in a fixed order: the same seed and actions
//! give the same order.
//!
//! Only awake NPCs are visited, so a level of sleepers costs nothing per turn: a sleeper changes
//! only when the player sees it (the stealth check) or a noise reaches it, and both are found by
//! looking round the player or the noise, never by scanning every NPC.

use coord_2d::ICoord;
use direction::CardinalDirection;
use entity_table::Entity;
use rand::Rng;

use super::{Actor, Game, GameEvent, Missile};
use crate::balance;
use crate::behaviour::{Noise, NoiseKind, NpcAction, Senses, has_trait, notices, steps_between};
use crate::content::NpcTrait;
use crate::game::{BestiaryEvent, FightEvent, MagicEvent};
use crate::world::ActOutcome;

impl Game {
    /// `elapsed`: how long the player's action took, the time every awake NPC gains.
    ///
    /// The phase runs over the awake list taken out of the minds, so that a death at any moment
    /// (whose memory goes at once, see [`Game::after_harm`]) is passed over for the rest of the
    /// phase and left out of the list put back.
    pub(super) fn npc_phase(&mut self, elapsed: u32) {
        let stealth = self.stealth_range();
        self.sleepers_take_notice(stealth);
        // Whoever wakes or joins during the phase goes on a list of its own, kept with room.
        let woken = std::mem::take(&mut self.scratch.woken_in_phase);
        let mut awake = std::mem::replace(&mut self.minds.awake, woken);
        let forgotten = self.minds.forgotten();
        let mut first_round = true;
        'rounds: loop {
            let mut time_left = false;
            for &npc in &awake {
                // Gone (died, or faded just now), or out of time this round.
                let has_time = match first_round {
                    true => self.new_turn_for(npc, elapsed),
                    false => self.minds.agents.get(npc).is_some_and(|a| a.time_left > 0),
                };
                if !has_time {
                    continue;
                }
                let spent = self.npc_turn(npc, stealth);
                if self.progress.ending.is_some() {
                    break 'rounds;
                }
                if let Some(agent) = self.minds.agents.get_mut(npc) {
                    agent.time_left = agent.time_left.saturating_sub(spent);
                    time_left |= agent.time_left > 0;
                }
            }
            first_round = false;
            if !time_left {
                break;
            }
        }
        // Only a memory gone (a death, a fading) leaves a name on the list without one.
        if self.minds.forgotten() != forgotten {
            let agents = &self.minds.agents;
            awake.retain(|&npc| agents.contains(npc));
        }
        // Those who joined or woke during the phase (a twin, a summoned blade, one struck
        // awake) act from the next turn on.
        let mut joined = std::mem::replace(&mut self.minds.awake, awake);
        for &npc in &joined {
            self.wake(npc);
        }
        joined.clear();
        self.scratch.woken_in_phase = joined;
        self.hear_noises();
    }

    /// An awake NPC's share of a new turn: the time the player's action took (never banked
    /// beyond it), and now and then a hit point. False if it has no time to act (or is gone:
    /// dead, or faded just now).
    fn new_turn_for(&mut self, npc: Entity, elapsed: u32) -> bool {
        // Its memory first, looked up once: nothing below reads it, and one that fades loses it.
        let Some(agent) = self.minds.agents.get_mut(npc) else {
            return false;
        };
        agent.slowed_for = agent.slowed_for.saturating_sub(1);
        let gained = elapsed.min(balance::SLOWEST_ACTION_TIME) as i16;
        agent.time_left = agent.time_left.saturating_add(gained).min(gained);
        let has_time = agent.time_left > 0;
        let (faded, learned) = self.world.wear_on(npc);
        if faded {
            self.fade(npc);
            return false;
        }
        // Each side's interval a constant: a division by one chosen at run time cost every
        // awake NPC the wait for a divider each turn.
        let turn = self.progress.turn;
        let regenerates = match self.world.is_ally(npc) {
            true => turn.is_multiple_of(balance::ALLY_REGENERATION_INTERVAL),
            false => turn.is_multiple_of(balance::NPC_REGENERATION_INTERVAL),
        };
        let healed = u32::from(regenerates) + self.learned_regeneration(learned);
        if healed > 0 {
            self.world.heal(npc, healed);
        }
        has_time
    }

    /// One action of an NPC, `stealth` the player's stealth range; the time it took.
    fn npc_turn(&mut self, npc: Entity, stealth: u32) -> i16 {
        let (kind, hasted) = self.world.kind_and_haste(npc);
        let rules = kind.map(|kind| kind.rules());
        let times = rules.map_or(crate::content::NORMAL_TIMES, |rules| rules.time);
        let agent = self
            .minds
            .agents
            .get_mut(npc)
            .expect("every living NPC has an agent");
        let (step, blow) = action_times(times, agent.slowed_for > 0, hasted);
        if agent.confused_for > 0 {
            return if self.stumble(npc) { blow } else { step };
        }
        let senses = Senses {
            world: &self.world,
            visibility: &self.visibility,
            turn: self.progress.turn,
            stealth,
        };
        // Where it stands is read once: deciding, shouting and stepping leave it there.
        let from = self.world.coord_of(npc);
        let decision = (self.minds.behaviour).choose_action(
            senses,
            (npc, kind),
            from,
            agent,
            &mut self.chronicle.rng,
        );
        if decision.shout {
            self.shout(npc);
        }
        let told = self.scratch.events.len();
        let aimed_at = match decision.action {
            NpcAction::Move(direction) => Some(from + direction.coord()),
            NpcAction::Fire(at) => Some(at),
            NpcAction::Wait | NpcAction::Summon => None,
        };
        let (spent, struck) = self.carry_out(npc, from, decision.action, (step, blow));
        let wiles = rules.is_some_and(|rules| rules.leaves_or_hides());
        if wiles && self.world.is_alive(npc) {
            self.after_npc_action(npc, from, struck);
        }
        self.note_unwitnessed(npc, [Some(from), aimed_at], told);
        spent
    }

    /// Carries out an NPC's decided action from `from`, as the player's would be: the time it
    /// took (a step's or a blow's, of `times`) and whether it was a blow.
    fn carry_out(
        &mut self,
        npc: Entity,
        from: ICoord,
        action: NpcAction,
        (step, blow): (i16, i16),
    ) -> (i16, bool) {
        match action {
            NpcAction::Wait => (step, false),
            NpcAction::Move(direction) => {
                let ahead = from + direction.coord();
                let moved = match self.unaware_one_ahead(npc, ahead) {
                    Some(attack) => ActOutcome::Attacked(attack),
                    None => {
                        (self.world).move_character(npc, from, direction, &mut self.chronicle.rng)
                    }
                };
                match moved {
                    ActOutcome::Attacked(attack) => {
                        self.record_attack(attack);
                        if attack.hit && attack.target == self.world.player() && !self.is_over() {
                            self.steal_from_player(npc);
                        }
                        (blow, true)
                    }
                    ActOutcome::Struggled => {
                        let who = self.actor(npc);
                        self.tell(npc, GameEvent::Bestiary(BestiaryEvent::Struggled { who }));
                        (step, false)
                    }
                    ActOutcome::Moved => {
                        // Only the one that stepped can fall through, and it is not the player.
                        self.stepped_onto(npc, ahead);
                        (step, false)
                    }
                    ActOutcome::Blocked => (step, false),
                }
            }
            NpcAction::Fire(at) => {
                let negated = self.minds.agents.get(npc).is_some_and(|a| a.negated);
                if let Some(bolt) = self
                    .world
                    .bolt_of(npc, self.world.npc_kind(npc))
                    .filter(|_| !negated)
                {
                    self.send_bolt(npc, Missile::Bolt(bolt), bolt, at);
                }
                (blow, true)
            }
            NpcAction::Summon => {
                self.summon(npc);
                (blow, false)
            }
        }
    }

    /// The events since the `told`-th are an action the player neither saw nor took part in
    /// when no cell of it (where `npc` stood and stands, where it struck or shot) is in the
    /// player's sight or is the player's, and no ally is left dying: an ally's fight out of
    /// view is told, but does not stop the player's walking (it did, every step).
    fn note_unwitnessed(&mut self, npc: Entity, cells: [Option<ICoord>; 2], told: usize) {
        let new = self.scratch.events.len() - told;
        if new == 0 {
            return;
        }
        let player = self.world.player_coord();
        let now = self.world.is_alive(npc).then(|| self.world.coord_of(npc));
        let witnessed = (cells.into_iter().chain([now]).flatten())
            .any(|cell| cell == player || self.visibility.sees(&self.world, cell));
        let ally_dying = self.scratch.events[told..].iter().any(|event| {
            matches!(
                event,
                GameEvent::Fight(FightEvent::Kill {
                    victim: Actor::Ally(_),
                    ..
                })
            )
        }) || cells.into_iter().flatten().any(|cell| {
            let ally = (self.world.character_at(cell))
                .filter(|&ally| self.world.side_of(ally) == Some(crate::world::Side::Hero));
            let hit_points = ally.and_then(|ally| self.world.hit_points(ally));
            let (num, den) = balance::ALLY_DYING_AT;
            hit_points.is_some_and(|hp| hp.current * den <= hp.max * num)
        });
        if !witnessed && !ally_dying {
            self.scratch.unwitnessed += new;
        }
    }

    /// A confused NPC steps one way at random (a blow if it stumbles into the player), and
    /// comes to its senses when its confusion runs out. True if it struck a blow.
    fn stumble(&mut self, npc: Entity) -> bool {
        let direction = CardinalDirection::all()
            .nth(self.chronicle.rng.random_range(0..4))
            .expect("four directions");
        let from = self.world.coord_of(npc);
        let outcome = (self.world).move_character(npc, from, direction, &mut self.chronicle.rng);
        if let Some(agent) = self.minds.agents.get_mut(npc) {
            agent.confused_for -= 1;
            let coord = self.world.coord_of(npc);
            if agent.confused_for == 0 && self.visibility.sees(&self.world, coord) {
                let kind = self.world.npc_kind(npc).expect("an NPC has a kind");
                self.scratch
                    .events
                    .push(GameEvent::Magic(MagicEvent::NoLongerConfused { kind }));
            }
        }
        if let ActOutcome::Attacked(attack) = outcome {
            self.record_attack(attack);
            return true;
        }
        false
    }

    /// Each sleeper within the player's stealth range whose cell the player's eyes reach (if the
    /// player could see it, it could see the player) rolls, in spawn order, to notice the player;
    /// one that does wakes hunting (and shouts, if its kind shouts on sight). A sleeper beside
    /// the player rolls as any other: it can be reached and struck from the dark. Only the
    /// cells in reach are looked at, so a level of sleepers costs nothing far away.
    fn sleepers_take_notice(&mut self, stealth: u32) {
        // Sleepers never wake but by this check or a noise, and the dead leave both lists.
        if self.minds.awake.len() == self.world.npcs().len() {
            return;
        }
        let mut sleepers = std::mem::take(&mut self.scratch.sleepers_in_view);
        sleepers.clear();
        let agents = &self.minds.agents;
        let asleep = |&(npc, _): &(Entity, ICoord)| agents.get(npc).is_some_and(|a| a.is_asleep());
        let player = self.world.player_coord();
        let within = |&(_, at): &(Entity, ICoord)| steps_between(at, player) <= stealth.max(1);
        sleepers.extend((self.npcs_in_reach().filter(asleep).filter(within)).map(|(npc, _)| npc));
        sleepers.sort_unstable();
        for &npc in &sleepers {
            let here = self.world.coord_of(npc);
            if !notices(here, player, stealth, false, &mut self.chronicle.rng) {
                continue;
            }
            if let Some(agent) = self.minds.agents.get_mut(npc) {
                agent.see_player(player, self.progress.turn);
            }
            self.wake(npc);
            if has_trait(&self.world, npc, NpcTrait::ShoutsOnSight) {
                self.shout(npc);
            }
        }
        self.scratch.sleepers_in_view = sleepers;
    }

    /// Calls the others to where it last saw an enemy (the player, unless it saw an ally).
    fn shout(&mut self, npc: Entity) {
        let from = self.world.coord_of(npc);
        let seen = (self.minds.agents.get(npc)).and_then(|agent| agent.last_sighting);
        let at = seen.map_or(self.world.player_coord(), |sighting| sighting.coord);
        self.make_noise(Noise::shout(from, at));
        let already = self
            .scratch
            .events
            .iter()
            .any(|event| matches!(event, GameEvent::Fight(FightEvent::Shout { .. })));
        if !already {
            let shouter = self.world.npc_kind(npc).map_or(Actor::Player, Actor::Npc);
            let seen = self.visibility.sees(&self.world, from);
            self.scratch
                .events
                .push(GameEvent::Fight(FightEvent::Shout { shouter, seen }));
        }
    }

    /// Adds an NPC that has just woken to the awake list, in spawn order.
    pub(super) fn wake(&mut self, npc: Entity) {
        if let Err(position) = self.minds.awake.binary_search(&npc) {
            self.minds.awake.insert(position, npc);
        }
    }

    /// Keeps one of each noise: a crowd striking the player makes one noise where it stands,
    /// and blows struck close together are one fight (see [`balance::FIGHT_NOISE_SPREAD`]).
    /// The latest first: the blow before this one was most likely struck in the same fight, so
    /// a melee of hundreds of blows looks at one or two noises a blow, not at every one.
    pub(super) fn make_noise(&mut self, noise: Noise) {
        let same_fight = |heard: &Noise| {
            let apart = heard.source - noise.source;
            heard.kind == NoiseKind::Fight
                && noise.kind == NoiseKind::Fight
                && apart.x.abs().max(apart.y.abs()) <= balance::FIGHT_NOISE_SPREAD
        };
        if !self
            .scratch
            .noises
            .iter()
            .rev()
            .any(|heard| *heard == noise || same_fight(heard))
        {
            self.scratch.noises.push(noise);
        }
    }

    /// Whether anything made a noise since the NPCs last heard.
    pub(super) fn has_noises(&self) -> bool {
        !self.scratch.noises.is_empty()
    }

    /// Every NPC within reach of a noise of this turn learns of it: of the fights, the nearest;
    /// then of the alarms; then of the shouts, the nearest (a shout says where the player is,
    /// which outweighs where a fight was).
    pub(super) fn hear_noises(&mut self) {
        let turn = self.progress.turn;
        let noises = std::mem::take(&mut self.scratch.noises);
        for heard in NoiseKind::HEARD_IN_ORDER {
            // Most turns are quiet, or make one kind of noise: a kind nobody made is heard by
            // nobody, and asking cost every turn the hearing's code in the instruction cache.
            if !noises.iter().any(|noise| heard(&noise.kind)) {
                continue;
            }
            let mut woken = std::mem::take(&mut self.scratch.woken);
            woken.clear();
            let agents = &mut self.minds.agents;
            let of_kind = |noise: &Noise| heard(&noise.kind);
            self.minds
                .behaviour
                .listeners(&self.world, &noises, of_kind, |npc, coord, noise| {
                    if let Some(agent) = agents.get_mut(npc) {
                        let was_asleep = agent.is_asleep();
                        let (target, reason) = noise.lead();
                        agent.investigate(target, coord, reason, turn);
                        if was_asleep {
                            woken.push(npc);
                        }
                    }
                });
            for &npc in &woken {
                self.wake(npc);
            }
            self.scratch.woken = woken;
        }
        let mut noises = noises;
        // Kept until the next turn's, for whoever studies what the NPCs heard.
        std::mem::swap(&mut self.scratch.heard, &mut noises);
        noises.clear();
        self.scratch.noises = noises;
    }
}

/// How long an NPC's step and blow take, by its kind's times: longer slowed, shorter hasted.
fn action_times(times: crate::content::ActionTimes, slowed: bool, hasted: bool) -> (i16, i16) {
    let (mut step, mut blow) = (times.move_, times.attack);
    if slowed {
        (step, blow) = (
            step * balance::SLOW_TIME_MULTIPLIER,
            blow * balance::SLOW_TIME_MULTIPLIER,
        );
    }
    // Divided only when hasted: a division by a share chosen at run time was a wait for the
    // divider on every action of every NPC.
    if hasted {
        let (share, whole) = balance::HASTE_TIME_SHARE;
        (step, blow) = (step * share / whole, blow * share / whole);
    }
    (step as i16, blow as i16)
}
