//! Vaults as a player meets them, on hand-drawn levels read as dumps (the map, the items on the
//! altars, the vault's line): taking one altar's item (asked for, never walked into) cages the
//! others and putting it back opens them; a locked door opens
//! only with its key, and a key crumbles when the player leaves its level. A reward room tells
//! the player what it is the first time its altars come into view, and a library names what
//! lies on them then. A kennel's captives stand chained on its altars: the one freed follows
//! the player, and cages close over the others.

mod common;

use common::Scenario;
use coord_2d::ICoord;
use direction::CardinalDirection::*;
use umbra::app::looks;
use umbra_rules::content::{ItemKind, MachineKind};
use umbra_rules::game::DungeonEvent;
use umbra_rules::game::{Activity, GameEvent, ItemEvent, Side, Stop, TurnOutcome, WizardCommand};
use umbra_rules::{Game, GameOptions, PlayerAction};

fn from_dump(text: &str) -> Scenario {
    let (game, _) = Game::from_dump(text, GameOptions::default()).expect("a valid dump");
    Scenario::from_game(game)
}

/// Three altars south of the player: a dart, a dagger and leather armour.
const ALTARS: &str = "\
#########
#@......#
#.|.|.|.#
#########

item (at: (2, 2), kind: '/', count: 1)
item (at: (4, 2), kind: ')', count: 1)
item (at: (6, 2), kind: '[', count: 1)
vault (door: (1, 1), guard: Sleepers, altars: [(2, 2), (4, 2), (6, 2)], rewards: ['/', ')', '['], taken: false)
";

#[test]
fn taking_one_altars_item_cages_the_others() {
    let mut s = from_dump(ALTARS);
    let (first, second, third) = (ICoord::new(2, 2), ICoord::new(4, 2), ICoord::new(6, 2));
    s.check(
        !s.game.level().blocks_walking(second),
        "the altars stand open",
    );
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(South));
    s.check_eq(s.game.player_coord(), first, "on the first altar");
    s.check(
        matches!(
            s.game.events(),
            [GameEvent::Dungeon(DungeonEvent::AltarHolds { .. })]
        ),
        "walking onto the altar only says what it holds",
    );
    s.check(
        !s.game.level().blocks_walking(second),
        "the others stand open still",
    );
    s.act(PlayerAction::PickUp);
    s.check(
        s.game
            .events()
            .contains(&GameEvent::Dungeon(DungeonEvent::Caged { altars: 2 })),
        "taking the dart closes two cages",
    );
    let dart = ItemKind::from_map_letter('/').expect("darts");
    s.check(s.game.pack().slot_of(dart).is_some(), "the dart is carried");
    for caged in [second, third] {
        s.check(
            s.game.level().blocks_walking(caged),
            "a cage keeps feet out",
        );
        s.check(s.game.item_at(caged).is_some(), "with its item inside");
    }
    s.check(s.game.vaults()[0].taken, "the vault is taken from");
    s.act(PlayerAction::Move(North));
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(East));
    let outcome = s.act(PlayerAction::Move(South));
    s.check_eq(outcome, TurnOutcome::NoTurn, "no stepping into a cage");
    let dump = s.game.dump();
    let again = from_dump(&dump);
    s.check(
        again.game.level().blocks_walking(second),
        "a dump keeps the cage",
    );
    s.check(again.game.item_at(second).is_some(), "and the item in it");
    s.check_eq(again.game.vaults(), s.game.vaults(), "and the vault");
}

/// The key at 2; a locked door east of the player, the altar beyond; the stairs by the key.
const LOCKED: &str = "\
###########
#>.-.@$..|#
###########

item (at: (9, 1), kind: '[', count: 1)
vault (door: (6, 1), guard: Locked, altars: [(9, 1)], rewards: ['['], taken: false)
";

