//! Sides: characters of different sides fight, of one side make way; a kill counts for the
//! killer's side; a death in the NPC phase leaves nobody dead among the awake, in the hash or in
//! a save. A test puts an orc on the player's side by hand (as freeing a captive does).

mod common;

use common::Scenario;
use direction::CardinalDirection::East;
use umbra_rules::game::FightEvent;
use umbra_rules::game::{Actor, EntityId, GameEvent, Side, TurnOutcome};
use umbra_rules::{Game, GameOptions, PlayerAction};

/// A corridor: the player, its ally the orc at 1, and an awake troll at 2 that must go through
/// the orc to reach the player.
fn ally_in_the_way() -> Scenario {
    let mut s = Scenario::with_npcs(
        &["##########", "#@12.....#", "##########"],
        &[('1', 'o'), ('2', 'T')],
    );
    let ally = s.npc('1').expect("the orc").id;
    s.game = s
        .game
        .with_side(ally, Side::Hero)
        .with_player_max_hit_points(500);
    s
}

#[test]
fn the_player_trades_places_with_its_ally_rather_than_striking_it() {
    let mut s = ally_in_the_way();
    let hit_points = s.npc('1').expect("the orc").hit_points;
    let (player, ally) = (s.game.player_coord(), s.where_is('1'));
    let outcome = s.game.act(PlayerAction::Move(East));
    s.check_eq(
        outcome,
        TurnOutcome::TurnTaken,
        "walking into an ally is a step",
    );
    s.check_eq(s.npc('1').expect("alive").hit_points, hit_points, "unhurt");
    s.check_eq(
        s.game.player_coord(),
        ally,
        "the player stands where the ally stood",
    );
    s.check_ne(s.where_is('1'), ally, "and the ally has stepped aside");
    s.check(
        s.where_is('1') != player || s.game.player_coord() != player,
        "both moved",
    );
}

/// An orc on the player's side shut in a pocket whose only way out holds a troll confused for
/// a long while (as a scroll would leave it), stumbling at random: into the orc now and then.
fn confused_troll_by_the_ally() -> (Game, EntityId) {
    let rows = ["######", "#@##1#", "####2#", "####.#", "######"];
    let s = Scenario::with_npcs(&rows, &[('1', 'o'), ('2', 'T')]);
    let troll_at = s.at('2');
    let dump = s.game.dump();
    let troll_line = dump
        .lines()
        .find(|l| {
            l.starts_with("npc") && l.contains(&format!("at:({},{})", troll_at.x, troll_at.y))
        })
        .expect("the troll's line");
    let confused = troll_line.replace("confused_for:0", "confused_for:5000");
    let dump = dump.replace(troll_line, &confused);
    // The orc is down to its last hit point: the first blow that lands kills it, before the
    // orc (which fights back) can wear the troll down, whatever the dice.
    let orc_at = s.at('1');
    let orc_line = (dump.lines())
        .find(|l| l.starts_with("npc") && l.contains(&format!("at:({},{})", orc_at.x, orc_at.y)))
        .expect("the orc's line");
    let dump = dump.replace(
        orc_line,
        &orc_line.replace("hit_points:(4,4)", "hit_points:(1,4)"),
    );
    let (game, _) = Game::from_dump(&dump, GameOptions::default()).expect("reads back");
    let ally = game.inhabitants().npc_at(s.at('1')).expect("the orc").id;
    (game.with_side(ally, Side::Hero), ally)
}

/// Waits until the troll kills the orc in the NPC phase; the events of that turn.
fn until_the_troll_kills_the_ally(game: &mut Game, ally: EntityId) -> Vec<GameEvent> {
    for _ in 0..400 {
        game.act(PlayerAction::Wait);
        if game.inhabitants().npcs().all(|npc| npc.id != ally) {
            return game.events().to_vec();
        }
    }
    panic!("the troll never killed the orc:\n{}", game.dump())
}

#[test]
fn a_confused_troll_kills_an_ally_it_stumbles_into_and_the_kill_is_the_dungeons() {
    let (mut game, ally) = confused_troll_by_the_ally();
    let events = until_the_troll_kills_the_ally(&mut game, ally);
    let troll = game
        .inhabitants()
        .npcs()
        .next()
        .expect("the troll lives")
        .kind;
    assert!(
        events
            .iter()
            .any(|e| { matches!(e, GameEvent::Fight(FightEvent::Kill { killer: Actor::Npc(k), .. }) if *k == troll) }),
        "the troll is named the killer: {events:?}"
    );
    assert_eq!(game.kills(), 0, "not the player's kill");
    assert_eq!(
        game.inhabitants().awake_npcs(),
        1,
        "only the troll is awake"
    );
    assert!(game.invariant_violations().is_empty(), "a sound world");
}

#[test]
fn after_a_death_in_the_npc_phase_a_resumed_game_plays_on_as_the_live_one() {
    let (mut game, ally) = confused_troll_by_the_ally();
    until_the_troll_kills_the_ally(&mut game, ally);
    let mut resumed = Game::from_state_bytes(&game.to_state_bytes()).expect("loads");
    assert_eq!(resumed.state_hash(), game.state_hash());
    assert_eq!(
        resumed.inhabitants().awake_npcs(),
        game.inhabitants().awake_npcs()
    );
    for _ in 0..20 {
        game.act(PlayerAction::Wait);
        resumed.act(PlayerAction::Wait);
        assert_eq!(resumed.state_hash(), game.state_hash());
    }
}

/// A game saved and loaded again before every turn, beside one played straight through, while
/// monsters hunt the player and its ally across a room with pillars: the two stay the same
/// game. The map towards the player's side is measured at most once a turn with an ally about;
/// a straight game once counted a map measured on an earlier turn as no turn's, measured it
/// again after the ally stepped, and went its own way.
#[test]
fn a_game_loaded_before_every_turn_hunts_as_the_live_one_with_an_ally_about() {
    let rows = [
        "####################",
        "#2....#......#....4#",
        "#..#.....##.....#..#",
        "#..#..@1.##..3..#..#",
        "#..#.....##.....#..#",
        "#5....#......#....6#",
        "####################",
    ];
    // On foot (jackals step twice a turn, so a second time after the ally's step), and on
    // the wing (furies, as fast, have a map of their own, measured by the same rule).
    let layouts: [&[(char, char)]; 2] = [
        &[
            ('1', 'O'),
            ('2', 'j'),
            ('3', 'T'),
            ('4', 'j'),
            ('5', 'o'),
            ('6', 'j'),
        ],
        &[('1', 'o'), ('2', 'f'), ('3', 'f'), ('4', 'f'), ('5', 'f')],
    ];
    for (index, npcs) in layouts.into_iter().enumerate() {
        let s = Scenario::with_npcs(&rows, npcs);
        let ally = s.npc('1').expect("the ally").id;
        let mut live = s
            .game
            .with_side(ally, Side::Hero)
            .with_player_max_hit_points(500);
        // A turn first, so the player sees its ally as the ally it now is.
        live.act(PlayerAction::Wait);
        let mut loaded = Game::from_state_bytes(&live.to_state_bytes()).expect("loads");
        for turn in 0..120 {
            live.act(PlayerAction::Wait);
            loaded = Game::from_state_bytes(&loaded.to_state_bytes()).expect("loads");
            loaded.act(PlayerAction::Wait);
            assert_eq!(
                loaded.state_hash(),
                live.state_hash(),
                "layout {index}, after turn {turn}"
            );
        }
    }
}
