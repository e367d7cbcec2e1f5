//! A steady-state turn allocates nothing: once a game has played one turn, the NPC phase and the
//! field of view run on reused scratch space, with a crowd hunting the player, ten thousand NPCs
//! wandering, and on an ordinary level where NPCs sleep, wake to noise, shout, search and flee.
//!
//! The counting allocator is global and the test harness allocates on its own threads when a
//! test ends, so every check here runs in one test, one after another.

mod common;

use std::alloc::System;

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use umbra_rules::behaviour::{NpcState, Reason};
use umbra_rules::game::Activity;
// The benchmarks' scenes; each user takes only the ones it needs.
#[allow(dead_code)]
#[path = "../benches/support/scenes.rs"]
mod scenes;
use scenes::SceneSpec;
use umbra_rules::game::{FightEvent, GameEvent};
use umbra_rules::{Game, GameOptions, PlayerAction};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Turns counted after the warm-up turn: the crowd closes in, strikes and jostles for room all
/// through them, and the scenes' player outlasts it.
const COUNTED_TURNS: u64 = 60;

fn assert_turns_allocate_nothing(name: &str, spec: &SceneSpec) {
    let mut game = spec.build().game();
    game.act(PlayerAction::Wait);
    for _ in 0..COUNTED_TURNS {
        let deaths = game.deaths();
        let region = Region::new(GLOBAL);
        game.act(PlayerAction::Wait);
        let change = region.change();
        let turn = game.turn();
        assert_eq!(game.deaths(), deaths, "{name}, turn {turn}: nobody dies");
        assert!(
            game.inhabitants().npcs_seeing_player() >= spec.hunters * 9 / 10,
            "{name}, turn {turn}: the crowd is hunting"
        );
        assert_eq!(
            (change.allocations, change.reallocations),
            (0, 0),
            "{name}, turn {turn}: {change:?}"
        );
    }
}

fn in_a_crowd_turns_after_the_first_allocate_nothing() {
    assert_turns_allocate_nothing("250x250 with 1000 NPCs", &scenes::CROWD);
}

/// Half the crowd shoots along its lines or backs away, a quarter looks for a hurt ally to heal.
fn in_an_archer_heavy_crowd_turns_after_the_first_allocate_nothing() {
    assert_turns_allocate_nothing("250x250, archers and shamans", &scenes::ARCHER_CROWD);
}

/// The crowd with fifty of its hunters fighting on the player's side, nobody dying: allies and
/// monsters hunt each other by their sides' maps, every blow is heard, the allies' map of the
/// monsters is built each turn.
fn with_allies_fighting_turns_after_the_first_allocate_nothing() {
    let mut game = scenes::CROWD
        .build()
        .game()
        .with_every_npc_hit_points(scenes::SCENE_PLAYER_HIT_POINTS);
    let hunters: Vec<_> = game
        .inhabitants()
        .npcs()
        .filter(|npc| {
            game.inhabitants()
                .agent(npc.id)
                .is_some_and(|agent| !agent.is_asleep())
        })
        .map(|npc| npc.id)
        .collect();
    for &id in hunters.iter().step_by(6).take(50) {
        game = game.with_ally(id);
    }
    game.act(PlayerAction::Wait);
    let mut blows = 0;
    for _ in 0..COUNTED_TURNS {
        let region = Region::new(GLOBAL);
        game.act(PlayerAction::Wait);
        let change = region.change();
        let turn = game.turn();
        blows += game
            .events()
            .iter()
            .filter(|event| event.is_allied_blow())
            .count();
        assert_eq!(
            (change.allocations, change.reallocations),
            (0, 0),
            "allies in a crowd, turn {turn}: {change:?}"
        );
    }
    assert!(blows > 0, "the allies fought");
    assert_eq!(game.ally_count(), 50, "and lived");
}

/// Here the first blow of the game falls on turn 3: the event list must already have room.
fn on_a_small_level_turns_after_the_first_allocate_nothing() {
    assert_turns_allocate_nothing("40x30 with 15 NPCs", &scenes::SMALL);
}

