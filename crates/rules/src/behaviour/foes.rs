//! The allies' shared map of their enemies: distances over open ground to the nearest monster
//! round the player, built once a turn for every ally that needs it (never one per ally), and
//! the monsters it was built from. Allies keep near the player, so a window round the player
//! holds every cell an ally fights on.

use coord_2d::ICoord;
use direction::{CardinalDirection, CardinalDirections};
use entity_table::Entity;

use super::hunt;
use super::local_map::{UNREACHED, Window, spread};
use crate::balance::{ALLY_LEASH_STEPS, ALLY_MAP_REACH};
use crate::world::{Side, World};

/// The window's reach round the player: the monsters' and as far again, and one more.
const WINDOW_REACH: u32 = 2 * ALLY_MAP_REACH + 1;

pub struct FoesMap {
    /// The turn it was built on, and where the player stood then.
    built: Option<(u64, ICoord)>,
    window: Window,
    distances: Vec<u8>,
    queue: Vec<u32>,
    /// Where the player's enemies in the window stood when it was built, in row order: as the
    /// turn goes on some move, and an ally looks again at the one it chooses.
    foes: Vec<ICoord>,
    /// Those of them within the allies' leash of the player, which is all an ally goes after.
    leashed: Vec<ICoord>,
}

impl FoesMap {
    pub fn new() -> Self {
        let len = Window::len_for(WINDOW_REACH);
        Self {
            built: None,
            window: Window::new(ICoord::new(0, 0), WINDOW_REACH),
            distances: vec![UNREACHED; len],
            queue: Vec::with_capacity(len),
            foes: Vec::with_capacity(len),
            leashed: Vec::with_capacity(len),
        }
    }

    /// Builds the map for this turn unless it is built already: monsters move as the turn
    /// goes on, and an ally next to one strikes it without the map. The monsters it starts
    /// from stand within the map's reach of the player, and it floods as far again, so its
    /// window reaches twice as far plus one: every cell the flood takes has its neighbours
    /// inside, and (open ground never lying on the map's edge) on the map, so it steps by index.
    pub fn prepare(&mut self, world: &World, turn: u64) {
        let player = world.player_coord();
        if self.built == Some((turn, player)) {
            return;
        }
        self.built = Some((turn, player));
        self.window = Window::new(player, WINDOW_REACH);
        self.distances.fill(UNREACHED);
        self.queue.clear();
        self.foes.clear();
        self.leashed.clear();
        let reach = ALLY_MAP_REACH as i32;
        for y in player.y - reach..=player.y + reach {
            for x in player.x - reach..=player.x + reach {
                let cell = ICoord::new(x, y);
                if enemy_at(world, cell).is_none() {
                    continue;
                }
                self.foes.push(cell);
                if (cell - player).manhattan_magnitude() <= ALLY_LEASH_STEPS {
                    self.leashed.push(cell);
                }
                if let Some(index) = self.window.index(cell) {
                    self.distances[index] = 0;
                    self.queue.push(index as u32);
                }
            }
        }
        spread(
            world.ground(),
            self.window,
            ALLY_MAP_REACH,
            (&mut self.distances, &mut self.queue),
            0,
            |ground, index| ground.is_open(index),
        );
    }

    /// Where the enemies the map was built from stood, in row order: some may have died or
    /// moved since.
    pub fn foes(&self) -> &[ICoord] {
        &self.foes
    }

    /// Those of them that stood within the allies' leash of the player.
    pub fn leashed(&self) -> &[ICoord] {
        &self.leashed
    }

    pub fn distance(&self, coord: ICoord) -> Option<u32> {
        let distance = self.distances[self.window.index(coord)?];
        (distance != UNREACHED).then_some(u32::from(distance))
    }

    /// A step from `here` to a free cell nearer the nearest enemy, the first in compass order.
    pub fn step_nearer(&self, world: &World, here: ICoord) -> Option<CardinalDirection> {
        let now = self.distance(here)?;
        CardinalDirections.into_iter().find(|d| {
            let next = here + d.coord();
            self.distance(next).is_some_and(|d| d < now) && world.can_npc_enter(next)
        })
    }

    /// A step from `here` to a free cell further from every enemy, the furthest first.
    pub fn step_away(&self, world: &World, here: ICoord) -> Option<CardinalDirection> {
        hunt::step_further(world, here, |cell| self.distance(cell))
    }
}

/// The character at `coord` if it is a monster (the dungeon's side; a captive is nobody's foe).
pub fn enemy_at(world: &World, coord: ICoord) -> Option<Entity> {
    if !world.has_character(coord) {
        return None;
    }
    let character = world.character_at(coord)?;
    (world.side_of(character) == Some(Side::Dungeon)).then_some(character)
}
