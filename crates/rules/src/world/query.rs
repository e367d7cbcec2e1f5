//! Reading the world: what is where, who is alive, and where characters may go.

use coord_2d::ICoord;
use entity_table::Entity;

use super::{
    BLOCKS_SIGHT, BLOCKS_WALKING, CHARACTER, DOOR, FALLS, FIRST_CHANGE, HitPoints, LayerTable,
    SECRET, STOPS_MISSILES, Tile, World, cell_bits::SHUT,
};
use crate::content::NpcKind;
use crate::terrain::Ground;

/// The map's cells by index. Levels are walled all round, so every neighbour of an open cell is
/// on the map: a flood over open ground can step by index (±1 along a row, ± the width across
/// rows) without asking whether it left the map.
#[derive(Clone, Copy)]
pub(crate) struct Floorplan<'a> {
    cells: &'a [u8],
    width: isize,
}

impl Floorplan<'_> {
    /// The index of a cell on the map.
    pub fn index(&self, coord: ICoord) -> isize {
        coord.y as isize * self.width + coord.x as isize
    }

    /// The steps to the neighbours of a cell, in the order of `CardinalDirections` (north,
    /// east, south, west).
    pub fn steps(&self) -> [isize; 4] {
        [-self.width, 1, self.width, -1]
    }

    /// True if the cell at `index` (a neighbour of an open cell, so on the map) can be walked.
    pub fn is_open(&self, index: isize) -> bool {
        self.cells[index as usize] & BLOCKS_WALKING == 0
    }

    /// True if the cell at `index` is open in the level's lasting shape, whatever has happened
    /// on it: ground that can be walked, or an altar (a cage may fall over it), but never a
    /// door of any kind (one found or opened is the same door as one never hidden or locked).
    /// Waypoints are placed on this, so that a loaded game places them where the level did.
    pub fn is_lasting_open(&self, index: isize) -> bool {
        self.cells[index as usize] & SHUT == 0
    }

    /// True if a character stands on the cell at `index` (on the map).
    pub fn has_character(&self, index: isize) -> bool {
        self.cells[index as usize] & CHARACTER != 0
    }

    /// The cell at `index`.
    pub fn coord(&self, index: isize) -> ICoord {
        ICoord::new((index % self.width) as i32, (index / self.width) as i32)
    }
}

impl World {
    pub fn player(&self) -> Entity {
        self.player
    }

    pub fn player_coord(&self) -> ICoord {
        self.coord_of(self.player)
    }

    /// Every entity the world knows has a location, so this only fails on a freed id.
    #[inline]
    pub fn coord_of(&self, entity: Entity) -> ICoord {
        self.spatial_table
            .coord_of(entity)
            .expect("entity ids handed out by the world always have a location")
    }

    pub fn is_player_alive(&self) -> bool {
        self.is_alive(self.player)
    }

    /// Living characters are exactly those on the character layer.
    pub fn is_alive(&self, entity: Entity) -> bool {
        self.spatial_table.layer_of(entity) == Some(super::Layer::Character)
    }

    pub fn hit_points(&self, entity: Entity) -> Option<HitPoints> {
        self.particulars(entity).hit_points
    }

    /// The side a character fights on.
    pub fn side_of(&self, entity: Entity) -> Option<super::Side> {
        self.particulars(entity).side
    }

    /// An NPC's kind and a character's side, read together.
    pub fn kind_and_side(&self, entity: Entity) -> (Option<NpcKind>, Option<super::Side>) {
        let particulars = self.particulars(entity);
        (particulars.kind, particulars.side)
    }

    pub fn npc_kind(&self, entity: Entity) -> Option<NpcKind> {
        // Read in place: every NPC's every action asks.
        (self.components.particulars.get(entity)).and_then(|p| p.kind)
    }

    /// Nothing can be seen on or past the cell (off the map, nothing is).
    pub fn blocks_sight(&self, coord: ICoord) -> bool {
        self.has_any(coord, BLOCKS_SIGHT)
    }

    /// Nobody can stand on or step onto the cell's ground (off the map, nobody can); noise and
    /// distance maps go round it.
    #[inline]
    pub fn blocks_walking(&self, coord: ICoord) -> bool {
        self.has_any(coord, BLOCKS_WALKING)
    }

    /// Whatever flies stops before the cell (and at the map's edge).
    pub fn stops_missiles(&self, coord: ICoord) -> bool {
        self.has_any(coord, STOPS_MISSILES)
    }

    /// The cell is a drop to the next depth (a chasm).
    pub fn falls(&self, coord: ICoord) -> bool {
        self.derived
            .occupied
            .get(coord)
            .is_some_and(|&cell| cell & FALLS != 0)
    }

