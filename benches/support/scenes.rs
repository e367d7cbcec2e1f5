//! Scenes for benchmarks and tests that need more than a hand-drawn map: large levels with a
//! crowd hunting the player and many NPCs idling far away, built programmatically as an ASCII
//! picture from a fixed seed, so a benchmark and a test that name the same scene play the same game.
//!
//! The layout: the player stands in the middle of an open hall; hunting NPCs fill hall cells within
//! NPC vision range (so every one of them sees the player on the first turn); the rest of the map
//! is rooms joined by corridors, and idle NPCs stand in those rooms, too far away to ever see the
//! player. The player only waits in these scenes, so idle NPCs stay idle for the whole game, and
//! it has [`SCENE_PLAYER_HIT_POINTS`], so the crowd fights on for as long as a benchmark runs: a
//! benchmark times turns of one long game, in the steady state a player would meet, rather than
//! the first few turns of games built one after another.

use coord_2d::{ICoord, UCoord};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_isaac::Isaac64Rng;

use umbra_rules::game::{Game, GameOptions};
use umbra_rules::terrain::{self, Terrain};
use umbra_rules::visibility::Omniscience;
use umbra_rules::world::World;

/// The seed every named scene is built from.
pub const SCENE_SEED: u64 = 0x5eed_0b7a;

/// The player's hit points in a scene: four trolls, the most that can strike it, deal 8 a turn,
/// so it outlives a million turns, far more than any benchmark plays.
pub const SCENE_PLAYER_HIT_POINTS: u32 = 10_000_000;

const ROOM_MIN_SIDE: i32 = 4;
const ROOM_MAX_SIDE: i32 = 10;
/// One room placement attempt per this many cells: the same density as level generation.
const CELLS_PER_ROOM_ATTEMPT: usize = 40;
/// Four idle orcs in five NPCs, as in generated levels.
const IDLE_ORC_CHANCE: (u32, u32) = (4, 5);

/// What to build: how big, how many hunters and idlers, and where idlers may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SceneSpec {
    pub map_size: UCoord,
    /// The hall spans this many cells either side of the player.
    pub hall_half_size: UCoord,
    /// NPCs placed in the hall within vision range of the player: all of them have noticed the
    /// player and hunt from turn one.
    pub hunters: usize,
    /// NPCs placed in rooms at least `idle_min_distance` cells (straight line) from the player.
    pub idle: usize,
    /// Past the stealth range of a player who waits, so idle NPCs never notice the player.
    pub idle_min_distance: u32,
    /// Whether the NPCs in rooms are awake and wander (else they sleep: beyond earshot of the
    /// crowd's fight, they sleep for the whole game).
    pub idle_awake: bool,
    /// Whether the hall is walled off from the rest, so wanderers never find the player.
    pub hall_sealed: bool,
    /// The hunters' map letters, taken in turn: the crowd's mix of kinds.
    pub hunter_kinds: &'static [u8],
    pub seed: u64,
}

/// The crowd stands within ten cells of the player (squared distance), nearer than any idle
/// NPC: the sight of the first rules, kept so that every scene is the same picture it was.
pub const CROWD_REACH2: u32 = 100;

/// (a) A small level: 40×30 with 15 NPCs, 5 of them in the player's room.
pub const SMALL: SceneSpec = SceneSpec {
    map_size: UCoord::new_u16(40, 30),
    hall_half_size: UCoord::new_u16(5, 4),
    hunters: 5,
    idle: 10,
    idle_min_distance: 11,
    idle_awake: false,
    hall_sealed: false,
    hunter_kinds: b"o",
    seed: SCENE_SEED,
};

/// (c) A large level: 250×250 with 1000 NPCs, 300 of them crowding round the player and 700
/// idle at least 40 cells away (twice the distance map's reach).
pub const CROWD: SceneSpec = SceneSpec {
    map_size: UCoord::new_u16(250, 250),
    hall_half_size: UCoord::new_u16(14, 14),
    hunters: 300,
    idle: 700,
    idle_min_distance: 40,
    idle_awake: false,
    hall_sealed: false,
    hunter_kinds: b"o",
    seed: SCENE_SEED,
};

