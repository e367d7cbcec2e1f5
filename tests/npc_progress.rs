//! Property: over many seeds and thousands of turns, no NPC is ever stuck. A hunter with a free
//! step towards a waiting player takes one within a few turns; a wanderer or searcher with room
//! to move never stands still longer than its pause and its patience; a sleeper never moves; and
//! every rule of the world holds after every turn.

mod common;

use std::collections::HashMap;

use coord_2d::ICoord;
use direction::CardinalDirections;
use umbra_rules::balance;
use umbra_rules::behaviour::NpcState;
use umbra_rules::content::NpcTrait;
use umbra_rules::game::FightEvent;
use umbra_rules::game::GameEvent;
use umbra_rules::world::EntityId;
use umbra_rules::{Game, GameOptions, PlayerAction};

fn from_env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A hunter that has a free cell nearer the player must be nearer within this many turns.
const HUNT_PATIENCE: u64 = 3;
/// Another NPC this close (at the start or end of a turn) can be in a hunter's way.
const CROWD_STEPS: u32 = 3;
/// The longest a wanderer or searcher with a free neighbour may stand: its longest pause, then
/// its patience when blocked, twice over (the way back may be blocked too), and a turn to spare.
const IDLE_LIMIT: u64 = balance::WANDER_PAUSE_TURNS.1 + 2 * balance::STUCK_TURNS as u64 + 1;

/// The player wanders at random for a while, then waits for a while so hunters can be measured
/// against a map that stands still.
fn action(turn: u64, state: &mut u64) -> PlayerAction {
    if turn % 40 >= 25 {
        return PlayerAction::Wait;
    }
    common::scripted_actions(1, *state ^ turn)[0]
}

#[derive(Default)]
struct Watch {
    still_since: HashMap<EntityId, (ICoord, u64)>,
    closer_by: HashMap<EntityId, (u32, u64)>,
}

fn has_free_neighbour(game: &Game, at: ICoord, occupied: &[ICoord]) -> bool {
    CardinalDirections.into_iter().any(|d| {
        let next = at + d.coord();
        !game.level().blocks_walking(next)
            && next != game.player_coord()
            && !occupied.contains(&next)
    })
}

fn free_step_closer(game: &Game, at: ICoord, occupied: &[ICoord]) -> bool {
    let Some(here) = game.inhabitants().npc_distance_to_player(at) else {
        return false;
    };
    CardinalDirections.into_iter().any(|d| {
        let next = at + d.coord();
        game.inhabitants()
            .npc_distance_to_player(next)
            .is_some_and(|n| n < here)
            && !occupied.contains(&next)
    })
}

