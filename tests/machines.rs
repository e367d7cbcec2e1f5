//! Machines as a player meets them, on hand-drawn levels read as dumps (the map, the key on its
//! altar, the machine's line): a machine's altar says what it holds and is never emptied by
//! walking over it; lifting what lies there sets the machine off; each blueprint then does
//! what its rows say (a ledge falls away behind the player, a torch drops into dry grass, a
//! portcullis shuts a gas chamber until its lever is pulled, walls crack open on jackals), and
//! every effect ends.
//!
//! Map letters (content/ground.rs): key altar `╥`, ledge altar `╧`, ledge `░`, the ledge's
//! edge `▓`, dead grass `{`, torch bracket `♣`, raised portcullis `╤`, vent grate `⊙`, lever
//! `⌐`, hollow wall `▩`, rubble `▪`, confusion grate `◎`, cistern floor `▫`, cistern pool
//! `◙`, rising water `∼`, flood water `≈`, portcullis `╪`, plate pit `⊡`, swamp torch `⊥`,
//! rattling torch `⊦`, loosening torch `⊧`, slipping
//! torch `⊨`, guttering torch `⊤`, swamp vent `⊕`, haunted torch `⊣`, cracking statue `♜`,
//! commutation altar `⊼`, commutation dais `⊻`, spent dais `⌂`, hidden lever `⌙`, drawbridge
//! `╫`, drawn bridge `╩`.

mod common;

use common::Scenario;
use coord_2d::ICoord;
use direction::CardinalDirection::{self, *};
use grid_2d::Grid;
use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra::app::looks;
use umbra_rules::content::{Ground, ItemKind, MachineKind, Role, Trigger};
use umbra_rules::game::{
    Awareness, DungeonEvent, GameEvent, TurnOutcome, WizardCommand, WizardEvent, level_of_run,
};
use umbra_rules::terrain::{Disposition, walking_distances};
use umbra_rules::world::World;
use umbra_rules::{Game, GameOptions, PlayerAction};

/// A scenario from a map whose machine is every cell drawn in `parts`, with the key on the
/// cell labelled `k` (an altar) and the machine of that description, holding dormant in each
/// cell what its blueprint's part of that ground holds (as the generator lays it).
fn machine_scenario(rows: &[&str], parts: &str, machine: &str) -> (Scenario, Vec<(char, ICoord)>) {
    machine_scenario_rolling(rows, parts, machine, 0)
}

/// [`machine_scenario`] with the game's dice seeded by `seed`.
fn machine_scenario_rolling(
    rows: &[&str],
    parts: &str,
    machine: &str,
    seed: u64,
) -> (Scenario, Vec<(char, ICoord)>) {
    let kind = MachineKind::all()
        .find(|&kind| looks::machine(kind).description == machine)
        .expect("a machine of that description");
    let mut cells = Vec::new();
    let mut dormant = Vec::new();
    let mut key = None;
    // Cells of one ground take the parts of that ground in turn, as the generator lays them.
    let mut laid: Vec<char> = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, letter) in row.chars().enumerate() {
            if parts.contains(letter) {
                cells.push((x as i32, y as i32));
                let nth = laid.iter().filter(|&&l| l == letter).count();
                laid.push(letter);
                let mut of_ground = (kind.rules().parts.iter())
                    .filter(|part| Some(part.ground) == Ground::from_map_letter(letter));
                let part = of_ground.clone().nth(nth).or_else(|| of_ground.next_back());
                if let Some((held, count)) = part.and_then(|part| part.dormant) {
                    let held = ((x as i32, y as i32), held.index());
                    dormant.extend(std::iter::repeat_n(held, usize::from(count)));
                }
            }
            if letter == 'k' {
                key = Some((x as i32, y as i32));
            }
        }
    }
    let key = key.expect("the key's cell, labelled k");
    let altar = parts.chars().next().expect("the altar's letter first");
    let map: Vec<String> = rows
        .iter()
        .map(|row| row.replace('k', &altar.to_string()))
        .collect();
    cells.push(key);
    let text = format!(
        "{}\n\nabout (seed: {seed}, depth: 1, turn: 0, actions: 0)\nitem (at: {key:?}, kind: '{}', count: 1)\nmachine (kind: {}, cells: {cells:?}, signals: 0, dormant: {dormant:?})\n",
        map.join("\n"),
        ItemKind::key().rules().map_letter,
        kind.index(),
    );
    let (game, labels) = Game::from_dump(&text, GameOptions::default()).expect("a valid dump");
    (Scenario::from_game(game), labels)
}

fn walk(s: &mut Scenario, direction: CardinalDirection, steps: usize) {
    for _ in 0..steps {
        s.act(PlayerAction::Move(direction));
    }
}

fn told(s: &Scenario, wanted: impl Fn(&DungeonEvent) -> bool) -> bool {
    (s.game.events().iter()).any(|event| matches!(event, GameEvent::Dungeon(e) if wanted(e)))
}

fn carries_the_key(s: &Scenario) -> bool {
    s.game.pack().slot_of(ItemKind::key()).is_some()
}

fn ground(letter: char) -> Ground {
    Ground::from_map_letter(letter).expect("a kind of ground")
}

/// A ledge of six cells east of the player; the key at its far end, before the cracked rock.
const LEDGE: [&str; 3] = ["############", "#@.░░░░░░k▓#", "############"];

fn ledge() -> Scenario {
    machine_scenario(&LEDGE, "╧░▓", "a crumbling ledge").0
}

#[test]
fn walking_onto_a_machines_altar_only_says_what_it_holds() {
    let mut s = ledge();
    walk(&mut s, East, 8);
    s.check_eq(s.game.player_coord(), ICoord::new(9, 1), "on the altar");
    s.check(
        told(&s, |e| matches!(e, DungeonEvent::SwitchHolds { .. })),
        "told the altar sits on a switch",
    );
    s.check(!carries_the_key(&s), "the key still on the altar");
    s.check_eq(s.game.machines()[0].signals, 0, "nothing set off");
}

#[test]
fn lifting_the_key_off_a_crumbling_ledge_opens_the_chasm_behind_and_a_runner_outruns_it() {
    let mut s = ledge();
    walk(&mut s, East, 8);
    s.act(PlayerAction::PickUp);
    s.check(carries_the_key(&s), "the key lifted");
    s.check(
        told(&s, |e| {
            matches!(e, DungeonEvent::MachineSetOff { first: true, .. })
        }),
        "the machine goes off, and says so",
    );
    s.check_eq(
        s.game.level().ground_at(ICoord::new(10, 1)),
        Ground::CHASM,
        "the rock behind the altar has fallen away",
    );
    for x in 3..=9 {
        s.check_eq(
            s.game.level().ground_at(ICoord::new(x, 1)),
            ground('▒'),
            "the ledge shook, and crumbles now",
        );
    }
    walk(&mut s, West, 8);
    s.check_eq(s.game.depth(), 1, "never caught by the fall");
    s.check_eq(
        s.game.player_coord(),
        ICoord::new(1, 1),
        "out of the machine",
    );
    s.check(carries_the_key(&s), "with the key");
    s.wait(200);
    for x in 3..=9 {
        s.check_eq(
            s.game.level().ground_at(ICoord::new(x, 1)),
            Ground::CHASM,
            "in the end the whole ledge is gone",
        );
    }
    s.check_eq(
        s.game.player_coord(),
        ICoord::new(1, 1),
        "and the player safe",
    );
}

#[test]
fn a_player_who_lingers_on_the_ledge_falls_with_the_key_which_crumbles() {
    let mut s = ledge();
    walk(&mut s, East, 8);
    s.act(PlayerAction::PickUp);
    let mut turns = 0;
    while s.game.depth() == 1 && turns < 100 {
        s.act(PlayerAction::Wait);
        turns += 1;
    }
    s.check_eq(s.game.depth(), 2, "the ledge fell with the player on it");
    s.check(!carries_the_key(&s), "the key crumbled below");
    s.check(turns > 1, "not before the player could run");
}

/// Dead grass from wall to wall, a torch in the wall above it, the key at the end.
const TINDERBOX: [&str; 3] = ["##########", "#@.{{{{{k#", "####♣#####"];

#[test]
fn lifting_the_key_in_a_tinderbox_drops_its_torch_into_the_grass_and_the_fire_burns_out() {
    let (mut s, _) = machine_scenario(&TINDERBOX, "╥{♣", "a tinderbox");
    walk(&mut s, East, 7);
    s.act(PlayerAction::PickUp);
    s.check(
        told(
            &s,
            |e| matches!(e, DungeonEvent::FeatureLetLoose { at, .. } if *at == ICoord::new(4, 1)),
        ),
        "the torch falls onto the floor before its bracket",
    );
    s.check_eq(
        s.game.level().ground_at(ICoord::new(4, 2)),
        Ground::WALL,
        "the bracket is bare wall",
    );
    s.check(
        s.game.level().fire_at(ICoord::new(4, 1)).is_some(),
        "the grass under it burns",
    );
    s.wait(100);
    let burning = (3..=7).filter(|&x| s.game.level().fire_at(ICoord::new(x, 1)).is_some());
    s.check_eq(burning.count(), 0, "the fire has burnt out");
    s.check_eq(
        s.game.level().ground_at(ICoord::new(5, 1)),
        ground('\\'),
        "leaving burnt ground",
    );
}

