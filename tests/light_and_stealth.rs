//! Light and shadow: the player sees a cell in view only if it is lit (its own light shrinks
//! with depth; torches light halls; a closed door stops light), monsters notice the player only
//! within its stealth range (halved in shadow and when still, doubled after a fight), and a blow
//! against a monster that has not noticed its striker lands for three times its damage (the
//! dagger's for five). Maps: `}` a torch set in the wall, `%` luminescent fungus.

mod common;

use common::Scenario;
use direction::CardinalDirection::*;
use umbra_rules::balance::{PLAYER_LIGHT_RADIUS, STEALTH_RANGE};
use umbra_rules::game::FightEvent;
use umbra_rules::game::{Actor, GameEvent, WizardCommand};
use umbra_rules::visibility::{CellVisibility, Omniscience};
use umbra_rules::{Game, GameOptions, PlayerAction};

fn visibility(s: &Scenario, label: char) -> CellVisibility {
    s.game.level().cell_view(s.at(label)).visibility
}

/// A dark cave (the player's light reaches nine cells on the first depth) with a hall beyond
/// it, lit by a torch in its wall: 1 (twelve cells off, by the torch) is seen across the dark;
/// 2, as far off on the dark side, is not.
const LIT_HALL: &[&str] = &[
    "#################",
    "#@..........1}..#",
    "#...........#####",
    "#...........2####",
    "#################",
];

#[test]
fn a_lit_hall_is_seen_across_the_dark_and_a_dark_cell_as_far_is_not() {
    let s = Scenario::new(LIT_HALL);
    assert_eq!(
        visibility(&s, '1'),
        CellVisibility::Visible,
        "lit by the torch"
    );
    assert_eq!(
        visibility(&s, '2'),
        CellVisibility::NeverSeen,
        "dark, out of the player's light"
    );
    // The same map without its torch: nothing there is seen.
    let dark: Vec<String> = LIT_HALL.iter().map(|row| row.replace('}', "#")).collect();
    let dark: Vec<&str> = dark.iter().map(String::as_str).collect();
    let s = Scenario::new(&dark);
    assert_eq!(visibility(&s, '1'), CellVisibility::NeverSeen);
}

/// A game on the same map at `depth`, by the dump format (which keeps the depth).
fn at_depth(rows: &[&str], depth: u32) -> Game {
    let text = format!(
        "{}\n\nabout (seed:0,depth:{depth},turn:0,actions:0)\n",
        rows.join("\n")
    );
    Game::from_dump(&text, GameOptions::default())
        .expect("a dump")
        .0
}

#[test]
fn the_players_light_shrinks_with_depth() {
    // A corridor in the dark: how many cells east of the player are seen.
    let corridor = [
        "##################",
        "#@...............#",
        "##################",
    ];
    let seen = |game: &Game| {
        (2..17)
            .filter(|&x| {
                let cell = coord_2d::ICoord::new(x, 1);
                game.level().cell_view(cell).visibility == CellVisibility::Visible
            })
            .count() as u32
    };
    let first = seen(&at_depth(&corridor, 1));
    let last = seen(&at_depth(&corridor, 10));
    assert_eq!(first, PLAYER_LIGHT_RADIUS[0], "the first depth's light");
    assert_eq!(last, PLAYER_LIGHT_RADIUS[9], "the last depth's light");
    assert!(
        last < first,
        "deep down the light is smaller: {last} against {first}"
    );
}

/// A torch in a room behind a door; the player far off in the dark corridor outside, beyond its
/// own light. 1 is outside, by the door.
const DOOR_AND_TORCH: &[&str] = &[
    "#####################",
    "#@..............1+.}#",
    "#################...#",
    "#####################",
];

#[test]
fn a_closed_door_stops_light_and_an_open_one_lets_it_through() {
    let mut s = Scenario::new(DOOR_AND_TORCH);
    let outside = s.at('1');
    assert_eq!(
        s.game.level().light_at(outside),
        0,
        "the closed door stops the torch's light"
    );
    // An orc called up in the doorway holds the door open.
    let door = outside + coord_2d::ICoord::new(1, 0);
    s.game.act(PlayerAction::Wizard(WizardCommand::Spawn {
        kind: 0,
        at: door,
    }));
    assert!(
        s.game.level().light_at(outside) > 0,
        "the open door lets the torch's light through"
    );
}

