//! Golden recordings (`tests/golden/`): whole runs of the scripted players, replayed action by
//! action and checked against the state hash recorded every 50 actions. A change to any rule a
//! player would notice (a damage number, the turn order, healing, sight, one more random draw
//! when a level is made) changes some hash, and the test names the first action where the game
//! differs. A change made on purpose bumps `RULES_VERSION` and re-records them, in the same
//! commit: `cargo run --release --example balance -- --golden tests/golden`.

#[path = "support/golden_ending.rs"]
mod golden_ending;

use std::fs;
use std::path::{Path, PathBuf};

use umbra::app::messages::describe;
use umbra::storage::{LoadError, RecordingFile};
use umbra_rules::game::History;
use umbra_rules::game::RULES_VERSION;

use golden_ending::ending_line;

const RECORD: &str = "cargo run --release --example balance -- --golden tests/golden";

/// The rules version the goldens were last recorded under, and a digest of the play they hold
/// (every hash and ending, not the version line). Re-recording after a change of play changes
/// the digest; were `RULES_VERSION` left as it was, saves from before the change would replay
/// into another game, so a test fails until both move together. The digest moved once under
/// version 7 without a change of play: the state hash became the CRC of the snapshot's own
/// encoding (issue 39), so every hash was re-derived while actions and endings stayed the same.
/// Version 8 bounds the wizard's spawns on a level, and the state counts them (issue 40): the
/// recordings' endings are unchanged, their hashes are not. Version 9: levels by profile
/// (designs, caverns, loops, doors; issue 41), so every recording plays another game. Version
/// 10: secret doors and searching. Version 11: the player looks again after the NPCs moved only
/// when a door within its sight radius moved (the looks are counted in the state); endings
/// unchanged. Version 20: light and shadow, stealth by range, the blow from the dark (issue 58).
/// Version 26 mends three stale caches the derived-state checks and random reloads found (issue
/// 75): the player looks again when a door near it burns away, a new level knows the player
/// floats from its first step, and a loaded game keeps the waypoints its level placed (they are
/// in the state now, so every hash moved; the goldens' endings did not). Version 40: with an
/// ally about, a map towards the player's side still current when a turn's first hunter asks is
/// that turn's (a loaded game and a straight one had disagreed); the goldens play as before.
/// Version 41: the monsters a machine lets out are held dormant in it from the level's making
/// (in the state, so the hashes moved once a machine is on the level; the endings did not).
/// Version 42: a seventh key holder, the crypt (depths 5-10), set off by a flagstone stepped on.
/// Version 43: features lay blobs of ground (an ambush closet's rubble) and chain (`then`).
/// Version 44: bands that arrive come looking for the player; ogres and zombies hit harder,
/// ogres bring goblin archers from depth 5; levitation and fire immunity are rarer.
/// Version 45: door guards: a vault may be shut by a throwing plate on its own doorway (no
/// longer a key holder), with the profiles' `machine` weight. Version 46: two key holders more,
/// the swamp lamp (ground that changes lets a feature loose: its torch falls into swamp gas) and
/// the haunted room (its torches die on phantoms). Version 47: a swamp lamp's torch cannot fall
/// on the turn its key is lifted nor the two after, and its vents breathe 200 each, not 300;
/// every vault is a reward room row (a vault of gear, a library of potions and scrolls named on
/// sight), and the careful player takes what it values most from one (and no longer rests
/// under an archer's arrows, nor waits for ever before gas that does not thin). Version 48:
/// lairs (a spider lair of webs, a goblin warren of hay, their bands asleep among their loot)
/// and the kennel (captives chained on a vault's altars, one freed); traps are no machine's
/// ground. Version 49: the antechamber, whose last altar holds the key to a second vault of the
/// level. Version 50: the statuary (statues burst on an ogre and an archer when its key is
/// lifted); the eel causeway (a walk of shallows through deep water, eels asleep in it); set
/// pieces (an idyll, a remnant, a dismal room) and commutation altars (two items' enchanting
/// traded) in dead ends; placements keep clear of where a vault's key lies; the careful player
/// frees the kennel captive worth most (the bestiary's score, by its pace). Version 51: the
/// chasm island (a bridge on chains to the key's altar, drawn back when the key is lifted, a
/// hidden lever beside the altar lets it down); machines take no dead end with a secret door
/// in its walls. Version 52: the swamp (a lair of bog, eels asleep under it, bubbling bog that
/// lets marsh gas up under a step). Version 53: the safety map never peels the player's own
/// cell, so a corridor leading away from a player standing in a dead end is a way out for a
/// monster running from it, not a dead end that corners it. Version 54: spiders walk webs (a
/// web neither holds a spider nor tears under it). Version 55: a monster a machine lets out (a
/// statue burst, a wall cracked, a torch died) comes for the player on its guard, not wandering.
const RECORDED_UNDER: (u32, u32) = (55, 0xc75e0e32);

struct Expected {
    rules_version: u32,
    ending: String,
    hashes: Vec<(usize, u32)>,
}

fn goldens() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut found: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("tests/golden exists")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "umbra"))
        .collect();
    found.sort();
    found
}

