//! Things the player asks for once that take many turns: resting, exploring, travelling and
//! running. Each turn of one is an ordinary [`PlayerAction`], played and recorded like a key
//! press, so saves, recordings and replays know nothing of activities. Whether to go on is
//! decided from what the player sees: an NPC in view, anything worth a message, a known wall.

use coord_2d::ICoord;
use direction::CardinalDirection;

use super::{Game, PlayerAction, TurnOutcome};
use crate::balance;
use crate::behaviour::NpcState;
use crate::content::{Ground, NpcKind};
use crate::travel::Goal;
use crate::world::Tile;

/// What the player asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activity {
    /// Wait until hit points are full (or, unhurt, for a while).
    Rest,
    /// Walk toward the nearest place not yet seen, until there is none.
    Explore,
    /// Walk a shortest known route to a remembered cell.
    Travel(ICoord),
    /// Keep walking one way until something interesting.
    Run(CardinalDirection),
    /// Search turn after turn, up to the thorough fifth, unless something happens.
    Search,
}

/// Why an activity stopped, or never began.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The last step made something happen (a blow, a shout, an NPC coming into view, an item
    /// picked up); its events say what.
    Interrupted,
    /// An awake NPC is in view: no resting or walking off with one about.
    NpcInView(NpcKind),
    /// Rest: hit points are full.
    Healed,
    /// Rest while unhurt: waited the whole while.
    Waited,
    /// Explore: every place reachable through known ground has been seen. The stairs down, if
    /// known.
    Explored { stairs: Option<ICoord> },
    /// Travel: no known way leads there.
    NoRoute,
    /// Explore or travel: the only known way on is through a character in view that a step
    /// would strike or ask to free (a sleeping monster, a captive in a doorway).
    InTheWay(NpcKind),
    /// Travel: there.
    Arrived,
    /// Run: something interesting ahead or beside (a wall, a fork, a doorway, the stairs).
    RunEnded,
    /// Search: the thorough turn is done and found nothing.
    Searched,
    /// The run is over; nothing more happens.
    GameOver,
    /// Fire in view, the player burning, harmful gas where it stands, or the next step into
    /// fire or harmful gas it sees: no resting or walking off with fire about.
    Danger,
}

/// An activity under way and what it has seen so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Doing {
    activity: Activity,
    steps: u32,
    /// The last step had events: stop before the next.
    interrupted: bool,
    started_hurt: bool,
    /// Run: whether the cells left and right were open after the first step.
    sides: (bool, bool),
}

impl Doing {
    pub fn activity(&self) -> Activity {
        self.activity
    }

    /// Turns played so far.
    pub fn steps(&self) -> u32 {
        self.steps
    }
}

/// Searching goes on to the thorough turn (a find or anything else stops it sooner).
fn search_action(doing: &Doing) -> Result<PlayerAction, Stop> {
    if doing.steps >= u32::from(balance::THOROUGH_SEARCH_TURNS) {
        return Err(Stop::Searched);
    }
    Ok(PlayerAction::Search)
}

impl Game {
    /// Starts an activity; call [`Game::step`] for each of its turns.
    pub fn begin(&mut self, activity: Activity) -> Doing {
        let hit_points = self.player_hit_points();
        Doing {
            activity,
            steps: 0,
            interrupted: false,
            started_hurt: hit_points.current < hit_points.max,
            sides: (false, false),
        }
    }

    /// Plays the activity's next turn, or says why it stops. Every turn played is one of the
    /// player's actions, in [`Game::actions`] like any other.
    pub fn step(&mut self, doing: &mut Doing) -> Result<TurnOutcome, Stop> {
        if self.is_over() {
            return Err(Stop::GameOver);
        }
        if doing.interrupted {
            return Err(Stop::Interrupted);
        }
        if let Some(kind) = self.awake_npc_in_view() {
            return Err(Stop::NpcInView(kind));
        }
        if self.danger_near() {
            return Err(Stop::Danger);
        }
        let action = self.next_action(doing)?;
        if self.walks_into_harm(action) {
            return Err(Stop::Danger);
        }
        let outcome = self.act(action);
        doing.steps += 1;
        let told = self.scratch.events.len() > self.scratch.unwitnessed;
        doing.interrupted = told || outcome == TurnOutcome::NoTurn;
        Ok(outcome)
    }

    /// A step of an activity into fire or harmful gas the player sees: it stops short, and
    /// the step is the player's to choose (explore walked the player into a bloat's cloud).
    fn walks_into_harm(&self, action: PlayerAction) -> bool {
        let PlayerAction::Move(direction) = action else {
            return false;
        };
        let next = self.world.player_coord() + direction.coord();
        self.world.harms(next) && self.visibility.sees(&self.world, next)
    }

