//! The map towards the player's side: distances from every open cell to the nearest of the
//! player and its allies, shared by every hunter on foot; and the rule, shared with the flyers'
//! and swimmers' maps (see `way_maps`), for when such a map is measured again.

use coord_2d::{ICoord, UCoord};
use grid_search_cardinal::CanEnter;
use grid_search_cardinal::distance_map::{DistanceMap, PopulateContext};

use super::decision::DISTANCE_MAP_MAX_STEPS;
use super::local_map::LocalMap;
use crate::world::World;

/// What a map towards the player's side was built for: where the player stands, and the counts
/// of the player's side's moves ([`World::heroes_moved`]), of ground changes
/// ([`World::ground_changes`]) and of fire and gas ([`World::hazard_changes`]). The map only
/// needs measuring again when one of them changes.
pub(super) type MapKey = (ICoord, u64, u64, u64);

/// The key of the world as it stands.
pub(super) fn map_key(world: &World) -> MapKey {
    (
        world.player_coord(),
        world.heroes_moved(),
        world.ground_changes(),
        world.hazard_changes(),
    )
}

/// When a map towards the player's side was last measured: for what, and on which turn.
#[derive(Default)]
pub(super) struct Measured {
    built_for: Option<MapKey>,
    built_on: Option<u64>,
}

impl Measured {
    /// Whether the map can be read as it stands on `turn` with the world at `key`.
    ///
    /// It can if it still leads to where the player's side stands, and is then counted as this
    /// turn's map as if measured now: a game loaded between turns (which measures it afresh for
    /// the turn's first hunter) and one played straight through must agree about which turn it
    /// belongs to, or the straight one measures it again after an ally's step and the two
    /// games part. With allies about (`allies_about`) it can also if it was measured this turn:
    /// allies move all through the turn, but a hunter beside one strikes it without the map,
    /// and measuring it after every ally's step would cost a crowd's turn many times over.
    pub(super) fn fresh(&mut self, key: MapKey, turn: u64, allies_about: bool) -> bool {
        if self.built_for == Some(key) {
            self.built_on = Some(turn);
            return true;
        }
        self.built_on == Some(turn) && allies_about
    }

    /// Marks the map as measured now, for `key`, on `turn`.
    pub(super) fn measured(&mut self, key: MapKey, turn: u64) {
        self.built_for = Some(key);
        self.built_on = Some(turn);
    }

    /// Where the player stood when the map was last measured; none if it never was.
    fn player(&self) -> Option<ICoord> {
        self.built_for.map(|(player, ..)| player)
    }
}

/// Starts a flood from every cell of the player's side.
pub(super) fn add_side(populate: &mut PopulateContext, world: &World) {
    populate.add(world.player_coord());
    for &ally in world.allies() {
        populate.add(world.coord_of(ally));
    }
}

/// Floods `map` from every cell of the player's side over open ground, `reach` steps out.
fn flood(populate: &mut PopulateContext, world: &World, reach: u32, map: &mut DistanceMap) {
    add_side(populate, world);
    // Without fire or harmful gas on the level no cell harms: the flood asks one byte a cell,
    // not two questions.
    match world.has_hazards() {
        true => populate.populate_approach(&OpenGround(world), reach, map),
        false => populate.populate_approach(&Unharmed(world), reach, map),
    }
}

/// Open ground, ignoring characters: the cells an NPC could enter if other NPCs were not there
/// (fire and harmful gas are kept out of, so hunters go round them).
struct OpenGround<'a>(&'a World);

impl CanEnter for OpenGround<'_> {
    fn can_enter(&self, coord: ICoord) -> bool {
        !self.0.blocks_walking(coord) && !self.0.harms(coord)
    }
}

/// [`OpenGround`] on a level where nothing harms (and the turn's floor, which minds no harm).
pub(crate) struct Unharmed<'a>(pub(crate) &'a World);

impl CanEnter for Unharmed<'_> {
    fn can_enter(&self, coord: ICoord) -> bool {
        !self.0.blocks_walking(coord)
    }
}

/// The walking map towards the player's side.
pub(super) struct SideMap {
    map: DistanceMap,
    measured: Measured,
    /// Whether it was measured from the player alone (no ally on the level).
    player_only: bool,
    /// How many steps from the player the map as measured reaches: every cell within that
    /// many has its distance, as the whole map (to [`DISTANCE_MAP_MAX_STEPS`]) would give it.
    /// A hunter reads the cells a few steps round it, and most hunt within a few steps of the
    /// player: a flood to the whole reach each time the player moves was most of a turn.
    reach: u32,
}

