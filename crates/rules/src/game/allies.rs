//! Allies in play: freeing a captive, trading places with an ally, and allies following the
//! player down to the next depth. What an ally decides is the behaviour's (`behaviour::ally`);
//! here are the changes to the game an ally's life brings.

use coord_2d::ICoord;
use direction::{CardinalDirection, CardinalDirections};
use entity_table::Entity;
use serde::{Deserialize, Serialize};

use super::{Game, GameEvent, TurnOutcome};
use crate::balance;
use crate::balance::{ALLY_ARRIVAL_TURNS_PER_STEP, ALLY_FOLLOWS_DOWN_STEPS};
use crate::behaviour::{Agent, Noise};
use crate::content::NpcKind;
use crate::game::{AllyEvent, DungeonEvent};
use crate::world::{HitPoints, Side};

/// An ally on its way down after the player: it arrives on turn `arrives`, as it left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Follower {
    pub kind: NpcKind,
    pub hit_points: HitPoints,
    pub arrives: u64,
    /// What it learned from a fallen foe, which it keeps.
    #[serde(default)]
    pub learned: Option<crate::content::Ability>,
}

/// Cells looked at round the arrival for a free one to put a follower on; beyond, it waits a
/// turn and tries again (a crowd stands round the stairs).
const ARRIVAL_CELLS_SEARCHED: usize = 200;

impl Game {
    /// The captive the player would free by stepping that way, if one stands there.
    pub fn captive_towards(&self, direction: CardinalDirection) -> Option<NpcKind> {
        let at = self.world.player_coord() + direction.coord();
        let captive = self.world.captive_at(at)?;
        self.world.npc_kind(captive)
    }

    /// Frees the captive that way: it joins the player's side with its memory afresh, and the
    /// noise of its chains brings its captors. No captive there: no turn.
    pub(super) fn free_captive(&mut self, direction: CardinalDirection) -> bool {
        let at = self.world.player_coord() + direction.coord();
        let Some(captive) = self.world.captive_at(at) else {
            self.scratch
                .events
                .push(GameEvent::Allies(AllyEvent::NoCaptiveThere));
            return false;
        };
        let Some(kind) = self.world.npc_kind(captive) else {
            return false;
        };
        self.world.set_side(captive, Side::Hero);
        if let Some(hit_points) = self.world.hit_points(captive) {
            let (num, den) = balance::FREED_HIT_POINTS;
            let max = hit_points.max * num / den;
            (self.world).set_hit_points(captive, crate::world::HitPoints::full(max));
        }
        self.minds
            .agents
            .insert(captive, Agent::freed(self.progress.turn));
        self.wake(captive);
        self.hero.allies_freed += 1;
        self.scratch
            .events
            .push(GameEvent::Allies(AllyEvent::Freed { kind }));
        self.make_noise(Noise::fight(at));
        // A kennel's captive, chained on an altar: the cages close over the others.
        if let Some((altars, room)) = self.world.take_from_altar(at) {
            (self.hero.allies_chosen).push((kind, self.progress.depth, room));
            self.scratch
                .events
                .push(GameEvent::Dungeon(DungeonEvent::Caged { altars }));
        }
        true
    }

    /// The player walks into its ally: the two trade places, quietly (as in Brogue: a
    /// message would stop every journey the ally stands in the way of).
    pub(super) fn swap_with(&mut self, ally: Entity) {
        let player = self.world.player();
        self.world.swap_characters(player, ally);
        self.walk_over_items();
    }

    /// How many allies fight beside the player on this level.
    pub fn ally_count(&self) -> usize {
        self.world.allies().len()
    }

    /// How many allies are on their way down after the player.
    pub fn followers_on_the_way(&self) -> usize {
        self.hero.followers.len()
    }

    /// The allies near enough to follow the player down: each leaves the level now and
    /// arrives below after a turn for each step it was from the player.
    pub(super) fn take_followers(&mut self) {
        let leaving = self.progress.turn + 1;
        for &ally in self.world.allies() {
            let at = self.world.coord_of(ally);
            let steps = self
                .minds
                .behaviour
                .distance_to_player(&self.world, at)
                .filter(|&steps| steps <= ALLY_FOLLOWS_DOWN_STEPS);
            let (Some(steps), Some(kind), Some(hit_points)) = (
                steps,
                self.world.npc_kind(ally),
                self.world.hit_points(ally),
            ) else {
                continue;
            };
            // What was called fades where it was called: it does not follow.
            if kind.rules().lifespan.is_some() {
                continue;
            }
            self.hero.followers.push(Follower {
                kind,
                hit_points,
                arrives: leaving + u64::from(steps.max(1)) * ALLY_ARRIVAL_TURNS_PER_STEP,
                learned: self.world.natures().learned(ally),
            });
        }
    }

