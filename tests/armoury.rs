//! The armoury as a player meets it, on hand-drawn maps with labels: a potion of levitation
//! floats the player over a chasm and sets it down on ground; a wand of teleport other sends a
//! troll out of view; a wand of domination turns a troll at death's door and not one unhurt;
//! a staff of blinking lands where aimed, short of a monster and never through a wall; a staff
//! of obstruction shuts a corridor with crystal that dissolves; enchanting a staff adds a
//! charge; a ring of regeneration heals sooner once worn; an unknown potion drunk names its
//! kind; a staff's charges come back with time and a wand's do not.

mod common;

use common::Scenario;
use coord_2d::ICoord;
use direction::CardinalDirection::*;
use umbra_rules::PlayerAction;
use umbra_rules::content::{BoltEffect, Draught, ItemKind, ItemUse, RingPower, Spell};
use umbra_rules::game::{CellVisibility, GameEvent, Side, WizardCommand};
use umbra_rules::game::{ItemEvent, MagicEvent};

/// The item kind whose use `is` picks, as the table has it.
fn kind(is: impl Fn(ItemUse) -> bool) -> ItemKind {
    ItemKind::all()
        .find(|k| is(k.rules().use_))
        .expect("a kind of that use in the item table")
}

/// The staff or wand whose bolt does `effect`.
fn zapped(effect: impl Fn(BoltEffect) -> bool) -> ItemKind {
    kind(|use_| {
        matches!(use_, ItemUse::Staff { .. } | ItemUse::Wand { .. })
            && use_.bolt().is_some_and(|bolt| effect(bolt.rules().effect))
    })
}

fn draught(state: Draught) -> ItemKind {
    kind(|use_| matches!(use_, ItemUse::Quaff { state: s, .. } if s == state))
}

fn give(s: &mut Scenario, item: ItemKind) -> u8 {
    let kind = item.index() as u8;
    s.act(PlayerAction::Wizard(WizardCommand::Give { kind }));
    s.game.pack().slot_of(item).expect("given")
}

fn happened(s: &Scenario, what: impl Fn(&GameEvent) -> bool) -> bool {
    s.game.events().iter().any(what)
}

#[test]
fn levitation_crosses_a_chasm_and_ends_over_ground() {
    let mut s = Scenario::new(&["###########", "#@.::::.2.#", "###########"]);
    let slot = give(&mut s, draught(Draught::Levitation));
    s.act(PlayerAction::Use { slot, at: None });
    s.check(
        s.game.draughts().is(Draught::Levitation),
        "the player floats",
    );
    for _ in 0..7 {
        s.act(PlayerAction::Move(East));
    }
    s.check_eq(s.game.player_coord(), s.at('2'), "across the chasm");
    s.check_eq(s.game.depth(), 1, "without falling");
    s.wait(40);
    s.check(
        !s.game.draughts().is(Draught::Levitation),
        "the potion wears off",
    );
    s.check_eq(s.game.player_coord(), s.at('2'), "standing on the far side");
    s.check_eq(s.game.depth(), 1, "still on the first depth");
}

#[test]
fn levitation_ending_over_a_chasm_drops_the_player_a_depth() {
    let mut s = Scenario::new(&["#########", "#@.:::::#", "#########"]);
    let slot = give(&mut s, draught(Draught::Levitation));
    s.act(PlayerAction::Use { slot, at: None });
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(East));
    s.check(
        s.game.level().is_chasm(s.game.player_coord()),
        "afloat over the chasm",
    );
    s.wait(40);
    s.check_eq(s.game.depth(), 2, "it fell when the potion wore off");
}

/// A room with the player and a troll, and a far room beyond a long corridor.
const TWO_ROOMS: &[&str] = &[
    "################################",
    "#@.1..#######################..#",
    "#..............................#",
    "#.....#######################..#",
    "################################",
];

#[test]
fn teleport_other_moves_a_monster_out_of_view() {
    let mut s = Scenario::with_npcs(TWO_ROOMS, &[('1', 'T')]);
    let slot = give(&mut s, zapped(|e| e == BoltEffect::TeleportOther));
    let troll = s.where_is('1');
    s.act(PlayerAction::Use {
        slot,
        at: Some(troll),
    });
    let now = s.where_is('1');
    s.check_ne(now, troll, "the troll is gone from where it stood");
    s.check(
        s.game.level().cell_view(now).visibility != CellVisibility::Visible,
        "out of the player's view",
    );
    s.check(
        happened(&s, |e| {
            matches!(e, GameEvent::Magic(MagicEvent::TeleportedAway { .. }))
        }),
        "and the log says it vanished",
    );
}