impl SideMap {
    pub(super) fn new(size: UCoord) -> Self {
        Self {
            map: DistanceMap::new(size),
            measured: Measured::default(),
            player_only: true,
            reach: 0,
        }
    }

    /// Measures the map on `turn` to at least `need` steps from the player, unless it can be
    /// read as it stands (see [`Measured::fresh`]) that far.
    ///
    /// The map depends only on what its key counts, so a flood to a further reach gives every
    /// cell the distance a whole map measured for the same key would have: how far it was
    /// measured is never seen in what it reads. With allies about, though, it is measured
    /// whole the first time, as allies move all through the turn and the map is kept for it.
    /// That leans on a turn that begins without allies gaining none while the NPCs move (the
    /// player frees, dominates or brings down its allies before they move, and an ally made
    /// while they move is made by an ally already about): a map measured in part on a turn
    /// without allies never has to stand for the rest of a turn with them, which it could not,
    /// the world it was measured on being gone. A monster that could make an ally of the
    /// player's would have to have the map measured whole from then on.
    pub(super) fn prepare(
        &mut self,
        world: &World,
        turn: u64,
        populate: &mut PopulateContext,
        need: u32,
    ) {
        let key = map_key(world);
        let allies_about = !world.allies().is_empty();
        let need = match allies_about {
            true => DISTANCE_MAP_MAX_STEPS,
            false => need.min(DISTANCE_MAP_MAX_STEPS),
        };
        if self.measured.fresh(key, turn, allies_about) && self.reach >= need {
            return;
        }
        flood(populate, world, need, &mut self.map);
        self.measured.measured(key, turn);
        self.player_only = !allies_about;
        self.reach = need;
    }

    /// How many steps from the player the map as last measured reaches.
    pub(super) fn reach(&self) -> u32 {
        self.reach
    }

    /// The map as last measured.
    pub(super) fn map(&self) -> &DistanceMap {
        &self.map
    }

    /// The map to flood for something else (growing the search queues as a level is made),
    /// forgotten as measured.
    pub(super) fn scratch(&mut self) -> &mut DistanceMap {
        self.measured = Measured::default();
        self.reach = 0;
        &mut self.map
    }

    /// Steps from `coord` to the player over open ground, as the map measures them (the same
    /// flood, to the same reach), whether or not an NPC has needed the map since the player
    /// last moved.
    pub(super) fn distance_to_player(&self, world: &World, coord: ICoord) -> Option<u32> {
        if self.player_only && self.measured.built_for == Some(map_key(world)) {
            // A cell beyond the reach measured may still be within the whole map's.
            let distance = self.map.distance(coord);
            if distance.is_some() || self.reach == DISTANCE_MAP_MAX_STEPS {
                return distance;
            }
        }
        let mut map = LocalMap::new(DISTANCE_MAP_MAX_STEPS);
        map.lead_to(world, world.player_coord());
        map.distance(coord)
    }

    /// The map against one measured whole afresh, while its key says it still stands for the
    /// world: every cell within the reach it was measured to must have the distance the whole
    /// map gives it, and no cell beyond that reach any.
    pub(super) fn violation(&self, world: &World) -> Option<String> {
        if self.measured.built_for != Some(map_key(world)) {
            return None;
        }
        let mut whole = DistanceMap::new(world.size());
        flood(
            &mut PopulateContext::default(),
            world,
            DISTANCE_MAP_MAX_STEPS,
            &mut whole,
        );
        let reach = self.reach;
        let expected = |cell| whole.distance(cell).filter(|&distance| distance <= reach);
        let wrong = (world.size().icoord_iter_row_major())
            .find(|&cell| self.map.distance(cell) != expected(cell))?;
        Some(format!(
            "the map towards the player's side, measured to {reach} steps, gives {wrong:?} {:?} \
             where measured whole it gives {:?}",
            self.map.distance(wrong),
            whole.distance(wrong)
        ))
    }

    /// The distance from `coord` as the map was last measured whole, and the player's cell it
    /// was measured for: none if no NPC has needed it whole yet.
    pub(super) fn built_distance(&self, coord: ICoord) -> (Option<ICoord>, Option<u32>) {
        match self.reach == DISTANCE_MAP_MAX_STEPS {
            true => (self.measured.player(), self.map.distance(coord)),
            false => (None, None),
        }
    }
}
