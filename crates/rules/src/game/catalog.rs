//! A seed described before it is played (Brogue CE's `--print-seed-catalog`): what each depth's
//! level holds as it is made, from the depth's own seed, so the description is true of every
//! game of the seed whatever is played above. The app puts it into words.

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;

use super::actions::Boon;
use super::growth::boon_order;
use super::seeds::RunSeeds;
use crate::balance::FINAL_DEPTH;
use crate::content::{ItemKind, MachineKind, NpcKind, Role, Trigger};
use crate::terrain::{DesignKind, Disposition, Ground, Terrain, VaultGuard};

/// One depth's level as generated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelCatalog {
    pub depth: u32,
    /// How many rooms of each design the level grew, in the order of [`DesignKind::ALL`] with
    /// the cavern last; designs it has none of are left out.
    pub designs: Vec<(DesignKind, u32)>,
    /// The monsters that live there, by kind in the bestiary's order (captives, their captors
    /// and the one from deeper down are told apart below).
    pub monsters: Vec<(NpcKind, u32)>,
    /// How many of `monsters` are awake when the player arrives.
    pub awake: u32,
    /// The monster from deeper down, awake and wandering, if the level drew one.
    pub from_deeper: Option<NpcKind>,
    /// A captive held by its band, if the level holds one.
    pub captive: Option<CaptiveCatalog>,
    pub vaults: Vec<VaultCatalog>,
    /// What lies about the level outside the vaults, by kind in the item table's order (the
    /// Sunstone is told by `holds_the_prize`).
    pub items: Vec<(ItemKind, u32)>,
    /// Separate bodies of deep water, and of chasm.
    pub lakes: u32,
    pub chasms: u32,
    pub doors: u32,
    pub secret_doors: u32,
    /// Each trap, by the trap it is (or is found as), and whether it is hidden, in the
    /// level's row order.
    pub traps: Vec<(Ground, bool)>,
    /// Each machine, in the order the level built them.
    pub machines: Vec<MachineCatalog>,
    /// Cells of grass, and of them dead grass.
    pub grass: (u32, u32),
    /// Every boon, in the order this depth offers them: the first three but the one chosen on
    /// the last descent. None on the first depth, where nothing is offered.
    pub boons: Option<[Boon; Boon::ALL.len()]>,
    /// The way on: the stairs down, or (on the last depth) the Sunstone.
    pub holds_the_prize: bool,
}

/// A captive and the band that holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaptiveCatalog {
    pub captive: NpcKind,
    pub captors: NpcKind,
    pub captor_count: u32,
}

/// A vault: what guards it and what lies on its altars (the player takes one), or who is
/// chained there (a kennel's captives: the player frees one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VaultCatalog {
    pub guard: VaultGuard,
    pub offers: Vec<ItemKind>,
    pub captives: Vec<NpcKind>,
    /// For a locked vault, the machine whose altar holds its key, if one does (else the key
    /// lies about the level).
    pub key_held_by: Option<MachineKind>,
    /// For a nested vault, the reward room on one of whose altars its key lies.
    pub key_in_room: Option<MachineKind>,
    /// For a vault guarded by a machine, the door guard built on its doorway.
    pub door_guard: Option<MachineKind>,
    /// The reward room it is, if a row of content/machines.ron.
    pub room: Option<MachineKind>,
}

/// A machine: its blueprint, what lies where lifting it sets the machine off (what it guards:
/// the vault's key, or an item of the level's own), and the monsters it holds dormant, each
/// kind with how many, in the order it holds them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MachineCatalog {
    pub kind: MachineKind,
    pub holds: Option<ItemKind>,
    pub dormant: Vec<(NpcKind, u32)>,
    /// A lair's band asleep in it, and what lies in it, by kind.
    pub sleepers: Vec<(NpcKind, u32)>,
    pub loot: Vec<(ItemKind, u32)>,
    /// A set piece or a shrine: a dead end given over to its ground.
    pub set_piece: bool,
}

