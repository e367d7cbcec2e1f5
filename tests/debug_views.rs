//! The aids for studying the rules: views over the map of what the NPCs think, wizard commands,
//! and state dumps that read back as scenarios. Offered only when asked for.

mod common;

use chargrid::core::UCoord;
use chargrid::input::KeyboardInput;
use common::screen::{Screen, render_at};
use common::{Scenario, orc, umbra};
use coord_2d::ICoord;
use umbra::app::GameApp;
use umbra::app::debug_aids::DebugFlags;
use umbra::app::palette;
use umbra::storage::{RecordingBytes, RecordingFile};
use umbra_rules::behaviour::NpcState;
use umbra_rules::game::WizardEvent;
use umbra_rules::game::{CellVisibility, GameEvent, History, WizardCommand};
use umbra_rules::{Game, GameOptions, PlayerAction};

const SCREEN: UCoord = UCoord::new_u16(100, 40);

const OVERLAYS: DebugFlags = DebugFlags {
    overlays: true,
    wizard: false,
};
const WIZARD: DebugFlags = DebugFlags {
    overlays: false,
    wizard: true,
};

fn press(app: &mut GameApp, key: char) {
    common::press_on(app, SCREEN, KeyboardInput::Char(key));
}

/// The character drawn for the map cell `cell` (the map is drawn from the screen's corner when
/// it fits).
fn shown(screen: &Screen, cell: ICoord) -> char {
    screen.rows[cell.y as usize]
        .chars()
        .nth(cell.x as usize)
        .unwrap_or(' ')
}

/// A corridor longer than the NPCs' map reaches, and an orc that hunts along it.
const CORRIDOR: &[&str] = &[
    "##############################",
    "#@...........................#",
    "#.##########################.#",
    "#o.........................#.#",
    "##############################",
];

#[test]
fn the_distance_view_shows_the_distances_the_npcs_follow_and_where_they_end() {
    let mut scenario = Scenario::new(CORRIDOR);
    scenario.act(PlayerAction::Wait);
    let game = scenario.game;
    let mut app = GameApp::new(game).with_debug(OVERLAYS);
    press(&mut app, 'v');
    let screen = render_at(&app, SCREEN);
    let game = app.game();
    let (mut marked, mut beyond) = (0, 0);
    for cell in game.size().icoord_iter_row_major() {
        let character = cell == game.player_coord() || game.inhabitants().npc_at(cell).is_some();
        match game.inhabitants().npc_distance_to_player(cell) {
            Some(steps) if !character => {
                let digit = char::from_digit(steps % 10, 10).expect("a digit");
                assert_eq!(
                    shown(&screen, cell),
                    digit,
                    "at {cell:?}\n{}",
                    screen.text()
                );
                marked += 1;
            }
            None if !game.level().blocks_walking(cell) => {
                let unmarked = !shown(&screen, cell).is_ascii_digit();
                assert!(unmarked, "beyond reach at {cell:?}\n{}", screen.text());
                beyond += 1;
            }
            _ => (),
        }
    }
    assert!(
        marked > 20 && beyond > 5,
        "{marked} marked, {beyond} beyond"
    );
    assert!(
        screen.contains("Distance to you"),
        "the legend:\n{}",
        screen.text()
    );
}

/// A room an orc hunts the player in, and a corridor out of its sight.
const DOORWAY: &[&str] = &[
    "###########",
    "#.........#",
    "#.o.......#",
    "#.........#",
    "#####@#####",
    "#####.#####",
    "#####.#####",
    "#####.#####",
    "###########",
];

