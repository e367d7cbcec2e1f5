//! Fire and gas as a player meets them, by label on hand-drawn maps: a fireball on dry grass
//! starts a fire that runs through it and burns out to burnt ground, stopping at a lake; a door
//! burns away; a bridge burns and the orc on it falls; a caustic cloud fills its room, stays out
//! of the next behind a closed door and drifts in when the door opens; methane explodes when
//! fire reaches it; a burning troll steps into water and is put out; an orc goes round fire to
//! reach the player rather than through it. A property test plays thousands of turns with fire
//! and gas and checks the world's rules after each.

mod common;

use common::Scenario;
use coord_2d::ICoord;
use direction::CardinalDirection::*;
use proptest::prelude::*;
use umbra_rules::PlayerAction;
use umbra_rules::balance::GAS_EXPLODES_AT;
use umbra_rules::content::{GasHarm, GasKind, Ground, ItemKind};
use umbra_rules::game::{Actor, Game, GameEvent, GameOptions, WizardCommand};
use umbra_rules::game::{DungeonEvent, EnvironmentEvent, FightEvent, WizardEvent};

fn wizard(s: &mut Scenario, command: WizardCommand) {
    s.act(PlayerAction::Wizard(command));
    let done = (s.game.events().iter())
        .any(|e| matches!(e, GameEvent::Wizard(WizardEvent::Wizardry { .. })));
    s.check(done, &format!("the wizard's {command:?} is done"));
}

fn set_fire(s: &mut Scenario, label: char, offset: (i32, i32)) {
    let at = s.at(label) + ICoord::new(offset.0, offset.1);
    wizard(s, WizardCommand::SetFire { at });
}

/// The gas table's row whose harm is `harm`'s kind, as a wizard names it.
fn gas(is: fn(GasHarm) -> bool) -> (u8, GasKind) {
    let kind = GasKind::all()
        .find(|kind| is(kind.rules().harm))
        .expect("a gas of that kind");
    (kind.index() as u8, kind)
}

fn caustic() -> (u8, GasKind) {
    gas(|harm| matches!(harm, GasHarm::Caustic(_)))
}

fn methane() -> (u8, GasKind) {
    gas(|harm| matches!(harm, GasHarm::Burns(_)))
}

/// Waits until nothing burns.
fn wait_until_out(s: &mut Scenario, turns: usize) {
    for _ in 0..turns {
        if s.game.level().cells_burning() == 0 {
            return;
        }
        s.act(PlayerAction::Wait);
    }
    s.fail("the fire burns out in time");
}

fn happened(game: &Game, what: impl Fn(&GameEvent) -> bool) -> bool {
    game.events().iter().any(what)
}

/// Dead grass (`{`) west of a lake, more of it on the far shore; the player on bare floor.
const MEADOW: &[&str] = &[
    "##################",
    "#....{{{{{{~~{{{{#",
    "#.@..{{{{2{~~{{3{#",
    "#....1{{{{{~~{{{{#",
    "#....{{{{{{~~{{{{#",
    "##################",
];

#[test]
fn a_fireball_on_dry_grass_spreads_through_it_burns_out_to_burnt_ground_and_stops_at_a_lake() {
    let mut s = Scenario::new(MEADOW);
    let fireball = ItemKind::all()
        .position(|kind| (kind.rules().use_.bolt()).is_some_and(|bolt| bolt.rules().ignites))
        .expect("an item that sets fires") as u8;
    wizard(&mut s, WizardCommand::Give { kind: fireball });
    s.act(PlayerAction::Use {
        slot: 0,
        at: Some(s.at('1')),
    });
    let caught = happened(
        &s.game,
        |e| matches!(e, GameEvent::Environment(EnvironmentEvent::Ignited { ground, .. }) if *ground == Ground::DEAD_GRASS),
    );
    s.check(caught, "the dead grass catches fire");
    wait_until_out(&mut s, 300);
    let burnt = Ground::DEAD_GRASS.rules().fire.burns_into;
    s.check_eq(
        Some(s.game.level().ground_at(s.at('2') + ICoord::new(1, 0))),
        burnt,
        "the grass beyond the fireball's reach is burnt",
    );
    let west = (5..11).flat_map(|x| (1..5).map(move |y| ICoord::new(x, y)));
    let burnt_west = west
        .filter(|&c| Some(s.game.level().ground_at(c)) == burnt)
        .count();
    s.check(burnt_west >= 20, "the fire ran through the meadow");
    s.check_eq(
        s.game.level().ground_at(s.at('3') + ICoord::new(1, 0)),
        Ground::DEAD_GRASS,
        "the grass across the lake never caught",
    );
}

