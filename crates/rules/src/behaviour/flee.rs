//! Fleeing along a safety map, as Brogue and the "Dijkstra maps" article describe: the distances
//! from the player, multiplied by -1.2 and rescanned so that every cell is at most one step's cost
//! worse than its best neighbour. Descending it leads away from the player.
//!
//! On its own that map leads into the deepest dead end in reach, where the NPC is caught. So
//! before the rescan, dead ends are peeled off (cells with one open neighbour, repeatedly, as a
//! corridor is eaten back to its junction) and get no value of their own: only what the rescan
//! gives them from their mouth, which rises the further in they go. Loops and rooms survive the
//! peeling, so a chased NPC runs round a loop, where it can keep running, and never backs into a
//! dead end: inside one it heads for the mouth, and where nothing but dead ends lies within
//! reach (every cell peeled, nothing seeded) no step is safer and it fights as if cornered.
//! The player's own cell is never peeled: a dead end the player stands in traps nobody
//! running from it, and peeled from there a corridor leading away from the player would be
//! eaten whole, however far it ran on.
//!
//! When a monster turns to flee (hurt to its kind's threshold) and when it stops (healed, or
//! cornered) is decided here too.

use coord_2d::ICoord;
use direction::{CardinalDirection, CardinalDirections};
use entity_table::Entity;
use rand::Rng;

use super::local_map::{MapIndex, UNREACHED, Window, flood_in};
use super::{Agent, BehaviourContext, DISTANCE_MAP_MAX_STEPS, NpcAction, NpcState, Reason};
use crate::balance;
use crate::content::NpcTrait;
use crate::world::World;

/// Distance from the player counts -1.2 per step (as -12 against a step cost of 10): more than
/// one, so a cell further away is worth a step or two of detour, not a walk into a dead end.
const DISTANCE_WEIGHT: i32 = -12;
const STEP_COST: i32 = 10;
/// The cells beside `index` in a square window `side` cells wide. Only ever asked of cells the
/// flood reached, which are at most the map's reach from the player along both axes together:
/// the window reaches one cell further, so their neighbours are all inside it.
fn neighbours(side: usize, index: usize) -> [usize; 4] {
    [index - side, index + 1, index + side, index - 1]
}

/// Offers `index`'s neighbours one step's cost more than its `value`, queueing each it
/// improves; nothing if `index` was improved below `value` since it was queued.
fn relax(values: &mut [i32], improved: &mut Vec<(i32, u32)>, side: usize, value: i32, index: u32) {
    if value > values[index as usize] {
        return;
    }
    let offered = value + STEP_COST;
    for n in neighbours(side, index as usize) {
        if offered < values[n] {
            values[n] = offered;
            improved.push((offered, n as u32));
        }
    }
}

/// Cells outside the map towards the player; open ground beyond it is safer than anything on it.
/// The least value of all, so that the rescan, which only ever lowers a value, never touches one.
const OUTSIDE: i32 = i32::MIN;
/// How many maps are kept besides the one in use, at 7 KB each: 7 more hold a quarter of the
/// builds of a player walking and fighting among fleeing orcs (benches/play); 31 save a fifth
/// of what 7 leave on the tutorial's crowded levels (1,280 builds in place of 1,614 over 30
/// games of 400 turns at 80x30), where a player wandering back and forth meets its own tracks.
const MAPS_KEPT: usize = 31;
/// A dead-end cell before the rescan reaches it.
const PEELED: i32 = i32::MAX - 1;

/// Where the player stood when a map was built, and the world's count of ground changes then.
type BuiltFor = (ICoord, u64);