#[test]
fn a_locked_door_opens_only_with_its_key() {
    let mut s = from_dump(LOCKED);
    let door = ICoord::new(6, 1);
    let outcome = s.act(PlayerAction::Move(East));
    s.check_eq(
        outcome,
        TurnOutcome::NoTurn,
        "without the key, nothing happens",
    );
    s.check(
        s.game
            .events()
            .contains(&GameEvent::Dungeon(DungeonEvent::DoorLocked)),
        "and it says so",
    );
    s.check(s.game.level().blocks_walking(door), "the door stays shut");
    s.act(PlayerAction::Move(West));
    s.act(PlayerAction::Move(West));
    let key = ItemKind::key();
    s.check(s.game.pack().slot_of(key).is_some(), "the key picked up");
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(East));
    let outcome = s.act(PlayerAction::Move(East));
    s.check_eq(
        outcome,
        TurnOutcome::TurnTaken,
        "with it, the door opens: a turn",
    );
    s.check(
        s.game
            .events()
            .contains(&GameEvent::Dungeon(DungeonEvent::Unlocked)),
        "unlocked",
    );
    s.check(
        s.game.pack().slot_of(key).is_none(),
        "the key stays in the lock",
    );
    s.check(
        !s.game.level().blocks_walking(door),
        "a door anyone may open now",
    );
    s.act(PlayerAction::Move(East));
    s.check_eq(s.game.player_coord(), door, "and the player walks in");
}

#[test]
fn exploring_leaves_a_locked_door_shut_until_the_key_is_carried_then_opens_it() {
    let door = ICoord::new(6, 1);
    // No key on the level: exploring ends, rather than walking into the lock again and again.
    let mut keyless = from_dump(&LOCKED.replace(".-.@", "...@"));
    let (stop, _) = keyless.perform(Activity::Explore);
    keyless.check(
        matches!(stop, Stop::Explored { .. }),
        &format!("explore ended with {stop:?}"),
    );
    keyless.check(
        keyless.game.level().blocks_walking(door),
        "the door stays shut",
    );
    let (again, steps) = keyless.perform(Activity::Explore);
    keyless.check(
        steps == 0 && matches!(again, Stop::Explored { .. }),
        &format!("and stays explored: {again:?} after {steps} steps"),
    );
    // The key on the level: exploring fetches it, then goes through the door it opens.
    let mut keyed = from_dump(LOCKED);
    for _ in 0..5 {
        keyed.perform(Activity::Explore);
    }
    keyed.check(
        !keyed.game.level().blocks_walking(door),
        "the key opened the door",
    );
}

#[test]
fn travel_steps_onto_the_altar_it_was_asked_for_and_round_the_others() {
    let mut s = from_dump(ALTARS);
    let chosen = ICoord::new(4, 2);
    s.perform(Activity::Travel(chosen));
    s.check_eq(
        s.game.player_coord(),
        chosen,
        "travel reached the chosen altar",
    );
    s.check(
        s.game.pack().is_empty(),
        "and took nothing by arriving: taking is asked for",
    );
    s.act(PlayerAction::PickUp);
    let dagger = ItemKind::all().find(|&kind| s.game.pack().slot_of(kind).is_some());
    s.check(dagger.is_some(), "then took what lay on it");
    s.check_eq(
        s.game.pack().stacks().count(),
        1,
        "one item: the way went round the others",
    );
}

#[test]
fn a_key_crumbles_when_the_player_leaves_its_level() {
    let mut s = from_dump(LOCKED);
    s.act(PlayerAction::Move(West));
    s.act(PlayerAction::Move(West));
    s.check(s.game.pack().slot_of(ItemKind::key()).is_some(), "carried");
    for _ in 0..2 {
        s.act(PlayerAction::Move(West));
    }
    s.act(PlayerAction::Descend);
    s.check_eq(s.game.depth(), 2, "down the stairs");
    s.check(
        s.game
            .events()
            .contains(&GameEvent::Dungeon(DungeonEvent::KeyCrumbled)),
        "told",
    );
    s.check(s.game.pack().slot_of(ItemKind::key()).is_none(), "gone");
}

