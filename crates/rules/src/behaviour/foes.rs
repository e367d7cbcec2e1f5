//! The allies' shared map of their enemies: distances over open ground to the nearest monster
//! round the player, built once a turn for every ally that needs it (never one per ally), and
//! the monsters it was built from. Allies keep near the player, so a window round the player
//! holds every cell an ally fights on.

use coord_2d::ICoord;
use direction::{CardinalDirection, CardinalDirections};

use super::hunt;
use super::local_map::{UNREACHED, Window, spread};
use crate::balance::{ALLY_LEASH_STEPS, ALLY_MAP_REACH};
use crate::world::World;

/// The window's reach round the player: the monsters' and as far again, and one more.
const WINDOW_REACH: u32 = 2 * ALLY_MAP_REACH + 1;

pub struct FoesMap {
    /// The turn its enemies were listed on, and where the player stood then.
    built: Option<(u64, ICoord)>,
    /// Whether the distances from them have been measured since.
    measured: bool,
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
            measured: false,
            window: Window::new(ICoord::new(0, 0), WINDOW_REACH),
            distances: vec![UNREACHED; len],
            queue: Vec::with_capacity(len),
            foes: Vec::with_capacity(len),
            leashed: Vec::with_capacity(len),
        }
    }

    /// Lists the player's enemies round the player for this turn unless they are listed
    /// already: monsters move as the turn goes on, and an ally next to one strikes it without
    /// the list. The distances are measured from them only when an ally first needs to step
    /// (most allies in a fight stand beside an enemy or are hemmed in by their friends): they
    /// depend on nothing but the listed cells and the ground, so they are the same whenever
    /// they are measured in the turn.
    pub fn prepare(&mut self, world: &World, turn: u64) {
        let player = world.player_coord();
        if self.built == Some((turn, player)) {
            return;
        }
        self.built = Some((turn, player));
        self.measured = false;
        self.window = Window::new(player, WINDOW_REACH);
        self.foes.clear();
        self.leashed.clear();
        let reach = ALLY_MAP_REACH as i32;
        for y in player.y - reach..=player.y + reach {
            for x in player.x - reach..=player.x + reach {
                let cell = ICoord::new(x, y);
                if !world.has_monster(cell) {
                    continue;
                }
                self.foes.push(cell);
                if (cell - player).manhattan_magnitude() <= ALLY_LEASH_STEPS {
                    self.leashed.push(cell);
                }
            }
        }
    }

    /// Measures the distances from the listed enemies, once a turn, when an ally first needs
    /// them. They start from enemies within the map's reach of the player and flood as far
    /// again, so the window reaches twice as far plus one: every cell the flood takes has its
    /// neighbours inside, and (open ground never lying on the map's edge) on the map, so it
    /// steps by index.
    fn measure(&mut self, world: &World) {
        if self.measured {
            return;
        }
        self.measured = true;
        self.distances.fill(UNREACHED);
        self.queue.clear();
        for &cell in &self.foes {
            if let Some(index) = self.window.index(cell) {
                self.distances[index] = 0;
                self.queue.push(index as u32);
            }
        }
        spread(
            world.floorplan(),
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

    fn distance(&self, coord: ICoord) -> Option<u32> {
        let distance = self.distances[self.window.index(coord)?];
        (distance != UNREACHED).then_some(u32::from(distance))
    }

    /// A step from `here` to a free cell nearer the nearest enemy, the first in compass order.
    pub fn step_nearer(&mut self, world: &World, here: ICoord) -> Option<CardinalDirection> {
        self.measure(world);
        let now = self.distance(here)?;
        CardinalDirections.into_iter().find(|d| {
            let next = here + d.coord();
            self.distance(next).is_some_and(|d| d < now) && world.can_npc_enter(next)
        })
    }

    /// A step from `here` to a free cell further from every enemy, the furthest first.
    pub fn step_away(&mut self, world: &World, here: ICoord) -> Option<CardinalDirection> {
        self.measure(world);
        hunt::step_further(world, here, |cell| self.distance(cell))
    }
}
