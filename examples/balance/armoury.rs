//! How the careful player uses the armoury: staffs and wands in a fight (each for what it is
//! good at), the potions and scrolls of a moment (haste against a troll, teleportation when a
//! fight is lost), and between fights its gear, rings, enchanting, recharging and mapping.

use coord_2d::ICoord;
use umbra_rules::game::{
    BoltEffect, Draught, ItemClass, ItemKind, ItemUse, Pack, Reach, Side, Spell, Stack,
};
use umbra_rules::{Game, PlayerAction};

/// A foe with at least this many hit points is worth a charge or a potion on its own.
const STRONG_HIT_POINTS: u32 = 8;
/// In a fight lost this far (its share of health, in percent), it teleports or blinks away.
const ESCAPE_AT_PERCENT: u32 = 25;

/// Between fights: the best gear and rings on, then enchanting, recharging and mapping.
pub fn calm(game: &Game) -> Option<PlayerAction> {
    let pack = game.pack();
    let stacks: Vec<(u8, Stack)> = pack.stacks().collect();
    let best_weapon = stacks
        .iter()
        .filter(|(_, s)| matches!(s.kind.rules().use_, ItemUse::Wield { .. }))
        .max_by_key(|(_, s)| blow_worth(*s))
        .filter(|(_, s)| blow_worth(*s) > wielded_worth(game));
    if let Some(&(slot, _)) = best_weapon {
        return Some(PlayerAction::Use { slot, at: None });
    }
    let worn = armour_of(pack, pack.worn());
    let better_armour = stacks
        .iter()
        .filter(|(_, s)| armour_worth(*s) > worn)
        .max_by_key(|(_, s)| armour_worth(*s));
    if let Some(&(slot, _)) = better_armour {
        return Some(PlayerAction::Use { slot, at: None });
    }
    // A spare no better than what is in use only takes the room (one spare: see
    // `balance::SPARE_GEAR`) a better find would need.
    let useless = stacks
        .iter()
        .find(|(_, s)| !pack.is_in_use(s.kind) && !worth_carrying(game, s.kind));
    if let Some(&(slot, _)) = useless {
        return Some(PlayerAction::Drop { slot });
    }
    // Rings: every ring it has, two at a time, known or not (wearing one is how it is learnt).
    let rings_worn = pack.rings().count();
    let ring = stacks
        .iter()
        .find(|(_, s)| s.kind.rules().use_.class() == ItemClass::Ring && !pack.wears_ring(s.kind));
    if let (Some(&(slot, _)), true) = (ring, rings_worn < 2) {
        return Some(PlayerAction::Use { slot, at: None });
    }
    for &(slot, stack) in &stacks {
        let known = game.item_name(stack.kind).known;
        let action = match stack.kind.rules().use_ {
            ItemUse::Recite {
                spell: Spell::Enchanting,
            } if known => enchant_target(game).map(|on| PlayerAction::UseOn { slot, on }),
            ItemUse::Recite {
                spell: Spell::Recharging,
            } if known && staffs_spent(pack) => Some(PlayerAction::Use { slot, at: None }),
            ItemUse::Recite {
                spell: Spell::MagicMapping,
            } if known => Some(PlayerAction::Use { slot, at: None }),
            ItemUse::Quaff {
                state: Draught::Telepathy,
                ..
            } if !game.draughts().is(Draught::Telepathy) => {
                Some(PlayerAction::Use { slot, at: None })
            }
            _ => None,
        };
        if action.is_some() {
            return action;
        }
    }
    None
}

