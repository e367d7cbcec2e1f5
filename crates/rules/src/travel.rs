//! Routes over what the player knows: toward the nearest unexplored place (autoexplore) and to
//! a chosen cell (travel). Only the player's memory is searched, never the true map, so a route
//! never betrays a room the player has not seen.
//!
//! Searches are breadth first from the player and stop at the first goal they reach, so a step
//! costs what lies nearer than the goal, not the level. A route is kept while the player follows
//! it and learns nothing new; it is planned again when a cell is discovered.

use coord_2d::{ICoord, UCoord};
use direction::CardinalDirection;
use grid_search_cardinal::best::{self, BestSearch, Depth, Path};

use crate::terrain::Ground;
use crate::visibility::{CellVisibility, Visibility};
use crate::world::Tile;

/// Where a route leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// The nearest known open cell beside one never seen, or a remembered item of a kind in
    /// `fetch` (bit `i` for the item table's kind `i`: the kinds the pack has room for).
    Explore { fetch: u64 },
    /// One known open cell.
    Cell(ICoord),
}

/// The route being followed and what it was planned from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Plan {
    goal: Goal,
    discoveries: u64,
    keyed: bool,
}

/// Scratch space for routes, owned by the game and reused, so a step allocates nothing once
/// the first search has sized it. The search grid is made on first use: a game that never
/// travels never pays for it.
#[derive(Default)]
pub struct TravelContext {
    /// The search grid and the level size it was made for.
    search: Option<(UCoord, best::Context)>,
    path: Path,
    plan: Option<Plan>,
}

impl TravelContext {
    /// Forgets the route, so the next step plans afresh: for a new level, whose knowledge
    /// starts again from nothing.
    pub fn forget(&mut self) {
        self.plan = None;
        self.path.clear();
    }

    /// The first step of a shortest known route from `from` toward `goal`; `None` when no goal
    /// can be reached through known open cells (or `from` is the goal). A locked door is a way
    /// through only when the player carries a key (`keyed`): without one, walking into it
    /// would only be told it is locked, again and again.
    pub fn next_step(
        &mut self,
        visibility: &Visibility,
        from: ICoord,
        goal: Goal,
        keyed: bool,
    ) -> Option<CardinalDirection> {
        let plan = Plan {
            goal,
            discoveries: visibility.discoveries(),
            keyed,
        };
        let follows = self
            .path
            .iter()
            .next()
            .is_some_and(|node| node.to_coord - node.in_direction.coord() == from);
        if self.plan != Some(plan) || !follows {
            self.replan(visibility, from, goal, keyed);
            self.plan = Some(plan);
        }
        self.path.pop().map(|node| node.in_direction)
    }

    /// When no route reaches `goal`, the character in view that stands in the way of one, if
    /// any (a sleeping monster or a captive in a one-cell way on): the nearest along the route
    /// that would lead there were it not standing there. The route is forgotten after.
    pub fn blocker(
        &mut self,
        visibility: &Visibility,
        from: ICoord,
        goal: Goal,
        keyed: bool,
    ) -> Option<ICoord> {
        self.search_path(visibility, from, goal, keyed, Through::Everyone);
        self.plan = None;
        let blocker = (self.path.iter())
            .map(|node| node.to_coord)
            .find(|&cell| stands_in_the_way(visibility, cell).is_some());
        self.path.clear();
        blocker
    }

    fn replan(&mut self, visibility: &Visibility, from: ICoord, goal: Goal, keyed: bool) {
        self.search_path(visibility, from, goal, keyed, Through::Allies);
    }

    fn search_path(
        &mut self,
        visibility: &Visibility,
        from: ICoord,
        goal: Goal,
        keyed: bool,
        through: Through,
    ) {
        let size = visibility.size();
        let search = match &mut self.search {
            Some((made_for, search)) if *made_for == size => search,
            slot => &mut slot.insert((size, sized_search(size, &mut self.path))).1,
        };
        // No guard against grid_search_cardinal 0.4's stale cost at a search's start (see
        // `behaviour::hunt`) is needed here: the best search steps only forward, left and
        // right, so it never comes back to its start, whose neighbours all cost 1.
        let finder = Finder {
            visibility,
            start: from,
            goal,
            keyed,
            through,
            found: None,
        };
        search.best_search_path(finder, from, &mut self.path);
    }
}

