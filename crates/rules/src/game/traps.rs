//! Traps: a step onto a pressure plate (by whoever walks: not a flyer, nor a swimmer under the
//! water) or an item landing on it sets off the feature its row names (`content/features.ron`),
//! and a hidden trap that goes off is found. The plate stays armed. A machine's flagstone is
//! pressed the same way, and sets its machine off instead. What a feature does is one
//! rule a fact: gas let out, fire set round, whoever is near held fast, a bell every monster
//! near hears, the floor giving way.

use coord_2d::ICoord;
use direction::CardinalDirections;
use entity_table::Entity;
use rand::Rng;

use super::{Game, GameEvent, TurnOutcome};
use crate::behaviour::{Agent, Noise};
use crate::content::{Blob, FeatureKind, Trigger};
use crate::game::DungeonEvent;

/// How far from where a feature lands what it lets out may stand.
const BURST_REACH: i32 = 2;

impl Game {
    /// `who` has just stepped onto `at`: a plate there goes off under it. The turn's outcome
    /// if the player fell through the floor. Always inlined into every step: a plain hint was
    /// dropped when the plate's rare part grew.
    #[inline(always)]
    pub(super) fn stepped_onto(&mut self, who: Entity, at: ICoord) -> Option<TurnOutcome> {
        // Every step of every character asks: most cells hold no plate, and most levels none.
        if !self.world.is_trap(at) {
            return None;
        }
        self.stepped_onto_a_plate(who, at)
    }

    fn stepped_onto_a_plate(&mut self, who: Entity, at: ICoord) -> Option<TurnOutcome> {
        if self.world.flies(who, self.world.npc_kind(who)) || self.world.is_submerged(who) {
            return None;
        }
        // A spider walks the strands of a web (a plate that holds) without tearing them.
        let holds = (self.world.ground_at(at).rules().pressure_plate)
            .is_some_and(|feature| feature.rules().holds > 0);
        if holds && self.world.walks_webs(who) {
            return None;
        }
        self.press(at, Some(who))
    }

    /// An item has just landed on `at` (thrown): a plate there goes off under its weight.
    pub(super) fn landed_on(&mut self, at: ICoord) {
        // What the player throws lands away from it, so no fall of the player follows.
        if self.world.is_trap(at) {
            self.press(at, None);
        }
    }

    /// The plate at `at` is pressed, by `who` or by an item landing: a trap's springs, a
    /// machine's flagstone sets its machine off.
    fn press(&mut self, at: ICoord, who: Option<Entity>) -> Option<TurnOutcome> {
        match self.world.ground_at(at).rules().signals == Some(Trigger::SteppedOn) {
            true => self.set_off_machine_at(at),
            false => self.spring(at, who),
        }
    }

    fn spring(&mut self, at: ICoord, who: Option<Entity>) -> Option<TurnOutcome> {
        let feature = self.world.ground_at(at).rules().pressure_plate?;
        // Gone off, a hidden plate shows.
        self.world.reveal_secret(at);
        let trap = self.world.ground_at(at);
        let event = GameEvent::Dungeon(DungeonEvent::TrapSprung {
            at,
            trap,
            who: who.map(|who| self.actor(who)),
        });
        match who {
            Some(who) => self.tell(who, event),
            None => self.tell_at(at, event),
        }
        self.let_loose(feature, at, at)
    }

    /// What `feature` does, landing on `at`, let loose by the cell `from` (a plate, or a
    /// machine's wall, pool or vent), and the feature it lets loose `then`. A floor that gives
    /// way goes last, after what follows it.
    pub(super) fn let_loose(
        &mut self,
        feature: FeatureKind,
        at: ICoord,
        from: ICoord,
    ) -> Option<TurnOutcome> {
        let rules = *feature.rules();
        if let Some((gas, volume)) = rules.gas {
            self.world.release_gas(at, gas, volume);
        }
        if let Some(reach) = rules.flames {
            self.set_fire_round(at, reach);
        }
        if rules.holds > 0 {
            self.hold_round(at, rules.holds);
        }
        if rules.alarm {
            self.make_noise(Noise::alarm(at));
        }
        if rules.wakes {
            self.wake_dormant(from, at);
        }
        if rules.commutes {
            self.commute(from);
        }
        if let Some(blob) = rules.ground {
            self.lay_blob(at, blob);
        }
        if let Some(next) = rules.then {
            let event = DungeonEvent::FeatureLetLoose { feature: next, at };
            self.tell_at(at, GameEvent::Dungeon(event));
            if let Some(fell) = self.let_loose(next, at, from) {
                return Some(fell);
            }
        }
        if rules.drops {
            return self.drop_through(at);
        }
        None
    }

    /// Lays `blob`'s ground on `at`, then a step at a time out from the cells laid the step
    /// before: each cell beside one that takes the ground gets it with the chances left, in
    /// compass order, `falloff` fewer each step, until none are left.
    fn lay_blob(&mut self, at: ICoord, blob: Blob) {
        let Blob {
            ground,
            start,
            falloff,
            onto,
        } = blob;
        if self.world.takes_ground(at, ground, onto) {
            self.world.lay_blob_ground(at, ground);
        }
        let (mut last, mut laid) = std::mem::take(&mut self.scratch.blob);
        last.clear();
        last.push(at);
        let mut chance = u32::from(start);
        while chance > 0 && !last.is_empty() {
            laid.clear();
            for &cell in &last {
                for direction in CardinalDirections {
                    let beside = cell + direction.coord();
                    if self.world.takes_ground(beside, ground, onto)
                        && self.chronicle.rng.random_range(0..100) < chance
                    {
                        self.world.lay_blob_ground(beside, ground);
                        laid.push(beside);
                    }
                }
            }
            std::mem::swap(&mut last, &mut laid);
            chance = chance.saturating_sub(u32::from(falloff));
        }
        self.scratch.blob = (last, laid);
    }

    /// The monsters held dormant in `from` burst out onto the free cells nearest `at`, awake
    /// and coming for where the player stands; one with no room to come out is lost in the
    /// rubble (nothing would wake it again).
    fn wake_dormant(&mut self, from: ICoord, at: ICoord) {
        let (player, turn) = (self.world.player_coord(), self.progress.turn);
        while let Some(kind) = self.world.take_dormant(from) {
            if let Some(cell) = self.free_cell_round(kind, at, BURST_REACH) {
                let agent = Agent::roused(player, cell, turn);
                self.join(kind, cell, crate::world::Side::Dungeon, Some(agent));
            }
        }
    }

    /// Whoever stands on `at` or beside it, and walks, is held fast for `tries`.
    fn hold_round(&mut self, at: ICoord, tries: u16) {
        for dy in -1..=1 {
            for dx in -1..=1 {
                let cell = at + ICoord::new(dx, dy);
                if let Some(character) = self.world.character_at(cell)
                    && !self.world.flies(character, self.world.npc_kind(character))
                {
                    self.world.hold(character, tries);
                }
            }
        }
    }

    /// The floor at `at` gives way: what lies there is lost, a monster standing there falls to
    /// its death below (lost to the level), the player falls to the next depth.
    fn drop_through(&mut self, at: ICoord) -> Option<TurnOutcome> {
        self.drop_from(at, |who| DungeonEvent::FellThrough { who }.into())
            .then(|| self.fall_through_floor())
    }
}