/// [`CROWD`] with an archer-heavy crowd: of every four hunters two are goblin archers, one a
/// goblin shaman and one an orc, so half the crowd looks for a line to shoot along (and backs
/// away from the player), a quarter looks for hurt allies to heal, every turn.
pub const ARCHER_CROWD: SceneSpec = SceneSpec {
    hunter_kinds: b"aaso",
    ..CROWD
};

/// [`CROWD`] on four times the map area: the same crowd and the same idle NPCs, spread wider.
pub const CROWD_LARGE_MAP: SceneSpec = SceneSpec {
    map_size: UCoord::new_u16(500, 500),
    ..CROWD
};

/// [`CROWD`] with ten times as many NPCs, every extra one idle far away: 300 hunt, 9,700 idle.
pub const CROWD_MANY_IDLE: SceneSpec = SceneSpec {
    idle: 9_700,
    ..CROWD
};

/// (d) A living level: 500×500 with 10,000 NPCs awake and wandering between rooms, and the
/// player walled off in a closet of a hall where none of them ever finds it.
pub const WANDERERS: SceneSpec = SceneSpec {
    map_size: UCoord::new_u16(500, 500),
    hall_half_size: UCoord::new_u16(1, 1),
    hunters: 0,
    idle: 10_000,
    idle_min_distance: 11,
    idle_awake: true,
    hall_sealed: true,
    hunter_kinds: b"o",
    seed: SCENE_SEED,
};

/// [`WANDERERS`] on four times the area with four times the NPCs: the same density, so the time
/// per NPC should stay the same.
pub const WANDERERS_AREA_X4: SceneSpec = SceneSpec {
    map_size: UCoord::new_u16(1000, 1000),
    idle: 40_000,
    ..WANDERERS
};

/// A built scene: the ASCII picture, ready to become a game as often as needed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scene {
    rows: Vec<String>,
}

/// How many of the crowd's hunters fight on the player's side in (c) with allies.
pub const CROWD_ALLIES: usize = 50;

/// The crowd (c) where nobody dies: blows land, but the fight goes on for as long as criterion
/// times it (in (c) itself only the player is struck, and it outlasts anything).
pub fn crowd_fighting_on() -> Game {
    CROWD
        .build()
        .game()
        .with_every_npc_hit_points(SCENE_PLAYER_HIT_POINTS)
}

/// That crowd with every sixth of its awake hunters on the player's side: allies fighting
/// among the monsters, each side hunting the other by its shared maps.
pub fn crowd_with_allies() -> Game {
    let game = crowd_fighting_on();
    let hunters: Vec<_> = game
        .inhabitants()
        .npcs()
        .filter(|npc| {
            game.inhabitants()
                .agent(npc.id)
                .is_some_and(|agent| !agent.is_asleep())
        })
        .map(|npc| npc.id)
        .collect();
    let every = (hunters.len() / CROWD_ALLIES).max(1);
    hunters
        .into_iter()
        .step_by(every)
        .take(CROWD_ALLIES)
        .fold(game, |game, id| game.with_ally(id))
}

impl Scene {
    pub fn rows(&self) -> Vec<&str> {
        self.rows.iter().map(String::as_str).collect()
    }

    /// The level as terrain, for code that works on a `World` directly.
    pub fn terrain(&self) -> Terrain {
        let (terrain, _labels) = terrain::from_ascii(&self.rows()).expect("scenes are valid maps");
        terrain
    }

    /// The scene's world, with the scene's player, for code that plays turns without a `Game`.
    pub fn world(&self) -> World {
        let mut world = World::from_terrain(&self.terrain());
        world.set_player_max_hit_points(SCENE_PLAYER_HIT_POINTS);
        world
    }

