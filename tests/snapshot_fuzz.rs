//! A damaged snapshot whose checksum still holds (bytes changed, then the sum recomputed, as
//! `Game::from_state_bytes` sees them once the file's own checksum has passed): the game refuses
//! it or loads a game whose rules hold and that plays on, and it never panics nor allocates
//! more than a small multiple of what the real snapshot takes.

use std::alloc::System;

use coord_2d::ICoord;
use direction::CardinalDirection::{East, North, South, West};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use umbra_rules::game::{ItemKind, LOOKS_PER_CLASS, WizardCommand};
use umbra_rules::{Game, GameOptions, PlayerAction};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Damaged copies tried: a few seconds' work.
const CASES: usize = 20_000;

fn a_game_in_progress() -> Game {
    let mut game = Game::new(5, GameOptions::default());
    let moves = [
        PlayerAction::Move(North),
        PlayerAction::Move(East),
        PlayerAction::Move(South),
        PlayerAction::Move(West),
        PlayerAction::Wait,
    ];
    for i in 0..300 {
        game.act(moves[i % moves.len()]);
    }
    // A pack of every kind, so damage reaches what is carried and known too.
    for kind in ItemKind::all().filter(|&kind| kind != ItemKind::prize()) {
        let kind = kind.index() as u8;
        game.act(PlayerAction::Wizard(WizardCommand::Give { kind }));
    }
    game
}

/// A small, fixed stream of numbers, so every run tries the same damage.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

fn allocated_by(load: impl FnOnce()) -> usize {
    let region = Region::new(GLOBAL);
    load();
    region.change().bytes_allocated
}

#[test]
fn damaged_snapshots_are_refused_or_load_a_sound_game_never_a_panic_or_a_huge_allocation() {
    let game = a_game_in_progress();
    let bytes = game.to_state_bytes();
    let loaded = Game::from_state_bytes(&bytes).expect("the real snapshot loads");
    assert_eq!(
        loaded.state_hash(),
        game.state_hash(),
        "and is the same game"
    );
    let real = allocated_by(|| drop(Game::from_state_bytes(&bytes)));
    let bound = real * 2 + (1 << 20);
    let mut random = Lcg(12_345);
    let mut accepted = 0;
    for case in 0..CASES {
        let mut damaged = bytes.clone();
        for _ in 0..=random.next() % 3 {
            let at = random.next() as usize % damaged.len();
            damaged[at] = random.next() as u8;
        }
        let mut result = None;
        let used = allocated_by(|| result = Some(Game::from_state_bytes(&damaged)));
        assert!(
            used <= bound,
            "case {case}: {used} bytes for a load that takes {real}"
        );
        let Some(Ok(mut game)) = result else {
            continue;
        };
        accepted += 1;
        assert_eq!(
            game.invariant_violations(),
            Vec::<String>::new(),
            "case {case}"
        );
        for action in [
            PlayerAction::Wait,
            PlayerAction::Move(North),
            PlayerAction::PickUp,
        ] {
            for _ in 0..5 {
                game.act(action);
            }
        }
        // What the pack and the item lore hold is named and used, as the player would.
        for kind in ItemKind::all() {
            let label = game.item_name(kind).label;
            assert!(
                label < LOOKS_PER_CLASS,
                "case {case}: a look the app has no words for"
            );
        }
        let stacks: Vec<_> = game.pack().stacks().collect();
        for (slot, stack) in stacks {
            let _ = (game.item_name(stack.kind), game.potions());
            let at = Some(game.player_coord() + ICoord::new(1, 0));
            game.act(PlayerAction::Use { slot, at });
        }
    }
    assert!(
        accepted > 0,
        "some damage leaves a loadable game (the test would miss them)"
    );
}
