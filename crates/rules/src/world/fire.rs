//! Fire on the level: which cells burn, how fire spreads to what can catch, and what burnt
//! ground becomes. A turn's fire looks only at the cells that burn (a list, in the order they
//! caught), never at the whole level; its changes are kept for the game to tell and to act on
//! (a bridge that fell, a door burnt away, methane that went up).
//!
//! Ground burns by its row (`content/ground.ron`, `fire`): grass catches 15 in a hundred a turn
//! while fire touches it, dead grass 40, doors and bridges 50; water never burns and puts fire
//! out. Fire on ground that cannot burn (a fireball over bare floor, methane going up) is a
//! flash: it burns for the turn it was lit and is gone.

use coord_2d::{ICoord, UCoord};
use direction::CardinalDirections;
use grid_2d::Grid;
use rand::Rng;
use serde::{Deserialize, Serialize};

use super::{Layer, Tile, World};
use crate::balance;
use crate::content::Ground;
use spatial_table::Location;

/// How a cell burns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Flame {
    /// Ground that catches: it burns until a roll puts it out, then is what its row burns into.
    Burning,
    /// Ground that cannot burn, alight for one turn.
    Flash,
}

/// What the last turn's fire did, for the game to tell and act on.
#[derive(Debug, Default)]
pub struct FireChanges {
    /// Ground that burnt out and what it became.
    pub burnt: Vec<(ICoord, Ground, Ground)>,
    /// Methane that went up: where, which gas, and how much stood there.
    pub flashes: Vec<(ICoord, crate::content::GasKind, u16)>,
}

/// In a cell's fuel byte: the ground there puts fire out (water).
const WET: u8 = 0x80;
/// In a cell's fuel byte: the chance in a hundred that what burns there catches (0: nothing).
const CATCHES: u8 = 0x7f;

/// Room in each list of fire and gas for a room's worth of cells and more, so a fire or a
/// cloud of the usual size never grows a list in mid-turn (a cave ablaze grows them once).
pub(super) const LISTS_ROOM: usize = 1024;

/// The fire on a level: what the world's readers ask of it through [`World::fires`].
#[derive(Debug)]
pub struct Fires {
    flames: Grid<Option<Flame>>,
    /// The cells alight, in the order they caught.
    pub(super) cells: Vec<ICoord>,
    /// Scratch: the cells that were alight as the turn began.
    burning_before: Vec<ICoord>,
    /// Scratch: cells of gas that burns to go up with the one a flame met.
    queue: Vec<ICoord>,
    changes: FireChanges,
}

impl Fires {
    pub(super) fn new(size: UCoord) -> Self {
        Self {
            flames: Grid::new_copy(size, None),
            cells: Vec::with_capacity(LISTS_ROOM),
            burning_before: Vec::with_capacity(LISTS_ROOM),
            queue: Vec::with_capacity(LISTS_ROOM),
            changes: FireChanges {
                burnt: Vec::with_capacity(LISTS_ROOM),
                flashes: Vec::with_capacity(LISTS_ROOM),
            },
        }
    }

    /// Fire burns on the cell.
    #[inline]
    pub fn is_burning(&self, coord: ICoord) -> bool {
        self.flames.get(coord).is_some_and(Option::is_some)
    }

    /// How the cell burns, if it does.
    pub fn flame_at(&self, coord: ICoord) -> Option<Flame> {
        self.flames.get(coord).copied().flatten()
    }

    /// Every burning cell, in the order it caught.
    pub fn cells(&self) -> &[ICoord] {
        &self.cells
    }

    /// What the last [`World::spread_fire`] (and any lighting since) did.
    pub fn changes(&self) -> &FireChanges {
        &self.changes
    }

    /// The burning cells in the order they caught, as saved.
    pub(super) fn record(&self) -> Vec<(ICoord, Flame)> {
        (self.cells.iter())
            .filter_map(|&cell| Some((cell, (*self.flames.get(cell)?)?)))
            .collect()
    }
}

/// The fuel byte of a cell whose feature and floor hold these grounds: the first that burns
/// (feature, then floor) says how surely it catches, and it is wet where the ground on top or
/// the floor puts fire out (as [`World::fuel_at`] and [`World::puts_out_fire`] read them).
pub(super) fn fuel_of_grounds(feature: Option<Ground>, floor: Option<Ground>) -> u8 {
    let catches = [feature, floor]
        .into_iter()
        .flatten()
        .map(|ground| ground.rules().fire.catches)
        .find(|&catches| catches > 0)
        .unwrap_or(0);
    let wet = |ground: Option<Ground>| ground.is_some_and(|g| g.rules().puts_out_fire);
    let on_top = feature.or(floor).unwrap_or(Ground::WALL);
    let wet = wet(Some(on_top)) || wet(floor);
    catches.min(CATCHES) | if wet { WET } else { 0 }
}

