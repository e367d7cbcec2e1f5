//! Resting, exploring, travelling and running: many turns from one request, stopped by what
//! the player would want to stop for, going only by what the player knows.

mod common;

use common::orc;

use common::{Scenario, drawn_at};
use direction::CardinalDirection::{East, South};
use umbra_rules::content::NpcKind;
use umbra_rules::game::FightEvent;
use umbra_rules::game::{Activity, GameEvent, Stop};
use umbra_rules::visibility::{CellVisibility, Omniscience};
use umbra_rules::{Game, GameOptions, PlayerAction};

/// Like [`Scenario::perform`] for exploring, checking before every step that the player
/// already knows the cell it steps onto.
fn explore_by_knowledge(s: &mut Scenario) -> (Stop, u32) {
    let mut doing = s.game.begin(Activity::Explore);
    loop {
        let before: Vec<CellVisibility> = s
            .game
            .size()
            .icoord_iter_row_major()
            .map(|c| s.game.level().cell_view(c).visibility)
            .collect();
        let width = s.game.size().width() as i32;
        match s.step(&mut doing) {
            Ok(_) => {
                let here = s.game.player_coord();
                let known = before[(here.y * width + here.x) as usize];
                s.check_ne(
                    known,
                    CellVisibility::NeverSeen,
                    &format!("stepped onto {here:?} unseen"),
                );
                s.check(doing.steps() < 5_000, "exploring goes on for ever");
            }
            Err(stop) => return (stop, doing.steps()),
        }
    }
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
    let mut s = hurt_after_a_fight();
    let missing = {
        let hp = s.game.player_hit_points();
        hp.max - hp.current
    };
    let start = s.game.turn();
    let (stop, steps) = s.perform(Activity::Rest);
    let hp = s.game.player_hit_points();
    s.check(stop == Stop::Healed, &format!("rest ended with {stop:?}"));
    s.check(hp.current == hp.max, "rested to full hit points");
    // One hit point every ten turns: the last one comes on a multiple of ten.
    let interval = umbra_rules::balance::PLAYER_REGENERATION_INTERVAL;
    s.check(
        s.game.turn().is_multiple_of(interval),
        "rest stops on the very turn the last hit point returns",
    );
    s.check(
        u64::from(steps) <= u64::from(missing) * interval
            && s.game.turn() - start == u64::from(steps),
        &format!("{steps} turns of rest for {missing} hit points"),
    );
    let every_wait = s.game.actions()[s.game.actions().len() - steps as usize..]
        .iter()
        .all(|&a| a == PlayerAction::Wait);
    s.check(every_wait, "each turn of rest is a wait, as if keyed");
}

