//! The pack and everything fired from it, on hand-drawn maps: what the targeting shows is what
//! flies, lightning strikes everyone in its line, confusion wears off, a fireball burns
//! everyone in its reach, letters stay put, unknown kinds are learnt.

mod common;

use coord_2d::ICoord;
use direction::CardinalDirection::{East, North, South, West};
use line_2d::{Config, LineSegment};
use umbra_rules::content::{ItemClass, ItemKind};
use umbra_rules::game::{AimError, GameEvent, TurnOutcome, WizardCommand, flight_cells};
use umbra_rules::{Game, GameOptions, PlayerAction};

use common::Scenario;
use umbra_rules::game::{FightEvent, ItemEvent, MagicEvent};

fn kind(letter: char) -> ItemKind {
    ItemKind::from_map_letter(letter).expect("a kind with that map letter")
}

fn lightning() -> ItemKind {
    kind('?')
}
fn confusion() -> ItemKind {
    kind('&')
}
fn fireball() -> ItemKind {
    kind('^')
}
fn dart() -> ItemKind {
    kind('/')
}

fn slot_of(s: &Scenario, kind: ItemKind) -> u8 {
    s.game
        .pack()
        .slot_of(kind)
        .unwrap_or_else(|| s.fail(&format!("{kind:?} is not carried")))
}

#[test]
fn lightning_strikes_every_foe_in_its_line_to_its_reach_and_none_behind_a_wall() {
    // Read from (1, 1) at the first orc: the line goes on through the second, eight cells off
    // (its reach), and stops short of the third, ten off.
    let mut s = Scenario::with_npcs(
        &[
            "#############",
            "#?@...1..3.4#",
            "#############",
            "#..2........#",
            "#############",
        ],
        &[('1', 'z'), ('2', 'z'), ('3', 'z'), ('4', 'z')],
    );
    s.act(PlayerAction::Move(West));
    let slot = slot_of(&s, lightning());
    let outcome = s.act(PlayerAction::Use {
        slot,
        at: Some(s.where_is('1')),
    });
    s.check_eq(outcome, TurnOutcome::TurnTaken, "reading takes a turn");
    s.check(s.npc('1').is_none(), "the orc aimed at is struck down");
    s.check(
        s.npc('3').is_none(),
        "the orc behind it, at the bolt's reach, is struck down too",
    );
    for (label, why) in [('4', "beyond its reach"), ('2', "behind the wall")] {
        let orc = s.npc(label).expect("that orc lives");
        s.check_eq(orc.hit_points.current, orc.hit_points.max, why);
    }
    s.check(
        s.game.item_name(lightning()).known,
        "reading it taught what it is",
    );
}

/// Known, lightning is aimed like anything else: the aim runs on to its reach through whoever
/// stands in the line, names them all, and says the reach. Unknown, its aim tells nothing of
/// that; aimed where nobody stands, it strikes no one and says so.
#[test]
fn a_known_lightning_scroll_shows_everyone_it_would_strike_and_its_reach() {
    let mut s = Scenario::with_npcs(
        &[
            "###############",
            "#?@..1..2.....#",
            "#?............#",
            "###############",
        ],
        &[('1', 'z'), ('2', 'z')],
    );
    s.act(PlayerAction::Move(West));
    s.act(PlayerAction::Move(South));
    let unknown = s.game.aim(0, s.where_is('1')).expect("aimed");
    s.check(unknown.strikes.is_empty(), "unknown, it names nobody");
    let outcome = s.act(PlayerAction::Use {
        slot: 0,
        at: Some(ICoord::new(3, 2)),
    });
    s.check_eq(outcome, TurnOutcome::TurnTaken, "read");
    let fizzled =
        (s.game.events().iter()).any(|e| matches!(e, GameEvent::Magic(MagicEvent::Fizzled { .. })));
    s.check(fizzled, "aimed where nobody stands, it strikes no one");
    s.check(s.game.item_name(lightning()).known, "reading it taught it");
    s.act(PlayerAction::Move(North));
    let from = s.game.player_coord();
    let aim = s.game.aim(0, s.where_is('1')).expect("aimed at the orc");
    let orc = umbra_rules::game::Actor::Npc(s.npc('1').expect("an orc").kind);
    s.check_eq(aim.strikes, vec![orc, orc], "both orcs in the line");
    s.check_eq(aim.reach, 8, "its reach");
    s.check_eq(
        aim.path.last().copied(),
        Some(from + ICoord::new(8, 0)),
        "the line runs on to its reach",
    );
    s.check_eq(
        s.game.aim(0, from + ICoord::new(9, 0)),
        Err(AimError::OutOfRange { reach: 8 }),
        "no further",
    );
}

