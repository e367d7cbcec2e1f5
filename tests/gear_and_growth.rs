//! Gear and growth: a weapon and armour change the dice and the time exactly as the item table
//! says, and putting them away restores them; a boon is offered on each new depth, chosen once,
//! recorded, and offered again the same after a resume; its panel fits the smallest screen.

mod common;

use chargrid::core::{Component, Event, FrameBuffer, UCoord};
use chargrid::input::{Input, KeyboardInput};
use common::Scenario;
use common::screen::render_at;
use direction::CardinalDirection::*;
use umbra::app::GameApp;
use umbra_rules::game::{Actor, Boon, GameEvent, ItemKind, ItemUse, TurnOutcome};
use umbra_rules::game::{DungeonEvent, FightEvent, ItemEvent};
use umbra_rules::{Game, GameOptions, PlayerAction};

fn kind_of(letter: char) -> ItemKind {
    ItemKind::from_map_letter(letter).expect("an item's letter")
}

/// The player's blow at the troll after picking up what lies at 2 and (if `wield`) wielding
/// it, then (if `put_away`) putting it away again: whether it landed and for how much.
fn one_blow(seed: u64, item: char, wield: bool, put_away: bool) -> Option<(bool, u32)> {
    // The player, the item east of it, a troll east of that that has seen the player (a
    // sleeping one would take a blow from the dark, which always lands).
    let row = format!("#@{item}T..#");
    let mut s = Scenario::new(&["#######", &row, "#######"]);
    s.game = s.game.reseeded(seed);
    s.act(PlayerAction::Move(East));
    if wield {
        s.act(PlayerAction::Use { slot: 0, at: None });
    }
    if put_away {
        s.act(PlayerAction::Use { slot: 0, at: None });
    }
    s.act(PlayerAction::Move(East));
    s.game.events().iter().find_map(|event| match *event {
        GameEvent::Fight(FightEvent::Attack {
            attacker: Actor::Player,
            damage,
            ..
        }) => Some((true, damage)),
        GameEvent::Fight(FightEvent::Miss {
            attacker: Actor::Player,
            ..
        }) => Some((false, 0)),
        _ => None,
    })
}

/// Over 600 seeded blows: the share that landed, and every damage a landed blow dealt.
fn blows(item: char, wield: bool, put_away: bool) -> (f64, Vec<u32>) {
    let results: Vec<(bool, u32)> = (0..600)
        .filter_map(|seed| one_blow(seed, item, wield, put_away))
        .collect();
    assert!(results.len() > 500, "the blows were struck");
    let landed: Vec<u32> = results.iter().filter(|r| r.0).map(|r| r.1).collect();
    (landed.len() as f64 / results.len() as f64, landed)
}

fn assert_dice(item: char, (hit, damage): ((u32, u32), (u32, u32)), wield: bool, put_away: bool) {
    let (rate, landed) = blows(item, wield, put_away);
    let expected = f64::from(hit.0) / f64::from(hit.1);
    assert!(
        (rate - expected).abs() < 0.07,
        "{item}: hit rate {rate}, table {expected}"
    );
    for d in damage.0..=damage.1 {
        assert!(landed.contains(&d), "{item}: a blow for {d} in {damage:?}");
    }
    assert!(
        landed.iter().all(|d| (damage.0..=damage.1).contains(d)),
        "{item}: every blow within {damage:?}"
    );
}

fn wield_dice(item: char) -> ((u32, u32), (u32, u32)) {
    match kind_of(item).rules().use_ {
        ItemUse::Wield { attack, .. } => (attack.to_hit, attack.damage),
        other => panic!("{item} is not a weapon: {other:?}"),
    }
}

#[test]
fn wielding_rolls_the_weapons_dice_and_putting_it_away_restores_the_blade() {
    let bare = (
        umbra_rules::balance::PLAYER_ATTACK.to_hit,
        umbra_rules::balance::PLAYER_ATTACK.damage,
    );
    assert_dice('(', wield_dice('('), true, false);
    assert_dice(')', wield_dice(')'), true, false);
    assert_dice('(', bare, true, true);
    assert_dice('(', bare, false, false);
}

#[test]
fn armour_blunts_blows_and_heavy_armour_slows_every_step() {
    // The player puts on the scale mail west of it; a troll comes and strikes turn after turn.
    let map = &["##########", "#]@.T....#", "##########"];
    // The player outlasts a hundred blows, so that they can be counted: enough that their mean
    // stands well clear of chance (1.58 expected with scale mail's 0-3 off each, its spread
    // about 0.12 over a hundred; 3 unblunted).
    let mut s = Scenario::new(map);
    s.game = s.game.with_player_max_hit_points(1000);
    s.act(PlayerAction::Move(West));
    s.act(PlayerAction::Use { slot: 0, at: None });
    s.check_eq(s.game.pack().worn(), Some(kind_of(']')), "worn");
    let mut damages = Vec::new();
    for _ in 0..200 {
        s.act(PlayerAction::Wait);
        for event in s.game.events() {
            if let GameEvent::Fight(FightEvent::Attack {
                target: Actor::Player,
                damage,
                ..
            }) = *event
            {
                damages.push(damage);
            }
        }
        if s.game.is_over() {
            break;
        }
    }
    let mean = damages.iter().sum::<u32>() as f64 / damages.len().max(1) as f64;
    s.check(damages.len() > 10, "the troll kept striking");
    s.check(damages.contains(&0), "some blows the armour takes whole");
    s.check(
        mean < 2.2,
        &format!("a troll's 2-4 blunted to {mean} on average"),
    );
}

