//! The bolt table: its rows, read and checked, and the other tables' bolt names turned into
//! places in it.

use super::error::{ContentError, field_error};
use super::gases::{GasesFile, gas_named};
use super::{BoltKind, GasKind};
use serde::{Deserialize, Serialize};

use super::tables::Entry;
use crate::balance::{AttackDice, PLAYER_VISION_DISTANCE_SQUARED};

/// `content/bolts.ron`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BoltsFile {
    pub kinds: Vec<Entry<BoltRules<String>>>,
}

/// Something that flies at someone, whoever sends it: a thrown dart, an archer's arrow, a
/// shaman's healing, a bloat's burst. Every one is resolved by the same code (`game::flight`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoltRules<G = GasKind> {
    /// How far it is sent (a circle, squared distance, as sight); zero for a burst where its
    /// sender stands.
    pub range: u32,
    /// How it finds its mark; along a line unless said.
    #[serde(default)]
    pub path: BoltPath,
    pub effect: BoltEffect,
    /// It sets alight what it stops on (a burst: every cell it reaches), and whoever stands
    /// there catches fire.
    #[serde(default)]
    pub ignites: bool,
    /// The gas it leaves where it stops, and how much (a volume, `content/gases.ron`).
    #[serde(default = "Option::default")]
    pub leaves: Option<(G, u16)>,
}

impl<G> BoltRules<G> {
    /// True if it stops on the first character in its line (all but lightning).
    pub fn flies_along_a_line(&self) -> bool {
        self.path == BoltPath::Line
    }
}

/// How a bolt finds its mark.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoltPath {
    /// Along the line to a cell its sender picks, stopping on the first character or before
    /// the first ground that stops missiles.
    #[default]
    Line,
    /// Along the line through the cell its sender picks and on to its range, through every
    /// character on the way (each feels it), stopping only where ground stops missiles
    /// (lightning, as Brogue's passes through creatures). Only the player sends one.
    Pierces,
}

/// What a bolt does to the character it stops on (or, bursting, round where it stops).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoltEffect {
    /// A blow with these dice, as a melee blow.
    Blow(AttackDice),
    /// This much damage (inclusive range), surely: no roll to hit, no armour.
    Strike((u32, u32)),
    /// Heals this many hit points (inclusive range): sent at allies, never at the player.
    Heal((u32, u32)),
    /// Bursts where it stops: this much damage to every character within `radius` the blast
    /// reaches past walls.
    Burst { damage: (u32, u32), radius: u32 },
    /// The character it stops on (never its sender) stumbles at random for this many of its
    /// own actions, then goes back to what it was doing.
    Confuse { turns: u32 },
    /// Breaks where it stops, harming nobody itself: what it does is what it leaves (fire on
    /// every cell within `radius` the blast reaches, if it ignites; its gas where it broke).
    Shatter { radius: u32 },
    /// The character it stops on (never its sender) acts at half its pace for this many turns.
    Slow { turns: u32 },
    /// Its sender goes with it: it stands where the bolt stops, short of any character or wall.
    Blink,
    /// Crystal grows on every open, empty cell within `radius` of where it stops, and dissolves
    /// after `turns` turns.
    Obstruct { turns: u32, radius: u32 },
    /// The character it stops on is somewhere else on the level, out of its sender's view.
    TeleportOther,
    /// The character it stops on turns to its sender's side: surely when nearly dead, never at
    /// full health, by its wounds between.
    Dominate,
    /// The character it stops on is pulled along the line to its sender's side.
    Beckon,
    /// The character it stops on loses its magic: its bolt, its burst, and the spells on it.
    Negate,
    /// The character it stops on is held where it stands: each step it tries for `turns`
    /// tries is spent struggling free (a spider's web). It can still strike who stands by.
    Web { turns: u32 },
    /// The friend it reaches acts twice as fast for `turns` turns (a goblin mystic's spell).
    Haste { turns: u32 },
}

impl BoltEffect {
    /// True for a bolt sent to help an ally rather than to hurt the player.
    pub fn helps(self) -> bool {
        matches!(self, Self::Heal(_) | Self::Haste { .. })
    }

    /// How far round where it stops it reaches, if it bursts.
    pub fn radius(self) -> Option<u32> {
        match self {
            Self::Burst { radius, .. } | Self::Shatter { radius } => Some(radius),
            _ => None,
        }
    }

    /// True for what only the player's staffs, wands and scrolls send: no monster has a rule
    /// to choose whom to send it at.
    pub fn players_only(self) -> bool {
        matches!(
            self,
            Self::Confuse { .. }
                | Self::Slow { .. }
                | Self::Blink
                | Self::Obstruct { .. }
                | Self::TeleportOther
                | Self::Dominate
                | Self::Beckon
                | Self::Negate
        )
    }
}

const TABLE: &str = "bolts";

