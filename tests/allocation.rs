//! A steady-state turn allocates nothing: once a game has played one turn, the NPC phase and the
//! field of view run on reused scratch space, even with a crowd hunting the player.
//!
//! The counting allocator is global, so the tests here take turns (`SERIAL`): another test running
//! on a parallel thread would add its allocations to the count.

use std::alloc::System;
use std::sync::Mutex;

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use umbra::PlayerAction;
use umbra::scenes::{self, SceneSpec};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

static SERIAL: Mutex<()> = Mutex::new(());

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
            game.npcs_seeing_player() >= spec.hunters * 9 / 10,
            "{name}, turn {turn}: the crowd is hunting"
        );
        assert_eq!(
            (change.allocations, change.reallocations),
            (0, 0),
            "{name}, turn {turn}: {change:?}"
        );
    }
}

#[test]
fn in_a_crowd_turns_after_the_first_allocate_nothing() {
    let _serial = SERIAL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    assert_turns_allocate_nothing("250x250 with 1000 NPCs", &scenes::CROWD);
}

/// Here the first blow of the game falls on turn 3: the event list must already have room.
#[test]
fn on_a_small_level_turns_after_the_first_allocate_nothing() {
    let _serial = SERIAL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    assert_turns_allocate_nothing("40x30 with 15 NPCs", &scenes::SMALL);
}
