//! The run beyond one level: the stairs to the next depth.

use coord_2d::ICoord;
use rand::Rng;

use super::seeds::RunSeeds;
use super::{Game, GameEvent, TurnOutcome};
use crate::balance;
use crate::content::ItemKind;
use crate::game::{DungeonEvent, Fall};
use crate::terrain::{self, Ground, Terrain};

impl Game {
    /// Takes the stairs. Arriving takes the turn; the new level's NPCs first act on the next
    /// one.
    pub(super) fn descend(&mut self) -> TurnOutcome {
        if !self.world.is_stairs(self.world.player_coord()) {
            self.scratch
                .events
                .push(GameEvent::Dungeon(DungeonEvent::NoStairsHere));
            return TurnOutcome::NoTurn;
        }
        self.go_down()
    }

    /// Jumps into the chasm next to the player: a fall to the next depth, hurt by it but never
    /// killed, landing on open ground below the place it jumped.
    pub(super) fn jump(&mut self) -> TurnOutcome {
        self.fall(true, Fall::Jumped)
    }

    /// A fall through the floor the player stepped onto (a trapdoor): the step was the turn's
    /// action, as a jump is.
    pub(super) fn fall_through_floor(&mut self) -> TurnOutcome {
        self.fall(true, Fall::Trapdoor)
    }

    /// A fall in the middle of a turn already counted (a bridge burnt under the player, a
    /// levitation ended over a chasm): the arrival below is the same turn, not one more.
    pub(super) fn fall_mid_turn(&mut self, how: Fall) -> TurnOutcome {
        self.fall(false, how)
    }

    /// Into the chasm: hurt by the fall, the player arrives below where it fell, a turn on if
    /// `a_turn_on` (a jump is the player's action of the turn).
    fn fall(&mut self, a_turn_on: bool, how: Fall) -> TurnOutcome {
        let (least, most) = balance::CHASM_FALL_DAMAGE;
        let health = self.player_hit_points().current;
        let damage = self
            .chronicle
            .rng
            .random_range(least..=most)
            .min(health.saturating_sub(1));
        let player = self.world.player();
        self.world.wound(player, damage);
        self.hero.chasms_jumped += 1;
        self.scratch
            .events
            .push(GameEvent::Dungeon(DungeonEvent::FellIntoChasm {
                damage,
                how,
            }));
        self.arrive_below(Some(self.world.player_coord()), a_turn_on)
    }

    /// Arrives on the next depth, wherever the player stood (the stairs, or a wizard's word).
    pub(super) fn go_down(&mut self) -> TurnOutcome {
        self.arrive_below(None, true)
    }

    /// Arrives on the next depth: where the level puts arrivals, or (after a fall) on the open
    /// floor nearest `landing` that nobody stands on. The level and the boons offered on it are
    /// drawn from the depth's own seed, never from the play's dice: whatever was played above,
    /// depth N of a seed is the same level.
    fn arrive_below(&mut self, landing: Option<ICoord>, a_turn_on: bool) -> TurnOutcome {
        // A key opens only its own level's door.
        if let Some(slot) = self.hero.pack.slot_of(ItemKind::key()) {
            self.hero.pack.take_all(slot);
            self.scratch
                .events
                .push(GameEvent::Dungeon(DungeonEvent::KeyCrumbled));
        }
        self.take_followers();
        self.progress.depth += 1;
        let depth = self.progress.depth;
        let seeds = RunSeeds::of(self.chronicle.seed);
        let size = self.chronicle.options.map_size;
        let mut terrain = seeds.level(depth, size);
        if let Some(landing) = landing {
            terrain.player = landing_place(&terrain, landing);
        }
        self.enter_level(&terrain);
        self.offer_boons(&mut seeds.boon_rng(depth));
        if a_turn_on {
            self.progress.turn += 1;
            self.regenerate();
        }
        self.scratch
            .events
            .push(GameEvent::Dungeon(DungeonEvent::Descended {
                depth: self.progress.depth,
            }));
        self.report_npcs_coming_into_view();
        TurnOutcome::TurnTaken
    }
}

/// The floor cell nearest `below` (first in reading order among equals) with no NPC and no item
/// on it, that the level's own arrival can walk to (never behind a vault's locked or secret
/// door, where a fall once shut the player in); the level's own arrival if it has none.
fn landing_place(terrain: &Terrain, below: ICoord) -> ICoord {
    let taken = |cell: ICoord| {
        terrain.npcs.iter().any(|npc| npc.coord == cell)
            || terrain.items.iter().any(|item| item.coord == cell)
    };
    let reachable = terrain::walking_distances(&terrain.grid, terrain.player);
    let open = |cell: ICoord| reachable.get_checked(cell).is_some();
    terrain
        .grid
        .enumerate()
        .filter(|&(cell, &tile)| tile == Ground::FLOOR && !taken(cell) && open(cell))
        .min_by_key(|&(cell, _)| (cell.distance2(below), cell.y, cell.x))
        .map_or(terrain.player, |(cell, _)| cell)
}
