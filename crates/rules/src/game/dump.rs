//! A game's state as text, for bug reports: the level as an ASCII map the scenario loader reads
//! ([`crate::terrain::from_ascii`]), then a line for the player, each NPC (where, what, its hit
//! points and its whole memory, in RON), each item stack, each vault (its door, guard, altars
//! and rewards) and each machine (its blueprint, cells, and how often it went off), then
//! comments for the reader alone (`dump_notes`). [`Game::from_dump`] reads it back, so a
//! situation seen in play becomes a scenario test: add digit labels to the map and assert.
//!
//! Ground truth, not what the player knows: every NPC and item of the level is in it.

use coord_2d::ICoord;
use serde::{Deserialize, Serialize};

use super::{Game, GameOptions};
use crate::behaviour::Agent;
use crate::content::{ItemKind, MachineKind, NpcKind};
use crate::terrain::{self, AsciiMapError, Ground, VaultGuard};
use crate::world::Vault;
use crate::world::{HitPoints, Side};

/// Lines that begin with this are comments.
pub(super) const COMMENT: &str = "//";

#[derive(Debug, Serialize, Deserialize)]
struct About {
    seed: u64,
    depth: u32,
    turn: u64,
    actions: usize,
}

#[derive(Debug, Serialize, Deserialize)]
struct DumpedPlayer {
    hit_points: (u32, u32),
}

#[derive(Debug, Serialize, Deserialize)]
struct DumpedNpc {
    at: (i32, i32),
    /// The kind's awake map letter.
    kind: char,
    /// Whose side it is on: the dungeon's, the player's (an ally), or a captive. A dump from
    /// before allies has none: the dungeon's.
    #[serde(default = "dungeon")]
    side: Side,
    hit_points: (u32, u32),
    mind: Agent,
    /// What it learned, carries, whether it is seen, the spells on it; none for most (and in
    /// a dump from before the bestiary).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nature: Option<crate::world::Nature>,
}

fn dungeon() -> Side {
    Side::Dungeon
}

#[derive(Debug, Serialize, Deserialize)]
struct DumpedItem {
    at: (i32, i32),
    /// The kind's map letter.
    kind: char,
    count: u32,
}

/// A vault: its door, its guard, its altars, the map letters of what lies on them (a space for
/// an empty altar), whether the player has taken from it (then the others are caged), the
/// reward room it is (its row in content/machines.ron, from 0; none if not given) and whether
/// the player has seen it.
#[derive(Debug, Serialize, Deserialize)]
struct DumpedVault {
    door: (i32, i32),
    guard: VaultGuard,
    altars: Vec<(i32, i32)>,
    rewards: Vec<char>,
    taken: bool,
    #[serde(default)]
    room: Option<MachineKind>,
    #[serde(default)]
    seen: bool,
}

/// A machine: its blueprint (its row in content/machines.ron, from 0), its cells, how often
/// it has gone off, the monsters still held dormant in it (each cell and kind: its row in
/// content/bestiary.ron, from 0), and whether the player has seen it.
#[derive(Debug, Serialize, Deserialize)]
struct DumpedMachine {
    kind: crate::content::MachineKind,
    cells: Vec<(i32, i32)>,
    signals: u16,
    #[serde(default)]
    dormant: Vec<((i32, i32), crate::content::NpcKind)>,
    #[serde(default)]
    seen: bool,
}

/// What is wrong with a dump, by line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DumpError {
    Map(AsciiMapError),
    /// A line after the map that does not read (its number from 1, and why).
    Line {
        line: usize,
        problem: String,
    },
}

impl std::fmt::Display for DumpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Map(error) => write!(f, "the map: {error}"),
            Self::Line { line, problem } => write!(f, "line {line}: {problem}"),
        }
    }
}

impl std::error::Error for DumpError {}