/// A swamp lamp east of the player: two vents in its floor, the key at the end, and the torch in
/// the wall beyond the altar.
const SWAMP_LAMP: [&str; 3] = ["##############", "#@...⊕...⊕.k⊥#", "##############"];

#[test]
fn lifting_the_key_in_a_swamp_lamp_lets_out_swamp_gas_and_its_torch_falls_some_turns_later() {
    let (mut s, _) = machine_scenario_rolling(&SWAMP_LAMP, "╥⊥⊕", "a swamp lamp", 3);
    let (altar, torch) = (ICoord::new(11, 1), ICoord::new(12, 1));
    walk(&mut s, East, 10);
    s.check_eq(s.game.player_coord(), altar, "on the altar");
    s.act(PlayerAction::PickUp);
    s.check(carries_the_key(&s), "the key lifted");
    for vent in [ICoord::new(5, 1), ICoord::new(9, 1)] {
        s.check(
            s.game.level().gas_at(vent).is_some(),
            "swamp gas pours from each vent",
        );
    }
    s.check_eq(
        s.game.level().ground_at(torch),
        ground('⊧'),
        "the torch rattles, and works loose",
    );
    s.check_eq(s.game.level().cells_burning(), 0, "nothing burns yet");
    let fallen = |s: &Scenario| {
        told(
            s,
            |e| matches!(e, DungeonEvent::FeatureLetLoose { at, .. } if *at == altar),
        )
    };
    let mut turns = 0;
    // Out along the room, then waiting at its end.
    while !fallen(&s) && turns < 80 {
        let away = s.game.player_coord().x > 1;
        s.act(if away {
            PlayerAction::Move(West)
        } else {
            PlayerAction::Wait
        });
        turns += 1;
    }
    s.check(
        fallen(&s),
        "the torch falls onto the floor before it, in time",
    );
    s.check(turns > SWAMP_LAMP_GRACE, "not at once");
    s.check_eq(s.game.level().ground_at(torch), Ground::WALL, "a bare wall");
    s.check(
        s.game.level().cells_burning() > 1,
        "and the swamp gas it falls into burns",
    );
    s.wait(200);
    s.check_eq(s.game.level().cells_burning(), 0, "the fire has burnt out");
    s.check_eq(
        s.game.level().ground_at(torch),
        Ground::WALL,
        "and stays out",
    );
}

/// The turns after the one the key is lifted on in a swamp lamp on which its torch cannot
/// fall: the player's, to run.
const SWAMP_LAMP_GRACE: u32 = 2;

#[test]
fn a_swamp_lamps_torch_never_falls_in_the_first_turns_after_the_key_is_lifted() {
    for seed in 0..40 {
        let (mut s, _) = machine_scenario_rolling(&SWAMP_LAMP, "╥⊥⊕", "a swamp lamp", seed);
        walk(&mut s, East, 10);
        s.act(PlayerAction::PickUp);
        s.check(carries_the_key(&s), "the key lifted");
        for turn in 1..=SWAMP_LAMP_GRACE {
            s.act(PlayerAction::Move(West));
            s.check(
                s.game.level().cells_burning() == 0,
                &format!("seed {seed}: nothing burns on turn {turn} after the lift"),
            );
        }
        s.check_eq(
            s.game.level().ground_at(ICoord::new(12, 1)),
            ground('⊤'),
            "and then the torch gutters, free to fall",
        );
        s.check(s.game.player_coord().x < 11, "the player ran");
    }
}

/// A haunted room east of the player: two cold torches in its walls, the key at the end.
const HAUNTED_ROOM: [&str; 4] = ["##########", "#@.......#", "#####.k..#", "#####⊣##⊣#"];

#[test]
fn lifting_the_key_in_a_haunted_room_puts_its_torches_out_on_phantoms() {
    let (mut s, _) = machine_scenario(&HAUNTED_ROOM, "╥⊣.", "a haunted room");
    let phantom = |npc: &umbra_rules::game::NpcInfo| npc.kind.rules().map_letters.awake == 'p';
    let torches = [ICoord::new(5, 3), ICoord::new(8, 3)];
    let lit_before = s.game.level().light_at(ICoord::new(6, 2));
    s.check(lit_before > 0, "the torches light the room");
    s.check_eq(s.npcs().len(), 0, "nothing about");
    for step in [East, East, East, East, South, East] {
        s.act(PlayerAction::Move(step));
    }
    s.check_eq(s.game.player_coord(), ICoord::new(6, 2), "on the altar");
    s.act(PlayerAction::PickUp);
    s.check(carries_the_key(&s), "the key lifted");
    for torch in torches {
        s.check_eq(s.game.level().ground_at(torch), Ground::WALL, "a torch out");
    }
    s.check(
        s.game.level().light_at(ICoord::new(6, 2)) < lit_before,
        "the room darker",
    );
    s.check_eq(
        s.npcs().iter().filter(|npc| phantom(npc)).count(),
        2,
        "a phantom out of each torch's wall",
    );
    s.check_eq(s.game.machines()[0].dormant.len(), 0, "none left held");
}

/// A statuary east of the player: two cracked statues in alcoves of its south wall.
const STATUARY: [&str; 4] = ["###########", "#@......k.#", "####♜###♜##", "###########"];

#[test]
fn lifting_the_key_in_a_statuary_bursts_its_statues_on_an_ogre_and_an_archer() {
    let (mut s, _) = machine_scenario(&STATUARY, "╥♜.", "a statuary");
    let statues = [ICoord::new(4, 2), ICoord::new(8, 2)];
    s.check_eq(s.game.machines()[0].dormant.len(), 2, "one in each statue");
    walk(&mut s, East, 7);
    s.check(s.npcs().is_empty(), "the statues stand still as it comes");
    s.act(PlayerAction::PickUp);
    s.check(carries_the_key(&s), "the key lifted");
    for statue in statues {
        s.check_eq(
            s.game.level().ground_at(statue),
            ground('▪'),
            "a statue burst into rubble",
        );
    }
    let letters: Vec<char> = (s.npcs().iter())
        .map(|npc| npc.kind.rules().map_letters.awake)
        .collect();
    s.check(
        letters.contains(&'O') && letters.contains(&'a') && letters.len() == 2,
        &format!("an ogre and an archer stepped out: {letters:?}"),
    );
    for npc in s.npcs() {
        let agent = s.agent(npc.coord);
        s.check(
            agent.awareness() != Awareness::Unaware,
            &format!("{:?} steps out on its guard: {agent:?}", npc.kind),
        );
    }
    s.check_eq(s.game.machines()[0].dormant.len(), 0, "none left held");
    s.check(
        told(&s, |e| matches!(e, DungeonEvent::FeatureLetLoose { .. })),
        "and the player is told",
    );
}

/// A pair of commutation altars east of the player, the dais beyond them.
fn commutation_altars() -> Scenario {
    let kind = MachineKind::all()
        .find(|&kind| looks::machine(kind).description == "a pair of commutation altars")
        .expect("commutation altars");
    let dump = format!(
        "\
##########
#@.⊼.⊼.⊻.#
##########

machine (kind: {}, cells: [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1)], signals: 0)
",
        kind.index()
    );
    let (game, _) = Game::from_dump(&dump, GameOptions::default()).expect("a valid dump");
    Scenario::from_game(game)
}

fn give(s: &mut Scenario, is: impl Fn(ItemKind) -> bool) -> ItemKind {
    let item = ItemKind::all().find(|&k| is(k)).expect("a kind");
    let kind = item.index() as u8;
    s.act(PlayerAction::Wizard(WizardCommand::Give { kind }));
    item
}

fn class_of(item: ItemKind) -> umbra_rules::content::ItemClass {
    item.rules().use_.class()
}

fn drop_here(s: &mut Scenario, item: ItemKind) {
    let slot = s.game.pack().slot_of(item).expect("carried");
    s.act(PlayerAction::Drop { slot });
}