#[test]
fn confusion_wears_off_and_the_npc_is_back_in_its_former_state() {
    let mut s = Scenario::with_npcs(
        &["###########", "#@&......1#", "###########"],
        &[('1', 'o')],
    );
    s.act(PlayerAction::Move(East));
    let slot = slot_of(&s, confusion());
    // Let it see the player and come hunting.
    while s.mind('1').state != umbra_rules::game::NpcState::Hunting {
        s.act(PlayerAction::Wait);
    }
    let at = s.where_is('1');
    let former = s.mind('1').state;
    s.act(PlayerAction::Use { slot, at: Some(at) });
    let confused = s.mind('1');
    s.check_eq(confused.state, former, "its state is kept while confused");
    s.check(confused.confused_for > 0, "it is confused");
    s.check(
        s.game
            .events()
            .iter()
            .any(|e| matches!(e, GameEvent::Magic(MagicEvent::Confused { .. }))),
        "the log says so",
    );
    let mut turns = 0;
    while s.mind('1').confused_for > 0 {
        s.check_eq(s.mind('1').state, confused.state, "its state waits");
        s.act(PlayerAction::Wait);
        turns += 1;
        s.check(turns <= 20, "confusion ends");
    }
    s.check_eq(s.mind('1').state, confused.state, "back to hunting");
}

#[test]
fn a_fireball_hurts_every_character_in_its_reach_the_reader_too_and_nothing_beyond() {
    let mut s = Scenario::with_npcs(
        &["#############", "#@^.1.2....3#", "#############"],
        &[('1', 'z'), ('2', 'z'), ('3', 'z')],
    );
    s.act(PlayerAction::Move(East));
    let slot = slot_of(&s, fireball());
    let target = s.where_is('1');
    let aim = s.game.aim(slot, target).expect("in view and in range");
    let before: Vec<_> = s.game.inhabitants().npcs().collect();
    let player_before = s.game.player_hit_points().current;
    s.act(PlayerAction::Use {
        slot,
        at: Some(target),
    });
    let centre = aim.path.last().copied().expect("it flew");
    s.check_eq(centre, target, "it bursts on the first orc");
    let radius = fireball_use()
        .bolt()
        .expect("a fireball's bolt")
        .rules()
        .effect
        .radius();
    let radius = radius.expect("a fireball bursts");
    let player = s.game.player_coord();
    s.check(
        player.distance2(centre) <= radius * radius,
        "the reader stands in the blast",
    );
    s.check(
        s.game.player_hit_points().current < player_before,
        "the reader is burnt",
    );
    for npc in before {
        let reached = npc.coord.distance2(centre) <= radius * radius;
        let now = s.game.inhabitants().npcs().find(|n| n.id == npc.id);
        let hurt = now.is_none_or(|n| n.hit_points.current < npc.hit_points.current);
        s.check_eq(
            hurt,
            reached,
            &format!("hurt iff within the blast: {npc:?}"),
        );
    }
}

#[test]
fn a_player_killed_by_its_own_fireball_last_sees_what_is_there() {
    let text = "#######\n#@^...#\n#######\n\nplayer (hit_points: (1, 18))\n";
    let (game, _) = Game::from_dump(text, GameOptions::default()).expect("a dump");
    let mut s = Scenario::from_game(game);
    s.act(PlayerAction::Move(East));
    let slot = slot_of(&s, fireball());
    s.act(PlayerAction::Use {
        slot,
        at: Some(ICoord::new(4, 1)),
    });
    s.check(s.game.is_over(), "burnt to death by its own blast");
    s.check_eq(
        s.game.invariant_violations(),
        Vec::<String>::new(),
        "what it remembers of its last sight is what is there",
    );
}