    /// The kind of ground on the cell: what stands in its feature layer, else its floor (wall
    /// off the map).
    pub fn ground_at(&self, coord: ICoord) -> Ground {
        let layers = self.spatial_table.layers_at(coord);
        let ground = |entity: Option<Entity>| match entity.and_then(|e| self.components.tile.get(e))
        {
            Some(&Tile::Ground(ground)) => Some(ground),
            _ => None,
        };
        layers
            .and_then(|layers| ground(layers.feature).or_else(|| ground(layers.floor)))
            .unwrap_or(Ground::WALL)
    }

    /// The cell's ground stops everything: walking, sight and missiles (as a wall does).
    pub fn is_solid(&self, coord: ICoord) -> bool {
        let all = BLOCKS_SIGHT | BLOCKS_WALKING | STOPS_MISSILES;
        self.derived
            .occupied
            .get(coord)
            .is_none_or(|&cell| cell & all == all)
    }

    /// Asked by sight and every distance map for every cell they cover: one byte.
    #[inline]
    fn has_any(&self, coord: ICoord, bits: u8) -> bool {
        self.derived
            .occupied
            .get(coord)
            .is_none_or(|&cell| cell & bits != 0)
    }

    /// The ground's facts as one byte a cell in row-major order, for floods that step from cell to cell
    /// by index rather than by coordinate.
    pub(crate) fn floorplan(&self) -> Floorplan<'_> {
        Floorplan {
            cells: self.derived.occupied.raw(),
            width: self.derived.occupied.width() as isize,
        }
    }

    /// True where the way down is.
    pub fn is_stairs(&self, coord: ICoord) -> bool {
        self.spatial_table
            .layers_at(coord)
            .and_then(|layers| layers.floor)
            .and_then(|floor| self.components.tile.get(floor))
            == Some(&Tile::Ground(Ground::STAIRS))
    }

    /// True where a secret (a door, a trap) waits to be found.
    pub fn is_secret(&self, coord: ICoord) -> bool {
        self.derived
            .occupied
            .get(coord)
            .is_some_and(|&cell| cell & SECRET != 0)
    }

    /// True where a door stands, open or closed.
    pub fn is_door(&self, coord: ICoord) -> bool {
        self.derived
            .occupied
            .get(coord)
            .is_some_and(|&cell| cell & DOOR != 0)
    }

    /// How many times anything that stops sight has come or gone within the player's sight
    /// radius: while it stands still, what is seen from the player's cell stays the same.
    pub fn sight_moved_near(&self) -> u64 {
        self.derived.sight_moved_near
    }

    /// How many times anything that stops sight has come or gone anywhere on the level.
    pub fn sight_changes(&self) -> u64 {
        self.derived.sight_changes
    }

    /// How many times ground has opened or closed to feet for good since the world was made
    /// or loaded: maps over the ground are measured again when it moves.
    pub fn ground_changes(&self) -> u64 {
        self.derived.ground_log.count()
    }

    /// True if ground may have opened or closed to feet within `reach` cells (along either
    /// axis) of `centre` since [`World::ground_changes`] stood at `since`: a map over the
    /// ground within that window measured then is still right if not.
    pub fn ground_changed_near(&self, since: u64, centre: ICoord, reach: u32) -> bool {
        self.derived.ground_log.changed_near(since, centre, reach)
    }

    /// True if a secret not yet found lies within `radius` cells (along either axis) of
    /// `centre`.
    pub fn any_secret_within(&self, centre: ICoord, radius: i32) -> bool {
        let (width, height) = (
            self.derived.occupied.width() as i32,
            self.derived.occupied.height() as i32,
        );
        let (left, right) = (
            (centre.x - radius).max(0),
            (centre.x + radius).min(width - 1),
        );
        let (top, bottom) = (
            (centre.y - radius).max(0),
            (centre.y + radius).min(height - 1),
        );
        if left > right || top > bottom {
            return false;
        }
        let cells = self.derived.occupied.raw();
        (top..=bottom).any(|y| {
            let row = (y * width) as usize;
            any_byte_has(&cells[row + left as usize..=row + right as usize], SECRET)
        })
    }

    #[inline]
    pub fn has_character(&self, coord: ICoord) -> bool {
        self.derived
            .occupied
            .get(coord)
            .is_some_and(|&cell| cell & CHARACTER != 0)
    }

    /// How many times what the cell shows ([`World::tiles_at`]) has changed: the same count
    /// means the same tiles.
    pub fn changes_at(&self, coord: ICoord) -> u32 {
        self.derived
            .changes
            .get(coord)
            .copied()
            .unwrap_or(FIRST_CHANGE)
    }

    /// [`World::changes_at`] of every cell, row by row as every grid of the level: the
    /// player's view reads it of each cell in view every turn, by the index it has at hand.
    pub fn change_counts(&self) -> &[u32] {
        self.derived.changes.raw()
    }

    pub fn character_at(&self, coord: ICoord) -> Option<Entity> {
        // Most cells asked about hold nobody: one byte of the occupied grid says so, where the
        // spatial table's cell is five layers wide and rarely in the cache.
        if !self.has_character(coord) {
            return None;
        }
        self.spatial_table
            .layers_at(coord)
            .and_then(|layers| layers.character)
    }

    /// An NPC may step onto open ground that no other character stands on, nothing harms
    /// (fire, a harmful gas) and no trap lies on: the level's natives know their traps.
    /// Always inlined: a wanderer asks it of every cell it weighs, and a plain hint was dropped
    /// when unrelated code grew (a call a cell, 2 % of a turn among 72 wanderers).
    #[inline(always)]
    pub fn can_npc_enter(&self, coord: ICoord) -> bool {
        self.can_npc_rush(coord) && !self.is_trap(coord)
    }

    /// An NPC could step onto the cell if it did not look where it trod: open, free, clear of
    /// harm, a trap or not (a hunter closing on its prey).
    #[inline]
    pub fn can_npc_rush(&self, coord: ICoord) -> bool {
        // Thousands of wandering NPCs ask this several times a turn: one byte, not the cell.
        (self.derived.occupied.get(coord))
            .is_some_and(|&cell| cell & (BLOCKS_WALKING | CHARACTER) == 0)
            && !self.harms(coord)
    }

    /// A trap's plate lies on the cell, hidden or found.
    #[inline]
    pub fn is_trap(&self, coord: ICoord) -> bool {
        self.derived.plates.at(coord)
    }

    /// What each layer of a cell shows, for drawing and for remembering.
    pub fn tiles_at(&self, coord: ICoord) -> LayerTable<Option<Tile>> {
        match self.spatial_table.layers_at(coord) {
            Some(layers) => {
                let mut tiles =
                    layers.option_and_then(|&entity| self.components.tile.get(entity).copied());
                // What the player's eyes miss is not shown, nor remembered.
                if layers
                    .character
                    .is_some_and(|c| self.natures().is_unseen(c))
                {
                    tiles.character = None;
                }
                tiles
            }
            None => LayerTable {
                floor: None,
                feature: None,
                corpse: None,
                item: None,
                character: None,
            },
        }
    }

    /// Living NPCs in the order they were spawned, which is the order they act in.
    pub fn npcs(&self) -> &[Entity] {
        &self.npcs
    }

    /// Corpses in the order their owners died.
    pub fn corpses(&self) -> &[Entity] {
        &self.corpses
    }

    /// Counted from the map itself, so it can check the bookkeeping.
    pub fn count_corpses(&self) -> usize {
        self.spatial_table
            .enumerate()
            .filter(|(_, layers)| layers.corpse.is_some())
            .count()
    }
}