/// In a fight, `npcs` the foes in view (nearest first): a staff, wand, potion or scroll for
/// the moment, if one fits it.
pub fn fight(game: &Game, npcs: &[ICoord], health_percent: u32) -> Option<PlayerAction> {
    let nearest = *npcs.first()?;
    let player = game.player_coord();
    let adjacent = manhattan(nearest, player) == 1;
    let strong = |at: ICoord| {
        game.inhabitants()
            .npc_at(at)
            .is_some_and(|npc| npc.hit_points.current >= STRONG_HIT_POINTS)
    };
    let use_at = |slot: u8, at: ICoord| {
        game.aim(slot, at)
            .is_ok_and(|aim| aim.path.last() == Some(&at))
            .then_some(PlayerAction::Use { slot, at: Some(at) })
    };
    let has_healing = game
        .pack()
        .stacks()
        .any(|(_, s)| matches!(s.kind.rules().use_, ItemUse::Drink { .. }));
    for (slot, stack) in game.pack().stacks() {
        let known = game.item_name(stack.kind).known;
        let use_ = stack.kind.rules().use_;
        let charged = stack.tuning.charges > 0;
        let zapped = matches!(use_.class(), ItemClass::Staff | ItemClass::Wand);
        let effect = use_.bolt().map(|bolt| bolt.rules().effect);
        let action = match use_ {
            // An unknown staff or wand is learnt by zapping it at a foe, as a scroll is read.
            _ if zapped && !known && charged && !adjacent => use_at(slot, nearest),
            _ if zapped && known && charged => zap(game, slot, effect?, npcs, health_percent),
            ItemUse::Quaff {
                state: Draught::Haste,
                ..
            } if !game.draughts().is(Draught::Haste)
                && (strong(nearest) || npcs.len() >= 3)
                && health_percent < 70 =>
            {
                Some(PlayerAction::Use { slot, at: None })
            }
            ItemUse::Quaff {
                state: Draught::FireImmunity,
                ..
            } if game.player_is_burning() => Some(PlayerAction::Use { slot, at: None }),
            ItemUse::Recite {
                spell: Spell::Teleportation,
            } if known && adjacent && health_percent <= ESCAPE_AT_PERCENT && !has_healing => {
                Some(PlayerAction::Use { slot, at: None })
            }
            ItemUse::Recite {
                spell: Spell::Negation,
            } if known && npcs.iter().filter(|&&at| magical(game, at)).count() >= 2 => {
                Some(PlayerAction::Use { slot, at: None })
            }
            _ => None,
        };
        if action.is_some() {
            return action;
        }
    }
    None
}

/// A known staff or wand with a charge, for what its bolt is good at.
fn zap(
    game: &Game,
    slot: u8,
    effect: BoltEffect,
    npcs: &[ICoord],
    health_percent: u32,
) -> Option<PlayerAction> {
    let nearest = *npcs.first()?;
    let player = game.player_coord();
    let steps = manhattan(nearest, player);
    let use_at = |at: ICoord| {
        game.aim(slot, at)
            .is_ok_and(|aim| aim.path.last() == Some(&at))
            .then_some(PlayerAction::Use { slot, at: Some(at) })
    };
    let npc = |at: ICoord| game.inhabitants().npc_at(at);
    let strong = |at: ICoord| npc(at).is_some_and(|n| n.hit_points.current >= STRONG_HIT_POINTS);
    match effect {
        // Lightning down the line with most foes; a firebolt is not loosed beside the
        // player, whose cell its fire might reach.
        BoltEffect::Strike(_) if strong(nearest) || npcs.len() >= 2 => {
            let bolt = game.pack().get(slot)?.kind.rules().use_.bolt()?;
            match bolt.rules().flies_along_a_line() {
                true => use_at(nearest).filter(|_| steps > 1),
                false => crate::items::lightning(game, slot, npcs),
            }
        }
        BoltEffect::Slow { .. } if strong(nearest) => npcs
            .iter()
            .filter(|&&at| strong(at))
            .filter(|&&at| {
                (game.inhabitants().agent_at(at)).is_some_and(|agent| agent.slowed_for == 0)
            })
            .find_map(|&at| use_at(at)),
        BoltEffect::TeleportOther if steps == 1 && strong(nearest) && health_percent <= 50 => {
            use_at(nearest)
        }
        BoltEffect::Dominate => npcs.iter().find_map(|&at| {
            let n = npc(at)?;
            let near_death = n.hit_points.current * 5 <= n.hit_points.max;
            (near_death && n.hit_points.max >= STRONG_HIT_POINTS).then(|| use_at(at))?
        }),
        BoltEffect::Negate => npcs
            .iter()
            .filter(|&&at| magical(game, at))
            .filter(|&&at| {
                game.inhabitants()
                    .agent_at(at)
                    .is_some_and(|agent| !agent.negated)
            })
            .find_map(|&at| use_at(at)),
        BoltEffect::Beckon => npcs
            .iter()
            .filter(|&&at| manhattan(at, player) >= 3)
            .filter(|&&at| npc(at).is_some_and(|n| n.kind.rules().bolt.is_some()))
            .find_map(|&at| use_at(at)),
        BoltEffect::Obstruct { .. } if npcs.len() >= 3 && steps >= 3 => use_at(nearest),
        BoltEffect::Blink if steps == 1 && health_percent <= ESCAPE_AT_PERCENT => {
            blink_away(game, slot, nearest)
        }
        BoltEffect::Heal(_) => game
            .inhabitants()
            .npcs()
            .filter(|n| n.side == Side::Hero && n.hit_points.current * 2 <= n.hit_points.max)
            .find_map(|n| use_at(n.coord)),
        _ => None,
    }
}

