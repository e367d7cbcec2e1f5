//! A level's machines in play (Brogue's): each knows its cells; a cell that sets its machine
//! off signals it, and every cell of it whose ground has an `on_signal` row becomes that kind,
//! once a signal, letting loose the feature its row names; and ground that changes of itself
//! (a crumbling floor) changes by chance a turn. What each does is its ground's rows.

use coord_2d::{ICoord, UCoord};
use rand::Rng;
use serde::{Deserialize, Serialize};
use spatial_table::Location;

use super::{Layer, Tile, World};
use crate::content::{FeatureKind, Ground, GroundLayer, MachineKind, NpcKind, Role};

/// The most machines a level holds, and cells a machine has, as a saved game may claim them.
pub(super) const MACHINES_MAX: usize = 16;
pub(super) const CELLS_MAX: usize = 4096;

/// A machine on the level: its blueprint, its cells, how often it has been set off, the
/// monsters still held dormant in its cells (Brogue's: out of play, in a wall or under a pool,
/// until a feature wakes them), each where it is held, and whether the player has seen it (a
/// lair is told on first sight).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Machine {
    pub kind: MachineKind,
    pub cells: Vec<ICoord>,
    pub signals: u16,
    pub dormant: Vec<(ICoord, NpcKind)>,
    pub seen: bool,
}

impl Machine {
    pub(super) fn from_spawn(spawn: &crate::terrain::MachineSpawn) -> Self {
        Self {
            kind: spawn.kind,
            cells: spawn.cells.clone(),
            signals: 0,
            dormant: spawn.dormant.clone(),
            seen: false,
        }
    }

    /// A machine a level could hold: its cells on the map, no more than a level has, its
    /// dormant monsters held in its cells, a few to a cell.
    pub(super) fn check(&self, size: UCoord) -> Result<(), String> {
        let held_in_it = (self.dormant.iter()).all(|(cell, _)| self.cells.contains(cell));
        if self.cells.len() > CELLS_MAX
            || !self.cells.iter().all(|c| c.is_valid(size))
            || self.dormant.len() > DORMANT_MAX
            || !held_in_it
        {
            return Err(format!(
                "a machine at {:?} no level could hold",
                self.cells.first()
            ));
        }
        Ok(())
    }
}

/// The most monsters a machine holds dormant, as a saved game may claim them.
const DORMANT_MAX: usize = 64;

/// The four sides of a cell.
const SIDES: [ICoord; 4] = [
    ICoord::new(0, -1),
    ICoord::new(1, 0),
    ICoord::new(0, 1),
    ICoord::new(-1, 0),
];

/// A feature a signal let loose: where it lands, and the cell of the machine that let it
/// loose (a wall's torch lands on the floor before it; what a wall holds comes out of it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Landing {
    pub at: ICoord,
    pub feature: FeatureKind,
    pub from: ICoord,
}

/// What a signal changed: the features to let loose.
pub type Landings = Vec<Landing>;

impl World {
    /// The level's machines.
    /// The first lair, set piece or shrine with a cell `in_view` the player had not seen, marked seen.
    pub fn first_sight_of_a_dead_end_room(
        &mut self,
        in_view: impl Fn(ICoord) -> bool,
    ) -> Option<MachineKind> {
        let machine = self.machines.iter_mut().find(|machine| {
            !machine.seen
                && matches!(
                    machine.kind.rules().role,
                    Role::Lair | Role::Scenery | Role::Shrine
                )
                && machine.cells.iter().any(|&cell| in_view(cell))
        })?;
        machine.seen = true;
        Some(machine.kind)
    }

    pub fn machines(&self) -> &[Machine] {
        &self.machines
    }

    /// The machines as a dump or a hand-made level sets them.
    pub fn set_machines(&mut self, machines: Vec<Machine>) {
        self.machines = machines;
    }

    /// Takes one of the monsters held dormant in `cell` out of its machine, if any is left:
    /// the caller brings it into play.
    pub fn take_dormant(&mut self, cell: ICoord) -> Option<NpcKind> {
        let machine = self.machine_at(cell)?;
        let held = &mut self.machines[machine].dormant;
        let at = held.iter().position(|&(c, _)| c == cell)?;
        Some(held.remove(at).1)
    }

