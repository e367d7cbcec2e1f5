//! Awake NPCs with nothing to do walk between rooms, rest a little at each, and make way for
//! each other; they never walk into walls or stand about.

mod common;

use std::collections::HashSet;

use common::Scenario;
use coord_2d::ICoord;
use umbra_rules::balance;
use umbra_rules::behaviour::NpcState;
use umbra_rules::behaviour::waypoints::COVER_STEPS;
use umbra_rules::game::FightEvent;
use umbra_rules::game::{Actor, GameEvent};

/// Four rooms, their top-left and bottom-right corners labelled 1 and 2, 3 and 4, 5 and 6, 7
/// and 0, joined by corridors in a ring. The player waits in a sealed closet, out of everyone's
/// sight. Orcs start at 8 and 9.
const FOUR_ROOMS: &[&str] = &[
    "############################",
    "#1.....##############3.....#",
    "#..9..................8....#",
    "#......##############......#",
    "#.....2##############.....4#",
    "###.###################.####",
    "###.#########@#########.####",
    "###.###################.####",
    "###.###################.####",
    "#5.....##############7.....#",
    "#..........................#",
    "#......##############......#",
    "#.....6##############.....0#",
    "############################",
];

/// Each room by its top-left and bottom-right corners' labels.
const ROOMS: [(char, char); 4] = [('1', '2'), ('3', '4'), ('5', '6'), ('7', '0')];

/// The room (named by its top-left label) that holds `coord`, if any.
fn room_of(s: &Scenario, coord: ICoord) -> Option<char> {
    ROOMS.into_iter().find_map(|(top_left, bottom_right)| {
        let (from, to) = (s.at(top_left), s.at(bottom_right));
        let inside = (from.x..=to.x).contains(&coord.x) && (from.y..=to.y).contains(&coord.y);
        inside.then_some(top_left)
    })
}

/// What one wanderer did over a game: the rooms it stood in, and its longest stay on one cell.
#[derive(Default)]
struct Walk {
    rooms: HashSet<char>,
    longest_stay: usize,
    stay: usize,
    last: Option<ICoord>,
}

impl Walk {
    fn step(&mut self, s: &Scenario, label: char) {
        let here = s.where_is(label);
        s.check(!s.game.level().blocks_walking(here), "never in a wall");
        s.check(
            matches!(s.mind(label).state, NpcState::Wandering { .. }),
            "nothing to do but wander",
        );
        self.rooms.extend(room_of(s, here));
        self.stay = if self.last == Some(here) {
            self.stay + 1
        } else {
            0
        };
        self.longest_stay = self.longest_stay.max(self.stay);
        self.last = Some(here);
    }
}

#[test]
fn a_wandering_orc_visits_room_after_room_and_only_pauses_briefly() {
    let mut s = Scenario::with_npcs(FOUR_ROOMS, &[('9', 'o')]);
    let mut walk = Walk::default();
    for _ in 0..300 {
        s.wait(1);
        walk.step(&s, '9');
    }
    s.check(
        walk.rooms.len() >= 3,
        &format!("rooms visited: {:?}", walk.rooms),
    );
    let pause = balance::WANDER_PAUSE_TURNS.1 as usize;
    s.check(
        walk.longest_stay <= pause,
        &format!(
            "stood still {} turns, the pause is at most {pause}",
            walk.longest_stay
        ),
    );
}

#[test]
fn two_wanderers_make_way_for_each_other() {
    let mut s = Scenario::with_npcs(FOUR_ROOMS, &[('9', 'o'), ('8', 'o')]);
    s.check(s.game.inhabitants().awake_npcs() == 2, "both awake");
    let mut walks = [Walk::default(), Walk::default()];
    for _ in 0..400 {
        s.wait(1);
        // Bumping into each other blocks them; it never comes to blows.
        for event in s.game.events() {
            if let GameEvent::Fight(FightEvent::Attack { target, .. }) = event {
                s.check(*target == Actor::Player, &format!("NPCs fought: {event:?}"));
            }
        }
        walks[0].step(&s, '9');
        walks[1].step(&s, '8');
    }
    // Meeting in a corridor costs a few turns of waiting, then one turns back.
    let patience = (balance::WANDER_PAUSE_TURNS.1 + u64::from(balance::STUCK_TURNS)) as usize;
    for (walk, label) in walks.iter().zip(['9', '8']) {
        s.check(
            walk.rooms.len() >= 3,
            &format!("{label} visited {:?}", walk.rooms),
        );
        s.check(
            walk.longest_stay <= patience,
            &format!("{label} stood still {} turns", walk.longest_stay),
        );
    }
}