impl Game {
    /// The level, the player, every NPC with its memory and every item stack, as text that
    /// [`Game::from_dump`] reads back.
    pub fn dump(&self) -> String {
        let mut text = format!(
            "{COMMENT} Umbra state dump: the map, then the player, NPCs in the order they act, and items.\n"
        );
        for row in self.dump_rows() {
            text.push_str(&row);
            text.push('\n');
        }
        text.push('\n');
        let about = About {
            seed: self.chronicle.seed,
            depth: self.progress.depth,
            turn: self.progress.turn,
            actions: self.chronicle.actions.len(),
        };
        line(&mut text, "about", &about);
        let hit_points = self.player_hit_points();
        let player = DumpedPlayer {
            hit_points: (hit_points.current, hit_points.max),
        };
        line(&mut text, "player", &player);
        for npc in self.inhabitants().npcs() {
            let Some(mind) = self.inhabitants().agent(npc.id) else {
                continue;
            };
            let dumped = DumpedNpc {
                at: (npc.coord.x, npc.coord.y),
                kind: npc.kind.rules().map_letters.awake,
                side: self.world.side_of(npc.id).unwrap_or(Side::Dungeon),
                hit_points: (npc.hit_points.current, npc.hit_points.max),
                mind,
                nature: self.world.natures().of(npc.id),
            };
            line(&mut text, "npc", &dumped);
        }
        for (coord, lying) in self.world.items_lying() {
            let dumped = DumpedItem {
                at: (coord.x, coord.y),
                kind: lying.kind.rules().map_letter,
                count: lying.count,
            };
            line(&mut text, "item", &dumped);
        }
        for vault in self.world.vaults() {
            let reward = |&c: &ICoord| {
                self.world
                    .item_at(c)
                    .map_or(' ', |l| l.kind.rules().map_letter)
            };
            let dumped = DumpedVault {
                door: (vault.door.x, vault.door.y),
                guard: vault.guard,
                altars: vault.altars.iter().map(|c| (c.x, c.y)).collect(),
                rewards: vault.altars.iter().map(reward).collect(),
                taken: vault.taken,
                room: vault.room,
                seen: vault.seen,
            };
            line(&mut text, "vault", &dumped);
        }
        for machine in self.world.machines() {
            let dumped = DumpedMachine {
                kind: machine.kind,
                cells: machine.cells.iter().map(|c| (c.x, c.y)).collect(),
                signals: machine.signals,
                dormant: (machine.dormant.iter())
                    .map(|&(c, kind)| ((c.x, c.y), kind))
                    .collect(),
                seen: machine.seen,
            };
            line(&mut text, "machine", &dumped);
        }
        self.dump_wiring(&mut text);
        self.dump_light_and_awareness(&mut text);
        self.dump_fire_and_gas(&mut text);
        text
    }

    fn dump_rows(&self) -> Vec<String> {
        let size = self.world.size();
        (0..size.height() as i32)
            .map(|y| {
                (0..size.width() as i32)
                    .map(|x| self.dump_letter(ICoord::new(x, y)))
                    .collect()
            })
            .collect()
    }

    /// A character over an item over the ground, as the ASCII loader spells them.
    fn dump_letter(&self, coord: ICoord) -> char {
        if coord == self.world.player_coord() {
            return '@';
        }
        if let Some(npc) = self.inhabitants().npc_at(coord) {
            let letters = npc.kind.rules().map_letters;
            let asleep = self
                .inhabitants()
                .agent(npc.id)
                .is_some_and(|agent| agent.is_asleep());
            return if asleep {
                letters.asleep
            } else {
                letters.awake
            };
        }
        let ground = self.world.ground_at(coord);
        // An altar keeps its letter, a machine's too (its switch would be lost under the
        // item's letter): the item on it has its own line.
        if matches!(ground, Ground::ALTAR | Ground::CAGE) || ground.rules().signals.is_some() {
            return terrain::ground_letter(ground);
        }
        if let Some(lying) = self.world.item_at(coord) {
            return lying.kind.rules().map_letter;
        }
        terrain::ground_letter(ground)
    }

