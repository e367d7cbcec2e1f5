//! How the careful player uses its pack, from what it sees and knows: it drinks when low in a
//! fight, reads a lightning scroll at a troll or a crowd (along the line with most foes), bursts a fireball on two or more foes
//! when it stands clear of the blast, confuses a troll before it closes, reads unknown scrolls
//! at a foe to learn them, throws potions of fire and gas at a band far enough off, and throws
//! darts at foes on their way in.

use coord_2d::ICoord;
use umbra_rules::game::{BoltEffect, BoltPath, ItemClass, ItemUse, Side, Stack};
use umbra_rules::{Game, PlayerAction};

/// At or below this share of its health (in percent), in a fight, it drinks.
pub const DRINK_AT_PERCENT: u32 = 35;
/// A potion that shatters into fire or gas is thrown at a foe at least this many steps away.
const SHATTER_AT_LEAST_STEPS: i32 = 4;
/// A foe with at least this many hit points is worth a scroll on its own (a troll, not an orc).
const WORTH_A_SCROLL_HIT_POINTS: u32 = 8;

/// A healing potion drunk now, if the player carries one and is in danger: low (at or below
/// [`DRINK_AT_PERCENT`]) with a foe in view or while it burns or stands in harm, or at any
/// health the foes beside it could take in one round at their hardest. (Drinking only when low
/// with a foe in view, the careful player burnt to death with a potion in its pack, and stood
/// at 5 of 18 beside an ogre that hits for 7.)
pub fn heal_in_danger(game: &Game, npcs: &[ICoord], health_percent: u32) -> Option<PlayerAction> {
    let (slot, _) = (game.pack().stacks())
        .find(|(_, stack)| matches!(stack.kind.rules().use_, ItemUse::Drink { .. }))?;
    let player = game.player_coord();
    let harmed = game.player_is_burning() || crate::sight::harms(game, player);
    let low = health_percent <= DRINK_AT_PERCENT && (harmed || !npcs.is_empty());
    let hardest_round: u32 = (npcs.iter())
        .filter(|&&at| manhattan(at, player) == 1)
        .filter_map(|&at| game.inhabitants().npc_at(at))
        .map(|npc| npc.kind.rules().attack.damage.1)
        .sum();
    let could_fall = hardest_round >= game.player_hit_points().current;
    (low || could_fall).then_some(PlayerAction::Use { slot, at: None })
}

/// The item to use this turn, if any: `npcs` are the foes in view, nearest first.
pub fn choose(game: &Game, npcs: &[ICoord], health_percent: u32) -> Option<PlayerAction> {
    let nearest = *npcs.first()?;
    let stacks: Vec<(u8, Stack)> = game.pack().stacks().collect();
    // Only a clear line: an ally in the way would take the blow.
    let use_at = |slot: u8, at: ICoord| {
        game.aim(slot, at)
            .is_ok_and(|aim| aim.path.last() == Some(&at))
            .then_some(PlayerAction::Use { slot, at: Some(at) })
    };
    let throw_at = |slot: u8, at: ICoord| {
        game.aim(slot, at)
            .is_ok_and(|aim| aim.path.last() == Some(&at))
            .then_some(PlayerAction::Throw { slot, at })
    };
    let strong = |at: ICoord| {
        game.inhabitants()
            .npc_at(at)
            .is_some_and(|npc| npc.hit_points.current >= WORTH_A_SCROLL_HIT_POINTS)
    };
    let adjacent = manhattan(nearest, game.player_coord()) == 1;
    for &(slot, stack) in &stacks {
        let known = game.item_name(stack.kind).known;
        let use_ = stack.kind.rules().use_;
        let bolt = use_.bolt().map(|bolt| bolt.rules());
        let action = match (use_, bolt.map(|b| (b.path, b.effect))) {
            (ItemUse::Drink { .. }, _) if health_percent <= DRINK_AT_PERCENT => {
                Some(PlayerAction::Use { slot, at: None })
            }
            _ if !known && use_.class() == ItemClass::Scroll && !adjacent => use_at(slot, nearest),
            (ItemUse::Read { .. }, Some((BoltPath::Pierces, _)))
                if known && (strong(nearest) || npcs.len() >= 2) =>
            {
                lightning(game, slot, npcs)
            }
            (ItemUse::Read { .. }, Some((_, BoltEffect::Burst { .. })))
                if known && npcs.len() >= 2 =>
            {
                fireball(game, slot, npcs)
            }
            (ItemUse::Read { .. }, Some((_, BoltEffect::Confuse { .. })))
                if known && strong(nearest) && !adjacent =>
            {
                use_at(slot, nearest)
            }
            // A potion that shatters into fire or gas, at a band or a strong foe far enough
            // off that the cloud or the flames do not reach the player first. (Like the
            // drinking above, it goes by what the potion is, known or not: the script does not
            // play the game of learning potions.)
            (ItemUse::Shatter { .. }, _) if npcs.len() >= 2 || strong(nearest) => npcs
                .iter()
                .filter(|&&at| manhattan(at, game.player_coord()) >= SHATTER_AT_LEAST_STEPS)
                .find_map(|&at| throw_at(slot, at)),
            (ItemUse::Throw { .. }, _) if !adjacent => throw_at(slot, nearest),
            _ => None,
        };
        if action.is_some() {
            return action;
        }
    }
    None
}

/// A foe to burst the fireball on: one whose blast reaches another foe and not the player.
fn fireball(game: &Game, slot: u8, npcs: &[ICoord]) -> Option<PlayerAction> {
    let player = game.player_coord();
    npcs.iter().find_map(|&at| {
        let aim = game.aim(slot, at).ok()?;
        let foes = npcs.iter().filter(|c| aim.area.contains(c)).count();
        let ally_in_it = (aim.area.iter()).any(|&c| {
            game.inhabitants()
                .npc_at(c)
                .is_some_and(|npc| npc.side == Side::Hero)
        });
        (foes >= 2 && !aim.area.contains(&player) && !ally_in_it)
            .then_some(PlayerAction::Use { slot, at: Some(at) })
    })
}

/// Lightning aimed at the foe in view whose line holds the most foes and nobody else (no ally,
/// no captive), the nearest such on a tie.
pub fn lightning(game: &Game, slot: u8, npcs: &[ICoord]) -> Option<PlayerAction> {
    let mut best: Option<(usize, ICoord)> = None;
    for &at in npcs {
        let Ok(aim) = game.aim(slot, at) else {
            continue;
        };
        let on_line: Vec<Side> = (aim.path.iter())
            .filter_map(|&cell| game.inhabitants().npc_at(cell))
            .map(|npc| npc.side)
            .collect();
        if on_line.iter().any(|&side| side != Side::Dungeon) {
            continue;
        }
        if best.is_none_or(|(foes, _)| on_line.len() > foes) {
            best = Some((on_line.len(), at));
        }
    }
    best.map(|(_, at)| PlayerAction::Use { slot, at: Some(at) })
}

fn manhattan(a: ICoord, b: ICoord) -> i32 {
    (a.x - b.x).abs() + (a.y - b.y).abs()
}