/// The altars above, an orc asleep on the middle one (hardy enough to outlast a blow from the
/// dark): `side` is the orc's.
fn orc_on_an_altar(side: &str) -> String {
    format!(
        "{}npc (at:(4,2),kind:'o',side:{side},hit_points:(40,40),mind:(state:Asleep,\
         last_transition:(reason:Spawned,turn:0),last_sighting:None,stuck_turns:0,\
         confused_for:0,time_left:0,gave_ground:false))\n",
        ALTARS.replacen("#.|.|.|.#", "#.|.o.|.#", 1)
    )
}

/// A cage closing over a monster on an altar shuts it in but not out of reach: the player
/// strikes it through the bars; an ally caged there is neither struck nor traded places with.
#[test]
fn a_monster_caged_on_an_altar_is_struck_through_the_bars_and_an_ally_is_not() {
    for (side, struck) in [("Dungeon", true), ("Hero", false)] {
        let mut s = from_dump(&orc_on_an_altar(side));
        let orc = s.game.inhabitants().npcs().next().expect("the orc").id;
        s.act(PlayerAction::Move(East));
        s.act(PlayerAction::Move(South));
        s.act(PlayerAction::PickUp);
        s.act(PlayerAction::Move(North));
        s.act(PlayerAction::Move(East));
        s.act(PlayerAction::Move(East));
        s.check_eq(s.game.player_coord(), ICoord::new(4, 1), "above the orc");
        s.check(
            s.game.level().blocks_walking(ICoord::new(4, 2)),
            "the orc is caged",
        );
        s.check_eq(
            s.game.invariant_violations(),
            Vec::<String>::new(),
            "a caged orc breaks no rule of the world",
        );
        let loaded = Game::from_state_bytes(&s.game.to_state_bytes());
        s.check_eq(
            loaded.map(|game| game.state_hash()).ok(),
            Some(s.game.state_hash()),
            "a game saved with the orc caged loads as the same game",
        );
        let outcome = s.act(PlayerAction::Move(South));
        let blow = s.game.events().iter().any(|event| event.is_blow());
        s.check_eq(blow, struck, "a blow through the bars at a foe only");
        let expected = if struck {
            TurnOutcome::TurnTaken
        } else {
            TurnOutcome::NoTurn
        };
        s.check_eq(
            outcome,
            expected,
            "a blow takes a turn; the bars alone take none",
        );
        s.check_eq(
            s.game.player_coord(),
            ICoord::new(4, 1),
            "the player is not caged",
        );
        s.check(
            s.game.inhabitants().npcs().any(|npc| npc.id == orc),
            "the orc is still there",
        );
    }
}

/// The choice can be undone, as in Brogue: the dart put back on its altar opens the cages, and
/// another altar's item may be taken instead.
#[test]
fn putting_the_item_back_on_its_altar_opens_the_cages() {
    let mut s = from_dump(ALTARS);
    let (first, second) = (ICoord::new(2, 2), ICoord::new(4, 2));
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(South));
    s.act(PlayerAction::PickUp);
    s.check(
        s.game.level().blocks_walking(second),
        "the others are caged",
    );
    s.check_eq(s.game.vault_rewards().len(), 1, "one reward taken");
    s.act(PlayerAction::Drop { slot: 0 });
    s.check(
        s.game
            .events()
            .contains(&GameEvent::Dungeon(DungeonEvent::Uncaged { altars: 2 })),
        "putting the dart back opens both cages",
    );
    s.check(
        !s.game.level().blocks_walking(second),
        "the dagger's altar stands open",
    );
    s.check(
        s.game.item_at(first).is_some(),
        "the dart lies on its altar",
    );
    s.check(!s.game.vaults()[0].taken, "the vault is whole again");
    s.check(s.game.vault_rewards().is_empty(), "no reward counted");
    s.act(PlayerAction::Move(North));
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(South));
    s.act(PlayerAction::PickUp);
    let dagger = ItemKind::from_map_letter(')').expect("a dagger");
    s.check(
        s.game.pack().slot_of(dagger).is_some(),
        "the dagger taken instead",
    );
    s.check(
        s.game.level().blocks_walking(first),
        "and the dart caged now",
    );
}

