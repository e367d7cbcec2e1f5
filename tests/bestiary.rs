//! The bestiary's kinds, each a question with its own answer, by label on hand-drawn maps: the
//! archer keeps its distance and shoots only along a clear line; jackals run twice as fast and
//! a corridor does not shake them; the shaman heals the hurt allies it sees and no others; the
//! ogre is outrun; the bloat burns whoever stands beside it when it dies.

mod common;

use common::Scenario;
use coord_2d::ICoord;
use direction::CardinalDirection::*;
use umbra_rules::PlayerAction;
use umbra_rules::content::NpcKind;
use umbra_rules::game::{Actor, GameEvent, Missile};
use umbra_rules::game::{FightEvent, MagicEvent};

fn kind(letter: char) -> NpcKind {
    NpcKind::from_map_letter(letter).expect("a kind's letter").0
}

fn steps(a: ICoord, b: ICoord) -> u32 {
    (a - b).manhattan_magnitude()
}

/// The arrows the archer shot this turn, and where each stopped.
fn arrows(s: &Scenario) -> Vec<ICoord> {
    let archer = Actor::Npc(kind('a'));
    s.game
        .events()
        .iter()
        .filter_map(|event| match *event {
            GameEvent::Fight(FightEvent::Flew {
                by,
                what: Missile::Bolt(_),
                stop,
                ..
            }) if by == archer => Some(stop),
            _ => None,
        })
        .collect()
}

const HALL: &[&str] = &[
    "##############",
    "#............#",
    "#.@...1......#",
    "#............#",
    "##############",
];

#[test]
fn the_archer_shoots_from_where_it_stands_when_it_has_a_line() {
    let mut s = Scenario::with_npcs(HALL, &[('1', 'a')]);
    s.act(PlayerAction::Wait);
    let player = s.game.player_coord();
    s.check_eq(
        arrows(&s),
        vec![player],
        "one arrow, stopping on the player",
    );
    s.check_eq(
        s.where_is('1'),
        s.at('1'),
        "it shoots rather than closing in",
    );
}

#[test]
fn the_archer_never_shoots_through_a_wall() {
    // The archer sees the player past the pillar's corner, but the arrow's line meets it.
    let map = &[
        "##############",
        "#............#",
        "#.@..#.1.....#",
        "#............#",
        "##############",
    ];
    let mut s = Scenario::with_npcs(map, &[('1', 'a')]);
    s.act(PlayerAction::Wait);
    s.check(arrows(&s).is_empty(), "no arrow through the pillar");
    s.check(
        s.game.player_hit_points().current == s.game.player_hit_points().max,
        "the player is untouched",
    );
}

#[test]
fn the_archer_never_shoots_through_another_npc() {
    // A sleeping orc stands on the line between them.
    let map = &[
        "##############",
        "#............#",
        "#.@..2.1.....#",
        "#............#",
        "##############",
    ];
    let mut s = Scenario::with_npcs(map, &[('1', 'a'), ('2', 'z')]);
    s.act(PlayerAction::Wait);
    s.check(arrows(&s).is_empty(), "no arrow past the orc");
    let orc = s.npc('2').expect("the orc lives");
    s.check_eq(
        orc.hit_points.current,
        orc.hit_points.max,
        "the orc is not struck",
    );
}

/// Within its distance but with an orc on its line, the archer does not wait for the line to
/// clear (a stand-off the player could only break by walking up to it): it comes round for one.
#[test]
fn an_archer_with_no_line_comes_round_for_one() {
    let map = &[
        "##########",
        "#........#",
        "#@1.2....#",
        "#........#",
        "##########",
    ];
    let mut s = Scenario::with_npcs(map, &[('1', 'z'), ('2', 'a')]);
    s.game = s.game.with_player_max_hit_points(100);
    for _ in 0..3 {
        s.act(PlayerAction::Wait);
        if !arrows(&s).is_empty() {
            s.check_ne(
                s.where_is('2'),
                s.at('2'),
                "it stepped off the blocked line",
            );
            return;
        }
    }
    s.fail("the archer waited behind the orc for a line that never came");
}

#[test]
fn the_archer_backs_away_when_the_player_closes_in() {
    let map = &[
        "##############",
        "#............#",
        "#...@.1......#",
        "#............#",
        "##############",
    ];
    let mut s = Scenario::with_npcs(map, &[('1', 'a')]);
    s.act(PlayerAction::Wait);
    let player = s.game.player_coord();
    s.check(
        steps(s.where_is('1'), player) > 2,
        "two steps off, it steps back",
    );
    s.check(arrows(&s).is_empty(), "stepping back is its turn");
    // The player follows; the archer gives ground again (a step every other action, with a
    // slow shot between), so it is further east than it was.
    let before = s.where_is('1').x;
    for _ in 0..4 {
        s.act(PlayerAction::Move(East));
    }
    s.check(s.where_is('1').x > before, "it gave ground again");
}