#[test]
fn the_stealth_range_halves_in_shadow_and_when_still_and_doubles_after_a_fight() {
    // The player in a torch-lit hall, then down the dark corridor at its far end.
    let rows = [
        "####################",
        "#}.................#",
        "#@.................#",
        "##################.#",
        "##################.#",
        "##################.#",
        "##################.#",
        "##################3#",
        "####################",
    ];
    let mut s = Scenario::new(&rows);
    assert!(!s.game.in_shadow(), "the torch lights the player");
    s.act(PlayerAction::Move(East));
    assert_eq!(
        s.game.stealth_range(),
        STEALTH_RANGE,
        "in light, moving: the whole range"
    );
    s.act(PlayerAction::Wait);
    assert_eq!(
        s.game.stealth_range(),
        STEALTH_RANGE / 2,
        "in light, still: half"
    );
    for _ in 0..16 {
        s.act(PlayerAction::Move(East));
    }
    for _ in 0..5 {
        s.act(PlayerAction::Move(South));
    }
    assert_eq!(s.game.player_coord(), s.at('3'));
    assert!(s.game.in_shadow(), "no light but its own down the corridor");
    assert_eq!(s.game.stealth_range(), STEALTH_RANGE / 2, "in shadow: half");
    s.act(PlayerAction::Wait);
    assert_eq!(
        s.game.stealth_range(),
        (STEALTH_RANGE / 2).div_ceil(2),
        "in shadow and still: half of half"
    );
}

#[test]
fn a_fight_doubles_the_range_for_a_turn() {
    let mut s = Scenario::with_npcs(&["#######", "#@1...#", "#######"], &[('1', 'o')]);
    let quiet = s.game.stealth_range();
    s.act(PlayerAction::Move(East));
    assert!(s.game.events().iter().any(GameEvent::is_blow));
    assert_eq!(s.game.stealth_range(), quiet * 2, "the blow is heard");
}

#[test]
fn a_monster_beyond_the_stealth_range_never_notices_and_one_within_it_does_by_chance() {
    // A sleeper six steps off, the player still in the dark (range 4): never.
    for seed in 0..20 {
        let mut s = Scenario::with_npcs(&["##########", "#@.....1.#", "##########"], &[('1', 'Z')]);
        s.game = s.game.reseeded(seed);
        s.wait(40);
        s.check(s.mind('1').is_asleep(), "beyond the range, it sleeps on");
    }
    // Three steps off: within the range, by a roll a turn.
    let mut turns = Vec::new();
    for seed in 0..50 {
        let mut s = Scenario::with_npcs(&["##########", "#@..1....#", "##########"], &[('1', 'Z')]);
        s.game = s.game.reseeded(seed);
        let noticed = (1..=100).find(|_| {
            s.act(PlayerAction::Wait);
            !s.mind('1').is_asleep()
        });
        turns.push(noticed.expect("within the range it wakes"));
    }
    assert!(
        turns.iter().any(|&t| t > 1),
        "not at once every time: {turns:?}"
    );
}

#[test]
fn a_sleeping_ogre_takes_triple_damage_and_the_log_says_so() {
    // An ogre outlasts a blow from the dark (its 16 hit points against at most 12).
    let mut s = Scenario::with_npcs(&["######", "#@1..#", "######"], &[('1', 'Q')]);
    s.act(PlayerAction::Move(East));
    let damage = s.game.events().iter().find_map(|event| match *event {
        GameEvent::Fight(FightEvent::SneakAttack {
            attacker: Actor::Player,
            damage,
            asleep: true,
            ..
        }) => Some(damage),
        _ => None,
    });
    let damage = damage.unwrap_or_else(|| s.fail("the blow from the dark is told"));
    let (least, most) = umbra_rules::balance::PLAYER_ATTACK.damage;
    assert_eq!(damage % 3, 0, "three times a roll: {damage}");
    assert!((3 * least..=3 * most).contains(&damage), "{damage}");
    let said = umbra::app::messages::describe(s.game.events()[0]);
    assert!(
        said.starts_with("You strike the sleeping ogre from the shadows for"),
        "{said}"
    );
    // Struck, it is awake and knows who struck it: the next blow is an ordinary one.
    s.act(PlayerAction::Move(East));
    assert!(
        !s.game
            .events()
            .iter()
            .any(|e| matches!(e, GameEvent::Fight(FightEvent::SneakAttack { .. }))),
        "only the first blow comes from the dark"
    );
}

