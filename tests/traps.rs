//! Traps as a player meets them, by label on hand-drawn maps: each kind's plate lets loose its
//! feature when stepped on (caustic gas, confusion gas, a net, an alarm, flames, a trapdoor);
//! a hidden one looks like the floor until a search finds it or it goes off; an item thrown
//! onto a plate sets it off; a flyer never does; a hunter runs over one, the level's natives
//! walk round; explore never steps on one the player has found; every level of a run is laid
//! with traps by its profile, away from the arrival and never in a way.
//!
//! Map letters (content/ground.ron): caustic `▲` (hidden `△`), confusion `◉` (`○`), net `▣`
//! (`□`), alarm `♪` (`♫`), fire `♨` (`☼`), trapdoor `▼` (`▽`).

mod common;

use common::{Scenario, orc};
use direction::CardinalDirection::*;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra_rules::PlayerAction;
use umbra_rules::balance::GAS_HARMS_AT;
use umbra_rules::content::{GasHarm, Ground, ItemKind, ItemUse};
use umbra_rules::game::{
    Activity, Actor, BestiaryEvent, DungeonEvent, GameEvent, Stop, WizardCommand,
};
use umbra_rules::terrain::{generate_at_depth, walking_distances};
use umbra_rules::world::Tile;

fn sprung(s: &Scenario) -> Option<(Ground, Option<Actor>)> {
    s.game.events().iter().find_map(|event| match event {
        GameEvent::Dungeon(DungeonEvent::TrapSprung { trap, who, .. }) => Some((*trap, *who)),
        _ => None,
    })
}

fn ground_letter(letter: char) -> Ground {
    Ground::from_map_letter(letter).expect("a kind of ground")
}

/// Steps east twice, from `@` to `1`, then onto the trap east of it.
fn walk_onto_the_trap(s: &mut Scenario) {
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(East));
}

fn trapped_hall(trap: char) -> [String; 4] {
    [
        "##########".to_string(),
        format!("#@1{trap}.....#"),
        "#........#".to_string(),
        "##########".to_string(),
    ]
}

fn scenario_on(rows: &[String]) -> Scenario {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    Scenario::new(&rows)
}

fn gas_harms(s: &Scenario, at: coord_2d::ICoord, harm: fn(GasHarm) -> bool) -> bool {
    s.game
        .level()
        .gas_at(at)
        .is_some_and(|(gas, volume)| harm(gas.rules().harm) && volume >= GAS_HARMS_AT)
}

#[test]
fn stepping_on_a_caustic_trap_fills_the_cell_with_caustic_gas_and_says_so() {
    let mut s = scenario_on(&trapped_hall('▲'));
    let trap = s.at('1') + East.coord();
    s.act(PlayerAction::Move(East));
    s.check(sprung(&s).is_none(), "nothing yet");
    s.act(PlayerAction::Move(East));
    s.check_eq(s.game.player_coord(), trap, "on the plate");
    s.check_eq(
        sprung(&s),
        Some((ground_letter('▲'), Some(Actor::Player))),
        "the player set it off",
    );
    s.check(
        gas_harms(&s, trap, |h| matches!(h, GasHarm::Caustic(_))),
        "caustic gas thick on the plate",
    );
    let told: Vec<String> = (s.game.events().iter())
        .map(|&e| umbra::app::messages::describe(e))
        .collect();
    let told = told.join(" ");
    s.check(told.contains("caustic trap"), &format!("named: {told}"));
}

#[test]
fn stepping_on_a_confusion_trap_lets_out_confusion_gas() {
    let mut s = scenario_on(&trapped_hall('◉'));
    let trap = s.at('1') + East.coord();
    walk_onto_the_trap(&mut s);
    s.check(
        gas_harms(&s, trap, |h| matches!(h, GasHarm::Confuses(_))),
        "confusion gas on the plate",
    );
}

#[test]
fn a_net_trap_holds_the_player_fast() {
    let mut s = scenario_on(&trapped_hall('▣'));
    let trap = s.at('1') + East.coord();
    walk_onto_the_trap(&mut s);
    s.check(sprung(&s).is_some(), "set off");
    s.act(PlayerAction::Move(East));
    s.check_eq(s.game.player_coord(), trap, "still on the plate");
    let struggled = s.game.events().iter().any(|e| {
        matches!(
            e,
            GameEvent::Bestiary(BestiaryEvent::Struggled { who: Actor::Player })
        )
    });
    s.check(struggled, "struggling in the net");
}