#[test]
fn a_door_burns_away_and_leaves_its_doorway_open() {
    // Dry grass on both sides, both alight: the door is touched by fire from either side for
    // some turns (50 in a hundred a touch), so it catches but for a one in a thousand roll.
    let mut s = Scenario::new(&["#############", "#@1..{{{+{{{#", "#############"]);
    let door = s.at('1') + ICoord::new(6, 0);
    s.check(s.game.level().blocks_sight(door), "the door is shut");
    set_fire(&mut s, '1', (5, 0));
    set_fire(&mut s, '1', (7, 0));
    let mut burnt_away = false;
    for _ in 0..300 {
        s.act(PlayerAction::Wait);
        burnt_away |= happened(
            &s.game,
            |e| matches!(e, GameEvent::Environment(EnvironmentEvent::BurntAway { was, .. }) if *was == Ground::DOOR),
        );
        if s.game.level().cells_burning() == 0 {
            break;
        }
    }
    s.check(burnt_away, "the door burns away");
    s.check(
        !s.game.level().blocks_sight(door),
        "its doorway stands open",
    );
    s.check_eq(
        s.game.level().ground_at(door),
        Ground::FLOOR,
        "the doorway's floor is left",
    );
}

#[test]
fn a_bridge_burns_and_the_orc_on_it_falls_into_the_chasm() {
    let mut s = Scenario::new(&[
        "###########",
        "#....1....#",
        "#::::_::::#",
        "#::::_::::#",
        "#::::_::::#",
        "#...@.....#",
        "###########",
    ]);
    let middle = s.at('1') + ICoord::new(0, 2);
    let orc = umbra_rules::content::NpcKind::from_map_letter('o')
        .expect("orcs")
        .0;
    let orc = orc.index() as u8;
    wizard(
        &mut s,
        WizardCommand::Spawn {
            kind: orc,
            at: middle,
        },
    );
    let orc = s
        .game
        .inhabitants()
        .npc_at(middle)
        .expect("the orc on the bridge")
        .id;
    // The bridge's three cells all burn at once: the orc has nowhere to go but fire.
    for y in 1..=3 {
        set_fire(&mut s, '1', (0, y));
    }
    let mut fell = false;
    for _ in 0..100 {
        s.act(PlayerAction::Wait);
        fell |= happened(&s.game, |e| {
            matches!(
                e,
                GameEvent::Environment(EnvironmentEvent::FellWithBridge { .. })
            )
        });
        if s.game.level().cells_burning() == 0 {
            break;
        }
    }
    s.check(
        (1..=3).all(|y| s.game.level().is_chasm(s.at('1') + ICoord::new(0, y))),
        "the bridge burnt into the chasm",
    );
    s.check(
        !s.game.inhabitants().npcs().any(|n| n.id == orc),
        "the orc is gone",
    );
    s.check(fell, "it fell with the bridge");
    s.check_eq(
        s.game.inhabitants().count_corpses(),
        0,
        "nothing of it lies over the chasm",
    );
}

/// The player on a burning bridge falls with it to the depth below, alive.
#[test]
fn the_player_on_a_bridge_that_burns_away_falls_with_it_to_the_next_depth() {
    let mut s = Scenario::new(&[
        "###########",
        "#....1....#",
        "#::::_::::#",
        "#::::_::::#",
        "#::::_::::#",
        "#....@....#",
        "###########",
    ]);
    let to = s.at('1') + ICoord::new(0, 2);
    wizard(&mut s, WizardCommand::Teleport { to });
    for y in 1..=3 {
        set_fire(&mut s, '1', (0, y));
    }
    for _ in 0..100 {
        if s.game.depth() > 1 || s.game.is_over() {
            break;
        }
        // Kept alive by the wizard: the fall is what is asked, not the burning.
        wizard(&mut s, WizardCommand::Heal);
        s.act(PlayerAction::Wait);
    }
    s.check(!s.game.is_over(), "the player lives");
    s.check_eq(s.game.depth(), 2, "and fell with the bridge to depth 2");
}