#[test]
fn the_dagger_strikes_from_the_dark_five_times_over() {
    let mut s = Scenario::with_npcs(&["#######", "#)@.1.#", "#######"], &[('1', 'Q')]);
    s.act(PlayerAction::Move(West));
    s.act(PlayerAction::Use { slot: 0, at: None });
    for _ in 0..3 {
        s.act(PlayerAction::Move(East));
    }
    let damage = s.game.events().iter().find_map(|event| match *event {
        GameEvent::Fight(FightEvent::SneakAttack { damage, .. }) => Some(damage),
        _ => None,
    });
    let damage = damage.unwrap_or_else(|| s.fail("a blow from the dark"));
    assert_eq!(damage % 5, 0, "five times a dagger's roll: {damage}");
    assert!((5..=10).contains(&damage), "{damage}");
}

#[test]
fn an_ally_is_noticed_by_the_same_rules() {
    // An unaware orc seven steps from the player's ally in the dark (an ally's range there is
    // seven); the player is far off round a corner, out of the orc's sight.
    let map = [
        "###############",
        "#@#############",
        "#.#############",
        "#....2.......1#",
        "###############",
    ];
    let noticed_within = |seed: u64| {
        let mut s = Scenario::unnoticed(&map, &[('1', 'o'), ('2', 'o')]).with_ally('2');
        s.game = s.game.reseeded(seed);
        (1..=60).any(|_| {
            s.act(PlayerAction::Wait);
            s.npc('1')
                .is_some_and(|_| s.mind('1').state == umbra_rules::behaviour::NpcState::Hunting)
        })
    };
    assert!(
        (0..10).any(noticed_within),
        "within the ally's range, the orc notices it"
    );
}

#[test]
fn omniscience_still_shows_every_cell_lit_or_not() {
    let (game, _) = Game::from_ascii(
        &["##############", "#@..........2#", "##############"],
        GameOptions {
            omniscience: Omniscience::On,
            ..GameOptions::default()
        },
    )
    .expect("a map");
    let far = coord_2d::ICoord::new(12, 1);
    assert_eq!(
        game.level().cell_view(far).visibility,
        CellVisibility::Visible
    );
}

#[test]
fn a_dump_prints_each_cells_light_and_each_monsters_awareness() {
    // An orc asleep at 2, in the dark.
    let s = Scenario::with_npcs(LIT_HALL, &[('2', 'z')]);
    let dump = s.game.dump();
    let orc = s.at('2');
    assert!(
        dump.contains(&format!("// awareness ({}, {}) o asleep", orc.x, orc.y)),
        "{dump}"
    );
    let rows: Vec<&str> = dump
        .lines()
        .filter_map(|line| line.strip_prefix("// light "))
        .collect();
    assert_eq!(rows.len(), LIT_HALL.len(), "a row of digits a map row");
    let digit = |label: char| {
        let at = s.at(label);
        let row = rows[at.y as usize].as_bytes();
        u32::from(row[at.x as usize] - b'0')
    };
    assert!(digit('1') >= 3, "the torch-lit cell: {}", rows[1]);
    assert_eq!(digit('2'), 0, "the dark cell: {}", rows[3]);
    assert!(
        dump.contains(&format!("own reaches {} cells", PLAYER_LIGHT_RADIUS[0])),
        "{dump}"
    );
}

