//! Resting, exploring, travelling and running: many turns from one request, stopped by what
//! the player would want to stop for, going only by what the player knows.

mod common;

use common::{Scenario, drawn_at};
use coord_2d::ICoord;
use direction::CardinalDirection::{East, South};
use umbra_rules::content::NpcType;
use umbra_rules::game::{Activity, GameEvent, Stop};
use umbra_rules::visibility::{CellVisibility, Omniscience};
use umbra_rules::{Game, GameOptions, PlayerAction};

/// Plays the activity to its end: the reason it stopped and the turns it took.
/// The turns are counted here, not taken from the activity, so that a miscount there cannot
/// turn a failure into a hang.
fn perform(game: &mut Game, activity: Activity) -> (Stop, u32) {
    let mut doing = game.begin(activity);
    for turns in 0..5_000 {
        if let Err(stop) = game.step(&mut doing) {
            assert_eq!(doing.steps(), turns, "the activity counts its turns");
            return (stop, turns);
        }
    }
    panic!("{activity:?} goes on for ever");
}

/// Like [`perform`], checking before every step that the player already knows the cell it
/// steps onto.
fn explore_by_knowledge(game: &mut Game) -> (Stop, u32) {
    let mut doing = game.begin(Activity::Explore);
    loop {
        let before: Vec<CellVisibility> = game
            .size()
            .icoord_iter_row_major()
            .map(|c| game.cell_view(c).visibility)
            .collect();
        let width = game.size().width() as i32;
        match game.step(&mut doing) {
            Ok(_) => {
                let here = game.player_coord();
                let known = before[(here.y * width + here.x) as usize];
                assert_ne!(
                    known,
                    CellVisibility::NeverSeen,
                    "stepped onto {here:?} unseen"
                );
                assert!(doing.steps() < 5_000, "exploring goes on for ever");
            }
            Err(stop) => return (stop, doing.steps()),
        }
    }
}

/// A game on `rows` and where each digit label is.
fn labelled(rows: &[&str], options: GameOptions) -> (Game, impl Fn(char) -> ICoord) {
    let (game, labels) = Game::from_ascii(rows, options).expect("valid map");
    let at = move |label: char| {
        labels
            .iter()
            .find(|(l, _)| *l == label)
            .map(|&(_, coord)| coord)
            .unwrap_or_else(|| panic!("no label {label}"))
    };
    (game, at)
}

fn omniscient() -> GameOptions {
    GameOptions {
        omniscience: Omniscience::On,
        ..GameOptions::default()
    }
}

const ARENA: &[&str] = &[
    "#########",
    "#.......#",
    "#.@1....#",
    "#.......#",
    "#########",
];

/// The arena after a fight with the orc at 1 that left the player hurt and the orc dead.
fn hurt_after_a_fight() -> Scenario {
    Scenario::rolled(ARENA, &[('1', 'o')], |s| {
        for _ in 0..20 {
            if s.npc('1').is_none() {
                break;
            }
            s.act(PlayerAction::Move(East));
        }
        let hit_points = s.game.player_hit_points();
        s.npc('1').is_none() && hit_points.current + 2 <= hit_points.max
    })
}

#[test]
fn rest_waits_until_hit_points_are_full_and_no_longer() {
    let mut scenario = hurt_after_a_fight();
    let missing = {
        let hp = scenario.game.player_hit_points();
        hp.max - hp.current
    };
    let start = scenario.game.turn();
    let (stop, steps) = perform(&mut scenario.game, Activity::Rest);
    let hp = scenario.game.player_hit_points();
    scenario.check(stop == Stop::Healed, &format!("rest ended with {stop:?}"));
    scenario.check(hp.current == hp.max, "rested to full hit points");
    // One hit point every ten turns: the last one comes on a multiple of ten.
    let interval = umbra_rules::balance::PLAYER_REGENERATION_INTERVAL;
    scenario.check(
        scenario.game.turn().is_multiple_of(interval),
        "rest stops on the very turn the last hit point returns",
    );
    scenario.check(
        u64::from(steps) <= u64::from(missing) * interval
            && scenario.game.turn() - start == u64::from(steps),
        &format!("{steps} turns of rest for {missing} hit points"),
    );
    let every_wait = scenario.game.actions()[scenario.game.actions().len() - steps as usize..]
        .iter()
        .all(|&a| a == PlayerAction::Wait);
    scenario.check(every_wait, "each turn of rest is a wait, as if keyed");
}