/// A staff enchanted twice and a ring laid on the altars, the dais stepped onto: the staff is
/// back to its row's level and charges, the ring two levels up; the dais is spent, and stepping
/// onto it again trades nothing back.
#[test]
fn commutation_altars_trade_two_items_enchanting_once() {
    use umbra_rules::content::{ItemClass, Spell};
    let mut s = commutation_altars();
    let staff = give(&mut s, |k| class_of(k) == ItemClass::Staff);
    let ring = give(&mut s, |k| class_of(k) == ItemClass::Ring);
    let enchanting = |k: ItemKind| {
        k.rules().use_
            == umbra_rules::content::ItemUse::Recite {
                spell: Spell::Enchanting,
            }
    };
    for _ in 0..2 {
        let scroll = give(&mut s, enchanting);
        let slot = s.game.pack().slot_of(scroll).expect("a scroll");
        let on = s.game.pack().slot_of(staff).expect("the staff");
        s.act(PlayerAction::UseOn { slot, on });
    }
    let before = s.game.pack().stack_of(staff).expect("the staff");
    s.check_eq(before.tuning.enchant, 2, "the staff enchanted twice");
    walk(&mut s, East, 2);
    drop_here(&mut s, staff);
    walk(&mut s, East, 2);
    drop_here(&mut s, ring);
    walk(&mut s, East, 2);
    s.check(
        told(&s, |e| matches!(e, DungeonEvent::Commuted { .. })),
        "the altars flare and trade",
    );
    s.check_eq(
        s.game.level().ground_at(ICoord::new(7, 1)),
        ground('⌂'),
        "the dais spent",
    );
    walk(&mut s, East, 1);
    walk(&mut s, West, 1);
    s.check(
        !told(&s, |e| matches!(e, DungeonEvent::Commuted { .. })),
        "once only",
    );
    for (at, item) in [(5, ring), (3, staff)] {
        while s.game.player_coord().x > at {
            s.act(PlayerAction::Move(West));
        }
        s.act(PlayerAction::PickUp);
        s.check(s.game.pack().slot_of(item).is_some(), "picked up");
    }
    let staff_now = s.game.pack().stack_of(staff).expect("the staff");
    let ring_now = s.game.pack().stack_of(ring).expect("the ring");
    s.check_eq(staff_now.tuning.enchant, 0, "the staff's levels gone");
    s.check_eq(ring_now.tuning.enchant, 2, "onto the ring");
    s.check(
        staff_now.tuning.charges <= staff_now.max_charges(),
        "the staff keeps no more charges than its level holds",
    );
    s.check(
        staff_now.tuning.charges < before.tuning.charges,
        "fewer than it had",
    );
}

/// One item on the altars, a potion on the other: the dais stepped onto trades nothing, and
/// says so.
#[test]
fn commutation_altars_trade_nothing_that_does_not_take_enchanting() {
    use umbra_rules::content::ItemClass;
    let mut s = commutation_altars();
    let ring = give(&mut s, |k| class_of(k) == ItemClass::Ring);
    let potion = give(&mut s, |k| class_of(k) == ItemClass::Potion);
    walk(&mut s, East, 2);
    drop_here(&mut s, ring);
    walk(&mut s, East, 2);
    drop_here(&mut s, potion);
    walk(&mut s, East, 2);
    s.check(
        told(&s, |e| *e == DungeonEvent::NothingCommuted),
        "the altars flare on nothing to trade",
    );
}

/// A gas chamber east of the player: a raised portcullis in its doorway, two vents, the key,
/// and a lever in the wall below.
const GAS_CHAMBER: [&str; 3] = ["###########", "#@.╤⊙.⊙k..#", "#####⌐#####"];

fn gas_chamber() -> Scenario {
    machine_scenario(&GAS_CHAMBER, "╥╤⊙⌐.", "a gas chamber").0
}

#[test]
fn lifting_the_key_in_a_gas_chamber_drops_the_portcullis_and_opens_the_vents() {
    let mut s = gas_chamber();
    walk(&mut s, East, 6);
    s.act(PlayerAction::PickUp);
    let door = ICoord::new(3, 1);
    s.check(
        s.game.level().blocks_walking(door),
        "the portcullis is down",
    );
    for vent in [ICoord::new(4, 1), ICoord::new(6, 1)] {
        s.check(
            s.game.level().gas_at(vent).is_some(),
            "caustic gas pours from a vent",
        );
    }
    walk(&mut s, West, 3);
    s.check_eq(s.game.player_coord(), ICoord::new(4, 1), "against the bars");
    let outcome = s.act(PlayerAction::Move(West));
    s.check_eq(outcome, TurnOutcome::NoTurn, "no way through them");
    s.act(PlayerAction::Move(East));
    let outcome = s.act(PlayerAction::Move(South));
    s.check_eq(
        outcome,
        TurnOutcome::TurnTaken,
        "pulling the lever is a turn",
    );
    s.check(
        told(&s, |e| matches!(e, DungeonEvent::LeverPulled { .. })),
        "the lever pulled",
    );
    s.check(
        !s.game.level().blocks_walking(door),
        "the portcullis lifted",
    );
    walk(&mut s, West, 2);
    s.check_eq(s.game.player_coord(), door, "through the doorway");
    s.check(carries_the_key(&s), "with the key");
}

#[test]
fn pulling_a_gas_chambers_lever_first_springs_its_trap_and_pulling_it_again_lifts_it() {
    let mut s = gas_chamber();
    walk(&mut s, East, 4);
    s.act(PlayerAction::Move(South));
    let door = ICoord::new(3, 1);
    s.check(
        s.game.level().blocks_walking(door),
        "the portcullis drops anyway",
    );
    s.act(PlayerAction::Move(South));
    s.check(!s.game.level().blocks_walking(door), "and lifts for good");
    let gas_before = s.game.level().gas_at(ICoord::new(4, 1)).map(|(_, v)| v);
    walk(&mut s, East, 2);
    s.act(PlayerAction::PickUp);
    s.check(carries_the_key(&s), "the key lifted");
    s.check(!s.game.level().blocks_walking(door), "nothing shuts again");
    let gas_after = s.game.level().gas_at(ICoord::new(4, 1)).map(|(_, v)| v);
    s.check(
        gas_after <= gas_before,
        "and the spent vents breathe out no more",
    );
}

/// The wizard sets a machine off from any cell of it, without its key: the chamber springs
/// as a lifted key would; a cell no machine holds sets nothing off.
#[test]
fn the_wizard_sets_off_a_machine_from_any_cell_of_it() {
    let mut s = gas_chamber();
    let door = ICoord::new(3, 1);
    let outcome = s.act(PlayerAction::Wizard(WizardCommand::SetOffMachine {
        at: ICoord::new(1, 1),
    }));
    s.check_eq(
        outcome,
        TurnOutcome::NoTurn,
        "a wizard's command takes no turn",
    );
    s.check(
        (s.game.events().iter())
            .any(|e| matches!(e, GameEvent::Wizard(WizardEvent::WizardryFailed { .. }))),
        "no machine holds where the player stands",
    );
    s.check_eq(s.game.machines()[0].signals, 0, "nothing set off");
    s.act(PlayerAction::Wizard(WizardCommand::SetOffMachine {
        at: ICoord::new(9, 1),
    }));
    s.check(
        told(&s, |e| {
            matches!(e, DungeonEvent::MachineSetOff { first: true, .. })
        }),
        "the chamber goes off",
    );
    s.check(
        s.game.level().gas_at(ICoord::new(4, 1)).is_some(),
        "caustic gas pours from a vent",
    );
    s.act(PlayerAction::Wait);
    s.check(
        s.game.level().blocks_walking(door),
        "the portcullis is down as the turn ends",
    );
    s.check(!carries_the_key(&s), "the key still lies on its altar");
    s.check(s.game.is_wizard_run(), "a wizard's run");
}

/// The gas chamber as the generator builds it: its lever hidden in the wall below.
const HIDDEN_LEVER: [&str; 3] = ["###########", "#@.╤⊙.⊙k..#", "#####⌙#####"];

#[test]
fn a_gas_chambers_hidden_lever_is_wall_until_a_search_finds_it_then_lifts_the_portcullis() {
    let (mut s, _) = machine_scenario(&HIDDEN_LEVER, "╥╤⊙⌙.", "a gas chamber");
    let (door, lever) = (ICoord::new(3, 1), ICoord::new(5, 2));
    s.check_eq(
        looks::ground_name(s.game.level().ground_at(lever)),
        looks::ground_name(Ground::WALL),
        "the lever looks like the wall",
    );
    walk(&mut s, East, 6);
    s.act(PlayerAction::PickUp);
    walk(&mut s, West, 2);
    s.check(s.game.level().blocks_walking(door), "shut in");
    s.check_eq(s.game.player_coord(), ICoord::new(5, 1), "above the lever");
    let outcome = s.act(PlayerAction::Move(South));
    s.check_eq(
        outcome,
        TurnOutcome::NoTurn,
        "walking into the wall does nothing",
    );
    s.check(s.game.level().blocks_walking(door), "still shut in");
    let mut searches = 0;
    while !told(&s, |e| matches!(e, DungeonEvent::FoundLever { .. })) {
        s.act(PlayerAction::Search);
        searches += 1;
        s.check(searches <= 5, "a thorough search finds it");
    }
    s.act(PlayerAction::Move(South));
    s.check(
        told(&s, |e| matches!(e, DungeonEvent::LeverPulled { .. })),
        "the lever pulled",
    );
    s.check(
        !s.game.level().blocks_walking(door),
        "the portcullis lifted",
    );
}

#[test]
fn a_dump_keeps_a_machine_and_how_often_it_went_off() {
    let mut s = gas_chamber();
    walk(&mut s, East, 6);
    s.act(PlayerAction::PickUp);
    let dump = s.game.dump();
    let (again, _) = Game::from_dump(&dump, GameOptions::default()).expect("its own dump");
    s.check_eq(again.machines(), s.game.machines(), "the machine as it was");
    s.check_eq(again.machines()[0].signals, 1, "gone off once");
}

