//! A hunter that sees an enemy, by its kind's traits and bolt: a healer mends a hurt friend it
//! can reach, a kind that keeps its distance backs away from an enemy who comes close, a kind
//! with a harmful bolt shoots when it has a clear line, and the rest close in (but a healer
//! that keeps its distance never does). Monsters and the player's allies alike: each keeps its
//! distance by its own side's map (a monster by the map of the player's side, an ally by the
//! map of the monsters).

use coord_2d::ICoord;
use direction::CardinalDirection;
use entity_table::Entity;

use super::way_maps::Way;
use super::{Agent, BehaviourContext, NpcAction, hunt, sight};
use crate::balance::KEEP_DISTANCE_STEPS;
use crate::content::{BoltEffect, BoltKind, NpcKind, NpcTrait};
use crate::world::{HitPoints, World};

impl BehaviourContext {
    /// What a hunter of `kind` standing at `here` that sees the enemy at `target` does this
    /// turn.
    pub(super) fn engage(
        &mut self,
        world: &World,
        (npc, kind): (Entity, Option<NpcKind>),
        here: ICoord,
        agent: &mut Agent,
        target: ICoord,
    ) -> NpcAction {
        let gave_ground = std::mem::take(&mut agent.gave_ground);
        let Some(rules) = kind.map(|kind| kind.rules()) else {
            return NpcAction::Wait;
        };
        if rules.summons.is_some() && !agent.negated && agent.next_summon <= self.turn {
            return NpcAction::Summon;
        }
        let bolt = world.bolt_of(npc, kind).filter(|_| !agent.negated);
        let (helping, mut harming) = split_bolt(bolt);
        // A web is not sent at one it already holds: the spider comes to bite. (Who stands
        // there is asked only of a spider: a crowd's every blow asked.)
        let webs = harming.is_some_and(|b| matches!(b.rules().effect, BoltEffect::Web { .. }));
        if webs && (world.character_at(target)).is_some_and(|c| world.natures().held_for(c) > 0) {
            harming = None;
        }
        let allies = helping.map(|bolt| allies_in_reach(world, npc, here, bolt));
        if let Some(Allies {
            wanting: Some(ally),
            ..
        }) = allies
        {
            return NpcAction::Fire(ally);
        }
        // It keeps its distance for a purpose: to shoot, to heal or haste allies it sees, or
        // to call its own; a healer alone fights as anyone does, so it never stalks the player
        // on its own.
        let with_purpose =
            harming.is_some() || allies.is_some_and(|a| a.any) || rules.summons.is_some();
        let keeps_distance = rules.has(NpcTrait::KeepsDistance) && with_purpose;
        let ally = world.is_ally(npc);
        let steps = (target - here).manhattan_magnitude();
        let away = |context: &mut Self| match ally {
            true => context.foes.step_away(world, here),
            false => context.step_away(world, here),
        };
        let at_player = target == world.player_coord();
        let line = harming.is_some_and(|bolt| {
            let over = world.flies_over(npc);
            world.has_clear_line_of(here, target, bolt.rules().range, over)
                && (self.in_players_view || !at_player)
        });
        // Ground is given only to shoot from further off: a shooter with no line that stepped
        // back would step in again the next turn, back and forth behind a corner for ever.
        if keeps_distance
            && steps < KEEP_DISTANCE_STEPS
            && !gave_ground
            && (line || harming.is_none())
            && let Some(direction) = away(self)
        {
            agent.gave_ground = true;
            return NpcAction::Move(direction);
        }
        if line {
            return NpcAction::Fire(target);
        }
        // A healer among allies stays with them (cornered next to its enemy, it fights). A
        // shooter with no line comes round for one, as Brogue's archers do: waiting at its
        // distance behind a corner left the player and it watching each other for a hundred
        // turns; coming round, it meets a player who chose the corner, blade first.
        // A summoner between its calls comes no nearer than its distance, but that near, to
        // call again where it sees the fight.
        let summoner = rules.summons.is_some();
        if keeps_distance && harming.is_none() && (!summoner || steps <= KEEP_DISTANCE_STEPS) {
            return hunt::adjacent_direction(here, target).map_or(NpcAction::Wait, NpcAction::Move);
        }
        match (ally, Self::way_of(world, npc, kind)) {
            (_, Some(Way::Swimming)) => self.swim_at(world, npc, target),
            (true, _) => self.close_in_on_foes(world, here),
            (false, Some(Way::Flying)) => self.fly_at(world, here, target),
            (false, None) => self.close_in(world, here, target),
        }
    }

