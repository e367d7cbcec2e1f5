//! Mixed bands: encounters of several kinds that come together (a shaman with its orcs, an
//! ogre with goblin archers), drawn by weight at a depth alongside the kinds themselves, each
//! row naming its members by their bestiary names.

use serde::Serialize;

use super::error::field_error;
use super::spawn::Spawn;
use super::tables::BandFile;
use super::{ContentError, NpcKind};

/// One kind of mixed band, as the rules use it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Band {
    /// Each member's kind and how many come (inclusive range), the leader first.
    pub members: Vec<(NpcKind, (u32, u32))>,
    pub spawn: Spawn,
}

/// Most members a band may list, and most of one kind: a band is an encounter, not a level.
const MEMBERS_MAX: usize = 4;
const OF_A_KIND_MAX: u32 = 6;

/// The bands with their kinds found by name in `names` (the bestiary's, in order).
pub(super) fn resolve(bands: Vec<BandFile>, names: &[String]) -> Result<Vec<Band>, ContentError> {
    let table = "bestiary";
    bands
        .into_iter()
        .map(|band| {
            let entry = format!("band {}", band.name);
            if band.members.is_empty() || band.members.len() > MEMBERS_MAX {
                return Err(field_error(
                    table,
                    &entry,
                    "members",
                    "none, or more than four",
                ));
            }
            let (from, to) = band.spawn.depths;
            if from == 0 || from > to || to > crate::balance::FINAL_DEPTH {
                return Err(field_error(
                    table,
                    &entry,
                    "spawn",
                    "depths outside the dungeon",
                ));
            }
            let members = (band.members.into_iter())
                .map(|(name, (fewest, most))| {
                    let kind = (names.iter().position(|n| *n == name))
                        .map(NpcKind::at)
                        .ok_or_else(|| {
                            field_error(table, &entry, "members", format!("no kind \"{name}\""))
                        })?;
                    if fewest == 0 || fewest > most || most > OF_A_KIND_MAX {
                        let reason = "a count of none, backwards, or over six";
                        return Err(field_error(table, &entry, "members", reason));
                    }
                    Ok((kind, (fewest, most)))
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Band {
                members,
                spawn: band.spawn,
            })
        })
        .collect()
}
