//! The benchmarks' scenes (benches/support/scenes.rs) are what their names say. Kept apart from
//! tests/allocation.rs, whose counting allocator would count these tests' allocations too.

// Each user of the shared scenes takes only the ones it needs.
#[allow(dead_code)]
#[path = "../benches/support/scenes.rs"]
mod scenes;

use scenes::{CROWD, SMALL};

#[test]
fn the_same_spec_draws_the_same_scene() {
    assert_eq!(SMALL.build(), SMALL.build());
}

#[test]
fn a_scene_player_outlasts_the_crowd() {
    let mut game = CROWD.build().game();
    for _ in 0..200 {
        game.act(umbra_rules::PlayerAction::Wait);
    }
    let hit_points = game.player_hit_points();
    assert!(!game.is_over(), "the player is still standing");
    assert!(
        hit_points.current < hit_points.max - 200,
        "the crowd has been striking it: {hit_points:?}"
    );
}

#[test]
fn a_scene_has_the_npcs_its_spec_asks_for() {
    let game = SMALL.build().game();
    let player = game.player_coord();
    let (near, far): (Vec<_>, Vec<_>) = game
        .inhabitants()
        .npcs()
        .partition(|npc| npc.coord.distance2(player) <= scenes::CROWD_REACH2);
    assert_eq!((near.len(), far.len()), (SMALL.hunters, SMALL.idle));
}
