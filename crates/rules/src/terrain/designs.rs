//! Room designs: each draws one room's floor in a space of its own, and offers a door site on
//! each side where the level may join it. The level is grown by sliding designs onto door
//! sites of what is built (see `accrete`), after Brogue's architect; the shapes and their
//! numbers are Umbra's own.

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;
use rand::Rng;

use crate::content::DesignWeights;

/// The four ways a door site can face, as offsets: north, east, south, west.
pub(super) const SIDES: [ICoord; 4] = [
    ICoord::new(0, -1),
    ICoord::new(1, 0),
    ICoord::new(0, 1),
    ICoord::new(-1, 0),
];

/// The side facing the other way.
pub(super) const fn opposite(side: usize) -> usize {
    (side + 2) % 4
}

/// Today's rooms, and the smallest and largest side of any rectangle drawn.
const RECTANGLE_SIDES: (u32, u32) = (4, 10);
/// A cross is a wide bar over a tall one: long enough arms to read as a cross, small enough to
/// fit a 20×15 level.
const CROSS_LONG: (u32, u32) = (6, 12);
const CROSS_SHORT: (u32, u32) = (3, 4);
/// Radii of a circular room: 2 is the smallest that reads as round.
const CIRCLE_RADII: (i32, i32) = (2, 4);
/// A chunky room is this many small circles, each centred on floor already drawn.
const CHUNKS: (u32, u32) = (3, 6);
/// A cave room's box: room for a few bends, never more than a 20×15 level holds.
const CAVE_BOX: ((u32, u32), (u32, u32)) = ((8, 18), (6, 12));
/// Caves: each cell starts as floor with this chance in a hundred, then this many rounds of
/// smoothing; a cell with at least `CAVE_BIRTH` floor neighbours of eight becomes floor, one
/// with fewer than `CAVE_SURVIVAL` becomes rock. Fewer rounds leave noise, more leave blobs.
const CAVE_FILL_PERCENT: u32 = 55;
const CAVE_ROUNDS: u32 = 5;
const CAVE_BIRTH: u32 = 5;
const CAVE_SURVIVAL: u32 = 4;
/// A cave whose largest open blob is smaller than this share (in a hundred) of its box is drawn
/// again: it would be a closet.
const CAVE_MIN_PERCENT: usize = 25;
/// Draws of a cave before the largest blob so far is kept.
const CAVE_TRIES: usize = 10;
/// A corridor leading to a room is this long: long enough to be a corridor, short enough that a
/// level of 80×30 still holds a dozen rooms.
const CORRIDOR_LENGTH: (i32, i32) = (3, 8);
/// A door site must see this far out from its room without meeting the room again, so whatever
/// is attached there does not wrap round into it.
const DOOR_SITE_CLEARANCE: i32 = 10;

/// One room as drawn in its own space: its floor cells (relative, any sign) and the cell it may
/// be attached by on each side (outside the floor, beside it).
#[derive(Debug, Clone)]
pub(super) struct Design {
    pub kind: DesignKind,
    pub floor: Vec<ICoord>,
    /// Where the design may be joined to the level, by the side facing the level.
    pub attach: [Option<ICoord>; 4],
}

/// Which design to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DesignKind {
    Rectangle,
    Cross,
    Circular,
    Chunky,
    Cave,
    /// A cave filling most of the level, grown first (the profile's `cavern` chance).
    Cavern,
}

impl DesignKind {
    pub const ALL: [Self; 5] = [
        Self::Rectangle,
        Self::Cross,
        Self::Circular,
        Self::Chunky,
        Self::Cave,
    ];

    /// This design's weight in a profile (a cavern has a chance of its own, not a weight).
    pub fn weight(self, weights: &DesignWeights) -> u32 {
        match self {
            Self::Cavern => 0,
            Self::Rectangle => weights.rectangle,
            Self::Cross => weights.cross,
            Self::Circular => weights.circular,
            Self::Chunky => weights.chunky,
            Self::Cave => weights.cave,
        }
    }
}

/// Draws a room of `kind` (a corridor leading to it with `corridor` in a hundred).
pub(super) fn draw<R: Rng>(kind: DesignKind, corridor: u32, rng: &mut R) -> Design {
    let floor = match kind {
        DesignKind::Rectangle => rectangle(rng),
        DesignKind::Cross => cross(rng),
        DesignKind::Circular => circle(
            ICoord::new(0, 0),
            rng.random_range(CIRCLE_RADII.0..=CIRCLE_RADII.1),
        ),
        DesignKind::Chunky => chunky(rng),
        DesignKind::Cave | DesignKind::Cavern => cave(CAVE_BOX, rng),
    };
    let mut design = with_door_sites(kind, floor, rng);
    if rng.random_range(0..100) < corridor {
        add_corridor(&mut design, rng);
    }
    design
}

