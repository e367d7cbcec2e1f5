//! Vaults: a dead-end area behind one doorway (found by the chokepoint analysis) holding two or
//! three items on altars, of which the player may take one, guarded by a locked door whose key
//! lies elsewhere on the level (among sleepers, or in a key holder), by a secret door, by a band
//! asleep before it, or by a door guard built on its doorway (Brogue's reward rooms and their
//! vestibules; the numbers are Umbra's).

use coord_2d::ICoord;
use grid_2d::Grid;
use rand::Rng;
use serde::{Deserialize, Serialize};

use super::chokepoints::Chokepoints;
use super::designs::SIDES;
use super::populate::draw_npc_kind;
use super::reach::walking_distances;
use super::{Disposition, Ground, ItemSpawn, MachineSpawn, NpcSpawn};
use crate::content::{ItemClass, ItemKind, MachineKind, NpcKind, VaultOdds, pick_weighted};

/// A vault's area holds this many cells: room for its altars and a step between them and the
/// door, small enough to read as a room of its own rather than half the level.
const VAULT_CELLS: (usize, usize) = (6, 80);
/// Altars in a vault: a choice of two or three.
const ALTARS: (usize, usize) = (2, 3);
/// Sleepers guarding a door or a key.
const GUARDS: (u32, u32) = (2, 3);
/// How far from the door (or the key) the guards lie, in steps.
const GUARD_STEPS: u32 = 3;
/// The key lies at least this many steps from the arrival, so fetching it is a trip.
pub(super) const KEY_STEPS: u32 = 15;

/// What keeps the player from a vault's altars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum VaultGuard {
    /// A locked door; its key lies elsewhere on the level, guarded by sleepers.
    Locked,
    /// A secret door, found by searching.
    Secret,
    /// A band asleep before an ordinary door.
    Sleepers,
    /// A door guard (content/machines.ron) built on its doorway and inside it.
    Machine,
}

/// A vault as the level places it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VaultSpawn {
    pub door: ICoord,
    pub guard: VaultGuard,
    pub altars: Vec<ICoord>,
    /// Where the key lies, for a locked vault.
    pub key: Option<ICoord>,
    /// The reward room it is (content/machines.ron), or None for a vault of no row.
    pub room: Option<MachineKind>,
}

/// A vault chosen and drawn into the grid, waiting for its guards and rewards.
pub(super) struct Plan {
    door: ICoord,
    guard: VaultGuard,
    altars: Vec<ICoord>,
    inside: Vec<ICoord>,
    room: Option<MachineKind>,
    /// A nested vault's key lies here, on another vault's altar, rather than in a key holder
    /// or among sleepers.
    key_on: Option<ICoord>,
}

/// Draws a vault into `grid` with the profile's chance, where a dead end of the right size lies
/// behind a doorway (never the way on's).
pub(super) fn plan<R: Rng>(
    grid: &mut Grid<Ground>,
    odds: &VaultOdds,
    player: ICoord,
    exit: ICoord,
    rng: &mut R,
) -> Option<Plan> {
    if rng.random_range(0..100) >= odds.chance {
        return None;
    }
    let weights = [odds.locked, odds.secret, odds.sleepers, odds.machine];
    let guard = |rng: &mut R| match pick_weighted(weights.into_iter(), rng) {
        Some(0) => VaultGuard::Locked,
        Some(1) => VaultGuard::Secret,
        Some(3) => VaultGuard::Machine,
        _ => VaultGuard::Sleepers,
    };
    plan_at(grid, (player, exit), &[], guard, rng)
}

/// A nesting reward room's second vault (content/machines.ron, `nests`): in another dead end
/// (clear of what to `avoid`: the first vault, its door, the machines), locked, of a room that
/// does not nest, furnished, its key in place of the reward on the first vault's last altar.
/// None if the first does not nest or the level has no room for a second.
pub(super) fn nested<R: Rng>(
    grid: &mut Grid<Ground>,
    first: &VaultSpawn,
    (player, exit, depth): (ICoord, ICoord, u32),
    avoid: &[ICoord],
    (npcs, items): (&mut Vec<NpcSpawn>, &mut Vec<ItemSpawn>),
    rng: &mut R,
) -> Option<(VaultSpawn, Vec<ICoord>)> {
    let nests = (first.room)
        .and_then(|room| room.rules().reward.as_ref())
        .is_some_and(|reward| reward.nests);
    let &altar = first.altars.last().filter(|_| nests)?;
    let mut plan = plan_at(grid, (player, exit), avoid, |_| VaultGuard::Locked, rng)?;
    plan.key_on = Some(altar);
    // Planned after the level was peopled: nobody, and nothing, is left in its locked door.
    npcs.retain(|npc| npc.coord != plan.door);
    items.retain(|item| item.coord != plan.door);
    let inside = plan.inside.clone();
    items.retain(|item| item.coord != altar);
    let (spawn, _) = plan.furnish(grid, (player, exit), depth, npcs, items, rng);
    Some((spawn, inside))
}