/// A trap that holds no one (a vent) leaves whoever a net holds beside it held.
#[test]
fn a_vent_going_off_beside_a_netted_player_leaves_it_netted() {
    let mut s = Scenario::with_npcs(&["##########", "#@1▣▲...2#", "##########"], &[('2', 'o')]);
    walk_onto_the_trap(&mut s);
    let net = s.at('1') + East.coord();
    s.check_eq(s.game.player_coord(), net, "in the net");
    let mut vented = false;
    for _ in 0..6 {
        s.act(PlayerAction::Wait);
        vented |= sprung(&s).is_some_and(|(_, who)| who == Some(Actor::Npc(orc())));
        if vented {
            break;
        }
    }
    s.check(vented, "the orc trod on the vent beside the net");
    s.act(PlayerAction::Move(West));
    s.check_eq(s.game.player_coord(), net, "still held");
}

#[test]
fn a_fire_trap_sets_the_player_and_the_cells_round_it_alight() {
    let mut s = scenario_on(&trapped_hall('♨'));
    walk_onto_the_trap(&mut s);
    s.check(sprung(&s).is_some(), "set off");
    let burning = s.game.events().iter().any(|e| {
        matches!(
            e,
            GameEvent::Environment(umbra_rules::game::EnvironmentEvent::CaughtFire {
                who: Actor::Player
            })
        )
    });
    s.check(burning, "the player catches fire");
}

#[test]
fn a_trapdoor_drops_the_player_to_the_next_depth() {
    let mut s = scenario_on(&trapped_hall('▼'));
    s.check_eq(s.game.depth(), 1, "on the first depth");
    walk_onto_the_trap(&mut s);
    s.check_eq(s.game.depth(), 2, "fell through");
    s.check(!s.game.is_over(), "alive");
}

/// A sleeper within the alarm's reach wakes and comes; one beyond it sleeps on.
#[test]
fn an_alarm_trap_wakes_the_sleepers_within_its_reach_and_only_them() {
    let near = "#@1♪...........2...............................3#";
    let wall = "#".repeat(near.chars().count());
    let mut s = Scenario::with_npcs(&[&wall, near, &wall], &[('2', 'z'), ('3', 'z')]);
    // Both out of sight of the player (asleep, unaware) before the bell.
    walk_onto_the_trap(&mut s);
    s.check(sprung(&s).is_some(), "rang");
    s.check(!s.mind('2').is_asleep(), "the near sleeper wakes");
    s.check(s.mind('3').is_asleep(), "the far one (45 steps) sleeps on");
}

#[test]
fn a_hidden_trap_is_floor_to_the_eye_until_it_goes_off_then_it_shows() {
    let mut s = scenario_on(&trapped_hall('△'));
    let trap = s.at('1') + East.coord();
    s.check(
        umbra::app::describe(&s.game, trap).contains("the floor"),
        "named as floor",
    );
    s.check(s.game.level().known_trap(trap).is_none(), "not known");
    walk_onto_the_trap(&mut s);
    s.check_eq(
        sprung(&s).map(|(trap, _)| trap),
        Some(ground_letter('▲')),
        "found by it",
    );
    s.check_eq(
        s.game.level().cell_view(trap).tiles.floor,
        Some(Tile::Ground(ground_letter('▲'))),
        "a caustic trap now",
    );
    s.check(s.game.level().known_trap(trap).is_some(), "known");
}

#[test]
fn a_search_beside_a_hidden_trap_finds_it() {
    let s = Scenario::rolled(&["#######", "#@1□..#", "#######"], &[], |s| {
        s.act(PlayerAction::Move(East));
        s.act(PlayerAction::Search);
        s.game
            .events()
            .iter()
            .any(|e| matches!(e, GameEvent::Dungeon(DungeonEvent::FoundTrap { .. })))
    });
    let trap = s.at('1') + East.coord();
    s.check_eq(
        s.game.level().known_trap(trap),
        Some(ground_letter('▣')),
        "the net trap shows",
    );
    s.check_eq(s.game.secret_doors_found(), 0, "no door counted");
}

#[test]
fn a_dart_thrown_onto_a_plate_sets_it_off() {
    let dart = ItemKind::all()
        .find(|k| matches!(k.rules().use_, ItemUse::Throw { .. }))
        .expect("a missile");
    let rows = trapped_hall('▲');
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    // A dart may break as it lands (its row's chance): a game where this one did not.
    let s = Scenario::rolled(&rows, &[], |s| {
        s.act(PlayerAction::Wizard(WizardCommand::Give {
            kind: dart.index() as u8,
        }));
        let slot = s.game.pack().slot_of(dart).expect("given");
        let trap = s.at('1') + East.coord();
        s.act(PlayerAction::Throw { slot, at: trap });
        s.game.item_at(trap).is_some() || sprung(s).is_some()
    });
    let trap = s.at('1') + East.coord();
    s.check_eq(
        sprung(&s),
        Some((ground_letter('▲'), None)),
        "the dart set it off",
    );
    s.check(
        gas_harms(&s, trap, |h| matches!(h, GasHarm::Caustic(_))),
        "gas where it landed",
    );
    s.check_eq(
        s.game.player_coord(),
        s.at('1') + West.coord(),
        "the player never moved",
    );
}