/// A sealed room with the cloud's source at 1, a closed door, and the player's room.
const TWO_ROOMS: &[&str] = &[
    "#############",
    "#.....#.....#",
    "#..1..+..@..#",
    "#.....#.....#",
    "#############",
];

fn gas_cells(game: &Game, xs: std::ops::Range<i32>) -> usize {
    xs.flat_map(|x| (1..4).map(move |y| ICoord::new(x, y)))
        .filter(|&c| game.level().gas_at(c).is_some())
        .count()
}

#[test]
fn a_caustic_cloud_fills_its_room_stays_behind_a_closed_door_and_drifts_in_when_it_opens() {
    let mut s = Scenario::new(TWO_ROOMS);
    let (caustic, kind) = caustic();
    let at = s.at('1');
    wizard(&mut s, WizardCommand::ReleaseGas { kind: caustic, at });
    let door = s.at('1') + ICoord::new(3, 0);
    s.wait(8);
    s.check_eq(
        gas_cells(&s.game, 1..6),
        15,
        "the cloud fills the sealed room",
    );
    s.check_eq(
        gas_cells(&s.game, 7..12),
        0,
        "and none passes the closed door",
    );
    s.check(s.game.level().gas_at(door).is_none(), "nor stands in it");
    s.check(
        s.game
            .level()
            .gas_at(s.at('1'))
            .is_some_and(|(k, _)| k == kind),
        "it is caustic",
    );
    for _ in 0..3 {
        s.act(PlayerAction::Move(West));
    }
    s.check_eq(
        s.game.player_coord(),
        door,
        "the player stands in the doorway",
    );
    s.act(PlayerAction::Move(East));
    s.check(
        gas_cells(&s.game, 7..12) > 0,
        "the gas drifted through the open door",
    );
}

#[test]
fn a_bloat_bursts_into_a_caustic_cloud_that_lingers() {
    let mut s = Scenario::with_npcs(&["#########", "#.@1....#", "#########"], &[('1', 'b')]);
    let bloat = s.npc('1').expect("the bloat").kind;
    s.check(bloat.rules().on_death.is_some(), "a bloat bursts");
    for _ in 0..6 {
        if s.npc('1').is_none() {
            break;
        }
        s.act(PlayerAction::Move(East));
    }
    s.check(
        s.game.inhabitants().npcs().next().is_none(),
        "the bloat is dead",
    );
    s.check(s.game.level().gas_total().0 > 0, "it left a cloud");
    let (_, kind) = caustic();
    s.check(
        s.game
            .level()
            .gas_at(s.at('1'))
            .is_some_and(|(k, _)| k == kind),
        "a caustic one where it died",
    );
    s.wait(3);
    s.check(s.game.level().gas_total().0 > 0, "which lingers");
}

#[test]
fn methane_explodes_when_fire_reaches_it() {
    let mut s = Scenario::with_npcs(
        &[
            "############",
            "#..........#",
            "#.@..{{1...#",
            "#..........#",
            "############",
        ],
        &[('1', 'Z')],
    );
    let (methane, _) = methane();
    for _ in 0..3 {
        let at = s.at('1');
        wizard(&mut s, WizardCommand::ReleaseGas { kind: methane, at });
    }
    // It settles round the sleeping troll before anything lights it.
    s.wait(3);
    s.check(
        s.game.level().gas_at(s.at('1')).is_some(),
        "methane hangs round the troll",
    );
    set_fire(&mut s, '1', (-2, 0));
    let mut exploded = false;
    let mut troll_burnt = false;
    for _ in 0..10 {
        exploded |= happened(&s.game, |e| {
            matches!(e, GameEvent::Environment(EnvironmentEvent::Exploded { .. }))
        });
        troll_burnt |= happened(&s.game, |e| {
            matches!(
                e,
                GameEvent::Environment(EnvironmentEvent::Burnt {
                    cause: Actor::Fire,
                    target: Actor::Npc(_),
                    ..
                })
            )
        });
        if exploded {
            break;
        }
        s.act(PlayerAction::Wait);
    }
    s.check(exploded, "the methane explodes");
    let told = (s.game.events().iter())
        .filter(|e| matches!(e, GameEvent::Environment(EnvironmentEvent::Exploded { .. })))
        .count();
    s.check_eq(told, 1, "told once, however many cells went up");
    s.check(troll_burnt, "the troll in it is burnt");
    s.check_eq(
        s.game.level().gas_at(s.at('1') + ICoord::new(1, 0)),
        None,
        "the methane went up",
    );
    // Gone up, it is gone: the blast is felt once, whatever burns on after it.
    for _ in 0..5 {
        s.act(PlayerAction::Wait);
        s.check(
            !happened(&s.game, |e| {
                matches!(e, GameEvent::Environment(EnvironmentEvent::Exploded { .. }))
            }),
            "it explodes once",
        );
    }
}

