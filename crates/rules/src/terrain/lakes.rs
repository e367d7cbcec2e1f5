//! Lakes and chasms: blobs of deep water or chasm drawn over a grown level, over rock and floor
//! alike, each with a wreath of open ground (shallow water, a chasm's edge), and kept only where
//! they cut no part of the level off; then bridges over chasms where they save a long walk.
//! After Brogue's `designLakes` and `buildABridgeIfNeeded`; the numbers are Umbra's.

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;
use rand::Rng;

use super::Ground;
use super::designs::{self, SIDES};
use super::reach::BoundedSearch;
use crate::content::Lakes;

/// The profile's count of lakes is for a level of this many cells (80×30); larger maps get more
/// by area.
const LAKES_AREA: usize = 80 * 30;
/// A lake's box, before the cave rules round it: up to a third of a default level's width, so
/// one lake never fills a level (Brogue starts at 30×15 on its 79×29).
const LAKE_BOX: ((u32, u32), (u32, u32)) = ((8, 24), (5, 11));
/// Places tried for each lake before it is given up: most levels have room for one somewhere.
const LAKE_TRIES: usize = 12;
/// A bridge spans at most this many cells of chasm.
const BRIDGE_LONGEST: i32 = 12;
/// A bridge is built where walking round is more than this many times as long as crossing…
const BRIDGE_SAVING: u32 = 3;
/// …and more than this many steps: a short way round needs no bridge.
const BRIDGE_DETOUR: u32 = 20;

/// The two kinds of lake.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Liquid {
    Water,
    Chasm,
}

impl Liquid {
    const fn deep(self) -> Ground {
        match self {
            Self::Water => Ground::DEEP_WATER,
            Self::Chasm => Ground::CHASM,
        }
    }

    const fn wreath(self) -> Ground {
        match self {
            Self::Water => Ground::SHALLOW_WATER,
            Self::Chasm => Ground::CHASM_EDGE,
        }
    }
}

/// Draws the profile's lakes on `grid`; `chasms` is false where nothing lies below. Then
/// bridges the chasms where walking round is long.
pub(super) fn add_lakes<R: Rng>(grid: &mut Grid<Ground>, lakes: &Lakes, chasms: bool, rng: &mut R) {
    let tries = lakes.most as usize * (grid.size().count() / LAKES_AREA).max(1);
    for _ in 0..tries {
        if rng.random_range(0..100) >= lakes.chance {
            continue;
        }
        let liquid = match rng.random_range(0..lakes.water + lakes.chasm) < lakes.water {
            true => Liquid::Water,
            false if chasms => Liquid::Chasm,
            false => Liquid::Water,
        };
        for _ in 0..LAKE_TRIES {
            if try_lake(grid, liquid, rng) {
                break;
            }
        }
    }
    add_bridges(grid, rng);
}

/// One lake of a random shape at a random place, if it fits there: over rock and floor only,
/// off the map's edge, and leaving every open cell joined.
fn try_lake<R: Rng>(grid: &mut Grid<Ground>, liquid: Liquid, rng: &mut R) -> bool {
    let size = grid.size();
    let ((w_low, w_high), (h_low, h_high)) = LAKE_BOX;
    // Room for the wreath and the map's wall on every side.
    let fit = |low: u32, high: u32, side: u32| (low.min(side - 4), high.min(side - 4));
    let (w_low, w_high) = fit(w_low, w_high, size.width());
    let (h_low, h_high) = fit(h_low, h_high, size.height());
    let blob = designs::cave(((w_low, w_high), (h_low, h_high)), rng);
    let (width, height) = extent(&blob);
    let at = ICoord::new(
        rng.random_range(1..size.width() as i32 - width),
        rng.random_range(1..size.height() as i32 - height),
    );
    let deep: Vec<ICoord> = blob.iter().map(|&c| c + at).collect();
    let mut lake = Grid::new_copy(size_of_box(width, height), None);
    for &cell in &deep {
        *lake.get_checked_mut(cell - at + ICoord::new(1, 1)) = Some(liquid.deep());
    }
    for &cell in &deep {
        for dy in -1..=1 {
            for dx in -1..=1 {
                let local = cell - at + ICoord::new(1 + dx, 1 + dy);
                if lake.get(local) == Some(&None) {
                    *lake.get_checked_mut(local) = Some(liquid.wreath());
                }
            }
        }
    }
    let origin = at - ICoord::new(1, 1);
    let fits = lake.enumerate().all(|(local, new)| {
        let cell = origin + local;
        new.is_none() || (on_inside(size, cell) && is_rock_or_floor(grid.get(cell)))
    });
    if !fits || !keeps_level_joined(grid, &lake, origin) {
        return false;
    }
    for (local, new) in lake.enumerate() {
        if let Some(tile) = new {
            *grid.get_checked_mut(origin + local) = *tile;
        }
    }
    true
}