#[test]
fn a_player_who_presses_on_reaches_the_archer() {
    // A long corridor: nothing corners the archer for twenty cells, yet it gives ground only
    // every other step, so the player catches it.
    let map = &[
        "##################################",
        "#..@..1..........................#",
        "##################################",
    ];
    let mut s = Scenario::with_npcs(map, &[('1', 'a')]);
    for _ in 0..10 {
        s.act(PlayerAction::Move(East));
        if steps(s.where_is('1'), s.game.player_coord()) == 1 {
            return;
        }
    }
    s.fail("the archer stayed out of reach");
}

/// A corridor forty cells long: the player near the middle, the jackal at 1 and the orc at 2
/// behind it in the same corridor's parallel twin.
const TWIN_CORRIDORS: &[&str] = &[
    "##########################################",
    "#.1........@.............................#",
    "##########.###############################",
    "#.2......................................#",
    "##########################################",
];

#[test]
fn a_jackal_runs_two_steps_a_turn_and_a_corridor_does_not_shake_it() {
    let mut s = Scenario::with_npcs(TWIN_CORRIDORS, &[('1', 'j')]);
    let mut gap = steps(s.where_is('1'), s.game.player_coord());
    // The player walks away down the corridor; the jackal gains a step every turn.
    for turn in 0..8 {
        let before = s.where_is('1');
        s.act(PlayerAction::Move(East));
        let after = s.where_is('1');
        let now = steps(after, s.game.player_coord());
        if now == 1 {
            return;
        }
        s.check_eq(
            steps(before, after),
            2,
            &format!("two steps on turn {turn}"),
        );
        s.check_eq(now, gap - 1, "it gains one on a walking player");
        gap = now;
    }
    s.fail("the jackal never caught up");
}

#[test]
fn a_fast_kind_acts_exactly_twice_as_often_as_a_normal_one() {
    // The jackal and the orc, side by side, chase a player who walks away: over every turn the
    // jackal has stepped twice for each of the orc's steps.
    let map = &[
        "##########################################",
        "#1.......@...............................#",
        "#2.......................................#",
        "##########################################",
    ];
    let mut s = Scenario::with_npcs(map, &[('1', 'j'), ('2', 'o')]);
    let (jackal_start, orc_start) = (s.where_is('1'), s.where_is('2'));
    for _ in 0..6 {
        s.act(PlayerAction::Move(East));
    }
    let jackal = steps(jackal_start, s.where_is('1'));
    let orc = steps(orc_start, s.where_is('2'));
    s.check_eq(orc, 6, "the orc stepped once a turn");
    s.check_eq(jackal, 12, "the jackal twice");
}

#[test]
fn the_same_actions_give_the_same_order_of_events() {
    let play = || {
        let mut s = Scenario::with_npcs(TWIN_CORRIDORS, &[('1', 'j'), ('2', 'o')]);
        let mut log = Vec::new();
        for turn in 0..20 {
            let direction = if turn % 3 == 0 { West } else { East };
            s.act(PlayerAction::Move(direction));
            log.push(format!("{:?} {:x}", s.game.events(), s.game.state_hash()));
        }
        log
    };
    assert_eq!(play(), play());
}

#[test]
fn the_ogre_is_outrun_by_a_player_walking_away() {
    let map = &[
        "##########################################",
        "#..............@.1.......................#",
        "##########################################",
    ];
    let mut s = Scenario::with_npcs(map, &[('1', 'O')]);
    for _ in 0..10 {
        s.act(PlayerAction::Move(West));
    }
    let gap = steps(s.where_is('1'), s.game.player_coord());
    s.check_eq(gap, 2 + 10 - 5, "it steps once for the player's two");
    s.check_eq(
        s.game.player_hit_points().current,
        s.game.player_hit_points().max,
        "and never lands a blow",
    );
}

/// The shaman at 3 sees the troll the player strikes at 1.
const SHAMAN_IN_VIEW: &[&str] = &[
    "#######", "#.1@..#", "#.....#", "#.....#", "#..3..#", "#######",
];

/// The shaman at 3 sees the player down its corridor, but the wall hides the troll at 1.
const SHAMAN_OUT_OF_VIEW: &[&str] = &[
    "#######", "#.1@..#", "###.###", "###.###", "###.###", "###3###", "#######",
];

fn mended(s: &Scenario) -> Vec<Actor> {
    s.game
        .events()
        .iter()
        .filter_map(|event| match *event {
            GameEvent::Magic(MagicEvent::Mended { target, .. }) => Some(target),
            _ => None,
        })
        .collect()
}

/// Whether the shaman sent anything this turn.
fn cast(s: &Scenario) -> bool {
    let shaman = Actor::Npc(kind('s'));
    s.game.events().iter().any(
        |event| matches!(*event, GameEvent::Fight(FightEvent::Flew { by, .. }) if by == shaman),
    )
}

