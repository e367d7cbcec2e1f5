#[path = "../benches/support/scenes.rs"]
#[allow(dead_code)]
mod scenes;
use umbra_rules::{Game, PlayerAction};

#[inline(never)]
fn measured_turns(game: &mut Game, turns: u64) {
    for _ in 0..turns {
        std::hint::black_box(game.act(PlayerAction::Wait));
    }
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let (mut game, settle, turns) = match which.as_str() {
        "d" => (scenes::WANDERERS.build().game(), 600, 30),
        _ => {
            let game = scenes::CROWD
                .build()
                .game()
                .with_every_npc_hit_points(scenes::SCENE_PLAYER_HIT_POINTS);
            let hunters: Vec<_> = game
                .npcs()
                .filter(|npc| game.agent(npc.id).is_some_and(|agent| !agent.is_asleep()))
                .map(|npc| npc.id)
                .collect();
            let every = (hunters.len() / 50).max(1);
            let game = hunters
                .into_iter()
                .step_by(every)
                .take(50)
                .fold(game, |game, id| game.with_ally(id));
            (game, 30, 1000)
        }
    };
    for _ in 0..settle {
        game.act(PlayerAction::Wait);
    }
    let start = std::time::Instant::now();
    measured_turns(&mut game, turns);
    eprintln!("{:?} a turn", start.elapsed() / turns as u32);
}