/// Whoever burns burns on off the fire, a little each turn, until it goes out: the player set
/// alight walks away from the flames and is still hurt by them.
#[test]
fn the_player_burns_on_after_stepping_out_of_the_fire() {
    let mut s = Scenario::new(&["##########", "#1@......#", "##########"]);
    s.change(|g| g.with_player_max_hit_points(500));
    let here = s.game.player_coord();
    wizard(&mut s, WizardCommand::SetFire { at: here });
    s.check(s.game.player_is_burning(), "the player burns");
    let mut hurt_off_the_fire = false;
    for _ in 0..6 {
        let burning = s.game.player_is_burning();
        let before = s.game.player_hit_points().current;
        s.act(PlayerAction::Move(East));
        let on_fire_cell = s.game.level().fire_at(s.game.player_coord()).is_some();
        if burning && !on_fire_cell && s.game.player_hit_points().current < before {
            hurt_off_the_fire = true;
        }
    }
    s.check(
        hurt_off_the_fire,
        "the flames on the player hurt it away from the fire",
    );
}

/// Confusion is told once as it takes hold, not every turn it is breathed: the player and a
/// sleeping orc in one cloud are each said to be dazed once.
#[test]
fn a_confusing_cloud_is_told_once_for_each_it_takes() {
    let mut s = Scenario::with_npcs(&["#########", "#@1.....#", "#########"], &[('1', 'Z')]);
    s.change(|g| g.with_player_max_hit_points(500));
    let (confusion, _) = gas(|harm| matches!(harm, GasHarm::Confuses(_)));
    for _ in 0..3 {
        let at = s.game.player_coord();
        wizard(
            &mut s,
            WizardCommand::ReleaseGas {
                kind: confusion,
                at,
            },
        );
        let at = s.at('1');
        wizard(
            &mut s,
            WizardCommand::ReleaseGas {
                kind: confusion,
                at,
            },
        );
    }
    let (mut player, mut troll) = (0, 0);
    for _ in 0..4 {
        s.act(PlayerAction::Wait);
        for event in s.game.events() {
            match event {
                GameEvent::Environment(EnvironmentEvent::Dazed {
                    who: Actor::Player, ..
                }) => player += 1,
                GameEvent::Environment(EnvironmentEvent::Dazed {
                    who: Actor::Npc(_), ..
                }) => troll += 1,
                _ => (),
            }
        }
    }
    s.check_eq(player, 1, "the player is told once it is dazed");
    s.check_eq(troll, 1, "and once of the troll");
}

#[test]
fn a_burning_troll_steps_into_shallow_water_and_is_put_out() {
    // A corridor: out of the fire, the one way the troll can go is into the shallows.
    let mut s = Scenario::with_npcs(&["#########", "#.@..,1##", "#########"], &[('1', 'T')]);
    let troll = s.npc('1').expect("the troll").id;
    let shallows = s.at('1') + ICoord::new(-1, 0);
    set_fire(&mut s, '1', (0, 0));
    s.check(s.game.inhabitants().is_burning(troll), "the troll burns");
    let mut put_out = false;
    for _ in 0..4 {
        s.act(PlayerAction::Wait);
        put_out |= happened(&s.game, |e| {
            matches!(
                e,
                GameEvent::Environment(EnvironmentEvent::PutOut {
                    in_water: true,
                    who: Actor::Npc(_)
                })
            )
        });
        if put_out {
            break;
        }
    }
    s.check(put_out, "the water puts the troll out");
    s.check(
        s.game
            .inhabitants()
            .npcs()
            .any(|n| n.id == troll && n.coord == shallows),
        "it stands in the shallows",
    );
    s.check(!s.game.inhabitants().is_burning(troll), "and burns no more");
}

