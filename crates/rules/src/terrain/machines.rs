//! Building machines (`content/machines.ron`) into a level (Brogue's `buildAMachine`): a
//! blueprint of the depth drawn by weight, an area for it found (a dead end behind one
//! doorway, of the blueprint's size, all floor, not the arrival's, the way on's or a vault's),
//! and its parts laid there, each kind of ground at its kind of spot.

use std::collections::VecDeque;

use coord_2d::ICoord;
use direction::Direction;
use grid_2d::Grid;
use rand::Rng;

use super::chokepoints::Chokepoints;
use super::designs::SIDES;
use super::reach::walking_distances;
use super::{Ground, ItemSpawn, NpcSpawn};
use crate::content::{ItemKind, NpcKind};
use crate::content::{MachineKind, MachineRules, Role, Spot, pick_weighted};

/// A machine as the level builds it: its blueprint, its cells (its area, its doorway and the
/// walls its parts stand in) and the monsters held dormant in them, each where it is held.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MachineSpawn {
    pub kind: MachineKind,
    pub cells: Vec<ICoord>,
    pub dormant: Held,
}

/// Monsters held dormant, each with the cell that holds it.
pub type Held = Vec<(ICoord, NpcKind)>;

/// A key holder built for the level's key, and where the key lies in it (its altar): one of
/// the depth's blueprints, in a dead end at least `far` steps from the arrival. None if the
/// depth has none or the level no room for one.
pub(super) fn key_holder<R: Rng>(
    grid: &mut Grid<Ground>,
    depth: u32,
    (player, far): (ICoord, u32),
    avoid: &[ICoord],
    rng: &mut R,
) -> Option<(MachineSpawn, ICoord)> {
    let kind = drawn(Role::KeyHolder, depth, rng)?;
    let rules = kind.rules();
    let distances = walking_distances(grid, player);
    let candidates = dead_ends_fitting(grid, rules.cells, player, avoid);
    // Drawn in turn until one holds every part and lies far enough away.
    let mut candidates = candidates;
    while !candidates.is_empty() {
        let (door, area) = candidates.swap_remove(rng.random_range(0..candidates.len()));
        let Some(layout) = Layout::of(grid, door, &area, &[]) else {
            continue;
        };
        if distances.get_checked(layout.altar).is_none_or(|d| d < far) {
            continue;
        }
        let (cells, dormant) = layout.lay(grid, rules, rng)?;
        let altar = layout.altar;
        let machine = MachineSpawn {
            kind,
            cells,
            dormant,
        };
        return Some((machine, altar));
    }
    None
}

/// The level's dead ends behind one doorway a machine of so many `cells` may be built in (its
/// doorway and area): all floor, not the arrival's, and nothing to `avoid` in them or beside
/// them (a vault's door opening off the area would be lost with it: a ledge fallen, a
/// portcullis down), nor a secret door in their walls (a second way in, found or not: onto a
/// chasm island's altar, or out of a gas chamber).
pub(super) fn dead_ends_fitting(
    grid: &Grid<Ground>,
    (least, most): (u32, u32),
    player: ICoord,
    avoid: &[ICoord],
) -> Vec<(ICoord, Vec<ICoord>)> {
    let near =
        |c: ICoord| avoid.contains(&c) || SIDES.iter().any(|&side| avoid.contains(&(c + side)));
    let beside_secret =
        |c: ICoord| (SIDES.iter()).any(|&side| grid.get(c + side) == Some(&Ground::SECRET_DOOR));
    let fits = |door: ICoord, area: &[ICoord]| {
        (least..=most).contains(&(area.len() as u32))
            && super::chokepoints::is_doorway(grid, door)
            && area.iter().all(|c| grid.get(*c) == Some(&Ground::FLOOR))
            && !area
                .iter()
                .any(|&c| c == player || near(c) || beside_secret(c))
            && !near(door)
    };
    Chokepoints::of(grid, player)
        .dead_ends()
        .filter(|end| fits(end.chokepoint, end.area))
        .map(|end| (end.chokepoint, end.area.to_vec()))
        .collect()
}