/// True if some byte of `bytes` has a bit of `bits`: eight bytes at a time, the last eight
/// overlapping those before when the length is no multiple of eight. The player asks it every
/// turn of the rows round it (eleven bytes each, which a byte at a time took most of a
/// thousand instructions to read, nearly always to find nothing).
fn any_byte_has(bytes: &[u8], bits: u8) -> bool {
    if bytes.len() < 8 {
        return bytes.iter().any(|&byte| byte & bits != 0);
    }
    let mask = u64::from_ne_bytes([bits; 8]);
    let has = |at: usize| {
        let eight: [u8; 8] = bytes[at..at + 8].try_into().expect("eight bytes");
        u64::from_ne_bytes(eight) & mask != 0
    };
    let last = bytes.len() - 8;
    let mut at = 0;
    while at < last {
        if has(at) {
            return true;
        }
        at += 8;
    }
    has(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The world answers each fact from the ground of the cell; a character there makes none of
    /// them true (it blocks a step by standing there, not by its ground).
    #[test]
    fn the_world_asks_each_cells_ground() {
        let (terrain, _) = crate::terrain::from_ascii(&["#####", "#@.>#", "#####"]).expect("a map");
        let world = World::from_terrain(&terrain);
        for (x, solid) in [(0, true), (1, false), (2, false), (3, false), (4, true)] {
            let cell = ICoord::new(x, 1);
            assert_eq!(world.blocks_sight(cell), solid, "{cell:?}");
            assert_eq!(world.blocks_walking(cell), solid, "{cell:?}");
            assert_eq!(world.stops_missiles(cell), solid, "{cell:?}");
        }
        assert!(world.can_npc_enter(ICoord::new(2, 1)) && !world.can_npc_enter(ICoord::new(1, 1)));
        assert!(world.blocks_walking(ICoord::new(9, 9)), "off the map");
    }

    /// Eight bytes at a time finds what a byte at a time finds, a bit at any place of rows of
    /// every length a search reaches (cut short at the map's edge, or long in a test's radius).
    #[test]
    fn a_row_read_eight_bytes_at_a_time_holds_what_each_byte_holds() {
        for len in 0..40 {
            assert!(!any_byte_has(&vec![!SECRET; len], SECRET), "{len} bytes");
            for at in 0..len {
                let mut row = vec![!SECRET; len];
                row[at] |= SECRET;
                assert!(any_byte_has(&row, SECRET), "{len} bytes, at {at}");
            }
        }
    }
}