/// A vault drawn into `grid` in a dead end of the right size behind a doorway (never the way
/// on's, nothing to `avoid` in it, its doorway or beside them: a door opening off it, or a
/// machine's area its doorway opens off, would be shut in with it), guarded by the `guard`
/// drawn.
fn plan_at<R: Rng>(
    grid: &mut Grid<Ground>,
    (player, exit): (ICoord, ICoord),
    avoid: &[ICoord],
    guard: impl FnOnce(&mut R) -> VaultGuard,
    rng: &mut R,
) -> Option<Plan> {
    let chokepoints = Chokepoints::of(grid, player);
    let near =
        |c: ICoord| avoid.contains(&c) || SIDES.iter().any(|&side| avoid.contains(&(c + side)));
    let fits = |door: ICoord, area: &[ICoord]| {
        (VAULT_CELLS.0..=VAULT_CELLS.1).contains(&area.len())
            && super::chokepoints::is_doorway(grid, door)
            && !area.contains(&exit)
            && !near(door)
            && !area.iter().any(|&c| near(c))
            && altar_cells(grid, door, area).count() > ALTARS.1
    };
    let candidates: Vec<_> = chokepoints
        .dead_ends()
        .filter(|end| fits(end.chokepoint, end.area))
        .collect();
    if candidates.is_empty() {
        return None;
    }
    let chosen = &candidates[rng.random_range(0..candidates.len())];
    let (door, inside) = (chosen.chokepoint, chosen.area.to_vec());
    let guard = guard(rng);
    let cells: Vec<ICoord> = altar_cells(grid, door, &inside).collect();
    let count = rng.random_range(ALTARS.0..=ALTARS.1);
    let altars = (0..ALTAR_TRIES)
        .map(|_| {
            let mut cells = cells.clone();
            let mut altars: Vec<ICoord> = (0..count)
                .map(|_| cells.swap_remove(rng.random_range(0..cells.len())))
                .collect();
            altars.sort_by_key(|c| (c.y, c.x));
            altars
        })
        .find(|altars| each_altar_left_freely(door, &inside, altars))?;
    for &altar in &altars {
        *grid.get_checked_mut(altar) = Ground::ALTAR;
    }
    *grid.get_checked_mut(door) = match guard {
        VaultGuard::Locked => Ground::LOCKED_DOOR,
        VaultGuard::Secret => Ground::SECRET_DOOR,
        // The door guard lays its own doorway when the vault is furnished.
        VaultGuard::Sleepers | VaultGuard::Machine => Ground::DOOR,
    };
    Some(Plan {
        door,
        guard,
        altars,
        inside,
        room: None,
        key_on: None,
    })
}

/// Draws of a vault's altars before the vault is given up.
const ALTAR_TRIES: usize = 8;

/// Whether the player on any altar can walk to the door without stepping on another: once it
/// takes one altar's item, cages close over the others, and a vault in a corridor's width whose
/// only way out crosses a caged altar would shut it in.
fn each_altar_left_freely(door: ICoord, inside: &[ICoord], altars: &[ICoord]) -> bool {
    let open: std::collections::HashSet<ICoord> = (inside.iter().copied())
        .filter(|c| !altars.contains(c))
        .collect();
    let mut reached = std::collections::HashSet::from([door]);
    let mut queue = std::collections::VecDeque::from([door]);
    while let Some(cell) = queue.pop_front() {
        for next in SIDES.map(|side| cell + side) {
            if open.contains(&next) && reached.insert(next) {
                queue.push_back(next);
            }
        }
    }
    (altars.iter()).all(|&altar| SIDES.iter().any(|&side| reached.contains(&(altar + side))))
}

/// Floor cells of the area an altar may stand on: not in the doorway's way.
fn altar_cells<'a>(
    grid: &'a Grid<Ground>,
    door: ICoord,
    area: &'a [ICoord],
) -> impl Iterator<Item = ICoord> + 'a {
    area.iter().copied().filter(move |&c| {
        grid.get(c) == Some(&Ground::FLOOR) && (c - door).manhattan_magnitude() > 1
    })
}

impl Plan {
    /// The cells behind the vault's door.
    pub fn inside(&self) -> &[ICoord] {
        &self.inside
    }