    /// The machine `coord` belongs to, if any.
    pub fn machine_at(&self, coord: ICoord) -> Option<usize> {
        (self.machines.iter()).position(|machine| machine.cells.contains(&coord))
    }

    /// Sets off the machine at `index`: every cell of it whose ground says what it becomes on a
    /// signal becomes it (save ground that would shut on whoever stands there), and the
    /// features those cells let loose are added to `landings`, each where it lands (on the
    /// machine's floor before a wall that lets it loose: a torch falls from its bracket).
    pub fn signal_machine(&mut self, index: usize, landings: &mut Landings) {
        let Some(machine) = self.machines.get_mut(index) else {
            return;
        };
        machine.signals = machine.signals.saturating_add(1);
        for i in 0..self.machines[index].cells.len() {
            let cell = self.machines[index].cells[i];
            let Some((layer, ground)) = self.signalled_ground(cell) else {
                continue;
            };
            let rules = ground.rules();
            if let Some(feature) = rules.on_signal_feature {
                let at = self.lands_at(index, cell);
                landings.push(Landing {
                    at,
                    feature,
                    from: cell,
                });
            }
            if let Some(becomes) = rules.on_signal
                && !self.would_shut_on_someone(cell, becomes)
            {
                self.turn_ground(cell, layer, becomes);
            }
        }
    }

    /// Whether `cell` takes `ground` laid by a feature's blob: its ground is `onto` (none: any
    /// floor anyone walks on), bare of features, and not `ground` already.
    pub fn takes_ground(&self, cell: ICoord, ground: Ground, onto: Option<Ground>) -> bool {
        let Some(layers) = self.spatial_table.layers_at(cell) else {
            return false;
        };
        let (feature, floor) = self.grounds_of(layers);
        let bare = feature.is_none() && floor.is_some() && floor != Some(ground);
        let fits = match onto {
            Some(onto) => floor == Some(onto),
            None => floor.is_some_and(|g| !g.rules().blocks_walking),
        };
        bare && fits && !self.would_shut_on_someone(cell, ground)
    }

    /// Lays `ground` on `cell`'s floor (see [`World::takes_ground`]).
    pub fn lay_blob_ground(&mut self, cell: ICoord, ground: Ground) {
        self.turn_ground(cell, Layer::Floor, ground);
    }

    /// Ground nobody walks on would close over whoever stands on the cell (a portcullis, a
    /// flood): it is not laid there, and ground that changes of itself tries again next turn.
    /// (Ground that falls lets them fall instead.)
    fn would_shut_on_someone(&self, cell: ICoord, becomes: Ground) -> bool {
        let rules = becomes.rules();
        rules.blocks_walking && !rules.falls && self.has_character(cell)
    }

    /// The ground of the cell a signal changes: the feature's, else the floor's.
    fn signalled_ground(&self, cell: ICoord) -> Option<(Layer, Ground)> {
        let layers = self.spatial_table.layers_at(cell)?;
        let (feature, floor) = self.grounds_of(layers);
        let answers =
            |g: Ground| g.rules().on_signal.is_some() || g.rules().on_signal_feature.is_some();
        match (feature, floor) {
            (Some(g), _) if answers(g) => Some((Layer::Feature, g)),
            (_, Some(g)) if answers(g) => Some((Layer::Floor, g)),
            _ => None,
        }
    }

    /// Whether the cell changes when its machine goes off, or of itself once it has.
    pub fn answers_signal(&self, cell: ICoord) -> bool {
        self.signalled_ground(cell).is_some() || self.changing_ground(cell).is_some()
    }

    /// Where what `cell` of machine `index` lets loose lands: on the cell, or for ground nobody
    /// walks on (a wall), on the machine's floor before it.
    fn lands_at(&self, index: usize, cell: ICoord) -> ICoord {
        match self.blocks_walking(cell) {
            true => self.floor_before(index, cell).unwrap_or(cell),
            false => cell,
        }
    }

    /// The walkable cell of machine `index` beside `cell`, if any.
    fn floor_before(&self, index: usize, cell: ICoord) -> Option<ICoord> {
        let cells = &self.machines[index].cells;
        (SIDES.iter())
            .map(|&side| cell + side)
            .find(|c| cells.contains(c) && !self.blocks_walking(*c))
    }