fn ten_thousand_wanderers_allocate_nothing_after_the_first_turn() {
    let mut game = scenes::WANDERERS.build().game();
    game.act(PlayerAction::Wait);
    let start: Vec<_> = game.inhabitants().npcs().map(|n| n.coord).collect();
    for _ in 0..COUNTED_TURNS {
        let region = Region::new(GLOBAL);
        game.act(PlayerAction::Wait);
        let change = region.change();
        assert_eq!(
            (change.allocations, change.reallocations),
            (0, 0),
            "turn {}: {change:?}",
            game.turn()
        );
    }
    let moved = game
        .inhabitants()
        .npcs()
        .zip(&start)
        .filter(|(n, s)| n.coord != **s)
        .count();
    assert!(moved > 9_000, "they wander: {moved} of 10,000 moved");
}

/// What NPCs went through over a game, to show the allocation test covered it.
#[derive(Default, Debug)]
struct Seen {
    woken_by_noise: bool,
    searching: bool,
    fleeing: bool,
    wandering: bool,
    shouts: bool,
}

fn a_living_level_allocates_nothing_after_the_first_turn() {
    let mut seen = Seen::default();
    for seed in 0..8 {
        // The level's own inhabitants: a band arriving makes room for its members in the
        // tables over its first turns, as a jelly's twin does (growth, not a steady state).
        let mut game = Game::new(seed, GameOptions::default())
            .with_player_max_hit_points(100_000)
            .with_no_arrivals();
        game.act(PlayerAction::Wait);
        // Wander the level at random and keep bumping into whoever is there.
        let script = common::scripted_actions(1500, seed);
        for action in script {
            let region = Region::new(GLOBAL);
            game.act(action);
            let change = region.change();
            assert_eq!(
                (change.allocations, change.reallocations),
                (0, 0),
                "seed {seed}, turn {}: {change:?}",
                game.turn()
            );
            note(&game, &mut seen);
        }
        assert!(
            !game.is_over(),
            "seed {seed}: every turn counted was a turn of play"
        );
    }
    assert!(
        seen.woken_by_noise && seen.searching && seen.fleeing && seen.wandering && seen.shouts,
        "the games covered every kind of NPC turn: {seen:?}"
    );
}

fn note(game: &Game, seen: &mut Seen) {
    seen.shouts |= game
        .events()
        .iter()
        .any(|e| matches!(e, GameEvent::Fight(FightEvent::Shout { .. })));
    for npc in game.inhabitants().npcs() {
        let Some(agent) = game.inhabitants().agent(npc.id) else {
            continue;
        };
        seen.woken_by_noise |= matches!(
            agent.last_transition.reason,
            Reason::HeardNoise | Reason::Alerted
        );
        match agent.state {
            NpcState::Searching { .. } => seen.searching = true,
            NpcState::Fleeing => seen.fleeing = true,
            NpcState::Wandering { .. } => seen.wandering = true,
            _ => (),
        }
    }
}

/// The behaviour context's memory on the largest map: docs/performance.md reports these figures. The
/// waypoints' maps are counted in full although the system backs their pages only once an NPC
/// heads for them.
fn the_behaviour_context_on_the_largest_map_stays_bounded() {
    let options = GameOptions {
        map_size: umbra_rules::terrain::MAX_MAP_SIZE,
        ..GameOptions::default()
    };
    let mut rng = <rand_isaac::Isaac64Rng as rand::SeedableRng>::seed_from_u64(1);
    let terrain = umbra_rules::terrain::generate(options.map_size, &mut rng);
    let world = umbra_rules::world::World::from_terrain(&terrain);
    let region = Region::new(GLOBAL);
    let context = umbra_rules::behaviour::BehaviourContext::new(&world);
    let change = region.change();
    let held = change.bytes_allocated - change.bytes_deallocated;
    let waypoints = context.waypoint_bytes();
    println!(
        "behaviour context on 1000x1000: {:.1} MB held, of which waypoints {:.1} MB ({} waypoints)",
        held as f64 / 1e6,
        waypoints as f64 / 1e6,
        context.waypoint_count()
    );
    assert!(held < 64_000_000, "{held} bytes");
}