    /// Clears the vault of what the level placed in it, puts rewards on its altars, and its
    /// guards (and key) where they belong. The vault, and its machine: the door guard on its
    /// doorway, or the key holder its key lies in if it is locked and the level has room for
    /// one of the depth's. A vault whose door guard does not fit (none of the depth's, or its
    /// parts find no spot clear of the altars) is locked instead.
    pub fn furnish<R: Rng>(
        mut self,
        grid: &mut Grid<Ground>,
        (player, exit): (ICoord, ICoord),
        depth: u32,
        npcs: &mut Vec<NpcSpawn>,
        items: &mut Vec<ItemSpawn>,
        rng: &mut R,
    ) -> (VaultSpawn, Option<MachineSpawn>) {
        let mut taken = Grid::new_copy(grid.size(), false);
        for &cell in &self.inside {
            *taken.get_checked_mut(cell) = true;
        }
        npcs.retain(|npc| !*taken.get_checked(npc.coord));
        items.retain(|item| !*taken.get_checked(item.coord));
        let vault = (self.door, &self.inside[..]);
        // A nested vault's room nests no third.
        let nesting = self.key_on.is_none();
        self.room = super::machines::reward_room(grid, (depth, nesting), vault, &self.altars, rng);
        let reward = self.room.and_then(|room| room.rules().reward.as_ref());
        match reward.filter(|reward| !reward.captives.is_empty()) {
            Some(reward) => {
                let kinds = captives(self.altars.len(), depth, &reward.captives, rng);
                for (&coord, kind) in self.altars.iter().zip(kinds) {
                    npcs.push(NpcSpawn {
                        coord,
                        kind,
                        disposition: Disposition::Captive,
                    });
                }
            }
            None => {
                let offers = reward.map(|reward| &reward.offers[..]);
                let rewards = rewards(self.altars.len(), depth, offers, rng);
                for (&coord, item) in self.altars.iter().zip(rewards) {
                    items.push(ItemSpawn {
                        coord,
                        item,
                        count: 1,
                    });
                }
            }
        }
        // From here, where nothing more may be put: the vault, the arrival, and every NPC's and
        // item's cell.
        *taken.get_checked_mut(player) = true;
        for &coord in npcs
            .iter()
            .map(|n| &n.coord)
            .chain(items.iter().map(|i| &i.coord))
        {
            *taken.get_checked_mut(coord) = true;
        }
        if self.guard == VaultGuard::Machine {
            let door = (self.door, &self.inside[..]);
            match super::machines::door_guard(grid, depth, door, &self.altars, rng) {
                Some(machine) => {
                    let vault = self.into_spawn(None);
                    return (vault, Some(machine));
                }
                None => {
                    *grid.get_checked_mut(self.door) = Ground::LOCKED_DOOR;
                    self.guard = VaultGuard::Locked;
                }
            }
        }
        let holder = match (self.guard, self.key_on) {
            (VaultGuard::Locked, None) => self.key_holder(grid, (player, exit), depth, rng),
            _ => None,
        };
        if let Some((machine, _)) = &holder {
            npcs.retain(|npc| !machine.cells.contains(&npc.coord));
            items.retain(|item| !machine.cells.contains(&item.coord));
        }
        let key = match (&holder, self.guard, self.key_on) {
            (_, _, Some(altar)) => Some(put_key(altar, items)),
            (Some((_, altar)), _, None) => Some(put_key(*altar, items)),
            (None, VaultGuard::Locked, None) => {
                self.place_key(grid, &mut taken, player, items, rng)
            }
            (None, VaultGuard::Sleepers | VaultGuard::Secret | VaultGuard::Machine, None) => None,
        };
        let post = match self.guard {
            // A key holder is its key's guard, and a vault's altar a nested vault's.
            VaultGuard::Locked if holder.is_some() || self.key_on.is_some() => None,
            VaultGuard::Locked => key,
            VaultGuard::Sleepers => Some(self.door),
            VaultGuard::Secret | VaultGuard::Machine => None,
        };
        if let Some(post) = post {
            place_guards(grid, &taken, post, player, depth, npcs, rng);
        }
        (self.into_spawn(key), holder.map(|(machine, _)| machine))
    }

    fn into_spawn(self, key: Option<ICoord>) -> VaultSpawn {
        VaultSpawn {
            door: self.door,
            guard: self.guard,
            altars: self.altars,
            key,
            room: self.room,
        }
    }