/// The cell in reach furthest from the foe that a blink lands on.
fn blink_away(game: &Game, slot: u8, foe: ICoord) -> Option<PlayerAction> {
    let player = game.player_coord();
    let mut best: Option<(i32, ICoord)> = None;
    for dy in -5..=5 {
        for dx in -5..=5 {
            let at = player + ICoord::new(dx, dy);
            let Ok(aim) = game.aim(slot, at) else {
                continue;
            };
            if aim.path.last() != Some(&at)
                || aim.stops_on.is_some()
                || game.level().blocks_walking(at)
            {
                continue;
            }
            let away = manhattan(at, foe);
            if best.is_none_or(|(d, _)| away > d) {
                best = Some((away, at));
            }
        }
    }
    let (away, at) = best?;
    (away >= 4).then_some(PlayerAction::Use { slot, at: Some(at) })
}

/// A foe whose magic negation takes away: a bolt of its own, or a burst.
fn magical(game: &Game, at: ICoord) -> bool {
    game.inhabitants().npc_at(at).is_some_and(|n| {
        n.side == Side::Dungeon
            && (n.kind.rules().bolt.is_some() || n.kind.rules().on_death.is_some())
    })
}

/// The item a scroll of enchanting should go to: the least enchanted of the armour worn, the
/// weapon wielded, a staff that harms or slows, and the rings worn.
fn enchant_target(game: &Game) -> Option<u8> {
    let pack = game.pack();
    let wanted = |stack: &Stack| match stack.kind.rules().use_ {
        ItemUse::Wear { .. } => pack.worn() == Some(stack.kind),
        ItemUse::Wield { .. } => pack.wielded() == Some(stack.kind),
        ItemUse::Ring { .. } => pack.wears_ring(stack.kind),
        ItemUse::Staff { bolt, .. } => matches!(
            bolt.rules().effect,
            BoltEffect::Strike(_) | BoltEffect::Slow { .. }
        ),
        _ => false,
    };
    pack.stacks()
        .filter(|(_, stack)| wanted(stack))
        .min_by_key(|(slot, stack)| (stack.tuning.enchant, *slot))
        .map(|(slot, _)| slot)
}

fn staffs_spent(pack: &Pack) -> bool {
    pack.stacks().any(|(_, stack)| {
        stack.kind.rules().use_.class() == ItemClass::Staff
            && stack.tuning.charges < stack.max_charges()
    })
}

/// A weapon's worth, in hundredths of a hit point a turn: its chance, its mean damage with its
/// enchanting, its pace, and a sweep or a thrust counting for a share of a second foe.
fn blow_worth(stack: Stack) -> u32 {
    let ItemUse::Wield {
        attack,
        time,
        reach,
        ..
    } = stack.kind.rules().use_
    else {
        return 0;
    };
    let level = u32::from(stack.tuning.enchant);
    let (hits, out_of) = (attack.to_hit.0 + level, attack.to_hit.1 + level);
    let mean = (attack.damage.0 + attack.damage.1 + 2 * level) * 50;
    let reach = match reach {
        Reach::One => 100,
        Reach::Through => 120,
        Reach::Around => 150,
    };
    mean * hits / out_of * reach / time
}

fn wielded_worth(game: &Game) -> u32 {
    let pack = game.pack();
    match pack
        .wielded()
        .and_then(|kind| pack.get(pack.slot_of(kind)?))
    {
        Some(stack) => blow_worth(stack),
        // The player's own blade: four in five for 2-4.
        None => 3 * 50 * 2 * 4 / 5,
    }
}

/// Armour's worth: what it takes from a blow, less a share for a slow step.
fn armour_worth(stack: Stack) -> u32 {
    match stack.kind.rules().use_ {
        ItemUse::Wear {
            armour, step_time, ..
        } => (armour + u32::from(stack.tuning.enchant)) * 100 * 100 / step_time.max(1),
        _ => 0,
    }
}

fn armour_of(pack: &Pack, kind: Option<ItemKind>) -> u32 {
    kind.and_then(|kind| pack.get(pack.slot_of(kind)?))
        .map_or(0, armour_worth)
}

fn manhattan(a: ICoord, b: ICoord) -> i32 {
    (a.x - b.x).abs() + (a.y - b.y).abs()
}

/// Whether the script would carry one of `kind` as found: gear only if it is better than
/// what is in use (a spare is room a better find needs).
pub fn worth_carrying(game: &Game, kind: ItemKind) -> bool {
    let stack = Stack {
        kind,
        count: 1,
        tuning: umbra_rules::game::Tuning::fresh(kind),
    };
    match kind.rules().use_ {
        ItemUse::Wield { .. } => blow_worth(stack) > wielded_worth(game),
        ItemUse::Wear { .. } => armour_worth(stack) > armour_of(game.pack(), game.pack().worn()),
        _ => true,
    }
}