#[test]
fn domination_turns_a_troll_at_deaths_door_and_not_one_unhurt() {
    for (hit_points, turns) in [(10, false), (2, true)] {
        let mut s = Scenario::with_npcs(&["#########", "#@..1...#", "#########"], &[('1', 'T')]);
        let troll = s.npc('1').expect("a troll").id;
        s.change(|g| g.with_npc_hit_points(troll, hit_points));
        let slot = give(&mut s, zapped(|e| e == BoltEffect::Dominate));
        let at = s.where_is('1');
        s.act(PlayerAction::Use { slot, at: Some(at) });
        let side = s.npc('1').expect("the troll lives").side;
        s.check_eq(
            side == Side::Hero,
            turns,
            &format!("a troll at {hit_points} of 10 turns: {turns}"),
        );
    }
}

#[test]
fn domination_of_a_wounded_troll_takes_as_often_as_it_has_lost_health() {
    // Above a fifth of its health, the chance is the share lost: a troll at 5 of 10 turns about
    // half the time, one at 8 of 10 one time in five (200 games each, other dice).
    for (hit_points, least, most) in [(5, 80, 120), (8, 25, 55)] {
        let mut turned = 0;
        for seed in 0..200 {
            let mut s =
                Scenario::with_npcs(&["#########", "#@..1...#", "#########"], &[('1', 'T')]);
            let troll = s.npc('1').expect("a troll").id;
            s.change(|g| g.reseeded(seed).with_npc_hit_points(troll, hit_points));
            let slot = give(&mut s, zapped(|e| e == BoltEffect::Dominate));
            let at = s.where_is('1');
            s.act(PlayerAction::Use { slot, at: Some(at) });
            turned += usize::from(s.npc('1').expect("the troll lives").side == Side::Hero);
        }
        assert!(
            (least..=most).contains(&turned),
            "a troll at {hit_points} of 10 turned {turned} times in 200"
        );
    }
}

#[test]
fn blinking_lands_where_aimed_short_of_a_monster_and_not_through_walls() {
    let mut s = Scenario::with_npcs(&["#############", "#@..1..z....#", "#############"], &[]);
    let slot = give(&mut s, zapped(|e| e == BoltEffect::Blink));
    s.act(PlayerAction::Use {
        slot,
        at: Some(s.at('1')),
    });
    s.check_eq(s.game.player_coord(), s.at('1'), "it lands where aimed");
    // Aimed at the sleeping orc: it stops short of it.
    let orc = s.game.inhabitants().npcs().next().expect("an orc").coord;
    s.act(PlayerAction::Use {
        slot,
        at: Some(orc),
    });
    s.check_eq(
        s.game.player_coord(),
        orc + ICoord::new(-1, 0),
        "short of the orc",
    );
    let mut walled = Scenario::new(&["##########", "#@..#..1.#", "##########"]);
    let slot = give(&mut walled, zapped(|e| e == BoltEffect::Blink));
    let before = walled.game.player_coord();
    let turn = walled.game.turn();
    walled.act(PlayerAction::Use {
        slot,
        at: Some(walled.at('1')),
    });
    walled.check_eq(
        walled.game.player_coord(),
        before,
        "no blink through a wall",
    );
    walled.check_eq(walled.game.turn(), turn, "and no turn spent");
}

#[test]
fn obstruction_blocks_a_corridor_and_fades() {
    let mut s = Scenario::new(&["##########", "#@....1..#", "##########"]);
    let slot = give(&mut s, zapped(|e| matches!(e, BoltEffect::Obstruct { .. })));
    s.act(PlayerAction::Use {
        slot,
        at: Some(s.at('1')),
    });
    s.check(
        s.game.level().blocks_walking(s.at('1')),
        "crystal where it stopped",
    );
    s.check(
        !s.game.level().blocks_sight(s.at('1')),
        "which light passes through",
    );
    let before = s.game.player_coord();
    for _ in 0..6 {
        s.act(PlayerAction::Move(East));
    }
    s.check(
        s.game.player_coord().x < s.at('1').x,
        "the player cannot walk through it",
    );
    s.check_ne(s.game.player_coord(), before, "but walks up to it");
    s.wait(40);
    s.check(
        !s.game.level().blocks_walking(s.at('1')),
        "the crystal dissolves",
    );
}