/// Exploring plans routes on reused scratch space too: once the first routes have sized it, an
/// explore step allocates nothing. On a generated 200×200 level's ground (no NPCs, so nothing
/// interrupts), the first 300 steps warm up and the next 1,000 are counted.
fn exploring_allocates_nothing_after_warming_up() {
    let mut rng = <rand_isaac::Isaac64Rng as rand::SeedableRng>::seed_from_u64(3);
    let terrain = umbra_rules::terrain::generate(coord_2d::UCoord::new(200, 200), &mut rng);
    let rows = umbra_rules::terrain::ground_to_ascii(&terrain);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (mut game, _) = Game::from_ascii(&rows, GameOptions::default()).expect("a level");
    let mut doing = game.begin(Activity::Explore);
    for step in 0..1_300 {
        let region = Region::new(GLOBAL);
        let result = game.step(&mut doing);
        let change = region.change();
        assert!(result.is_ok(), "step {step}: exploring stopped: {result:?}");
        if step >= 300 {
            assert_eq!(
                (change.allocations, change.reallocations),
                (0, 0),
                "explore step {step}: {change:?}"
            );
        }
    }
}

/// Every check in turn: one test, so that no other test's ending is counted.
#[test]
fn steady_state_turns_allocate_nothing() {
    on_a_small_level_turns_after_the_first_allocate_nothing();
    in_a_crowd_turns_after_the_first_allocate_nothing();
    in_an_archer_heavy_crowd_turns_after_the_first_allocate_nothing();
    with_allies_fighting_turns_after_the_first_allocate_nothing();
    ten_thousand_wanderers_allocate_nothing_after_the_first_turn();
    a_living_level_allocates_nothing_after_the_first_turn();
    the_behaviour_context_on_the_largest_map_stays_bounded();
    exploring_allocates_nothing_after_warming_up();
    fire_and_gas_allocate_nothing_after_the_first_turn();
    every_kind_awake_allocates_nothing_after_warming_up();
    machines_going_off_allocate_nothing_after_the_first_turn();
}

/// One of every kind of the bestiary awake round the player, on a level with a lake, a chasm,
/// wall torches and glowing fungus, its grass set alight and caustic gas and methane let out:
/// bats and blades fly and flit, eels swim, a zombie breathes its rot, a salamander walks its
/// trail of fire, a thief steals, a jelly splits, the fire spreads and lights what is round
/// it, the gas drifts. Turns on which a character joins (a jelly's twin, a conjurer's blades)
/// are not steady: a new character is a row in every table, as a spawn is, and they are left
/// out; every other turn allocates nothing.
fn every_kind_awake_allocates_nothing_after_warming_up() {
    use umbra_rules::content::NpcKind;
    let letters: Vec<char> = NpcKind::all()
        .filter(|kind| kind.rules().spawn.weight.first + kind.rules().spawn.weight.last > 0)
        .map(|kind| kind.rules().map_letters.awake)
        .collect();
    let game = walled_level(|x, y| match (x, y) {
        (1, 1) => '@',
        (30..=36, 3..=8) => '~',
        (20..=23, 10..=16) => ':',
        (x, 18) if x % 6 == 0 => '}',
        (x, 17) if x % 5 == 0 => '%',
        (x, y) if x > 4 && y % 4 == 2 && x % 3 == 0 => {
            letters[((x / 3 + y) as usize) % letters.len()]
        }
        (x, _) if x > 24 => '`',
        _ => '.',
    });
    let mut game = game.with_every_npc_awake().with_wanderers_noticing();
    let kinds: std::collections::HashSet<_> = game.inhabitants().npcs().map(|n| n.kind).collect();
    assert!(kinds.len() >= 20, "every kind is there: {}", kinds.len());
    let potion = common::potion().index() as u8;
    for _ in 0..20 {
        let give = umbra_rules::game::WizardCommand::Give { kind: potion };
        game.act(PlayerAction::Wizard(give));
    }
    for _ in 0..10 {
        game.act(PlayerAction::Wait);
    }
    use coord_2d::ICoord;
    use umbra_rules::game::WizardCommand;
    for command in [
        WizardCommand::SetFire {
            at: ICoord::new(31, 12),
        },
        WizardCommand::ReleaseGas {
            kind: 0,
            at: ICoord::new(12, 9),
        },
        WizardCommand::ReleaseGas {
            kind: 2,
            at: ICoord::new(27, 4),
        },
    ] {
        game.act(PlayerAction::Wizard(command));
    }
    game.act(PlayerAction::Wait);
    let (mut counted, mut burned) = (0, 0);
    for _ in 0..COUNTED_TURNS {
        burned = burned.max(game.level().cells_burning());
        let before: Vec<_> = game.inhabitants().npcs().map(|n| n.id).collect();
        let region = Region::new(GLOBAL);
        game.act(PlayerAction::Wait);
        let change = region.change();
        // Seen or not (a conjurer out of view calls its blades all the same).
        if game.inhabitants().npcs().any(|n| !before.contains(&n.id)) {
            continue;
        }
        counted += 1;
        assert_eq!(
            (change.allocations, change.reallocations),
            (0, 0),
            "every kind awake, turn {}: {change:?}",
            game.turn()
        );
    }
    assert!(counted > COUNTED_TURNS / 2, "most turns counted: {counted}");
    assert!(burned > 5, "the grass burnt: {burned} cells at once");
    assert!(game.level().gas_total().0 > 0, "the gas lingers");
}