/// Every step of the build is over the cells the player's map reaches (a few hundred in a
/// dungeon), never over the whole window (1681 cells), most of which is wall or out of reach.
pub struct SafetyMap {
    reach: u32,
    built_for: Option<BuiltFor>,
    /// Each cell's value; [`OUTSIDE`] on every cell the build did not reach.
    values: Vec<i32>,
    /// Maps built for other cells the player stood on lately, with their cells: a player who
    /// steps back, or circles, while an NPC runs from it finds the map for its cell made. The
    /// oldest gives way to the map it replaces.
    kept: Vec<(Option<BuiltFor>, Vec<i32>)>,
    next_kept: usize,
    /// The flood's steps from the player (scratch).
    distances: Vec<u8>,
    /// The cells the flood reached, nearest first: the seeds of the rescan, safest first when
    /// read backwards, in order without a sort.
    reached: Vec<u32>,
    /// The cells the rescan improved, in order of value: each costs one step more than the
    /// cell just taken, so they join at the back in order (a bucket queue, as every step
    /// costs the same).
    improved: Vec<(i32, u32)>,
    /// Scratch for peeling: open neighbours not yet peeled, and cells to peel.
    degrees: Vec<u8>,
    peel: Vec<u32>,
}

impl SafetyMap {
    /// A map covering the cells within `reach` steps of the player.
    pub fn new(reach: u32) -> Self {
        Self::keeping(reach, MAPS_KEPT)
    }

    /// A map that keeps `kept` (at least one) maps besides the one in use.
    pub fn keeping(reach: u32, kept: usize) -> Self {
        let len = Window::len_for(reach + 1);
        Self {
            reach,
            built_for: None,
            values: vec![OUTSIDE; len],
            kept: vec![(None, vec![OUTSIDE; len]); kept.max(1)],
            next_kept: 0,
            distances: vec![UNREACHED; len],
            reached: Vec::with_capacity(len),
            // Each cell is improved at most once per neighbour.
            improved: Vec::with_capacity(4 * len),
            degrees: vec![0; len],
            peel: Vec::with_capacity(len),
        }
    }

    /// Rebuilds the map unless it was built for the player standing at `player` already, on
    /// the ground as it is (which changes only when a door is found or opened, or cages
    /// fall). The distances are those of the
    /// shared map towards the player (the same flood over open ground, to the same reach), kept
    /// here in the window with the list of cells they reach.
    pub fn prepare(&mut self, world: &World, player: ICoord) {
        let key = Some((player, world.ground_changes()));
        if self.built_for == key {
            return;
        }
        let kept = self.kept.iter().position(|&(cell, _)| cell == key);
        let slot = kept.unwrap_or(self.next_kept);
        let (cell, values) = &mut self.kept[slot];
        std::mem::swap(&mut self.built_for, cell);
        std::mem::swap(&mut self.values, values);
        if kept.is_some() {
            return;
        }
        self.next_kept = (self.next_kept + 1) % self.kept.len();
        self.values.fill(OUTSIDE);
        let window = self.window(player);
        flood_in(
            world,
            window,
            self.reach,
            &mut self.distances,
            &mut self.reached,
        );
        for &index in &self.reached {
            let distance = i32::from(self.distances[index as usize]);
            self.values[index as usize] = DISTANCE_WEIGHT * distance;
        }
        self.peel_dead_ends(world, window);
        self.rescan(window);
        self.built_for = key;
    }

    /// Dijkstra's rescan: every cell at most one step's cost worse than its best neighbour.
    /// The seeds (the reached cells not peeled, furthest first) and the improved cells are each
    /// in order of value, so the next cell is the lesser head: before each seed, the improved
    /// cells of lesser value are taken. Cells of equal value may come in any order: the
    /// rescan's result is the same.
    fn rescan(&mut self, window: Window) {
        let side = window.side() as usize;
        let Self {
            values,
            distances,
            reached,
            improved,
            degrees,
            ..
        } = self;
        improved.clear();
        let mut next_improved = 0;
        // A seed keeps the value it had before the rescan, read from its distance: one improved
        // since is skipped in `relax`, as its improvement is queued on its own. Peeling leaves a
        // peeled cell at most one open neighbour and every other cell two or more, but for the
        // player's, which with fewer is no seed: its dead end must draw nobody towards it.
        let unpeeled = reached
            .iter()
            .rev()
            .filter(|&&index| degrees[index as usize] >= 2);
        for &index in unpeeled {
            let value = DISTANCE_WEIGHT * i32::from(distances[index as usize]);
            while let Some(&(better, cell)) = improved.get(next_improved)
                && better < value
            {
                next_improved += 1;
                relax(values, improved, side, better, cell);
            }
            relax(values, improved, side, value, index);
        }
        while let Some(&(value, cell)) = improved.get(next_improved) {
            next_improved += 1;
            relax(values, improved, side, value, cell);
        }
    }