#[test]
fn an_orc_goes_round_fire_rather_than_through_it() {
    let mut s = Scenario::with_npcs(
        &[
            "#############",
            "#...........#",
            "#.#########.#",
            "#1...{{{..@.#",
            "#############",
        ],
        &[('1', 'o')],
    );
    let orc = s.npc('1').expect("the orc").id;
    for x in 4..7 {
        set_fire(&mut s, '1', (x, 0));
    }
    let mut went_round = false;
    for _ in 0..12 {
        s.act(PlayerAction::Wait);
        let Some(at) = s
            .game
            .inhabitants()
            .npcs()
            .find(|n| n.id == orc)
            .map(|n| n.coord)
        else {
            s.fail("the orc lives");
        };
        s.check(
            s.game.level().fire_at(at).is_none(),
            "the orc never stands in fire",
        );
        went_round |= at.y == 1;
    }
    s.check(went_round, "it took the long way, round the fire");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random play with a wizard's fires and clouds on a generated level: after every turn the
    /// world keeps its rules (no fire on water, gas never inside a wall, everyone on fire
    /// alive), and the gas on the level changes only by what was let out, what thinned away,
    /// fell into a chasm or went up in flames.
    #[test]
    fn fire_and_gas_keep_the_worlds_rules(
        seed in any::<u64>(),
        actions in proptest::collection::vec(common::action(), 150),
    ) {
        let mut game = Game::new(seed, GameOptions::default());
        let (methane, _) = methane();
        let (caustic, _) = caustic();
        let player = game.player_coord();
        for (kind, dx) in [(methane, 1), (caustic, -1)] {
            let at = player + ICoord::new(dx, 0);
            game.act(PlayerAction::Wizard(WizardCommand::ReleaseGas { kind, at }));
        }
        for action in actions {
            let (before, _) = game.level().gas_total();
            game.act(action);
            let violations = game.invariant_violations();
            prop_assert!(violations.is_empty(), "{:?}", violations);
            let released = game.events().iter().any(|e| match e {
                GameEvent::Wizard(WizardEvent::Wizardry { command: WizardCommand::ReleaseGas { .. } }) => true,
                GameEvent::Fight(FightEvent::Burst { what, .. }) => what.bolt().is_some_and(|b| b.rules().leaves.is_some()),
                GameEvent::Dungeon(DungeonEvent::Descended { .. }) => true,
                // A trap's vent lets gas out as a burst does.
                GameEvent::Dungeon(DungeonEvent::TrapSprung { .. }) => true,
                _ => false,
            });
            let (after, gone) = game.level().gas_total();
            if !released {
                let made = game.level().gas_made();
                prop_assert_eq!(after + gone, before + made, "gas is neither made nor lost unaccounted");
            }
            for cell in game.size().icoord_iter_row_major() {
                if game.level().fire_at(cell).is_some() {
                    let ground = game.level().ground_at(cell);
                    prop_assert!(!ground.rules().puts_out_fire, "fire on water at {:?}", cell);
                }
            }
        }
    }
}

#[test]
fn swamps_of_methane_lie_in_some_deep_caves_and_none_above_depth_6() {
    let size = GameOptions::default().map_size;
    let mut deep = 0;
    for seed in 1..=8 {
        for depth in 1..=10 {
            let terrain = umbra_rules::game::level_of_run(seed, depth, size);
            let (_, methane) = methane();
            let swamp = terrain
                .gas
                .iter()
                .filter(|(_, kind, _)| *kind == methane)
                .count();
            if depth < 6 {
                assert_eq!(
                    swamp, 0,
                    "seed {seed} depth {depth}: no swamp above depth 6"
                );
            } else if swamp > 0 {
                deep += 1;
                let (cell, _, _) = terrain.gas[0];
                assert_eq!(
                    terrain.grid.get(cell).copied(),
                    Some(Ground::SHALLOW_WATER),
                    "a swamp's methane hangs over its shallows"
                );
            }
        }
    }
    assert!(deep >= 6, "{deep} of 40 deep levels hold a swamp");
}