    /// Followers whose time has come arrive on the free floor nearest where the player
    /// arrived, in the order they left.
    pub(super) fn arrive_followers(&mut self) {
        if self.hero.followers.is_empty() {
            return;
        }
        let turn = self.progress.turn;
        let mut index = 0;
        while let Some(&follower) = self.hero.followers.get(index) {
            let cell = (follower.arrives <= turn)
                .then(|| self.free_cell_near(self.progress.arrived_at))
                .flatten();
            let Some(cell) = cell else {
                index += 1;
                continue;
            };
            self.hero.followers.remove(index);
            let ally = self.world.add_npc(cell, follower.kind);
            self.world.set_hit_points(ally, follower.hit_points);
            self.world.set_side(ally, Side::Hero);
            if let Some(ability) = follower.learned {
                self.world.learn(ally, ability);
            }
            self.minds.agents.insert(ally, Agent::following());
            self.wake(ally);
            let kind = follower.kind;
            self.scratch
                .events
                .push(GameEvent::Allies(AllyEvent::AllyArrived { kind }));
        }
    }

    /// The walkable cell nearest `from` (by walking) that nobody stands on and nothing drops
    /// from, within [`ARRIVAL_CELLS_SEARCHED`] cells.
    fn free_cell_near(&self, from: ICoord) -> Option<ICoord> {
        let world = &self.world;
        let mut seen = vec![from];
        let mut next = 0;
        while let Some(&cell) = seen.get(next) {
            next += 1;
            if world.can_npc_enter(cell) && !world.falls(cell) {
                return Some(cell);
            }
            if seen.len() >= ARRIVAL_CELLS_SEARCHED {
                continue;
            }
            for direction in CardinalDirections {
                let near = cell + direction.coord();
                if !world.blocks_walking(near) && !seen.contains(&near) {
                    seen.push(near);
                }
            }
        }
        None
    }

    /// The player's step into an ally (a swap) or a captive (nothing: freeing is asked for).
    /// None if the step is an ordinary move or blow.
    pub(super) fn step_into_friend(&mut self, direction: CardinalDirection) -> Option<TurnOutcome> {
        let ahead = self.world.player_coord() + direction.coord();
        let other = self.world.character_at(ahead)?;
        // An ally a vault's cage closed over stays in it: trading places would cage the player.
        // Nor does a levitating player trade places over water or a chasm with one who cannot.
        let here = self.world.player_coord();
        let stranded = !self.world.can_walk_onto(other, here);
        if self.world.is_ally(other) && (self.world.blocks_walking(ahead) || stranded) {
            return Some(TurnOutcome::NoTurn);
        }
        if self.world.is_ally(other) {
            self.swap_with(other);
            return Some(TurnOutcome::TurnTaken);
        }
        if self.world.captive_at(ahead).is_some() {
            self.scratch
                .events
                .push(GameEvent::Allies(AllyEvent::CaptiveAsksFreeing));
            return Some(TurnOutcome::NoTurn);
        }
        None
    }
}

/// Scenario fixtures: characters placed as a level would have them.
#[cfg(feature = "testing")]
impl Game {
    /// The same game with the NPC `id` held captive. Call it before the first turn.
    #[must_use]
    pub fn with_captive(mut self, id: Entity) -> Self {
        self.world.set_side(id, Side::Captive);
        self.minds.agents.insert(id, Agent::captive());
        self.rebuild_npc_lists();
        self
    }

    /// The same game with the NPC `id` standing guard where it stands.
    #[must_use]
    pub fn with_guard(mut self, id: Entity) -> Self {
        let post = self.world.coord_of(id);
        self.minds.agents.insert(id, Agent::guarding(post));
        self.rebuild_npc_lists();
        self
    }

    /// The same game with the NPC `id` down to `current` hit points (of its most).
    #[must_use]
    pub fn with_npc_hit_points(mut self, id: Entity, current: u32) -> Self {
        if let Some(hit_points) = self.world.hit_points(id) {
            let max = hit_points.max;
            self.world.set_hit_points(id, HitPoints { current, max });
        }
        self
    }

    /// The same game with every NPC at `max` hit points, all of them: for benchmarks of a
    /// fight that goes on for as long as they time it, as the scenes' player does.
    #[must_use]
    pub fn with_every_npc_hit_points(mut self, max: u32) -> Self {
        let npcs = self.world.npcs().to_vec();
        for npc in npcs {
            self.world.set_hit_points(npc, HitPoints::full(max));
        }
        self
    }

    /// The same game with the NPC `id` an ally of the player's, following it.
    #[must_use]
    pub fn with_ally(mut self, id: Entity) -> Self {
        self.world.set_side(id, Side::Hero);
        self.minds.agents.insert(id, Agent::following());
        self.rebuild_npc_lists();
        // The player sees the ally for what it is at once, as after a freeing's turn.
        self.visibility
            .remember(&self.world, self.chronicle.options.omniscience);
        self
    }
}

impl Game {
    /// Captives the player has freed this run.
    pub fn allies_freed(&self) -> u32 {
        self.hero.allies_freed
    }

    /// The captives freed from a reward room's altars: each kind, the depth, the room.
    pub fn allies_chosen(&self) -> &[(NpcKind, u32, Option<crate::content::MachineKind>)] {
        &self.hero.allies_chosen
    }

    /// The allies that died this run, with the depth each died on.
    pub fn allies_lost(&self) -> &[(NpcKind, u32)] {
        &self.hero.allies_lost
    }
}