/// A door guard built on a vault's doorway and inside it, its parts clear of the vault's
/// `altars` (and the way from the doorway to each): one of the depth's blueprints, if its area
/// fits the vault and its parts find their spots.
pub(super) fn door_guard<R: Rng>(
    grid: &mut Grid<Ground>,
    depth: u32,
    (door, inside): (ICoord, &[ICoord]),
    altars: &[ICoord],
    rng: &mut R,
) -> Option<MachineSpawn> {
    let kind = drawn(Role::DoorGuard, depth, rng)?;
    let rules = kind.rules();
    let size = inside.len() as u32;
    if !(rules.cells.0..=rules.cells.1).contains(&size) {
        return None;
    }
    let layout = Layout::of(grid, door, inside, altars)?;
    let (cells, dormant) = layout.lay(grid, rules, rng)?;
    Some(MachineSpawn {
        kind,
        cells,
        dormant,
    })
}

/// What the vault behind `door` is: one of the depth's reward rooms (one that `nests` a key
/// only if `nesting`), its parts laid in the vault's walls. None if the depth has none, or its
/// parts find no spot (the vault is then a vault of no row, offering what any vault does).
pub(super) fn reward_room<R: Rng>(
    grid: &mut Grid<Ground>,
    (depth, nesting): (u32, bool),
    (door, inside): (ICoord, &[ICoord]),
    altars: &[ICoord],
    rng: &mut R,
) -> Option<MachineKind> {
    let nests = |kind: MachineKind| (kind.rules().reward.as_ref()).is_some_and(|r| r.nests);
    let kind = drawn_where(Role::RewardRoom, depth, |kind| nesting || !nests(kind), rng)?;
    let (least, most) = kind.rules().cells;
    if !(least..=most).contains(&(inside.len() as u32)) {
        return None;
    }
    let layout = Layout::of(grid, door, inside, altars)?;
    layout.lay(grid, kind.rules(), rng)?;
    Some(kind)
}

/// One of the depth's blueprints of `role`, by weight; None if it has none.
pub(super) fn drawn<R: Rng>(role: Role, depth: u32, rng: &mut R) -> Option<MachineKind> {
    drawn_where(role, depth, |_| true, rng)
}

/// [`drawn`] among the kinds `allowed`.
fn drawn_where<R: Rng>(
    role: Role,
    depth: u32,
    allowed: impl Fn(MachineKind) -> bool,
    rng: &mut R,
) -> Option<MachineKind> {
    let kinds: Vec<MachineKind> = MachineKind::all()
        .filter(|&kind| kind.rules().role == role && kind.rules().is_at(depth) && allowed(kind))
        .collect();
    let weights = kinds.iter().map(|kind| kind.rules().weight);
    Some(kinds[pick_weighted(weights, rng)?])
}

/// With `chance` in a hundred, a key holder built for one of the items lying on the level
/// (not its key, the prize or what lies in `avoid`), which is moved onto its altar; what stood or lay in the
/// machine's area is gone.
pub(super) fn hold_an_item<R: Rng>(
    grid: &mut Grid<Ground>,
    depth: u32,
    (player, far, chance): (ICoord, u32, u32),
    avoid: &[ICoord],
    (npcs, items): (&mut Vec<NpcSpawn>, &mut Vec<ItemSpawn>),
    rng: &mut R,
) -> Option<MachineSpawn> {
    if rng.random_range(0..100) >= chance {
        return None;
    }
    // Never a vault's reward: it is the vault's.
    let held: Vec<usize> = (0..items.len())
        .filter(|&i| ![ItemKind::key(), ItemKind::prize()].contains(&items[i].item))
        .filter(|&i| !avoid.contains(&items[i].coord))
        .collect();
    if held.is_empty() {
        return None;
    }
    let item = held[rng.random_range(0..held.len())];
    let (machine, altar) = key_holder(grid, depth, (player, far), avoid, rng)?;
    items[item].coord = altar;
    npcs.retain(|npc| !machine.cells.contains(&npc.coord));
    let mut index = 0;
    items.retain(|lying| {
        index += 1;
        index - 1 == item || !machine.cells.contains(&lying.coord)
    });
    Some(machine)
}