#[test]
fn in_heavy_armour_a_jackal_runs_three_steps_to_each_of_the_players() {
    // Torches along the corridor: in light the jackal notices the player from afar.
    let map = &[
        "#####}#########}#########}#########}######",
        "#]@...................................1..#",
        "##########################################",
    ];
    // It sleeps: the player walks east towards it until it wakes far enough off to run at it
    // for a whole step of the player's (a roll: the first seed on which it does).
    let mut s = Scenario::rolled(map, &[('1', 'J')], |s| {
        s.act(PlayerAction::Move(West));
        s.act(PlayerAction::Use { slot: 0, at: None });
        for _ in 0..30 {
            s.act(PlayerAction::Move(East));
            let hunting = s.mind('1').state == umbra_rules::behaviour::NpcState::Hunting;
            if hunting {
                let gap = (s.where_is('1') - s.game.player_coord()).manhattan_magnitude();
                return gap >= 6;
            }
        }
        false
    });
    s.check_eq(s.game.pack().worn(), Some(kind_of(']')), "worn");
    let before = s.where_is('1');
    s.act(PlayerAction::Move(East));
    let moved = (s.where_is('1') - before).manhattan_magnitude();
    s.check_eq(moved, 3, "three jackal steps to one in scale mail");
}

/// A game that has just reached depth 2: its offer waits.
fn at_depth_two(seed: u64) -> Game {
    let (game, _) =
        Game::from_ascii(&["#####", "#@>.#", "#####"], GameOptions::default()).expect("valid map");
    let mut game = game.reseeded(seed);
    game.act(PlayerAction::Move(East));
    game.act(PlayerAction::Descend);
    assert_eq!(game.depth(), 2);
    game
}

#[test]
fn a_boon_is_offered_on_arrival_chosen_once_and_recorded() {
    let mut game = at_depth_two(1);
    let offer = game.boons_offered().expect("three boons wait");
    assert!(
        offer
            .iter()
            .enumerate()
            .all(|(i, b)| !offer[..i].contains(b)),
        "{offer:?}"
    );
    assert_eq!(
        game.act(PlayerAction::Wait),
        TurnOutcome::NoTurn,
        "first a choice"
    );
    assert!(
        game.events()
            .contains(&GameEvent::Dungeon(DungeonEvent::ChooseABoonFirst))
    );
    let turn = game.turn();
    game.act(PlayerAction::Choose { boon: 2 });
    assert_eq!(game.boons_chosen(), &[offer[2]]);
    assert_eq!(game.boons_offered(), None);
    assert_eq!(game.turn(), turn, "choosing takes no time");
    let hash = game.state_hash();
    game.act(PlayerAction::Choose { boon: 0 });
    assert_eq!(game.boons_chosen(), &[offer[2]], "applied once");
    assert_eq!(game.state_hash(), hash);
    assert!(
        game.actions().contains(&PlayerAction::Choose { boon: 2 }),
        "the choice is recorded"
    );
}

#[test]
fn vigour_adds_its_hit_points_once() {
    let (mut game, index) = offered(Boon::Vigour);
    let before = game.player_hit_points();
    game.act(PlayerAction::Choose { boon: index });
    let after = game.player_hit_points();
    let added = umbra_rules::balance::VIGOUR_HIT_POINTS[0];
    assert_eq!(
        (after.max, after.current),
        (before.max + added, before.current + added)
    );
}

/// A game at depth 2 whose offer holds `boon`, and where in the offer it is.
fn offered(boon: Boon) -> (Game, u8) {
    (1..200)
        .find_map(|seed| {
            let game = at_depth_two(seed);
            let index = game.boons_offered()?.iter().position(|&b| b == boon)?;
            Some((game, index as u8))
        })
        .expect("some seed offers it")
}