#[test]
fn resting_unhurt_waits_a_while_then_says_so() {
    let mut s = Scenario::new(ARENA);
    let (stop, steps) = s.perform(Activity::Rest);
    s.check_eq(stop, Stop::Waited, "how resting unhurt ends");
    s.check_eq(
        steps,
        umbra_rules::balance::REST_UNHURT_TURNS,
        "the turns it waits",
    );
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
    let mut s = Scenario::with_npcs(ROOM_AND_CORRIDOR, &[('1', 'o')]);
    let orc_start = s.at('1');
    s.check(
        s.game.level().cell_view(orc_start).visibility == CellVisibility::NeverSeen,
        "the orc starts out of sight",
    );
    let mut stopped = None;
    for _ in 0..20 {
        let (stop, _) = s.perform(Activity::Rest);
        let came = s
            .game
            .events()
            .contains(&GameEvent::Fight(FightEvent::CameIntoView { kind: orc() }));
        if came {
            stopped = Some(stop);
            break;
        }
        s.check(stop == Stop::Waited, &format!("rest ended with {stop:?}"));
    }
    let stop = stopped.unwrap_or_else(|| s.fail("the orc never came into view"));
    s.check(
        stop == Stop::Interrupted,
        &format!("rest ended with {stop:?}"),
    );
    let orc = s.where_is('1');
    s.check(
        s.game.level().cell_view(orc).visibility == CellVisibility::Visible,
        "the rest stops on the turn the orc is in view",
    );
    let (refused, steps) = s.perform(Activity::Rest);
    s.check(
        refused == Stop::NpcInView(common::orc()) && steps == 0,
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
    let mut s = Scenario::new(LEVEL);
    let (stop, steps) = explore_by_knowledge(&mut s);
    let stairs = drawn_at(LEVEL, '>');
    s.check_eq(
        stop,
        Stop::Explored { stairs: None },
        &format!("after {steps} steps"),
    );
    s.check(
        steps > 5,
        &format!("it walked to see it all ({steps} steps)"),
    );
    for coord in s.game.size().icoord_iter_row_major() {
        let reachable = !s.game.level().blocks_walking(coord) && coord.x < 12;
        if reachable {
            s.check_ne(
                s.game.level().cell_view(coord).visibility,
                CellVisibility::NeverSeen,
                &format!("{coord:?} was never seen"),
            );
        }
    }
    // The walled-off room east of x=12 has no way in, so it stays unexplored.
    s.check_eq(
        s.game.level().cell_view(stairs).visibility,
        CellVisibility::NeverSeen,
        "the walled-off stairs stay unseen",
    );
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
    let mut s = Scenario::new(LEVEL_WITH_DOOR);
    let (stop, _) = explore_by_knowledge(&mut s);
    s.check_eq(
        stop,
        Stop::Explored {
            stairs: Some(drawn_at(LEVEL_WITH_DOOR, '>')),
        },
        "exploring ends knowing the stairs",
    );
    s.check_eq(
        s.game.known_stairs(),
        Some(drawn_at(LEVEL_WITH_DOOR, '>')),
        "the stairs are known",
    );
}

#[test]
fn explore_stops_when_an_npc_comes_into_view() {
    let rows: Vec<String> = LEVEL_WITH_DOOR
        .iter()
        .map(|row| row.replace("#...>", "#.1.>"))
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut s = Scenario::with_npcs(&rows, &[('1', 'z')]);
    let (stop, steps) = s.perform(Activity::Explore);
    s.check(
        stop == Stop::Interrupted,
        &format!("explore ended with {stop:?}"),
    );
    s.check(steps > 0, "it explored first");
    let came = s
        .game
        .events()
        .contains(&GameEvent::Fight(FightEvent::CameIntoView { kind: orc() }));
    s.check(came, "the last step brought the orc into view");
    s.check(
        s.game.level().cell_view(s.at('1')).visibility == CellVisibility::Visible,
        "the orc is in view",
    );
    // A sleeper does not forbid exploring on: the player may walk round it.
    let (next, more) = s.perform(Activity::Explore);
    s.check(more > 0, &format!("exploring on went nowhere: {next:?}"));
    s.check(s.npc('1').is_some(), "exploring never attacks");
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
    let mut s = Scenario::with_options(HIDDEN_ROOM, GameOptions::default());
    let hidden = s.at('1');
    s.check_eq(
        s.game.level().cell_view(hidden).visibility,
        CellVisibility::NeverSeen,
        "the hidden room",
    );
    let (stop, _) = explore_by_knowledge(&mut s);
    s.check_eq(stop, Stop::Explored { stairs: None }, "exploring ends");
    s.check_ne(
        s.game.level().cell_view(hidden).visibility,
        CellVisibility::NeverSeen,
        "the hidden room",
    );

    let mut all_seeing = Scenario::with_options(HIDDEN_ROOM, omniscient());
    let (stop, steps) = all_seeing.perform(Activity::Explore);
    all_seeing.check_eq(
        (stop, steps),
        (Stop::Explored { stairs: None }, 0),
        "nothing is left unseen",
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
    let mut s = Scenario::with_options(LOOP, omniscient());
    let (stop, steps) = s.perform(Activity::Travel(s.at('2')));
    s.check_eq(stop, Stop::Arrived, "travel arrives");
    s.check_eq(s.game.player_coord(), s.at('2'), "the player stands at 2");
    // Across the middle: 3 down, 8 across, 2 down.
    s.check_eq(steps, 13, "the shortest way is 13 steps");
}

#[test]
fn travel_refuses_where_no_known_way_leads() {
    let mut s = Scenario::with_options(HIDDEN_ROOM, GameOptions::default());
    let (stop, steps) = s.perform(Activity::Travel(s.at('1')));
    s.check_eq((stop, steps), (Stop::NoRoute, 0), "no route, no step");
}

const FORK: &[&str] = &["###########", "#####.#####", "#@...1...2#", "###########"];

#[test]
fn run_stops_at_a_fork() {
    let mut s = Scenario::with_options(FORK, GameOptions::default());
    let (stop, steps) = s.perform(Activity::Run(East));
    s.check_eq(stop, Stop::RunEnded, "the run ends");
    s.check_eq(
        s.game.player_coord(),
        s.at('1'),
        "the run stops where the way forks",
    );
    s.check_eq(steps, 4, "steps to the fork");
    let (_, steps) = s.perform(Activity::Run(East));
    s.check_eq(
        s.game.player_coord(),
        s.at('2'),
        "on to the end of the corridor",
    );
    s.check_eq(steps, 4, "steps to the end of the corridor");
    let (_, steps) = s.perform(Activity::Run(South));
    s.check_eq(steps, 0, "no running into a wall");
}

#[test]
fn a_recorded_session_of_activities_replays_to_the_same_state() {
    // The first seed whose start lets the player explore a good way before anything stops it.
    let seed = common::calm_seed();
    let mut s = Scenario::from_game(Game::new(seed, GameOptions::default()));
    let mut stops = Vec::new();
    for activity in [
        Activity::Explore,
        Activity::Rest,
        Activity::Explore,
        Activity::Run(East),
    ] {
        stops.push(s.perform(activity).0);
        // Whatever stopped it, a key press or two clears the way on.
        s.act(PlayerAction::Wait);
    }
    if let Some(stairs) = s.game.known_stairs() {
        s.perform(Activity::Travel(stairs));
    }
    s.check(
        s.game.turn() > 20,
        &format!("the session played ({stops:?})"),
    );
    let mut replayed = Game::new(seed, GameOptions::default());
    for &action in s.game.actions() {
        replayed.act(action);
    }
    s.check_eq(replayed.turn(), s.game.turn(), "the replay's turn");
    s.check_eq(
        replayed.state_hash(),
        s.game.state_hash(),
        "the replay's state hash",
    );
}

#[test]
fn a_route_is_planned_again_when_the_player_leaves_it() {
    // The whole loop is known (omniscience), so nothing new is ever learnt on the way.
    let mut s = Scenario::with_options(LOOP, omniscient());
    let mut doing = s.game.begin(Activity::Travel(s.at('2')));
    s.step(&mut doing).expect("a first step");
    // The player steps back on its own, off the route it was following.
    let back = s.game.actions()[0];
    let PlayerAction::Move(direction) = back else {
        panic!("travel moves")
    };
    s.act(PlayerAction::Move(direction.opposite()));
    // A twin that played the same actions, with no route planned, travels from here as
    // anyone would: the game must do the same, not follow its old route from where it began.
    let mut twin = Scenario::with_options(LOOP, omniscient());
    for &action in s.game.actions() {
        twin.act(action);
    }
    let (stop, _) = s.perform(Activity::Travel(s.at('2')));
    let (twin_stop, _) = twin.perform(Activity::Travel(s.at('2')));
    s.check_eq(
        (stop, twin_stop),
        (Stop::Arrived, Stop::Arrived),
        "both arrive",
    );
    s.check_eq(
        s.game.actions(),
        twin.game.actions(),
        "the game travels on as its twin does",
    );
}

#[test]
fn exploring_goes_on_after_the_stairs_on_a_level_of_another_size() {
    // A hand-made level is small; the levels below it are generated at the game's map size.
    let rows = ["#######", "#.>...#", "#@....#", "###.###", "#######"];
    let mut s = Scenario::new(&rows);
    let stairs = drawn_at(&rows, '>');
    let (stop, _) = s.perform(Activity::Travel(stairs));
    s.check_eq(stop, Stop::Arrived, "travel to the stairs arrives");
    s.check(s.game.is_on_stairs(), "on the stairs");
    s.act(PlayerAction::Descend);
    s.check_eq(s.game.depth(), 2, "the depth below");
    s.check_ne(
        s.game.size(),
        coord_2d::UCoord::new(7, 5),
        "the level below has the game's map size",
    );
    let mut doing = s.game.begin(Activity::Explore);
    let _ = s.game.step(&mut doing);
    s.check(s.game.turn() > 0, "exploring the new level works");
}

#[test]
fn travel_walks_round_a_sleeper_rather_than_into_it() {
    // The sleeper may wake and interrupt: the first seed on which it sleeps through is used.
    // Were the sleeper's cell on the route, no seed would do: the step into it is a blow.
    let taken = std::cell::Cell::new(0);
    let s = Scenario::rolled(
        &["#######", "#@.1.2#", "#.....#", "#######"],
        &[('1', 'z')],
        |s| {
            let target = s.at('2');
            let (stop, steps) = s.perform(Activity::Travel(target));
            taken.set(steps);
            stop == Stop::Arrived
        },
    );
    let steps = taken.get();
    s.check(
        steps == 6,
        &format!("round the orc by the lower row: {steps} steps"),
    );
    let orc = s.npc('1').unwrap_or_else(|| s.fail("the orc was killed"));
    s.check(
        orc.hit_points.current == orc.hit_points.max,
        "the sleeping orc was never struck",
    );
}

#[test]
fn a_game_loaded_from_its_state_knows_who_is_in_view() {
    let s = Scenario::new(&["#########", "#@..z...#", "#......o#", "#########"]);
    let loaded = Game::from_state_bytes(&s.game.to_state_bytes()).expect("loads");
    let mut loaded = Scenario::from_game(loaded);
    let (stop, steps) = loaded.perform(Activity::Rest);
    loaded.check_eq(
        (stop, steps),
        (Stop::NpcInView(orc()), 0),
        "the awake orc is seen",
    );
    loaded.act(PlayerAction::Wait);
    let came = loaded
        .game
        .events()
        .iter()
        .any(|e| matches!(e, GameEvent::Fight(FightEvent::CameIntoView { .. })));
    loaded.check(
        !came,
        &format!(
            "nobody comes into view who was in view already: {:?}",
            loaded.game.events()
        ),
    );
}

#[test]
fn the_next_explore_step_is_the_step_exploring_takes() {
    let mut s = Scenario::new(LEVEL_WITH_DOOR);
    let mut doing = s.game.begin(Activity::Explore);
    for _ in 0..10 {
        let predicted = s.game.next_explore_step().expect("somewhere to explore");
        s.step(&mut doing).expect("a step");
        s.check_eq(
            s.game.actions().last(),
            Some(&PlayerAction::Move(predicted)),
            "the step taken is the one predicted",
        );
    }
}

/// `is_finished` tells a frontend, before the next step, that the step would stop without
/// acting: it agrees with the journey, with an awake NPC in view, and with the run's end.
#[test]
fn an_activity_is_finished_exactly_when_its_next_step_would_stop() {
    let mut s = Scenario::with_options(LOOP, omniscient());
    let mut doing = s.game.begin(Activity::Travel(s.at('2')));
    for _ in 0..50 {
        if s.game.player_coord() == s.at('2') {
            break;
        }
        s.check(
            !s.game.is_finished(&doing),
            &format!("on the way, at {}", s.game.player_coord()),
        );
        let stepped = s.step(&mut doing);
        s.check(stepped.is_ok(), "a step on the way");
    }
    s.check(s.game.is_finished(&doing), "arrived");
    let stepped = s.step(&mut doing);
    s.check_eq(stepped, Err(Stop::Arrived), "arrived");

    let mut s = Scenario::with_npcs(&["#######", "#@...1#", "#######"], &[('1', 'o')]);
    let doing = s.game.begin(Activity::Explore);
    s.check(s.game.is_finished(&doing), "an awake orc in view");

    // Won, with nobody in view: only the run's end stops a run east.
    let mut s = Scenario::new(&["######", "#@*..#", "######"]);
    s.act(PlayerAction::Move(East));
    s.check(s.game.is_won(), "the Sunstone wins");
    let doing = s.game.begin(Activity::Run(East));
    s.check(s.game.is_finished(&doing), "nothing goes on after the end");
}

/// Exploring fetches what the player would carry (a potion in view), but never walks onto the
/// Sunstone: taking it ends the run, and that step is the player's own.
#[test]
fn explore_fetches_a_potion_in_view_but_leaves_the_sunstone() {
    let mut s = Scenario::new(&["#########", "#@..!..*#", "#########"]);
    let (stop, steps) = s.perform(Activity::Explore);
    s.check_eq(s.game.potions(), 1, "the potion was fetched");
    s.check(
        steps >= 3,
        &format!("it walked to the potion ({steps} steps, {stop:?})"),
    );
    // Explore again, as a player would after a stop, until it says all is explored.
    for _ in 0..3 {
        let (stop, _) = s.perform(Activity::Explore);
        s.check(
            !s.game.is_over(),
            &format!("the Sunstone was taken ({stop:?})"),
        );
        if matches!(stop, Stop::Explored { .. }) {
            return;
        }
    }
    s.fail("exploring never said all was explored");
}

/// Two rooms joined by a one-cell doorway at 1, and the room beyond never seen.
const DOORWAY: &[&str] = &[
    "###############",
    "#@....#.......#",
    "#.....1.......#",
    "#.....#.......#",
    "###############",
];

/// A sleeping orc in the only way on is named, not taken for the end of the level: exploring
/// says who stands in the way rather than "everything you can reach is explored".
#[test]
fn exploring_names_a_sleeper_in_the_only_way_on() {
    let mut s = Scenario::unnoticed(DOORWAY, &[('1', 'z')]);
    let (stop, _) = s.perform(Activity::Explore);
    let orc = NpcKind::from_map_letter('o').expect("the orc").0;
    s.check_eq(stop, Stop::InTheWay(orc), "the orc in the doorway is named");
}

/// An ally in the only way on is walked through (a step into it trades places): exploring
/// goes on into the room beyond.
#[test]
fn exploring_passes_an_ally_in_the_only_way_on() {
    let mut s = Scenario::unnoticed(DOORWAY, &[('1', 'o')]).with_ally('1');
    let (stop, steps) = s.perform(Activity::Explore);
    s.check(
        !matches!(stop, Stop::InTheWay(_)),
        &format!("the ally is no obstacle: {stop:?}"),
    );
    s.check(steps > 6, "exploring went on past the doorway");
    s.check(
        s.game.player_coord().x > s.at('1').x,
        "into the room beyond",
    );
}

/// Ground known from a map but never seen is still to be explored (Brogue's rule): after a
/// scroll of magic mapping, exploring walks into the rooms the scroll showed.
#[test]
fn exploring_after_magic_mapping_walks_into_what_was_only_mapped() {
    let mut s = Scenario::new(&[
        "##############",
        "#@...#########",
        "#....#.......#",
        "#....+...1...#",
        "#....#.......#",
        "##############",
    ]);
    let mapping = umbra_rules::content::ItemKind::all()
        .find(|k| {
            matches!(
                k.rules().use_,
                umbra_rules::content::ItemUse::Recite {
                    spell: umbra_rules::content::Spell::MagicMapping
                }
            )
        })
        .expect("a scroll of magic mapping");
    let kind = mapping.index() as u8;
    s.act(PlayerAction::Wizard(
        umbra_rules::game::WizardCommand::Give { kind },
    ));
    let slot = s.game.pack().slot_of(mapping).expect("given");
    // Unknown, it is read at a target: the reader's own cell will do.
    let at = Some(s.game.player_coord());
    s.act(PlayerAction::Use { slot, at });
    let far = s.at('1');
    s.check(
        s.game.level().cell_view(far).visibility == CellVisibility::Mapped,
        "the far room is mapped, never seen",
    );
    let (stop, _) = s.perform(Activity::Explore);
    s.check(
        matches!(stop, Stop::Explored { .. }),
        &format!("exploring ends explored ({stop:?})"),
    );
    s.check(
        s.game.level().cell_view(far).visibility != CellVisibility::Mapped,
        "and on the way it saw the room the scroll showed",
    );
}

/// What stops resting is what the screen shows: an awake orc standing in the dark, in the
/// eyes' reach but beyond the player's light, is not drawn, so it does not forbid resting (and
/// a refusal would tell of it); once it steps into the light, it does.
#[test]
fn a_monster_in_the_dark_does_not_stop_a_rest_it_does_not_show() {
    let mut s = Scenario::unnoticed(
        &[
            "###################",
            "#@.........1......#",
            "###################",
        ],
        &[('1', 'o')],
    );
    let orc = s.where_is('1');
    s.check(
        s.game.level().cell_view(orc).visibility != CellVisibility::Visible,
        "the orc stands in the dark, unseen",
    );
    let mut doing = s.game.begin(Activity::Rest);
    let first = s.step(&mut doing);
    s.check(
        !matches!(first, Err(Stop::NpcInView(_))),
        &format!("resting begins ({first:?})"),
    );
}
