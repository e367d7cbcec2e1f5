//! Badly hurt orcs run along the safety map, round a loop rather than into a dead end, fight when
//! cornered and come back once healed; trolls never run.

mod common;

use common::orc;

use common::Scenario;
use direction::CardinalDirection::{self, *};
use umbra_rules::PlayerAction;
use umbra_rules::balance;
use umbra_rules::behaviour::{DISTANCE_MAP_MAX_STEPS, NpcState, Reason};
use umbra_rules::game::FightEvent;
use umbra_rules::game::{Actor, GameEvent};

/// The orc at 1 stands where a long dead end (east, to 2) meets the way to a loop (south).
/// Measured by steps from the player, the dead end's tip is further than any cell of the loop,
/// so running to the furthest cell would mean running into the dead end.
const JUNCTION: &[&str] = &[
    "#################",
    "#@1............2#",
    "##.##############",
    "##.......########",
    "##.#####.########",
    "##.#####.########",
    "##.......########",
    "#################",
];

/// The player strikes the orc at 1 and the blow takes it to half its hit points or below.
fn hurt_by_the_first_blow(s: &mut Scenario) -> bool {
    hurt_by_a_blow(s, East)
}

fn hurt_by_a_blow(s: &mut Scenario, towards: CardinalDirection) -> bool {
    s.act(PlayerAction::Move(towards));
    s.npc('1').is_some_and(|orc| {
        let (num, den) = balance::FLEE_AT_OR_BELOW;
        orc.hit_points.current * den <= orc.hit_points.max * num
    })
}

fn in_dead_end(s: &Scenario, label: char) -> bool {
    let here = s.where_is(label);
    here.y == s.at('2').y && here.x > s.at('1').x
}

#[test]
fn a_hurt_orc_runs_round_the_loop_not_into_the_dead_end() {
    let mut s = Scenario::rolled(JUNCTION, &[('1', 'o')], hurt_by_the_first_blow);
    let mind = s.mind('1');
    s.check(mind.state == NpcState::Fleeing, "one blow, and it runs");
    s.check(
        mind.last_transition.reason == Reason::Hurt,
        "because it is hurt",
    );
    s.check(!in_dead_end(&s, '1'), "not into the dead end");
    // The player gives chase along the loop; the orc keeps ahead of it, into the loop.
    let mut rows = std::collections::HashSet::new();
    for direction in CHASE {
        s.act(PlayerAction::Move(direction));
        s.check(!in_dead_end(&s, '1'), "never into the dead end");
        if s.mind('1').state != NpcState::Fleeing {
            break;
        }
        rows.insert(s.where_is('1').y);
    }
    let loop_row = s.at('1').y + 2;
    s.check(rows.iter().any(|&y| y >= loop_row), "it ran into the loop");
}

/// The player's way round [`JUNCTION`]'s loop after the orc, a step behind it.
const CHASE: [CardinalDirection; 12] = [
    East, South, South, East, East, East, East, East, East, South, South, South,
];

#[test]
fn a_hurt_orc_that_cannot_shake_the_player_off_turns_and_fights() {
    // As fast as the player on four-way moves, it never gains a step: round the loop the
    // chase would go for ever. Kept at its heels, it turns within a few turns.
    let mut s = Scenario::rolled(JUNCTION, &[('1', 'o')], hurt_by_the_first_blow);
    let mut chased = 0;
    for direction in CHASE {
        if s.mind('1').state != NpcState::Fleeing {
            break;
        }
        s.act(PlayerAction::Move(direction));
        chased += 1;
    }
    let mind = s.mind('1');
    s.check(mind.state == NpcState::Hunting, "it stopped running");
    s.check(
        mind.last_transition.reason == Reason::Cornered,
        "as if cornered",
    );
    s.check(
        chased <= usize::from(balance::FLEE_PRESSED_TURNS) + 2,
        &format!("within a few turns of the chase: {chased}"),
    );
    // And it comes at the player rather than away.
    let orc = Actor::Npc(orc());
    let mut struck = false;
    for _ in 0..6 {
        s.wait(1);
        struck |= s.game.events().iter().any(|event| {
            matches!(event, GameEvent::Fight(FightEvent::Attack { attacker, target: Actor::Player, .. })
                | GameEvent::Fight(FightEvent::Miss { attacker, target: Actor::Player }) if *attacker == orc)
        });
    }
    s.check(struck, "it strikes at the player");
}