#[test]
fn enchanting_a_staff_adds_a_charge_and_shows_in_its_level() {
    let mut s = Scenario::new(&["#######", "#@....#", "#######"]);
    let staff = zapped(|e| matches!(e, BoltEffect::Strike(_)));
    let staff_slot = give(&mut s, staff);
    let scroll = kind(|u| {
        u == ItemUse::Recite {
            spell: Spell::Enchanting,
        }
    });
    let scroll_slot = give(&mut s, scroll);
    let before = s.game.pack().get(staff_slot).expect("the staff");
    let far = s.game.player_coord() + ICoord::new(3, 0);
    let turn = s.game.turn();
    s.act(PlayerAction::Use {
        slot: scroll_slot,
        at: Some(far),
    });
    s.check(
        happened(&s, |e| {
            matches!(e, GameEvent::Items(ItemEvent::ChooseWhatToEnchant { .. }))
        }),
        "reading it asks what to enchant",
    );
    s.check(s.game.item_name(scroll).known, "and tells what it is");
    s.check_eq(s.game.turn(), turn, "no time yet");
    s.act(PlayerAction::UseOn {
        slot: scroll_slot,
        on: staff_slot,
    });
    let after = s.game.pack().get(staff_slot).expect("the staff");
    s.check_eq(after.tuning.enchant, 1, "a level more");
    s.check_eq(
        after.max_charges(),
        before.max_charges() + 1,
        "a charge more",
    );
    s.check_eq(after.tuning.charges, before.tuning.charges + 1, "and full");
    s.check_eq(s.game.pack().slot_of(scroll), None, "the scroll is spent");
}

/// A scroll of enchanting enchants only what takes it, never itself; a refusal spends nothing,
/// and what is enchanted is said at its new level.
#[test]
fn enchanting_refuses_itself_and_a_potion_and_tells_the_new_level() {
    let mut s = Scenario::new(&["#######", "#@....#", "#######"]);
    let scroll = kind(|u| {
        u == ItemUse::Recite {
            spell: Spell::Enchanting,
        }
    });
    let scroll_slot = give(&mut s, scroll);
    let potion = give(&mut s, kind(|u| matches!(u, ItemUse::Drink { .. })));
    let ring = give(&mut s, kind(|u| matches!(u, ItemUse::Ring { .. })));
    // Another scroll is no scroll of enchanting, whatever a recording asks of it.
    let other = give(&mut s, kind(|u| matches!(u, ItemUse::Read { .. })));
    s.act(PlayerAction::UseOn {
        slot: other,
        on: ring,
    });
    s.check_eq(
        s.game.pack().get(ring).map(|r| r.tuning.enchant),
        Some(0),
        "another scroll enchants nothing",
    );
    for on in [scroll_slot, potion] {
        s.act(PlayerAction::UseOn {
            slot: scroll_slot,
            on,
        });
        s.check(
            happened(&s, |e| {
                matches!(e, GameEvent::Items(ItemEvent::CannotEnchant))
            }),
            "refused",
        );
        s.check(
            s.game.pack().get(scroll_slot).is_some(),
            "and nothing spent",
        );
    }
    s.act(PlayerAction::UseOn {
        slot: scroll_slot,
        on: ring,
    });
    let level = s.game.pack().get(ring).expect("the ring").tuning.enchant;
    s.check_eq(level, 1, "the ring a level more");
    s.check(
        happened(&s, |e| {
            matches!(e, GameEvent::Items(ItemEvent::Enchanted { level: 1, .. }))
        }),
        "and said to be +1",
    );
}

/// A scroll of negation takes the magic of every monster in view.
#[test]
fn negation_takes_the_magic_of_every_monster_in_view() {
    let mut s = Scenario::with_npcs(
        &["##########", "#@..1..2.#", "##########"],
        &[('1', 'Z'), ('2', 'Z')],
    );
    let scroll = kind(|u| {
        u == ItemUse::Recite {
            spell: Spell::Negation,
        }
    });
    let slot = give(&mut s, scroll);
    let at = Some(s.game.player_coord());
    s.act(PlayerAction::Use { slot, at });
    let negated = (s.game.events().iter())
        .filter(|e| matches!(e, GameEvent::Magic(MagicEvent::Negated { .. })))
        .count();
    s.check_eq(negated, 2, "both trolls negated");
}

