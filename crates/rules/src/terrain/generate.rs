//! Making a level: rooms of the depth's designs grown from a first room (or a cavern), loops
//! cut, lakes and chasms, doors hung, the arrival and the way on at the level's two ends, a
//! vault, monsters, items and a captive band, and its traps.

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;
use rand::Rng;

use super::captives::BandRoll;
use super::{
    Disposition, Ground, ItemSpawn, MachineSpawn, NpcSpawn, Room, Terrain, VaultSpawn, accrete,
    captives, dead_ends, is_valid_size, lakes, lighting, machines, populate, reach, surface, traps,
    vaults,
};
use crate::balance;
use crate::content::{ItemKind, Role};

/// Generates the first level of a run at the given size, which must satisfy [`is_valid_size`].
pub fn generate<R: Rng>(size: UCoord, rng: &mut R) -> Terrain {
    generate_at_depth(size, 1, rng)
}

/// Generates the level at `depth` (1 is the top) by the level profile of that depth: rooms of
/// its designs grown from a first room (or a cavern), loops cut, doors hung, every open cell
/// joined to the arrival, the way on as far from it by walking as the level allows. Deeper
/// levels hold more NPCs and more trolls; the last holds the Sunstone where others have stairs.
pub fn generate_at_depth<R: Rng>(size: UCoord, depth: u32, rng: &mut R) -> Terrain {
    generate_in_run(size, depth, BandRoll::ByChance, rng)
}

/// [`generate_at_depth`] as a run makes it: `band` says whether the depth surely holds a
/// captive band (see `balance::CAPTIVE_BAND_BY`).
pub fn generate_in_run<R: Rng>(size: UCoord, depth: u32, band: BandRoll, rng: &mut R) -> Terrain {
    build(size, depth, crate::content::profile_at(depth), band, rng)
}

/// [`generate_at_depth`] with the level built by `profile` rather than the depth's own (for
/// measuring one design alone); the monsters and items are still the depth's.
pub fn generate_by_profile<R: Rng>(
    size: UCoord,
    depth: u32,
    profile: &crate::content::LevelProfile,
    rng: &mut R,
) -> Terrain {
    build(size, depth, profile, BandRoll::ByChance, rng)
}

fn build<R: Rng>(
    size: UCoord,
    depth: u32,
    profile: &crate::content::LevelProfile,
    band: BandRoll,
    rng: &mut R,
) -> Terrain {
    assert!(is_valid_size(size), "map size {size:?} is out of range");
    let mut builder = accrete::Builder::new(size);
    builder.first_room(profile, rng);
    builder.attach_rooms(profile, rng);
    builder.add_loops(profile.loop_distance, rng);
    // Before the doors, so a door is only hung in a doorway the water left in a wall.
    let below = depth < balance::FINAL_DEPTH;
    lakes::add_lakes(&mut builder.grid, &profile.lakes, below, rng);
    builder.hang_doors(profile, rng);
    let accrete::Builder {
        mut grid,
        rooms,
        designs,
        ..
    } = builder;
    // The arrival at one end of the level and the way on at the other: the room cell furthest
    // from where growth began, then the room cell furthest from that.
    let player = reach::farthest_floor(&grid, middle_of(&grid, &rooms[0]));
    let exit = reach::farthest_floor(&grid, player);
    let vault = vaults::plan(&mut grid, &profile.vaults, player, exit, rng);
    let placed = populate::place_npcs(&grid, &rooms, player, depth, rng);
    let deeper_one = populate::deeper_one(&grid, &rooms, player, &placed, depth, rng);
    let from_deeper = deeper_one.map(|(coord, _)| coord);
    let mut npcs = wake_or_sleep(placed, deeper_one, rng);
    let mut items = Vec::new();
    if depth >= balance::FINAL_DEPTH {
        items.push(ItemSpawn {
            coord: exit,
            item: ItemKind::prize(),
            count: 1,
        });
    } else {
        *grid.get_checked_mut(exit) = Ground::STAIRS;
    }
    populate::place_items(&grid, &rooms, player, exit, depth, &mut items, rng);
    let mut vault_cells = vault
        .as_ref()
        .map_or(Vec::new(), |plan| plan.inside().to_vec());
    let mut vaults: Vec<VaultSpawn> = Vec::new();
    let mut machines: Vec<MachineSpawn> = Vec::new();
    if let Some(plan) = vault {
        let placed = (player, exit);
        let (spawn, holder) = plan.furnish(&mut grid, placed, depth, &mut npcs, &mut items, rng);
        vaults.push(spawn);
        machines.extend(holder);
    }
    if let Some(first) = vaults.first().cloned() {
        // Clear of the first vault, its key where it lies, and the machines.
        let avoid = authored_so_far(&vault_cells, &vaults, &machines);
        let placed = (&mut npcs, &mut items);
        let at = (player, exit, depth);
        if let Some((second, inside)) = vaults::nested(&mut grid, &first, at, &avoid, placed, rng) {
            vault_cells.extend(inside);
            vaults.push(second);
        }
    }
    if machines.is_empty() {
        let mut avoid = authored_so_far(&vault_cells, &vaults, &machines);
        avoid.push(exit);
        let chance = profile.held_item;
        let placed = (&mut npcs, &mut items);
        let at = (player, vaults::KEY_STEPS, chance);
        let held = machines::hold_an_item(&mut grid, depth, at, &avoid, placed, rng);
        machines.extend(held);
    }
    // A lair far from the arrival, then a shrine and a set piece anywhere else.
    for (role, far, chance) in [
        (Role::Lair, balance::LAIR_STEPS, profile.lair),
        (Role::Shrine, 0, profile.shrine),
        (Role::Scenery, 0, profile.scenery),
    ] {
        let mut avoid = authored_so_far(&vault_cells, &vaults, &machines);
        avoid.push(exit);
        let placed = (&mut npcs, &mut items);
        let at = (player, far, chance);
        machines.extend(dead_ends::dead_end_room(
            &mut grid,
            (role, depth),
            at,
            &avoid,
            placed,
            rng,
        ));
    }
    // The machines' cells are as much the level's authored rooms as a vault's.
    let mut authored = vault_cells;
    authored.extend(machines.iter().flat_map(|m| m.cells.iter().copied()));
    let taken = captives::Taken {
        player,
        exit,
        vault: &authored,
        npcs: &npcs,
        items: &items,
    };
    npcs.extend(captives::band(&grid, &rooms, depth, &taken, band, rng));
    let prize = (depth >= balance::FINAL_DEPTH).then_some(exit);
    lighting::light(&mut grid, &rooms, &designs, profile.lit, prize, rng);
    surface::grow(&mut grid, &rooms, &designs, profile.grass, rng);
    let gas = surface::swamps(&mut grid, &rooms, &designs, profile.grass, rng);
    // Last, so that nothing else is placed by draws a trap moved: the traps keep off what
    // stands, lies and waits on the level.
    let mut taken = authored;
    taken.push(exit);
    taken.extend(npcs.iter().map(|npc| npc.coord));
    taken.extend(items.iter().map(|item| item.coord));
    traps::lay(&mut grid, &profile.traps, depth, (player, &taken), rng);
    Terrain {
        gas,
        grid,
        player,
        npcs,
        items,
        designs,
        vaults,
        machines,
        from_deeper,
    }
}

