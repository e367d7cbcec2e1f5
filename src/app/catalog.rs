//! The seed catalog in words (`umbra --seed-catalog SEED`): a block for each depth, saying what
//! its level holds as it is made. Items go by their true names: a catalog is read before play,
//! by someone choosing or studying a seed, as Brogue CE's `--print-seed-catalog` is.

use super::looks;
use super::words::{boon_words, capitalised, counted, npc_name};
use umbra_rules::game::{
    DesignKind, ItemKind, LevelCatalog, NpcKind, RULES_VERSION, VaultGuard, seed_catalog,
};

/// The whole catalog of `seed` at this map size, ending with a line break.
pub fn catalog_text(seed: u64, map_size: coord_2d::UCoord) -> String {
    let mut text = format!(
        "{}, a map of {}x{}, rules version {}: each level as it is made, the same whatever is \
         played above it.\n",
        super::words::seed_line(seed).replacen("RNG Seed", "Seed", 1),
        map_size.width(),
        map_size.height(),
        RULES_VERSION,
    );
    for level in seed_catalog(seed, map_size) {
        text.push('\n');
        text.push_str(&level_block(&level));
    }
    text
}

/// One depth: a heading line, then a line for each thing it holds.
fn level_block(level: &LevelCatalog) -> String {
    let mut lines = vec![format!("Depth {}: {}.", level.depth, shape(level))];
    let monsters = listed(level.monsters.iter().map(|&(kind, n)| npc_count(kind, n)));
    lines.push(match (monsters, level.awake) {
        (None, _) => "No monsters.".to_string(),
        (Some(all), 0) => format!("Monsters: {all}, all asleep."),
        (Some(all), awake) => format!("Monsters: {all}; {awake} of them awake."),
    });
    if let Some(kind) = level.from_deeper {
        lines.push(format!(
            "From deeper down: {}, awake and wandering.",
            looks::npc(kind).a()
        ));
    }
    if let Some(band) = level.captive {
        lines.push(format!(
            "A captive {} held by {}: beat them and free it to fight at your side.",
            npc_name(band.captive),
            npc_count(band.captors, band.captor_count)
        ));
    }
    for vault in &level.vaults {
        let offers = listed(
            vault
                .offers
                .iter()
                .map(|&kind| match kind == ItemKind::key() {
                    true => "the key to another vault".to_string(),
                    false => looks::item(kind).a(),
                }),
        );
        let guard = match (vault.key_in_room, vault.key_held_by, vault.door_guard) {
            (Some(room), _, _) => format!(
                "behind a locked door (its key on an altar of {})",
                looks::machine(room).description
            ),
            (None, Some(machine), _) => format!(
                "behind a locked door (its key on the altar of {})",
                looks::machine(machine).description
            ),
            (None, None, Some(machine)) => format!(
                "guarded by {} at its door",
                looks::machine(machine).description
            ),
            (None, None, None) => guard_words(vault.guard).to_string(),
        };
        let room = vault
            .room
            .map_or("a vault", |room| &looks::machine(room).description);
        let captives = (vault.captives.iter()).map(|&kind| format!("a captive {}", npc_name(kind)));
        let offer = match listed(captives) {
            Some(captives) => format!("{captives} chained on its altars, free one"),
            None => format!(
                "{} on its altars, take one",
                offers.unwrap_or_else(|| "nothing".to_string())
            ),
        };
        lines.push(format!("{} {guard}: {offer}.", capitalised(room)));
    }
    for machine in &level.machines {
        if let Some(band) = listed(machine.sleepers.iter().map(|&(kind, n)| npc_count(kind, n))) {
            let loot = listed(machine.loot.iter().map(|&(kind, n)| item_count(kind, n)));
            let loot = loot.map_or_else(String::new, |loot| format!(", among {loot}"));
            lines.push(format!(
                "{} holds {band} asleep{loot}.",
                capitalised(&looks::machine(machine.kind).description)
            ));
        }
        if machine.set_piece {
            let piece = &looks::machine(machine.kind).description;
            lines.push(format!("{} lies in a dead end.", capitalised(piece)));
        }
        if let Some(held) = machine.holds {
            let held = match held == ItemKind::key() {
                true => "the vault's key".to_string(),
                false => looks::item(held).a(),
            };
            let held_in_it = listed(machine.dormant.iter().map(|&(kind, n)| npc_count(kind, n)));
            let wakes = held_in_it.map_or_else(String::new, |held_in_it| {
                format!(" and wakes {held_in_it} held in it")
            });
            lines.push(format!(
                "{} guards {held}: lifting it from its altar sets it off{wakes}.",
                capitalised(&looks::machine(machine.kind).description)
            ));
        }
    }
    let items = listed(level.items.iter().map(|&(kind, n)| item_count(kind, n)));
    lines.push(format!(
        "Lying about: {}.",
        items.unwrap_or_else(|| "nothing".to_string())
    ));
    if let Some(order) = level.boons {
        let names = |boons: &[umbra_rules::game::Boon]| {
            listed(boons.iter().map(|&b| boon_words(b).0.to_lowercase()))
                .unwrap_or_else(|| "none".to_string())
        };
        lines.push(format!(
            "Boons on arriving: {} (or {}, in place of the one you chose last).",
            names(&order[..3]),
            names(&order[3..4])
        ));
    }
    lines.push(if level.holds_the_prize {
        format!("The way on: none; {} lies here.", looks::prize())
    } else {
        "The way on: the stairs down.".to_string()
    });
    let (heading, rest) = lines.split_first().expect("a heading");
    let mut block = format!("{heading}\n");
    for line in rest {
        block.push_str(&format!("  {line}\n"));
    }
    block
}