/// Wanderers walk between waypoints, placed so that every open cell is within
/// [`COVER_STEPS`] steps of one, the most open cells first: the room's centre (1; the cover
/// reaches across the room, through its doorway and down the corridor), then along the
/// corridor, every `COVER_STEPS + 1` cells from the first cell left uncovered (2, 3, 4, 5).
#[test]
fn waypoints_go_to_room_centres_first_then_one_cover_apart() {
    let cover = COVER_STEPS as usize;
    let gap = ".".repeat(cover);
    // The corridor starts five steps from the centre.
    let lead = ".".repeat(cover - 4);
    let corridor = format!("{lead}2{gap}3{gap}4{gap}5#");
    let rows: Vec<String> = [
        format!("#########{}", "#".repeat(corridor.len())),
        format!("#@......#{}", "#".repeat(corridor.len())),
        format!("#.......#{}", "#".repeat(corridor.len())),
        format!("#.......#{}", "#".repeat(corridor.len())),
        format!("#...1....{corridor}"),
        format!("#.......#{}", "#".repeat(corridor.len())),
        format!("#.......#{}", "#".repeat(corridor.len())),
        format!("#.......#{}", "#".repeat(corridor.len())),
        format!("#########{}", "#".repeat(corridor.len())),
    ]
    .into();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let s = Scenario::new(&rows);
    let expected: Vec<ICoord> = ['1', '2', '3', '4', '5'].map(|l| s.at(l)).into();
    let mut placed = s.game.inhabitants().waypoint_cells().to_vec();
    placed.sort_by_key(|c| c.x);
    s.check(placed == expected, &format!("waypoints at {placed:?}"));
    s.check(
        s.game.inhabitants().waypoint_count() == expected.len(),
        "counted alike",
    );
}

/// A hall so wide that a waypoint has more waypoints within reach than it keeps as neighbours:
/// the orc at 1 wanders it all the same. The player waits in a sealed closet.
#[test]
fn a_wanderer_in_a_great_hall_walks_on() {
    let side = 70;
    let mut rows = vec!["#".repeat(side); 3];
    rows[1].replace_range(1..2, "@");
    rows.extend((0..side - 4).map(|_| format!("#{}#", ".".repeat(side - 2))));
    rows.push("#".repeat(side));
    rows[side / 2].replace_range(side / 2..side / 2 + 1, "1");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut s = Scenario::with_npcs(&rows, &[('1', 'o')]);
    let mut visited = HashSet::new();
    for _ in 0..300 {
        s.wait(1);
        visited.insert(s.where_is('1'));
    }
    s.check(
        visited.len() > 40,
        &format!("it walked {} cells", visited.len()),
    );
}

/// A dead-end corridor west of a room: the waypoints are the dead end (3), 2 and the room's
/// centre (1), one cover apart. An orc sleeps at 9, between 3 and 2, and blocks the corridor.
/// The wanderer starts at 2. The player waits in a sealed closet.
fn blocked_dead_end() -> Vec<String> {
    let cover = COVER_STEPS as usize;
    let corridor = format!("#3{}92{}.", ".".repeat(cover - 1), ".".repeat(cover - 4));
    let wall = "#".repeat(corridor.len() - 1);
    let mut rows: Vec<String> = (0..9)
        .map(|row| match row {
            0 | 8 => format!("{wall}#########"),
            4 => format!("{corridor}...1...#"),
            _ => format!("{wall}#.......#"),
        })
        .collect();
    rows.push(format!("#@{}", "#".repeat(rows[0].len() - 2)));
    rows.push("#".repeat(rows[0].len()));
    rows
}