#[test]
fn beckoning_pulls_the_mark_to_the_cell_beside_the_player() {
    let mut s = Scenario::with_npcs(
        &["############", "#@.....1...#", "############"],
        &[('1', 'z')],
    );
    let wand = give(&mut s, zapped(|e| e == BoltEffect::Beckon));
    let at = s.where_is('1');
    s.act(PlayerAction::Use {
        slot: wand,
        at: Some(at),
    });
    s.check_eq(
        s.where_is('1'),
        s.game.player_coord() + ICoord::new(1, 0),
        "the orc is pulled to the player's side",
    );
}

#[test]
fn a_staff_recharges_with_time_and_a_wand_does_not() {
    let mut s = Scenario::with_npcs(&["############", "#@....1....#", "############"], &[]);
    let staff = give(&mut s, zapped(|e| matches!(e, BoltEffect::Slow { .. })));
    let wand = give(&mut s, zapped(|e| e == BoltEffect::Beckon));
    let far = s.at('1');
    for slot in [staff, wand] {
        s.act(PlayerAction::Use {
            slot,
            at: Some(far),
        });
    }
    let charges = |s: &Scenario, slot| s.game.pack().get(slot).expect("carried").tuning.charges;
    let (staff_left, wand_left) = (charges(&s, staff), charges(&s, wand));
    s.wait(150);
    s.check_eq(
        charges(&s, staff),
        staff_left + 1,
        "the staff got its charge back",
    );
    s.check_eq(charges(&s, wand), wand_left, "the wand did not");
}

#[test]
fn a_ring_of_regeneration_heals_sooner_once_worn() {
    let healed = |wear: bool| {
        let mut s = Scenario::new(&["#######", "#@....#", "#######"]);
        let ring = kind(|u| {
            u == ItemUse::Ring {
                power: RingPower::Regeneration,
            }
        });
        let slot = give(&mut s, ring);
        if wear {
            s.act(PlayerAction::Use { slot, at: None });
        }
        s.change(|g| g.with_player_hit_points(1));
        s.wait(60);
        s.game.player_hit_points().current - 1
    };
    let (bare, ringed) = (healed(false), healed(true));
    assert!(
        ringed > bare,
        "{ringed} healed with the ring, {bare} without"
    );
}

#[test]
fn a_ring_shows_what_it_is_once_worn_a_while() {
    let mut s = Scenario::new(&["#######", "#@....#", "#######"]);
    let ring = kind(|u| {
        u == ItemUse::Ring {
            power: RingPower::Stealth,
        }
    });
    let slot = give(&mut s, ring);
    s.check(!s.game.item_name(ring).known, "unknown at first");
    let before = s.game.stealth_range();
    s.act(PlayerAction::Use { slot, at: None });
    s.check(s.game.stealth_range() < before, "it hushes at once");
    s.wait(120);
    s.check(s.game.item_name(ring).known, "known after a while worn");
}

#[test]
fn an_unknown_potion_drunk_names_every_potion_of_its_kind() {
    let potion = draught(Draught::Telepathy);
    let mut s = Scenario::new(&["#######", "#@....#", "#######"]);
    let slot = give(&mut s, potion);
    give(&mut s, potion);
    s.check(!s.game.item_name(potion).known, "unknown at first");
    s.act(PlayerAction::Use { slot, at: None });
    s.check(s.game.item_name(potion).known, "known once drunk");
    s.check_eq(
        s.game.pack().get(slot).map(|stack| stack.count),
        Some(1),
        "the other of the stack, known too",
    );
    s.check(
        s.game.draughts().is(Draught::Telepathy),
        "and the player senses minds",
    );
}