/// A dump (as a save) keeps the monsters an ambush closet holds in its walls: the game read
/// back from it wakes them when the key is lifted.
#[test]
fn a_dump_keeps_the_monsters_a_machine_holds_dormant() {
    let (s, _) = machine_scenario(&CLOSET, "╥◎▩.", "an ambush closet");
    let (again, _) = Game::from_dump(&s.game.dump(), GameOptions::default()).expect("its dump");
    let mut s = Scenario::from_game(again);
    walk(&mut s, East, 6);
    s.act(PlayerAction::PickUp);
    let jackal = |npc: &umbra_rules::game::NpcInfo| npc.kind.rules().map_letters.awake == 'j';
    s.check_eq(
        s.npcs().iter().filter(|npc| jackal(npc)).count(),
        4,
        "the four jackals out of the walls",
    );
}

/// The gas chamber with a caustic trap in the corridor before it.
const TRAPPED_CHAMBER: [&str; 3] = ["###########", "#@▲╤⊙.⊙k..#", "#####⌐#####"];

/// The wiring view marks each cell by what it does in its machine: the lever bumped, the key
/// lifted, the doorway and vents that answer; the trap by its own letter; the legend names
/// the machine and how often it went off.
#[test]
fn the_wiring_view_shows_what_sets_each_machine_off_and_what_answers() {
    let (s, _) = machine_scenario(&TRAPPED_CHAMBER, "╥╤⊙⌐.", "a gas chamber");
    let flags = umbra::app::debug_aids::DebugFlags {
        overlays: true,
        wizard: false,
    };
    let mut app = umbra::app::GameApp::new(s.game).with_debug(flags);
    let size = coord_2d::UCoord::new(100, 40);
    // Off, then the distance, safety, minds, noises, sight, light, stealth and gas views.
    for _ in 0..9 {
        common::press_on(&mut app, size, chargrid::input::KeyboardInput::Char('v'));
    }
    let screen = common::screen::render_at(&app, size);
    let shown = |x: usize, y: usize| screen.rows[y].chars().nth(x).unwrap_or(' ');
    let row: String = (0..11).map(|x| shown(x, 1)).collect();
    assert_eq!(row, "#@S**.*L..#", "{}", screen.text());
    assert_eq!(shown(5, 2), 'B', "the lever\n{}", screen.text());
    // The legend wraps over the view's last rows.
    let words = screen
        .text()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        words.contains("in turn: a gas chamber (set off 0)"),
        "{}",
        screen.text()
    );
}

/// A dump names how each machine is wired and where the traps lie, in comments, and still
/// reads back.
#[test]
fn a_dump_says_how_the_level_is_wired() {
    let (s, _) = machine_scenario(&TRAPPED_CHAMBER, "╥╤⊙⌐.", "a gas chamber");
    let dump = s.game.dump();
    let lines: Vec<&str> = dump.lines().filter(|l| l.contains("wiring")).collect();
    assert_eq!(
        lines,
        [
            "// wiring: machine 0 set off by bumped (5, 2), lifted (7, 1); answers (3, 1), (4, 1), (6, 1)",
            "// wiring: trap (2, 1)",
        ],
        "{dump}"
    );
    Game::from_dump(&dump, GameOptions::default()).expect("its own dump");
}

/// With two machines on a level, each machine's wiring line names its own cells only: the
/// gas chamber split in two, its lever a machine of its own.
#[test]
fn a_dumps_wiring_line_names_only_its_own_machines_cells() {
    let (s, _) = machine_scenario(&TRAPPED_CHAMBER, "╥╤⊙⌐.", "a gas chamber");
    let dump = s.game.dump();
    let line = (dump.lines())
        .find(|l| l.starts_with("machine"))
        .expect("a machine line");
    // RON, compact: `machine (kind:2,cells:[(3,1),(4,1),…],signals:0)`.
    let kind = line.split("kind:").nth(1).and_then(|k| k.split(',').next());
    let split = format!(
        "{}\nmachine (kind:{},cells:[(5,2)],signals:0)",
        line.replace("(5,2),", ""),
        kind.expect("a kind")
    );
    let (game, _) = Game::from_dump(&dump.replacen(line, &split, 1), GameOptions::default())
        .expect("two machines");
    let wired = game.dump();
    let wiring: Vec<&str> = wired
        .lines()
        .filter(|l| l.contains("wiring: machine"))
        .collect();
    assert_eq!(
        wiring,
        [
            "// wiring: machine 0 set off by lifted (7, 1); answers (3, 1), (4, 1), (6, 1)",
            "// wiring: machine 1 set off by bumped (5, 2); answers ",
        ],
        "{wired}"
    );
}

/// An ambush closet east of the player: two hollow walls below it, a confusion grate.
const CLOSET: [&str; 4] = ["##########", "#@.◎...k.#", "####▩#▩###", "##########"];

#[test]
fn lifting_the_key_in_an_ambush_closet_cracks_its_walls_on_jackals_and_breathes_confusion() {
    let (mut s, _) = machine_scenario(&CLOSET, "╥◎▩.", "an ambush closet");
    s.check(s.npcs().is_empty(), "nobody in sight before");
    s.check_eq(
        s.game.machines()[0].dormant.len(),
        4,
        "four held in its walls",
    );
    walk(&mut s, East, 6);
    s.check(
        s.npcs().is_empty(),
        "held out of play while the player walks in",
    );
    s.act(PlayerAction::PickUp);
    s.check(s.game.machines()[0].dormant.is_empty(), "none held now");
    for wall in [ICoord::new(4, 2), ICoord::new(6, 2)] {
        s.check_eq(
            s.game.level().ground_at(wall),
            ground('▪'),
            "a hollow wall cracked into rubble",
        );
    }
    let jackal = |npc: &umbra_rules::game::NpcInfo| npc.kind.rules().map_letters.awake == 'j';
    s.check_eq(
        s.npcs().iter().filter(|npc| jackal(npc)).count(),
        4,
        "two jackals out of each wall",
    );
    s.check(
        s.game.level().gas_at(ICoord::new(3, 1)).is_some(),
        "the grate breathes its gas",
    );
    for before_the_wall in [ICoord::new(4, 1), ICoord::new(6, 1)] {
        s.check_eq(
            s.game.level().ground_at(before_the_wall),
            ground('▪'),
            "rubble strewn where each wall burst",
        );
    }
    s.check_eq(
        s.game.level().ground_at(ICoord::new(7, 1)),
        ground('|'),
        "but never over the altar: rubble lands on floor alone",
    );
    s.check(
        told(&s, |e| matches!(e, DungeonEvent::FeatureLetLoose { .. })),
        "and the player is told",
    );
}

/// An ambush closet two rows wide, its one hollow wall below the second row, a step from
/// the altar.
const WIDE_CLOSET: [&str; 5] = [
    "##########",
    "#@..k....#",
    "#........#",
    "####▩#####",
    "##########",
];

/// The rubble a burst wall strews is a blob: over twenty rolls of the game's dice it lies on
/// the cell before the wall, reaches beyond it in some (60 in a hundred a cell beside it, 30 a
/// step further) and never further than two steps (the chances are spent), and only on floor:
/// never over the altar beside it, nor the walls.
#[test]
fn a_burst_walls_rubble_spreads_a_step_or_two_and_stops() {
    let origin = ICoord::new(4, 2);
    let mut furthest = 0;
    for seed in 1..=20 {
        let (mut s, _) = machine_scenario_rolling(&WIDE_CLOSET, "╥▩.", "an ambush closet", seed);
        walk(&mut s, East, 3);
        s.act(PlayerAction::PickUp);
        s.check(
            told(&s, |e| matches!(e, DungeonEvent::MachineSetOff { .. })),
            "set off",
        );
        for x in (0..=9).filter(|&x| x != 4) {
            for y in [0, 3] {
                let wall = s.game.level().ground_at(ICoord::new(x, y));
                s.check_eq(wall, ground('#'), "the walls whole");
            }
        }
        s.check_eq(
            s.game.level().ground_at(origin),
            ground('▪'),
            "rubble before the wall",
        );
        for y in 1..=2 {
            for x in 1..=8 {
                let cell = ICoord::new(x, y);
                if s.game.level().ground_at(cell) != ground('▪') {
                    continue;
                }
                let steps = (cell - origin).manhattan_magnitude();
                s.check(steps <= 2, "no rubble past the chances' end");
                furthest = furthest.max(steps);
            }
        }
        s.check_eq(
            s.game.level().ground_at(ICoord::new(4, 1)),
            ground('|'),
            "the altar bare",
        );
    }
    assert!(furthest >= 1, "some rubble beyond the cell before the wall");
}

/// A flooding cistern east of the player: its floor stained, two pools below it.
const CISTERN: [&str; 4] = ["##########", "#@.▫▫▫▫k##", "###▫◙▫◙▫##", "##########"];