    /// One of the depth's key holders for the key, away from the vault and the way on.
    fn key_holder<R: Rng>(
        &self,
        grid: &mut Grid<Ground>,
        (player, exit): (ICoord, ICoord),
        depth: u32,
        rng: &mut R,
    ) -> Option<(MachineSpawn, ICoord)> {
        let mut avoid = self.inside.clone();
        avoid.extend([self.door, exit]);
        super::machines::key_holder(grid, depth, (player, KEY_STEPS), &avoid, rng)
    }

    /// The key on a free floor cell far enough from the arrival and reachable from it (the
    /// door shut); if there is none, the door is left open and sleepers guard it instead.
    fn place_key<R: Rng>(
        &mut self,
        grid: &mut Grid<Ground>,
        taken: &mut Grid<bool>,
        player: ICoord,
        items: &mut Vec<ItemSpawn>,
        rng: &mut R,
    ) -> Option<ICoord> {
        let distances = walking_distances(grid, player);
        let far: Vec<ICoord> = grid
            .enumerate()
            .filter(|&(c, &t)| t == Ground::FLOOR && !*taken.get_checked(c))
            .filter(|&(c, _)| distances.get_checked(c).is_some_and(|d| d >= KEY_STEPS))
            .map(|(c, _)| c)
            .collect();
        if far.is_empty() {
            *grid.get_checked_mut(self.door) = Ground::DOOR;
            self.guard = VaultGuard::Sleepers;
            return None;
        }
        let key = far[rng.random_range(0..far.len())];
        *taken.get_checked_mut(key) = true;
        Some(put_key(key, items))
    }
}

/// The level's key on `at`.
fn put_key(at: ICoord, items: &mut Vec<ItemSpawn>) -> ICoord {
    items.push(ItemSpawn {
        coord: at,
        item: ItemKind::key(),
        count: 1,
    });
    at
}

/// Two or three sleepers of the depth's kinds on free floor within a few steps of `post`.
fn place_guards<R: Rng>(
    grid: &Grid<Ground>,
    taken: &Grid<bool>,
    post: ICoord,
    player: ICoord,
    depth: u32,
    npcs: &mut Vec<NpcSpawn>,
    rng: &mut R,
) {
    let mut near: Vec<ICoord> = super::reach::within_steps(grid, post, GUARD_STEPS)
        .into_iter()
        .filter(|&c| grid.get(c) == Some(&Ground::FLOOR))
        .filter(|&c| !*taken.get_checked(c) && !is_near(c, player))
        .collect();
    let guards = rng.random_range(GUARDS.0..=GUARDS.1);
    for _ in 0..guards {
        if near.is_empty() {
            break;
        }
        let coord = near.swap_remove(rng.random_range(0..near.len()));
        if let Some(kind) = draw_npc_kind(depth, rng) {
            npcs.push(NpcSpawn {
                coord,
                kind,
                disposition: Disposition::Asleep,
            });
        }
    }
}

fn is_near(a: ICoord, b: ICoord) -> bool {
    (a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1
}

/// `count` different kinds by their vault weights at this depth, of the classes a reward room
/// `offers` (any, for a vault of no row; fewer kinds if fewer have a weight).
/// A kennel's captives, a kind to an altar: drawn evenly among the row's kinds already met
/// this deep (a monster's first depth in content/bestiary.ron), each kind once.
fn captives<R: Rng>(count: usize, depth: u32, kinds: &[NpcKind], rng: &mut R) -> Vec<NpcKind> {
    let mut left: Vec<NpcKind> = (kinds.iter().copied())
        .filter(|kind| kind.rules().spawn.depths.0 <= depth)
        .collect();
    let mut chosen = Vec::with_capacity(count);
    while chosen.len() < count && !left.is_empty() {
        chosen.push(left.swap_remove(rng.random_range(0..left.len())));
    }
    chosen
}

fn rewards<R: Rng>(
    count: usize,
    depth: u32,
    offers: Option<&[ItemClass]>,
    rng: &mut R,
) -> Vec<ItemKind> {
    let mut chosen: Vec<ItemKind> = Vec::with_capacity(count);
    let offered =
        |kind: ItemKind| offers.is_none_or(|offers| offers.contains(&kind.rules().use_.class()));
    for _ in 0..count {
        let weights = ItemKind::all().map(|kind| match kind.rules().vault {
            Some(vault) if !chosen.contains(&kind) && offered(kind) => {
                vault.weight.at(vault.depths, depth)
            }
            _ => 0,
        });
        match pick_weighted(weights, rng).and_then(|i| ItemKind::all().nth(i)) {
            Some(kind) => chosen.push(kind),
            None => break,
        }
    }
    chosen
}