fn expected(path: &Path) -> Expected {
    let text = fs::read_to_string(path.with_extension("hashes")).expect("its .hashes file");
    let mut expected = Expected {
        rules_version: 0,
        ending: String::new(),
        hashes: Vec::new(),
    };
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["rules-version", version] => expected.rules_version = version.parse().expect("n"),
            ["ends", ..] => expected.ending = line.to_string(),
            ["hash", actions, hash] => expected.hashes.push((
                actions.parse().expect("an action count"),
                u32::from_str_radix(hash, 16).expect("a hex hash"),
            )),
            _ => panic!("{}: cannot read {line:?}", path.display()),
        }
    }
    expected
}

/// The golden's recording, or why this build cannot replay it (another rules version).
fn recording(path: &Path, expected: &Expected) -> History {
    let name = path.display();
    assert_eq!(
        expected.rules_version, RULES_VERSION,
        "{name} was recorded under rules version {}, this build plays {RULES_VERSION}: re-record \
         the golden recordings ({RECORD}) in the commit that changed the rules",
        expected.rules_version
    );
    match History::read(path) {
        Ok(recording) => recording,
        Err(error @ LoadError::OtherRules { .. }) => panic!("{name}: {error}; re-record: {RECORD}"),
        Err(error) => panic!("{name}: {error}"),
    }
}

/// Replays the golden, checking each recorded hash; the first difference fails the test with
/// the action, turn and depth it happened at and what the game said just before. Says whether
/// the player ever stood in a doorway, how many secret doors it found, chasms it jumped, vault
/// rewards it took, and blows its allies struck.
fn check(path: &Path) -> (bool, u32, u32, usize, usize) {
    let expected = expected(path);
    let recording = recording(path, &expected);
    let mut game = recording.start();
    let mut said: Vec<String> = Vec::new();
    let mut checks = expected.hashes.iter().peekable();
    let mut in_a_doorway = false;
    let mut allied_blows = 0;
    for done in 0..=recording.actions.len() {
        if done > 0 {
            game.act(recording.actions[done - 1]);
            allied_blows += (game.events().iter())
                .filter(|e| e.is_allied_blow())
                .count();
            let here = game.level().cell_view(game.player_coord()).tiles.feature;
            in_a_doorway |= here
                == Some(umbra_rules::world::Tile::Ground(
                    umbra_rules::game::Ground::DOOR,
                ));
            said.extend(game.events().iter().map(|&event| describe(event)));
            let keep = said.len().saturating_sub(6);
            said.drain(..keep);
        }
        let Some(&&(at, hash)) = checks.peek() else {
            break;
        };
        if at != done {
            continue;
        }
        checks.next();
        assert_eq!(
            game.state_hash(),
            hash,
            "{}: the game differs from its golden recording after action {done} (turn {}, depth \
             {}); last messages: {said:?}. If a rule changed on purpose, bump RULES_VERSION and \
             re-record ({RECORD}); if not, this change alters play.",
            path.display(),
            game.turn(),
            game.depth()
        );
    }
    assert!(
        checks.next().is_none(),
        "{}: checkpoints past the end",
        path.display()
    );
    assert_eq!(ending_line(&game), expected.ending, "{}", path.display());
    (
        in_a_doorway,
        game.secret_doors_found(),
        game.chasms_jumped(),
        game.vault_rewards().len(),
        allied_blows,
    )
}

/// A digest of what the goldens say about play: their names, endings and hashes.
fn digest_of_play(goldens: &[PathBuf]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    for path in goldens {
        let text = fs::read_to_string(path.with_extension("hashes")).expect("its .hashes file");
        let name = path.file_stem().expect("a file name").to_string_lossy();
        hasher.update(name.as_bytes());
        for line in text.lines() {
            if line.starts_with("ends ") || line.starts_with("hash ") {
                hasher.update(line.as_bytes());
            }
        }
    }
    hasher.finalize()
}

#[test]
fn goldens_that_play_differently_come_with_a_new_rules_version() {
    let digest = digest_of_play(&goldens());
    let (version, recorded) = RECORDED_UNDER;
    assert!(
        version != RULES_VERSION || digest == recorded,
        "the golden recordings play differently from when rules version {RULES_VERSION} was \
         set: bump RULES_VERSION (crates/rules/src/game/mod.rs), re-record ({RECORD}) and set RECORDED_UNDER \
         in tests/golden.rs to the new version and the digest this test then prints. (Only a \
         recording added, no rule changed? Then set the digest alone: {digest:#010x}.)"
    );
    assert!(
        version == RULES_VERSION,
        "RULES_VERSION is now {RULES_VERSION}: once the goldens are re-recorded, set \
         RECORDED_UNDER in tests/golden.rs to ({RULES_VERSION}, {digest:#010x})"
    );
}

#[test]
fn every_golden_recording_replays_to_its_hashes() {
    let goldens = goldens();
    assert!(
        goldens.len() >= 5,
        "the golden recordings are missing: {goldens:?}"
    );
    let (mut through_doors, mut secrets, mut jumps, mut rewards, mut allied) = (0, 0, 0, 0, 0);
    for path in goldens {
        let (doorway, found, jumped, taken, blows) = check(&path);
        through_doors += usize::from(doorway);
        secrets += found;
        jumps += jumped;
        rewards += taken;
        allied += blows;
    }
    // What the goldens pin must include the ground of the dungeon: doors and secret doors.
    assert!(
        through_doors >= 5,
        "{through_doors} goldens go through a door"
    );
    assert!(secrets >= 1, "no golden finds a secret door");
    assert!(jumps >= 1, "no golden jumps into a chasm");
    assert!(rewards >= 1, "no golden takes a vault's reward");
    assert!(allied >= 1, "no golden fights beside an ally");
}