#[test]
fn lifting_the_key_in_a_flooding_cistern_floods_it_with_eels_and_the_flood_drains() {
    let (mut s, _) = machine_scenario(&CISTERN, "╥◙▫", "a flooding cistern");
    let eel = |npc: &umbra_rules::game::NpcInfo| npc.kind.rules().map_letters.awake == 'e';
    let eels = |s: &Scenario| s.npcs().iter().filter(|npc| eel(npc)).count();
    s.check_eq(eels(&s), 0, "no eel before");
    walk(&mut s, East, 6);
    s.act(PlayerAction::PickUp);
    s.check(carries_the_key(&s), "the key lifted");
    let pools = [ICoord::new(4, 2), ICoord::new(6, 2)];
    let floor: Vec<ICoord> = [(3, 1), (4, 1), (5, 1), (6, 1), (3, 2), (5, 2), (7, 2)]
        .map(|(x, y)| ICoord::new(x, y))
        .to_vec();
    for pool in pools {
        s.check_eq(
            s.game.level().ground_at(pool),
            ground('≈'),
            "a pool overflowed into flood water",
        );
    }
    for &cell in &floor {
        s.check(
            [ground('∼'), ground('≈')].contains(&s.game.level().ground_at(cell)),
            "the floor under rising water",
        );
        s.check(!s.game.level().blocks_walking(cell), "which anyone wades");
    }
    s.check_eq(eels(&s), 2, "an eel out of each pool");
    s.check(
        told(&s, |e| matches!(e, DungeonEvent::FeatureLetLoose { .. })),
        "and the player is told",
    );
    // Out of the eels' reach, the player waits the flood out.
    let to = ICoord::new(1, 1);
    s.act(PlayerAction::Wizard(WizardCommand::Teleport { to }));
    for _ in 0..600 {
        s.act(PlayerAction::Wait);
    }
    for cell in pools.into_iter().chain(floor) {
        s.check_eq(s.game.level().ground_at(cell), Ground::FLOOR, "drained");
    }
    s.check_eq(
        s.game.level().ground_at(ICoord::new(7, 1)),
        Ground::ALTAR,
        "the altar, emptied, stays dry",
    );
    s.check_eq(eels(&s), 2, "the eels stranded on the floor");
}

#[test]
fn wading_into_an_eel_hidden_in_a_flood_takes_the_turn_and_says_so() {
    let mut s = Scenario::new(&["######", "#@≈≈.#", "######"]);
    let eel = umbra_rules::content::NpcKind::all()
        .position(|kind| kind.rules().map_letters.awake == 'e')
        .expect("the eel's row") as u8;
    let at = ICoord::new(2, 1);
    s.act(PlayerAction::Wizard(WizardCommand::Spawn { kind: eel, at }));
    s.check(
        s.game.level().cell_view(at).tiles.character.is_none(),
        "the eel unseen under the flood",
    );
    let turn = s.game.turn();
    let outcome = s.act(PlayerAction::Move(East));
    s.check_eq(outcome, TurnOutcome::TurnTaken, "the step is a turn spent");
    s.check_eq(s.game.turn(), turn + 1, "one turn");
    s.check(
        told(&s, |e| matches!(e, DungeonEvent::SomethingUnderWater)),
        "something in the way, the player is told",
    );
    s.check_eq(
        s.game.player_coord(),
        ICoord::new(1, 1),
        "and is where it was",
    );
}

#[test]
fn flood_water_is_waded() {
    let mut s = Scenario::new(&["#####", "#@≈.#", "#####"]);
    let outcome = s.act(PlayerAction::Move(East));
    s.check_eq(outcome, TurnOutcome::TurnTaken, "a step into the flood");
    s.check_eq(s.game.player_coord(), ICoord::new(2, 1), "wading");
}

/// A vault behind a portcullis east of the player (a door guard), a dart on the way; the
/// plate's pit straight in from the doorway, two altars beyond it.
const PLATE_VAULT: &str = "\
#########
#@/.╪.⊡|#
#####..|#
#########

item (at: (2, 1), kind: '/', count: 1)
item (at: (7, 1), kind: ')', count: 1)
item (at: (7, 2), kind: '[', count: 1)
vault (door: (4, 1), guard: Machine, altars: [(7, 1), (7, 2)], rewards: [')', '['], taken: false)
";

fn plate_vault() -> Scenario {
    let kind = MachineKind::all()
        .find(|&kind| looks::machine(kind).description == "a portcullis and its plate")
        .expect("the throwing plate");
    let cells = "[(4, 1), (5, 1), (6, 1), (5, 2), (6, 2), (7, 1), (7, 2)]";
    let machine = format!(
        "machine (kind: {}, cells: {cells}, signals: 0, dormant: [])\n",
        kind.index()
    );
    let (game, _) = Game::from_dump(
        &(PLATE_VAULT.to_string() + &machine),
        GameOptions::default(),
    )
    .expect("a valid dump");
    Scenario::from_game(game)
}

fn dart(s: &Scenario) -> u8 {
    s.game
        .pack()
        .slot_of(ItemKind::from_map_letter('/').expect("a dart"))
        .expect("the dart picked up")
}

#[test]
fn a_dart_thrown_through_a_vaults_bars_onto_its_plate_lifts_the_portcullis() {
    let mut s = plate_vault();
    let door = ICoord::new(4, 1);
    let plate = ICoord::new(6, 1);
    walk(&mut s, East, 2);
    let outcome = s.act(PlayerAction::Move(East));
    s.check_eq(
        outcome,
        TurnOutcome::NoTurn,
        "the portcullis keeps the player out",
    );
    let slot = dart(&s);
    s.check(
        s.game.aim(slot, ICoord::new(5, 1)).is_ok(),
        "the bars let a throw through",
    );
    let outcome = s.act(PlayerAction::Throw { slot, at: plate });
    s.check_eq(outcome, TurnOutcome::TurnTaken, "a throw");
    s.check(
        told(&s, |e| matches!(e, DungeonEvent::MachineSetOff { .. })),
        "the plate pressed",
    );
    s.check(
        !s.game.level().blocks_walking(door),
        "the portcullis lifted",
    );
    for step in [East, East, South, East, East] {
        s.act(PlayerAction::Move(step));
    }
    s.check_eq(s.game.player_coord(), ICoord::new(7, 2), "on an altar");
    s.act(PlayerAction::PickUp);
    s.check_eq(s.game.vault_rewards().len(), 1, "a reward taken");
    s.check(
        s.game.level().blocks_walking(ICoord::new(7, 1)),
        "the other altar caged",
    );
    s.check(!s.game.level().blocks_walking(door), "and the way out open");
}

#[test]
fn a_dart_thrown_short_of_a_vaults_plate_presses_nothing() {
    let mut s = plate_vault();
    walk(&mut s, East, 2);
    let slot = dart(&s);
    s.act(PlayerAction::Throw {
        slot,
        at: ICoord::new(5, 1),
    });
    s.check(
        s.game.level().blocks_walking(ICoord::new(4, 1)),
        "the portcullis stays down",
    );
    s.check_eq(s.game.machines()[0].signals, 0, "nothing set off");
}

/// The level's ground as it stands now, as the generator's reach reads it.
fn ground_of(world: &World) -> Grid<Ground> {
    Grid::new_fn(world.size(), |c| world.ground_at(c))
}

/// Over seeds 1 to 8, most levels hold a machine, and the seed catalog names each.
#[test]
fn machines_come_on_most_levels_and_the_seed_catalog_names_them() {
    let size = coord_2d::UCoord::new(80, 30);
    let levels = (1..=8u64)
        .flat_map(|seed| (1..=10).map(move |depth| level_of_run(seed, depth, size)))
        .filter(|level| !level.machines.is_empty())
        .count();
    assert!(levels >= 30, "{levels} of 80 levels hold a machine");
    let output = common::umbra(&["--seed-catalog", "2"]);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let named = MachineKind::all()
        .filter(|&kind| text.contains(&looks::machine(kind).description))
        .count();
    assert!(named > 0, "{text}");
    let built = (1..=10)
        .flat_map(|depth| level_of_run(2, depth, size).machines)
        .count();
    let shapes = text.lines().filter(|l| l.starts_with("Depth "));
    let listed: usize = shapes
        .map(|line| {
            MachineKind::all()
                .map(|kind| line.matches(&looks::machine(kind).description).count())
                .sum::<usize>()
        })
        .sum();
    assert_eq!(listed, built, "every machine built is named: {text}");
}

