//! A run of sharper fights: darts that break now and then, boons that weigh against each other
//! (a third vigour gives less than the first; the boon chosen last is not offered next), mixed
//! bands at the depths the bestiary gives them, and a monster from deeper down now and then.

mod common;

use common::Scenario;
use coord_2d::{ICoord, UCoord};
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra_rules::content::{ItemKind, NpcKind};
use umbra_rules::game::ItemEvent;
use umbra_rules::game::{Boon, GameEvent, WizardCommand};
use umbra_rules::terrain::{Disposition, generate_at_depth};
use umbra_rules::{Game, GameOptions, PlayerAction};

fn npc(letter: char) -> NpcKind {
    NpcKind::from_map_letter(letter).expect("a kind").0
}

#[test]
fn a_thrown_dart_breaks_about_one_throw_in_four() {
    let dart = ItemKind::from_map_letter('/').expect("darts");
    let rows = ["##########", "#@.......#", "##########"];
    let (mut broke, mut throws) = (0, 0);
    for seed in 0..200 {
        let mut s = Scenario::new(&rows);
        s.game = s.game.reseeded(seed);
        s.act(PlayerAction::Wizard(WizardCommand::Give {
            kind: dart.index() as u8,
        }));
        s.act(PlayerAction::Use {
            slot: 0,
            at: Some(ICoord::new(6, 1)),
        });
        throws += 1;
        let gone = s
            .game
            .events()
            .contains(&GameEvent::Items(ItemEvent::Broke { item: dart }));
        broke += usize::from(gone);
        let lies = s.game.item_at(ICoord::new(6, 1)).is_some();
        assert_ne!(
            gone, lies,
            "seed {seed}: a dart breaks or lands, never both"
        );
    }
    assert!(
        (30..=70).contains(&broke),
        "{broke} of {throws} darts broke (the table says one in four)"
    );
}

/// Descends by the wizard's word, choosing the first boon offered each time, and checks each
/// offer against the choice before it.
#[test]
fn the_boon_chosen_last_is_never_offered_next() {
    for seed in 0..20 {
        let mut game = Game::new(seed, GameOptions::default());
        let mut last = None;
        for _ in 0..9 {
            game.act(PlayerAction::Wizard(WizardCommand::Descend));
            let offer = game.boons_offered().expect("an offer on arrival");
            assert!(
                last.is_none_or(|last| !offer.contains(&last)),
                "seed {seed}: {last:?} offered again in {offer:?}"
            );
            last = Some(offer[0]);
            game.act(PlayerAction::Choose { boon: 0 });
        }
    }
}

#[test]
fn each_vigour_gives_fewer_hit_points_than_the_first() {
    let mut gains = Vec::new();
    let mut game = Game::new(3, GameOptions::default());
    while game.depth() < 10 && gains.len() < 4 {
        game.act(PlayerAction::Wizard(WizardCommand::Descend));
        let offer = game.boons_offered().expect("an offer");
        match offer.iter().position(|&b| b == Boon::Vigour) {
            Some(at) => {
                let before = game.player_hit_points().max;
                // What the boons panel says vigour gives now is what it gives.
                let promised = game.next_vigour();
                game.act(PlayerAction::Choose { boon: at as u8 });
                gains.push(game.player_hit_points().max - before);
                assert_eq!(gains.last(), Some(&promised), "vigour as promised");
            }
            None => {
                game.act(PlayerAction::Choose { boon: 0 });
            }
        }
    }
    assert!(gains.len() >= 3, "vigour offered {} times", gains.len());
    assert_eq!(&gains[..3], &[3, 3, 2], "what each vigour gave");
}

/// Levels of one depth, each from its own seed.
fn levels(depth: u32) -> impl Iterator<Item = umbra_rules::terrain::Terrain> {
    (0..60).map(move |seed| {
        let mut rng = Isaac64Rng::seed_from_u64(seed * 7919 + u64::from(depth));
        generate_at_depth(UCoord::new(80, 30), depth, &mut rng)
    })
}

/// A shaman with two orcs or more within two steps of it, as it is (awake, asleep): the orc
/// war band. (A vault's guards near a wandering shaman are no band.)
fn holds_a_war_band(level: &umbra_rules::terrain::Terrain) -> bool {
    let near = |a: ICoord, b: ICoord| (a - b).x.abs().max((a - b).y.abs()) <= 2;
    level
        .npcs
        .iter()
        .filter(|n| n.kind == npc('s'))
        .any(|shaman| {
            (level.npcs.iter())
                .filter(|n| {
                    n.kind == npc('o')
                        && near(n.coord, shaman.coord)
                        && n.disposition == shaman.disposition
                })
                .count()
                >= 2
        })
}

#[test]
fn war_bands_come_from_depth_3_and_never_before() {
    assert!(
        levels(2).all(|level| !holds_a_war_band(&level)),
        "none on depth 2"
    );
    let found = levels(4).filter(holds_a_war_band).count();
    assert!(
        found >= 6,
        "{found} of 60 levels of depth 4 hold an orc war band"
    );
}

#[test]
fn now_and_then_a_monster_from_deeper_down_wanders_a_shallow_level() {
    // Not on the first level (tests/levels_by_depth.rs), often on the second: awake,
    // wandering, one a level at most.
    let second: Vec<_> = levels(2).collect();
    let with_one: Vec<_> = second
        .iter()
        .filter_map(|level| {
            let at = level.from_deeper?;
            level.npcs.iter().find(|n| n.coord == at)
        })
        .collect();
    assert!(
        with_one.len() >= 4,
        "{} of 60 levels of depth 2 hold a monster from below",
        with_one.len()
    );
    assert!(
        with_one.iter().all(|n| n.disposition == Disposition::Awake),
        "it comes awake, wandering"
    );
    let from_below = |n: &&umbra_rules::terrain::NpcSpawn| n.kind.rules().spawn.depths.0 > 2;
    assert!(
        with_one.iter().any(from_below),
        "some are kinds the second level never draws"
    );
}

#[test]
fn a_scenario_dart_that_breaks_is_gone_from_the_pack_and_the_floor() {
    // The pack's count falls by one whether it breaks or lands.
    let rows = ["########", "#@.....#", "########"];
    let mut s = Scenario::new(&rows);
    let dart = ItemKind::from_map_letter('/').expect("darts");
    for _ in 0..3 {
        s.act(PlayerAction::Wizard(WizardCommand::Give {
            kind: dart.index() as u8,
        }));
    }
    s.act(PlayerAction::Use {
        slot: 0,
        at: Some(ICoord::new(5, 1)),
    });
    let left = s.game.pack().get(0).map_or(0, |stack| stack.count);
    s.check_eq(left, 2, "one dart gone from the pack");
    let broke = s
        .game
        .events()
        .iter()
        .any(|e| matches!(e, GameEvent::Items(ItemEvent::Broke { .. })));
    s.check_eq(
        s.game.item_at(ICoord::new(5, 1)).is_some(),
        !broke,
        "on the floor unless it broke",
    );
}
