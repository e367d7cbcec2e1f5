//! An ally's turn (Brogue's `moveAlly`): badly hurt with an enemy near, it runs; otherwise it
//! fights the nearest enemy it sees within the leash of the player; otherwise it keeps by the
//! player. It moves by maps shared with every other ally: the map of the monsters round the
//! player (built once a turn) and the map towards the player (built when the player moves).

use coord_2d::ICoord;
use direction::{CardinalDirection, CardinalDirections};
use entity_table::Entity;

use super::{Agent, BehaviourContext, NpcAction, NpcState, Reason, hunt, nearest_in_sight, sight};
use crate::balance::{
    ALLY_FLEE_AT_OR_BELOW, ALLY_FLEE_FROM_STEPS, ALLY_FOLLOW_STEPS, ALLY_LEASH_STEPS,
    ALLY_RECOVERED_AT_OR_ABOVE, NPC_VISION_DISTANCE_SQUARED,
};
use crate::world::{HitPoints, World};

impl BehaviourContext {
    /// What the ally `npc` does this turn.
    pub(super) fn ally_step(
        &mut self,
        world: &World,
        npc: Entity,
        agent: &mut Agent,
        turn: u64,
    ) -> NpcAction {
        let here = world.coord_of(npc);
        let Some(hp) = world.hit_points(npc) else {
            return NpcAction::Wait;
        };
        self.foes.prepare(world, turn);
        if agent.state == NpcState::Fleeing && share_at_least(hp, ALLY_RECOVERED_AT_OR_ABOVE) {
            agent.follow(Reason::Recovered, turn);
        }
        let hurt = agent.state == NpcState::Fleeing || !share_above(hp, ALLY_FLEE_AT_OR_BELOW);
        if hurt && let Some(threat) = self.nearest_foe(world, here, ALLY_FLEE_FROM_STEPS, None) {
            if agent.state != NpcState::Fleeing {
                agent.flee(turn);
            }
            return self.run_from(world, here, threat);
        }
        let player = world.player_coord();
        // One that shoots or heals needs the nearest it sees, to aim at; one that strikes
        // closes in on the nearest by walking along the map of the monsters whichever it
        // saw, so any one it sees within the leash will do, and the first found is taken.
        let foe = match has_bolt(world, npc) {
            true => self.nearest_foe(world, here, u32::MAX, Some(player)),
            false => self.foe_in_sight(world, here),
        };
        if !hurt && let Some(foe) = foe {
            agent.see_enemy(foe, turn);
            return self.fight(world, npc, agent, foe);
        }
        if agent.state == NpcState::Hunting {
            agent.follow(Reason::NoEnemyNear, turn);
        }
        // An enemy beside it is struck wherever the player is: the leash is for going after
        // one, and turning its back would only cost it the blow.
        if let Some(direction) = towards_enemy_beside(world, here) {
            return NpcAction::Move(direction);
        }
        self.follow_player(world, here)
    }

    /// The nearest enemy (by straight distance, then row order) the ally at `here` sees within
    /// `reach` steps of it, and, if `leash` is given, within the leash of that cell (the
    /// player's). The map's enemies are looked at nearest first, so that only as many lines of
    /// sight are drawn as it takes to find one in view.
    fn nearest_foe(
        &mut self,
        world: &World,
        here: ICoord,
        reach: u32,
        leash: Option<ICoord>,
    ) -> Option<ICoord> {
        // An enemy beside it is the nearest there can be (the first in row order of those).
        if let Some(at) = enemy_beside(world, here)
            && leash.is_none_or(|p| (at - p).manhattan_magnitude() <= ALLY_LEASH_STEPS)
        {
            return Some(at);
        }
        self.candidates.clear();
        // The leashed list was read against the player's cell as the turn began: the leash is
        // asked of the player's cell, which the NPC phase never moves.
        let foes = match leash {
            Some(_) => self.foes.leashed(),
            None => self.foes.foes(),
        };
        for &at in foes {
            let within_leash =
                leash.is_none_or(|p| (at - p).manhattan_magnitude() <= ALLY_LEASH_STEPS);
            let distance = at.distance2(here);
            if within_leash
                && distance <= NPC_VISION_DISTANCE_SQUARED
                && (at - here).manhattan_magnitude() <= reach
            {
                self.candidates.push((distance, at));
            }
        }
        // Where an enemy stood as the turn began: one that has moved on is no target.
        nearest_in_sight(&mut self.candidates, |at| {
            world.has_monster(at) && sight::can_see(world, here, at)
        })
    }