/// What lands on a trapdoor falls through it with the floor: lost to the level, and told.
#[test]
fn a_dart_thrown_onto_a_trapdoor_falls_through_it() {
    let dart = ItemKind::all()
        .find(|k| matches!(k.rules().use_, ItemUse::Throw { .. }))
        .expect("a missile");
    let rows = trapped_hall('▽');
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let s = Scenario::rolled(&rows, &[], |s| {
        s.act(PlayerAction::Wizard(WizardCommand::Give {
            kind: dart.index() as u8,
        }));
        let slot = s.game.pack().slot_of(dart).expect("given");
        s.act(PlayerAction::Throw {
            slot,
            at: s.at('1') + East.coord(),
        });
        sprung(s).is_some()
    });
    let trap = s.at('1') + East.coord();
    s.check_eq(s.game.item_at(trap).map(|lying| lying.kind), None, "gone");
    let lost = s.game.events().iter().any(|e| {
        matches!(
            e,
            GameEvent::Items(umbra_rules::game::ItemEvent::Lost {
                into_chasm: true,
                ..
            })
        )
    });
    s.check(lost, "told it fell");
    s.check_eq(s.game.depth(), 1, "the player stays");
}

#[test]
fn a_hunter_runs_over_a_trap_in_its_way() {
    // The one way from the orc to the player is over the plate.
    let mut s = Scenario::with_npcs(&["#########", "#@..▲..1#", "#########"], &[('1', 'o')]);
    let mut went_off = None;
    for _ in 0..6 {
        s.act(PlayerAction::Wait);
        went_off = went_off.or(sprung(&s));
    }
    s.check_eq(
        went_off.map(|(_, who)| who),
        Some(Some(Actor::Npc(orc()))),
        "the orc trod on it",
    );
}

#[test]
fn a_flyer_crosses_a_trap_without_setting_it_off() {
    let mut s = Scenario::with_npcs(&["#########", "#@..▲..1#", "#########"], &[('1', 'v')]);
    for _ in 0..8 {
        s.act(PlayerAction::Wait);
        s.check(sprung(&s).is_none(), "the bat flies over");
    }
}

#[test]
fn explore_never_steps_on_a_trap_the_player_knows() {
    let mut s = Scenario::new(&[
        "#########",
        "#@......#",
        "#...▲...#",
        "#.......#",
        "####.####",
        "#.......#",
        "#########",
    ]);
    let mut doing = s.game.begin(Activity::Explore);
    for _ in 0..200 {
        match s.step(&mut doing) {
            Ok(_) => s.check(sprung(&s).is_none(), "explore stepped round it"),
            Err(Stop::Explored { .. }) => return,
            Err(stop) => s.fail(&format!("explore stopped: {stop:?}")),
        }
    }
    s.fail("explore ends");
}

/// Over seeds 1 to 8 and every depth, most levels hold a trap; every trap lies on floor with
/// open ground all round (never a doorway, a corridor or a way it could cut) and at least ten
/// steps from the arrival. A machine's plates (a lair's webs) are its own, laid by it.
#[test]
fn levels_are_laid_with_traps_in_the_open_away_from_the_arrival() {
    let size = coord_2d::UCoord::new(80, 30);
    let mut trapped = 0;
    for seed in 1..=8u64 {
        for depth in 1..=umbra_rules::game::FINAL_DEPTH {
            let mut rng = Isaac64Rng::seed_from_u64(seed * 100 + u64::from(depth));
            let terrain = generate_at_depth(size, depth, &mut rng);
            let distances = walking_distances(&terrain.grid, terrain.player);
            let a_machines =
                |at: &coord_2d::ICoord| terrain.machines.iter().any(|m| m.cells.contains(at));
            let traps: Vec<_> = (terrain.grid.enumerate())
                .filter(|(at, g)| g.rules().pressure_plate.is_some() && !a_machines(at))
                .map(|(at, _)| at)
                .collect();
            trapped += usize::from(!traps.is_empty());
            for at in traps {
                let steps = distances.get(at).copied().flatten();
                assert!(
                    steps.is_some_and(|s| s >= 10),
                    "seed {seed} depth {depth}: a trap at {at:?} {steps:?} steps from the arrival"
                );
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let near = *terrain.grid.get_checked(at + coord_2d::ICoord::new(dx, dy));
                        let rules = near.rules();
                        assert!(
                            !rules.blocks_walking && !rules.door,
                            "seed {seed} depth {depth}: a trap at {at:?} beside {near:?}"
                        );
                    }
                }
            }
        }
    }
    assert!(trapped >= 30, "{trapped} of 80 levels hold a trap");
}