/// Once the player takes one altar's item, cages close over the others: a vault whose only way
/// out from an altar crosses another (altars in a corridor's width) would shut the player in.
/// Over 300 levels of every depth, from every altar a way leads to the door over open ground
/// that is no other altar.
#[test]
fn no_vault_shuts_in_the_player_who_takes_from_an_altar() {
    use std::collections::{HashSet, VecDeque};
    use umbra_rules::terrain;
    let sides = [
        ICoord::new(1, 0),
        ICoord::new(-1, 0),
        ICoord::new(0, 1),
        ICoord::new(0, -1),
    ];
    let mut vaults = 0;
    for seed in 0..30 {
        for depth in 1..=10 {
            let mut rng = <rand_isaac::Isaac64Rng as rand::SeedableRng>::seed_from_u64(seed);
            let level =
                terrain::generate_at_depth(umbra_rules::game::DEFAULT_MAP_SIZE, depth, &mut rng);
            for vault in &level.vaults {
                vaults += 1;
                let open = |c: ICoord| {
                    !vault.altars.contains(&c)
                        && level.grid.get(c).is_some_and(|g| !g.rules().blocks_walking)
                };
                let mut reached = HashSet::from([vault.door]);
                let mut queue = VecDeque::from([vault.door]);
                while let Some(cell) = queue.pop_front() {
                    for next in sides.map(|side| cell + side) {
                        if open(next) && reached.insert(next) {
                            queue.push_back(next);
                        }
                    }
                }
                for &altar in &vault.altars {
                    assert!(
                        sides.iter().any(|&side| reached.contains(&(altar + side))),
                        "seed {seed} depth {depth}: the altar at {altar:?} is shut in"
                    );
                }
            }
        }
    }
    assert!(vaults > 50, "the levels held vaults: {vaults}");
}

/// A reward room round a corner from the player: a healing potion and a scroll of enchanting
/// on its altars, out of sight from where the player starts.
fn reward_room(room: &str) -> String {
    let room = MachineKind::all()
        .find(|&kind| looks::machine(kind).description == room)
        .expect("a machine of that description");
    format!(
        "\
#########
#@......#
#######.#
#.|.|...#
#########

item (at: (2, 3), kind: '!', count: 1)
item (at: (4, 3), kind: '«', count: 1)
vault (door: (7, 2), guard: Sleepers, altars: [(2, 3), (4, 3)], rewards: ['!', '«'], taken: false, room: Some({}))
",
        room.index()
    )
}

/// Walks the player from the start to where the altars come into view, `each_step` before
/// every step.
fn round_the_corner(s: &mut Scenario, mut each_step: impl FnMut(&Scenario)) {
    for step in [East, East, East, East, East, East, South, South] {
        each_step(s);
        s.act(PlayerAction::Move(step));
    }
}

#[test]
fn a_library_names_what_lies_on_its_altars_when_they_come_into_view() {
    let mut s = from_dump(&reward_room("a library"));
    let (potion, scroll) = (
        ItemKind::from_map_letter('!'),
        ItemKind::from_map_letter('«'),
    );
    let kinds = [potion.expect("a potion"), scroll.expect("a scroll")];
    round_the_corner(&mut s, |s| {
        for kind in kinds {
            s.check(!s.game.item_name(kind).known, "unknown out of sight");
        }
    });
    for kind in kinds {
        s.check(s.game.item_name(kind).known, "named on sight");
        s.check(
            s.game
                .events()
                .contains(&GameEvent::Items(ItemEvent::Identified {
                    item: kind,
                    by_elimination: false,
                })),
            "and the player is told",
        );
    }
    s.check(
        (s.game.events().iter())
            .any(|e| matches!(e, GameEvent::Dungeon(DungeonEvent::RoomSeen { .. }))),
        "told it is a library",
    );
    s.act(PlayerAction::Move(West));
    s.check(
        !(s.game.events().iter())
            .any(|e| matches!(e, GameEvent::Dungeon(DungeonEvent::RoomSeen { .. }))),
        "once",
    );
}