    /// Whether any ground of a machine that has gone off still changes of itself.
    pub fn machines_changing(&self) -> bool {
        (self.machines.iter()).any(|machine| machine.signals > 0)
    }

    /// One turn of the ground that changes of itself in the machines that have gone off: each
    /// such cell, in the machines' order, becomes what it changes into by its chance (if it
    /// spreads, only beside a cell that had become it as the turn began: a step a turn at
    /// most). The cells that changed into ground that falls are left in `fell`, and the
    /// features the changes let loose (on the floor before a wall) in `landings`.
    pub fn change_ground<R: Rng>(
        &mut self,
        rng: &mut R,
        fell: &mut Vec<ICoord>,
        landings: &mut Landings,
    ) {
        fell.clear();
        for machine in self.machines.iter().filter(|machine| machine.signals > 0) {
            for &cell in &machine.cells {
                let Some((_, change)) = self.changing_ground(cell) else {
                    continue;
                };
                if change.spreading && !self.beside_kind(cell, change.into) {
                    continue;
                }
                if rng.random_range(0..100) < u32::from(change.chance) {
                    fell.push(cell);
                }
            }
        }
        for &cell in fell.iter() {
            if let Some((layer, change)) = self.changing_ground(cell)
                && !self.would_shut_on_someone(cell, change.into)
            {
                if let Some(feature) = change.feature
                    && let Some(index) = self.machine_at(cell)
                {
                    let at = self.lands_at(index, cell);
                    landings.push(Landing {
                        at,
                        feature,
                        from: cell,
                    });
                }
                self.turn_ground(cell, layer, change.into);
            }
        }
        fell.retain(|&cell| self.falls(cell));
    }

    fn changing_ground(&self, cell: ICoord) -> Option<(Layer, crate::content::Change<Ground>)> {
        let layers = self.spatial_table.layers_at(cell)?;
        let (feature, floor) = self.grounds_of(layers);
        [(Layer::Feature, feature), (Layer::Floor, floor)]
            .into_iter()
            .find_map(|(layer, ground)| Some((layer, ground?.rules().changes?)))
    }

    /// A cell beside `cell` (on a side) is of `kind`.
    fn beside_kind(&self, cell: ICoord, kind: Ground) -> bool {
        (SIDES.iter()).any(|&side| self.ground_at(cell + side) == kind)
    }

    /// The ground on `layer` at `cell` becomes `becomes`: in its place if that is the same
    /// layer (grass into burnt ground), else gone and the new kind laid in its own layer over
    /// what it stands on (a portcullis over its doorway's floor), or nothing if its layer is
    /// taken (a chasm's floor gone with it).
    pub(super) fn turn_ground(&mut self, cell: ICoord, layer: Layer, becomes: Ground) {
        let Some(layers) = self.spatial_table.layers_at(cell).copied() else {
            return;
        };
        let entity = match layer {
            Layer::Feature => layers.feature,
            _ => layers.floor,
        };
        let Some(entity) = entity else {
            return;
        };
        let was = match self.components.tile.get(entity) {
            Some(&Tile::Ground(ground)) => ground,
            _ => return,
        };
        let layer_of = |g: Ground| match g.rules().layer {
            GroundLayer::Floor => Layer::Floor,
            GroundLayer::Feature => Layer::Feature,
        };
        if layer_of(becomes) == layer {
            self.components.tile.insert(entity, Tile::Ground(becomes));
        } else {
            self.despawn(entity);
            let taken = |layers: Option<&super::Layers>, layer: Layer| match layer {
                Layer::Floor => layers.is_some_and(|l| l.floor.is_some()),
                _ => layers.is_some_and(|l| l.feature.is_some()),
            };
            if let Some(under) = becomes.rules().on
                && !taken(self.spatial_table.layers_at(cell), Layer::Floor)
            {
                self.spawn(Location::from((cell, Layer::Floor)), Tile::Ground(under));
            }
            let standing =
                (self.spatial_table.layers_at(cell)).and_then(|l| match layer_of(becomes) {
                    Layer::Floor => l.floor,
                    _ => l.feature,
                });
            match standing {
                // What stood on the floor gone, the floor under it changes too (a pool
                // overflowing into the flood round it).
                Some(under) => {
                    self.components.tile.insert(under, Tile::Ground(becomes));
                }
                None => {
                    self.spawn(
                        Location::from((cell, layer_of(becomes))),
                        Tile::Ground(becomes),
                    );
                }
            }
        }
        self.refresh_bits(cell);
        self.derived.ground_log.note(cell);
        // A torch working loose in its bracket glows as it did: only a light that came, went
        // or changed kind is worked out again (from the whole map, which allocates).
        if was.rules().light != becomes.rules().light {
            self.relight();
        }
    }