#[test]
fn resting_unhurt_waits_a_while_then_says_so() {
    let (mut game, _) = Game::from_ascii(ARENA, GameOptions::default()).expect("valid map");
    let (stop, steps) = perform(&mut game, Activity::Rest);
    assert_eq!(stop, Stop::Waited);
    assert_eq!(steps, umbra_rules::balance::REST_UNHURT_TURNS);
}

/// A room with a corridor out of sight round a corner, down which an awake orc wanders in.
const ROOM_AND_CORRIDOR: &[&str] = &[
    "##########",
    "#........#",
    "#.@......#",
    "#........#",
    "#####.####",
    "#####.####",
    "#####....#",
    "########.#",
    "########.#",
    "########1#",
    "##########",
];

#[test]
fn rest_stops_when_an_orc_comes_into_view() {
    let mut scenario = Scenario::with_npcs(ROOM_AND_CORRIDOR, &[('1', 'o')]);
    let orc_start = scenario.at('1');
    scenario.check(
        scenario.game.cell_view(orc_start).visibility == CellVisibility::NeverSeen,
        "the orc starts out of sight",
    );
    let mut stopped = None;
    for _ in 0..20 {
        let (stop, _) = perform(&mut scenario.game, Activity::Rest);
        let came = scenario.game.events().contains(&GameEvent::CameIntoView {
            npc_type: NpcType::Orc,
        });
        if came {
            stopped = Some(stop);
            break;
        }
        scenario.check(stop == Stop::Waited, &format!("rest ended with {stop:?}"));
    }
    let stop = stopped.unwrap_or_else(|| scenario.fail("the orc never came into view"));
    scenario.check(
        stop == Stop::Interrupted,
        &format!("rest ended with {stop:?}"),
    );
    let orc = scenario.where_is('1');
    scenario.check(
        scenario.game.cell_view(orc).visibility == CellVisibility::Visible,
        "the rest stops on the turn the orc is in view",
    );
    let (refused, steps) = perform(&mut scenario.game, Activity::Rest);
    scenario.check(
        refused == Stop::NpcInView(NpcType::Orc) && steps == 0,
        "no rest with an awake orc in view",
    );
}

/// Two rooms and a dead end reachable; a third room, with the stairs, walled off.
const LEVEL: &[&str] = &[
    "#####################",
    "#...#.......#.......#",
    "#.@.#.......#.......#",
    "#...........#...>...#",
    "#...#.......#.......#",
    "#####.......#########",
    "#####.###############",
    "#####.......#########",
    "#####################",
];

#[test]
fn explore_sees_every_reachable_cell_then_stops() {
    let (mut game, _) = Game::from_ascii(LEVEL, GameOptions::default()).expect("valid map");
    let (stop, steps) = explore_by_knowledge(&mut game);
    let stairs = drawn_at(LEVEL, '>');
    assert_eq!(stop, Stop::Explored { stairs: None }, "after {steps} steps");
    assert!(steps > 5, "it walked to see it all ({steps} steps)");
    for coord in game.size().icoord_iter_row_major() {
        let reachable = !game.is_wall(coord) && coord.x < 12;
        if reachable {
            assert_ne!(
                game.cell_view(coord).visibility,
                CellVisibility::NeverSeen,
                "{coord:?} was never seen"
            );
        }
    }
    // The walled-off room east of x=12 has no way in, so it stays unexplored.
    assert_eq!(game.cell_view(stairs).visibility, CellVisibility::NeverSeen);
}

