//! What an NPC sees of the player.
//!
//! Fairness first: an awake NPC standing on a cell the player sees also sees the player ("if you
//! can see it, it can see you"). The player's field of view is a shadowcast and an NPC's own
//! sight a `line_2d` segment; the two disagree at the edges of doorways and pillars, and there the
//! player must never watch an orc that cannot see back. The segment still counts where the
//! shadowcast says no, so an NPC may see a player who does not see it, as in Brogue.

use coord_2d::ICoord;
use line_2d::{Config, LineSegment};

use crate::balance::NPC_VISION_DISTANCE_SQUARED;
use crate::visibility::Visibility;
use crate::world::World;

/// True if an awake NPC at `from` sees the player at `player`. Inlined: every awake NPC asks
/// every turn, and most are out of range.
#[inline]
pub fn sees_player(world: &World, visibility: &Visibility, from: ICoord, player: ICoord) -> bool {
    if from.distance2(player) > NPC_VISION_DISTANCE_SQUARED {
        return false;
    }
    visibility.in_player_sight(from) || can_see(world, from, player)
}

/// True if an NPC at `from` sees `to`: within vision range and no wall strictly between them.
pub fn can_see(world: &World, from: ICoord, to: ICoord) -> bool {
    if from.distance2(to) > NPC_VISION_DISTANCE_SQUARED {
        return false;
    }
    let Ok(segment) = LineSegment::try_new(from, to) else {
        return true;
    };
    let between = Config {
        exclude_start: true,
        exclude_end: true,
    };
    segment
        .config_iter(between)
        .all(|coord| !world.blocks_sight(coord))
}

/// The nearest of `candidates` (by distance, then row order) for which `in_sight` holds: the
/// nearest is looked at first, and most often it is in sight, so the list is never sorted, only
/// searched for the nearest left. The list is scratch: it is left in any order.
pub(super) fn nearest_in_sight(
    candidates: &mut [(u32, ICoord)],
    mut in_sight: impl FnMut(ICoord) -> bool,
) -> Option<ICoord> {
    let order = |&(distance, at): &(u32, ICoord)| (distance, at.y, at.x);
    let mut left = candidates.len();
    while left > 0 {
        let (index, &(_, nearest)) = (candidates[..left].iter().enumerate())
            .min_by_key(|(_, c)| order(c))
            .expect("some are left");
        if in_sight(nearest) {
            return Some(nearest);
        }
        candidates.swap(index, left - 1);
        left -= 1;
    }
    None
}