/// An area's shape as its parts are laid in it: its doorway, its floor by walking distance
/// from the doorway, the walls round it that only it touches, and the cells no part takes.
pub(super) struct Layout<'a> {
    door: ICoord,
    /// The area's cells, nearest the doorway first.
    floor: Vec<ICoord>,
    altar: ICoord,
    walls: Vec<ICoord>,
    /// A vault's altars, under a door guard: each stays a step from a walk from the doorway
    /// with every altar caged (as all but the one taken from will be).
    kept: &'a [ICoord],
}

impl<'a> Layout<'a> {
    pub(super) fn of(
        grid: &Grid<Ground>,
        door: ICoord,
        area: &[ICoord],
        kept: &'a [ICoord],
    ) -> Option<Self> {
        let inside = |c: &ICoord| area.contains(c);
        let mut floor = Vec::with_capacity(area.len());
        let mut queue = VecDeque::from([door]);
        let mut seen = vec![door];
        while let Some(cell) = queue.pop_front() {
            for next in SIDES.map(|side| cell + side) {
                if inside(&next) && !seen.contains(&next) {
                    seen.push(next);
                    floor.push(next);
                    queue.push_back(next);
                }
            }
        }
        let altar = *floor.last()?;
        // A wall only the area touches, corners too: a part in it (a lever, a torch) is met
        // only from inside, and changing it (into a chasm) opens nothing else to feet or eyes.
        let private = |wall: ICoord| {
            grid.get(wall) == Some(&Ground::WALL)
                && Direction::all().all(|direction| {
                    let next = wall + direction.coord();
                    // Never the map's edge, which stays solid whatever a part becomes.
                    inside(&next) || grid.get(next).is_some_and(|g| g.rules().blocks_sight)
                })
                && SIDES.iter().any(|&side| inside(&(wall + side)))
                && (wall - door).manhattan_magnitude() > 1
        };
        let mut walls: Vec<ICoord> = Vec::new();
        for &cell in &floor {
            for wall in SIDES.map(|side| cell + side) {
                if private(wall) && !walls.contains(&wall) {
                    walls.push(wall);
                }
            }
        }
        Some(Self {
            door,
            floor,
            altar,
            walls,
            kept,
        })
    }

    /// The cell two steps in from the doorway along the way through it, if the area holds it.
    fn facing_door(&self) -> Option<ICoord> {
        let inside = *self.floor.first()?;
        let cell = inside + (inside - self.door);
        self.floor.contains(&cell).then_some(cell)
    }

    /// The floor cells of a shortest walk from the doorway to the altar's cell round those
    /// `blocked`, the altar's last; None if there is no such walk.
    fn path_to_altar(&self, blocked: &[ICoord]) -> Option<Vec<ICoord>> {
        let open = |c: &ICoord| self.floor.contains(c) && !blocked.contains(c);
        // Each cell reached with the cell it was reached from, in the order reached.
        let mut came_from = vec![(self.door, self.door)];
        let mut queue = VecDeque::from([self.door]);
        while let Some(cell) = queue.pop_front() {
            if cell == self.altar {
                break;
            }
            for next in SIDES.map(|side| cell + side) {
                if open(&next) && !came_from.iter().any(|&(c, _)| c == next) {
                    came_from.push((next, cell));
                    queue.push_back(next);
                }
            }
        }
        let mut path = vec![self.altar];
        let mut cell = self.altar;
        while let Some(&(_, from)) = came_from.iter().find(|&&(c, _)| c == cell) {
            if from == self.door {
                path.reverse();
                return Some(path);
            }
            path.push(from);
            cell = from;
        }
        None
    }