/// A hall, and a long room shut off behind a locked door: a scroll of teleportation read again
/// and again never puts the player behind the door, where it could be shut in for good.
#[test]
fn teleportation_never_lands_behind_a_locked_door() {
    let map = &[
        "##############################",
        "#@...........................#",
        "#............................#",
        "##############$###############",
        "#............................#",
        "#............................#",
        "##############################",
    ];
    let scroll = kind(|use_| {
        matches!(
            use_,
            ItemUse::Recite {
                spell: Spell::Teleportation
            }
        )
    });
    for seed in 0..20 {
        let mut s = Scenario::new(map);
        s.change(|g| g.reseeded(seed));
        let slot = give(&mut s, scroll);
        // Unknown, it is aimed as any scroll is: at a cell in view.
        let aim = Some(ICoord::new(5, 1));
        s.act(PlayerAction::Use { slot, at: aim });
        s.check(
            happened(&s, |e| {
                matches!(
                    e,
                    GameEvent::Magic(MagicEvent::Spelled {
                        spell: Spell::Teleportation
                    })
                )
            }),
            "the scroll is read",
        );
        let at = s.game.player_coord();
        s.check(
            at.y < 3,
            &format!("seed {seed}: landed at {at:?}, on the hall's side"),
        );
    }
}

/// A potion of levitation goes down with the player: the new level knows the player floats
/// from its first step, as a game saved on arrival and loaded again does, so the two play on
/// alike (the level's world was once told only at the end of the first turn there, so a first
/// step over a chasm fell, and a loaded game did not).
#[test]
fn levitation_carries_down_to_the_next_level_from_the_first_step() {
    let mut s = Scenario::new(&["#####", "#@..#", "#####"]);
    let slot = give(&mut s, draught(Draught::Levitation));
    s.act(PlayerAction::Use { slot, at: None });
    s.act(PlayerAction::Wizard(WizardCommand::Descend));
    s.check_eq(s.game.depth(), 2, "down a depth");
    s.check(s.game.draughts().is(Draught::Levitation), "still floating");
    s.check_eq(s.game.invariant_violations(), Vec::<String>::new(), "sound");
    let mut loaded =
        umbra_rules::Game::from_state_bytes(&s.game.to_state_bytes()).expect("it loads");
    for (turn, direction) in [North, East, South, West]
        .into_iter()
        .cycle()
        .take(40)
        .enumerate()
    {
        s.game.act(PlayerAction::Move(direction));
        loaded.act(PlayerAction::Move(direction));
        s.check_eq(
            loaded.state_hash(),
            s.game.state_hash(),
            &format!("turn {turn}"),
        );
    }
}

/// A thrown potion that does nothing where it lands is known all the same: what splashed out
/// is seen, as a drink is felt.
#[test]
fn a_thrown_potion_that_splashes_harmlessly_is_known_by_name() {
    let mut s = Scenario::new(&["#########", "#@.....1#", "#########"]);
    let speed = draught(Draught::Haste);
    s.check(!s.game.item_name(speed).known, "unknown before");
    let slot = give(&mut s, speed);
    let at = s.at('1');
    s.act(PlayerAction::Throw { slot, at });
    s.check(
        happened(&s, |e| {
            matches!(
                e,
                GameEvent::Items(ItemEvent::Shattered { drunk: false, .. })
            )
        }),
        "it shatters where it lands",
    );
    s.check(
        s.game.item_name(speed).known
            && happened(&s, |e| {
                matches!(e, GameEvent::Items(ItemEvent::Identified { .. }))
            }),
        "and what it was is said and known",
    );
}

/// Drinking and throwing are two actions: a potion used at a cell is drunk all the same (a
/// target never turns a drink into a throw), thrown it flies and breaks where it lands, and
/// what is not for throwing stays in the pack and takes no time.
#[test]
fn a_potion_is_thrown_only_when_thrown() {
    let mut s = Scenario::with_npcs(&["#########", "#@....1.#", "#########"], &[('1', 'o')]);
    let orc = s.where_is('1');
    let healing = kind(|u| matches!(u, ItemUse::Drink { .. }));
    let slot = give(&mut s, healing);
    s.act(PlayerAction::Use {
        slot,
        at: Some(orc),
    });
    s.check(
        happened(&s, |e| {
            matches!(e, GameEvent::Items(ItemEvent::Drank { .. }))
        }),
        "used at a cell, it is drunk",
    );
    s.check(
        !happened(&s, |e| {
            matches!(e, GameEvent::Items(ItemEvent::Threw { .. }))
        }),
        "and not thrown",
    );
    let slot = give(&mut s, healing);
    s.act(PlayerAction::Throw { slot, at: orc });
    s.check(
        happened(&s, |e| {
            matches!(e, GameEvent::Items(ItemEvent::Threw { .. }))
        }),
        "thrown, it flies",
    );
    s.check(
        !happened(&s, |e| {
            matches!(e, GameEvent::Items(ItemEvent::Drank { .. }))
        }),
        "and is not drunk",
    );
    s.check(
        s.game.pack().slot_of(healing).is_none(),
        "gone from the pack",
    );
    let sword = kind(|u| matches!(u, ItemUse::Wield { .. }));
    let slot = give(&mut s, sword);
    let turn = s.game.turn();
    s.act(PlayerAction::Throw { slot, at: orc });
    s.check(
        happened(&s, |e| {
            matches!(
                e,
                GameEvent::Items(ItemEvent::CannotAim(
                    umbra_rules::game::AimError::NotForThrowing
                ))
            )
        }),
        "a blade is not for throwing",
    );
    s.check_eq(s.game.turn(), turn, "and trying takes no time");
    s.check(
        s.game.pack().slot_of(sword).is_some(),
        "it stays in the pack",
    );
}

