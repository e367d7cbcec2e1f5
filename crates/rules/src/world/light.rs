//! Light on the level as sight and the look cursor ask it: what glows (`lights`), what
//! characters carry and what burns, summed cell by cell. Light goes where sight goes: it reaches
//! a cell along a line with nothing that blocks sight strictly between (a closed door stops it,
//! an open one lets it through). The player's own light is the player's sight's business
//! (`visibility`); this is the rest of it. Whole numbers throughout: the same light on every
//! platform.

use coord_2d::ICoord;
use entity_table::Entity;
use grid_2d::Grid;

use super::World;
use super::light_shape::square;
use crate::content::LightKind;

/// Light at a cell: the kind that gives most of what is not the player's own (how much light
/// a cell has is sight's question, answered from the lit grid).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LightHere {
    /// The light that gives the cell most of its light, if any does.
    pub strongest: Option<LightKind>,
}

impl LightHere {
    fn add(&mut self, kind: LightKind, amount: u32, strongest_amount: &mut u32) {
        if amount > *strongest_amount {
            *strongest_amount = amount;
            self.strongest = Some(kind);
        }
    }
}

impl World {
    /// The light at `cell` from everything but the player's own light: what glows on the level
    /// and what characters carry.
    pub fn light_at(&self, cell: ICoord) -> u32 {
        if self.derived.lights.carriers().is_empty() {
            return self.fixed_light_at(cell);
        }
        self.fixed_light_at(cell) + self.carried_light_at(cell, |_, _| ())
    }

    /// [`World::light_at`] with the carried light of only the carriers listed (by
    /// [`World::carried_lights_near`]): asked of every cell in view, where asking every
    /// carrier on the level where it stands and what it carries cost a turn of a crowd more
    /// than the rest of its sight.
    pub fn light_at_among(&self, cell: ICoord, carried: &[(ICoord, LightKind)]) -> u32 {
        let fixed = self.fixed_light_at(cell);
        if carried.is_empty() {
            return fixed;
        }
        let from = |&(at, kind): &(ICoord, LightKind)| self.carried_light_from(at, kind, cell);
        fixed + carried.iter().map(from).sum::<u32>()
    }

    /// Where each carrier of light that may reach within `reach` cells (along either axis) of
    /// `centre` stands and what light it carries, into `out` (emptied first). Carriers are
    /// few: the list grows only when the level's carriers have.
    pub fn carried_lights_near(
        &self,
        centre: ICoord,
        reach: i32,
        out: &mut Vec<(ICoord, LightKind)>,
    ) {
        out.clear();
        out.reserve(self.derived.lights.carriers().len());
        let reach = reach + crate::content::LIGHT_REACH_MAX as i32;
        // Where it stands first: on a level of thousands of carriers most are far, and what
        // each carries is a second lookup.
        for &carrier in self.derived.lights.carriers() {
            let Some(at) = self.spatial_table.coord_of(carrier) else {
                continue;
            };
            if (at.x - centre.x).abs().max((at.y - centre.y).abs()) > reach {
                continue;
            }
            if let Some(kind) = self.npc_kind(carrier).and_then(|k| k.rules().light) {
                out.push((at, kind));
            }
        }
    }

    /// Every cell's light as it glows, where that is all the light there is but what is carried:
    /// no source waits to be worked out again and nothing burns. A cell's light is then one
    /// read (the player's view reads hundreds a turn).
    pub fn settled_glow(&self) -> Option<&Grid<u32>> {
        let glow = self.derived.lights.glow_if_settled();
        glow.filter(|_| self.fires().cells().is_empty())
    }

    /// What glows on the level and what burns, at `cell`: its light but what is carried.
    fn fixed_light_at(&self, cell: ICoord) -> u32 {
        self.derived.lights.glow_at(cell) + self.fire_light_at(cell, |_, _| ())
    }

    /// Which light gives the cell most of [`World::light_at`]: for drawing it in its colour.
    pub fn light_here(&self, cell: ICoord) -> LightHere {
        let mut here = LightHere::default();
        let mut strongest = 0;
        if cell.is_valid(self.size()) {
            (self.derived.lights)
                .each_glow_at(cell, |kind, amount| here.add(kind, amount, &mut strongest));
        }
        self.carried_light_at(cell, |kind, amount| here.add(kind, amount, &mut strongest));
        self.fire_light_at(cell, |kind, amount| here.add(kind, amount, &mut strongest));
        here
    }