impl Watch {
    fn check(
        &mut self,
        game: &Game,
        waiting_for: u64,
        before: &HashMap<EntityId, ICoord>,
    ) -> Vec<String> {
        let mut problems = game.invariant_violations();
        let turn = game.turn();
        let occupied: Vec<ICoord> = game.inhabitants().npcs().map(|n| n.coord).collect();
        // A cell counts as free only if it was free both when the turn began and when it ended:
        // an NPC that acts earlier in the turn finds the cells of those that act later still
        // taken, as when a file of hunters squeezes through a door.
        let taken: Vec<ICoord> = occupied.iter().chain(before.values()).copied().collect();
        // A hunter that shot (an archer at its distance, a shaman healing) acted on its hunt.
        let shot_from: Vec<ICoord> = (game.events().iter())
            .filter_map(|event| match event {
                GameEvent::Fight(FightEvent::Flew { from, .. }) => Some(*from),
                _ => None,
            })
            .collect();
        for npc in game.inhabitants().npcs() {
            let agent = game
                .inhabitants()
                .agent(npc.id)
                .expect("living NPCs have agents");
            let moved = before.get(&npc.id) != Some(&npc.coord);
            let still = self.still_since.entry(npc.id).or_insert((npc.coord, turn));
            if still.0 != npc.coord {
                *still = (npc.coord, turn);
            }
            // Standing still counts from the later of its last step and its last change of mind.
            let idle_since = still.1.max(agent.last_transition.turn);
            match agent.state {
                NpcState::Asleep if moved => problems.push(format!("{npc:?} moved in its sleep")),
                NpcState::Wandering { .. } | NpcState::Searching { .. }
                    if turn - idle_since > IDLE_LIMIT
                        && has_free_neighbour(game, npc.coord, &occupied) =>
                {
                    problems.push(format!("{npc:?} {agent:?} idle since turn {idle_since}"));
                }
                NpcState::Hunting if waiting_for > 1 => {
                    let distance = game
                        .inhabitants()
                        .npc_distance_to_player(npc.coord)
                        .unwrap_or(u32::MAX);
                    let best = self.closer_by.entry(npc.id).or_insert((distance, turn));
                    // Other NPCs jostling for the same few cells round the player block each
                    // other; the rule is about a hunter with the way clear.
                    let crowded = taken.iter().any(|&other| {
                        other != npc.coord && other.manhattan_distance(npc.coord) <= CROWD_STEPS
                    });
                    // One that keeps its distance (a conjurer between its calls) is where it
                    // means to be at that distance.
                    let keeps = npc.kind.rules().has(NpcTrait::KeepsDistance)
                        && distance <= balance::KEEP_DISTANCE_STEPS;
                    if distance < best.0
                        || distance <= 1
                        || keeps
                        || crowded
                        || shot_from.contains(&npc.coord)
                        || !free_step_closer(game, npc.coord, &taken)
                    {
                        *best = (distance, turn);
                    } else if turn - best.1 > HUNT_PATIENCE {
                        problems.push(format!(
                            "{npc:?} hunting but no nearer since turn {}",
                            best.1
                        ));
                    }
                }
                _ => {
                    self.closer_by.remove(&npc.id);
                }
            }
            if waiting_for <= 1 {
                self.closer_by.remove(&npc.id);
            }
        }
        problems
    }
}

#[test]
fn no_npc_is_ever_stuck_and_every_rule_holds() {
    let seeds = from_env("UMBRA_PROGRESS_SEEDS", 40);
    let turns = from_env("UMBRA_PROGRESS_TURNS", 2000);
    let mut checked_hunts = 0;
    for seed in 0..seeds {
        let mut game = Game::new(seed, GameOptions::default()).with_player_max_hit_points(1000);
        let mut watch = Watch::default();
        let mut state = seed;
        let mut waiting_for = 0;
        for turn in 0..turns {
            if game.is_over() {
                break;
            }
            let before: HashMap<EntityId, ICoord> =
                game.inhabitants().npcs().map(|n| (n.id, n.coord)).collect();
            let action = action(turn, &mut state);
            waiting_for = if action == PlayerAction::Wait {
                waiting_for + 1
            } else {
                0
            };
            game.act(action);
            let problems = watch.check(&game, waiting_for, &before);
            assert!(
                problems.is_empty(),
                "seed {seed}, turn {}: {problems:?}\n{}",
                game.turn(),
                picture(&game)
            );
            checked_hunts += watch.closer_by.len();
        }
    }
    assert!(checked_hunts > 100, "hunters were watched: {checked_hunts}");
}

/// The true map round the player, with NPCs by state (h hunting, s searching, w wandering,
/// f fleeing, z asleep), for a failure message.
fn picture(game: &Game) -> String {
    let player = game.player_coord();
    let mut text = String::new();
    for y in -12..=12 {
        for x in -25..=25 {
            let coord = player + ICoord::new(x, y);
            let npc = game.inhabitants().npcs().find(|n| n.coord == coord);
            text.push(match npc {
                _ if coord == player => '@',
                Some(npc) => match game.inhabitants().agent(npc.id).map(|a| a.state) {
                    Some(NpcState::Hunting) => 'h',
                    Some(NpcState::Searching { .. }) => 's',
                    Some(NpcState::Wandering { .. }) => 'w',
                    Some(NpcState::Fleeing) => 'f',
                    _ => 'z',
                },
                None if game.level().blocks_walking(coord) => '#',
                None => '.',
            });
        }
        text.push('\n');
    }
    text
}