/// As [`LEVEL`], but the east room has a doorway, so exploring finds the stairs.
const LEVEL_WITH_DOOR: &[&str] = &[
    "#####################",
    "#...#.......#.......#",
    "#.@.#.......#.......#",
    "#...........#...>...#",
    "#...#...............#",
    "#####.......#########",
    "#####.###############",
    "#####.......#########",
    "#####################",
];

#[test]
fn explore_reaches_the_stairs_and_says_where_they_are() {
    let (mut game, _) =
        Game::from_ascii(LEVEL_WITH_DOOR, GameOptions::default()).expect("valid map");
    let (stop, _) = explore_by_knowledge(&mut game);
    assert_eq!(
        stop,
        Stop::Explored {
            stairs: Some(drawn_at(LEVEL_WITH_DOOR, '>'))
        }
    );
    assert_eq!(game.known_stairs(), Some(drawn_at(LEVEL_WITH_DOOR, '>')));
}

#[test]
fn explore_stops_when_an_npc_comes_into_view() {
    let rows: Vec<String> = LEVEL_WITH_DOOR
        .iter()
        .map(|row| row.replace("#...>", "#.1.>"))
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut scenario = Scenario::with_npcs(&rows, &[('1', 'z')]);
    let (stop, steps) = perform(&mut scenario.game, Activity::Explore);
    scenario.check(
        stop == Stop::Interrupted,
        &format!("explore ended with {stop:?}"),
    );
    scenario.check(steps > 0, "it explored first");
    let came = scenario.game.events().contains(&GameEvent::CameIntoView {
        npc_type: NpcType::Orc,
    });
    scenario.check(came, "the last step brought the orc into view");
    scenario.check(
        scenario.game.cell_view(scenario.at('1')).visibility == CellVisibility::Visible,
        "the orc is in view",
    );
    // A sleeper does not forbid exploring on: the player may walk round it.
    let (next, more) = perform(&mut scenario.game, Activity::Explore);
    scenario.check(more > 0, &format!("exploring on went nowhere: {next:?}"));
    scenario.check(scenario.npc('1').is_some(), "exploring never attacks");
}

/// The player's room opens west into a corridor; a hidden room lies just east, behind one
/// wall, reachable only by the long way round. Omniscience shows it at once.
const HIDDEN_ROOM: &[&str] = &[
    "###############",
    "#.......#.....#",
    "#.#####.#.....#",
    "#.#...#.#..1..#",
    "#...@.#.#.....#",
    "#.#...#.......#",
    "#.#############",
    "#.............#",
    "###############",
];

#[test]
fn explore_goes_by_what_the_player_knows_not_the_true_map() {
    let (mut game, at) = labelled(HIDDEN_ROOM, GameOptions::default());
    let hidden = at('1');
    assert_eq!(game.cell_view(hidden).visibility, CellVisibility::NeverSeen);
    let (stop, _) = explore_by_knowledge(&mut game);
    assert_eq!(stop, Stop::Explored { stairs: None });
    assert_ne!(game.cell_view(hidden).visibility, CellVisibility::NeverSeen);

    let (mut all_seeing, _) = Game::from_ascii(HIDDEN_ROOM, omniscient()).expect("valid map");
    let (stop, steps) = perform(&mut all_seeing, Activity::Explore);
    assert_eq!(
        (stop, steps),
        (Stop::Explored { stairs: None }, 0),
        "nothing is left unseen"
    );
}

/// A loop round two blocks: the short way from the player to 2 is across the middle.
const LOOP: &[&str] = &[
    "###########",
    "#@........#",
    "#.#######.#",
    "#.#######.#",
    "#.........#",
    "#.#######.#",
    "#........2#",
    "###########",
];

#[test]
fn travel_takes_a_shortest_known_path() {
    let (mut game, at) = labelled(LOOP, omniscient());
    let (stop, steps) = perform(&mut game, Activity::Travel(at('2')));
    assert_eq!(stop, Stop::Arrived);
    assert_eq!(game.player_coord(), at('2'));
    // Across the middle: 3 down, 8 across, 2 down.
    assert_eq!(steps, 13, "the shortest way is 13 steps");
}