/// The smallest rectangle, with its door sites: what any level has room for.
pub(super) fn smallest_room<R: Rng>(rng: &mut R) -> Design {
    let side = RECTANGLE_SIDES.0;
    let floor = UCoord::new(side, side).icoord_iter_row_major().collect();
    with_door_sites(DesignKind::Rectangle, floor, rng)
}

fn rectangle<R: Rng>(rng: &mut R) -> Vec<ICoord> {
    let (low, high) = RECTANGLE_SIDES;
    let size = UCoord::new(rng.random_range(low..=high), rng.random_range(low..=high));
    size.icoord_iter_row_major().collect()
}

fn cross<R: Rng>(rng: &mut R) -> Vec<ICoord> {
    let long = |rng: &mut R| rng.random_range(CROSS_LONG.0..=CROSS_LONG.1) as i32;
    let short = |rng: &mut R| rng.random_range(CROSS_SHORT.0..=CROSS_SHORT.1) as i32;
    let (wide, wide_height) = (long(rng), short(rng));
    let (tall_width, tall) = (short(rng), long(rng));
    // The bars cross near their middles, each a little off so no two crosses are alike.
    let tall_x = rng.random_range(0..=(wide - tall_width));
    let wide_y = rng.random_range(0..=(tall - wide_height));
    let mut floor: Vec<ICoord> = (0..wide)
        .flat_map(|x| (0..wide_height).map(move |y| ICoord::new(x, wide_y + y)))
        .collect();
    floor.extend(
        (0..tall_width)
            .flat_map(|x| (0..tall).map(move |y| ICoord::new(tall_x + x, y)))
            .filter(|c| !(wide_y..wide_y + wide_height).contains(&c.y)),
    );
    floor
}

/// The cells within `radius` of `centre`, a little fuller than a strict disc so small ones
/// read as round rather than as diamonds.
fn circle(centre: ICoord, radius: i32) -> Vec<ICoord> {
    let reach = radius * radius + radius;
    (-radius..=radius)
        .flat_map(|y| (-radius..=radius).map(move |x| ICoord::new(x, y)))
        .filter(|c| c.x * c.x + c.y * c.y <= reach)
        .map(|c| centre + c)
        .collect()
}

fn chunky<R: Rng>(rng: &mut R) -> Vec<ICoord> {
    let mut floor = circle(ICoord::new(0, 0), 2);
    for _ in 0..rng.random_range(CHUNKS.0..=CHUNKS.1) {
        let centre = floor[rng.random_range(0..floor.len())];
        for cell in circle(centre, rng.random_range(1..=2)) {
            if !floor.contains(&cell) {
                floor.push(cell);
            }
        }
    }
    floor
}

/// A cave in a box of a size drawn from `sizes`: the largest open blob a few rounds of smoothing
/// leave of random rock.
pub(super) fn cave<R: Rng>(sizes: ((u32, u32), (u32, u32)), rng: &mut R) -> Vec<ICoord> {
    let ((w_low, w_high), (h_low, h_high)) = sizes;
    let size = UCoord::new(
        rng.random_range(w_low..=w_high),
        rng.random_range(h_low..=h_high),
    );
    let mut best = Vec::new();
    for _ in 0..CAVE_TRIES {
        let blob = largest_blob(&smoothed_noise(size, rng));
        if blob.len() * 100 >= size.count() * CAVE_MIN_PERCENT {
            return blob;
        }
        if blob.len() > best.len() {
            best = blob;
        }
    }
    // Some open blob the rules always leave; a box of rock would make a room of nothing.
    if best.is_empty() {
        best.push(ICoord::new(
            size.width() as i32 / 2,
            size.height() as i32 / 2,
        ));
    }
    best
}