#[test]
fn fire_out_of_sight_burns_without_a_word() {
    // The orc's room is walled off from the player's: it burns unseen.
    let mut s = Scenario::with_npcs(
        &["###########", "#.@.#{{1{.#", "#...#{{{{.#", "###########"],
        &[('1', 'Z')],
    );
    let orc = s.npc('1').expect("the troll").id;
    set_fire(&mut s, '1', (0, 0));
    let mut told = false;
    let mut burned = false;
    for _ in 0..6 {
        s.act(PlayerAction::Wait);
        burned |= s.game.inhabitants().is_burning(orc);
        told |= happened(&s.game, |e| {
            matches!(
                e,
                GameEvent::Environment(EnvironmentEvent::CaughtFire { .. })
                    | GameEvent::Environment(EnvironmentEvent::Burnt { .. })
                    | GameEvent::Environment(EnvironmentEvent::PutOut { .. })
            )
        });
    }
    s.check(burned, "the troll burns in its room");
    s.check(
        !told,
        "and the log says nothing of what the player cannot see",
    );
}

/// Fire lights what is round it: dead grass across a dark room, beyond the player's own light,
/// is not seen until it burns, and then by its own light.
#[test]
fn grass_beyond_the_players_light_is_seen_by_its_own_fire() {
    use umbra_rules::visibility::CellVisibility;
    let mut s = Scenario::new(&[
        "##################",
        "#@...........1{{{#",
        "##################",
    ]);
    let grass = s.at('1') + ICoord::new(2, 0);
    let seen = |s: &Scenario| s.game.level().cell_view(grass).visibility;
    s.check_eq(
        seen(&s),
        CellVisibility::NeverSeen,
        "dark, out of the player's light",
    );
    set_fire(&mut s, '1', (2, 0));
    s.check(s.game.level().cells_burning() > 0, "it burns");
    s.check_eq(seen(&s), CellVisibility::Visible, "lit by its own fire");
}

#[test]
fn a_cloud_let_out_is_counted_and_a_greater_one_takes_the_cell_of_a_lesser() {
    let mut s = Scenario::new(&[
        "##############",
        "#............#",
        "#.@........1.#",
        "#............#",
        "##############",
    ]);
    s.game = s.game.with_player_max_hit_points(1000);
    let at = s.at('1');
    let (caustic_index, caustic) = caustic();
    let (methane_index, methane) = methane();
    wizard(
        &mut s,
        WizardCommand::ReleaseGas {
            kind: caustic_index,
            at,
        },
    );
    // All the gas on the level came out this turn: what is left and what thinned away.
    let (total, gone) = s.game.level().gas_total();
    let made = s.game.level().gas_made();
    assert!(made > 0, "the cloud is counted as let out");
    assert_eq!(total + gone, made, "what was let out is all there or gone");
    for _ in 0..10 {
        s.act(PlayerAction::Wait);
    }
    let (kind, left) = s
        .game
        .level()
        .gas_at(at)
        .unwrap_or_else(|| s.fail("caustic lingers"));
    assert_eq!(kind, caustic);
    wizard(
        &mut s,
        WizardCommand::ReleaseGas {
            kind: methane_index,
            at,
        },
    );
    let (kind, volume) = s
        .game
        .level()
        .gas_at(at)
        .unwrap_or_else(|| s.fail("gas on the cell"));
    assert!(volume > left, "{volume} after {left}");
    assert_eq!(kind, methane, "the greater cloud keeps the cell");
}

#[test]
fn methane_spread_thin_goes_up_in_a_flash_without_exploding() {
    let mut s = Scenario::new(&[
        "############",
        "#@.........#",
        "#..........#",
        "#..........#",
        "#.....1....#",
        "#..........#",
        "#..........#",
        "#..........#",
        "############",
    ]);
    s.game = s.game.with_player_max_hit_points(1000);
    let (methane, _) = methane();
    let at = s.at('1');
    wizard(&mut s, WizardCommand::ReleaseGas { kind: methane, at });
    s.wait(60);
    let thickest = (s.game.size().icoord_iter_row_major())
        .filter_map(|cell| s.game.level().gas_at(cell))
        .map(|(_, volume)| volume)
        .max()
        .unwrap_or_else(|| s.fail("the methane lingers"));
    assert!(thickest < GAS_EXPLODES_AT, "spread thin: {thickest}");
    set_fire(&mut s, '1', (0, 0));
    for _ in 0..5 {
        s.check(
            !happened(&s.game, |e| {
                matches!(e, GameEvent::Environment(EnvironmentEvent::Exploded { .. }))
            }),
            "too thin to explode",
        );
        s.act(PlayerAction::Wait);
    }
    s.check_eq(
        s.game.level().gas_at(s.at('1')),
        None,
        "it went up all the same",
    );
}

