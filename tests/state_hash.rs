//! The state hash tells apart any two games that differ in what is saved: the gear in use, the
//! boons chosen or offered, an NPC's time, confusion or stuck turns, and (walked byte by byte)
//! anything else a snapshot holds. The goldens, the browser's "same hash as native" check and
//! every resume test trust it.

mod common;

use common::Scenario;
use direction::CardinalDirection::East;
use umbra::storage::RecordingBytes;
use umbra_rules::game::{History, ItemKind, WizardCommand};
use umbra_rules::{Game, GameOptions, PlayerAction};

fn dagger() -> u8 {
    let dagger = ItemKind::from_map_letter(')').expect("the item table has a dagger");
    dagger.index() as u8
}

/// A hand-made level with a dagger east of the player and the stairs beyond it: the player
/// picks the dagger up, then does `then`.
fn with_dagger(then: PlayerAction) -> Game {
    let mut s = Scenario::new(&["######", "#@)>.#", "######"]);
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::PickUp);
    s.act(then);
    s.game
}

#[test]
fn wielding_a_dagger_and_waiting_instead_hash_differently() {
    let wielded = with_dagger(PlayerAction::Use { slot: 0, at: None });
    let waited = with_dagger(PlayerAction::Wait);
    assert_eq!(wielded.turn(), waited.turn(), "both took the turn");
    assert_ne!(wielded.player_gear(), waited.player_gear(), "one is armed");
    assert_ne!(wielded.state_hash(), waited.state_hash());
}

/// Down the stairs: three boons on offer, and the `choice`-th taken if there is one.
fn at_depth_two(choice: Option<u8>) -> Game {
    let mut game = with_dagger(PlayerAction::Wait);
    game.act(PlayerAction::Move(East));
    game.act(PlayerAction::Descend);
    assert_eq!(game.depth(), 2);
    if let Some(boon) = choice {
        game.act(PlayerAction::Choose { boon });
    }
    game
}

#[test]
fn each_boon_chosen_and_the_offer_itself_hash_differently() {
    let hashes: Vec<u32> = [None, Some(0), Some(1), Some(2)]
        .into_iter()
        .map(|choice| at_depth_two(choice).state_hash())
        .collect();
    for (i, hash) in hashes.iter().enumerate() {
        assert!(!hashes[..i].contains(hash), "{hashes:x?}");
    }
}

/// The dump of an orc's level with one word of its memory changed.
fn orc_with(memory: &str, from: &str, to: &str) -> u32 {
    let s = Scenario::new(&["#######", "#@...o#", "#######"]);
    let dump = s.game.dump();
    let line = dump
        .lines()
        .find(|l| l.starts_with("npc"))
        .expect("the orc");
    assert!(line.contains(from), "{memory} in {line}");
    let changed = dump.replace(line, &line.replace(from, to));
    let (game, _) = Game::from_dump(&changed, GameOptions::default()).expect("reads back");
    game.state_hash()
}

#[test]
fn an_npcs_time_confusion_and_stuck_turns_are_hashed() {
    let same = orc_with("time", "time_left:0", "time_left:0");
    for (memory, from, to) in [
        ("time", "time_left:0", "time_left:50"),
        ("confusion", "confused_for:0", "confused_for:3"),
        ("stuck turns", "stuck_turns:0", "stuck_turns:2"),
        ("giving ground", "gave_ground:false", "gave_ground:true"),
    ] {
        assert_ne!(orc_with(memory, from, to), same, "{memory}");
    }
}

/// Every byte of a snapshot, flipped: whenever the bytes still load as another game with the
/// same actions, that game hashes differently; when they load as the same game, the same.
#[test]
fn whatever_a_snapshot_tells_apart_the_hash_tells_apart() {
    let mut s = Scenario::new(&["#########", "#@)>..o.#", "#...z...#", "#########"]);
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::PickUp);
    s.act(PlayerAction::Use { slot: 0, at: None });
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Descend);
    let game = s.game;
    let bytes = game.to_state_bytes();
    let (mut different, mut same) = (0, 0);
    for at in 0..bytes.len() {
        for mask in [0x01] {
            let mut flipped = bytes.clone();
            flipped[at] ^= mask;
            let Ok(other) = Game::from_state_bytes(&flipped) else {
                continue;
            };
            if other.actions() != game.actions() {
                continue;
            }
            if other.to_state_bytes() == bytes {
                same += 1;
                assert_eq!(other.state_hash(), game.state_hash(), "byte {at}");
            } else {
                different += 1;
                assert_ne!(
                    other.state_hash(),
                    game.state_hash(),
                    "byte {at} ^ {mask:#x}"
                );
            }
        }
    }
    assert!(
        different > bytes.len() / 4,
        "{different} of {}",
        bytes.len()
    );
    eprintln!("{different} flips loaded as other games, {same} as the same one");
}

/// Writes the recording of `actions` on seed 5 and returns the hash its headless replay prints.
fn replayed_hash(dir: &std::path::Path, name: &str, actions: &[PlayerAction]) -> String {
    let history = History {
        seed: 5,
        options: GameOptions::default(),
        actions: actions.to_vec(),
    };
    let path = dir.join(name);
    std::fs::write(&path, history.to_bytes()).expect("written");
    let output = common::umbra(&["--replay", path.to_str().expect("utf-8"), "--headless"]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let hash = text.lines().find_map(|l| l.strip_prefix("State hash: "));
    hash.expect("a hash line").to_string()
}

#[test]
fn headless_replays_of_games_differing_in_gear_or_boon_end_with_different_hashes() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let give = PlayerAction::Wizard(WizardCommand::Give { kind: dagger() });
    let wielded = replayed_hash(
        dir.path(),
        "wielded.umbra",
        &[give, PlayerAction::Use { slot: 0, at: None }],
    );
    let waited = replayed_hash(dir.path(), "waited.umbra", &[give, PlayerAction::Wait]);
    assert_ne!(wielded, waited, "gear in use");
    let descend = PlayerAction::Wizard(WizardCommand::Descend);
    let boons: Vec<String> = (0..3)
        .map(|boon| {
            let name = format!("boon-{boon}.umbra");
            replayed_hash(dir.path(), &name, &[descend, PlayerAction::Choose { boon }])
        })
        .collect();
    assert!(
        boons[0] != boons[1] && boons[1] != boons[2] && boons[0] != boons[2],
        "{boons:?}"
    );
}

/// A snapshot's hash is taken over the bytes it is read from (no second encoding of the game on
/// loading): for bytes the game wrote it is the game's own hash, a wizard's run included, and
/// for a loaded game's bytes too.
#[test]
fn the_hash_of_a_games_bytes_is_the_games_own_hash() {
    let mut game = Game::new(12, GameOptions::default());
    for step in 0..60 {
        let direction = direction::CardinalDirection::all()
            .nth(step % 4)
            .expect("four directions");
        game.act(PlayerAction::Move(direction));
    }
    let bytes = game.to_state_bytes();
    let (loaded, hash) = Game::from_state_bytes_hashed(&bytes).expect("reads back");
    assert_eq!(hash, game.state_hash());
    assert_eq!(hash, loaded.state_hash());
    game.act(PlayerAction::Wizard(WizardCommand::Descend));
    let (_, wizards) = Game::from_state_bytes_hashed(&game.to_state_bytes()).expect("reads back");
    assert_eq!(wizards, game.state_hash(), "a wizard's run hashes as one");
    assert_ne!(wizards, hash);
}
