//! What a scripted player knows: only what the screen shows (cells in view, cells remembered),
//! never the true map, and a breadth-first search over the cells it knows to be open.

use std::collections::VecDeque;

use coord_2d::ICoord;
use direction::CardinalDirection;
use umbra_rules::Game;
use umbra_rules::content::{ItemKind, ItemUse};
use umbra_rules::game::{Awareness, Brightness};
use umbra_rules::terrain::Ground;
use umbra_rules::visibility::CellVisibility;
use umbra_rules::world::Tile;

/// A cell as the player knows it: floor, with nothing on it but perhaps a door (which a step
/// opens) or crystal (which dissolves: remembered, it may be gone, and a wall of it remembered
/// between the player and the rest of the level would keep it there for ever).
pub fn known_open(game: &Game, coord: ICoord) -> bool {
    let view = game.level().cell_view(coord);
    let crystal_gone_maybe = view.visibility != CellVisibility::Visible;
    let passable = match view.tiles.feature {
        None | Some(Tile::Ground(Ground::DOOR)) => true,
        Some(Tile::Ground(Ground::CRYSTAL)) => crystal_gone_maybe,
        Some(_) => false,
    };
    view.visibility != CellVisibility::NeverSeen && passable && view.tiles.floor.is_some()
}

/// Fire, or a gas thick enough to harm, on a cell the player sees.
pub fn harms(game: &Game, coord: ICoord) -> bool {
    let gas = game
        .level()
        .gas_in_view(coord)
        .is_some_and(|(kind, volume)| {
            volume >= umbra_rules::balance::GAS_HARMS_AT && kind.rules().harms()
        });
    gas || game.level().fire_in_view(coord).is_some()
}

/// [`harms`], or a gas that only burns, thick, once a flame is coming (a machine's ground seen
/// that will let one loose: a swamp lamp's guttering torch): a cell to get out of, not one to
/// refuse a step through.
pub fn harms_soon(game: &Game, coord: ICoord) -> bool {
    let burns = |(kind, volume): (umbra_rules::content::GasKind, u16)| {
        volume >= umbra_rules::balance::GAS_HARMS_AT && !kind.rules().harms()
    };
    harms(game, coord) || (game.level().gas_in_view(coord).is_some_and(burns) && flame_coming(game))
}

/// A cell of a machine the player has seen whose ground will change and let a feature loose.
fn flame_coming(game: &Game) -> bool {
    let cells = game.machines().iter().flat_map(|machine| &machine.cells);
    cells.copied().any(|c| {
        let seen = game.level().cell_view(c).visibility != CellVisibility::NeverSeen;
        let changes = game.level().ground_at(c).rules().changes;
        seen && changes.is_some_and(|change| change.feature.is_some())
    })
}

/// Water the player sees: what puts out a fire on it.
pub fn shows_water(game: &Game, coord: ICoord) -> bool {
    let view = game.level().cell_view(coord);
    let wet = |tile: Option<Tile>| matches!(tile, Some(Tile::Ground(g)) if g.rules().puts_out_fire);
    view.visibility != CellVisibility::NeverSeen
        && wet(view.tiles.floor)
        && view.tiles.feature.is_none()
}

/// Never seen with the player's own eyes (a mapped cell is still to be explored).
pub fn never_seen(game: &Game, coord: ICoord) -> bool {
    matches!(
        game.level().cell_view(coord).visibility,
        CellVisibility::NeverSeen | CellVisibility::Mapped
    )
}

/// An NPC the player sees now (remembered ones may have left).
pub fn npc_in_view(game: &Game, coord: ICoord) -> bool {
    let view = game.level().cell_view(coord);
    view.visibility == CellVisibility::Visible && matches!(view.tiles.character, Some(Tile::Npc(_)))
}

