//! The small vocabulary every message shares (how a message reads, the NPCs' names, counts and
//! capitals), and the lines said outside the map: the version, the seed, the welcome.

use super::looks;
use umbra_rules::game::{
    Boon, Brightness, Game, ItemClass, ItemName, NpcKind, ScoreConditions, Stack, TURN_TIME,
    Unscored,
};

/// The morgue's line for a run a debugging aid played, which never has a score.
pub fn unscored_run(why: Unscored) -> &'static str {
    match why {
        Unscored::Wizard => "Wizard run: wizard commands were used; it is not in the high scores.",
        Unscored::Omniscient => {
            "Omniscient run: the whole level was in view (--debug-omniscient); it is not in the \
             high scores."
        }
    }
}

/// Why a run has no score, as `--verify` says it: "it is a wizard run, …".
pub fn unscored_reason(why: Unscored) -> &'static str {
    match why {
        Unscored::Wizard => "it is a wizard run, which never has a score",
        Unscored::Omniscient => {
            "it was played with the whole level in view (--debug-omniscient), which never has a \
             score"
        }
    }
}

/// A score's conditions beside its seed: "map 80×30, rules 20".
pub fn conditions_words(conditions: Option<ScoreConditions>) -> String {
    match conditions {
        Some(c) => format!(
            "map {}×{}, rules {}",
            c.map_width, c.map_height, c.rules_version
        ),
        None => "map and rules not kept (an older table)".to_string(),
    }
}
/// The status line's mark of a wizard run.
pub const WIZARD_MARK: &str = "WIZARD";

/// How a message reads: harm in red, gains in green.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Normal,
    /// Harm to the player.
    Danger,
    Good,
}

/// What the player calls each kind of NPC (its name in the bestiary).
pub fn npc_name(kind: NpcKind) -> &'static str {
    &looks::npc(kind).name
}

/// The name with its indefinite article: "an orc", "a troll".
/// How a kind's pace differs from the player's, in a word: "fast" for one that steps quicker,
/// "slow" for one that steps slower; None at the player's pace. A kind's step is what the
/// player can outrun or not, so it names the pace.
pub fn pace(kind: NpcKind) -> Option<&'static str> {
    let step = kind.rules().time.move_;
    match step.cmp(&TURN_TIME) {
        std::cmp::Ordering::Less => Some("fast"),
        std::cmp::Ordering::Greater => Some("slow"),
        std::cmp::Ordering::Equal => None,
    }
}

pub fn npc_with_article(kind: NpcKind) -> String {
    looks::npc(kind).a()
}

/// A count with its noun, singular for one: "1 kill", "3 kills", "0 enemies".
pub fn counted(count: impl Into<u64>, one: &str, many: &str) -> String {
    let count = count.into();
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The words with their first letter in capitals, to begin a sentence.
pub fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// What `--version` says: the build, and the rules its saves and recordings are played by.
pub fn version_line() -> String {
    format!(
        "umbra {} (rules version {}, content {:08x})",
        env!("CARGO_PKG_VERSION"),
        umbra_rules::game::RULES_VERSION,
        umbra_rules::game::content_digest()
    )
}

/// A boon's name and what it does, in a few words that fit the narrowest panel.
pub fn boon_words(boon: Boon) -> (&'static str, &'static str) {
    match boon {
        Boon::Vigour => ("Vigour", "more hit points"),
        Boon::Might => ("Might", "blows may deal 1 more"),
        Boon::Precision => ("Precision", "blows miss far less often"),
        Boon::Swiftness => ("Swiftness", "every step a quarter quicker"),
        Boon::Recovery => ("Recovery", "heal a hit point 2 turns sooner"),
    }
}

/// What a boon does, in the offer and in the message once chosen alike: a vigour says the hit
/// points it gives (`hit_points`), so the two never disagree.
pub fn boon_effect(boon: Boon, hit_points: u32) -> String {
    match boon {
        Boon::Vigour => format!("{hit_points} more hit points"),
        _ => boon_words(boon).1.to_string(),
    }
}

/// The run's build in a word or two, from how often each boon was chosen (in `Boon::ALL`'s
/// order), for the high scores and the morgue: the boon chosen most (the first in that order
/// on a tie), with how often when more than once: "Might ×3"; "no boons" before any.
pub fn build_words(counts: &[u8]) -> String {
    let most = (Boon::ALL.iter().zip(counts))
        .filter(|(_, count)| **count > 0)
        .fold(
            None,
            |best: Option<(Boon, u8)>, (&boon, &count)| match best {
                Some((_, most)) if most >= count => best,
                _ => Some((boon, count)),
            },
        );
    match most {
        None => "no boons".to_string(),
        Some((boon, 1)) => boon_words(boon).0.to_string(),
        Some((boon, count)) => format!("{} ×{count}", boon_words(boon).0),
    }
}

/// " (wielded)" or " (worn)" for a stack in use.
pub fn in_use_words(game: &Game, stack: Stack) -> &'static str {
    if game.pack().wielded() == Some(stack.kind) {
        " (wielded)"
    } else if game.pack().worn() == Some(stack.kind) {
        " (worn)"
    } else if game.pack().wears_ring(stack.kind) {
        " (on a hand)"
    } else {
        ""
    }
}