impl World {
    /// The fire on the level, to read.
    #[inline]
    pub fn fires(&self) -> &Fires {
        &self.fires
    }

    /// Forgets what the last turn's fire and gas did, as a turn begins.
    pub fn new_turn(&mut self) {
        self.fires.changes.burnt.clear();
        self.gases.gone = 0;
        self.gases.made = 0;
    }

    /// Forgets the gas that went up, once the game has seen to it.
    pub fn clear_flashes(&mut self) {
        self.fires.changes.flashes.clear();
    }

    /// What fire finds on the cell, as its fuel byte keeps it: the chance that what burns
    /// there catches ([`CATCHES`]) and whether it is wet ([`WET`]).
    pub(super) fn fuel_byte(&self, coord: ICoord) -> u8 {
        self.spatial_table
            .layers_at(coord)
            .map_or(0, |layers| self.fuel_of(layers))
    }

    /// [`World::fuel_byte`] of a cell with these layers.
    pub(super) fn fuel_of(&self, layers: &super::tables::Layers) -> u8 {
        let (feature, floor) = self.grounds_of(layers);
        fuel_of_grounds(feature, floor)
    }

    /// Works out the cell's fuel byte again, after its ground changed.
    pub(super) fn refresh_fuel(&mut self, coord: ICoord) {
        let fuel = self.fuel_byte(coord);
        if let Some(cell) = self.derived.fuel.get_mut(coord) {
            *cell = fuel;
        }
    }

    /// Fire dies on the cell's ground (water): the ground on top or the floor puts it out, as
    /// the cell's fuel byte keeps it.
    pub fn puts_out_fire(&self, coord: ICoord) -> bool {
        self.derived
            .fuel
            .get(coord)
            .is_some_and(|&fuel| fuel & WET != 0)
    }

    /// The chance in a hundred that fire touching the cell catches there (0: nothing burns).
    fn catches(&self, coord: ICoord) -> u8 {
        self.derived
            .fuel
            .get(coord)
            .map_or(0, |&fuel| fuel & CATCHES)
    }

    /// The ground on the cell that burns or would, if any.
    pub fn fuel(&self, coord: ICoord) -> Option<Ground> {
        self.fuel_at(coord).map(|(ground, _)| ground)
    }

    /// The ground on the cell that would burn (its feature if that burns, else its floor), and
    /// its chance to catch; none if nothing there burns.
    fn fuel_at(&self, coord: ICoord) -> Option<(Ground, u8)> {
        let layers = self.spatial_table.layers_at(coord)?;
        [layers.feature, layers.floor]
            .into_iter()
            .flatten()
            .find_map(|entity| match self.components.tile.get(entity) {
                Some(&Tile::Ground(ground)) if ground.rules().fire.catches > 0 => {
                    Some((ground, ground.rules().fire.catches))
                }
                _ => None,
            })
    }

    /// Fire can never be on the cell: off the map, inside a wall that does not burn, or on
    /// water, which puts it out.
    fn fireproof(&self, coord: ICoord) -> bool {
        let Some(&fuel) = self.derived.fuel.get(coord) else {
            return true;
        };
        fuel & WET != 0 || (self.blocks_walking(coord) && fuel & CATCHES == 0)
    }

    /// Fire touches the cell: what burns there catches by its row's chance, methane there goes
    /// up surely. True if the cell caught.
    pub fn expose_to_fire(&mut self, coord: ICoord, rng: &mut impl Rng) -> bool {
        // Most cells a fire touches cannot catch (burnt, bare, alight already): asked cheapest
        // first, water last, since only what could burn needs it.
        if self.fires.is_burning(coord) {
            return false;
        }
        if self.gases.flammable_at(coord) > 0 {
            if self.fireproof(coord) {
                return false;
            }
            self.set_alight(coord);
            return true;
        }
        let catches = self.catches(coord);
        if catches == 0 {
            return false;
        }
        if self.fireproof(coord) || !rng.random_ratio(u32::from(catches), 100) {
            return false;
        }
        self.set_alight(coord);
        true
    }

    /// Sets fire to the cell surely (a fireball, a wizard): what burns there burns, bare ground
    /// flashes for the turn. False if fire cannot be there (water, a wall).
    pub fn ignite(&mut self, coord: ICoord) -> bool {
        if self.fires.is_burning(coord) || self.fireproof(coord) {
            return false;
        }
        self.set_alight(coord);
        true
    }

    fn set_alight(&mut self, coord: ICoord) {
        self.light_one(coord);
        // Methane beside methane goes up with it, in the same breath.
        while let Some(cell) = self.fires.queue.pop() {
            for direction in CardinalDirections {
                let next = cell + direction.coord();
                if self.gases.flammable_at(next) > 0
                    && !self.fires.is_burning(next)
                    && !self.fireproof(next)
                {
                    self.light_one(next);
                }
            }
        }
    }

