//! Growing a level room by room: each new room is slid onto a door site of what is built, so
//! every room is joined to the first from the moment it is placed; then loops are cut where two
//! floors lie far apart by walking but close through a wall.

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;
use rand::Rng;

use super::designs::{self, Design, DesignKind, SIDES, opposite};
use super::reach::BoundedSearch;
use super::{Ground, Room};
use crate::content::{LevelProfile, pick_weighted};

/// Door sites tried for each new room before it is given up: enough that rooms keep fitting
/// while the level fills, few enough that a full level gives up quickly.
const SITE_TRIES: usize = 24;
/// One room attempt per this many cells of map: a level of 80×30 tries 120 rooms, and grows
/// until it fills the map (fewer left gaps of bare rock where rooms would still fit).
const CELLS_PER_ROOM_ATTEMPT: usize = 20;
/// Places tried for the first room before the smallest one goes in a corner: on the smallest
/// level most designs fit somewhere, so this is rarely reached.
const FIRST_ROOM_TRIES: usize = 1000;
/// A door is hidden only if the floors on its two sides are this few steps apart without it:
/// a shortcut worth finding, never the only way on.
const SECRET_DETOUR: u32 = 40;
/// A cavern keeps this many cells of rock between it and the map's edge, so rooms can still be
/// attached around it.
const CAVERN_MARGIN: u32 = 3;

/// A level growing: the grid, the rooms placed, the door sites still open and the doorways cut.
pub(super) struct Builder {
    pub grid: Grid<Ground>,
    pub rooms: Vec<Room>,
    pub designs: Vec<DesignKind>,
    sites: Vec<(ICoord, usize)>,
    pub doorways: Vec<ICoord>,
}

impl Builder {
    pub fn new(size: UCoord) -> Self {
        Self {
            grid: Grid::new_copy(size, Ground::WALL),
            rooms: Vec::new(),
            designs: Vec::new(),
            sites: Vec::new(),
            doorways: Vec::new(),
        }
    }

    /// The first room: a cavern filling most of the level, or a room of the profile's designs
    /// somewhere it fits.
    pub fn first_room<R: Rng>(&mut self, profile: &LevelProfile, rng: &mut R) {
        if rng.random_range(0..100) < profile.cavern {
            let size = self.grid.size();
            let inner = |side: u32| side.saturating_sub(2 * CAVERN_MARGIN).max(3);
            let box_size = (
                (inner(size.width()), inner(size.width())),
                (inner(size.height()), inner(size.height())),
            );
            let floor = designs::cave(box_size, rng);
            let offset = ICoord::new(CAVERN_MARGIN as i32, CAVERN_MARGIN as i32);
            let design = Design {
                kind: DesignKind::Cavern,
                floor,
                attach: [None; 4],
            };
            self.insert(&design, offset);
            self.add_sites_around_last();
            return;
        }
        for _ in 0..FIRST_ROOM_TRIES {
            let design = designs::draw(draw_kind(profile, rng), 0, rng);
            // Near the middle, so the level can grow every way.
            let size = self.grid.size();
            let middle = ICoord::new(size.width() as i32 / 2, size.height() as i32 / 2);
            let spread = ICoord::new(size.width() as i32 / 4, size.height() as i32 / 4);
            let at = middle
                + ICoord::new(
                    rng.random_range(-spread.x..=spread.x),
                    rng.random_range(-spread.y..=spread.y),
                );
            if self.fits(&design, at) {
                self.insert(&design, at);
                self.add_sites_around_last();
                return;
            }
        }
        // The smallest rectangle fits any level there can be, in its corner.
        let design = designs::smallest_room(rng);
        self.insert(&design, ICoord::new(1, 1));
        self.add_sites_around_last();
    }

    /// Tries to attach rooms until the level's attempts are spent.
    pub fn attach_rooms<R: Rng>(&mut self, profile: &LevelProfile, rng: &mut R) {
        let (least, most) = profile.fill;
        let fill = rng.random_range(least..=most) as usize;
        let attempts = (self.grid.size().count() / CELLS_PER_ROOM_ATTEMPT * fill / 100).max(8);
        for _ in 0..attempts {
            let design = designs::draw(draw_kind(profile, rng), profile.corridor, rng);
            self.attach(&design, rng);
        }
    }

    fn attach<R: Rng>(&mut self, design: &Design, rng: &mut R) {
        for _ in 0..SITE_TRIES {
            if self.sites.is_empty() {
                return;
            }
            let index = rng.random_range(0..self.sites.len());
            let (site, side) = self.sites[index];
            if !self.is_open_site(site, side) {
                self.sites.swap_remove(index);
                continue;
            }
            let Some(own) = design.attach[opposite(side)] else {
                continue;
            };
            let at = site - own;
            if self.fits(design, at) {
                self.sites.swap_remove(index);
                self.insert(design, at);
                self.cut_doorway(site);
                self.add_sites_around_last();
                return;
            }
        }
    }

    /// Still a door site facing `side` (rooms placed since may have closed it).
    fn is_open_site(&self, site: ICoord, side: usize) -> bool {
        self.site_facing(site) == Some(side)
    }

    /// Every floor cell and the eight around it are rock inside the map's edge: rooms never
    /// touch but through the doorway they are joined by.
    fn fits(&self, design: &Design, at: ICoord) -> bool {
        let size = self.grid.size();
        let inside = |c: ICoord| {
            c.x >= 1 && c.y >= 1 && c.x < size.width() as i32 - 1 && c.y < size.height() as i32 - 1
        };
        design.floor.iter().all(|&cell| {
            let c = cell + at;
            inside(c)
                && (-1..=1).all(|dy| {
                    (-1..=1).all(|dx| self.grid.get(c + ICoord::new(dx, dy)) == Some(&Ground::WALL))
                })
        })
    }