#[test]
fn a_vault_names_nothing_it_shows() {
    let mut s = from_dump(&reward_room("a vault"));
    round_the_corner(&mut s, |_| ());
    s.check(
        (s.game.events().iter())
            .any(|e| matches!(e, GameEvent::Dungeon(DungeonEvent::RoomSeen { .. }))),
        "told it is a vault",
    );
    for letter in ['!', '«'] {
        let kind = ItemKind::from_map_letter(letter).expect("a kind");
        s.check(!s.game.item_name(kind).known, "still unknown in sight");
    }
    let dump = s.game.dump();
    s.check(dump.contains("seen:true"), "a seen vault is dumped seen");
    let again = from_dump(&dump);
    s.check(again.game.vaults()[0].seen, "and read back seen");
}

/// A kennel of two altars beside the player, an ogre and a spider chained on them.
fn kennel() -> Scenario {
    let kennel = MachineKind::all()
        .find(|&kind| looks::machine(kind).description == "a kennel")
        .expect("a kennel");
    let dump = format!(
        "\
#######
#.|.|.#
#..@..#
#######

vault (door: (1, 1), guard: Sleepers, altars: [(2, 1), (4, 1)], rewards: [], taken: false, room: Some({}))
",
        kennel.index()
    );
    let mut s = from_dump(&dump);
    for (letter, at) in [('O', ICoord::new(2, 1)), ('r', ICoord::new(4, 1))] {
        let (kind, _) = umbra_rules::content::NpcKind::from_map_letter(letter).expect("a kind");
        let kind = u8::try_from(kind.index()).expect("a row");
        s.act(PlayerAction::Wizard(WizardCommand::Spawn { kind, at }));
        let id = (s.npcs().into_iter())
            .find(|npc| npc.coord == at)
            .expect("spawned")
            .id;
        s.change(|game| game.with_captive(id));
    }
    s
}

#[test]
fn freeing_a_kennels_captive_cages_the_others_out_of_reach() {
    let mut s = kennel();
    let (ogre, spider) = (ICoord::new(2, 1), ICoord::new(4, 1));
    let look = |s: &Scenario| umbra::app::describe(&s.game, spider);
    s.check(look(&s).contains("walk into it to free it"), &look(&s));
    s.act(PlayerAction::Move(West));
    let freed = s.act(PlayerAction::Free(North));
    s.check_eq(freed, TurnOutcome::TurnTaken, "freed");
    s.check(
        s.game
            .events()
            .contains(&GameEvent::Dungeon(DungeonEvent::Caged { altars: 1 })),
        "a cage closes over the other altar",
    );
    let side_at = |s: &Scenario, at: ICoord| {
        (s.npcs().into_iter())
            .find(|npc| npc.coord == at)
            .map(|npc| npc.side)
    };
    s.check_eq(
        side_at(&s, ogre),
        Some(Side::Hero),
        "the ogre follows the player",
    );
    s.check_eq(
        side_at(&s, spider),
        Some(Side::Captive),
        "the spider stays chained",
    );
    let morgue = umbra::app::morgue_text(&s.game, &umbra::app::messages::MessageLog::default());
    s.check(
        morgue.contains("Freed the ogre from a kennel on depth 1"),
        &format!("the morgue names the ally chosen: {morgue}"),
    );
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(East));
    s.check_eq(
        s.game.captive_towards(North),
        None,
        "behind bars, nobody to free",
    );
    let freed = s.act(PlayerAction::Free(North));
    s.check_eq(freed, TurnOutcome::NoTurn, "no turn");
    s.check_eq(side_at(&s, spider), Some(Side::Captive), "still chained");
    let told = look(&s);
    s.check(
        told.contains("caged on an altar") && told.contains("out of reach"),
        &format!("the look says so: {told}"),
    );
    let walked = s.act(PlayerAction::Move(North));
    s.check_eq(walked, TurnOutcome::NoTurn, "the bars take no turn");
    let said: Vec<String> = (s.game.events().iter())
        .map(|&e| umbra::app::messages::describe(e))
        .collect();
    s.check_eq(
        said,
        vec!["The captive spider is caged: out of reach for good.".to_string()],
        "walking into it says why nothing happens",
    );
}