    /// Marks every cell of a dead end [`PEELED`]. Open cells beyond the map count as neighbours
    /// that are never peeled: a corridor leading out of reach is a way out, not a dead end. Nor
    /// is the player's cell, the window's centre, ever peeled.
    fn peel_dead_ends(&mut self, world: &World, window: Window) {
        self.peel.clear();
        let side = window.side() as usize;
        let player = window
            .index(window.centre())
            .expect("the centre is in its window");
        // The flood reached every open neighbour of a cell short of its reach, so such a cell's
        // open neighbours are those it reached; only a cell at the reach, whose neighbours
        // beyond it the flood never asked, asks the ground. Every reached cell is open ground
        // (the player's too), so its neighbours are on the map and are found by index.
        let ground = world.floorplan();
        let map_index = MapIndex::new(ground, window);
        for &index in &self.reached {
            let open = match u32::from(self.distances[index as usize]) < self.reach {
                true => neighbours(side, index as usize)
                    .into_iter()
                    .filter(|&n| self.distances[n] != UNREACHED)
                    .count(),
                false => {
                    let cell = map_index.of(index);
                    (ground.steps().into_iter())
                        .filter(|&step| ground.is_open(cell + step))
                        .count()
                }
            } as u8;
            self.degrees[index as usize] = open;
            if open <= 1 && index as usize != player {
                self.peel.push(index);
            }
        }
        let mut next = 0;
        while let Some(&index) = self.peel.get(next) {
            next += 1;
            self.values[index as usize] = PEELED;
            for n in neighbours(side, index as usize) {
                if self.values[n] == OUTSIDE || self.values[n] == PEELED {
                    continue;
                }
                self.degrees[n] -= 1;
                if self.degrees[n] == 1 && n != player {
                    self.peel.push(n as u32);
                }
            }
        }
    }

    /// The cells within the map's reach of the player, and a border of one cell more.
    fn window(&self, player: ICoord) -> Window {
        Window::new(player, self.reach + 1)
    }

    /// The player's cell the map in use was built for.
    pub fn built_for(&self) -> Option<ICoord> {
        self.built_for.map(|(player, _)| player)
    }

    /// How safe a cell on the map is (lower is safer): none for a wall or a cell beyond the
    /// map's reach.
    pub fn value_on_map(&self, world: &World, coord: ICoord) -> Option<i32> {
        self.value(world, coord)
            .filter(|&value| value != OUTSIDE && value != PEELED)
    }

    /// How safe a cell is (lower is safer); open cells off the map count as safest of all.
    fn value(&self, world: &World, coord: ICoord) -> Option<i32> {
        if world.blocks_walking(coord) {
            return None;
        }
        let player = self.built_for()?;
        let index = self.window(player).index(coord);
        Some(index.map_or(OUTSIDE, |i| self.values[i]))
    }

    /// The free neighbouring cell that is safer than `here`, the safest first; none when `here`
    /// is as safe as it gets (off the map, or cornered).
    pub fn safer_step(&self, world: &World, here: ICoord) -> Option<CardinalDirection> {
        let current = self.value(world, here)?;
        if current == i32::MIN {
            return None;
        }
        CardinalDirections
            .into_iter()
            .filter(|d| world.can_npc_enter(here + d.coord()))
            .filter_map(|d| Some((self.value(world, here + d.coord())?, d)))
            .filter(|&(value, _)| value < current)
            .min_by_key(|&(value, _)| value)
            .map(|(_, direction)| direction)
    }
}

