//! What `World` keeps for speed beside its facts: grids and lists worked out from the tables
//! (what stops sight or feet on each cell, what burns there, the light, who is an ally, who
//! swims, where each side stands), counts of changes that the maps and the player's memory
//! read to know when they are stale, and what the game tells the world of its own state (the
//! gear in use, who floats, who does not burn).
//!
//! None of it is saved. A loaded world builds it all again ([`World::rebuild_derived`]), so a
//! cache that drifts from its facts would play differently after a reload than straight
//! through: the invariants ([`World::derived_violations`]) compare every grid and list with one
//! built afresh from the facts, in tests and random play. The counts cannot be compared with a
//! rebuild (a rebuild starts them again); what reads them is checked instead (the player's
//! memory of what is in view against the cells themselves, in `game`'s invariants).

use coord_2d::{ICoord, UCoord};
use entity_table::Entity;
use grid_2d::Grid;

use super::ground_log::GroundLog;
use super::lights::Lights;
use super::side_marks::SideMarks;
use super::{Side, Tile, World};
use crate::balance::{self, AttackDice};
use crate::content::{LightKind, NpcTrait};

/// What every cell's change count starts at: never the count a memory starts with (0), so a
/// new or loaded world's cells are all remembered afresh the first time they are in view.
pub const FIRST_CHANGE: u32 = 1;

/// The player's weapon and armour as blows see them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gear {
    pub attack: AttackDice,
    /// A blow that lands on the player loses 0 to this much of its damage (one roll).
    pub armour: u32,
}

impl Gear {
    /// Bare: the player's own blade, no armour.
    pub const BARE: Self = Self {
        attack: balance::PLAYER_ATTACK,
        armour: 0,
    };
}

#[derive(Debug)]
pub(super) struct Derived {
    /// A bit for each fact of each cell's ground ([`super::cell_bits::BLOCKS_SIGHT`],
    /// `BLOCKS_WALKING`, `STOPS_MISSILES`) and one for a character standing there
    /// (`CHARACTER`): what sight, steps, flights and every distance map ask, thousands of times a
    /// turn. One byte a cell keeps it in the caches on the largest maps, where the spatial
    /// table's cells are far bigger.
    pub occupied: Grid<u8>,
    /// What fire finds on each cell, a byte a cell (see [`World::fuel_byte`]): a turn of fire
    /// asks it of four neighbours of every burning cell, tens of thousands of times on a cavern
    /// ablaze, where the spatial table's cell and the tile of each of its ground entities would
    /// be three reads far apart.
    pub fuel: Grid<u8>,
    /// Where a trap's plate lies, hidden or found: natives step round them, and every step
    /// of theirs asks.
    pub plates: super::plates::Plates,
    /// What glows on the level and who carries a light.
    pub lights: Lights,
    /// The living NPCs on the player's side, in spawn order: few, so reading them is cheap
    /// where every NPC would not be.
    pub allies: Vec<Entity>,
    /// Where the player's side and the captives stand.
    pub side_marks: SideMarks,
    /// The characters that live in deep water, in spawn order: every step asks, and most
    /// levels have none.
    pub swimmers: Vec<Entity>,
    /// How many times what each cell shows has changed (something arrived, left, died or was
    /// taken), so the player's memory of a cell in view is refreshed only when it changed. A
    /// loaded world counts from [`FIRST_CHANGE`] again.
    pub changes: Grid<u32>,
    /// How many times anything that stops sight has come or gone within the player's sight
    /// radius (a door opened or closed, a door burnt away, crystal dissolved): what the player
    /// sees from a cell changes only with this.
    pub sight_moved_near: u64,
    /// How many times anything that stops sight has come or gone anywhere on the level (a door
    /// opened or closed, a wall grown or gone): from a cell the player stood on before, with
    /// this as it was then, the same cells are in view.
    pub sight_changes: u64,
    /// How many times a character of the player's side has moved, arrived or died: the maps
    /// that lead to them stay right while this stands still.
    pub heroes_moved: u64,
    /// How many times ground has opened or closed to feet for good (a secret door found, a
    /// locked door opened, cages fallen, a door burnt away), and where lately: every map over
    /// the ground stays right while the count stands still, and a map of bounded reach while
    /// none of the changes came within it. A loaded game's maps are all measured afresh.
    pub ground_log: GroundLog,
    /// How many times fire or gas has changed.
    pub hazard_changes: u64,
    /// What the player fights with and in: set by the game from what it has in use.
    pub player_gear: Gear,
    /// The characters that float over water and chasms (a levitating player): set by the game.
    pub flying: Vec<Entity>,
    /// The characters fire neither catches nor harms beyond their kinds: set by the game.
    pub fireproof: Vec<Entity>,
}

impl Derived {
    /// Nothing worked out yet, for a level of `size`: the world fills it in as it is built.
    pub fn new(size: UCoord) -> Self {
        Self {
            occupied: Grid::new_copy(size, 0),
            fuel: Grid::new_copy(size, 0),
            plates: super::plates::Plates::new(size),
            lights: Lights::new(size, Vec::new()),
            allies: Vec::new(),
            side_marks: SideMarks::new(size),
            swimmers: Vec::new(),
            changes: Grid::new_copy(size, FIRST_CHANGE),
            sight_moved_near: 0,
            sight_changes: 0,
            heroes_moved: 0,
            ground_log: GroundLog::default(),
            hazard_changes: 0,
            player_gear: Gear::BARE,
            flying: Vec::with_capacity(1),
            fireproof: Vec::with_capacity(1),
        }
    }
}

/// What the game has told the world of its own state, for the game to compare with that state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToldByGame<'a> {
    pub player_gear: Gear,
    pub flying: &'a [Entity],
    pub fireproof: &'a [Entity],
}