    /// Works out the light of every source of a new level (or one read back from a save).
    pub(super) fn light_up(&mut self) {
        let size = self.size();
        let (lights, occupied) = (&mut self.derived.lights, &self.derived.occupied);
        let blocks_sight = |cell: ICoord| {
            (occupied.get(cell)).is_none_or(|&bits| bits & super::cell_bits::BLOCKS_SIGHT != 0)
        };
        lights.light_up(size, blocks_sight);
    }

    /// Something that blocks sight may have come or gone at `cell`: the walls of the sources
    /// round it follow, and those whose walls changed are pending.
    pub(super) fn light_changed_at(&mut self, cell: ICoord) {
        let blocks = self.blocks_sight(cell);
        self.derived.lights.wall_changed_at(cell, blocks);
    }
    /// Works out the footprints of the pending sources whose light may reach the box of
    /// `reach` cells round `centre`: what the player's sight asks next costs a read a cell.
    pub fn refresh_light_near(&mut self, centre: ICoord, reach: i32) {
        let size = self.size();
        self.derived.lights.refresh_near(centre, reach, size);
    }

    /// The light the characters that carry one cast on `cell`, each told to `add`.
    fn carried_light_at(&self, cell: ICoord, mut add: impl FnMut(LightKind, u32)) -> u32 {
        let mut sum = 0;
        for &carrier in self.derived.lights.carriers() {
            let Some(kind) = self.npc_kind(carrier).and_then(|k| k.rules().light) else {
                continue;
            };
            let amount = self.carried_light_from(self.coord_of(carrier), kind, cell);
            if amount > 0 {
                sum += amount;
                add(kind, amount);
            }
        }
        sum
    }

    /// The light a carrier of `kind` standing at `at` casts on `cell`: none where a wall
    /// stands between.
    fn carried_light_from(&self, at: ICoord, kind: LightKind, cell: ICoord) -> u32 {
        let offset = cell - at;
        let amount = self.derived.lights.brightness_at(kind, offset);
        let square = square(kind.rules().radius);
        let Some(bit) = square.bit_of(offset).filter(|_| amount > 0) else {
            return 0;
        };
        match (square.cells_between(bit).iter()).any(|&between| self.blocks_sight(at + between)) {
            true => 0,
            false => amount,
        }
    }

    /// The light the burning cells round `cell` cast on it, each told to `add`: looked for in
    /// the square a fire's light reaches, so a turn's light costs a few reads a cell seen
    /// whatever burns elsewhere, and nothing at all while nothing burns.
    fn fire_light_at(&self, cell: ICoord, mut add: impl FnMut(LightKind, u32)) -> u32 {
        if self.fires().cells().is_empty() {
            return 0;
        }
        let kind = LightKind::FIRE;
        let square = square(kind.rules().radius);
        let r = square.radius;
        let mut sum = 0;
        for dy in -r..=r {
            for dx in -r..=r {
                let at = cell + ICoord::new(dx, dy);
                if !self.fires().is_burning(at) {
                    continue;
                }
                let offset = cell - at;
                let amount = self.derived.lights.brightness_at(kind, offset);
                let Some(bit) = square.bit_of(offset).filter(|_| amount > 0) else {
                    continue;
                };
                if !(square.cells_between(bit).iter())
                    .any(|&between| self.blocks_sight(at + between))
                {
                    sum += amount;
                    add(kind, amount);
                }
            }
        }
        sum
    }

    /// A character that carries a light has come (spawned) or gone (died): the list of
    /// carriers follows.
    pub(super) fn note_carrier(&mut self, entity: Entity, alive: bool) {
        let carries = (self.npc_kind(entity)).is_some_and(|kind| kind.rules().light.is_some());
        if !carries {
            return;
        }
        let carriers = self.derived.lights.carriers_mut();
        match (alive, carriers.binary_search(&entity)) {
            (true, Err(at)) => carriers.insert(at, entity),
            (false, Ok(at)) => {
                carriers.remove(at);
            }
            _ => (),
        }
    }
}