#[test]
fn the_player_who_walks_into_fire_catches_it_and_is_told_once() {
    let mut s = Scenario::new(&["##########", "#@.{{{{{.#", "##########"]);
    s.game = s.game.with_player_max_hit_points(1000);
    let fire = s.game.player_coord() + ICoord::new(4, 0);
    wizard(&mut s, WizardCommand::SetFire { at: fire });
    s.check(s.game.level().fire_at(fire).is_some(), "the grass burns");
    let mut caught = 0;
    for _ in 0..3 {
        s.act(PlayerAction::Move(East));
        caught += (s.game.events().iter())
            .filter(|e| {
                matches!(
                    e,
                    GameEvent::Environment(EnvironmentEvent::CaughtFire { who: Actor::Player })
                )
            })
            .count();
        if s.game.level().fire_at(s.game.player_coord()).is_some() {
            break;
        }
    }
    s.check(
        s.game.level().fire_at(s.game.player_coord()).is_some(),
        "the player stands in the fire",
    );
    s.check(s.game.player_is_burning(), "and burns");
    s.act(PlayerAction::Wait);
    caught += (s.game.events().iter())
        .filter(|e| {
            matches!(
                e,
                GameEvent::Environment(EnvironmentEvent::CaughtFire { who: Actor::Player })
            )
        })
        .count();
    s.check_eq(caught, 1, "told once as it catches");
}

#[test]
fn nothing_burns_on_after_the_player_has_died() {
    // A sleeping orc well away in the grass, set alight; then the grass by the player, who
    // steps into it at one hit point: both burn, and the player dies first in the turn's
    // order.
    let mut s = Scenario::with_npcs(
        &["############", "#{@{.....{1#", "############"],
        &[('1', 'z')],
    );
    s.game = s.game.with_no_arrivals();
    let orc = s.at('1');
    wizard(&mut s, WizardCommand::SetFire { at: orc });
    let at = s.game.player_coord() + ICoord::new(1, 0);
    wizard(&mut s, WizardCommand::SetFire { at });
    s.game = s.game.with_player_hit_points(1);
    s.act(PlayerAction::Move(East));
    for _ in 0..20 {
        if s.game.is_over() {
            break;
        }
        s.act(PlayerAction::Wait);
    }
    s.check(s.game.is_over(), "the player dies");
    let events = s.game.events();
    let death = (events.iter())
        .position(|e| matches!(e, GameEvent::Fight(FightEvent::PlayerDied { .. })))
        .unwrap_or_else(|| panic!("the death is told: {events:?}"));
    let after = (events[death..].iter()).any(|e| {
        matches!(
            e,
            GameEvent::Environment(EnvironmentEvent::Burnt {
                target: Actor::Npc(_),
                ..
            })
        )
    });
    assert!(!after, "no one burns after the player's death: {events:?}");
    let burning_before = (events[..death].iter()).any(|e| {
        matches!(
            e,
            GameEvent::Environment(EnvironmentEvent::Burnt {
                target: Actor::Npc(_),
                ..
            })
        )
    });
    let orc_burning = s.npc('1').is_some();
    assert!(
        orc_burning || burning_before,
        "the orc was in the fire: {events:?}"
    );
}

#[test]
fn a_game_loaded_with_gas_about_plays_on_as_the_game_played_through() {
    // A caustic cloud let out between the player and an orc coming for it.
    let mut s = Scenario::with_npcs(
        &["############", "#@....1....#", "############"],
        &[('1', 'o')],
    );
    s.game = s.game.with_player_max_hit_points(1000).with_no_arrivals();
    let (caustic, _) = caustic();
    let at = s.game.player_coord() + ICoord::new(3, 0);
    wizard(&mut s, WizardCommand::ReleaseGas { kind: caustic, at });
    let mut loaded = Game::from_state_bytes(&s.game.to_state_bytes()).expect("it loads");
    for cell in s.game.size().icoord_iter_row_major() {
        assert_eq!(
            loaded.level().gas_at(cell),
            s.game.level().gas_at(cell),
            "at {cell:?}"
        );
    }
    for turn in 1..=10 {
        s.game.act(PlayerAction::Wait);
        loaded.act(PlayerAction::Wait);
        assert_eq!(
            loaded.state_hash(),
            s.game.state_hash(),
            "after {turn} waits"
        );
    }
}