impl World {
    /// Rebuilds what is derived from the tables, after loading.
    pub fn rebuild_derived(&mut self) {
        let size = self.size();
        let glowing = self.derive_cell_grids();
        self.derived.changes = Grid::new_copy(size, FIRST_CHANGE);
        self.rebuild_allies();
        self.rebuild_side_marks();
        self.derived.lights = Lights::new(size, glowing);
        self.light_up();
        for npc in self.npcs.clone() {
            self.note_carrier(npc, true);
        }
        self.derived.swimmers = self.swimmers_rebuilt();
    }

    /// The gear, the floating and the fireproof as the game last told them.
    pub fn told_by_game(&self) -> ToldByGame<'_> {
        ToldByGame {
            player_gear: self.derived.player_gear,
            flying: &self.derived.flying,
            fireproof: &self.derived.fireproof,
        }
    }

    /// The living NPCs on the player's side, in spawn order, from their sides.
    pub(super) fn allies_rebuilt(&self) -> Vec<Entity> {
        let allies = (self.npcs.iter()).filter(|&&npc| self.side_of(npc) == Some(Side::Hero));
        allies.copied().collect()
    }

    /// The living NPCs that live in deep water, in spawn order, from their kinds.
    fn swimmers_rebuilt(&self) -> Vec<Entity> {
        let swims = |npc: &&Entity| {
            (self.npc_kind(**npc)).is_some_and(|k| k.rules().has(NpcTrait::Submerges))
        };
        self.npcs.iter().filter(swims).copied().collect()
    }

    /// The living NPCs that carry a light, in the carriers' order (by entity).
    fn carriers_rebuilt(&self) -> Vec<Entity> {
        let carries =
            |npc: &&Entity| (self.npc_kind(**npc)).is_some_and(|k| k.rules().light.is_some());
        let mut carriers: Vec<Entity> = self.npcs.iter().filter(carries).copied().collect();
        carriers.sort();
        carriers
    }

    /// The cells whose ground glows, and their light, from the ground on them now: the floor's
    /// light before the feature's, in row order.
    fn glowing_rebuilt(&self) -> Vec<(ICoord, LightKind)> {
        let mut glowing = Vec::new();
        for (coord, layers) in self.spatial_table.enumerate() {
            for entity in [layers.floor, layers.feature].into_iter().flatten() {
                if let Some(&Tile::Ground(ground)) = self.components.tile.get(entity)
                    && let Some(light) = ground.rules().light
                {
                    glowing.push((coord, light));
                }
            }
        }
        glowing
    }

    /// Every derived grid and list that disagrees with one built afresh from the facts.
    pub(super) fn derived_violations(&self) -> Vec<String> {
        let mut problems = self.cell_grid_violations();
        problems.extend(self.side_mark_violations());
        let lists = [
            ("allies", &self.derived.allies[..], self.allies_rebuilt()),
            (
                "swimmers",
                &self.derived.swimmers[..],
                self.swimmers_rebuilt(),
            ),
            (
                "carriers of light",
                self.derived.lights.carriers(),
                self.carriers_rebuilt(),
            ),
        ];
        for (name, kept, rebuilt) in lists {
            if *kept != rebuilt {
                problems.push(format!("the {name} are {kept:?}, rebuilt {rebuilt:?}"));
            }
        }
        problems.extend(self.light_violations());
        problems
    }

    /// Every cell whose occupied or fuel byte, plate or gas wall disagrees with what stands on it.
    fn cell_grid_violations(&self) -> Vec<String> {
        let mut problems = Vec::new();
        problems.extend(self.derived.plates.count_violation());
        for (coord, layers) in self.spatial_table.enumerate() {
            let occupied = self.occupied_bits(layers);
            if self.derived.occupied.get(coord) != Some(&occupied) {
                problems.push(format!(
                    "{coord}: the occupied grid says {:?}, the cell {occupied}",
                    self.derived.occupied.get(coord)
                ));
            }
            let fuel = self.fuel_byte(coord);
            if self.derived.fuel.get(coord) != Some(&fuel) {
                problems.push(format!(
                    "{coord}: the fuel grid says {:?}, the cell {fuel}",
                    self.derived.fuel.get(coord)
                ));
            }
            let (feature, floor) = self.grounds_of(layers);
            let plate = super::cell_bits::plate_of_grounds(feature, floor);
            if self.derived.plates.at(coord) != plate {
                problems.push(format!(
                    "{coord}: the plates say {}, the cell {plate}",
                    self.derived.plates.at(coord)
                ));
            }
            let wall = super::gas::wall_of(feature, floor);
            if self.gases.wall_at(coord) != wall {
                problems.push(format!(
                    "{coord}: the gas walls say {}, the cell {wall}",
                    self.gases.wall_at(coord)
                ));
            }
        }
        problems
    }

    /// The light of what glows, as the kept light answers it (pending sources and all), against
    /// the light worked out afresh from the ground and the walls as they are now.
    fn light_violations(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let glowing = self.glowing_rebuilt();
        let kept = self.derived.lights.sources();
        if !kept.iter().copied().eq(glowing.iter().copied()) {
            problems.push(format!(
                "the glowing cells are {kept:?}, rebuilt {glowing:?}"
            ));
            return problems;
        }
        let mut fresh = Lights::new(self.size(), glowing);
        fresh.light_up(self.size(), |cell| self.blocks_sight(cell));
        for (coord, _) in self.spatial_table.enumerate() {
            let (kept, fresh) = (self.derived.lights.glow_at(coord), fresh.glow_at(coord));
            if kept != fresh {
                problems.push(format!("{coord}: glows {kept}, rebuilt {fresh}"));
            }
        }
        problems
    }
}
