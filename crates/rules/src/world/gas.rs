//! Gas on the level: a volume of one kind a cell (`content/gases.ron`), spreading to the open
//! neighbours, thinning by its row's rate and pouring away into chasms. A turn's gas looks only
//! at the cells that hold some (a list, in the order they first filled), never at the whole
//! level.
//!
//! Spreading moves gas and never makes or loses any: each cell in turn, in the list's order,
//! evens itself with each lower open neighbour in compass order, giving it the share that
//! would bring the two towards the mean of the cell and its open neighbours (the remainder
//! of the division given by the game's dice). So the amount on the level changes only by
//! thinning and by what falls into a chasm, which the property test counts.

use coord_2d::{ICoord, UCoord};
use direction::CardinalDirections;
use grid_2d::Grid;
use rand::Rng;

use super::World;
use crate::balance;
use crate::content::{GasHarm, GasKind, Ground};

/// The gas on one cell: none while `volume` is zero.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct GasCell {
    kind: Option<GasKind>,
    volume: u16,
    /// The cell is in the list of cells with gas (it may have just emptied).
    listed: bool,
}

/// The gas on a level: what the world's readers ask of it through [`World::gases`].
#[derive(Debug)]
pub struct Gases {
    cells: Grid<GasCell>,
    /// Each cell's ground keeps gas out (its row's `blocks_gas`), a door open or shut alike:
    /// kept as the ground changes, so that spreading reads a byte, not the cell's entities.
    walls: Grid<bool>,
    /// The cells with gas, in the order they first filled.
    pub(super) listed: Vec<ICoord>,
    /// What the last turn's gas thinned away and poured into chasms: for the property test.
    pub(super) gone: u64,
    /// What the turn let out so far (a zombie's breath, a burst): for the same test.
    pub(super) made: u64,
    /// Some cell holds a gas that harms, thick enough to: what every map and step then asks
    /// each cell about (a swamp's methane alone costs them nothing).
    pub(super) harmful: bool,
}

impl Gases {
    pub(super) fn new(size: UCoord) -> Self {
        Self {
            cells: Grid::new_copy(size, GasCell::default()),
            walls: Grid::new_copy(size, true),
            listed: Vec::with_capacity(super::fire::LISTS_ROOM),
            gone: 0,
            made: 0,
            harmful: false,
        }
    }

    /// The cell keeps gas out (see [`wall_of`]), or no longer: after its ground changed.
    pub(super) fn set_wall(&mut self, coord: ICoord, wall: bool) {
        if let Some(cell) = self.walls.get_mut(coord) {
            *cell = wall;
        }
    }

    /// The cell keeps gas out, as kept (see [`Gases::set_wall`]); off the map, it does.
    pub(super) fn wall_at(&self, coord: ICoord) -> bool {
        self.walls.get(coord).copied().unwrap_or(true)
    }

    /// Every cell's gas wall from a new level's ground.
    pub(super) fn walls_from(&mut self, grid: &Grid<crate::content::Ground>) {
        self.walls = Grid::new_fn(grid.size(), |coord| {
            let rules = grid.get_checked(coord).rules();
            rules.blocks_gas || rules.on.is_some_and(|under| under.rules().blocks_gas)
        });
    }

    /// The gas on the cell and how much, if any.
    pub fn at(&self, coord: ICoord) -> Option<(GasKind, u16)> {
        let cell = self.cells.get(coord)?;
        Some((cell.kind?, cell.volume)).filter(|&(_, volume)| volume > 0)
    }

    /// The cells that hold gas, in the order they first filled.
    pub fn cells(&self) -> impl Iterator<Item = ICoord> + '_ {
        (self.listed.iter().copied()).filter(|&at| self.at(at).is_some())
    }

    /// All the gas on the level, every kind together.
    pub fn total(&self) -> u64 {
        self.cells()
            .filter_map(|at| self.at(at))
            .map(|(_, volume)| u64::from(volume))
            .sum()
    }

    /// What the turn's gas has lost so far to thinning, chasms and fire.
    pub fn gone_last_turn(&self) -> u64 {
        self.gone
    }

    /// What the turn has let out so far.
    pub fn made_last_turn(&self) -> u64 {
        self.made
    }

    /// The gas on the cell harms whoever stands in it: thick enough, and of a kind that harms.
    pub fn harms(&self, coord: ICoord) -> bool {
        self.at(coord)
            .is_some_and(|(kind, volume)| volume >= balance::GAS_HARMS_AT && kind.rules().harms())
    }

    /// How much gas that burns (its row's harm is `Burns`: a swamp's methane) is on the cell.
    pub(super) fn flammable_at(&self, coord: ICoord) -> u16 {
        match self.at(coord) {
            Some((kind, volume)) if matches!(kind.rules().harm, GasHarm::Burns(_)) => volume,
            _ => 0,
        }
    }

    /// Adds gas to the cell, listing it if it was empty; false off the map.
    fn add(&mut self, coord: ICoord, kind: GasKind, volume: u16) -> bool {
        let Some(cell) = self.cells.get_mut(coord) else {
            return false;
        };
        if cell.volume < volume || cell.kind.is_none() {
            cell.kind = Some(kind);
        }
        cell.volume = cell.volume.saturating_add(volume);
        if !cell.listed {
            cell.listed = true;
            self.listed.push(coord);
        }
        true
    }

    /// The cells with gas in the list's order, as saved.
    pub(super) fn record(&self) -> Vec<(ICoord, GasKind, u16)> {
        (self.listed.iter())
            .filter_map(|&at| {
                let cell = self.cells.get(at)?;
                Some((at, cell.kind?, cell.volume))
            })
            .filter(|&(_, _, volume)| volume > 0)
            .collect()
    }
}