#[test]
fn the_minds_view_shows_where_an_npc_that_lost_the_player_saw_it_last() {
    let mut scenario = Scenario::with_npcs(DOORWAY, &[]);
    scenario.act(PlayerAction::Wait);
    let seen_at = scenario.game.player_coord();
    scenario.act(PlayerAction::Move(direction::CardinalDirection::South));
    let npc = scenario.npcs()[0];
    let mind = scenario.agent(npc.coord);
    scenario.check(
        matches!(mind.state, NpcState::Searching { .. }),
        "the orc lost the player",
    );
    let remembered = mind.last_sighting.expect("it saw the player").coord;
    assert_eq!(remembered, seen_at);
    let mut app = GameApp::new(scenario.game).with_debug(OVERLAYS);
    for _ in 0..3 {
        press(&mut app, 'v');
    }
    let screen = render_at(&app, SCREEN);
    assert_eq!(shown(&screen, remembered), 'x', "\n{}", screen.text());
    assert!(screen.contains("Minds:"), "the legend:\n{}", screen.text());
    // Its state is told by a letter beside it, not by the colour behind it alone.
    let beside = npc.coord + ICoord::new(1, 0);
    assert_eq!(shown(&screen, beside), 'S', "\n{}", screen.text());
    // The look cursor on it tells its memory.
    press(&mut app, 'x');
    let steps = npc.coord - app.game().player_coord();
    let (east, south) = (steps.x, steps.y);
    for _ in 0..south.abs() {
        press(&mut app, if south < 0 { 'k' } else { 'j' });
    }
    for _ in 0..east.abs() {
        press(&mut app, if east < 0 { 'h' } else { 'l' });
    }
    let screen = render_at(&app, SCREEN);
    let words = format!("last saw you at {},{}", remembered.x, remembered.y);
    assert!(screen.contains(&words), "{words:?} in:\n{}", screen.text());
    assert!(screen.contains("searching"), "\n{}", screen.text());
}

#[test]
fn without_the_flags_the_debug_keys_do_nothing_and_the_help_does_not_name_them() {
    let game = || Scenario::new(CORRIDOR).game;
    let mut plain = GameApp::new(game());
    let before = render_at(&plain, SCREEN).text();
    press(&mut plain, 'v');
    press(&mut plain, 'W');
    assert_eq!(
        render_at(&plain, SCREEN).text(),
        before,
        "v and W do nothing"
    );
    assert!(plain.game().actions().is_empty());
    press(&mut plain, '?');
    let help = render_at(&plain, SCREEN).text();
    assert!(help.contains("Keys") && !help.contains("debug:") && !help.contains("wizard:"));

    let flags = DebugFlags {
        overlays: true,
        wizard: true,
    };
    let mut debugging = GameApp::new(game()).with_debug(flags);
    press(&mut debugging, '?');
    // The help scrolls: its last lines (the debugging aids') are read as the player reads them.
    let mut help = render_at(&debugging, SCREEN).text();
    for _ in 0..20 {
        press(&mut debugging, 'j');
        help.push_str(&render_at(&debugging, SCREEN).text());
    }
    assert!(
        help.contains("debug:") && help.contains("wizard:"),
        "{help}"
    );
    let usage = String::from_utf8_lossy(&umbra(&["--help"]).stdout).to_string();
    assert!(usage.contains("--debug-overlays") && usage.contains("--debug-wizard"));
    assert!(usage.contains("--dump-at"), "{usage}");
}

/// Teleporting puts the player where asked and shows what is round it at once, and says so;
/// into a wall it stays and says it failed. Healing restores every hit point lost.
#[test]
fn a_wizard_teleports_to_open_ground_only_and_heals_to_full() {
    let mut s = Scenario::with_npcs(
        &[
            "############",
            "#@1........#",
            "##########.#",
            "#........2.#",
            "############",
        ],
        &[('1', 'o')],
    );
    let player = s.game.player_coord();
    let wizard = |s: &mut Scenario, command| {
        s.game.act(PlayerAction::Wizard(command));
        s.game.events().to_vec()
    };
    let wall = ICoord::new(0, 0);
    let said = wizard(&mut s, WizardCommand::Teleport { to: wall });
    assert_eq!(s.game.player_coord(), player, "nobody stands in a wall");
    assert!(
        matches!(
            said[..],
            [GameEvent::Wizard(WizardEvent::WizardryFailed { .. })]
        ),
        "{said:?}"
    );
    for _ in 0..40 {
        let hurt = s.game.player_hit_points();
        if hurt.current + 2 <= hurt.max || s.game.is_over() {
            break;
        }
        s.act(PlayerAction::Wait);
    }
    let hurt = s.game.player_hit_points();
    assert!(
        !s.game.is_over() && hurt.current + 2 <= hurt.max,
        "{hurt:?}"
    );
    wizard(&mut s, WizardCommand::Heal);
    assert_eq!(
        s.game.player_hit_points().current,
        hurt.max,
        "every point back"
    );
    let to = s.at('2');
    let below = to + ICoord::new(-8, 0);
    assert_eq!(
        s.game.level().cell_view(below).visibility,
        CellVisibility::NeverSeen
    );
    let said = wizard(&mut s, WizardCommand::Teleport { to });
    assert_eq!(s.game.player_coord(), to);
    assert!(
        matches!(said[..], [GameEvent::Wizard(WizardEvent::Wizardry { .. })]),
        "{said:?}"
    );
    assert_eq!(
        s.game.level().cell_view(below).visibility,
        CellVisibility::Visible,
        "seen at once, before any turn"
    );
}