/// An NPC in view that has not noticed the player and is not on its guard (asleep, or awake
/// and unaware: the sidebar says which; a searching one is alert), so a blow struck now comes
/// from the dark.
pub fn unaware_npc_in_view(game: &Game, coord: ICoord) -> bool {
    npc_in_view(game, coord)
        && game.inhabitants().agent_at(coord).is_some_and(|agent| {
            matches!(agent.awareness(), Awareness::Asleep | Awareness::Unaware)
        })
}

/// A cell in view that no light but the player's own reaches: where it is hardest to notice.
pub fn in_shadow(game: &Game, coord: ICoord) -> bool {
    game.level().cell_view(coord).visibility == CellVisibility::Visible
        && game.level().cell_light(coord).brightness != Brightness::Lit
}

/// A captive the player has seen (in view, or remembered where it was held: it never moves).
/// A captive the player can reach: not one a kennel's cage closed over.
pub fn shows_captive(game: &Game, coord: ICoord) -> bool {
    let tiles = game.level().cell_view(coord).tiles;
    matches!(tiles.character, Some(Tile::Captive(_)))
        && tiles.feature != Some(Tile::Ground(Ground::CAGE))
}

pub fn shows_item(game: &Game, coord: ICoord, item: ItemKind) -> bool {
    game.level().cell_view(coord).tiles.item == Some(Tile::Item(item))
}

/// An item the player would carry off (a potion), not one that ends the run nor one caged.
pub fn shows_carriable(game: &Game, coord: ICoord) -> bool {
    let tiles = game.level().cell_view(coord).tiles;
    match tiles.item {
        Some(Tile::Item(kind)) if tiles.feature != Some(Tile::Ground(Ground::CAGE)) => {
            kind.rules().use_ != ItemUse::WinsTheRun
                && game.pack().room_for(kind).is_some()
                && crate::armoury::worth_carrying(game, kind)
        }
        _ => false,
    }
}

/// A chasm the player has seen: a way down for a jump.
pub fn shows_chasm(game: &Game, coord: ICoord) -> bool {
    game.level().cell_view(coord).tiles.feature == Some(Tile::Ground(Ground::CHASM))
}

pub fn shows_stairs(game: &Game, coord: ICoord) -> bool {
    game.level().cell_view(coord).tiles.floor == Some(Tile::Ground(Ground::STAIRS))
}

pub fn shows_locked_door(game: &Game, coord: ICoord) -> bool {
    game.level().cell_view(coord).tiles.feature == Some(Tile::Ground(Ground::LOCKED_DOOR))
}

/// Open neighbours of a known open cell: 2 or fewer is a corridor, where only one NPC at a time
/// can reach the player.
pub fn open_neighbours(game: &Game, coord: ICoord) -> usize {
    CardinalDirection::all()
        .filter(|d| known_open(game, coord + d.coord()))
        .count()
}

/// True if the player sees a monster that shoots and keeps its distance (an archer) and no
/// blow was struck or shot either way this turn: a turn of a stand-off. `seen` is scratch.
pub fn archer_standoff(game: &Game, seen: &mut Vec<ICoord>) -> bool {
    use umbra_rules::content::NpcTrait;
    use umbra_rules::game::GameEvent;
    if game.events().iter().any(GameEvent::is_blow) {
        return false;
    }
    npcs_in_view(game, seen);
    seen.iter().any(|&at| {
        game.inhabitants().npc_at(at).is_some_and(|npc| {
            let rules = npc.kind.rules();
            rules.has(NpcTrait::KeepsDistance)
                && rules.bolt.is_some_and(|bolt| !bolt.rules().effect.helps())
        })
    })
}

/// NPCs in view, nearest first by straight-line distance.
pub fn npcs_in_view(game: &Game, out: &mut Vec<ICoord>) {
    out.clear();
    let player = game.player_coord();
    // Sight's reach (`balance::PLAYER_VISION_DISTANCE_SQUARED` is 14 squared).
    let reach = 14;
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let coord = player + ICoord::new(dx, dy);
            if coord != player && npc_in_view(game, coord) {
                out.push(coord);
            }
        }
    }
    out.sort_by_key(|c| (c.x - player.x).pow(2) + (c.y - player.y).pow(2));
}