    fn insert(&mut self, design: &Design, at: ICoord) {
        self.designs.push(design.kind);
        let mut min = ICoord::new(i32::MAX, i32::MAX);
        let mut max = ICoord::new(i32::MIN, i32::MIN);
        for &cell in &design.floor {
            let c = cell + at;
            *self.grid.get_checked_mut(c) = Ground::FLOOR;
            min = ICoord::new(min.x.min(c.x), min.y.min(c.y));
            max = ICoord::new(max.x.max(c.x), max.y.max(c.y));
        }
        let span = max - min + ICoord::new(1, 1);
        self.rooms.push(Room {
            top_left: min,
            size: UCoord::new(span.x as u32, span.y as u32),
        });
    }

    /// Door sites round the room just placed: every cell of rock beside it with its floor on
    /// one side only, facing away from it (Brogue's rule: any such cell of the level will do,
    /// which lets the level grow every way it has room).
    fn add_sites_around_last(&mut self) {
        let Some(room) = self.rooms.last().copied() else {
            return;
        };
        let ring = UCoord::new(room.size.width() + 2, room.size.height() + 2);
        let corner = room.top_left - ICoord::new(1, 1);
        for offset in ring.icoord_iter_row_major() {
            let site = corner + offset;
            if let Some(side) = self.site_facing(site) {
                self.sites.push((site, side));
            }
        }
    }

    /// The side a door site at `cell` faces: rock with floor beside it on exactly one side,
    /// facing away from that floor.
    fn site_facing(&self, cell: ICoord) -> Option<usize> {
        if self.grid.get(cell) != Some(&Ground::WALL) {
            return None;
        }
        let floor = |c: ICoord| self.grid.get(c) == Some(&Ground::FLOOR);
        let mut facing = None;
        for (side, &out) in SIDES.iter().enumerate() {
            if floor(cell - out) {
                if facing.is_some() {
                    return None;
                }
                facing = Some(side);
            }
        }
        facing
    }

    fn cut_doorway(&mut self, cell: ICoord) {
        *self.grid.get_checked_mut(cell) = Ground::FLOOR;
        self.doorways.push(cell);
    }

    /// Cuts a doorway through each wall with floor on two opposite sides that lie more than
    /// `distance` steps apart by walking: a way round for the chased and the chasing.
    pub fn add_loops<R: Rng>(&mut self, distance: u32, rng: &mut R) {
        let mut candidates: Vec<(ICoord, ICoord)> = Vec::new();
        for (cell, &tile) in self.grid.enumerate() {
            for out in [SIDES[1], SIDES[2]] {
                if tile == Ground::WALL && self.floor_either_side(cell, out) {
                    candidates.push((cell, out));
                }
            }
        }
        // Shuffled, so which loops a level gets does not lean toward one corner.
        for i in (1..candidates.len()).rev() {
            candidates.swap(i, rng.random_range(0..=i));
        }
        let mut search = BoundedSearch::new(self.grid.size());
        for (cell, out) in candidates {
            if self.grid.get(cell) == Some(&Ground::WALL)
                && self.floor_either_side(cell, out)
                && !search.within(&self.grid, cell - out, cell + out, distance)
            {
                self.cut_doorway(cell);
            }
        }
    }

    fn floor_either_side(&self, cell: ICoord, out: ICoord) -> bool {
        let open = |c: ICoord| self.grid.get(c) == Some(&Ground::FLOOR);
        open(cell - out) && open(cell + out)
    }

    /// Puts a door in each doorway that has rock on both its other sides (so it reads as a
    /// door in a wall, never a door in the open), with the profile's chance.
    pub fn hang_doors<R: Rng>(&mut self, profile: &LevelProfile, rng: &mut R) {
        let doorways = std::mem::take(&mut self.doorways);
        let mut search = BoundedSearch::new(self.grid.size());
        for cell in doorways {
            if self.grid.get(cell) != Some(&Ground::FLOOR) {
                // A lake has taken the doorway.
                continue;
            }
            let Some(across) = self.passage_through(cell) else {
                continue;
            };
            if rng.random_range(0..100) >= profile.doors {
                continue;
            }
            *self.grid.get_checked_mut(cell) = Ground::SECRET_DOOR;
            // Hidden only where the level has another way round: a shortcut, never the way on.
            let detour = search.within(&self.grid, cell - across, cell + across, SECRET_DETOUR);
            let hidden = detour && rng.random_range(0..100) < profile.secret_doors;
            if !hidden {
                *self.grid.get_checked_mut(cell) = Ground::DOOR;
            }
        }
    }

    /// The way through a doorway in a wall (rock on both its other sides), if it is one.
    fn passage_through(&self, cell: ICoord) -> Option<ICoord> {
        let wall = |c: ICoord| self.grid.get(c) == Some(&Ground::WALL);
        let across = |out: ICoord| wall(cell + out) && wall(cell - out);
        let walk = |out: ICoord| !wall(cell + out) && !wall(cell - out);
        if across(SIDES[0]) && walk(SIDES[1]) {
            Some(SIDES[1])
        } else if across(SIDES[1]) && walk(SIDES[0]) {
            Some(SIDES[0])
        } else {
            None
        }
    }
}

fn draw_kind<R: Rng>(profile: &LevelProfile, rng: &mut R) -> DesignKind {
    let weights = DesignKind::ALL.map(|kind| kind.weight(&profile.designs));
    let index = pick_weighted(weights.into_iter(), rng).unwrap_or(0);
    DesignKind::ALL[index]
}