/// A search grid for a level of `size`, with room made in it and in `path` by one flood of
/// the whole area as open ground and a route corner to corner: later searches on the level's
/// real, narrower ground then fit in that room, and no step allocates.
fn sized_search(size: UCoord, path: &mut Path) -> best::Context {
    let mut search = best::Context::new(size);
    let far_corner = ICoord::new(size.width() as i32 - 1, size.height() as i32 - 1);
    search.best_search_path(Everywhere { size, far_corner }, ICoord::new(0, 0), path);
    path.clear();
    search
}

/// Floods every cell of the level; the far corner is the best.
struct Everywhere {
    size: UCoord,
    far_corner: ICoord,
}

impl BestSearch for Everywhere {
    fn is_at_max_depth(&self, _: Depth) -> bool {
        false
    }
    fn can_enter_initial_updating_best(&mut self, coord: ICoord) -> bool {
        coord.is_valid(self.size)
    }
    fn best_coord(&self) -> Option<ICoord> {
        Some(self.far_corner)
    }
}

/// Whom a route may pass through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Through {
    /// An ally: a step into it trades places.
    Allies,
    /// Anyone: only to find who stands in the way of a route.
    Everyone,
}

/// The character in view at `cell` a step into would strike or ask to free (not an ally, who
/// trades places), if any.
fn stands_in_the_way(visibility: &Visibility, cell: ICoord) -> Option<Tile> {
    let in_view = visibility.cell_visibility(cell) == CellVisibility::Visible;
    let character = visibility.memory(cell).character.filter(|_| in_view)?;
    (!matches!(character, Tile::Ally(_) | Tile::Player)).then_some(character)
}

/// Breadth first over known open cells until the first goal: it is the nearest.
struct Finder<'a> {
    visibility: &'a Visibility,
    start: ICoord,
    goal: Goal,
    keyed: bool,
    through: Through,
    found: Option<ICoord>,
}

/// Exploring fetches what the player would carry (never the Sunstone: winning is the
/// player's own step).
fn is_worth_fetching(tile: Tile, fetch: u64) -> bool {
    let wanted = |kind: crate::content::ItemKind| {
        (fetch.checked_shr(kind.index() as u32)).is_some_and(|bits| bits & 1 == 1)
    };
    matches!(tile, Tile::Item(kind) if wanted(kind))
}

impl Finder<'_> {
    fn is_goal(&self, coord: ICoord) -> bool {
        if coord == self.start {
            return false;
        }
        match self.goal {
            Goal::Cell(target) => coord == target,
            Goal::Explore { fetch } => {
                self.visibility.is_frontier(coord)
                    || self
                        .visibility
                        .memory(coord)
                        .item
                        .is_some_and(|item| is_worth_fetching(item, fetch))
            }
        }
    }
}

impl BestSearch for Finder<'_> {
    fn is_at_max_depth(&self, _: Depth) -> bool {
        // No limit: once the nearest goal is found, no cell can be entered, which ends it.
        false
    }

    fn can_enter_initial_updating_best(&mut self, coord: ICoord) -> bool {
        // A character in view blocks the way: a step into it would be a blow (an ally's is a
        // trade of places, and does not).
        let memory = self.visibility.memory(coord);
        let occupied = self.through == Through::Allies
            && coord != self.start
            && stands_in_the_way(self.visibility, coord).is_some();
        // Stepping on an altar takes its item and cages the others: the player's choice, never
        // a route's, unless the player travels to that very altar.
        // So is lifting what lies on a machine's altar (BrogueCE #462: autoexplore took a
        // key and the player died).
        let altar = matches!(memory.floor, Some(Tile::Ground(ground)) if ground == Ground::ALTAR
                || ground.rules().signals == Some(crate::content::Trigger::Lifted))
            && memory.item.is_some()
            && self.goal != Goal::Cell(coord);
        let locked = matches!(memory.feature, Some(Tile::Ground(ground)) if ground.rules().unlocks_as.is_some())
            && !self.keyed;
        // A trap the player has found is a wall to a route, unless it is where the player
        // travels to (a hidden one is floor to the player, and to its routes).
        let trap = matches!(memory.floor, Some(Tile::Ground(ground)) if ground.rules().is_known_plate())
            && self.goal != Goal::Cell(coord);
        let closed = !self.visibility.is_known_open(coord) || locked;
        if self.found.is_some() || closed || occupied || altar || trap {
            return false;
        }
        if self.is_goal(coord) {
            self.found = Some(coord);
        }
        true
    }

    fn best_coord(&self) -> Option<ICoord> {
        self.found
    }
}