use umbra_rules::content::ItemUse as ItemKindUse;

fn fireball_use() -> ItemKindUse {
    fireball().rules().use_
}

#[test]
fn a_dart_stops_at_the_first_character_on_its_line_and_lies_there() {
    let mut s = Scenario::with_npcs(
        &["#########", "#@/.1.2.#", "#########"],
        &[('1', 'z'), ('2', 'z')],
    );
    s.act(PlayerAction::Move(East));
    let slot = slot_of(&s, dart());
    let first = s.where_is('1');
    let far = s.where_is('2');
    let aim = s.game.aim(slot, far).expect("a line to the far orc");
    s.check_eq(
        aim.path.last().copied(),
        Some(first),
        "the path stops on the first orc",
    );
    s.act(PlayerAction::Use {
        slot,
        at: Some(far),
    });
    let flew = s.game.events().iter().find_map(|e| match *e {
        GameEvent::Fight(FightEvent::Flew {
            from, toward, stop, ..
        }) => Some((from, toward, stop)),
        _ => None,
    });
    let (from, toward, stop) = flew.expect("it flew");
    s.check_eq(stop, first, "it stopped on the first orc");
    let taken: Vec<ICoord> = flight_cells(from, toward, stop).collect();
    s.check_eq(taken, aim.path, "the path taken is the path shown");
    s.check_eq(
        s.game.item_at(first).map(|l| l.kind),
        Some(dart()),
        "the dart lies where it stopped",
    );
    let far_orc = s.npc('2').expect("the far orc lives");
    s.check_eq(
        far_orc.hit_points.current,
        far_orc.hit_points.max,
        "the far orc is untouched",
    );
}

#[test]
fn the_path_drawn_is_the_path_taken_at_every_angle() {
    let rows = [
        "###############",
        "#.............#",
        "#.............#",
        "#.............#",
        "#.............#",
        "#......@//////#",
        "#.............#",
        "#.............#",
        "#.............#",
        "#.............#",
        "###############",
    ];
    let targets = [
        (13, 9),
        (12, 2),
        (7, 1),
        (6, 8),
        (9, 9),
        (13, 1),
        (8, 5),
        (13, 4),
    ];
    for (x, y) in targets {
        let mut s = Scenario::new(&rows);
        for _ in 0..6 {
            s.act(PlayerAction::Move(East));
        }
        s.act(PlayerAction::Move(West));
        s.act(PlayerAction::Move(West));
        let slot = slot_of(&s, dart());
        let from = s.game.player_coord();
        let target = ICoord::new(x, y);
        let aim = (s.game.aim(slot, target))
            .unwrap_or_else(|e| s.fail(&format!("{target:?} cannot be aimed at: {e:?}")));
        let line: Vec<ICoord> = LineSegment::new(from, target)
            .config_iter(Config {
                exclude_start: true,
                exclude_end: false,
            })
            .collect();
        s.check_eq(&aim.path, &line, "the drawn path is line_2d's line");
        s.act(PlayerAction::Use {
            slot,
            at: Some(target),
        });
        let stop = s.game.events().iter().find_map(|e| match *e {
            GameEvent::Fight(FightEvent::Flew { stop, .. }) => Some(stop),
            _ => None,
        });
        s.check_eq(stop, Some(target), "it flew to the cell aimed at");
        let taken: Vec<ICoord> = flight_cells(from, target, target).collect();
        s.check_eq(taken, line, "and crossed the cells drawn");
    }
}