fn every_wizard_command(game: &mut Game) {
    let player = game.player_coord();
    let free = [ICoord::new(1, 0), ICoord::new(0, 1), ICoord::new(-1, 0)]
        .map(|step| player + step)
        .into_iter()
        .filter(|&cell| {
            !game.level().blocks_walking(cell) && game.inhabitants().npc_at(cell).is_none()
        })
        .collect::<Vec<_>>();
    let wizard = |game: &mut Game, command| game.act(PlayerAction::Wizard(command));
    wizard(game, WizardCommand::Give { kind: 0 });
    wizard(
        game,
        WizardCommand::Spawn {
            kind: 0,
            at: free[0],
        },
    );
    game.act(PlayerAction::Wait);
    wizard(game, WizardCommand::Reveal);
    wizard(game, WizardCommand::SleepInView);
    wizard(game, WizardCommand::Teleport { to: free[1] });
    let beside = *free.last().expect("room beside the player");
    wizard(game, WizardCommand::SetFire { at: beside });
    wizard(
        game,
        WizardCommand::ReleaseGas {
            kind: 0,
            at: beside,
        },
    );
    game.act(PlayerAction::Wait);
    wizard(game, WizardCommand::Heal);
    wizard(game, WizardCommand::Descend);
    game.act(PlayerAction::Choose { boon: 0 });
    game.act(PlayerAction::Wait);
}

#[test]
fn wizard_commands_do_what_they_say_and_replay_to_the_same_hash() {
    let options = GameOptions {
        map_size: UCoord::new(40, 24),
        ..GameOptions::default()
    };
    let mut game = Game::new(11, options);
    assert!(!game.is_wizard_run());
    let player = game.player_coord();
    let given = game.pack().stacks().count();
    game.act(PlayerAction::Wizard(WizardCommand::Give { kind: 0 }));
    assert_eq!(game.pack().stacks().count(), given + 1, "an item given");
    assert!(game.is_wizard_run(), "the first command marks the run");
    let wall = game
        .size()
        .icoord_iter_row_major()
        .find(|&c| game.level().blocks_walking(c));
    let to = wall.expect("walls");
    game.act(PlayerAction::Wizard(WizardCommand::Teleport { to }));
    assert_eq!(game.player_coord(), player, "nobody stands in a wall");
    game.act(PlayerAction::Wizard(WizardCommand::Reveal));
    let unseen = game
        .size()
        .icoord_iter_row_major()
        .filter(|&c| game.level().cell_view(c).visibility == CellVisibility::NeverSeen)
        .count();
    assert_eq!(unseen, 0, "the whole level is known");

    let mut game = Game::new(11, options);
    every_wizard_command(&mut game);
    assert_eq!(game.depth(), 2);
    assert!(
        game.inhabitants()
            .npcs()
            .all(|npc| npc.coord != player || game.depth() == 2)
    );
    let bytes = RecordingBytes::to_bytes(&History::of(&game));
    let recording = <History as RecordingBytes>::from_bytes(&bytes).expect("reads back");
    assert_eq!(
        recording.actions,
        game.actions(),
        "the journal keeps every command"
    );
    let replayed = recording.play_to_end();
    assert_eq!(replayed.state_hash(), game.state_hash());
    let file = std::env::temp_dir().join(format!("umbra-wizard-{}.umbra", std::process::id()));
    RecordingFile::write(&History::of(&game), &file).expect("written");
    let output = umbra(&["--replay", file.to_str().expect("UTF-8"), "--headless"]);
    let summary = String::from_utf8_lossy(&output.stdout);
    assert!(
        summary.contains("in a wizard run"),
        "the recording says so: {summary}"
    );
    let _ = std::fs::remove_file(file);
    let from_bytes = Game::from_state_bytes(&game.to_state_bytes()).expect("reads back");
    assert!(from_bytes.is_wizard_run());
    assert_eq!(from_bytes.state_hash(), game.state_hash());
}