/// Every depth of the run `seed` on maps of `size` (which must be a valid map size), from the
/// first to the last.
pub fn seed_catalog(seed: u64, size: UCoord) -> Vec<LevelCatalog> {
    let seeds = RunSeeds::of(seed);
    (1..=FINAL_DEPTH)
        .map(|depth| {
            let terrain = seeds.level(depth, size);
            // Drawn as arriving draws them, from the depth's own stream of boons.
            let boons = (depth > 1).then(|| boon_order(&mut seeds.boon_rng(depth)));
            describe(depth, &terrain, boons)
        })
        .collect()
}

fn describe(depth: u32, terrain: &Terrain, boons: Option<[Boon; 5]>) -> LevelCatalog {
    let item_at = |at: ICoord| (terrain.items.iter()).find(|item| item.coord == at);
    let machines: Vec<(MachineCatalog, Option<ICoord>)> = (terrain.machines.iter())
        .map(|machine| {
            let altar = (machine.cells.iter()).copied().find(|&c| {
                terrain.grid.get(c).and_then(|g| g.rules().signals) == Some(Trigger::Lifted)
            });
            let holds = altar.and_then(item_at).map(|item| item.item);
            let mut dormant: Vec<(NpcKind, u32)> = Vec::new();
            for &(_, kind) in &machine.dormant {
                match dormant.iter_mut().find(|(k, _)| *k == kind) {
                    Some((_, count)) => *count += 1,
                    None => dormant.push((kind, 1)),
                }
            }
            let lair = machine.kind.rules().role == Role::Lair;
            let in_it = |at: &ICoord| lair && machine.cells.contains(at);
            let sleepers = (terrain.npcs.iter())
                .filter(|npc| in_it(&npc.coord) && npc.disposition == Disposition::Asleep);
            let loot = terrain.items.iter().filter(|item| in_it(&item.coord));
            let catalogued = MachineCatalog {
                kind: machine.kind,
                holds,
                dormant,
                sleepers: tally(sleepers.map(|npc| (npc.kind, 1))),
                loot: tally(loot.map(|item| (item.item, item.count))),
                set_piece: matches!(machine.kind.rules().role, Role::Scenery | Role::Shrine),
            };
            (catalogued, altar)
        })
        .collect();
    // The machine whose altar a locked vault's key lies on, and the vault's room whose.
    let key_holder = |key: Option<ICoord>| {
        (machines.iter())
            .find(|(machine, altar)| machine.holds == Some(ItemKind::key()) && *altar == key)
            .map(|(machine, _)| machine.kind)
    };
    let key_in_room = |key: Option<ICoord>| {
        (terrain.vaults.iter())
            .find(|vault| key.is_some_and(|key| vault.altars.contains(&key)))
            .and_then(|vault| vault.room)
    };
    let on_altar: Vec<ICoord> = (terrain.vaults.iter())
        .flat_map(|vault| vault.altars.iter().copied())
        .chain(machines.iter().filter_map(|&(_, altar)| altar))
        .collect();
    let vaults = (terrain.vaults.iter())
        .map(|vault| VaultCatalog {
            guard: vault.guard,
            offers: (terrain.items.iter())
                .filter(|item| vault.altars.contains(&item.coord))
                .map(|item| item.item)
                .collect(),
            captives: (terrain.npcs.iter())
                .filter(|npc| vault.altars.contains(&npc.coord))
                .map(|npc| npc.kind)
                .collect(),
            key_held_by: key_holder(vault.key).filter(|_| vault.guard == VaultGuard::Locked),
            key_in_room: key_in_room(vault.key),
            door_guard: (terrain.machines.iter())
                .find(|machine| machine.cells.first() == Some(&vault.door))
                .map(|machine| machine.kind)
                .filter(|_| vault.guard == VaultGuard::Machine),
            room: vault.room,
        })
        .collect();
    let in_a_lair = |at: &ICoord| {
        (terrain.machines.iter()).any(|m| m.kind.rules().role == Role::Lair && m.cells.contains(at))
    };
    let loose = (terrain.items.iter()).filter(|item| {
        !on_altar.contains(&item.coord) && !in_a_lair(&item.coord) && item.item != ItemKind::prize()
    });
    let items = tally(loose.map(|item| (item.item, item.count)));
    // The band's captive, not a kennel's.
    let captive_spawn = (terrain.npcs.iter())
        .find(|npc| npc.disposition == Disposition::Captive && !on_altar.contains(&npc.coord));
    let captors = (terrain.npcs.iter()).filter(|npc| npc.disposition == Disposition::Guarding);
    let captive = captive_spawn.map(|spawn| CaptiveCatalog {
        captive: spawn.kind,
        captors: captors
            .clone()
            .next()
            .map_or(spawn.kind, |captor| captor.kind),
        captor_count: captors.count() as u32,
    });
    let from_deeper = (terrain.from_deeper)
        .and_then(|at| terrain.npcs.iter().find(|npc| npc.coord == at))
        .map(|npc| npc.kind);
    let living = (terrain.npcs.iter()).filter(|npc| {
        matches!(npc.disposition, Disposition::Asleep | Disposition::Awake)
            && Some(npc.coord) != terrain.from_deeper
    });
    let awake = (living.clone())
        .filter(|npc| npc.disposition == Disposition::Awake)
        .count() as u32;
    let count_of = |ground: Ground| terrain.grid.iter().filter(|&&g| g == ground).count() as u32;
    LevelCatalog {
        depth,
        designs: designs(&terrain.designs),
        monsters: tally(living.map(|npc| (npc.kind, 1))),
        awake,
        from_deeper,
        captive,
        vaults,
        items,
        lakes: bodies_of(&terrain.grid, Ground::DEEP_WATER),
        chasms: bodies_of(&terrain.grid, Ground::CHASM),
        doors: count_of(Ground::DOOR) + count_of(Ground::LOCKED_DOOR),
        secret_doors: count_of(Ground::SECRET_DOOR),
        traps: traps_of(terrain),
        machines: machines.into_iter().map(|(machine, _)| machine).collect(),
        grass: (
            count_of(Ground::GRASS) + count_of(Ground::DEAD_GRASS),
            count_of(Ground::DEAD_GRASS),
        ),
        boons,
        holds_the_prize: depth >= FINAL_DEPTH,
    }
}