#[test]
fn aiming_where_it_cannot_go_costs_no_turn_and_keeps_the_item() {
    let mut s = Scenario::new(&[
        "#########",
        "#@/.....#",
        "####.####",
        "####....#",
        "#########",
    ]);
    s.act(PlayerAction::Move(East));
    let slot = slot_of(&s, dart());
    let turn = s.game.turn();
    for (at, why) in [
        (s.game.player_coord(), AimError::OwnCell),
        (ICoord::new(7, 3), AimError::NotInView),
        // The wall beside the player: it would fly nowhere (or into the thrower).
        (ICoord::new(2, 0), AimError::NoClearLine),
        (ICoord::new(3, 2), AimError::NoClearLine),
    ] {
        let outcome = s.act(PlayerAction::Use { slot, at: Some(at) });
        s.check_eq(outcome, TurnOutcome::NoTurn, "no turn");
        s.check_eq(
            s.game.events(),
            &[GameEvent::Items(ItemEvent::CannotAim(why))],
            "said why",
        );
    }
    let outcome = s.act(PlayerAction::Use { slot, at: None });
    s.check_eq(outcome, TurnOutcome::NoTurn, "no target, no turn");
    s.check_eq(
        (s.game.turn(), s.game.pack().count_of(dart())),
        (turn, 1),
        "nothing spent",
    );
}

#[test]
fn letters_stay_put_when_a_middle_item_is_used_up_and_a_drop_comes_back() {
    let mut s = Scenario::with_npcs(
        &["###########", "#@!?/....1#", "###########"],
        &[('1', 'z')],
    );
    for _ in 0..3 {
        s.act(PlayerAction::Move(East));
    }
    let letters = |s: &Scenario| -> Vec<(u8, ItemKind)> {
        s.game
            .pack()
            .stacks()
            .map(|(slot, st)| (slot, st.kind))
            .collect()
    };
    s.check_eq(
        letters(&s),
        vec![(0, kind('!')), (1, lightning()), (2, dart())],
        "a, b, c in the order found",
    );
    let orc = s.where_is('1');
    s.act(PlayerAction::Use {
        slot: 1,
        at: Some(orc),
    });
    s.check_eq(
        letters(&s),
        vec![(0, kind('!')), (2, dart())],
        "the darts keep c when b is used up",
    );
    let before = s.game.pack().clone();
    s.act(PlayerAction::Drop { slot: 2 });
    s.check_eq(s.game.pack().get(2), None, "dropped");
    let outcome = s.act(PlayerAction::PickUp);
    s.check_eq(outcome, TurnOutcome::TurnTaken, "picking up takes a turn");
    s.check_eq(
        s.game.pack(),
        &before,
        "picked up again, under the same letter",
    );
    let outcome = s.act(PlayerAction::PickUp);
    s.check_eq(outcome, TurnOutcome::NoTurn, "nothing left to pick up");
}

#[test]
fn looks_are_shuffled_by_the_seed_and_the_same_for_the_same_seed() {
    let scrolls: Vec<ItemKind> = ItemKind::all()
        .filter(|k| k.rules().use_.class() == ItemClass::Scroll)
        .collect();
    let looks = |seed| -> Vec<u8> {
        let game = Game::new(seed, GameOptions::default());
        scrolls.iter().map(|&k| game.item_name(k).label).collect()
    };
    assert_eq!(looks(5), looks(5), "the same seed, the same labels");
    let distinct: std::collections::HashSet<Vec<u8>> = (0..20).map(looks).collect();
    assert!(
        distinct.len() > 10,
        "labels change with the seed: {distinct:?}"
    );
    for seed in 0..20 {
        let labels = looks(seed);
        let unique: std::collections::HashSet<&u8> = labels.iter().collect();
        assert_eq!(unique.len(), labels.len(), "no two kinds share a label");
        let game = Game::new(seed, GameOptions::default());
        assert!(
            scrolls.iter().all(|&k| !game.item_name(k).known),
            "unknown at first"
        );
    }
}