#[test]
fn a_spawned_monster_acts_and_sleepers_sleep() {
    let mut scenario = Scenario::new(&[
        "#########", //
        "#@......#",
        "#.......#",
        "#########",
    ]);
    let at = ICoord::new(4, 1);
    scenario.act(PlayerAction::Wizard(WizardCommand::Spawn { kind: 0, at }));
    let npc = scenario
        .game
        .inhabitants()
        .npc_at(at)
        .expect("an orc stands there");
    assert_eq!(npc.kind, orc());
    scenario.act(PlayerAction::Wait);
    scenario.check(
        scenario.game.inhabitants().npc_at(at).is_none(),
        "the orc came for the player",
    );
    scenario.act(PlayerAction::Wizard(WizardCommand::SleepInView));
    let asleep = scenario
        .npcs()
        .iter()
        .all(|n| scenario.agent(n.coord).is_asleep());
    scenario.check(asleep, "everyone in view sleeps");
    let hurt = scenario.game.player_hit_points();
    scenario.act(PlayerAction::Wait);
    scenario.check_eq(
        scenario.game.player_hit_points(),
        hurt,
        "sleepers do not strike",
    );
}

#[test]
fn a_wizard_run_never_enters_the_high_scores_and_its_morgue_says_so() {
    let dir = common::tmux::TempDir::new("wizard");
    let map = ["#####", "#@*.#", "#####"];
    let mut app = common::finished::app_in(&dir.0, &map).with_debug(WIZARD);
    press(&mut app, 'W');
    press(&mut app, 'h');
    assert!(
        render_at(&app, SCREEN).contains("WIZARD"),
        "the status line says so"
    );
    common::press_on(&mut app, SCREEN, KeyboardInput::Right);
    assert!(app.game().is_won());
    let morgues = common::finished::files_named(&dir.0, ".txt");
    assert_eq!(morgues.len(), 1, "{morgues:?}");
    let morgue = std::fs::read_to_string(&morgues[0]).expect("readable");
    assert!(morgue.contains("Wizard run"), "{morgue}");
    let scores = umbra::storage::runs::read_scores(&dir.0).expect("a readable table");
    assert!(
        scores.table.entries().is_empty(),
        "{:?}",
        scores.table.entries()
    );
}