/// The rows with the gases they leave found in the gas table.
pub(super) fn resolve(file: BoltsFile, gases: &GasesFile) -> Result<Vec<BoltRules>, ContentError> {
    (file.kinds.into_iter())
        .map(|e| {
            let leaves = match e.rules.leaves {
                Some((gas, volume)) => Some((gas_named(gases, TABLE, &e.name, &gas)?, volume)),
                None => None,
            };
            Ok(BoltRules {
                range: e.rules.range,
                path: e.rules.path,
                effect: e.rules.effect,
                ignites: e.rules.ignites,
                leaves,
            })
        })
        .collect()
}

/// Every bolt's numbers: a range inside sight (nothing is sent at what its sender cannot see,
/// nor strikes what the player cannot see), dice that can be rolled, amounts of at least one.
pub(super) fn check_bolts(file: &BoltsFile) -> Result<(), ContentError> {
    for (i, entry) in file.kinds.iter().enumerate() {
        let fail = |field, reason: &str| Err(field_error(TABLE, &entry.name, field, reason));
        let rules = &entry.rules;
        if rules
            .leaves
            .as_ref()
            .is_some_and(|(_, volume)| *volume == 0)
        {
            return fail("leaves", "a cloud of at least one");
        }
        if rules.range * rules.range > PLAYER_VISION_DISTANCE_SQUARED {
            return fail("range", "a range within sight (10)");
        }
        let (least, most) = match rules.effect {
            BoltEffect::Blow(AttackDice { to_hit, damage }) => {
                if to_hit.1 == 0 || to_hit.0 > to_hit.1 {
                    return fail("effect", "to_hit must be a chance of at most one in one");
                }
                damage
            }
            BoltEffect::Strike(amount) | BoltEffect::Heal(amount) => amount,
            BoltEffect::Burst { damage, radius } => {
                if radius == 0 {
                    return fail("effect", "a burst reaches at least one cell round");
                }
                if rules.range > 0 && radius >= rules.range {
                    return fail("effect", "a burst sent afar reaches less far than it flies");
                }
                damage
            }
            BoltEffect::Confuse { turns }
            | BoltEffect::Slow { turns }
            | BoltEffect::Web { turns }
            | BoltEffect::Haste { turns } => (turns, turns),
            BoltEffect::Obstruct { turns, radius } => {
                if radius == 0 {
                    return fail("effect", "crystal grows at least one cell round");
                }
                (turns, turns)
            }
            BoltEffect::Blink
            | BoltEffect::TeleportOther
            | BoltEffect::Dominate
            | BoltEffect::Beckon
            | BoltEffect::Negate => (1, 1),
            BoltEffect::Shatter { radius } => {
                if !rules.ignites && rules.leaves.is_none() {
                    return fail("effect", "what shatters sets a fire or leaves a gas");
                }
                if rules.range > 0 && radius >= rules.range {
                    return fail("effect", "a burst sent afar reaches less far than it flies");
                }
                (1, 1)
            }
        };
        if least == 0 || least > most {
            return fail("effect", "an amount runs from at least one to its most");
        }
        let bursts_where_sent = rules.effect.radius().is_some() && rules.path == BoltPath::Line;
        if rules.range == 0 && !bursts_where_sent {
            return fail("range", "only a burst is sent no distance");
        }
        if file.kinds[..i].iter().any(|other| other.name == entry.name) {
            return fail("name", "two bolts of one name");
        }
    }
    Ok(())
}

/// A monster sends its bolt along a line it has to the player (or to an ally, to heal it), and
/// nothing it sends is the player's alone (confusion, slowness, blinking...): no rule yet lets a
/// monster choose whom to send those at, nor aim through its own side.
pub(super) fn check_sent_by_a_monster(
    file: &BoltsFile,
    monster: &str,
    bolt: Option<BoltKind>,
) -> Result<(), ContentError> {
    let Some(rules) = bolt
        .and_then(|bolt| file.kinds.get(bolt.index()))
        .map(|e| &e.rules)
    else {
        return Ok(());
    };
    if rules.path != BoltPath::Line || rules.effect.players_only() {
        let reason = "a monster's bolt stops on the first in its line and is none of the player's own (confusion, slowness, blinking...)";
        return Err(field_error("bestiary", monster, "bolt", reason));
    }
    Ok(())
}

/// The bolt named `name`, for the `field` of `entry` in `table`.
pub(super) fn bolt_named(
    file: &BoltsFile,
    table: &'static str,
    entry: &str,
    field: &'static str,
    name: &str,
) -> Result<BoltKind, ContentError> {
    file.kinds
        .iter()
        .position(|bolt| bolt.name == name)
        .map(|i| BoltKind(i as u8))
        .ok_or_else(|| field_error(table, entry, field, format!("no bolt named \"{name}\"")))
}