/// What the player drops stays where it was dropped: walking over it again leaves it (Brogue's
/// rule), and only picking up takes it. Gear never stacks: a second dagger is left lying, not
/// counted under the first one's letter.
#[test]
fn what_is_dropped_stays_dropped_and_gear_never_stacks() {
    let mut s = Scenario::new(&["########", "#@).)..#", "########"]);
    let dagger = umbra_rules::content::ItemKind::from_map_letter(')').expect("a dagger");
    s.act(PlayerAction::Move(East));
    let slot = s
        .game
        .pack()
        .slot_of(dagger)
        .expect("the first dagger taken");
    s.act(PlayerAction::Move(East));
    s.act(PlayerAction::Move(East));
    s.check(
        s.game.pack().get(slot).map(|stack| stack.count) == Some(1),
        "the second dagger does not join the first",
    );
    s.check(
        happened(&s, |e| {
            matches!(e, GameEvent::Items(ItemEvent::OneCarried { .. }))
        }),
        "and the player is told why it is left",
    );
    s.act(PlayerAction::Move(West));
    s.act(PlayerAction::Drop { slot });
    s.check(s.game.pack().slot_of(dagger).is_none(), "dropped");
    s.act(PlayerAction::Move(West));
    s.act(PlayerAction::Move(East));
    s.check(
        s.game.pack().slot_of(dagger).is_none(),
        "walking over what was dropped leaves it",
    );
    s.check(
        happened(&s, |e| {
            matches!(e, GameEvent::Items(ItemEvent::LeftHere { .. }))
        }),
        "and says so",
    );
    s.act(PlayerAction::PickUp);
    s.check(
        s.game.pack().slot_of(dagger).is_some(),
        "picking up takes it",
    );
}

/// A weapon the player enchanted is named at its level whenever the log names it again:
/// dropped, walked over and taken back, as the pack lists it.
#[test]
fn an_enchanted_weapon_is_told_at_its_level_when_dropped_and_taken_again() {
    let mut s = Scenario::new(&["#######", "#@)...#", "#######"]);
    let dagger = ItemKind::from_map_letter(')').expect("a dagger");
    s.act(PlayerAction::Move(East));
    let slot = s.game.pack().slot_of(dagger).expect("the dagger taken");
    let scroll = kind(|u| {
        u == ItemUse::Recite {
            spell: Spell::Enchanting,
        }
    });
    let scroll_slot = give(&mut s, scroll);
    s.act(PlayerAction::UseOn {
        slot: scroll_slot,
        on: slot,
    });
    let told = |s: &Scenario| -> Vec<String> {
        (s.game.events().iter())
            .map(|&e| umbra::app::messages::describe(e))
            .collect()
    };
    s.act(PlayerAction::Drop { slot });
    s.check_eq(
        told(&s),
        vec!["You drop a +1 dagger.".to_string()],
        "dropped",
    );
    s.act(PlayerAction::Move(West));
    s.act(PlayerAction::Move(East));
    s.check_eq(
        told(&s),
        vec!["You left a +1 dagger here (g to take it again).".to_string()],
        "walked over",
    );
    s.act(PlayerAction::PickUp);
    let slot = s.game.pack().slot_of(dagger).expect("taken again");
    let letter = char::from(b'a' + slot);
    s.check_eq(
        told(&s),
        vec![format!("You pick up a +1 dagger ({letter}).")],
        "taken again",
    );
}