/// A wanderer on its own level walks round the traps it knows of, for hundreds of turns.
#[test]
fn a_wandering_native_walks_round_every_trap() {
    let mut s = Scenario::unnoticed(
        &[
            "########################################",
            "#......................................#",
            "#1.▲..▲..▲..▲..♪..▲..▲..▲..▲..▲..▲..▲..#",
            "#......................................#",
            "########################################",
            "#@######################################",
            "########################################",
        ],
        &[('1', 'o')],
    );
    let start = s.where_is('1');
    let mut cells = std::collections::HashSet::new();
    for _ in 0..400 {
        s.act(PlayerAction::Wait);
        s.check(sprung(&s).is_none(), "the orc keeps off the plates");
        cells.insert(s.where_is('1'));
    }
    s.check(s.where_is('1') != start || cells.len() > 10, "it wandered");
    s.check(
        cells.len() > 10,
        &format!("over much of the room: {} cells", cells.len()),
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random play in a hall of every trap, plain and hidden, with hunters, a flyer and a
    /// wanderer: after every turn the world keeps its rules, and once the player stops, every
    /// effect ends (the gas thins away, the fire burns out, the nets let go).
    #[test]
    fn traps_going_off_keep_the_worlds_rules_and_every_effect_ends(
        seed in any::<u64>(),
        actions in proptest::collection::vec(common::action(), 40),
    ) {
        // The cell at 1 is sealed off: the player waits there for the effects to end.
        let rows = [
            "##############################",
            "#@...........................#",
            "#..▲...◉...▣...♪...♨...▼.....#",
            "#............................#",
            "#..△...○...□...♫...☼...▽.....#",
            "#.....o.....v.....j.....z....#",
            "##############################",
            "#1############################",
            "##############################",
        ];
        let scenario = Scenario::new(&rows);
        let shelter = scenario.at('1');
        let mut game = scenario.game.reseeded(seed);
        for action in actions {
            game.act(action);
            let violations = game.invariant_violations();
            prop_assert!(violations.is_empty(), "{:?}", violations);
            if game.is_over() || game.depth() > 1 {
                return Ok(());
            }
        }
        game.act(PlayerAction::Wizard(WizardCommand::Teleport { to: shelter }));
        prop_assume!(game.player_coord() == shelter);
        for _ in 0..300 {
            game.act(PlayerAction::Wait);
            let violations = game.invariant_violations();
            prop_assert!(violations.is_empty(), "{:?}", violations);
        }
        prop_assert_eq!(game.level().cells_burning(), 0, "the fire burns out");
        let harmful = game.size().icoord_iter_row_major().filter(|&at| {
            game.level().gas_at(at).is_some_and(|(gas, volume)| {
                !matches!(gas.rules().harm, GasHarm::Burns(_)) && volume >= GAS_HARMS_AT
            })
        });
        prop_assert_eq!(harmful.count(), 0, "the gas thins below harm");
    }
}

/// The seed catalog names each level's traps, and the hidden ones as hidden; a level without
/// one says nothing of traps.
#[test]
fn the_seed_catalog_names_every_trap_and_says_which_are_hidden() {
    let output = common::umbra(&["--seed-catalog", "2"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let depths: Vec<&str> = text.split("\nDepth ").skip(1).collect();
    assert_eq!(depths.len(), 10, "{text}");
    let shape = |depth: &str| depth.lines().next().unwrap_or_default().to_string();
    let with_traps: Vec<String> = (depths.iter())
        .map(|d| shape(d))
        .filter(|line| line.contains("trap"))
        .collect();
    // Each level's count of traps is the number it names.
    for line in &with_traps {
        let (before, named) = line.split_once(" trap").expect("a count of traps");
        let count: usize = (before.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("a number of traps");
        let list = named.split_once('(').and_then(|(_, l)| l.split_once(')'));
        let list = list.expect("the traps named in brackets").0;
        assert_eq!(list.split("; ").count(), count, "{line}");
    }
    assert!(!with_traps.is_empty(), "{text}");
    assert!(
        with_traps.iter().any(|line| line.contains(", hidden")),
        "{with_traps:?}"
    );
    let other = common::umbra(&["--seed-catalog", "4"]);
    let other = String::from_utf8_lossy(&other.stdout).into_owned();
    let shapes: Vec<&str> = (other.lines())
        .filter(|l| l.starts_with("Depth "))
        .collect();
    assert_eq!(shapes.len(), 10, "{other}");
    assert!(
        shapes.iter().any(|line| !line.contains("trap")),
        "a level without traps says nothing of them: {other}"
    );
}
