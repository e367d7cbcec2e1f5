//! Doors, as a player meets them: a closed door hides what is behind it, anyone opens it by
//! stepping into it, it stands open while someone stands in it and closes when they leave;
//! hunters, the fleeing and noise go through it, a wall they go round.

mod common;

use common::Scenario;
use direction::CardinalDirection::*;
use umbra_rules::PlayerAction;
use umbra_rules::behaviour::NpcState;
use umbra_rules::visibility::CellVisibility;

fn seen(s: &Scenario, label: char) -> bool {
    s.game.level().cell_view(s.at(label)).visibility == CellVisibility::Visible
}

#[test]
fn a_closed_door_hides_an_orc_until_it_is_opened_and_hides_it_again_once_left() {
    // A sleeping orc at 3 behind the door east of 1; the player steps from 1 into the doorway.
    let mut s = Scenario::with_npcs(&["##########", "#@.1+.3..#", "##########"], &[('3', 'z')]);
    let door = s.at('1') + East.coord();
    s.check(!seen(&s, '3'), "the door hides the orc");
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(East));
    s.check_eq(s.game.player_coord(), s.at('1'), "at the door");
    s.check(!seen(&s, '3'), "still hidden from beside the door");
    s.check(
        s.game.level().blocks_sight(door),
        "a closed door blocks sight",
    );
    s.act(PlayerAction::Move(East));
    s.check_eq(
        s.game.player_coord(),
        door,
        "one step opens it and stands in it",
    );
    s.check(
        !s.game.level().blocks_sight(door),
        "open while the player stands in it",
    );
    s.check(seen(&s, '3'), "the open door shows the orc");
    s.act(PlayerAction::Move(West));
    s.check(s.game.level().blocks_sight(door), "left, the door closes");
    s.check(!seen(&s, '3'), "and hides the orc again");
}

#[test]
fn a_hunting_orc_opens_a_door_after_the_player_and_it_closes_behind_it() {
    // The orc at 1 sees the player down the corridor; the player goes through the door north of
    // 2 and waits at 3. The orc follows through the door, which closes once it has passed.
    let map = [
        "#########",
        "#1.....@#",
        "#######+#",
        "#######2#",
        "#######3#",
        "#########",
    ];
    let mut s = Scenario::with_npcs(&map, &[('1', 'o')]);
    let door = s.at('2') + North.coord();
    s.act(PlayerAction::Wait);
    s.check_eq(s.mind('1').state, NpcState::Hunting, "the orc hunts");
    for _ in 0..3 {
        s.act(PlayerAction::Move(South));
    }
    s.check_eq(s.game.player_coord(), s.at('3'), "behind the door");
    s.check(
        s.game.level().blocks_sight(door),
        "the door closed behind the player",
    );
    let beyond = door + North.coord();
    let in_sight = |s: &Scenario| {
        s.game.level().cell_view(beyond).visibility
            == umbra_rules::visibility::CellVisibility::Visible
    };
    s.check(!in_sight(&s), "the closed door hides the corridor");
    let mut stood_in_the_door = false;
    for _ in 0..20 {
        s.act(PlayerAction::Wait);
        if s.where_is('1') == door {
            stood_in_the_door = true;
            s.check(
                in_sight(&s),
                "the orc in the doorway holds it open to the player's eyes",
            );
        }
        if s.where_is('1') == s.at('2') {
            break;
        }
    }
    s.check(
        stood_in_the_door,
        "the orc opened the door by stepping into it",
    );
    s.check_eq(
        s.where_is('1'),
        s.at('2'),
        "and came through it to the player",
    );
    s.check(
        s.game.level().blocks_sight(door),
        "the door closed behind the orc",
    );
    s.check(
        !in_sight(&s),
        "and the player, who never moved, no longer sees past it",
    );
}

#[test]
fn noise_passes_a_door_but_not_a_wall() {
    // A fight at 1 by the door at 2; a sleeper at 3 behind the door, another at 4 behind rock
    // as near as the crow flies.
    let map = [
        "###########",
        "#@1+.3....#",
        "###########",
        "#.......4.#",
        "###########",
    ];
    let s = Scenario::rolled(&map, &[('1', 'o'), ('3', 'z'), ('4', 'z')], |s| {
        s.act(PlayerAction::Move(East));
        s.mind('3').state != NpcState::Asleep
    });
    s.check(
        s.mind('3').state != NpcState::Asleep,
        "the fight wakes the sleeper behind the door",
    );
    s.check_eq(
        s.mind('4').state,
        NpcState::Asleep,
        "not the one behind rock",
    );
}

#[test]
fn a_fleeing_orc_runs_through_a_door_round_the_loop() {
    // The loop south of the orc at 1 begins at a door; the dead end runs east to 2.
    let map = [
        "#################",
        "#@1............2#",
        "##+##############",
        "##.......########",
        "##.#####.########",
        "##.#####.########",
        "##.......########",
        "#################",
    ];
    let mut s = Scenario::rolled(&map, &[('1', 'o')], |s| {
        s.act(PlayerAction::Move(East));
        s.npc('1').is_some_and(|orc| {
            let (num, den) = umbra_rules::balance::FLEE_AT_OR_BELOW;
            orc.hit_points.current * den <= orc.hit_points.max * num
        })
    });
    s.check_eq(s.mind('1').state, NpcState::Fleeing, "hurt, it runs");
    let mut through = false;
    for _ in 0..6 {
        s.act(PlayerAction::Wait);
        through |= s.where_is('1').y >= 3;
    }
    s.check(
        through,
        "through the door into the loop, not into the dead end",
    );
}