#[test]
fn travel_refuses_where_no_known_way_leads() {
    let (mut game, at) = labelled(HIDDEN_ROOM, GameOptions::default());
    let (stop, steps) = perform(&mut game, Activity::Travel(at('1')));
    assert_eq!((stop, steps), (Stop::NoRoute, 0));
}

const FORK: &[&str] = &["###########", "#####.#####", "#@...1...2#", "###########"];

#[test]
fn run_stops_at_a_fork() {
    let (mut game, at) = labelled(FORK, GameOptions::default());
    let (stop, steps) = perform(&mut game, Activity::Run(East));
    assert_eq!(stop, Stop::RunEnded);
    assert_eq!(
        game.player_coord(),
        at('1'),
        "the run stops where the way forks"
    );
    assert_eq!(steps, 4);
    let (_, steps) = perform(&mut game, Activity::Run(East));
    assert_eq!(
        game.player_coord(),
        at('2'),
        "on to the end of the corridor"
    );
    assert_eq!(steps, 4);
    let (_, steps) = perform(&mut game, Activity::Run(South));
    assert_eq!(steps, 0, "no running into a wall");
}

#[test]
fn a_recorded_session_of_activities_replays_to_the_same_state() {
    // The first seed whose start lets the player explore a good way before anything stops it.
    let seed = (0..100)
        .find(|&seed| {
            let mut game = Game::new(seed, GameOptions::default());
            perform(&mut game, Activity::Explore).1 > 20
        })
        .expect("some start is calm");
    let mut game = Game::new(seed, GameOptions::default());
    let mut stops = Vec::new();
    for activity in [
        Activity::Explore,
        Activity::Rest,
        Activity::Explore,
        Activity::Run(East),
    ] {
        stops.push(perform(&mut game, activity).0);
        // Whatever stopped it, a key press or two clears the way on.
        game.act(PlayerAction::Wait);
    }
    if let Some(stairs) = game.known_stairs() {
        perform(&mut game, Activity::Travel(stairs));
    }
    assert!(game.turn() > 20, "the session played ({stops:?})");
    let mut replayed = Game::new(seed, GameOptions::default());
    for &action in game.actions() {
        replayed.act(action);
    }
    assert_eq!(replayed.turn(), game.turn());
    assert_eq!(replayed.state_hash(), game.state_hash());
}

#[test]
fn a_route_is_planned_again_when_the_player_leaves_it() {
    // The whole loop is known (omniscience), so nothing new is ever learnt on the way.
    let (mut game, at) = labelled(LOOP, omniscient());
    let mut doing = game.begin(Activity::Travel(at('2')));
    game.step(&mut doing).expect("a first step");
    // The player steps back on its own, off the route it was following.
    let back = game.actions()[0];
    let PlayerAction::Move(direction) = back else {
        panic!("travel moves")
    };
    game.act(PlayerAction::Move(direction.opposite()));
    // A twin that played the same actions, with no route planned, travels from here as
    // anyone would: the game must do the same, not follow its old route from where it began.
    let (mut twin, _) = labelled(LOOP, omniscient());
    for &action in game.actions() {
        twin.act(action);
    }
    let (stop, _) = perform(&mut game, Activity::Travel(at('2')));
    let (twin_stop, _) = perform(&mut twin, Activity::Travel(at('2')));
    assert_eq!((stop, twin_stop), (Stop::Arrived, Stop::Arrived));
    assert_eq!(game.actions(), twin.actions());
}

#[test]
fn exploring_goes_on_after_the_stairs_on_a_level_of_another_size() {
    // A hand-made level is small; the levels below it are generated at the game's map size.
    let rows = ["#######", "#.>...#", "#@....#", "###.###", "#######"];
    let (mut game, _) = labelled(&rows, GameOptions::default());
    let stairs = drawn_at(&rows, '>');
    let (stop, _) = perform(&mut game, Activity::Travel(stairs));
    assert_eq!(stop, Stop::Arrived);
    assert!(game.is_on_stairs());
    game.act(PlayerAction::Descend);
    assert_eq!(game.depth(), 2);
    assert_ne!(game.size(), coord_2d::UCoord::new(7, 5));
    let mut doing = game.begin(Activity::Explore);
    let _ = game.step(&mut doing);
    assert!(game.turn() > 0, "exploring the new level works");
}