/// A cave of dry grass set alight among wandering orcs, a caustic cloud and a swamp's methane
/// let out beside it: fire spreads and burns out, orcs catch fire and flee it, gas drifts,
/// thins and goes up, all on the lists made when the level was.
fn fire_and_gas_allocate_nothing_after_the_first_turn() {
    let mut game = walled_level(|x, y| match (x, y) {
        (1, 1) => '@',
        (x, y) if x > 4 && (x + y) % 9 == 0 => 'o',
        (x, _) if x > 4 => '{',
        _ => '.',
    });
    use coord_2d::ICoord;
    use umbra_rules::game::WizardCommand;
    let wizard = |game: &mut Game, command| game.act(PlayerAction::Wizard(command));
    wizard(
        &mut game,
        WizardCommand::SetFire {
            at: ICoord::new(20, 9),
        },
    );
    wizard(
        &mut game,
        WizardCommand::ReleaseGas {
            kind: 0,
            at: ICoord::new(2, 10),
        },
    );
    wizard(
        &mut game,
        WizardCommand::ReleaseGas {
            kind: 2,
            at: ICoord::new(3, 15),
        },
    );
    game.act(PlayerAction::Wait);
    let mut burned = 0;
    for _ in 0..COUNTED_TURNS {
        let region = Region::new(GLOBAL);
        game.act(PlayerAction::Wait);
        let change = region.change();
        burned = burned.max(game.level().cells_burning());
        assert_eq!(
            (change.allocations, change.reallocations),
            (0, 0),
            "fire and gas, turn {}: {change:?}",
            game.turn()
        );
    }
    assert!(burned > 20, "the fire ran: {burned} cells at once");
    assert!(game.level().gas_total().0 > 0, "the gas lingers");
}