/// The light kept as doors open and close (each door's change looked at only where it may
/// matter, and far from the player only when asked) is the light the same level works out
/// afresh: a save read back lights every cell the same, turn after turn, on levels of wanderers
/// going through doors by lit halls while the player walks about among them.
#[test]
fn the_light_kept_as_doors_move_is_the_light_worked_out_afresh() {
    let mut changed = 0;
    for seed in 1..=4 {
        let mut game = Game::new(seed, GameOptions::default())
            .with_player_max_hit_points(1_000_000)
            .with_every_npc_awake();
        let cells: Vec<coord_2d::ICoord> = game.size().icoord_iter_row_major().collect();
        let mut before: Vec<u32> = cells.iter().map(|&c| game.level().light_at(c)).collect();
        // A walk of runs of steps, the same every time.
        let mut state = seed;
        for turn in 0..300 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let direction = [North, East, South, West][(state >> 62) as usize];
            game.act(PlayerAction::Move(direction));
            let now: Vec<u32> = cells.iter().map(|&c| game.level().light_at(c)).collect();
            changed += usize::from(now != before);
            if turn % 3 == 0 {
                let afresh =
                    Game::from_state_bytes(&game.to_state_bytes()).expect("a game reads back");
                for (&cell, &light) in cells.iter().zip(&now) {
                    assert_eq!(
                        afresh.level().light_at(cell),
                        light,
                        "seed {seed} turn {turn} at {cell:?}"
                    );
                }
            }
            before = now;
        }
    }
    assert!(
        changed > 50,
        "doors moved the light on {changed} turns only"
    );
}

#[test]
fn an_ally_in_shadow_is_noticed_only_from_half_as_far() {
    // The player's ally by deep water, an unaware orc nine steps off across it (it cannot come
    // nearer): beyond the ally's range in the dark (seven), within it in a torch's light
    // (fourteen).
    let dark = [
        "###############",
        "#@#############",
        "#.#############",
        "#..2~~~~~~~~1.#",
        "###############",
    ];
    let lit: Vec<String> = dark
        .iter()
        .enumerate()
        .map(|(y, row)| match y {
            2 => row.replacen("#.##", "#.#}", 1),
            _ => row.to_string(),
        })
        .collect();
    let lit: Vec<&str> = lit.iter().map(String::as_str).collect();
    let noticed = |map: &[&str], seed: u64| {
        let mut s = Scenario::unnoticed(map, &[('1', 'o'), ('2', 'o')]).with_ally('2');
        s.game = s.game.reseeded(seed);
        (1..=40).any(|_| {
            s.act(PlayerAction::Wait);
            s.mind('1').state == umbra_rules::behaviour::NpcState::Hunting
        })
    };
    assert!(
        (0..10).all(|seed| !noticed(&dark, seed)),
        "beyond the range in shadow"
    );
    assert!(
        (0..10).any(|seed| noticed(&lit, seed)),
        "within it in the light"
    );
}

/// Pillars and a doorway round the player, whose corners are where a straight line and the
/// player's field of view disagree.
const PILLARS: &[&str] = &[
    "#############",
    "#...........#",
    "#.#.#...#.#.#",
    "#...........#",
    "#####.@.#####",
    "#...........#",
    "#.#..#.#..#.#",
    "#...........#",
    "#############",
];

/// An archer never shoots the player from a cell the player cannot see: wherever it stands
/// round the pillars (every open cell tried), a turn in which it shoots is a turn it is in
/// view. Its sight is a straight line, the player's a field of view; where the line reaches
/// round a corner the field of view does not, it comes round for a line rather than shooting
/// from where the player could not even look.
#[test]
fn an_archer_shoots_the_player_only_from_where_the_player_sees_it() {
    let (plain, _) = Game::from_ascii(PILLARS, GameOptions::default()).expect("valid map");
    let player = plain.player_coord();
    let open: Vec<_> = plain
        .size()
        .icoord_iter_row_major()
        .filter(|&cell| {
            cell != player && PILLARS[cell.y as usize].as_bytes()[cell.x as usize] == b'.'
        })
        .collect();
    let mut shots = 0;
    for cell in open {
        let mut rows: Vec<String> = PILLARS.iter().map(|row| row.to_string()).collect();
        rows[cell.y as usize].replace_range(cell.x as usize..cell.x as usize + 1, "a");
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let mut game = Game::from_ascii(&rows, GameOptions::default())
            .expect("valid map")
            .0
            .with_wanderers_noticing();
        for _ in 0..3 {
            let seen = game
                .level()
                .cell_view(game.inhabitants().npcs().next().expect("the archer").coord)
                .visibility;
            game.act(PlayerAction::Wait);
            let shot = game.events().iter().any(|event| {
                matches!(
                    event,
                    GameEvent::Fight(FightEvent::Flew {
                        by: Actor::Npc(_),
                        ..
                    })
                )
            });
            if shot {
                shots += 1;
                assert_eq!(
                    seen,
                    CellVisibility::Visible,
                    "an archer from {cell:?} shot the player unseen"
                );
            }
        }
    }
    assert!(shots > 20, "archers in view shoot: {shots}");
}