impl BehaviourContext {
    /// A step along the safety map away from the player; a blow when cornered or when its foe
    /// stays at its heels (see [`balance::FLEE_PRESSED_TURNS`]); back to the fight or the search
    /// once healed.
    pub(super) fn flee_step(
        &mut self,
        world: &World,
        npc: Entity,
        agent: &mut Agent,
        foe: Option<ICoord>,
        rng: &mut impl Rng,
        turn: u64,
    ) -> NpcAction {
        let here = world.coord_of(npc);
        let player = world.player_coord();
        // A thief runs with its prize however well it is.
        let thief = world.natures().carrying(npc).is_some();
        if !thief && world.hit_points(npc).is_some_and(is_recovered) {
            if let Some(foe) = foe {
                agent.turn_to_fight(Reason::Recovered, turn);
                let kind = world.npc_kind(npc);
                return self.engage(world, (npc, kind), here, agent, foe);
            }
            agent.recover(here, turn);
            return self.search_step(world, here, agent, rng, turn);
        }
        if !thief && let Some(foe) = foe {
            match (here - foe).manhattan_magnitude() <= balance::FLEE_PRESSED_STEPS {
                true => agent.stuck_turns = agent.stuck_turns.saturating_add(1),
                false => agent.stuck_turns = 0,
            }
            if agent.stuck_turns >= balance::FLEE_PRESSED_TURNS {
                agent.turn_to_fight(Reason::Cornered, turn);
                let kind = world.npc_kind(npc);
                return self.engage(world, (npc, kind), here, agent, foe);
            }
        }
        // Beyond the safety map's reach every cell counts as safe as it gets: no step is
        // safer, and no map need be built to know it.
        let on_map = (here - player).manhattan_magnitude() <= DISTANCE_MAP_MAX_STEPS;
        if on_map {
            self.safety.prepare(world, player);
            if let Some(direction) = self.safety.safer_step(world, here) {
                return NpcAction::Move(direction);
            }
        }
        let cornered = CardinalDirections.into_iter().find(|d| {
            let next = here + d.coord();
            world
                .character_at(next)
                .is_some_and(|c| world.are_enemies(npc, c))
        });
        match cornered {
            Some(direction) => {
                agent.turn_to_fight(Reason::Cornered, turn);
                NpcAction::Move(direction)
            }
            None => NpcAction::Wait,
        }
    }
}

/// A kind that flees, hurt to its threshold, not already fleeing and not fighting because it was
/// cornered (a cornered NPC fights on rather than turning its back every other turn).
pub(super) fn should_flee(
    world: &World,
    (npc, kind): (Entity, Option<crate::content::NpcKind>),
    agent: &Agent,
) -> bool {
    let cornered =
        agent.state == NpcState::Hunting && agent.last_transition.reason == Reason::Cornered;
    let awake_and_free = !matches!(agent.state, NpcState::Fleeing | NpcState::Asleep);
    if !awake_and_free || cornered {
        return false;
    }
    let Some(rules) = kind.map(|kind| kind.rules()) else {
        return false;
    };
    let hurt = || {
        world.hit_points(npc).is_some_and(|hp| {
            let (num, den) = balance::FLEE_AT_OR_BELOW;
            hp.current * den <= hp.max * num
        })
    };
    // A thief runs with what it took (only a kind that steals ever carries anything off).
    let thief = || rules.has(NpcTrait::Steals) && world.natures().carrying(npc).is_some();
    (rules.has(NpcTrait::FleesWhenHurt) && hurt()) || thief()
}

fn is_recovered(hp: crate::world::HitPoints) -> bool {
    let (num, den) = balance::RECOVERED_AT_OR_ABOVE;
    hp.current * den >= hp.max * num
}