/// Random rock smoothed by the cave rules; `true` is floor. The box's edge stays rock.
pub(super) fn smoothed_noise<R: Rng>(size: UCoord, rng: &mut R) -> Grid<bool> {
    let inside = |c: ICoord| {
        c.x > 0 && c.y > 0 && c.x < size.width() as i32 - 1 && c.y < size.height() as i32 - 1
    };
    let mut grid = Grid::new_fn(size, |c| {
        inside(c) && rng.random_range(0..100) < CAVE_FILL_PERCENT
    });
    let mut next = grid.clone();
    for _ in 0..CAVE_ROUNDS {
        for (coord, cell) in next.enumerate_mut() {
            let open = open_neighbours(&grid, coord);
            let was = *grid.get_checked(coord);
            *cell = inside(coord)
                && if was {
                    open >= CAVE_SURVIVAL
                } else {
                    open >= CAVE_BIRTH
                };
        }
        std::mem::swap(&mut grid, &mut next);
    }
    grid
}

fn open_neighbours(grid: &Grid<bool>, coord: ICoord) -> u32 {
    let mut open = 0;
    for dy in -1..=1 {
        for dx in -1..=1 {
            if (dx, dy) != (0, 0) && grid.get(coord + ICoord::new(dx, dy)) == Some(&true) {
                open += 1;
            }
        }
    }
    open
}

/// The largest set of open cells joined side by side.
pub(super) fn largest_blob(grid: &Grid<bool>) -> Vec<ICoord> {
    let mut seen = Grid::new_copy(grid.size(), false);
    let mut best = Vec::new();
    let mut stack = Vec::new();
    for (start, &open) in grid.enumerate() {
        if !open || *seen.get_checked(start) {
            continue;
        }
        let mut blob = Vec::new();
        *seen.get_checked_mut(start) = true;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            blob.push(cell);
            for side in SIDES {
                let next = cell + side;
                if grid.get(next) == Some(&true) && !*seen.get_checked(next) {
                    *seen.get_checked_mut(next) = true;
                    stack.push(next);
                }
            }
        }
        if blob.len() > best.len() {
            best = blob;
        }
    }
    best
}

/// The floor drawn in a grid of its own (with a margin of `margin`), and where it sits there.
fn local_grid(floor: &[ICoord], margin: i32) -> (Grid<bool>, ICoord) {
    let min = floor.iter().fold(ICoord::new(i32::MAX, i32::MAX), |m, c| {
        ICoord::new(m.x.min(c.x), m.y.min(c.y))
    });
    let max = floor.iter().fold(ICoord::new(i32::MIN, i32::MIN), |m, c| {
        ICoord::new(m.x.max(c.x), m.y.max(c.y))
    });
    let origin = min - ICoord::new(margin, margin);
    let size = (max - min) + ICoord::new(2 * margin + 1, 2 * margin + 1);
    let mut grid = Grid::new_copy(UCoord::new(size.x as u32, size.y as u32), false);
    for &cell in floor {
        *grid.get_checked_mut(cell - origin) = true;
    }
    (grid, origin)
}

/// A door site on each side: a cell beside the floor, outside it, from which the way out runs
/// clear of the room for [`DOOR_SITE_CLEARANCE`] cells; one drawn at random among them.
fn with_door_sites<R: Rng>(kind: DesignKind, floor: Vec<ICoord>, rng: &mut R) -> Design {
    let (grid, origin) = local_grid(&floor, 1);
    let is_floor = |c: ICoord| grid.get(c) == Some(&true);
    let mut sites = [None; 4];
    for (side, &out) in SIDES.iter().enumerate() {
        let candidates: Vec<ICoord> = grid
            .coord_iter()
            .filter(|&c| !is_floor(c) && is_floor(c - out))
            .filter(|&c| (1..=DOOR_SITE_CLEARANCE).all(|k| !is_floor(c + out * k)))
            .collect();
        if !candidates.is_empty() {
            sites[side] = Some(candidates[rng.random_range(0..candidates.len())] + origin);
        }
    }
    Design {
        kind,
        floor,
        attach: sites,
    }
}

/// A corridor out of one side of the room: the room is then joined to the level only by the
/// corridor's far end.
fn add_corridor<R: Rng>(design: &mut Design, rng: &mut R) {
    let sides: Vec<usize> = (0..4).filter(|&s| design.attach[s].is_some()).collect();
    let Some(&side) = sides.get(rng.random_range(0..sides.len().max(1))) else {
        return;
    };
    let Some(start) = design.attach[side] else {
        return;
    };
    let out = SIDES[side];
    let length = rng.random_range(CORRIDOR_LENGTH.0..=CORRIDOR_LENGTH.1);
    design.floor.extend((0..length).map(|k| start + out * k));
    design.attach = [None; 4];
    design.attach[side] = Some(start + out * length);
}