    /// The level's lights worked out again from what glows now (a torch fallen from its
    /// bracket): rare, so from the whole map.
    fn relight(&mut self) {
        let carriers = std::mem::take(self.derived.lights.carriers_mut());
        let mut glowing = Vec::new();
        for (coord, layers) in self.spatial_table.enumerate() {
            let (feature, floor) = self.grounds_of(layers);
            for ground in [floor, feature].into_iter().flatten() {
                glowing.extend(ground.rules().light.map(|light| (coord, light)));
            }
        }
        self.derived.lights = super::lights::Lights::new(self.size(), glowing);
        *self.derived.lights.carriers_mut() = carriers;
        self.light_up();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Each cell knows its machine, and a cell of none none.
    #[test]
    fn each_cell_knows_its_machine() {
        let (terrain, _) = crate::terrain::from_ascii(&["#####", "#@..#", "#####"]).expect("map");
        let mut world = World::from_terrain(&terrain);
        let kind = MachineKind::all().next().expect("a machine");
        let (first, second) = (ICoord::new(2, 1), ICoord::new(3, 1));
        let machine = |cell| Machine {
            kind,
            cells: vec![cell],
            signals: 0,
            dormant: Vec::new(),
            seen: false,
        };
        world.set_machines(vec![machine(first), machine(second)]);
        assert_eq!(world.machine_at(first), Some(0));
        assert_eq!(world.machine_at(second), Some(1));
        assert_eq!(world.machine_at(ICoord::new(1, 1)), None);
    }

    /// A gas chamber's doorway (its raised portcullis) with an orc standing in it, and the
    /// lever: the signal starts the portcullis falling, and it lands only once the orc is out
    /// from under it, never on it; the lever lifts it.
    #[test]
    fn a_portcullis_falls_only_once_nobody_stands_under_it() {
        let (mut terrain, _) =
            crate::terrain::from_ascii(&["######", "#@.o.#", "######"]).expect("a map");
        let door = ICoord::new(3, 1);
        let lever = ICoord::new(3, 2);
        let ground = |letter| Ground::from_map_letter(letter).expect("a kind");
        *terrain.grid.get_checked_mut(door) = ground('╤');
        *terrain.grid.get_checked_mut(lever) = ground('⌐');
        let mut world = World::from_terrain(&terrain);
        let machine = Machine {
            kind: MachineKind::all().next().expect("a machine"),
            cells: vec![door, lever],
            signals: 0,
            dormant: Vec::new(),
            seen: false,
        };
        world.set_machines(vec![machine]);
        let mut rng = rand_isaac::Isaac64Rng::seed_from_u64(1);
        let (mut landings, mut fell) = (Vec::new(), Vec::new());
        world.signal_machine(0, &mut landings);
        for _ in 0..3 {
            world.change_ground(&mut rng, &mut fell, &mut landings);
        }
        assert!(!world.blocks_walking(door), "not on the orc");
        let orc = world.character_at(door).expect("the orc");
        world.put_character(orc, ICoord::new(4, 1));
        world.change_ground(&mut rng, &mut fell, &mut landings);
        assert!(world.blocks_walking(door), "down once it stepped away");
        let under = world.tiles_at(door).floor;
        assert_eq!(
            under,
            Some(Tile::Ground(Ground::FLOOR)),
            "over its doorway's floor"
        );
        world.signal_machine(0, &mut landings);
        assert!(!world.blocks_walking(door), "and up again by its lever");
        world.signal_machine(0, &mut landings);
        world.change_ground(&mut rng, &mut fell, &mut landings);
        assert!(!world.blocks_walking(door), "for good");
    }
}