/// The box a blob of this extent and its wreath need.
fn size_of_box(width: i32, height: i32) -> UCoord {
    UCoord::new(width as u32 + 2, height as u32 + 2)
}

/// One more than the largest x and y of a blob drawn from (0, 0).
fn extent(blob: &[ICoord]) -> (i32, i32) {
    let width = blob.iter().map(|c| c.x).max().unwrap_or(0) + 1;
    let height = blob.iter().map(|c| c.y).max().unwrap_or(0) + 1;
    (width, height)
}

fn on_inside(size: UCoord, cell: ICoord) -> bool {
    cell.x > 0
        && cell.y > 0
        && cell.x < size.width() as i32 - 1
        && cell.y < size.height() as i32 - 1
}

fn is_rock_or_floor(tile: Option<&Ground>) -> bool {
    matches!(tile, Some(&Ground::WALL | &Ground::FLOOR))
}

/// True if the level stays in one piece with the lake drawn: every open cell of the lake's box
/// and the ring round it is joined to the others within that ring, and some cell there was open
/// before. A way that crossed the lake's cells left and rejoined open ground on that ring, so it
/// still joins; a lake in the rock touching nothing open would be a pocket of its own.
fn keeps_level_joined(grid: &Grid<Ground>, lake: &Grid<Option<Ground>>, origin: ICoord) -> bool {
    let ring = ICoord::new(1, 1);
    let top_left = origin - ring;
    let size = UCoord::new(lake.width() + 2, lake.height() + 2);
    let after = |local: ICoord| -> Option<Ground> {
        let cell = top_left + local;
        let drawn = lake.get(local - ring).copied().flatten();
        drawn.or_else(|| grid.get(cell).copied())
    };
    let open = Grid::new_fn(size, |local| {
        after(local).is_some_and(|tile| !tile.rules().blocks_walking)
    });
    let was_open = open.enumerate().any(|(local, &now)| {
        let untouched = lake.get(local - ring).is_none_or(Option::is_none);
        now && untouched
    });
    let Some(start) = open.enumerate().find(|(_, open)| **open).map(|(c, _)| c) else {
        return true;
    };
    was_open && joined_count(&open, start) == open.iter().filter(|&&o| o).count()
}

/// How many open cells of `open` a walk from `start` reaches.
fn joined_count(open: &Grid<bool>, start: ICoord) -> usize {
    let mut seen = Grid::new_copy(open.size(), false);
    let mut stack = vec![start];
    *seen.get_checked_mut(start) = true;
    let mut count = 0;
    while let Some(cell) = stack.pop() {
        count += 1;
        for out in SIDES {
            let next = cell + out;
            if open.get(next) == Some(&true) && seen.get(next) == Some(&false) {
                *seen.get_checked_mut(next) = true;
                stack.push(next);
            }
        }
    }
    count
}

/// Bridges over chasms, straight across, wherever walking round from one end to the other is
/// long: the chasm's candidates in random order, each judged on the level as bridged so far.
fn add_bridges<R: Rng>(grid: &mut Grid<Ground>, rng: &mut R) {
    let mut spans: Vec<(ICoord, ICoord, i32)> = Vec::new();
    for (cell, &tile) in grid.enumerate() {
        if tile.rules().blocks_walking {
            continue;
        }
        for out in [SIDES[1], SIDES[2]] {
            if let Some(length) = span(grid, cell, out) {
                spans.push((cell, out, length));
            }
        }
    }
    for i in (1..spans.len()).rev() {
        spans.swap(i, rng.random_range(0..=i));
    }
    let mut search = BoundedSearch::new(grid.size());
    for (start, out, length) in spans {
        let end = start + out * (length + 1);
        let crossing = length as u32 + 1;
        let round = (crossing * BRIDGE_SAVING).max(BRIDGE_DETOUR);
        if span(grid, start, out) == Some(length) && !search.within(grid, start, end, round) {
            for step in 1..=length {
                *grid.get_checked_mut(start + out * step) = Ground::BRIDGE;
            }
        }
    }
}

/// The length of a bridge from `start` (open ground) going `out` across a chasm to open ground,
/// if one fits: at most [`BRIDGE_LONGEST`] cells, each with chasm on both its other sides.
fn span(grid: &Grid<Ground>, start: ICoord, out: ICoord) -> Option<i32> {
    let chasm = |c: ICoord| grid.get(c) == Some(&Ground::CHASM);
    let across = ICoord::new(out.y, out.x);
    let mut length = 0;
    while length < BRIDGE_LONGEST {
        let cell = start + out * (length + 1);
        if !chasm(cell) {
            break;
        }
        if !chasm(cell + across) || !chasm(cell - across) {
            return None;
        }
        length += 1;
    }
    let end = start + out * (length + 1);
    let lands = grid.get(end).is_some_and(|t| !t.rules().blocks_walking);
    (length > 0 && lands).then_some(length)
}
