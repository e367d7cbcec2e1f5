//! What the player's eyes reach: a shadowcast from where it stands, stopped by whatever stops
//! sight and by the edge of its vision. A scan is kept while the player stands where it stood
//! and nothing that stops sight has come or gone near it (a wait needs no scan), and the views
//! from the last cells scanned from are kept with the count of sight's changes they were taken
//! under (`recent_views`).

use coord_2d::{ICoord, UCoord};
use grid_2d::Grid;
use shadowcast::{InputGrid, vision_distance};

use super::{Cell, Omniscience, VISION_REACH, Visibility};
use crate::balance::PLAYER_VISION_DISTANCE_SQUARED;
use crate::world::World;

/// Light passes through open cells untouched and is stopped entirely by a wall.
const OPAQUE: u8 = u8::MAX;

const TRANSPARENT: u8 = 0;

/// Walls block light. So does everything beyond [`VISION_REACH`]: shadowcast only stops a scan
/// where the light is blocked, and would otherwise follow open ground to the edge of the map,
/// costing time for cells it never reports. Every cell within range keeps its real opacity, and
/// a row of the scan depends only on the rows nearer the player, so what is seen is unchanged.
struct Opacity {
    centre: ICoord,
}

impl InputGrid for Opacity {
    type Grid = World;
    type Opacity = u8;
    fn size(&self, world: &World) -> UCoord {
        world.size()
    }
    fn get_opacity(&self, world: &World, coord: ICoord) -> u8 {
        let offset = coord - self.centre;
        let out_of_reach = offset.x.abs().max(offset.y.abs()) > VISION_REACH;
        if out_of_reach || world.blocks_sight(coord) {
            OPAQUE
        } else {
            TRANSPARENT
        }
    }
}

/// Calls `see` with every cell the player's eyes reach from where it stands.
pub(super) fn scan(
    shadowcast: &mut shadowcast::Context<u8>,
    world: &World,
    mut see: impl FnMut(ICoord),
) {
    let player = world.player_coord();
    shadowcast.for_each_visible(
        player,
        &Opacity { centre: player },
        world,
        vision_distance::Circle::new_squared(PLAYER_VISION_DISTANCE_SQUARED),
        OPAQUE,
        |coord, _visible_directions, _light| see(coord),
    );
}

/// Marks `cells`, a view already worked out (so every cell of it on the map), as in sight at
/// the look of `generation`.
fn stamp_in_sight(grid: &mut Grid<Cell>, cells: &[ICoord], generation: u64) {
    for &coord in cells {
        let index = grid.index_of_coord_unchecked(coord);
        grid.raw_mut()[index].in_sight = generation;
    }
}

impl Visibility {
    /// [`Visibility::look`] then [`Visibility::remember`], for a world where nothing moves
    /// between the two.
    pub fn update(&mut self, world: &World, omniscience: Omniscience) {
        self.look(world);
        self.remember(world, omniscience);
    }

    /// Works out what the player sees from where it stands now. NPCs decide on this, after the
    /// player's move and before their own; only a door they open or close changes it while they
    /// move, and the game looks again then.
    pub fn look(&mut self, world: &World) {
        self.generation += 1;
        let generation = self.generation;
        let grid = &mut self.grid;
        let in_view = &mut self.in_view;
        let player = world.player_coord();
        self.player_at = player;
        let scanned = (player, world.sight_moved_near());
        if self.scanned_from == Some(scanned) {
            stamp_in_sight(grid, in_view, generation);
            return;
        }
        self.scanned_from = Some(scanned);
        in_view.clear();
        let key = (player, world.sight_changes());
        if let Some(view) = self.recent_views.get(key) {
            stamp_in_sight(grid, view, generation);
            in_view.extend_from_slice(view);
            return;
        }
        scan(&mut self.shadowcast, world, |coord| {
            if let Some(cell) = grid.get_mut(coord)
                && cell.in_sight != generation
            {
                cell.in_sight = generation;
                in_view.push(coord);
            }
        });
        self.recent_views.keep(key, in_view);
    }

    /// Works out again which cells the player's eyes reach, as the last [`Visibility::look`]
    /// did, for a game loaded without its scratch space. Nothing is stamped anew.
    pub fn restore_sight(&mut self, world: &World) {
        self.player_at = world.player_coord();
        let in_view = &mut self.in_view;
        in_view.clear();
        scan(&mut self.shadowcast, world, |coord| {
            if coord.is_valid(world.size()) {
                in_view.push(coord);
            }
        });
        // The scan may report a cell more than once; a stamp would tell, but none is made here.
        in_view.sort_unstable_by_key(|coord| (coord.y, coord.x));
        in_view.dedup();
    }

    /// The cells the player's own eyes reach this turn.
    pub fn in_sight(&self) -> &[ICoord] {
        &self.in_view
    }

    /// True if the player's own eyes reach the cell this turn, whatever omniscience shows.
    pub fn in_player_sight(&self, coord: ICoord) -> bool {
        // Every cell in sight is within the eyes' reach of where the player last looked from:
        // ten thousand wanderers ask this each turn, and a cell far off is not worth a read of
        // the grid (a cache miss on a large level).
        let offset = coord - self.player_at;
        if offset.x.abs().max(offset.y.abs()) > VISION_REACH {
            return false;
        }
        self.grid
            .get(coord)
            .is_some_and(|cell| cell.in_sight == self.generation)
    }
}