#[test]
fn a_hurt_orc_comes_back_once_healed() {
    let mut s = Scenario::rolled(JUNCTION, &[('1', 'o')], hurt_by_the_first_blow);
    s.check(s.mind('1').state == NpcState::Fleeing, "it runs");
    let healed_by = 2 * balance::NPC_REGENERATION_INTERVAL as usize;
    for _ in 0..healed_by {
        s.wait(1);
        if s.mind('1').last_transition.reason == Reason::Recovered {
            break;
        }
    }
    let mind = s.mind('1');
    s.check(
        mind.last_transition.reason == Reason::Recovered,
        "healed, it returns",
    );
    s.check(
        matches!(mind.state, NpcState::Hunting | NpcState::Searching { .. }),
        "to the fight",
    );
    let hit_points = s.npc('1').expect("alive").hit_points;
    let (num, den) = balance::RECOVERED_AT_OR_ABOVE;
    s.check(
        hit_points.current * den >= hit_points.max * num,
        "healed enough",
    );
}

#[test]
fn a_cornered_orc_fights() {
    let cell = &["#####", "#.@1#", "#####"];
    let s = Scenario::rolled(cell, &[('1', 'o')], hurt_by_the_first_blow);
    let mind = s.mind('1');
    s.check(mind.state == NpcState::Hunting, "it has nowhere to run");
    s.check(mind.last_transition.reason == Reason::Cornered, "cornered");
    let orc = Actor::Npc(orc());
    let struck_back = s.game.events().iter().any(|event| {
        matches!(event, GameEvent::Fight(FightEvent::Attack { attacker, target: Actor::Player, .. })
            | GameEvent::Fight(FightEvent::Miss { attacker, target: Actor::Player }) if *attacker == orc)
    });
    s.check(struck_back, "it strikes back at once");
    // And it goes on fighting: it does not turn to run again each turn it is still hurt.
    let mut s = s;
    let cornered_on = mind.last_transition.turn;
    for _ in 0..5 {
        s.wait(1);
        let mind = s.mind('1');
        s.check(
            mind.state == NpcState::Hunting && mind.last_transition.turn == cornered_on,
            "still fighting where it was cornered",
        );
    }
}

#[test]
fn a_troll_never_flees() {
    let mut s = Scenario::with_npcs(JUNCTION, &[('1', 'T')]);
    s.game = s.game.with_player_max_hit_points(100);
    let strongest_blow = balance::PLAYER_ATTACK.damage.1;
    let hit_points = |s: &Scenario| s.npc('1').expect("alive").hit_points.current;
    let mut swings = 0;
    while hit_points(&s) > strongest_blow {
        s.act(PlayerAction::Move(East));
        s.check(
            s.mind('1').state == NpcState::Hunting,
            "the troll fights on",
        );
        s.check(s.where_is('1') == s.at('1'), "toe to toe");
        swings += 1;
        s.check(swings < 100, "the player's blows land now and then");
    }
}

#[test]
fn hurt_npcs_heal_slowly() {
    let mut s = Scenario::rolled(&["######", "#.@1.#", "######"], &[('1', 'T')], |s| {
        s.act(PlayerAction::Move(East));
        s.npc('1')
            .is_some_and(|troll| troll.hit_points.current < troll.hit_points.max)
    });
    s.game = s.game.with_player_max_hit_points(100);
    let hurt = s.npc('1').expect("alive").hit_points.current;
    // Step away out of reach and wait: the troll follows and fights; count only its healing.
    let interval = balance::NPC_REGENERATION_INTERVAL as usize;
    s.act(PlayerAction::Move(West));
    let mut healed_at = None;
    while healed_at.is_none() && s.game.turn() < 2 * interval as u64 {
        s.wait(1);
        let now = s.npc('1').expect("alive").hit_points.current;
        if now > hurt {
            s.check(now == hurt + 1, "one hit point at a time");
            healed_at = Some(s.game.turn());
        }
    }
    s.check(
        healed_at == Some(interval as u64),
        "back on the regeneration turn, not before",
    );
}