    /// A new game on the scene, before its first turn, with the scene's player.
    pub fn game(&self) -> Game {
        let options = GameOptions {
            map_size: UCoord::new(self.rows[0].len() as u32, self.rows.len() as u32),
            omniscience: Omniscience::Off,
        };
        let (game, _labels) =
            Game::from_ascii(&self.rows(), options).expect("scenes are valid maps");
        game.with_player_max_hit_points(SCENE_PLAYER_HIT_POINTS)
            .with_wanderers_noticing_within(CROWD_REACH2)
    }
}

impl SceneSpec {
    /// Draws the scene. Panics if the spec asks for more NPCs than its hall or rooms can hold.
    pub fn build(&self) -> Scene {
        let mut rng = Isaac64Rng::seed_from_u64(self.seed);
        let mut picture = Picture::new(self.map_size);
        let player = ICoord::new(
            self.map_size.width() as i32 / 2,
            self.map_size.height() as i32 / 2,
        );
        let half = self.hall_half_size;
        let hall = Room {
            top_left: player - ICoord::new(half.width() as i32, half.height() as i32),
            size: ICoord::new(half.width() as i32 * 2 + 1, half.height() as i32 * 2 + 1),
        };
        assert!(
            picture.is_solid_around(&hall),
            "the hall {hall:?} must fit inside the map with a wall round it"
        );
        picture.carve_room(&hall);
        // The crowd is drawn first, so every scene with the same hall and hunters has the same
        // crowd whatever the map size and the number of idle NPCs.
        let hunter_cells = pick_cells(
            hall.coords()
                .filter(|&c| c != player && c.distance2(player) <= CROWD_REACH2)
                .collect(),
            self.hunters,
            "hall cells within sight for hunters",
            &mut rng,
        );
        let rooms = place_rooms(&mut picture, hall, &mut rng);
        // A sealed hall joins no corridor: the rooms are joined among themselves.
        let first = if self.hall_sealed { 2 } else { 1 };
        let joined = if self.hall_sealed { 1 } else { 0 };
        for (i, room) in rooms.iter().enumerate().skip(first) {
            let nearest = rooms[joined..i]
                .iter()
                .map(Room::centre)
                .min_by_key(|c| c.manhattan_distance(room.centre()))
                .expect("the hall comes first");
            picture.carve_corridor(room.centre(), nearest);
        }
        if self.hall_sealed {
            // A corridor between two other rooms may have cut through the hall's walls.
            picture.wall_round(&hall);
        }
        picture.set(player, b'@');
        for (&coord, &kind) in hunter_cells.iter().zip(self.hunter_kinds.iter().cycle()) {
            picture.set(coord, kind);
        }

        let min_distance2 = self.idle_min_distance * self.idle_min_distance;
        let idle_cells = pick_cells(
            rooms[1..]
                .iter()
                .flat_map(Room::coords)
                .filter(|&c| picture.get(c) == b'.' && c.distance2(player) >= min_distance2)
                .collect(),
            self.idle,
            "room cells far enough away for idle NPCs",
            &mut rng,
        );
        for &coord in &idle_cells {
            let orc = rng.random_ratio(IDLE_ORC_CHANCE.0, IDLE_ORC_CHANCE.1);
            let glyph = match (orc, self.idle_awake) {
                (true, true) => b'o',
                (false, true) => b'T',
                (true, false) => b'z',
                (false, false) => b'Z',
            };
            picture.set(coord, glyph);
        }
        Scene {
            rows: picture.into_rows(),
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Room {
    top_left: ICoord,
    /// Width and height, as a coordinate so room arithmetic stays in `i32`.
    size: ICoord,
}

impl Room {
    fn centre(&self) -> ICoord {
        self.top_left + ICoord::new(self.size.x / 2, self.size.y / 2)
    }

    fn coords(&self) -> impl Iterator<Item = ICoord> + '_ {
        (0..self.size.y)
            .flat_map(move |y| (0..self.size.x).map(move |x| self.top_left + ICoord::new(x, y)))
    }
}

/// The hall first, then every room that fits without touching another, in placement order.
fn place_rooms(picture: &mut Picture, hall: Room, rng: &mut Isaac64Rng) -> Vec<Room> {
    let size = picture.size;
    let attempts = size.count() / CELLS_PER_ROOM_ATTEMPT;
    let mut rooms = vec![hall];
    for _ in 0..attempts {
        let width = rng.random_range(ROOM_MIN_SIDE..=ROOM_MAX_SIDE);
        let height = rng.random_range(ROOM_MIN_SIDE..=ROOM_MAX_SIDE);
        let x = rng.random_range(1..=(size.width() as i32 - width - 1));
        let y = rng.random_range(1..=(size.height() as i32 - height - 1));
        let room = Room {
            top_left: ICoord::new(x, y),
            size: ICoord::new(width, height),
        };
        if picture.is_solid_around(&room) {
            picture.carve_room(&room);
            rooms.push(room);
        }
    }
    rooms
}

/// The map as one byte per cell, in the characters [`terrain::from_ascii`] reads.
struct Picture {
    size: UCoord,
    cells: Vec<u8>,
}

impl Picture {
    fn new(size: UCoord) -> Self {
        Self {
            size,
            cells: vec![b'#'; size.count()],
        }
    }

    fn index(&self, coord: ICoord) -> Option<usize> {
        let inside = coord.x >= 0
            && coord.y >= 0
            && (coord.x as u32) < self.size.width()
            && (coord.y as u32) < self.size.height();
        inside.then(|| coord.y as usize * self.size.width() as usize + coord.x as usize)
    }

    fn get(&self, coord: ICoord) -> u8 {
        self.index(coord).map_or(b'#', |i| self.cells[i])
    }

    fn set(&mut self, coord: ICoord, cell: u8) {
        let i = self
            .index(coord)
            .expect("scene cells are drawn inside the map");
        self.cells[i] = cell;
    }

    /// True if the room and a one-cell border round it are inside the map and still all wall.
    fn is_solid_around(&self, room: &Room) -> bool {
        let border = Room {
            top_left: room.top_left - ICoord::new(1, 1),
            size: room.size + ICoord::new(2, 2),
        };
        border
            .coords()
            .all(|c| self.index(c).is_some_and(|i| self.cells[i] == b'#'))
    }

    /// Walls the ring of cells round the room.
    fn wall_round(&mut self, room: &Room) {
        let border = Room {
            top_left: room.top_left - ICoord::new(1, 1),
            size: room.size + ICoord::new(2, 2),
        };
        for coord in border.coords() {
            let inside = coord - room.top_left;
            let in_room =
                (0..room.size.x).contains(&inside.x) && (0..room.size.y).contains(&inside.y);
            if !in_room {
                self.set(coord, b'#');
            }
        }
    }

    fn carve_room(&mut self, room: &Room) {
        for coord in room.coords() {
            self.set(coord, b'.');
        }
    }

    /// An L-shaped corridor, horizontal first; it never overwrites anything but wall.
    fn carve_corridor(&mut self, from: ICoord, to: ICoord) {
        let horizontal = (from.x.min(to.x)..=from.x.max(to.x)).map(|x| ICoord::new(x, from.y));
        let vertical = (from.y.min(to.y)..=from.y.max(to.y)).map(|y| ICoord::new(to.x, y));
        for coord in horizontal.chain(vertical) {
            if self.get(coord) == b'#' {
                self.set(coord, b'.');
            }
        }
    }

    fn into_rows(self) -> Vec<String> {
        self.cells
            .chunks(self.size.width() as usize)
            .map(|row| row.iter().map(|&b| char::from(b)).collect())
            .collect()
    }
}

/// `count` of `cells` at random; a scene that asks for more than its map holds is a mistake in
/// the benchmark, said in `what`.
fn pick_cells(mut cells: Vec<ICoord>, count: usize, what: &str, rng: &mut impl Rng) -> Vec<ICoord> {
    assert!(
        cells.len() >= count,
        "only {} {what}, {count} wanted",
        cells.len()
    );
    cells.shuffle(rng);
    cells.truncate(count);
    cells
}