/// Gas stops at a cell whose ground on top (a wall where neither layer holds any) or floor
/// stops it.
pub(super) fn wall_of(feature: Option<Ground>, floor: Option<Ground>) -> bool {
    let on_top = feature.or(floor).unwrap_or(Ground::WALL);
    on_top.rules().blocks_gas || floor.is_some_and(|g| g.rules().blocks_gas)
}

impl World {
    /// The gas on the level, to read.
    #[inline]
    pub fn gases(&self) -> &Gases {
        &self.gases
    }

    /// No gas drifts into the cell: ground whose row blocks it (walls, a closed door), or off
    /// the map. A door someone stands in is open.
    pub fn blocks_gas(&self, coord: ICoord) -> bool {
        match self.gases.walls.get(coord) {
            None => true,
            Some(false) => false,
            Some(true) => !self.is_open_door(coord),
        }
    }

    /// Gas of `kind` let out on the cell (a bloat's burst, a potion shattering). Where another
    /// kind stands, the greater volume keeps the cell.
    pub fn release_gas(&mut self, coord: ICoord, kind: GasKind, volume: u16) {
        if volume == 0 || self.blocks_gas(coord) {
            return;
        }
        self.add_gas(coord, kind, volume);
        self.gases.made += u64::from(volume);
        if kind.rules().harms() {
            self.gases.harmful = true;
            self.hazard_changed();
        }
    }

    fn add_gas(&mut self, coord: ICoord, kind: GasKind, volume: u16) {
        if self.gases.add(coord, kind, volume) {
            self.changed(coord);
        }
    }

    /// The gas that burns on the cell is gone (it went up): which gas it was and how much.
    pub(super) fn take_flammable_gas(&mut self, coord: ICoord) -> Option<(GasKind, u16)> {
        let volume = self.gases.flammable_at(coord);
        let (kind, _) = self.gases.at(coord).filter(|_| volume > 0)?;
        if let Some(cell) = self.gases.cells.get_mut(coord) {
            cell.volume = 0;
        }
        self.changed(coord);
        self.gases.gone += u64::from(volume);
        Some((kind, volume))
    }

    /// A turn of gas: it spreads, thins and pours into chasms; emptied cells leave the list.
    pub fn spread_gas(&mut self, rng: &mut impl Rng) {
        if self.gases.listed.is_empty() {
            return;
        }
        let listed = self.gases.listed.len();
        for i in 0..listed {
            let at = self.gases.listed[i];
            self.even_out(at, rng);
        }
        for i in 0..self.gases.listed.len() {
            let at = self.gases.listed[i];
            self.thin(at, rng);
        }
        let cells = &mut self.gases.cells;
        let mut harmful = false;
        self.gases.listed.retain(|&at| {
            let Some(cell) = cells.get_mut(at) else {
                return false;
            };
            cell.listed = cell.volume > 0;
            if !cell.listed {
                cell.kind = None;
            }
            harmful |= cell.volume >= balance::GAS_HARMS_AT
                && cell.kind.is_some_and(|kind| kind.rules().harms());
            cell.listed
        });
        // The maps that keep out of harm are measured again only while harm moves.
        if harmful || self.gases.harmful {
            self.hazard_changed();
        }
        self.gases.harmful = harmful;
    }