    /// Fire the player sees, fire on the player, or harmful gas where it stands.
    fn danger_near(&self) -> bool {
        let player = self.world.player();
        let here = self.world.player_coord();
        self.world.is_on_fire(player)
            || self.world.harms(here)
            || (self.world.fires().cells().iter())
                .any(|&cell| self.visibility.sees(&self.world, cell))
    }

    /// True if the activity stops before another turn for a reason that needs no route
    /// planned: the run is over, the last step had events, an awake NPC is in view, the
    /// journey's end is reached, the rest is done. [`Game::step`] then stops without acting.
    pub fn is_finished(&self, doing: &Doing) -> bool {
        let done = match doing.activity {
            Activity::Travel(target) => target == self.player_coord(),
            Activity::Rest => self.rest_action(doing).is_err(),
            Activity::Search => search_action(doing).is_err(),
            Activity::Explore | Activity::Run(_) => false,
        };
        done || self.is_over() || doing.interrupted || self.awake_npc_in_view().is_some()
    }

    fn next_action(&mut self, doing: &mut Doing) -> Result<PlayerAction, Stop> {
        let here = self.player_coord();
        match doing.activity {
            Activity::Rest => self.rest_action(doing),
            Activity::Explore => {
                let goal = self.explore_goal();
                self.route_step(here, goal).ok_or_else(|| {
                    self.in_the_way(here, goal).unwrap_or(Stop::Explored {
                        stairs: self.known_stairs(),
                    })
                })
            }
            Activity::Travel(target) if target == here => Err(Stop::Arrived),
            Activity::Travel(target) => {
                let goal = Goal::Cell(target);
                (self.route_step(here, goal))
                    .ok_or_else(|| self.in_the_way(here, goal).unwrap_or(Stop::NoRoute))
            }
            Activity::Run(direction) => self.run_action(doing, direction),
            Activity::Search => search_action(doing),
        }
    }

    fn rest_action(&self, doing: &Doing) -> Result<PlayerAction, Stop> {
        let hit_points = self.player_hit_points();
        if doing.started_hurt && hit_points.current >= hit_points.max {
            return Err(Stop::Healed);
        }
        if !doing.started_hurt && doing.steps >= balance::REST_UNHURT_TURNS {
            return Err(Stop::Waited);
        }
        Ok(PlayerAction::Wait)
    }

    /// The step exploring would take next, without taking it: for tools and benchmarks.
    #[cfg(feature = "testing")]
    pub fn next_explore_step(&mut self) -> Option<CardinalDirection> {
        let here = self.player_coord();
        let goal = self.explore_goal();
        let keyed = self.carries_a_key();
        self.travel.next_step(&self.visibility, here, goal, keyed)
    }

    fn carries_a_key(&self) -> bool {
        self.hero
            .pack
            .slot_of(crate::content::ItemKind::key())
            .is_some()
    }

    /// Exploring fetches the kinds the pack has room for, never the Sunstone.
    fn explore_goal(&self) -> Goal {
        let fetch = crate::content::ItemKind::all()
            .filter(|&kind| kind != crate::content::ItemKind::prize())
            .filter(|&kind| self.hero.pack.room_for(kind).is_some())
            .fold(0u64, |mask, kind| {
                mask | 1u64.checked_shl(kind.index() as u32).unwrap_or(0)
            });
        Goal::Explore { fetch }
    }

    /// Who stands in the way of the route the player asked for, when none leads past: a
    /// sleeping monster in a doorway is named rather than the level said explored.
    fn in_the_way(&mut self, here: ICoord, goal: Goal) -> Option<Stop> {
        let keyed = self.carries_a_key();
        let cell = (self.travel).blocker(&self.visibility, here, goal, keyed)?;
        let npc = self.world.character_at(cell)?;
        self.world.npc_kind(npc).map(Stop::InTheWay)
    }

    fn route_step(&mut self, here: ICoord, goal: Goal) -> Option<PlayerAction> {
        let keyed = self.carries_a_key();
        self.travel
            .next_step(&self.visibility, here, goal, keyed)
            .map(PlayerAction::Move)
    }