/// The level's rooms, doors, lakes, chasms and grass in a phrase.
fn shape(level: &LevelCatalog) -> String {
    let rooms: u32 = level.designs.iter().map(|&(_, n)| n).sum();
    let designs = listed(level.designs.iter().map(|&(design, n)| {
        let (one, many) = design_words(design);
        if n == 1 {
            format!("a {one}")
        } else {
            format!("{n} {many}")
        }
    }));
    let mut parts = vec![format!(
        "{} ({})",
        counted(rooms, "room", "rooms"),
        designs.unwrap_or_default()
    )];
    parts.push(some(level.doors, "door", "doors"));
    let others = [
        (level.secret_doors, "secret door", "secret doors"),
        (level.lakes, "lake", "lakes"),
        (level.chasms, "chasm", "chasms"),
    ];
    for (count, one, many) in others {
        if count > 0 {
            parts.push(some(count, one, many));
        }
    }
    if !level.traps.is_empty() {
        let traps = level.traps.iter().map(|&(trap, hidden)| {
            let name = looks::ground_name(trap);
            match hidden {
                true => format!("{name}, hidden"),
                false => name.to_string(),
            }
        });
        parts.push(format!(
            "{} ({})",
            counted(level.traps.len() as u32, "trap", "traps"),
            traps.collect::<Vec<_>>().join("; ")
        ));
    }
    if !level.machines.is_empty() {
        let machines = level
            .machines
            .iter()
            .map(|m| looks::machine(m.kind).description.as_str());
        parts.push(machines.collect::<Vec<_>>().join(", "));
    }
    match level.grass {
        (0, _) => (),
        (cells, 0) => parts.push(format!("grass on {cells} cells")),
        (cells, dead) => parts.push(format!("grass on {cells} cells ({dead} of them dead)")),
    }
    listed(parts.into_iter()).unwrap_or_default()
}

/// "no doors", "a door", "4 doors".
fn some(count: u32, one: &str, many: &str) -> String {
    match count {
        0 => format!("no {many}"),
        1 => format!("a {one}"),
        _ => counted(count, one, many),
    }
}

fn design_words(design: DesignKind) -> (&'static str, &'static str) {
    match design {
        DesignKind::Rectangle => ("rectangle", "rectangles"),
        DesignKind::Cross => ("cross", "crosses"),
        DesignKind::Circular => ("round room", "round rooms"),
        DesignKind::Chunky => ("ragged room", "ragged rooms"),
        DesignKind::Cave => ("cave", "caves"),
        DesignKind::Cavern => ("cavern", "caverns"),
    }
}

fn guard_words(guard: VaultGuard) -> &'static str {
    match guard {
        VaultGuard::Locked => "behind a locked door (its key lies on the level, among sleepers)",
        VaultGuard::Secret => "behind a secret door",
        VaultGuard::Sleepers => "guarded by sleepers before its door",
        VaultGuard::Machine => "guarded by a machine at its door",
    }
}

fn npc_count(kind: NpcKind, count: u32) -> String {
    looks::npc(kind).counted(count)
}

fn item_count(kind: ItemKind, count: u32) -> String {
    looks::item(kind).counted(count)
}

/// "a", "a and b", "a, b and c"; None for nothing.
fn listed(parts: impl Iterator<Item = String>) -> Option<String> {
    let parts: Vec<String> = parts.collect();
    match parts.as_slice() {
        [] => None,
        [one] => Some(one.clone()),
        [init @ .., last] => Some(format!("{} and {last}", init.join(", "))),
    }
}