/// An archer shooting from the dark within the player's view (the player's own light reaches
/// five cells on depth 9, an arrow seven; it is put five or six cells off) is told as unseen:
/// "An unseen goblin archer shoots an arrow."
#[test]
fn a_shot_from_the_dark_is_told_as_from_an_unseen_archer() {
    use chargrid::input::KeyboardInput;
    use coord_2d::UCoord;
    use umbra::app::GameApp;
    let screen = UCoord::new(100, 40);
    let archer = umbra_rules::content::NpcKind::from_map_letter('a')
        .expect("the archer")
        .0;
    // Most archers step into the player's light before they shoot: one run in sixty or so has
    // it shoot from the dark first (seeds 77, 125 and 161 of the first 200 under rules 29).
    for seed in 1..200 {
        let mut game = Game::new(seed, GameOptions::default());
        // Down by the wizard's shortcut, a boon chosen on each arrival (nothing else happens
        // while one is offered).
        for _ in 0..20 {
            if game.boons_offered().is_some() {
                game.act(PlayerAction::Choose { boon: 0 });
            } else if game.depth() < 9 && !game.is_over() {
                game.act(PlayerAction::Wizard(WizardCommand::Descend));
            }
        }
        if game.depth() != 9 || game.is_over() {
            continue;
        }
        let player = game.player_coord();
        let dark = game.size().icoord_iter_row_major().find(|&cell| {
            let d2 = cell.distance2(player);
            (26..=36).contains(&d2)
                && game.level().in_reach(cell)
                && game.level().cell_view(cell).visibility != CellVisibility::Visible
                && !game.level().blocks_walking(cell)
        });
        let Some(at) = dark else { continue };
        let kind = archer.index() as u8;
        game.act(PlayerAction::Wizard(WizardCommand::Spawn { kind, at }));
        let mut app = GameApp::new(game);
        // Standing still, the player is noticed within half its stealth range, by a roll.
        for _ in 0..30 {
            common::press_on(&mut app, screen, KeyboardInput::Char('.'));
            let text = common::screen::render_at(&app, screen).text();
            // (A shot it sent from where it was seen is named, as it should be.)
            if text.contains("An unseen goblin archer shoots") {
                return;
            }
        }
    }
    panic!("no archer shot from the dark in 200 seeds");
}

/// The player steps into a doorway on a dark cave: of two sleeping orcs as far off, the one by
/// the torch is announced as coming into view, the one in the dark is not (it is not seen); the
/// dark one is announced once the player, walking nearer, brings it into its own light.
#[test]
fn only_a_monster_in_the_light_is_announced_as_coming_into_view() {
    let s = &mut Scenario::with_npcs(
        &[
            "###################",
            "#@+..........1}...#",
            "###...........#####",
            "###...........2####",
            "###################",
        ],
        &[('1', 'z'), ('2', 'z')],
    );
    let announced = |s: &Scenario| {
        (s.game.events().iter())
            .filter(|e| matches!(e, GameEvent::Fight(FightEvent::CameIntoView { .. })))
            .count()
    };
    s.act(PlayerAction::Move(East));
    s.check_eq(announced(s), 1, "in the doorway: the orc by the torch only");
    s.check_eq(
        visibility(s, '2'),
        CellVisibility::NeverSeen,
        "the other orc stands in the dark",
    );
    let mut later = 0;
    for _ in 0..6 {
        s.act(PlayerAction::Move(East));
        later += announced(s);
    }
    s.check_eq(
        later,
        1,
        "the orc in the dark, once the player's light reaches it",
    );
}