/// A carried stack as the pack lists it: its name, and once it is known its level and charges
/// ("+2 staff of firebolt [3/4]", "a wand of domination (1 charge left)", "+1 ring of
/// stealth").
pub fn stack_words(game: &Game, stack: Stack) -> String {
    named_stack_words(game.item_name(stack.kind), stack)
}

/// [`stack_words`] for a stack named as the player knows its kind (`name`): what an event
/// carries, with no game to ask.
pub fn named_stack_words(name: ItemName, stack: Stack) -> String {
    if !name.known {
        // The levels the player gave it are the player's to know, whatever it is.
        let words = super::item_names::item_words(name, stack.count);
        return match (stack.tuning.enchant, stack.count) {
            (0, _) => words,
            (level, 1) => format!("+{level} {}", super::item_names::without_article(&words)),
            (level, _) => format!("{words} (+{level})"),
        };
    }
    let look = looks::item(stack.kind);
    let class = look.class;
    // A ring's level is its power: a fresh ring is +1.
    let level = match class {
        Some(ItemClass::Ring) => stack.tuning.enchant + 1,
        _ => stack.tuning.enchant,
    };
    let mut words = match (level, stack.count) {
        (0, count) => super::item_names::item_words(name, count),
        (level, 1) => format!("+{level} {}", look.name),
        (level, count) => format!("{count} +{level} {}", look.look.plural),
    };
    match class {
        Some(ItemClass::Staff) => {
            words += &format!(" [{}/{}]", stack.tuning.charges, stack.max_charges());
        }
        Some(ItemClass::Wand) => {
            words += &match stack.tuning.charges {
                1 => " (1 charge left)".to_string(),
                charges => format!(" ({charges} charges left)"),
            };
        }
        _ => (),
    }
    words
}

/// Where the player stands: "lit", or "in shadow" (no light but its own).
pub fn standing_words(game: &Game) -> &'static str {
    if game.in_shadow() { "in shadow" } else { "lit" }
}

/// Where the player stands in light, and how near a monster must come to notice it: "lit,
/// stealth 14", "in shadow, stealth 7".
pub fn stealth_words(game: &Game) -> String {
    format!("{}, stealth {}", standing_words(game), game.stealth_range())
}

/// A cell's light in a word, as the look cursor tells it.
pub fn brightness_word(brightness: Brightness) -> &'static str {
    match brightness {
        Brightness::Lit => "lit",
        Brightness::Shadow => "in shadow",
        Brightness::Dark => "dark",
    }
}

/// The first line the game says outside its screen, so a seed can be played again.
pub fn seed_line(seed: u64) -> String {
    match super::daily::daily_words(seed) {
        Some(daily) => format!("RNG Seed: {seed} ({daily})"),
        None => format!("RNG Seed: {seed}"),
    }
}

/// Said outside the screen when a saved game is resumed.
pub fn resuming_line(game: &Game) -> String {
    format!("Resuming the saved game at turn {}.", game.turn())
}

pub(super) fn welcome(game: &Game) -> String {
    if game.turn() > 0 {
        return format!(
            "Welcome back. It is turn {} on depth {}. Press ? for help.",
            game.turn(),
            game.depth()
        );
    }
    format!(
        "Welcome to Umbra. Take the stairs (>) down to depth {} and lift {}. Press ? for help.",
        umbra_rules::game::FINAL_DEPTH,
        looks::prize()
    )
}