#[test]
fn a_state_dump_reads_back_as_the_same_level_with_the_same_minds() {
    let options = GameOptions {
        map_size: UCoord::new(40, 24),
        ..GameOptions::default()
    };
    // A dump keeps no gas (its gas lines are comments for the reader): the play stops short of
    // the action that lets some out (a trap's), or the state read back would lack it.
    let actions = common::scripted_actions(120, 7);
    let gassed = |played: usize| {
        let mut game = Game::new(6, options);
        for &action in &actions[..played] {
            game.act(action);
        }
        (game.level().gas_total().0 > 0 || game.is_over(), game)
    };
    let played = (1..=actions.len())
        .find(|&n| gassed(n).0)
        .map_or(actions.len(), |n| n - 1);
    let game = gassed(played).1;
    assert!(played >= 60, "{played} actions played before any gas");
    let (read, _) = Game::from_dump(&game.dump(), options).expect("the dump reads back");
    assert_same_state(&game, &read);
    // The same dump through the binary, from a recording.
    let file = std::env::temp_dir().join(format!("umbra-dump-{}.umbra", std::process::id()));
    RecordingFile::write(&History::of(&game), &file).expect("written");
    let turn = game.turn() / 2;
    let output = umbra(&[
        "--replay",
        file.to_str().expect("UTF-8"),
        "--headless",
        "--dump-at",
        &turn.to_string(),
    ]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    let (read, _) = Game::from_dump(&text, options).expect("the binary's dump reads back");
    let mut halfway = History::of(&game).start();
    for &action in game.actions() {
        if halfway.turn() >= turn {
            break;
        }
        halfway.act(action);
    }
    assert_same_state(&halfway, &read);
    let _ = std::fs::remove_file(file);
}

fn assert_same_state(game: &Game, read: &Game) {
    let size = game.size();
    assert_eq!(read.size(), size);
    for cell in size.icoord_iter_row_major() {
        assert_eq!(
            read.level().blocks_walking(cell),
            game.level().blocks_walking(cell),
            "wall at {cell:?}"
        );
    }
    assert_eq!(read.player_coord(), game.player_coord());
    assert_eq!(read.player_hit_points(), game.player_hit_points());
    assert_eq!(read.turn(), game.turn());
    let npcs = |game: &Game| {
        game.inhabitants()
            .npcs()
            .map(|n| {
                (
                    n.coord,
                    n.kind,
                    n.hit_points,
                    game.inhabitants().agent(n.id),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(npcs(read), npcs(game));
    assert!(
        game.inhabitants().npcs().count() > 0,
        "a level with NPCs to compare"
    );
    // And all the rest a dump holds (stairs, items), but the count of actions played.
    let lines = |game: &Game| -> Vec<String> {
        game.dump()
            .lines()
            .filter(|line| !line.starts_with("about "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(lines(read), lines(game));
    assert!(game.dump().contains('>') && game.dump().contains("\nitem "));
    let dump = game.dump();
    let map = dump.split("\n\n").next().unwrap_or_default();
    assert_eq!(
        map.matches('>').count(),
        1,
        "one way down, drawn once:\n{map}"
    );
}

#[test]
fn a_dump_that_does_not_read_says_which_line() {
    let dump =
        "#####\n#@o.#\n#####\n\nabout (seed:1,depth:1,turn:0,actions:0)\nnpc (at:(3,1),kind:'o')\n";
    let error = Game::from_dump(dump, GameOptions::default())
        .err()
        .map(|e| e.to_string());
    assert!(
        error.as_deref().is_some_and(|e| e.starts_with("line 6:")),
        "{error:?}"
    );
    let unknown = dump.replace(
        "npc (at:(3,1),kind:'o')",
        &orc_line(2).replace("kind:'o'", "kind:'q'"),
    );
    let error = Game::from_dump(&unknown, GameOptions::default()).err();
    assert!(error.is_some_and(|e| e.to_string().starts_with("line 6: no kind 'q'")));
    let wrong_place = dump.replace("npc (at:(3,1),kind:'o')", &orc_line(3));
    let error = Game::from_dump(&wrong_place, GameOptions::default()).err();
    assert!(error.is_some_and(|e| e.to_string().starts_with("line 6: no NPC")));
    let (game, _) = Game::from_dump(
        &dump.replace("npc (at:(3,1),kind:'o')", &orc_line(2)),
        GameOptions::default(),
    )
    .expect("reads");
    assert_eq!(
        game.inhabitants()
            .npc_at(ICoord::new(2, 1))
            .map(|n| n.hit_points.current),
        Some(2)
    );
}

/// An orc at (x, 1) with 2 of 4 hit points, asleep.
fn orc_line(x: i32) -> String {
    format!(
        "npc (at:({x},1),kind:'o',hit_points:(2,4),mind:(state:Asleep,last_transition:(reason:Spawned,turn:0),\
         last_sighting:None,stuck_turns:0,confused_for:0,time_left:0,gave_ground:false))"
    )
}

#[test]
fn the_noise_view_shows_where_the_last_turns_fight_carried() {
    let mut scenario = Scenario::new(&[
        "##################", //
        "#@o.............1#",
        "##################",
    ]);
    let orc_at = scenario.npcs()[0].coord;
    scenario.act(PlayerAction::Move(direction::CardinalDirection::East));
    let far = scenario.at('1');
    let mut app = GameApp::new(scenario.game).with_debug(OVERLAYS);
    for _ in 0..4 {
        press(&mut app, 'v');
    }
    let screen = render_at(&app, SCREEN);
    assert!(
        screen.contains("Noises of the last turn"),
        "\n{}",
        screen.text()
    );
    assert_eq!(
        shown(&screen, orc_at),
        '!',
        "the fight's cell\n{}",
        screen.text()
    );
    let tint = |cell: ICoord| screen.background[cell.y as usize][cell.x as usize];
    // The blow, and the orc's shout on seeing the player, both carry down the corridor.
    let noises = [palette::NOISE_FIGHT, palette::NOISE_SHOUT];
    let near = tint(orc_at + ICoord::new(3, 0));
    assert!(noises.contains(&near), "carried three cells: {near:?}");
    assert!(!noises.contains(&tint(far)), "but not fourteen");
}

#[test]
fn the_sight_view_follows_the_npc_under_the_look_cursor() {
    let scenario = Scenario::new(&[
        "#########", //
        "#.......#",
        "#.......#",
        "#.......#",
        "#.......#",
        "#@......#",
        "#.......#",
        "#....####",
        "#...o#.1#",
        "#########",
    ]);
    let behind = scenario.at('1');
    let mut app = GameApp::new(scenario.game).with_debug(OVERLAYS);
    for _ in 0..5 {
        press(&mut app, 'v');
    }
    let tint = |app: &GameApp, cell: ICoord| {
        let screen = render_at(app, SCREEN);
        screen.background[cell.y as usize][cell.x as usize]
    };
    let in_view = palette::SIGHT_IN_VIEW;
    assert_ne!(
        tint(&app, behind),
        in_view,
        "the player does not see behind the wall"
    );
    press(&mut app, 'x');
    for key in ['j', 'j', 'j', 'l', 'l', 'l'] {
        press(&mut app, key);
    }
    let below = ICoord::new(1, 7);
    assert_eq!(tint(&app, below), in_view, "the orc sees across the room");
    assert_ne!(
        tint(&app, behind),
        in_view,
        "nor does the orc, through its wall"
    );
    assert!(render_at(&app, SCREEN).contains("Sight of the NPC"));
}

#[test]
fn the_minds_view_draws_a_hunters_next_steps_and_the_safety_view_its_map() {
    let mut scenario = Scenario::new(&[
        "############", //
        "#..........#",
        "#.########.#",
        "#@...o.....#",
        "############",
    ]);
    scenario.act(PlayerAction::Wait);
    let orc = scenario.npcs()[0].coord;
    scenario.check(
        scenario.agent(orc).state == NpcState::Hunting,
        "the orc hunts",
    );
    let mut app = GameApp::new(scenario.game).with_debug(OVERLAYS);
    for _ in 0..3 {
        press(&mut app, 'v');
    }
    let screen = render_at(&app, SCREEN);
    for cell in (2..orc.x).map(|x| ICoord::new(x, 3)) {
        assert_eq!(
            shown(&screen, cell),
            '*',
            "a step at {cell:?}\n{}",
            screen.text()
        );
    }
    assert_ne!(
        shown(&screen, orc + ICoord::new(1, 0)),
        '*',
        "not behind it"
    );

    // Round the views to the safety map.
    for _ in 0..12 {
        press(&mut app, 'v');
        if render_at(&app, SCREEN).contains("Safety map") {
            break;
        }
    }
    let screen = render_at(&app, SCREEN);
    assert!(screen.contains("Safety map"), "\n{}", screen.text());
    let game = app.game();
    let maps = game.thinking_maps();
    let tint = |cell: ICoord| screen.background[cell.y as usize][cell.x as usize];
    let valued: Vec<(ICoord, i32)> = game
        .size()
        .icoord_iter_row_major()
        .filter_map(|cell| Some((cell, maps.safety(cell)?)))
        .collect();
    assert!(valued.len() > 10, "the loop has a safety map: {valued:?}");
    let safest = valued.iter().min_by_key(|&&(_, v)| v).expect("values").0;
    let exposed = valued.iter().max_by_key(|&&(_, v)| v).expect("values").0;
    assert_eq!(
        tint(safest),
        palette::HEAT_FAR,
        "the safest cell at {safest:?}"
    );
    assert_eq!(
        tint(exposed),
        palette::HEAT_NEAR,
        "the most exposed at {exposed:?}"
    );
}
