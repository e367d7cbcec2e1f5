//! A player who leans on the game's own conveniences, for a golden recording that covers them:
//! it explores, rests when hurt, travels to the stairs it found and takes them, runs a corridor
//! on arriving, fights what comes next to it and waits for what it sees coming. Whenever a
//! stint of exploring ends with nothing in view, it searches the walls round it (five turns).

use direction::CardinalDirection;
use umbra_rules::game::{Activity, Stop};
use umbra_rules::{Game, GameOptions, PlayerAction};

/// Enough for several levels; the recording stays a few KB.
const ACTION_LIMIT: usize = 1500;
/// Rests below this share of its hit points, as a player who likes to be safe would.
const REST_BELOW_PERCENT: u32 = 70;

pub fn play(seed: u64, options: GameOptions, mut watch: impl FnMut(&Game)) -> Game {
    let mut game = Game::new(seed, options);
    let mut explored = false;
    let mut depth = game.depth();
    while !game.is_over() && game.actions().len() < ACTION_LIMIT {
        if game.boons_offered().is_some() {
            // The first boon offered: the choice itself is what this golden pins.
            act(&mut game, PlayerAction::Choose { boon: 0 }, &mut watch);
            continue;
        }
        if game.depth() != depth {
            depth = game.depth();
            explored = false;
            perform(
                &mut game,
                Activity::Run(CardinalDirection::East),
                &mut watch,
            );
            continue;
        }
        if let Some(direction) = adjacent_npc(&game) {
            act(&mut game, PlayerAction::Move(direction), &mut watch);
            continue;
        }
        let hit_points = game.player_hit_points();
        let activity = if game.awake_npc_in_view().is_some() {
            None
        } else if hit_points.current * 100 < hit_points.max * REST_BELOW_PERCENT {
            Some(Activity::Rest)
        } else if !explored {
            Some(Activity::Explore)
        } else {
            game.known_stairs().map(Activity::Travel)
        };
        match activity {
            Some(Activity::Travel(stairs)) if stairs == game.player_coord() => {
                act(&mut game, PlayerAction::Descend, &mut watch)
            }
            Some(activity) => {
                let stop = perform(&mut game, activity, &mut watch);
                explored |= matches!(stop, Stop::Explored { .. });
                let calm = game.awake_npc_in_view().is_none() && !game.is_over();
                if activity == Activity::Explore && calm {
                    perform(&mut game, Activity::Search, &mut watch);
                }
            }
            None => act(&mut game, PlayerAction::Wait, &mut watch),
        }
    }
    game
}

fn act(game: &mut Game, action: PlayerAction, watch: &mut impl FnMut(&Game)) {
    game.act(action);
    watch(game);
}

/// Plays the activity until it stops; a refused one (nothing done) costs a wait instead, so the
/// game always moves on.
fn perform(game: &mut Game, activity: Activity, watch: &mut impl FnMut(&Game)) -> Stop {
    let before = game.actions().len();
    let mut doing = game.begin(activity);
    let stop = loop {
        match game.step(&mut doing) {
            Ok(_) => watch(game),
            Err(stop) => break stop,
        }
    };
    if game.actions().len() == before {
        act(game, PlayerAction::Wait, watch);
    }
    stop
}

fn adjacent_npc(game: &Game) -> Option<CardinalDirection> {
    let player = game.player_coord();
    game.inhabitants().npcs().find_map(|npc| {
        [
            CardinalDirection::North,
            CardinalDirection::East,
            CardinalDirection::South,
            CardinalDirection::West,
        ]
        .into_iter()
        .find(|direction| player + direction.coord() == npc.coord)
    })
}