/// Over seeds 1 to 8, every vault is a reward room of content/machines.ron, a third of the
/// levels hold one, its altars offer only what its row offers (a kennel's, captives of its
/// row's kinds), a library's shelves stand in its walls, and the seed catalog names each room;
/// three levels in four hold a machine of some row.
#[test]
fn reward_rooms_offer_what_their_rows_say_on_a_third_of_the_levels() {
    let size = coord_2d::UCoord::new(80, 30);
    let (mut with_a_room, mut with_a_machine, mut kennels) = (0, 0, 0);
    for seed in 1..=8u64 {
        let output = common::umbra(&["--seed-catalog", &seed.to_string()]);
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        for depth in 1..=10 {
            let level = level_of_run(seed, depth, size);
            with_a_room += usize::from(!level.vaults.is_empty());
            with_a_machine += usize::from(!level.vaults.is_empty() || !level.machines.is_empty());
            let mut shelves = 0;
            for vault in &level.vaults {
                let room = vault.room.expect("every vault a reward room");
                let rules = room.rules();
                assert_eq!(rules.role, Role::RewardRoom);
                let offers = &rules.reward.as_ref().expect("an offer").offers;
                for item in level
                    .items
                    .iter()
                    .filter(|i| vault.altars.contains(&i.coord) && i.item != ItemKind::key())
                {
                    let class = item.item.rules().use_.class();
                    assert!(
                        offers.contains(&class),
                        "seed {seed} depth {depth}: {class:?}"
                    );
                }
                let captives = &rules.reward.as_ref().expect("an offer").captives;
                for altar in &vault.altars {
                    let chained = (level.npcs.iter()).find(|npc| npc.coord == *altar);
                    assert_eq!(
                        chained.map(|npc| (npc.disposition, captives.contains(&npc.kind))),
                        (!captives.is_empty()).then_some((Disposition::Captive, true)),
                        "seed {seed} depth {depth}: a kennel's captive on each altar, none else"
                    );
                }
                kennels += usize::from(!captives.is_empty());
                shelves += 2 * usize::from(looks::machine(room).description == "a library");
                let named = format!("{} ", capitalised(&looks::machine(room).description));
                assert!(text.contains(&named), "seed {seed}: {named} in {text}");
            }
            let bookshelf = Ground::from_map_letter('⊪');
            // A set piece may stand shelves in its walls too (a remnant's).
            shelves += (level.machines.iter())
                .flat_map(|machine| machine.kind.rules().parts.iter())
                .filter(|part| Some(part.ground) == bookshelf)
                .count();
            let laid = level.grid.iter().filter(|&&g| Some(g) == bookshelf).count();
            assert_eq!(
                laid, shelves,
                "seed {seed} depth {depth}: a library's two shelves"
            );
        }
    }
    assert!(
        with_a_room >= 25 && kennels > 0,
        "{with_a_room} of 80 levels hold a reward room, {kennels} a kennel"
    );
    assert!(
        with_a_machine >= 60,
        "{with_a_machine} of 80 levels hold a machine"
    );
}

fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The seed catalog says what each machine guards (BrogueCE #729): a locked vault whose key
/// lies on a machine's altar says which machine's, the machine says it guards the vault's key
/// (or the item of the level's own it holds) and names the monsters it holds dormant, the key
/// is not among what lies about, and a vault with a door guard names it.
#[test]
fn the_seed_catalog_says_what_each_machine_guards() {
    let size = coord_2d::UCoord::new(80, 30);
    let (mut keys_held, mut items_held, mut dormant_told, mut door_guards) = (0, 0, 0, 0);
    for seed in 1..=8u64 {
        let output = common::umbra(&["--seed-catalog", &seed.to_string()]);
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        let blocks: Vec<&str> = text.split("\nDepth ").skip(1).collect();
        for (depth, block) in (1..=10).zip(&blocks) {
            let level = level_of_run(seed, depth, size);
            for machine in &level.machines {
                let altar = (machine.cells.iter()).find(|&&c| {
                    level.grid.get(c).and_then(|g| g.rules().signals) == Some(Trigger::Lifted)
                });
                let held = altar
                    .and_then(|&at| level.items.iter().find(|item| item.coord == at))
                    .map(|item| item.item);
                let name = &looks::machine(machine.kind).description;
                let case = format!("seed {seed} depth {depth}: {block}");
                if machine.kind.rules().role == Role::DoorGuard {
                    door_guards += 1;
                    let said = format!(" guarded by {name} at its door: ");
                    assert!(block.contains(&said), "{case}");
                }
                match held {
                    Some(key) if key == ItemKind::key() => {
                        keys_held += 1;
                        assert!(block.contains("guards the vault's key"), "{case}");
                        let vault = format!("(its key on the altar of {name})");
                        assert!(block.contains(&vault), "{case}");
                        let about = block.lines().find(|l| l.contains("Lying about"));
                        assert!(!about.expect("a line").contains("key"), "{case}");
                    }
                    Some(item) => {
                        items_held += 1;
                        let said = format!("guards {}", looks::item(item).a());
                        assert!(block.contains(&said), "{case}");
                    }
                    None => {}
                }
                if !machine.dormant.is_empty() {
                    dormant_told += 1;
                    let case = format!("seed {seed} depth {depth}: {block}");
                    assert!(block.contains(" and wakes "), "{case}");
                    for &(_, kind) in &machine.dormant {
                        let n = (machine.dormant.iter()).filter(|(_, k)| *k == kind).count();
                        let held = looks::npc(kind).counted(n as u32);
                        assert!(block.contains(&held), "{held:?} in {case}");
                    }
                }
            }
        }
    }
    assert!(
        keys_held > 0 && items_held > 0 && dormant_told > 0 && door_guards > 0,
        "{keys_held} keys, {items_held} items, {dormant_told} holding monsters, \
         {door_guards} door guards"
    );
}

/// Every machine of every level of seeds 1 to 50, set off on a copy of the level and left
/// until its ground stops changing: the arrival still reaches the way on and every vault's
/// door, a lever of it is still reached from its altar, and nothing changes for ever.
#[test]
fn a_machine_set_off_leaves_the_level_whole_and_every_effect_ends() {
    let size = coord_2d::UCoord::new(80, 30);
    for seed in 1..=50u64 {
        for depth in 1..=10 {
            let level = level_of_run(seed, depth, size);
            let as_built = walking_distances(&level.grid, level.player);
            for machine in &level.machines {
                let grid = &level.grid;
                let signals = |trigger: Trigger| {
                    move |c: &&ICoord| {
                        grid.get(**c)
                            .is_some_and(|g| g.rules().signals == Some(trigger))
                    }
                };
                // Its doorway open (a portcullis lifted), its altar is a walk from the arrival;
                // a door guard's, every altar of its vault; a lair's or a set piece's, every
                // cell of it.
                let door = machine.cells[0];
                let mut opened = level.grid.clone();
                *opened.get_checked_mut(door) = Ground::FLOOR;
                let altars: Vec<ICoord> = match machine.kind.rules().role {
                    Role::KeyHolder => (machine.cells.iter())
                        .find(signals(Trigger::Lifted))
                        .into_iter()
                        .copied()
                        .collect(),
                    Role::DoorGuard => (level.vaults.iter())
                        .filter(|vault| vault.door == door)
                        .flat_map(|vault| vault.altars.iter().copied())
                        .collect(),
                    Role::RewardRoom => panic!("a reward room is its vault's, not the level's"),
                    // A lair, a set piece or a shrine cuts nothing off, nothing in it out of
                    // reach.
                    Role::Lair | Role::Scenery | Role::Shrine => (machine.cells.iter().copied())
                        .filter(|&c| grid.get(c).is_some_and(|g| !g.rules().blocks_walking))
                        .collect(),
                };
                assert!(!altars.is_empty(), "seed {seed} depth {depth}: altars");
                // A dead end's only way in is its doorway: no secret door in its walls (onto a
                // chasm island's altar, past a gas chamber's portcullis).
                if machine.kind.rules().role != Role::DoorGuard {
                    let open = |c: &&ICoord| grid.get(**c).is_some_and(|g| !g.rules().blocks_sight);
                    let beside_secret = |c: &ICoord| {
                        [(0, -1), (1, 0), (0, 1), (-1, 0)].iter().any(|&(dx, dy)| {
                            grid.get(*c + ICoord::new(dx, dy)) == Some(&Ground::SECRET_DOOR)
                        })
                    };
                    assert!(
                        !machine.cells.iter().filter(open).any(beside_secret),
                        "seed {seed} depth {depth}: a secret door into a dead end"
                    );
                }
                let reach = walking_distances(&opened, level.player);
                for altar in altars {
                    assert!(
                        reach.get(altar).copied().flatten().is_some(),
                        "seed {seed} depth {depth}: a machine's altar, before it goes off"
                    );
                }
                // A plate is thrown at from the cell before the doorway, straight through it.
                if let Some(&plate) = machine.cells.iter().find(signals(Trigger::Landed)) {
                    let step = ICoord::new((plate.x - door.x) / 2, (plate.y - door.y) / 2);
                    assert_eq!(
                        door + step + step,
                        plate,
                        "seed {seed} depth {depth}: in line"
                    );
                    assert!(
                        as_built.get(door - step).copied().flatten().is_some(),
                        "seed {seed} depth {depth}: where a plate is thrown at from"
                    );
                }
            }
            for index in 0..level.machines.len() {
                let mut world = World::from_terrain(&level);
                let mut rng = Isaac64Rng::seed_from_u64(seed);
                let (mut landings, mut fell) = (Vec::new(), Vec::new());
                world.signal_machine(index, &mut landings);
                let mut settled = 0;
                for _ in 0..2000 {
                    let before = ground_of(&world);
                    world.change_ground(&mut rng, &mut fell, &mut landings);
                    settled = if ground_of(&world) == before {
                        settled + 1
                    } else {
                        0
                    };
                }
                let case = format!("seed {seed} depth {depth} machine {index}");
                assert!(settled >= 1000, "{case}: its ground keeps changing");
                let (width, height) = (world.size().width() as i32, world.size().height() as i32);
                let mut edge = world
                    .size()
                    .icoord_iter_row_major()
                    .filter(|c| c.x == 0 || c.y == 0 || c.x + 1 == width || c.y + 1 == height);
                assert!(edge.all(|c| world.is_solid(c)), "{case}: the map's edge");
                let grid = ground_of(&world);
                let from_arrival = walking_distances(&grid, level.player);
                let exit = (level.grid.enumerate())
                    .find(|(_, g)| **g == Ground::STAIRS)
                    .map(|(c, _)| c);
                let prize = (level.items.iter())
                    .find(|item| item.item == ItemKind::prize())
                    .map(|item| item.coord);
                let way_on = exit.or(prize).expect("a way on");
                assert!(
                    from_arrival.get_checked(way_on).is_some(),
                    "{case}: the way on"
                );
                for vault in &level.vaults {
                    let beside = [(0, -1), (1, 0), (0, 1), (-1, 0)]
                        .map(|(dx, dy)| vault.door + ICoord::new(dx, dy));
                    assert!(
                        beside
                            .iter()
                            .any(|&c| from_arrival.get(c).copied().flatten().is_some()),
                        "{case}: a vault's door"
                    );
                }
                let machine = &level.machines[index];
                // A door guard gone off has opened the way to its vault's altars.
                let guarded = (level.vaults.iter()).filter(|vault| vault.door == machine.cells[0]);
                for &altar in guarded.flat_map(|vault| &vault.altars) {
                    assert!(
                        from_arrival.get_checked(altar).is_some(),
                        "{case}: a guarded vault's altar"
                    );
                }
                let altar = *machine.cells.last().expect("cells");
                // A lever, hidden in the wall or not.
                let lever = (machine.cells.iter()).find(|&&c| {
                    (level.grid.get(c))
                        .is_some_and(|&g| g.as_found().rules().signals == Some(Trigger::Bumped))
                });
                if let Some(&lever) = lever {
                    let from_altar = walking_distances(&grid, altar);
                    let beside = [(0, -1), (1, 0), (0, 1), (-1, 0)]
                        .map(|(dx, dy)| lever + ICoord::new(dx, dy));
                    assert!(
                        beside
                            .iter()
                            .any(|&c| from_altar.get(c).copied().flatten().is_some()),
                        "{case}: its lever"
                    );
                }
            }
        }
    }
}

/// A chasm island as the generator builds it: a bridge from the doorway to the key's altar,
/// chasm either side, the bridge's lever hidden in the wall above the altar.
const CHASM_ISLAND: [&str; 5] = [
    "##########",
    "#.::::::⌙#",
    "#@.╫╫╫╫╫k#",
    "#.:::::::#",
    "##########",
];

fn chasm_island() -> Scenario {
    machine_scenario(&CHASM_ISLAND, "╥⌙╫:", "a chasm island").0
}

fn bridge_is(s: &Scenario, letter: char) -> bool {
    (3..=7).all(|x| s.game.level().ground_at(ICoord::new(x, 2)) == ground(letter))
}

/// Lifting the key draws the bridge back and strands the player on the altar; the wall
/// beside it is searched, the lever found and pulled, and the bridge comes down again.
#[test]
fn lifting_the_key_off_a_chasm_island_draws_its_bridge_back_until_its_lever_is_pulled() {
    let mut s = chasm_island();
    walk(&mut s, East, 7);
    s.act(PlayerAction::PickUp);
    s.check(carries_the_key(&s), "the key lifted");
    s.check(bridge_is(&s, '╩'), "the bridge drawn back as the turn ends");
    s.check(
        s.game.level().is_chasm(ICoord::new(7, 2)),
        "a chasm where it hung",
    );
    let lever = ICoord::new(8, 1);
    let outcome = s.act(PlayerAction::Move(North));
    s.check_eq(
        outcome,
        TurnOutcome::NoTurn,
        "the lever is wall until found",
    );
    let mut searches = 0;
    while !told(&s, |e| matches!(e, DungeonEvent::FoundLever { .. })) {
        s.act(PlayerAction::Search);
        searches += 1;
        s.check(searches <= 5, "a thorough search finds it");
    }
    s.check_eq(s.game.level().ground_at(lever), ground('⌐'), "a lever");
    s.act(PlayerAction::Move(North));
    s.check(bridge_is(&s, '╫'), "the bridge let down");
    walk(&mut s, West, 7);
    s.check_eq(s.game.player_coord(), ICoord::new(1, 2), "walked back");
    s.check(carries_the_key(&s), "with the key");
}

/// What lies on the bridge when it is drawn back falls into the chasm.
#[test]
fn what_lies_on_a_chasm_islands_bridge_falls_when_it_is_drawn_back() {
    let mut s = chasm_island();
    let potion = give(&mut s, |k| {
        class_of(k) == umbra_rules::content::ItemClass::Potion
    });
    walk(&mut s, East, 4);
    let on_the_bridge = s.game.player_coord();
    drop_here(&mut s, potion);
    s.check(
        s.game.level().cell_view(on_the_bridge).tiles.item.is_some(),
        "the potion on the bridge",
    );
    walk(&mut s, East, 3);
    s.act(PlayerAction::PickUp);
    s.check(carries_the_key(&s), "the key lifted");
    s.check(
        s.game.level().cell_view(on_the_bridge).tiles.item.is_none(),
        "the potion fell with the bridge",
    );
}

/// The levels of seeds 1 to 40 that hold a machine, with their depth.
fn levels_with_machines() -> Vec<(u64, u32)> {
    let size = GameOptions::default().map_size;
    (1..=40u64)
        .flat_map(|seed| (1..=10).map(move |depth| (seed, depth)))
        .filter(|&(seed, depth)| !level_of_run(seed, depth, size).machines.is_empty())
        .collect()
}

/// The run `seed` at `depth`, by the wizard's stairs, each depth's boon taken.
fn game_at(seed: u64, depth: u32) -> Game {
    let mut game = Game::new(seed, GameOptions::default());
    while game.depth() < depth {
        game.act(PlayerAction::Wizard(WizardCommand::Descend));
        game.act(PlayerAction::Choose { boon: 0 });
    }
    game
}

/// What a player does on a level without leaving it by the stairs.
fn plain_action() -> impl proptest::strategy::Strategy<Value = PlayerAction> {
    use proptest::prelude::*;
    prop_oneof![
        8 => (0usize..4).prop_map(|d| PlayerAction::Move(
            CardinalDirection::all().nth(d).expect("four directions")
        )),
        2 => Just(PlayerAction::Wait),
        1 => Just(PlayerAction::Search),
        1 => Just(PlayerAction::PickUp),
    ]
}

/// A gas that thins by this much in a hundred a turn or more is gone within 200 turns.
const LINGERS_BELOW: u32 = 5;

/// The ground of the level's machines as the game shows it.
fn machine_ground(game: &Game) -> Vec<(ICoord, Ground)> {
    let level = game.level();
    (game.machines().iter())
        .flat_map(|machine| machine.cells.iter())
        .map(|&c| (c, level.ground_at(c)))
        .collect()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..Default::default()
    })]

    /// Random play on a level with machines, each set off by the wizard at a random turn
    /// from a random cell of it (the player may be inside, beside or far away): after every
    /// action the game keeps its invariants, and once they have all gone off and the level is
    /// left to itself every effect ends: no ground of theirs still changes and the gas thins
    /// away.
    #[test]
    fn machines_set_off_at_random_turns_keep_the_world_whole_and_every_effect_ends(
        (seed, depth) in proptest::sample::select(levels_with_machines()),
        when in proptest::collection::vec((0usize..80, proptest::prelude::any::<u16>()), 16),
        actions in proptest::collection::vec(plain_action(), 80),
    ) {
        let mut game = game_at(seed, depth);
        proptest::prop_assert_eq!(game.depth(), depth);
        let on_the_level = |game: &Game| game.depth() == depth && !game.is_over();
        for (turn, &action) in actions.iter().enumerate() {
            for (index, &(at_turn, cell)) in when.iter().enumerate() {
                let Some(machine) = game.machines().get(index) else { break };
                if at_turn != turn || !on_the_level(&game) {
                    continue;
                }
                let at = machine.cells[usize::from(cell) % machine.cells.len()];
                game.act(PlayerAction::Wizard(WizardCommand::SetOffMachine { at }));
                let problems = game.invariant_violations();
                proptest::prop_assert!(problems.is_empty(), "set off at {at:?}: {problems:#?}");
            }
            if !on_the_level(&game) {
                return Ok(());
            }
            game.act(PlayerAction::Wizard(WizardCommand::Heal));
            game.act(action);
            let problems = game.invariant_violations();
            proptest::prop_assert!(problems.is_empty(), "turn {turn}, {action:?}: {problems:#?}");
        }
        // Whatever was not set off yet goes off now, and the level is left to itself.
        for index in 0..game.machines().len() {
            if on_the_level(&game) && game.machines()[index].signals == 0 {
                let at = game.machines()[index].cells[0];
                game.act(PlayerAction::Wizard(WizardCommand::SetOffMachine { at }));
            }
        }
        // Then the level is left to itself (monsters still come and go: the player waits,
        // healed, and what they do is theirs).
        let mut gas_made = 0;
        for turn in 0..600 {
            if !on_the_level(&game) {
                return Ok(());
            }
            game.act(PlayerAction::Wizard(WizardCommand::Heal));
            game.act(PlayerAction::Wait);
            if turn >= 400 {
                gas_made += game.level().gas_made();
            }
            if turn % 100 == 0 {
                let problems = game.invariant_violations();
                proptest::prop_assert!(problems.is_empty(), "waiting: {problems:#?}");
            }
        }
        proptest::prop_assert!(game.machines().iter().all(|m| m.signals > 0));
        // No cell of a machine still holds ground that changes of itself (a ledge crumbling,
        // a flood rising or draining, a portcullis on its way down): all of it has become
        // what it ends as.
        let changing: Vec<_> = (machine_ground(&game).into_iter())
            .filter(|(_, ground)| ground.rules().changes.is_some())
            .collect();
        proptest::prop_assert!(changing.is_empty(), "still changing: {changing:?}");
        // Only a gas that lingers by its row (a swamp's methane, there from the start) may
        // still hang about after 600 turns with nothing let out for the last 200.
        let lingering = (game.size().icoord_iter_row_major())
            .filter_map(|c| game.level().gas_at(c))
            .find(|(kind, _)| kind.rules().thins >= LINGERS_BELOW);
        proptest::prop_assert!(gas_made > 0 || lingering.is_none(), "gas hangs on: {lingering:?}");
    }
}

