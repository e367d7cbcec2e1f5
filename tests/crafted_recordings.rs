//! Recordings crafted to stall the viewer: a hundred thousand wizard's spawns on the largest
//! level, then tens of thousands of turns. The viewer hears `q` within a frame while skipping,
//! a headless replay ends in bounded time, and the wizard's spawns are bounded per level.

mod common;

use common::Scenario;
use common::tmux::{STARTUP, Session, TempDir, tmux_installed, wait_for};
use coord_2d::{ICoord, UCoord};
use umbra::storage::RecordingFile;
use umbra_rules::game::WizardEvent;
use umbra_rules::game::{GameEvent, History, WizardCommand};
use umbra_rules::{Game, GameOptions, PlayerAction};

/// The attack of the report: the largest level, a wizard's spawn on open cells far from the
/// player (cycled to `spawns`), then `turns` waits, each after a wizard's heal so the player
/// outlives any crowd.
fn crowded_recording(spawns: usize, turns: usize) -> History {
    let options = GameOptions {
        map_size: UCoord::new(1000, 1000),
        ..GameOptions::default()
    };
    let seed = 5;
    let game = Game::new(seed, options);
    let player = game.player_coord();
    let mut open: Vec<ICoord> = game
        .size()
        .icoord_iter_row_major()
        .filter(|&cell| !game.level().blocks_walking(cell) && cell != player)
        .collect();
    open.sort_by_key(|cell| std::cmp::Reverse((*cell - player).magnitude2()));
    let kinds = umbra_rules::content::NpcKind::all().len();
    let mut actions: Vec<PlayerAction> = (0..spawns)
        .map(|i| {
            PlayerAction::Wizard(WizardCommand::Spawn {
                kind: (i % kinds) as u8,
                at: open[i % open.len()],
            })
        })
        .collect();
    for _ in 0..turns {
        actions.push(PlayerAction::Wizard(WizardCommand::Heal));
        actions.push(PlayerAction::Wait);
    }
    History {
        seed,
        options,
        actions,
    }
}

/// End on a crafted recording plays in slices of time, so `q` is heard within a frame while
/// the skip is far from done. The recording's skip takes minutes on any machine (four hundred
/// thousand turns on the largest level, a crowd of a hundred on it), and the viewer must be
/// gone well before that: a viewer deaf until the skip ends would outlast the wait below by
/// far, on a fast machine as on a slow one.
#[test]
fn the_viewer_hears_q_at_once_while_skipping_through_a_crafted_recording() {
    if !tmux_installed() {
        return;
    }
    let files = TempDir::new("crafted");
    let path = files.0.join("crowded.umbra");
    let (spawns, turns) = (111_000, 400_000);
    let recording = crowded_recording(spawns, turns);
    let total = recording.actions.len() as u64;
    recording.write(&path).expect("written");
    let file = path.to_str().expect("UTF-8");
    let session = Session::start("crafted", &common::play::launch(&["--replay", file]));
    session.wait_for_screen("the viewer", STARTUP, |s| s.contains("Replay 0/"));
    session.send("End");
    let skipped_to = |screen: &str| -> Option<u64> {
        let after = screen.split("Replay ").nth(1)?;
        after.split('/').next()?.parse().ok()
    };
    // The spawns past the limit cost next to nothing: the skip is soon past them all.
    session.wait_for_screen("the skip past the spawns", STARTUP * 4, |s| {
        s.contains("skipping") && skipped_to(s).is_some_and(|at| at > spawns as u64)
    });
    let before = skipped_to(&session.screen()).expect("the replay's progress");
    assert!(
        before < total,
        "the skip is far from done: {before} of {total}"
    );
    session.send("q");
    let code = wait_for("the viewer to quit", STARTUP * 2, || session.exit_code());
    assert_eq!(code, 0, "{}", session.read("stderr"));
}

/// A wizard may call up a hundred monsters on a level; the next is refused in words and
/// nothing appears; on the next level the count begins again.
#[test]
fn a_wizard_calls_up_at_most_a_hundred_monsters_on_a_level() {
    let mut rows = vec!["#".repeat(22)];
    rows.push(format!("#@{}#", ".".repeat(19)));
    for _ in 0..6 {
        rows.push(format!("#{}#", ".".repeat(20)));
    }
    rows.push(format!("#{}>#", ".".repeat(19)));
    rows.push("#".repeat(22));
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut scenario = Scenario::new(&rows);
    let open: Vec<ICoord> = (2..21)
        .flat_map(|x| (1..8).map(move |y| ICoord::new(x, y)))
        .filter(|&cell| cell != ICoord::new(1, 1))
        .collect();
    let limit = umbra_rules::balance::WIZARD_SPAWNS_PER_LEVEL as usize;
    assert!(open.len() > limit, "room for more than the limit");
    let spawn = |at| PlayerAction::Wizard(WizardCommand::Spawn { kind: 0, at });
    for &at in &open[..limit] {
        scenario.act(spawn(at));
    }
    scenario.check_eq(scenario.npcs().len(), limit, "a hundred appear");
    scenario.act(spawn(open[limit]));
    scenario.check_eq(scenario.npcs().len(), limit, "the next does not");
    let refused = GameEvent::Wizard(WizardEvent::WizardCrowdFull {
        limit: limit as u32,
    });
    scenario.check(
        scenario.game.events().contains(&refused),
        "and is refused in words",
    );
    scenario.act(PlayerAction::Wizard(WizardCommand::Descend));
    let before = scenario.npcs().len();
    let free = scenario
        .game
        .size()
        .icoord_iter_row_major()
        .find(|&cell| {
            !scenario.game.level().blocks_walking(cell)
                && cell != scenario.game.player_coord()
                && scenario.npcs().iter().all(|npc| npc.coord != cell)
        })
        .expect("an open cell");
    scenario.act(spawn(free));
    scenario.check_eq(
        scenario.npcs().len(),
        before + 1,
        "a new level, a new count",
    );
}

/// A headless replay of the crafted recording's spawns ends in bounded time and memory: past
/// the wizard's limit a spawn costs next to nothing (the run of the report put 47,000 monsters
/// on the level and ran past a minute in 310 MB).
#[test]
fn a_headless_replay_of_a_hundred_thousand_spawns_ends_in_bounded_time() {
    let files = TempDir::new("crafted-headless");
    let path = files.0.join("crowded.umbra");
    crowded_recording(111_000, 200)
        .write(&path)
        .expect("written");
    let file = path.to_str().expect("UTF-8");
    let (code, stderr) = common::hostile::umbra_bounded(&["--replay", file, "--headless"], None);
    assert_eq!(code, Some(0), "{stderr}");
}