#[test]
fn might_and_precision_change_the_players_dice() {
    let bare = umbra_rules::balance::PLAYER_ATTACK;
    let (mut game, index) = offered(Boon::Might);
    assert_eq!(game.player_gear().attack, bare);
    game.act(PlayerAction::Choose { boon: index });
    let damage = game.player_gear().attack.damage;
    let (least, most) = umbra_rules::balance::MIGHT_DAMAGE;
    assert_eq!(
        damage,
        (bare.damage.0 + least, bare.damage.1 + most),
        "might: the top of the roll one more"
    );
    assert!(least + most > 0, "might adds something");
    let (mut game, index) = offered(Boon::Precision);
    game.act(PlayerAction::Choose { boon: index });
    let to_hit = game.player_gear().attack.to_hit;
    // Two misses in five left: 4 in 5 becomes 23 in 25.
    let (hits, out_of) = bare.to_hit;
    let (num, den) = umbra_rules::balance::PRECISION_MISSES_LEFT;
    let now = (out_of * den - (out_of - hits) * num, out_of * den);
    assert_eq!(to_hit, now, "precision: fewer misses");
    assert!(now.0 * out_of > hits * now.1, "surer than before");
}

#[test]
fn a_game_resumed_in_the_middle_of_the_choice_offers_the_same_boons() {
    let mut game = at_depth_two(7);
    let offer = game.boons_offered();
    let mut resumed = Game::from_state_bytes(&game.to_state_bytes()).expect("loads");
    assert_eq!(
        resumed.boons_offered(),
        offer,
        "the same three, in the same order"
    );
    game.act(PlayerAction::Choose { boon: 1 });
    resumed.act(PlayerAction::Choose { boon: 1 });
    assert_eq!(resumed.state_hash(), game.state_hash());
    // Replayed from its actions, too.
    let mut replayed = at_depth_two(7);
    assert_eq!(replayed.boons_offered(), offer);
    replayed.act(PlayerAction::Choose { boon: 1 });
    assert_eq!(replayed.state_hash(), game.state_hash());
}

#[test]
fn the_boon_panel_fits_the_smallest_screen_and_chooses_by_number() {
    let size = UCoord::new(50, 16);
    let game = at_depth_two(3);
    let offer = game.boons_offered().expect("an offer");
    let mut app = GameApp::new(game);
    let screen = render_at(&app, size);
    let text = screen.text();
    for boon in offer {
        let (name, _) = umbra::app::boon_words(boon);
        assert!(text.contains(name), "{name} on the panel:\n{text}");
    }
    let status = &screen.rows[size.height() as usize - 6];
    assert!(
        status.contains("HP") && status.contains("Depth 2"),
        "{status}"
    );
    let fb = FrameBuffer::new(size);
    let press = |app: &mut GameApp, c: char| {
        let key = Event::Input(Input::Keyboard(KeyboardInput::Char(c)));
        app.update(&mut (), fb.default_ctx(), key);
    };
    press(&mut app, 'o');
    let text = render_at(&app, size).text();
    assert!(
        text.contains("Choose a boon first"),
        "another key waits:\n{text}"
    );
    assert!(app.game().boons_offered().is_some());
    press(&mut app, '2');
    assert_eq!(app.game().boons_chosen(), &[offer[1]]);
    assert!(!render_at(&app, size).text().contains("choose a boon"));
}

/// The vigour offered and the vigour chosen are told with the same number: the panel's "3 more
/// hit points" is what the message says once chosen, and what the player gains.
#[test]
fn the_vigour_panel_and_its_message_say_the_same_hit_points() {
    let size = UCoord::new(100, 40);
    let (game, index) = offered(Boon::Vigour);
    let before = game.player_hit_points().max;
    let mut app = GameApp::new(game);
    let panel = render_at(&app, size).text();
    let offered_line = panel
        .lines()
        .find(|line| line.contains("Vigour:"))
        .expect("vigour on the panel")
        .to_string();
    let press = char::from(b'1' + index);
    common::press_on(&mut app, size, KeyboardInput::Char(press));
    let gained = app.game().player_hit_points().max - before;
    let words = format!("{gained} more hit points");
    assert!(offered_line.contains(&words), "{offered_line}");
    let text = render_at(&app, size).text();
    assert!(
        text.contains(&format!("You choose Vigour: {words}.")),
        "{text}"
    );
}

/// Gear is heavy: the pack holds one spare weapon or armour beside what is wielded and worn.
/// A second spare is left lying (told why); wielding the first makes room for it.
#[test]
fn the_pack_holds_one_spare_weapon_or_armour() {
    let mut s = Scenario::new(&["########", "#@)([..#", "########"]);
    s.act(PlayerAction::Move(East));
    s.check_eq(s.game.pack().stacks().count(), 1, "the dagger is carried");
    s.act(PlayerAction::Move(East));
    s.check(
        matches!(
            s.game.events(),
            [GameEvent::Items(ItemEvent::NoRoom { .. })]
        ),
        "the war axe is left lying: one spare already",
    );
    s.check_eq(s.game.pack().stacks().count(), 1, "the axe is not carried");
    s.act(PlayerAction::Use { slot: 0, at: None });
    s.act(PlayerAction::PickUp);
    s.check_eq(
        s.game.pack().stacks().count(),
        2,
        "wielding the dagger made room",
    );
    s.act(PlayerAction::Move(East));
    s.check_eq(
        s.game.pack().stacks().count(),
        2,
        "the armour is left: the axe is the spare now",
    );
}