#[test]
fn the_last_unknown_kind_of_a_class_identifies_itself() {
    let mut s = Scenario::with_npcs(
        &["#############", "#@.........1#", "#############"],
        &[('1', 'z')],
    );
    let others: Vec<ItemKind> = ItemKind::all()
        .filter(|&k| k.rules().use_.class() == ItemClass::Scroll && k != fireball())
        .collect();
    for kind in &others {
        let kind = kind.index() as u8;
        s.act(PlayerAction::Wizard(WizardCommand::Give { kind }));
    }
    for (i, &kind) in others.iter().enumerate() {
        s.check(!s.game.item_name(fireball()).known, "unknown while two are");
        let slot = slot_of(&s, kind);
        // An unknown scroll is read at a cell in view: two cells along the corridor.
        let player = s.game.player_coord();
        let step = if player.x < 6 { 2 } else { -2 };
        let at = player + ICoord::new(step, 0);
        s.act(PlayerAction::Use { slot, at: Some(at) });
        s.check(
            s.game.item_name(kind).known,
            &format!("scroll {i} is known once read"),
        );
    }
    s.check(
        s.game.item_name(fireball()).known,
        "the last is known by elimination",
    );
    s.check(
        s.game
            .events()
            .contains(&GameEvent::Items(ItemEvent::Identified {
                item: fireball(),
                by_elimination: true,
            })),
        "and the log says so",
    );
}

#[test]
fn a_game_saved_in_a_fight_with_items_resumes_identically() {
    let mut s = Scenario::with_npcs(
        &["############", "#@&//....1.#", "############"],
        &[('1', 'o')],
    );
    for _ in 0..3 {
        s.act(PlayerAction::Move(East));
    }
    let orc = s.where_is('1');
    s.act(PlayerAction::Use {
        slot: 0,
        at: Some(orc),
    });
    let orc = s.where_is('1');
    s.act(PlayerAction::Use {
        slot: 1,
        at: Some(orc),
    });
    let bytes = s.game.to_state_bytes();
    let mut loaded = Game::from_state_bytes(&bytes).expect("loads");
    assert_eq!(loaded.state_hash(), s.game.state_hash());
    for _ in 0..15 {
        s.act(PlayerAction::Wait);
        loaded.act(PlayerAction::Wait);
        assert_eq!(
            loaded.state_hash(),
            s.game.state_hash(),
            "the same game after loading"
        );
    }
}

/// An unknown scroll may be read at the reader's own cell, as one that acts on its reader
/// would be: refusing would tell what it is not. One that flies goes off at the reader's feet.
#[test]
fn an_unknown_scroll_read_at_yourself_goes_off_there() {
    let mut s = Scenario::new(&["#########", "#@^.....#", "#########"]);
    s.act(PlayerAction::Move(East));
    let slot = slot_of(&s, fireball());
    let before = s.game.player_hit_points().current;
    let at = Some(s.game.player_coord());
    let outcome = s.act(PlayerAction::Use { slot, at });
    s.check(outcome != TurnOutcome::NoTurn, "it is read");
    s.check(
        s.game.player_hit_points().current < before || s.game.is_over(),
        "and the fireball bursts on the reader",
    );
}

/// An aim tells only what the screen does: an invisible phantom on the line neither stops the
/// line drawn nor is named, though the dart thrown along it strikes the phantom.
#[test]
fn the_aim_neither_names_nor_stops_at_a_phantom_the_player_cannot_see() {
    let mut s = Scenario::with_npcs(
        &["##########", "#@/.1..2.#", "##########"],
        &[('1', 'p'), ('2', 'z')],
    );
    s.act(PlayerAction::Move(East));
    let slot = slot_of(&s, dart());
    let orc = s.where_is('2');
    let aim = s.game.aim(slot, orc).expect("aimed at the orc");
    let orc_kind = s.npc('2').expect("the orc").kind;
    s.check_eq(
        aim.stops_on,
        Some(umbra_rules::game::Actor::Npc(orc_kind)),
        "it names the orc, not the phantom",
    );
    s.check_eq(
        aim.path.last().copied(),
        Some(orc),
        "the line runs on to the orc",
    );
    s.act(PlayerAction::Throw { slot, at: orc });
    let thrown = (s.game.events().iter()).find_map(|e| match e {
        GameEvent::Fight(FightEvent::Flew { stop, .. }) => Some(*stop),
        _ => None,
    });
    s.check_eq(
        thrown,
        Some(s.where_is('1')),
        "the dart stops on the phantom",
    );
}