    /// Whether every floor cell but those `blocked`, `also` and kept is still a walk from the
    /// doorway with them blocked, and every kept cell a step from that walk.
    fn walkable_without(&self, blocked: &[ICoord], also: ICoord) -> bool {
        let open = |c: &ICoord| {
            self.floor.contains(c) && *c != also && !blocked.contains(c) && !self.kept.contains(c)
        };
        let mut seen = vec![self.door];
        let mut queue = VecDeque::from([self.door]);
        while let Some(cell) = queue.pop_front() {
            for next in SIDES.map(|side| cell + side) {
                if open(&next) && !seen.contains(&next) {
                    seen.push(next);
                    queue.push_back(next);
                }
            }
        }
        let kept_beside =
            (self.kept.iter()).all(|&kept| SIDES.iter().any(|&side| seen.contains(&(kept + side))));
        kept_beside && seen.len() - 1 == self.floor.len() - blocked.len() - self.kept.len() - 1
    }

    /// Lays the blueprint's parts; the machine's cells and the monsters its parts hold, or
    /// None if a part finds no spot.
    pub(super) fn lay<R: Rng>(
        &self,
        grid: &mut Grid<Ground>,
        rules: &MachineRules,
        rng: &mut R,
    ) -> Option<(Vec<ICoord>, Held)> {
        let mut open: Vec<ICoord> = (self.floor.iter().copied())
            .filter(|c| !self.kept.contains(c))
            .collect();
        let mut walls = self.walls.clone();
        let mut laid: Vec<(ICoord, Ground)> = Vec::new();
        let mut dormant: Held = Vec::new();
        let mut blocked: Vec<ICoord> = Vec::new();
        for part in &rules.parts {
            let mut lay = |cell: ICoord| {
                laid.push((cell, part.ground));
                if let Some((kind, count)) = part.dormant {
                    dormant.extend(std::iter::repeat_n((cell, kind), usize::from(count)));
                }
            };
            match part.at {
                Spot::Door => lay(self.door),
                Spot::Altar => {
                    open.retain(|&c| c != self.altar);
                    lay(self.altar);
                }
                Spot::BesideAltar => {
                    let beside = (0..walls.len())
                        .filter(|&i| (walls[i] - self.altar).manhattan_magnitude() == 1)
                        .max_by_key(|&i| walls[i].distance2(self.door))?;
                    lay(walls.swap_remove(beside));
                }
                Spot::Wall => {
                    if walls.is_empty() {
                        return None;
                    }
                    lay(walls.swap_remove(rng.random_range(0..walls.len())));
                }
                Spot::WallByDoor => {
                    let nearest =
                        (0..walls.len()).min_by_key(|&i| walls[i].distance2(self.door))?;
                    lay(walls.swap_remove(nearest));
                }
                Spot::Scattered(count) => {
                    let blocks = part.ground.rules().blocks_walking;
                    for _ in 0..count {
                        // Ground nobody walks on (a pool) never cuts the area: the rest of it
                        // stays a walk from the doorway.
                        let fits: Vec<usize> = (0..open.len())
                            .filter(|&i| !blocks || self.walkable_without(&blocked, open[i]))
                            .collect();
                        if fits.is_empty() {
                            return None;
                        }
                        let cell = open.swap_remove(fits[rng.random_range(0..fits.len())]);
                        if blocks {
                            blocked.push(cell);
                        }
                        lay(cell);
                    }
                }
                Spot::FacingDoor => {
                    let cell = self.facing_door()?;
                    let blocks = part.ground.rules().blocks_walking;
                    let at = open.iter().position(|&c| c == cell)?;
                    if blocks && !self.walkable_without(&blocked, cell) {
                        return None;
                    }
                    if blocks {
                        blocked.push(cell);
                    }
                    lay(open.swap_remove(at));
                }
                Spot::Inside => {
                    for cell in open.drain(..) {
                        lay(cell);
                    }
                }
                Spot::Path => {
                    for cell in self.path_to_altar(&blocked)? {
                        if let Some(at) = open.iter().position(|&c| c == cell) {
                            lay(open.swap_remove(at));
                        }
                    }
                }
            }
        }
        for &(cell, ground) in &laid {
            *grid.get_checked_mut(cell) = ground;
        }
        let mut cells = vec![self.door];
        cells.extend(&self.floor);
        cells.extend(
            laid.iter()
                .map(|&(c, _)| c)
                .filter(|c| self.walls.contains(c)),
        );
        Some((cells, dormant))
    }
}