fn troll_hurt(s: &mut Scenario) -> bool {
    s.act(PlayerAction::Move(West));
    s.npc('1')
        .is_some_and(|t| t.hit_points.current < t.hit_points.max)
}

#[test]
fn the_shaman_heals_a_hurt_ally_it_sees() {
    let s = Scenario::rolled(SHAMAN_IN_VIEW, &[('1', 'T'), ('3', 's')], troll_hurt);
    s.check_eq(
        mended(&s),
        vec![Actor::Npc(kind('T'))],
        "it heals the troll at once",
    );
    let troll = s.npc('1').expect("the troll lives");
    s.check(troll.hit_points.current > 0, "the troll is still standing");
}

/// The words "healed for N" read the hit points the troll got back: what the player's blow took
/// from its full health, less what stands now (the turn is too early for it to rest a point).
#[test]
fn the_shamans_healing_is_told_as_the_hit_points_given_back() {
    let s = Scenario::rolled(SHAMAN_IN_VIEW, &[('1', 'T'), ('3', 's')], troll_hurt);
    let events = s.game.events();
    let blow = events.iter().find_map(|event| match *event {
        GameEvent::Fight(FightEvent::Attack {
            attacker: Actor::Player,
            damage,
            ..
        }) => Some(damage),
        _ => None,
    });
    let amount = events.iter().find_map(|event| match *event {
        GameEvent::Magic(MagicEvent::Mended { amount, .. }) => Some(amount),
        _ => None,
    });
    let troll = s.npc('1').expect("the troll lives").hit_points;
    let (blow, amount) = (blow.expect("the player struck"), amount.expect("it healed"));
    s.check(amount > 0, "something was given back");
    s.check_eq(troll.current, troll.max - blow + amount, "told as given");
}

#[test]
fn the_shaman_does_not_heal_an_ally_it_cannot_see() {
    let mut s = Scenario::rolled(SHAMAN_OUT_OF_VIEW, &[('1', 'T'), ('3', 's')], troll_hurt);
    s.check(mended(&s).is_empty(), "no healing through the wall");
    s.check(!cast(&s), "nor a spell wasted on the wall");
    let hurt = s.npc('1').expect("the troll lives").hit_points.current;
    s.act(PlayerAction::Wait);
    s.check(mended(&s).is_empty() && !cast(&s), "nor the turn after");
    s.check(
        s.npc('1').expect("the troll lives").hit_points.current <= hurt + 1,
        "the troll heals no more than by resting",
    );
    s.check(
        steps(s.where_is('3'), s.game.player_coord()) < 4,
        "with no ally it can see, it has no reason to keep away: it comes on",
    );
}

/// The player at 1 beside the bloat at 2, an orc asleep at 3 on its other side.
const BLOAT: &[&str] = &[
    "#########",
    "#.......#",
    "#.@23...#",
    "#.......#",
    "#########",
];

fn burst(s: &Scenario) -> bool {
    s.game
        .events()
        .iter()
        .any(|event| matches!(event, GameEvent::Fight(FightEvent::Burst { .. })))
}

#[test]
fn a_bloat_burns_whoever_stands_beside_it_when_it_dies() {
    let s = Scenario::rolled(BLOAT, &[('2', 'b'), ('3', 'z')], |s| {
        s.act(PlayerAction::Move(East));
        s.npc('2').is_none()
    });
    s.check(burst(&s), "it bursts as it dies");
    let hp = s.game.player_hit_points();
    s.check(hp.current < hp.max, "the player beside it is burnt");
    let orc = s.npc('3').map(|o| o.hit_points);
    s.check(
        orc.is_none_or(|hp| hp.current < hp.max),
        "and so is the orc beside it",
    );
}

#[test]
fn a_bloat_struck_from_afar_burns_nobody_but_its_neighbours() {
    let map = &[
        "#########",
        "#.......#",
        "#@/..56.#",
        "#.......#",
        "#########",
    ];
    // A game in which the bloat still sleeps beside the orc when the dart comes.
    let s = Scenario::rolled(map, &[('5', 'B'), ('6', 'z')], |s| {
        s.act(PlayerAction::Move(East));
        let at = s.where_is('5');
        if at != s.at('5') {
            return false;
        }
        s.act(PlayerAction::Use {
            slot: 0,
            at: Some(at),
        });
        s.npc('5').is_none()
    });
    s.check(burst(&s), "it bursts as it dies");
    let hp = s.game.player_hit_points();
    s.check_eq(
        hp.current,
        hp.max,
        "the player, three cells off, is not burnt",
    );
    let orc = s.npc('6').map(|o| o.hit_points);
    s.check(orc.is_none_or(|hp| hp.current < hp.max), "its neighbour is");
}