/// The level's traps, row by row: the trap each is, and whether it is hidden. A machine's
/// plates (a lair's webs) are the machine's, told with it.
fn traps_of(terrain: &Terrain) -> Vec<(Ground, bool)> {
    let machine_at = |at: ICoord| (terrain.machines.iter()).any(|m| m.cells.contains(&at));
    let traps = (terrain.grid.enumerate())
        .filter(|&(at, g)| g.rules().pressure_plate.is_some() && !machine_at(at));
    traps
        .map(|(_, &g)| (g.as_found(), g.as_found() != g))
        .collect()
}

/// Counts by kind, in the kinds' order.
fn tally<K: Ord + Copy>(things: impl Iterator<Item = (K, u32)>) -> Vec<(K, u32)> {
    let mut counts = std::collections::BTreeMap::new();
    for (kind, count) in things {
        *counts.entry(kind).or_insert(0) += count;
    }
    counts.into_iter().collect()
}

fn designs(grown: &[DesignKind]) -> Vec<(DesignKind, u32)> {
    let order = DesignKind::ALL.into_iter().chain([DesignKind::Cavern]);
    order
        .map(|design| {
            let count = grown.iter().filter(|&&d| d == design).count() as u32;
            (design, count)
        })
        .filter(|&(_, count)| count > 0)
        .collect()
}

/// How many separate bodies (by the four steps) of `ground` the level holds.
fn bodies_of(grid: &Grid<Ground>, ground: Ground) -> u32 {
    let mut counted = Grid::new_copy(grid.size(), false);
    let mut bodies = 0;
    let mut pending = Vec::new();
    for (start, &here) in grid.enumerate() {
        if here != ground || *counted.get_checked(start) {
            continue;
        }
        bodies += 1;
        *counted.get_checked_mut(start) = true;
        pending.push(start);
        while let Some(cell) = pending.pop() {
            for step in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                let next = cell + ICoord::from(step);
                if grid.get(next) == Some(&ground) && !counted.get_checked(next) {
                    *counted.get_checked_mut(next) = true;
                    pending.push(next);
                }
            }
        }
    }
    bodies
}