    /// A game in the state `text` (as [`Game::dump`] writes it) describes, with the map's digit
    /// labels. NPCs act in the order their lines come; NPCs on the map without a line keep the
    /// memory the loader gives them. The RNG starts from the dumped seed, not where the game
    /// had drawn it to.
    pub fn from_dump(
        text: &str,
        options: GameOptions,
    ) -> Result<(Self, Vec<(char, ICoord)>), DumpError> {
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_end()))
            .filter(|(_, l)| !l.starts_with(COMMENT))
            .collect();
        let map_end = lines
            .iter()
            .position(|(_, l)| l.is_empty())
            .unwrap_or(lines.len());
        let rows: Vec<&str> = lines[..map_end].iter().map(|(_, l)| *l).collect();
        let (mut terrain, labels) = terrain::from_ascii(&rows).map_err(DumpError::Map)?;
        let parsed = Parsed::read(&lines[map_end..])?;
        // The NPCs spawn, and so act, in the order of their lines.
        let order = |at: ICoord| parsed.npcs.iter().position(|n| n.at == (at.x, at.y));
        terrain
            .npcs
            .sort_by_key(|spawn| order(spawn.coord).unwrap_or(usize::MAX));
        let seed = parsed.about.as_ref().map_or(0, |about| about.seed);
        let mut game = Self::from_terrain(seed, options, &terrain);
        game.apply_dump(&parsed)?;
        // The player sees by the dumped depth's light.
        game.fit_eyes();
        game.look_round();
        game.visibility
            .remember(&game.world, game.chronicle.options.omniscience);
        Ok((game, labels))
    }

    fn apply_dump(&mut self, parsed: &Parsed) -> Result<(), DumpError> {
        if let Some(about) = &parsed.about {
            self.progress.turn = about.turn;
            self.progress.depth = about.depth.clamp(1, crate::balance::FINAL_DEPTH);
        }
        if let Some(player) = &parsed.player {
            let (current, max) = player.hit_points;
            self.world.set_player_hit_points(HitPoints { current, max });
        }
        for (line, npc) in parsed.npc_lines.iter().zip(&parsed.npcs) {
            let at = ICoord::new(npc.at.0, npc.at.1);
            let found = self
                .inhabitants()
                .npc_at(at)
                .filter(|found| found.kind.rules().map_letters.awake == npc.kind);
            let Some(found) = found else {
                let problem = format!("no NPC of kind {:?} at {at:?} on the map", npc.kind);
                return Err(DumpError::Line {
                    line: *line,
                    problem,
                });
            };
            if !npc
                .mind
                .fits(self.world.size(), self.minds.behaviour.waypoint_count())
            {
                let problem = "the mind names cells or waypoints this level lacks".to_string();
                return Err(DumpError::Line {
                    line: *line,
                    problem,
                });
            }
            let (current, max) = npc.hit_points;
            self.world
                .set_hit_points(found.id, HitPoints { current, max });
            self.minds.agents.insert(found.id, npc.mind);
            self.world.set_side(found.id, npc.side);
            self.world.set_nature_of(found.id, npc.nature);
        }
        for item in &parsed.items {
            let at = ICoord::new(item.at.0, item.at.1);
            self.world.take_item(at);
            if let Some(kind) = ItemKind::all().find(|k| k.rules().map_letter == item.kind) {
                self.world.put_item(at, kind, item.count);
            }
        }
        let vaults: Vec<Vault> = parsed
            .vaults
            .iter()
            .map(|vault| Vault {
                door: ICoord::new(vault.door.0, vault.door.1),
                guard: vault.guard,
                altars: vault
                    .altars
                    .iter()
                    .map(|&(x, y)| ICoord::new(x, y))
                    .collect(),
                taken: vault.taken,
                room: vault.room,
                seen: vault.seen,
            })
            .collect();
        self.world.set_vaults(vaults);
        let machines = (parsed.machines.iter())
            .map(|machine| crate::world::Machine {
                kind: machine.kind,
                cells: (machine.cells.iter())
                    .map(|&(x, y)| ICoord::new(x, y))
                    .collect(),
                signals: machine.signals,
                dormant: (machine.dormant.iter())
                    .map(|&((x, y), kind)| (ICoord::new(x, y), kind))
                    .collect(),
                seen: machine.seen,
            })
            .collect();
        self.world.set_machines(machines);
        self.rebuild_npc_lists();
        self.visibility
            .update(&self.world, self.chronicle.options.omniscience);
        self.note_npcs_in_view();
        Ok(())
    }
}

/// The lines after the map, read.
#[derive(Default)]
struct Parsed {
    about: Option<About>,
    player: Option<DumpedPlayer>,
    npcs: Vec<DumpedNpc>,
    npc_lines: Vec<usize>,
    items: Vec<DumpedItem>,
    vaults: Vec<DumpedVault>,
    machines: Vec<DumpedMachine>,
}

impl Parsed {
    fn read(lines: &[(usize, &str)]) -> Result<Self, DumpError> {
        let mut parsed = Self::default();
        for &(number, text) in lines.iter().filter(|(_, l)| !l.is_empty()) {
            let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
            let problem = |problem: String| DumpError::Line {
                line: number,
                problem,
            };
            let wrong = |error: ron::error::SpannedError| problem(error.to_string());
            match word {
                "about" => parsed.about = Some(ron::from_str(rest).map_err(wrong)?),
                "player" => parsed.player = Some(ron::from_str(rest).map_err(wrong)?),
                "npc" => {
                    let npc: DumpedNpc = ron::from_str(rest).map_err(wrong)?;
                    known_kind(npc.kind)
                        .ok_or_else(|| problem(format!("no kind {:?}", npc.kind)))?;
                    parsed.npcs.push(npc);
                    parsed.npc_lines.push(number);
                }
                "item" => parsed.items.push(ron::from_str(rest).map_err(wrong)?),
                "vault" => parsed.vaults.push(ron::from_str(rest).map_err(wrong)?),
                "machine" => parsed.machines.push(ron::from_str(rest).map_err(wrong)?),
                _ => {
                    return Err(problem(format!(
                        "expected about, player, npc, item, vault or machine, not {word:?}"
                    )));
                }
            }
        }
        Ok(parsed)
    }
}

fn known_kind(letter: char) -> Option<NpcKind> {
    NpcKind::all().find(|kind| kind.rules().map_letters.awake == letter)
}

/// `word` and the value in RON on one line.
fn line(text: &mut String, word: &str, value: &impl Serialize) {
    let ron = ron::to_string(value).expect("a dump's parts always encode");
    text.push_str(word);
    text.push(' ');
    text.push_str(&ron);
    text.push('\n');
}