    /// A step to a free cell further from the player's side by the map towards it, the
    /// furthest first (the first in compass order on a tie); None if every step leads no
    /// further.
    fn step_away(&mut self, world: &World, here: ICoord) -> Option<CardinalDirection> {
        self.prepare_around(world, here, 1);
        let map = self.side.map();
        hunt::step_further(world, here, |cell| map.distance(cell))
    }
}

/// A kind's bolt as one that helps friends or one that harms enemies.
fn split_bolt(bolt: Option<BoltKind>) -> (Option<BoltKind>, Option<BoltKind>) {
    match bolt {
        Some(bolt) if bolt.rules().effect.helps() => (Some(bolt), None),
        Some(bolt) => (None, Some(bolt)),
        None => (None, None),
    }
}

/// The friends (of the sender's side: for a monster the other monsters, for an ally the player
/// and the other allies) a bolt from `here` reaches that the sender sees.
#[derive(Debug, Clone, Copy)]
struct Allies {
    /// Any at all, hurt or not.
    any: bool,
    /// The one the bolt is for, if any wants it: for healing the most hurt (the least hit
    /// points left, as a share of its most; the first in row order on a tie); for haste the
    /// nearest not hasted already (the first in row order on a tie).
    wanting: Option<ICoord>,
}

/// Reads the cells within the bolt's range, a few dozen, never the level's list of NPCs.
fn allies_in_reach(world: &World, sender: Entity, here: ICoord, bolt: BoltKind) -> Allies {
    let range = bolt.rules().range;
    let reach = range as i32;
    let side = world.side_of(sender);
    let hastes = matches!(bolt.rules().effect, BoltEffect::Haste { .. });
    let mut allies = Allies {
        any: false,
        wanting: None,
    };
    let mut least_left: Option<HitPoints> = None;
    let mut nearest: Option<u32> = None;
    for y in here.y - reach..=here.y + reach {
        for x in here.x - reach..=here.x + reach {
            let cell = ICoord::new(x, y);
            if cell == here || !world.has_character(cell) {
                continue;
            }
            let Some(ally) = world
                .character_at(cell)
                .filter(|&c| world.side_of(c) == side)
            else {
                continue;
            };
            let Some(hp) = world.hit_points(ally) else {
                continue;
            };
            let distance = here.distance2(cell);
            // A spell of haste is for the monsters of a side (an ally mystic's for its fellow
            // allies): the player's own haste is a potion's.
            let wants_more = match hastes {
                true => {
                    ally != world.player()
                        && world.natures().hasted_for(ally) == 0
                        && nearest.is_none_or(|d| distance < d)
                }
                false => hp.current < hp.max && least_left.is_none_or(|other| less_left(hp, other)),
            };
            let wanted = wants_more || !allies.any;
            if wanted
                && sight::can_see(world, here, cell)
                && world.has_clear_line(here, cell, range)
            {
                allies.any = true;
                if wants_more {
                    least_left = Some(hp);
                    nearest = Some(distance);
                    allies.wanting = Some(cell);
                }
            }
        }
    }
    allies
}

/// True if `a` has a smaller share of its hit points left than `b` (current/max, compared
/// without division).
fn less_left(a: HitPoints, b: HitPoints) -> bool {
    u64::from(a.current) * u64::from(b.max) < u64::from(b.current) * u64::from(a.max)
}