/// Blocked on its way to the dead end, the wanderer steps aside and back; after
/// [`balance::STUCK_TURNS`] blocked turns on that way it heads back to the room, again and
/// again, rather than pacing before the sleeper.
#[test]
fn a_wanderer_blocked_by_a_sleeper_in_a_dead_end_turns_back() {
    let rows = blocked_dead_end();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut s = Scenario::with_npcs(&rows, &[('2', 'o'), ('9', 'z')]);
    let expected: Vec<ICoord> = ['3', '2', '1'].map(|l| s.at(l)).into();
    let placed = s.game.inhabitants().waypoint_cells();
    s.check(placed[..3] == expected, &format!("waypoints at {placed:?}"));
    let (doorway, sleeper) = (s.at('2').x + COVER_STEPS as i32 - 3, s.at('9'));
    let (mut returns, mut by_sleeper, mut longest) = (0, 0, 0);
    let mut in_room = false;
    for _ in 0..300 {
        s.wait(1);
        let here = s.where_is('2');
        returns += usize::from(here.x > doorway && !in_room);
        in_room = here.x > doorway;
        by_sleeper = if here.x - sleeper.x <= 2 {
            by_sleeper + 1
        } else {
            0
        };
        longest = longest.max(by_sleeper);
    }
    s.check(returns >= 6, &format!("back in the room {returns} times"));
    // Two steps in and one out, the turn it arrives at 2, its rest there, and the blocked
    // turns: a step aside and back after each but the last.
    let patience =
        3 + 1 + balance::WANDER_PAUSE_TURNS.1 as usize + 2 * balance::STUCK_TURNS as usize - 1;
    s.check(
        longest <= patience,
        &format!("{longest} turns by the sleeper, at most {patience}"),
    );
}

/// How a wanderer's plan changed from one turn to the next, as `Agent::rest_at` and
/// `Agent::turn_back` change it: a new goal with the old one as where it comes from, and either
/// a rest to wait out or none.
#[derive(Debug, Default)]
struct PlanChanges {
    rests: usize,
    turn_backs: usize,
}

impl PlanChanges {
    fn follow(&mut self, s: &Scenario, label: char, before: NpcState) {
        let (
            NpcState::Wandering {
                goal: Some(old), ..
            },
            NpcState::Wandering {
                goal: Some(new),
                from,
                resume_at,
            },
        ) = (before, s.mind(label).state)
        else {
            return;
        };
        if new == old {
            return;
        }
        s.check(from == Some(old), "a new goal is chosen from the old one");
        let turn = s.game.turn();
        let (low, high) = balance::WANDER_PAUSE_TURNS;
        if resume_at > turn {
            s.check(
                (turn + low..=turn + high).contains(&resume_at),
                &format!("rests until {resume_at} on turn {turn}"),
            );
            self.rests += 1;
        } else {
            self.turn_backs += 1;
        }
    }
}

/// Arriving at its waypoint, a wanderer rests there (`rest_at`) and heads for another; in the
/// four rooms nothing blocks it, so it never turns back.
#[test]
fn a_wanderer_rests_at_each_waypoint_it_reaches_and_never_turns_back_unblocked() {
    let mut s = Scenario::with_npcs(FOUR_ROOMS, &[('9', 'o')]);
    let mut changes = PlanChanges::default();
    for _ in 0..300 {
        let before = s.mind('9').state;
        s.wait(1);
        changes.follow(&s, '9', before);
    }
    s.check(changes.rests >= 10, &format!("{changes:?}"));
    s.check(changes.turn_backs == 0, &format!("{changes:?}"));
}

/// Blocked by the sleeper, the wanderer gives its goal up (`turn_back`) without resting first,
/// and rests only where it arrives.
#[test]
fn a_blocked_wanderer_turns_back_at_once_and_rests_only_on_arrival() {
    let rows = blocked_dead_end();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut s = Scenario::with_npcs(&rows, &[('2', 'o'), ('9', 'z')]);
    let mut changes = PlanChanges::default();
    for _ in 0..300 {
        let before = s.mind('2').state;
        s.wait(1);
        changes.follow(&s, '2', before);
    }
    s.check(changes.turn_backs >= 6, &format!("{changes:?}"));
    s.check(changes.rests >= 6, &format!("{changes:?}"));
}