    /// As DCSS runs: straight on, stopping before a known wall or a character, and after any
    /// step that changes what lies left and right (a side passage, a doorway, the room's end)
    /// or lands on the stairs. What lies beside is first taken after the first step, so a run
    /// can start from a fork or a doorway.
    fn run_action(
        &self,
        doing: &mut Doing,
        direction: CardinalDirection,
    ) -> Result<PlayerAction, Stop> {
        let here = self.player_coord();
        let sides = self.open_sides(here, direction);
        if doing.steps == 1 {
            doing.sides = sides;
        }
        if doing.steps > 0 && (sides != doing.sides || self.is_on_stairs()) {
            return Err(Stop::RunEnded);
        }
        let ahead = here + direction.coord();
        let occupied = self.level().cell_view(ahead).tiles.character.is_some();
        if !self.visibility.is_known_open(ahead) || occupied {
            return Err(Stop::RunEnded);
        }
        Ok(PlayerAction::Move(direction))
    }

    fn open_sides(&self, at: ICoord, direction: CardinalDirection) -> (bool, bool) {
        let open = |side: CardinalDirection| self.visibility.is_known_open(at + side.coord());
        (open(direction.left90()), open(direction.right90()))
    }

    /// The kind of an awake NPC the player's own eyes see now, if any. Sleepers do not count:
    /// as in Brogue, the player may rest or walk on with one in view, and exploring walks
    /// round it. Nor does a monster fleeing out of reach of a blow: one that runs at the
    /// player's pace would otherwise forbid resting and exploring for as long as it kept in
    /// view (Brogue explores past a fleeing monster); it counts again once it turns to fight.
    /// Only what the screen shows counts (lit, and not under water or invisible): a monster in
    /// the dark stops the player when it strikes, not before, so a refusal never tells of one.
    pub fn awake_npc_in_view(&self) -> Option<NpcKind> {
        let here = self.world.player_coord();
        self.npcs_in_sight().find_map(|npc| {
            let coord = self.world.coord_of(npc);
            // Allies come along and captives wait: only an enemy awake stops the player.
            let enemy = self.world.are_enemies(self.world.player(), npc);
            let threat = self.minds.agents.get(npc).is_some_and(|agent| {
                let in_reach = (coord - here).x.abs().max((coord - here).y.abs()) <= 1;
                let running = agent.state == NpcState::Fleeing && !in_reach;
                !agent.is_asleep() && !running
            });
            (enemy && threat)
                .then(|| self.world.npc_kind(npc))
                .flatten()
        })
    }

    /// Where the player remembers the stairs down on this level, if it has seen them.
    pub fn known_stairs(&self) -> Option<ICoord> {
        self.size().icoord_iter_row_major().find(|&coord| {
            self.visibility.memory(coord).floor == Some(Tile::Ground(Ground::STAIRS))
        })
    }

    /// The turn on which the player last saw the cell (this turn if in view), if ever.
    pub fn last_seen_turn(&self, coord: ICoord) -> Option<u64> {
        let looks = self.visibility.looks_since_seen(coord)?;
        Some(self.progress.turn.saturating_sub(looks))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{GasHarm, GasKind};
    use crate::game::GameOptions;

    /// A corridor east, then round a corner to what is left to explore.
    const BEND: [&str; 5] = [
        "##########",
        "#@.......#",
        "########.#",
        "#........#",
        "##########",
    ];

    /// Exploring's first step from the corner, with `gas` (a kind and volume) let out on the
    /// cell east of the player first: what the step says, and where the player stands after.
    fn explore_beside(gas: Option<(GasKind, u16)>) -> (Result<TurnOutcome, Stop>, ICoord) {
        let (mut game, _) = Game::from_ascii(&BEND, GameOptions::default()).expect("map");
        if let Some((kind, volume)) = gas {
            game.world.release_gas(ICoord::new(2, 1), kind, volume);
        }
        let mut doing = game.begin(Activity::Explore);
        (game.step(&mut doing), game.player_coord())
    }

    fn gas(is: fn(GasHarm) -> bool) -> GasKind {
        GasKind::all()
            .find(|kind| is(kind.rules().harm))
            .expect("a gas of that kind")
    }

    #[test]
    fn exploring_stops_short_of_harmful_gas_it_sees_and_walks_through_harmless_gas() {
        let caustic = gas(|harm| matches!(harm, GasHarm::Caustic(_)));
        let methane = gas(|harm| matches!(harm, GasHarm::Burns(_)));
        let (start, east) = (ICoord::new(1, 1), ICoord::new(2, 1));
        assert_eq!(explore_beside(None), (Ok(TurnOutcome::TurnTaken), east));
        let thick = balance::GAS_HARMS_AT;
        assert_eq!(
            explore_beside(Some((caustic, thick))),
            (Err(Stop::Danger), start)
        );
        for harmless in [(caustic, thick - 1), (methane, thick * 10)] {
            let (outcome, at) = explore_beside(Some(harmless));
            assert_eq!(at, east, "{harmless:?}: {outcome:?}");
        }
    }
}