/// On the first level of seeds 1 to 40 to hold each blueprint, every machine set off at once,
/// the player outlasting anything: ledges crumble into the chasm, cisterns flood and drain, the
/// tinder burns, vents let out their gas, portcullises drop, on lists made with the level.
/// Turns on which a character joins (an ambush bursting from the walls, a band arriving), or a
/// fire is lit on a level where none burned (a swamp lamp's torch falling: a fire's first turn,
/// as in the test above), are not steady, as a spawn is not, and are left out; every other turn
/// allocates nothing.
fn machines_going_off_allocate_nothing_after_the_first_turn() {
    use umbra_rules::content::MachineKind;
    use umbra_rules::game::{WizardCommand, level_of_run};
    let size = GameOptions::default().map_size;
    let mut levels = Vec::new();
    let mut kinds_met: Vec<MachineKind> = Vec::new();
    for (seed, depth) in (1..=40u64).flat_map(|seed| (1..=10).map(move |depth| (seed, depth))) {
        let machines = level_of_run(seed, depth, size).machines;
        if machines
            .iter()
            .any(|machine| !kinds_met.contains(&machine.kind))
        {
            kinds_met.extend(machines.iter().map(|machine| machine.kind));
            levels.push((seed, depth));
        }
    }
    // A reward room is what a vault is, never a machine that goes off.
    let goes_off = |kind: &MachineKind| kind.rules().role != umbra_rules::content::Role::RewardRoom;
    let every_kind = MachineKind::all()
        .filter(goes_off)
        .all(|kind| kinds_met.contains(&kind));
    assert!(every_kind, "every blueprint met: {kinds_met:?}");
    // Turns on which some machine's ground changed (a ledge crumbling, a flood rising or
    // draining), and on which gas hung about.
    let (mut changing, mut gassy) = (0, 0);
    for (seed, depth) in levels {
        let mut game = Game::new(seed, GameOptions::default());
        while game.depth() < depth {
            game.act(PlayerAction::Wizard(WizardCommand::Descend));
            game.act(PlayerAction::Choose { boon: 0 });
        }
        let mut game = game.with_player_max_hit_points(100_000);
        for index in 0..game.machines().len() {
            let at = game.machines()[index].cells[0];
            game.act(PlayerAction::Wizard(WizardCommand::SetOffMachine { at }));
        }
        game.act(PlayerAction::Wait);
        let mut counted = 0;
        let machine_ground = |game: &Game| -> Vec<_> {
            (game.machines().iter())
                .flat_map(|machine| machine.cells.iter())
                .map(|&cell| game.level().ground_at(cell))
                .collect()
        };
        for _ in 0..COUNTED_TURNS {
            if game.depth() != depth {
                break;
            }
            let ground = machine_ground(&game);
            let before: Vec<_> = game.inhabitants().npcs().map(|n| n.id).collect();
            let burning_before = game.level().cells_burning();
            let region = Region::new(GLOBAL);
            game.act(PlayerAction::Wait);
            let change = region.change();
            let joined = game.inhabitants().npcs().any(|n| !before.contains(&n.id));
            let fire_lit = burning_before == 0 && game.level().cells_burning() > 0;
            if joined || fire_lit || game.depth() != depth {
                continue;
            }
            counted += 1;
            changing += u32::from(machine_ground(&game) != ground);
            gassy += u32::from(game.level().gas_total().0 > 0);
            assert_eq!(
                (change.allocations, change.reallocations),
                (0, 0),
                "machines gone off on seed {seed}, depth {depth}, turn {}: {change:?}",
                game.turn()
            );
        }
        assert!(
            counted > COUNTED_TURNS / 2,
            "seed {seed}, depth {depth}: {counted} turns counted"
        );
    }
    eprintln!("CHANGING {changing} GASSY {gassy}");
    assert!(
        changing > 20,
        "the machines' ground changed on {changing} turns counted"
    );
}

/// A 40×20 level walled round, its inside drawn cell by cell by `inside` (the player at
/// (1, 1) as each caller draws it), played with a player who outlasts anything.
fn walled_level(inside: impl Fn(i32, i32) -> char) -> Game {
    let mut rows = vec!["#".repeat(40)];
    for y in 1..19 {
        let row: String = (0..40)
            .map(|x| match x {
                0 | 39 => '#',
                _ => inside(x, y),
            })
            .collect();
        rows.push(row);
    }
    rows.push("#".repeat(40));
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (game, _) = Game::from_ascii(&rows, GameOptions::default()).expect("valid map");
    game.with_player_max_hit_points(100_000)
}