    /// The cell evens itself with each lower open neighbour, a share each towards the mean of
    /// it and its open neighbours.
    fn even_out(&mut self, at: ICoord, rng: &mut impl Rng) {
        let Some((kind, _)) = self.gases.at(at) else {
            return;
        };
        let mut open = [None; 4];
        let mut count = 1;
        for (slot, direction) in open.iter_mut().zip(CardinalDirections) {
            let next = at + direction.coord();
            if !self.blocks_gas(next) {
                *slot = Some(next);
                count += 1;
            }
        }
        for next in open.into_iter().flatten() {
            let here = self.gases.at(at).map_or(0, |(_, volume)| volume);
            let there = self.gases.at(next).map_or(0, |(_, volume)| volume);
            if here <= there {
                continue;
            }
            let difference = u32::from(here - there);
            let mut share = difference / count;
            if rng.random_ratio(difference % count, count) {
                share += 1;
            }
            if share == 0 {
                continue;
            }
            let share = share as u16;
            if let Some(cell) = self.gases.cells.get_mut(at) {
                cell.volume -= share;
            }
            self.add_gas(next, kind, share);
            self.changed(at);
        }
    }

    /// The cell loses its row's share (the remainder by the dice); over a chasm, all of it.
    fn thin(&mut self, at: ICoord, rng: &mut impl Rng) {
        let Some((kind, volume)) = self.gases.at(at) else {
            return;
        };
        let lost = if self.falls(at) {
            volume
        } else {
            let thinned = u32::from(volume) * kind.rules().thins;
            let mut lost = thinned / 100;
            if rng.random_ratio(thinned % 100, 100) {
                lost += 1;
            }
            lost.min(u32::from(volume)) as u16
        };
        if lost > 0
            && let Some(cell) = self.gases.cells.get_mut(at)
        {
            cell.volume -= lost;
            self.gases.gone += u64::from(lost);
            self.changed(at);
        }
    }

    /// Puts the saved gas back on a world read from its record.
    pub(super) fn restore_gases(&mut self, gases: &[(ICoord, GasKind, u16)]) -> Result<(), String> {
        for &(at, kind, volume) in gases {
            // A door shut on gas since it drifted in holds it until it drifts out.
            let rules = self.ground_at(at).rules();
            let walled = rules.blocks_gas && !rules.door;
            if volume == 0 || walled || !at.is_valid(self.size()) || self.gases.at(at).is_some() {
                return Err(format!("gas where none can be, at {at:?}"));
            }
            self.add_gas(at, kind, volume);
            self.gases.harmful |= volume >= balance::GAS_HARMS_AT && kind.rules().harms();
        }
        Ok(())
    }
}

/// A forged save is the only way to these states: play never leaves gas on a wall or off the
/// map, nor two clouds on one cell, so only reading one back shows the loader refuses them.
#[cfg(test)]
mod tests {
    use super::*;

    /// A closet: the player, a floor cell and a shut door, in walls.
    fn closet() -> World {
        let (terrain, _) = crate::terrain::from_ascii(&["#####", "#@.+#", "#####"]).expect("map");
        World::from_terrain(&terrain)
    }

    fn gas(is: fn(GasHarm) -> bool) -> GasKind {
        GasKind::all()
            .find(|kind| is(kind.rules().harm))
            .expect("a gas of that kind")
    }

    fn caustic() -> GasKind {
        gas(|harm| matches!(harm, GasHarm::Caustic(_)))
    }

    #[test]
    fn gas_is_read_back_on_floor_and_behind_a_shut_door_and_nowhere_play_cannot_leave_it() {
        let (floor, door) = (ICoord::new(2, 1), ICoord::new(3, 1));
        let mut world = closet();
        assert_eq!(
            world.restore_gases(&[(floor, caustic(), 5), (door, caustic(), 7)]),
            Ok(())
        );
        assert_eq!(world.gases().at(floor), Some((caustic(), 5)));
        assert_eq!(world.gases().at(door), Some((caustic(), 7)));
        let forged: [&[(ICoord, GasKind, u16)]; 5] = [
            &[(ICoord::new(0, 1), caustic(), 5)],
            &[(ICoord::new(7, 1), caustic(), 5)],
            &[(ICoord::new(-1, 1), caustic(), 5)],
            &[(floor, caustic(), 0)],
            &[(floor, caustic(), 5), (floor, caustic(), 5)],
        ];
        for gases in forged {
            assert!(closet().restore_gases(gases).is_err(), "{gases:?}");
        }
    }

    #[test]
    fn gas_read_back_thick_enough_to_harm_is_kept_out_of_and_thinner_or_harmless_gas_is_not() {
        let floor = ICoord::new(2, 1);
        let methane = gas(|harm| matches!(harm, GasHarm::Burns(_)));
        for (kind, volume, harms) in [
            (caustic(), balance::GAS_HARMS_AT, true),
            (caustic(), balance::GAS_HARMS_AT - 1, false),
            (methane, balance::GAS_HARMS_AT, false),
        ] {
            let mut world = closet();
            assert_eq!(world.restore_gases(&[(floor, kind, volume)]), Ok(()));
            assert_eq!(
                (world.has_hazards(), world.harms(floor)),
                (harms, harms),
                "{kind:?} of {volume}"
            );
        }
    }
}