/// What the level has authored so far, for a placement to keep clear of: the vaults' cells
/// and doorways, where a vault's key lies, and the machines' cells.
fn authored_so_far(
    vault_cells: &[ICoord],
    vaults: &[VaultSpawn],
    machines: &[MachineSpawn],
) -> Vec<ICoord> {
    let mut authored = vault_cells.to_vec();
    authored.extend(
        vaults
            .iter()
            .flat_map(|vault| [Some(vault.door), vault.key])
            .flatten(),
    );
    authored.extend(machines.iter().flat_map(|m| m.cells.iter().copied()));
    authored
}

/// Each NPC placed asleep or awake by the odds of `balance::NPC_AWAKE_AT_START`, drawn in
/// their order after every NPC is placed (so the layout of a seed's level does not depend on
/// them), and the one from deeper down awake.
fn wake_or_sleep<R: Rng>(
    placed: Vec<(ICoord, crate::content::NpcKind)>,
    deeper_one: Option<(ICoord, crate::content::NpcKind)>,
    rng: &mut R,
) -> Vec<NpcSpawn> {
    let (awake, out_of) = balance::NPC_AWAKE_AT_START;
    let placed = placed.into_iter().map(|(coord, kind)| {
        let disposition = match rng.random_ratio(awake, out_of) {
            true => Disposition::Awake,
            false => Disposition::Asleep,
        };
        NpcSpawn {
            coord,
            kind,
            disposition,
        }
    });
    let deeper = deeper_one.map(|(coord, kind)| NpcSpawn {
        coord,
        kind,
        disposition: Disposition::Awake,
    });
    placed.chain(deeper).collect()
}

/// The first room's floor cell nearest its middle; if a lake has taken all of the room's floor,
/// the level's floor cell nearest it (a start in the water would leave the arrival there).
fn middle_of(grid: &Grid<Ground>, room: &Room) -> ICoord {
    let centre = room.centre();
    let floor = |c: &ICoord| grid.get(*c) == Some(&Ground::FLOOR);
    let nearest = |c: &ICoord| (c.manhattan_distance(centre), c.y, c.x);
    room.coords()
        .filter(floor)
        .min_by_key(nearest)
        .or_else(|| {
            grid.size()
                .icoord_iter_row_major()
                .filter(floor)
                .min_by_key(nearest)
        })
        .unwrap_or(centre)
}