/// A crypt east of the player: a hidden flagstone on the way in, the key's altar at the end,
/// a sarcophagus in the wall below it holding a zombie.
const CRYPT: [&str; 4] = ["###########", "#@.....⊟.k#", "#########⊓#", "###########"];

fn zombies(s: &Scenario) -> usize {
    let zombie = |npc: &umbra_rules::game::NpcInfo| npc.kind.rules().map_letters.awake == 'x';
    s.npcs().iter().filter(|npc| zombie(npc)).count()
}

#[test]
fn treading_on_a_crypts_hidden_flagstone_opens_its_sarcophagus_on_a_zombie_once() {
    let (mut s, _) = machine_scenario(&CRYPT, "╥⊓⊟.", "a crypt");
    let flagstone = ICoord::new(7, 1);
    let sarcophagus = ICoord::new(9, 2);
    s.check_eq(zombies(&s), 0, "nothing in sight before");
    walk(&mut s, East, 5);
    s.check(
        !told(&s, |e| matches!(e, DungeonEvent::MachineSetOff { .. })),
        "nothing yet a step short of it",
    );
    walk(&mut s, East, 1);
    s.check_eq(s.game.player_coord(), flagstone, "on the flagstone");
    s.check(
        told(&s, |e| matches!(e, DungeonEvent::MachineSetOff { .. })),
        "the step sets the crypt off",
    );
    s.check_eq(zombies(&s), 1, "a zombie climbs out");
    let let_loose = (s.game.events().iter())
        .filter(|e| matches!(e, GameEvent::Dungeon(DungeonEvent::FeatureLetLoose { .. })))
        .count();
    s.check_eq(let_loose, 2, "the lid, then the tomb's air, each told");
    s.check(
        !s.game.level().blocks_walking(sarcophagus),
        "the sarcophagus open",
    );
    s.check(
        s.game.level().gas_at(ICoord::new(9, 1)).is_some(),
        "in a breath of rot gas",
    );
    s.check_eq(
        s.game.level().ground_at(flagstone),
        ground('⊠'),
        "the flagstone sunk: it goes off once",
    );
    walk(&mut s, West, 1);
    walk(&mut s, East, 1);
    s.check(
        !told(&s, |e| matches!(e, DungeonEvent::MachineSetOff { .. })),
        "stepping on it again does nothing",
    );
}

/// The crypt with a way round its flagstone.
const WIDE_CRYPT: [&str; 4] = ["###########", "#@.....⊟.k#", "#........⊓#", "###########"];

#[test]
fn lifting_the_key_in_a_crypt_whose_flagstone_was_stepped_round_opens_it_too() {
    let (mut s, _) = machine_scenario(&WIDE_CRYPT, "╥⊓⊟.", "a crypt");
    let flagstone = ICoord::new(7, 1);
    walk(&mut s, South, 1);
    walk(&mut s, East, 7);
    walk(&mut s, North, 1);
    walk(&mut s, East, 1);
    s.check_eq(s.game.player_coord(), ICoord::new(9, 1), "on the altar");
    s.check_eq(zombies(&s), 0, "nothing woken on the way");
    s.act(PlayerAction::PickUp);
    s.check(carries_the_key(&s), "the key taken");
    s.check_eq(
        zombies(&s),
        1,
        "and the zombie climbs out beside the player",
    );
    s.check_eq(
        s.game.level().ground_at(flagstone),
        ground('⊠'),
        "the flagstone spent with its crypt",
    );
}

/// The crypt with its flagstone found, and a dart before the player.
const FOUND_CRYPT: [&str; 4] = ["###########", "#@/....⊞.k#", "#########⊓#", "###########"];

#[test]
fn a_dart_thrown_onto_a_crypts_found_flagstone_wakes_the_zombie_from_afar() {
    let (mut s, _) = machine_scenario(&FOUND_CRYPT, "╥⊓⊞.", "a crypt");
    let flagstone = ICoord::new(7, 1);
    s.check_eq(
        s.game.level().known_trap(flagstone),
        Some(ground('⊞')),
        "the player knows it for what it is",
    );
    walk(&mut s, East, 1);
    let slot = s
        .game
        .pack()
        .slot_of(ItemKind::from_map_letter('/').expect("a dart"))
        .expect("the dart picked up");
    s.act(PlayerAction::Throw {
        slot,
        at: flagstone,
    });
    s.check(
        told(&s, |e| matches!(e, DungeonEvent::MachineSetOff { .. })),
        "the dart presses the flagstone",
    );
    s.check_eq(zombies(&s), 1, "the zombie out, five steps off");
}

#[test]
fn searching_beside_a_crypts_hidden_flagstone_finds_it_as_a_trap() {
    let (mut s, _) = machine_scenario(&CRYPT, "╥⊓⊟.", "a crypt");
    let flagstone = ICoord::new(7, 1);
    walk(&mut s, East, 5);
    let found = |s: &Scenario| {
        told(
            s,
            |e| matches!(e, DungeonEvent::FoundTrap { at, .. } if *at == flagstone),
        )
    };
    let mut searches = 0;
    while !found(&s) {
        s.act(PlayerAction::Search);
        searches += 1;
        s.check(searches <= 5, "a thorough search finds it, told as a trap");
    }
    s.check_eq(
        s.game.level().known_trap(flagstone),
        Some(ground('⊞')),
        "a loose flagstone now",
    );
}

/// Over seeds 1 to 50, every reward room that nests (the antechamber) holds on its last altar
/// the key to a second vault of the level, locked, of a room that does not nest; no other
/// vault's altar holds a key, and the seed catalog says where the second vault's key lies.
#[test]
fn a_nesting_room_holds_the_key_to_a_second_locked_vault() {
    let size = coord_2d::UCoord::new(80, 30);
    let nests = |room: Option<MachineKind>| {
        room.and_then(|room| room.rules().reward.as_ref())
            .is_some_and(|reward| reward.nests)
    };
    let mut nested = 0;
    for seed in 1..=50u64 {
        for depth in 1..=10 {
            let level = level_of_run(seed, depth, size);
            let key_on = |altar: ICoord| {
                (level.items.iter()).any(|item| item.coord == altar && item.item == ItemKind::key())
            };
            for vault in &level.vaults {
                let keyed: Vec<ICoord> = vault
                    .altars
                    .iter()
                    .copied()
                    .filter(|&a| key_on(a))
                    .collect();
                if keyed.is_empty() {
                    continue;
                }
                assert!(
                    nests(vault.room),
                    "seed {seed} depth {depth}: a key on a vault's altar"
                );
                assert_eq!(
                    keyed,
                    vault.altars.last().copied().into_iter().collect::<Vec<_>>()
                );
                let second = (level.vaults.iter())
                    .find(|other| other.key == Some(keyed[0]))
                    .unwrap_or_else(|| panic!("seed {seed} depth {depth}: the key's vault"));
                assert_eq!(second.guard, umbra_rules::terrain::VaultGuard::Locked);
                assert_eq!(level.grid.get(second.door), Some(&Ground::LOCKED_DOOR));
                assert!(!nests(second.room), "seed {seed} depth {depth}: no third");
                nested += 1;
                if seed <= 4 {
                    let output = common::umbra(&["--seed-catalog", &seed.to_string()]);
                    let text = String::from_utf8_lossy(&output.stdout).into_owned();
                    assert!(
                        text.contains("its key on an altar of an antechamber")
                            && text.contains("the key to another vault"),
                        "seed {seed}: {text}"
                    );
                }
            }
        }
    }
    assert!(nested >= 10, "{nested} nested vaults over 500 levels");
}
