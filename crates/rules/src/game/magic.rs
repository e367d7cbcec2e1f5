//! What the player's staffs and wands do where their bolts stop, beyond harm: slowness,
//! blinking, crystal, teleporting another away, domination, beckoning and negation. Each is a
//! row's effect in the bolt table (`content/bolts.ron`), sent through the one path for
//! everything fired (`bolts`).

use coord_2d::ICoord;
use entity_table::Entity;
use rand::Rng;

use super::{Game, GameEvent, Missile};
use crate::balance::{DOMINATION_SURE_AT, TELEPORT_AWAY_STEPS};
use crate::behaviour::Agent;
use crate::game::MagicEvent;
use crate::world::Side;

impl Game {
    /// The NPC standing at `at`, other than the sender; said to fizzle if there is none.
    fn mark_at(&mut self, by: Entity, what: Missile, at: ICoord) -> Option<Entity> {
        let mark = (self.world.character_at(at)).filter(|&c| c != by && c != self.world.player());
        if mark.is_none() {
            self.scratch
                .events
                .push(GameEvent::Magic(MagicEvent::Fizzled { what }));
        }
        mark
    }

    pub(super) fn slow_at(&mut self, by: Entity, what: Missile, turns: u32, at: ICoord) {
        let Some(npc) = self.mark_at(by, what, at) else {
            return;
        };
        if let Some(agent) = self.minds.agents.get_mut(npc) {
            agent.slowed_for = u16::try_from(turns).unwrap_or(u16::MAX);
        }
        let target = self.actor(npc);
        self.scratch
            .events
            .push(GameEvent::Magic(MagicEvent::Slowed { target }));
    }

    /// The sender steps through the air to the last free cell of the flight within `reach`:
    /// short of a character it stopped on, never into a wall (the flight stops before one).
    pub(super) fn blink_to(&mut self, by: Entity, stop: ICoord, reach: u32) {
        let from = self.world.coord_of(by);
        let landing = super::flight_cells(from, stop, stop)
            .take_while(|&cell| cell.distance2(from) <= reach * reach)
            .filter(|&cell| !self.world.has_character(cell) && !self.world.blocks_walking(cell))
            .last();
        let Some(to) = landing.filter(|&cell| cell != from && !self.world.has_character(cell))
        else {
            return;
        };
        self.world.put_character(by, to);
        if by == self.world.player() {
            self.travel.forget();
            self.walk_over_items();
            self.look_round();
        }
        self.scratch
            .events
            .push(GameEvent::Magic(MagicEvent::Blinked { to }));
    }

    /// Crystal on the open cells round where the bolt stopped.
    pub(super) fn obstruct_at(&mut self, _by: Entity, turns: u32, radius: u32, at: ICoord) {
        let mut cells = std::mem::take(&mut self.scratch.burst);
        self.world.burst_cells_into(at, radius, &mut cells);
        let turns = u16::try_from(turns).unwrap_or(u16::MAX);
        self.world.grow_crystal(&cells, turns);
        self.scratch.burst = cells;
    }

    /// The mark is somewhere else on the level, far off and out of the player's view.
    pub(super) fn teleport_away(&mut self, by: Entity, what: Missile, at: ICoord) {
        let Some(npc) = self.mark_at(by, what, at) else {
            return;
        };
        let from = self.world.coord_of(npc);
        let Some(to) = self.far_cell(from, false) else {
            return;
        };
        let target = self.actor(npc);
        self.world.put_character(npc, to);
        self.scratch
            .events
            .push(GameEvent::Magic(MagicEvent::TeleportedAway { target }));
    }

    /// An open cell at least [`TELEPORT_AWAY_STEPS`] from `from`, drawn from the play's dice;
    /// out of the player's view unless `in_view_too`; never one shut off from where the player
    /// arrived on the level (a vault behind its locked door, where a player teleported in
    /// would be shut in for good once its cages closed).
    pub(super) fn far_cell(&mut self, from: ICoord, in_view_too: bool) -> Option<ICoord> {
        let visibility = &self.visibility;
        let world = &self.world;
        let reached = world.walkable_from(self.progress.arrived_at);
        let allowed = |cell: ICoord| {
            (in_view_too || !visibility.sees(world, cell)) && reached.get(cell) == Some(&true)
        };
        world.open_cell_far_from(from, TELEPORT_AWAY_STEPS, allowed, &mut self.chronicle.rng)
    }

    /// The mark turns to the sender's side, by its wounds: surely when nearly dead, never at
    /// full health (Brogue's wand of domination).
    pub(super) fn dominate_at(&mut self, by: Entity, what: Missile, at: ICoord) {
        let Some(npc) = self.mark_at(by, what, at) else {
            return;
        };
        let Some(kind) = self.world.npc_kind(npc) else {
            return;
        };
        let side = self.world.side_of(by).unwrap_or(Side::Hero);
        if self.world.side_of(npc) == Some(side) {
            return;
        }
        let hit_points = self
            .world
            .hit_points(npc)
            .unwrap_or(crate::world::HitPoints::full(1));
        let (part, whole) = DOMINATION_SURE_AT;
        let sure = hit_points.current * whole <= hit_points.max * part;
        let lost =
            100 * (hit_points.max - hit_points.current.min(hit_points.max)) / hit_points.max.max(1);
        let took = sure || self.chronicle.rng.random_range(0..100) < lost;
        if took {
            self.world.set_side(npc, side);
            self.minds
                .agents
                .insert(npc, Agent::freed(self.progress.turn));
            self.rebuild_npc_lists();
        }
        self.scratch
            .events
            .push(GameEvent::Magic(MagicEvent::Dominated { kind, took }));
    }

    /// The mark is pulled along the line to the cell beside the sender (or as near as the way
    /// is free).
    pub(super) fn beckon(&mut self, by: Entity, what: Missile, at: ICoord) {
        let Some(npc) = self.mark_at(by, what, at) else {
            return;
        };
        let from = self.world.coord_of(by);
        let landing = super::flight_cells(from, at, at)
            .take_while(|&cell| cell != at && !self.world.has_character(cell))
            .find(|&cell| !self.world.blocks_walking(cell));
        let target = self.actor(npc);
        if let Some(to) = landing {
            self.world.put_character(npc, to);
        }
        self.scratch
            .events
            .push(GameEvent::Magic(MagicEvent::Beckoned { target }));
    }

    /// The mark loses its magic: no bolt, no burst, and no spell on it (confusion, slowness).
    pub(super) fn negate_at(&mut self, by: Entity, what: Missile, at: ICoord) {
        let Some(npc) = self.mark_at(by, what, at) else {
            return;
        };
        self.negate(npc);
    }

    pub(super) fn negate(&mut self, npc: Entity) {
        if let Some(agent) = self.minds.agents.get_mut(npc) {
            agent.negated = true;
            agent.confused_for = 0;
            agent.slowed_for = 0;
        }
        let target = self.actor(npc);
        self.scratch
            .events
            .push(GameEvent::Magic(MagicEvent::Negated { target }));
    }
}