#[test]
fn travel_walks_round_a_sleeper_rather_than_into_it() {
    // The sleeper may wake and interrupt: the first seed on which it sleeps through is used.
    // Were the sleeper's cell on the route, no seed would do: the step into it is a blow.
    let taken = std::cell::Cell::new(0);
    let scenario = Scenario::rolled(
        &["#######", "#@.1.2#", "#.....#", "#######"],
        &[('1', 'z')],
        |s| {
            let target = s.at('2');
            let (stop, steps) = perform(&mut s.game, Activity::Travel(target));
            taken.set(steps);
            stop == Stop::Arrived
        },
    );
    let steps = taken.get();
    scenario.check(
        steps == 6,
        &format!("round the orc by the lower row: {steps} steps"),
    );
    let orc = scenario
        .npc('1')
        .unwrap_or_else(|| scenario.fail("the orc was killed"));
    scenario.check(
        orc.hit_points.current == orc.hit_points.max,
        "the sleeping orc was never struck",
    );
}

#[test]
fn a_game_loaded_from_its_state_knows_who_is_in_view() {
    let (game, _) = labelled(
        &["#########", "#@..z...#", "#......o#", "#########"],
        GameOptions::default(),
    );
    let mut loaded = Game::from_state_bytes(&game.to_state_bytes()).expect("loads");
    let (stop, steps) = perform(&mut loaded, Activity::Rest);
    assert_eq!(
        (stop, steps),
        (Stop::NpcInView(NpcType::Orc), 0),
        "the awake orc is seen"
    );
    loaded.act(PlayerAction::Wait);
    let came = loaded
        .events()
        .iter()
        .any(|e| matches!(e, GameEvent::CameIntoView { .. }));
    assert!(
        !came,
        "nobody comes into view who was in view already: {:?}",
        loaded.events()
    );
}

#[test]
fn the_next_explore_step_is_the_step_exploring_takes() {
    let (mut game, _) = Game::from_ascii(LEVEL_WITH_DOOR, GameOptions::default()).expect("map");
    let mut doing = game.begin(Activity::Explore);
    for _ in 0..10 {
        let predicted = game.next_explore_step().expect("somewhere to explore");
        game.step(&mut doing).expect("a step");
        assert_eq!(game.actions().last(), Some(&PlayerAction::Move(predicted)));
    }
}

/// `is_finished` tells a frontend, before the next step, that the step would stop without
/// acting: it agrees with the journey, with an awake NPC in view, and with the run's end.
#[test]
fn an_activity_is_finished_exactly_when_its_next_step_would_stop() {
    let (mut game, at) = labelled(LOOP, omniscient());
    let mut doing = game.begin(Activity::Travel(at('2')));
    for _ in 0..50 {
        if game.player_coord() == at('2') {
            break;
        }
        assert!(
            !game.is_finished(&doing),
            "on the way, at {}",
            game.player_coord()
        );
        assert!(game.step(&mut doing).is_ok());
    }
    assert!(game.is_finished(&doing), "arrived");
    assert_eq!(game.step(&mut doing), Err(Stop::Arrived));

    let mut scenario = Scenario::with_npcs(&["#######", "#@...1#", "#######"], &[('1', 'o')]);
    let doing = scenario.game.begin(Activity::Explore);
    scenario.check(scenario.game.is_finished(&doing), "an awake orc in view");

    // Won, with nobody in view: only the run's end stops a run east.
    let mut scenario = Scenario::new(&["######", "#@*..#", "######"]);
    scenario.act(PlayerAction::Move(East));
    scenario.check(scenario.game.is_won(), "the Sunstone wins");
    let doing = scenario.game.begin(Activity::Run(East));
    scenario.check(
        scenario.game.is_finished(&doing),
        "nothing goes on after the end",
    );
}