/// An orc beside the player, wandering or searching as the dump is edited to say (a searching
/// one has heard a fight or lost sight of the player): the player's blow at it.
fn blow_at_an_orc_that_is(state: &str) -> Vec<GameEvent> {
    let s = Scenario::unnoticed(&["#####", "#@1.#", "#####"], &[('1', 'o')]);
    let dump = s.game.dump();
    let line = (dump.lines())
        .find(|l| l.starts_with("npc"))
        .expect("the orc's line");
    let start = line.find("state:").expect("a state") + "state:".len();
    let end = line.find(",last_transition").expect("a transition");
    let edited = format!("{}{state}{}", &line[..start], &line[end..]);
    let (mut game, _) =
        Game::from_dump(&dump.replace(line, &edited), GameOptions::default()).expect("reads back");
    game.act(PlayerAction::Move(East));
    game.events().to_vec()
}

#[test]
fn a_searching_monster_is_on_its_guard_and_no_blow_catches_it_from_the_dark() {
    let from_the_dark = |events: &[GameEvent]| {
        (events.iter()).any(|e| matches!(e, GameEvent::Fight(FightEvent::SneakAttack { .. })))
    };
    let wandering = blow_at_an_orc_that_is("Wandering(goal:None,from:None,resume_at:0)");
    assert!(
        from_the_dark(&wandering),
        "a wandering orc is caught unaware: {wandering:?}"
    );
    let searching = blow_at_an_orc_that_is(
        "Searching(target:(x:3,y:1),prowling:true,until:100,previous:(x:3,y:1))",
    );
    assert!(
        !from_the_dark(&searching),
        "a searching orc is not: {searching:?}"
    );
}

#[test]
fn a_fire_lights_the_cells_round_it_alike_on_every_side() {
    // A tuft of dead grass (`{`) in the middle of a dark room, set alight; the player walled
    // off, so that the light there is the fire's alone.
    let mut s = Scenario::new(&[
        "###############",
        "#@#...........#",
        "###...........#",
        "#.............#",
        "#......{......#",
        "#.............#",
        "#.............#",
        "#.............#",
        "###############",
    ]);
    let fire = coord_2d::ICoord::new(7, 4);
    s.game
        .act(PlayerAction::Wizard(WizardCommand::SetFire { at: fire }));
    assert!(s.game.level().fire_at(fire).is_some(), "the grass burns");
    let light = |dx: i32, dy: i32| {
        s.game
            .level()
            .light_at(fire + coord_2d::ICoord::new(dx, dy))
    };
    assert!(light(0, 0) > light(1, 0), "brightest where it burns");
    assert!(light(1, 0) > light(2, 1), "and dimmer further off");
    assert!(light(2, 1) > 0, "two steps off, still lit");
    for (dx, dy) in [(1, 0), (0, 1), (2, 1), (1, 2)] {
        let sides = [
            light(dx, dy),
            light(-dx, dy),
            light(dx, -dy),
            light(-dx, -dy),
        ];
        assert!(
            sides.iter().all(|&l| l == sides[0]),
            "({dx}, {dy}): {sides:?}"
        );
    }
    assert_eq!(light(5, 0), 0, "beyond the fire's reach");
}

#[test]
fn a_cell_is_drawn_in_the_colour_of_the_light_that_gives_it_most() {
    // A torch in the west wall, luminescent fungus at the east end, dark between.
    let s = Scenario::new(&[
        "########################",
        "#......................#",
        "}1.........@.........2%#",
        "#......................#",
        "########################",
    ]);
    let kind_of = |label: char| {
        let at = s.at(label) + coord_2d::ICoord::new(if label == '1' { -1 } else { 1 }, 0);
        s.game.level().ground_at(at).rules().light
    };
    let (torch, fungus) = (kind_of('1'), kind_of('2'));
    assert!(torch.is_some() && fungus.is_some() && torch != fungus);
    assert_eq!(s.game.level().cell_light(s.at('1')).strongest, torch);
    assert_eq!(s.game.level().cell_light(s.at('2')).strongest, fungus);
    // Beside the player, in the dark between: its own light alone, which gives no colour.
    let beside = s.game.player_coord() + coord_2d::ICoord::new(0, 1);
    assert_eq!(s.game.level().cell_light(beside).strongest, None);
}