    /// One cell catches: it burns if its ground does, else it flashes; methane on it goes up.
    fn light_one(&mut self, coord: ICoord) {
        let flame = match self.catches(coord) {
            0 => Flame::Flash,
            _ => Flame::Burning,
        };
        if let Some(cell) = self.fires.flames.get_mut(coord) {
            *cell = Some(flame);
        }
        self.fires.cells.push(coord);
        self.hazard_changed();
        self.changed(coord);
        if let Some((gas, volume)) = self.take_flammable_gas(coord) {
            self.fires.changes.flashes.push((coord, gas, volume));
            self.fires.queue.push(coord);
        }
    }

    /// A turn of fire: each cell that burned as the turn began touches its four neighbours
    /// (each catches by its own chance), then goes out by
    /// [`balance::FIRE_BURNS_OUT`] (a flash surely), leaving what its ground burns into.
    pub fn spread_fire(&mut self, rng: &mut impl Rng) {
        if self.fires.cells.is_empty() {
            return;
        }
        let mut before = std::mem::take(&mut self.fires.burning_before);
        before.clear();
        before.extend_from_slice(&self.fires.cells);
        for &cell in &before {
            for direction in CardinalDirections {
                self.expose_to_fire(cell + direction.coord(), rng);
            }
        }
        let (chance, out_of) = balance::FIRE_BURNS_OUT;
        for &cell in &before {
            let out = match self.fires.flame_at(cell) {
                Some(Flame::Flash) => true,
                Some(Flame::Burning) => rng.random_ratio(chance, out_of),
                None => false,
            };
            if out {
                self.burn_out(cell);
            }
        }
        self.fires.burning_before = before;
        let flames = &self.fires.flames;
        self.fires
            .cells
            .retain(|&cell| flames.get(cell).is_some_and(Option::is_some));
        self.hazard_changed();
    }

    /// The fire on the cell goes out, and what burnt is what its row burns into: in its own
    /// layer if that is the same (grass into burnt ground), else gone and the new kind laid
    /// where it lies (a door leaves its doorway's floor, a bridge the chasm).
    fn burn_out(&mut self, coord: ICoord) {
        if let Some(cell) = self.fires.flames.get_mut(coord) {
            *cell = None;
        }
        self.changed(coord);
        let Some(layers) = self.spatial_table.layers_at(coord).copied() else {
            return;
        };
        let before = self.derived.occupied.get(coord).copied();
        let burnt = [layers.feature, layers.floor]
            .into_iter()
            .flatten()
            .find_map(|entity| match self.components.tile.get(entity) {
                Some(&Tile::Ground(ground)) if ground.rules().fire.catches > 0 => {
                    Some((entity, ground))
                }
                _ => None,
            });
        let Some((entity, ground)) = burnt else {
            return;
        };
        let Some(becomes) = ground.rules().fire.burns_into else {
            return;
        };
        let layer_of = |g: Ground| match g.rules().layer {
            crate::content::GroundLayer::Floor => Layer::Floor,
            crate::content::GroundLayer::Feature => Layer::Feature,
        };
        if self.spatial_table.layer_of(entity) == Some(layer_of(becomes)) {
            self.components.tile.insert(entity, Tile::Ground(becomes));
        } else {
            self.despawn(entity);
            let free = match layer_of(becomes) {
                Layer::Floor => layers.floor.is_none_or(|e| e == entity),
                _ => layers.feature.is_none_or(|e| e == entity),
            };
            if free {
                self.spawn(
                    Location::from((coord, layer_of(becomes))),
                    Tile::Ground(becomes),
                );
            }
        }
        self.refresh_bits(coord);
        // Grass burnt to ash is open ground as it was: every map over the ground stays right,
        // where counting it a change had every wanderer's waypoint map measured again each
        // turn a fire burnt anywhere. A door burnt away or a bridge fallen is a change.
        if self.derived.occupied.get(coord).copied() != before {
            self.derived.ground_log.note(coord);
        }
        self.fires.changes.burnt.push((coord, ground, becomes));
    }

    /// Puts the saved fires back on a world read from its record.
    pub(super) fn restore_fires(&mut self, fires: &[(ICoord, Flame)]) -> Result<(), String> {
        for &(cell, flame) in fires {
            if self.fires.is_burning(cell) || self.fireproof(cell) {
                return Err(format!("a fire where none can be, at {cell:?}"));
            }
            if let Some(slot) = self.fires.flames.get_mut(cell) {
                *slot = Some(flame);
            }
            self.fires.cells.push(cell);
        }
        Ok(())
    }
}