/// The orc at 1 and the player share a corridor with a dead end at each side: no loop or room
/// within reach to run round, so the hurt orc has nowhere safer to go and fights where it
/// stands rather than backing into the dead end behind it.
#[test]
fn a_hurt_orc_with_only_dead_ends_in_reach_fights_where_it_stands() {
    let corridor = &["#############", "#.......1@..#", "#############"];
    let mut s = Scenario::rolled(corridor, &[('1', 'o')], |s| hurt_by_a_blow(s, West));
    for _ in 0..3 {
        let mind = s.mind('1');
        s.check(
            mind.state == NpcState::Hunting && mind.last_transition.reason == Reason::Cornered,
            "nowhere to run: it fights",
        );
        s.check(s.where_is('1') == s.at('1'), "it holds its ground");
        s.wait(1);
    }
}

/// The orc at 1 stands at the mouth of a corridor that leads out of the player's room and on
/// beyond the safety map's reach: though the map sees no end to it, it is a way out, not a dead
/// end to be peeled, so the hurt orc runs along it.
#[test]
fn a_hurt_orc_runs_down_a_corridor_longer_than_the_map_reaches() {
    let corridor = ".".repeat(DISTANCE_MAP_MAX_STEPS as usize + 8);
    let rows = [
        format!("#####{}##", "#".repeat(corridor.len())),
        format!("#...#{}##", "#".repeat(corridor.len())),
        format!("#..@1{corridor}##"),
        format!("#...#{}##", "#".repeat(corridor.len())),
        format!("#####{}##", "#".repeat(corridor.len())),
    ];
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    runs_east_along_the_corridor(&rows);
}

/// The orc at 1, hurt by the player's first blow, runs east along its corridor turn after turn.
fn runs_east_along_the_corridor(rows: &[&str]) {
    let mut s = Scenario::rolled(rows, &[('1', 'o')], hurt_by_the_first_blow);
    let mut furthest = s.where_is('1').x;
    for _ in 0..4 {
        s.check(s.mind('1').state == NpcState::Fleeing, "it runs");
        s.wait(1);
        let now = s.where_is('1').x;
        s.check(now > furthest, "further along the corridor each turn");
        furthest = now;
    }
}

/// The player stands at the closed end of a corridor that runs on beyond the safety map's reach,
/// or a step in from it, the orc at 1 beside it. The player's dead end traps nobody running from
/// the player: the corridor is a way out, so the hurt orc runs along it rather than turning to
/// fight as if cornered (peeled through the player's cell, the whole corridor was eaten as a
/// dead end).
#[test]
fn a_hurt_orc_runs_from_a_player_standing_in_a_dead_end() {
    let corridor = ".".repeat(DISTANCE_MAP_MAX_STEPS as usize + 8);
    for behind in ["", "."] {
        let wall = "#".repeat(behind.len() + corridor.len());
        let rows = [
            format!("###{wall}##"),
            format!("#{behind}@1{corridor}##"),
            format!("###{wall}##"),
        ];
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        runs_east_along_the_corridor(&rows);
    }
}

/// A hurt orc that keeps running in view, out of reach of a blow, does not forbid resting or
/// exploring ("Not with an orc in view" for ever, in a hand-played run): the player may turn
/// its back on it, and it stops the player again once it turns to fight.
#[test]
fn a_fleeing_orc_out_of_reach_lets_the_player_rest_and_explore() {
    use umbra_rules::game::{Activity, CellVisibility, Stop};
    let mut s = Scenario::rolled(JUNCTION, &[('1', 'o')], hurt_by_the_first_blow);
    let mut checked = false;
    for _ in 0..8 {
        let orc = s.where_is('1');
        let offset = orc - s.game.player_coord();
        let out_of_reach = offset.x.abs().max(offset.y.abs()) > 1;
        let seen = s.game.level().cell_view(orc).visibility == CellVisibility::Visible;
        if seen && out_of_reach && s.mind('1').state == NpcState::Fleeing {
            for activity in [Activity::Rest, Activity::Explore] {
                let mut doing = s.game.begin(activity);
                let step = s.game.step(&mut doing);
                s.check(
                    !matches!(step, Err(Stop::NpcInView(_))),
                    &format!("{activity:?} goes on past the fleeing orc: {step:?}"),
                );
            }
            checked = true;
            break;
        }
        s.act(PlayerAction::Wait);
    }
    s.check(checked, "the orc ran in view, out of reach");
}