    /// An enemy beside it (the first in row order), or else the first of those within the
    /// leash of the player, as the turn began, that it sees.
    fn foe_in_sight(&self, world: &World, here: ICoord) -> Option<ICoord> {
        let player = world.player_coord();
        let leashed = |at: ICoord| (at - player).manhattan_magnitude() <= ALLY_LEASH_STEPS;
        if let Some(at) = enemy_beside(world, here).filter(|&at| leashed(at)) {
            return Some(at);
        }
        (self.foes.leashed().iter().copied())
            .find(|&at| world.has_monster(at) && sight::can_see(world, here, at))
    }

    /// Strikes an enemy beside it, or does what its kind does to one it sees: shoots, heals,
    /// keeps its distance, or closes in along the map of the enemies.
    fn fight(&mut self, world: &World, npc: Entity, agent: &mut Agent, foe: ICoord) -> NpcAction {
        let here = world.coord_of(npc);
        if let Some(direction) = hunt::adjacent_direction(here, foe) {
            return NpcAction::Move(direction);
        }
        if has_bolt(world, npc) {
            return self.engage(world, (npc, world.npc_kind(npc)), here, agent, foe);
        }
        self.close_in_on_foes(world, here)
    }

    /// A blow at any enemy beside it, else a step nearer the nearest enemy.
    pub(super) fn close_in_on_foes(&mut self, world: &World, here: ICoord) -> NpcAction {
        if let Some(direction) = towards_enemy_beside(world, here) {
            return NpcAction::Move(direction);
        }
        self.foes
            .step_nearer(world, here)
            .map_or(NpcAction::Wait, NpcAction::Move)
    }

    /// A step away from the enemy at `threat` along the safety map from it, or a blow if it is
    /// cornered beside it.
    fn run_from(&mut self, world: &World, here: ICoord, threat: ICoord) -> NpcAction {
        self.safety.prepare(world, threat);
        if let Some(direction) = self.safety.safer_step(world, here) {
            return NpcAction::Move(direction);
        }
        self.close_in_on_foes(world, here)
    }

    /// Back towards the player until it is near enough.
    fn follow_player(&mut self, world: &World, here: ICoord) -> NpcAction {
        let player = world.player_coord();
        self.to_player.lead_from(world, player, here, 0);
        match self.to_player.distance(here) {
            Some(steps) if steps <= ALLY_FOLLOW_STEPS => NpcAction::Wait,
            Some(_) => self
                .to_player
                .step_towards_goal(world, here)
                .map_or(NpcAction::Wait, NpcAction::Move),
            // Further than the map reaches: the way there, measured from the player.
            None => {
                self.search_maps.lead_from(world, player, here, 0);
                (self.search_maps.current())
                    .step_towards_goal(world, here)
                    .map_or(NpcAction::Wait, NpcAction::Move)
            }
        }
    }
}

/// Whether the NPC's kind shoots or heals (a bolt of its own).
fn has_bolt(world: &World, npc: Entity) -> bool {
    world.bolt_of(npc, world.npc_kind(npc)).is_some()
}

/// An enemy beside `here`, the first in row order (north, west, east, south).
fn enemy_beside(world: &World, here: ICoord) -> Option<ICoord> {
    [(0, -1), (-1, 0), (1, 0), (0, 1)]
        .map(|(x, y)| here + ICoord::new(x, y))
        .into_iter()
        .find(|&at| world.has_monster(at))
}

/// The way to an enemy beside `here`, the first in compass order.
fn towards_enemy_beside(world: &World, here: ICoord) -> Option<CardinalDirection> {
    CardinalDirections
        .into_iter()
        .find(|d| world.has_monster(here + d.coord()))
}

/// More than `num/den` of its hit points left.
fn share_above(hp: HitPoints, (num, den): (u32, u32)) -> bool {
    hp.current * den > hp.max * num
}

fn share_at_least(hp: HitPoints, (num, den): (u32, u32)) -> bool {
    hp.current * den >= hp.max * num
}