/// Breadth-first search from the player over known open cells, reused from step to step.
#[derive(Default)]
pub struct Search {
    first_step: Vec<Option<CardinalDirection>>,
    seen: Vec<u32>,
    stamp: u32,
    queue: VecDeque<(ICoord, u32)>,
    /// Cells a lever the player pulled lifts out of the way (a portcullis): remembered shut,
    /// they are open as far as it knows until it sees them again.
    lifted: Vec<ICoord>,
}

impl Search {
    /// Remembers what the lever the player is about to pull lifts: its machine's walls that
    /// its signal opens (none on another level: see [`Search::forget_levers`]).
    pub fn pull_lever(&mut self, game: &Game, lever: ICoord) {
        let Some(machine) = (game.machines().iter()).find(|m| m.cells.contains(&lever)) else {
            return;
        };
        let opens = |c: &&ICoord| {
            let rules = game.level().ground_at(**c).rules();
            rules.blocks_walking && rules.on_signal.is_some_and(|g| !g.rules().blocks_walking)
        };
        self.lifted.extend(machine.cells.iter().filter(opens));
    }

    pub fn forget_levers(&mut self) {
        self.lifted.clear();
    }

    fn lifted_unseen(&self, game: &Game, coord: ICoord) -> bool {
        self.lifted.contains(&coord)
            && game.level().cell_view(coord).visibility == CellVisibility::Remembered
    }

    /// The first step towards the nearest cell `goal` accepts, and how many steps away it is,
    /// going no further than `max_steps`. Cells with an NPC in view can be walked through
    /// (walking into one attacks it) only if `through_npcs`.
    pub fn towards(
        &mut self,
        game: &Game,
        max_steps: u32,
        through_npcs: bool,
        mut goal: impl FnMut(ICoord) -> bool,
    ) -> Option<(CardinalDirection, u32)> {
        let size = game.size();
        let cells = size.count();
        if self.seen.len() != cells {
            self.seen = vec![0; cells];
            self.first_step = vec![None; cells];
            self.stamp = 0;
        }
        self.stamp += 1;
        let index = |c: ICoord| (c.y as usize) * size.width() as usize + c.x as usize;
        let start = game.player_coord();
        self.queue.clear();
        self.queue.push_back((start, 0));
        self.seen[index(start)] = self.stamp;
        while let Some((coord, steps)) = self.queue.pop_front() {
            if coord != start && goal(coord) {
                return self.first_step[index(coord)].map(|d| (d, steps));
            }
            if steps == max_steps {
                continue;
            }
            for direction in CardinalDirection::all() {
                let next = coord + direction.coord();
                if !next.is_valid(size) || self.seen[index(next)] == self.stamp {
                    continue;
                }
                // A captive stands where it is held until freed: a step into it frees nobody.
                let passable = (known_open(game, next) || self.lifted_unseen(game, next))
                    && !shows_captive(game, next)
                    && (through_npcs || !npc_in_view(game, next));
                if !passable && !goal(next) {
                    continue;
                }
                self.seen[index(next)] = self.stamp;
                self.first_step[index(next)] = if coord == start {
                    Some(direction)
                } else {
                    self.first_step[index(coord)]
                };
                self.queue.push_back((next, steps + 1));
            }
        }
        None
    }

    /// Towards the nearest known cell next to one never seen.
    pub fn explore(&mut self, game: &Game) -> Option<CardinalDirection> {
        let frontier = |c: ICoord| {
            known_open(game, c) && CardinalDirection::all().any(|d| never_seen(game, c + d.coord()))
        };
        self.towards(game, u32::MAX, true, frontier).map(|(d, _)| d)
    }
}
