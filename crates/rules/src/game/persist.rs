//! A game as bytes, for snapshots that spare a long replay. Only state is written; scratch
//! contexts are rebuilt on load, which gives the same future because they are recomputed from the
//! state each turn. What the bytes are kept in is the caller's business: nothing here knows files.

use coord_2d::ICoord;
use rand_isaac::Isaac64Rng;
use serde::{Deserialize, Serialize};

use super::parts::{Chronicle, Hero, Minds, Progress, TurnScratch};
use super::{Game, GameOptions, PlayerAction};
use crate::behaviour::Agent;
use crate::visibility::Visibility;
use crate::world::{ReadWorld, WorldRecord, table_from_rows, table_rows};

/// The game's state as it is saved and hashed: every part's saved record, in one encoding, so
/// that nothing saved can be left out of the hash (see [`Game::state_hash`]).
#[derive(Serialize)]
pub(super) struct StateRef<'a> {
    seed: u64,
    options: GameOptions,
    rng: &'a Isaac64Rng,
    progress: &'a Progress,
    world: WorldRecord,
    visibility: &'a Visibility,
    /// Where the player last saw each character, by its row in `world`.
    sightings: Vec<(u32, ICoord)>,
    /// Each NPC's memory, by its row in `world`.
    agents: Vec<(u32, Agent)>,
    /// Where the level placed its waypoints, which the wanderers' memories name: placed again
    /// on a loaded level, they would stand where its shape is now (a door burnt away).
    waypoints: &'a [ICoord],
    hero: &'a Hero,
}

#[derive(Serialize)]
struct SavedRef<'a> {
    state: StateRef<'a>,
    actions: &'a [PlayerAction],
}

/// The state as [`StateRef`] writes it, read back. The actions follow it in the bytes (see
/// [`SavedRef`]): read apart, so that the state's own bytes are known.
#[derive(Deserialize)]
struct Saved {
    seed: u64,
    options: GameOptions,
    rng: Isaac64Rng,
    progress: Progress,
    world: ReadWorld,
    visibility: Visibility,
    sightings: Vec<(u32, ICoord)>,
    agents: Vec<(u32, Agent)>,
    waypoints: Vec<ICoord>,
    hero: Hero,
}

/// Bytes that do not describe a valid game, by what is wrong with them. The rules hold no words
/// for the player: whoever keeps the bytes decides what to do and say (a damaged snapshot is
/// set aside and the game replayed from its journal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// Not a game state as this build writes one (cut short, or other bytes altogether).
    Unreadable,
    /// A map size no level can have.
    MapSizeOutOfRange,
    /// What the player sees is of another size than the map.
    SizesDiffer,
    /// Read whole, but a rule of the game's state is broken; the violation as
    /// [`Game::invariant_violations`] describes it, for a bug report.
    Inconsistent(String),
}

impl Game {
    /// The state every part saves, in the encoding the snapshot writes.
    pub(super) fn state_record(&self) -> StateRef<'_> {
        let (world, entities) = self.world.to_record();
        StateRef {
            seed: self.chronicle.seed,
            options: self.chronicle.options,
            rng: &self.chronicle.rng,
            progress: &self.progress,
            agents: table_rows(&self.minds.agents, &entities),
            waypoints: self.minds.behaviour.waypoint_cells(),
            sightings: table_rows(&self.visibility.sightings(), &entities),
            world,
            visibility: &self.visibility,
            hero: &self.hero,
        }
    }

    /// The whole state, to be read back by [`Game::from_state_bytes`] with this same build.
    pub fn to_state_bytes(&self) -> Vec<u8> {
        let saved = SavedRef {
            state: self.state_record(),
            actions: &self.chronicle.actions,
        };
        postcard::to_allocvec(&saved).expect("game state always encodes")
    }

    /// Never panics, whatever the bytes: anything that is not a whole, consistent game is an
    /// error. Nothing is sized by a number read from the bytes but the map, checked first.
    pub fn from_state_bytes(bytes: &[u8]) -> Result<Self, DecodeError> {
        Self::from_state_bytes_hashed(bytes).map(|(game, _)| game)
    }

    /// [`Game::from_state_bytes`], and the [`Game::state_hash`] of the state the bytes hold,
    /// taken over the bytes themselves: the hash is a CRC of the state as
    /// [`Game::to_state_bytes`] writes it, so the bytes it was read from need no second
    /// encoding (on a 1000×1000 level, a third of reading it back). For bytes this build wrote
    /// it is the game's own hash; bytes written otherwise hash as what they are, and a journal
    /// that vouches for a snapshot by its hash refuses them.
    pub fn from_state_bytes_hashed(bytes: &[u8]) -> Result<(Self, u32), DecodeError> {
        let (saved, rest): (Saved, &[u8]) =
            postcard::take_from_bytes(bytes).map_err(|_| DecodeError::Unreadable)?;
        let actions: Vec<PlayerAction> =
            postcard::from_bytes(rest).map_err(|_| DecodeError::Unreadable)?;
        let state_bytes = &bytes[..bytes.len() - rest.len()];
        let game = Self::from_saved(saved, actions)?;
        let hash = super::state_hash::state_hash_of(state_bytes, game.is_wizard_run());
        Ok((game, hash))
    }

    fn from_saved(saved: Saved, actions: Vec<PlayerAction>) -> Result<Self, DecodeError> {
        if !crate::terrain::is_valid_size(saved.options.map_size) {
            return Err(DecodeError::MapSizeOutOfRange);
        }
        let (world, entities) = saved.world.0.map_err(DecodeError::Inconsistent)?;
        world.check_loaded().map_err(DecodeError::Inconsistent)?;
        if saved.visibility.size() != world.size() {
            return Err(DecodeError::SizesDiffer);
        }
        let agents = table_from_rows(saved.agents, &entities).map_err(DecodeError::Inconsistent)?;
        let sightings =
            table_from_rows(saved.sightings, &entities).map_err(DecodeError::Inconsistent)?;
        check_sightings(&world, &saved.visibility, &sightings)?;
        let mut visibility = saved.visibility;
        if !visibility.restore_sightings(sightings) {
            return Err(DecodeError::SizesDiffer);
        }
        check_counts(&saved.hero, saved.progress.depth)?;
        let mut hero = saved.hero;
        hero.vault_rewards.reserve(super::parts::VAULT_REWARDS_ROOM);
        let mut game = Self {
            chronicle: Chronicle {
                seed: saved.seed,
                options: saved.options,
                rng: saved.rng,
                actions: with_room_to_grow(actions),
                made_to_order: false,
            },
            progress: saved.progress,
            minds: Minds::loaded(&world, agents, saved.waypoints).ok_or_else(|| {
                DecodeError::Inconsistent("waypoints off the map or out of order".into())
            })?,
            world,
            visibility,
            hero,
            scratch: TurnScratch::new(),
            travel: crate::travel::TravelContext::default(),
        };
        game.check_agents()?;
        game.fit_gear();
        game.fit_eyes();
        game.tell_world_of_draughts();
        game.visibility.restore_sight(&game.world);
        game.rebuild_npc_lists();
        game.note_npcs_in_view();
        match game.loaded_violations().first() {
            Some(problem) => Err(DecodeError::Inconsistent(problem.clone())),
            None => Ok(game),
        }
    }

    /// Every NPC's memory refers to cells of this map and waypoints of this level.
    fn check_agents(&self) -> Result<(), DecodeError> {
        let size = self.world.size();
        let waypoints = self.minds.behaviour.waypoint_count();
        let unsound = self
            .minds
            .agents
            .iter()
            .find(|(_, agent)| !agent.fits(size, waypoints));
        match unsound {
            Some((npc, _)) => Err(DecodeError::Inconsistent(format!(
                "the memory of {npc:?} refers to cells or waypoints the level lacks"
            ))),
            None => Ok(()),
        }
    }
}

/// Where the player last saw each character, as play leaves it: each a character (a row of the
/// world with hit points, never an item's or the ground's), one a cell, on a cell whose memory
/// shows someone. A state edited by hand (and summed again) is refused here, not played.
fn check_sightings(
    world: &crate::world::World,
    visibility: &Visibility,
    sightings: &entity_table::ComponentTable<ICoord>,
) -> Result<(), DecodeError> {
    let mut cells: Vec<ICoord> = Vec::with_capacity(sightings.len());
    for (who, &at) in sightings.iter() {
        if world.hit_points(who).is_none() {
            let why = format!("a sighting at {at} of {who:?}, which is no character");
            return Err(DecodeError::Inconsistent(why));
        }
        if visibility.memory(at).character.is_none() {
            let why = format!("a sighting at {at}, where the memory shows no one");
            return Err(DecodeError::Inconsistent(why));
        }
        cells.push(at);
    }
    cells.sort_unstable_by_key(|at| (at.y, at.x));
    if let Some(pair) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
        let why = format!("two characters remembered at {}", pair[0]);
        return Err(DecodeError::Inconsistent(why));
    }
    Ok(())
}

/// The pack, what is known of items, the boons and the kills by kind fit the tables; the depth
/// is one the dungeon has.
/// More vault rewards than a run could take (a vault a level, and a wizard's descents).
const VAULT_REWARDS_MAX: usize = 1024;

fn check_counts(hero: &Hero, depth: u32) -> Result<(), DecodeError> {
    let fits = hero.pack.is_sound()
        && hero.lore.is_sound()
        && hero.kills.len() == crate::content::NpcKind::all().len()
        && hero.vault_rewards.len() <= VAULT_REWARDS_MAX
        && (1..=crate::balance::FINAL_DEPTH).contains(&depth);
    if !fits {
        return Err(DecodeError::Inconsistent(
            "the pack, the item lore, the kills or the depth do not fit the tables".into(),
        ));
    }
    if !hero.growth.is_sound(depth) {
        return Err(DecodeError::Inconsistent(
            "the boons do not fit the depth reached".into(),
        ));
    }
    Ok(())
}

/// Keeps recording without reallocating during play for a long while.
/// Room for this many recorded actions before the list grows (and so allocates) mid-game.
const ACTIONS_RESERVED: usize = 4096;

pub(super) fn with_room_to_grow(mut actions: Vec<PlayerAction>) -> Vec<PlayerAction> {
    actions.reserve(ACTIONS_RESERVED);
    actions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameOptions;

    /// A game whose player has seen a monster, and the state as saved, its sightings editable.
    fn seen(
        edit: impl FnOnce(&mut Vec<(u32, ICoord)>, &Game, &[entity_table::Entity]),
    ) -> Result<Game, DecodeError> {
        let game = (1..100)
            .map(|seed| {
                let mut game = Game::new(seed, GameOptions::default());
                for _ in 0..20 {
                    game.act(PlayerAction::Wait);
                }
                game
            })
            .find(|game| !game.is_over() && game.visibility.sightings().len() >= 2)
            .expect("a game whose player has seen two characters");
        let (_, entities) = game.world.to_record();
        let mut state = game.state_record();
        edit(&mut state.sightings, &game, &entities);
        let bytes = postcard::to_allocvec(&SavedRef {
            state,
            actions: &game.chronicle.actions,
        })
        .expect("encodes");
        Game::from_state_bytes(&bytes)
    }

    #[test]
    fn sightings_as_play_leaves_them_load() {
        assert!(seen(|_, _, _| ()).is_ok());
    }

    #[test]
    fn a_sighting_of_what_is_no_character_is_refused() {
        let loaded = seen(|sightings, game, entities| {
            let ground = (entities.iter())
                .position(|&e| game.world.hit_points(e).is_none())
                .expect("a row of ground");
            sightings[0].0 = ground as u32;
        });
        assert!(
            matches!(&loaded, Err(DecodeError::Inconsistent(why)) if why.contains("no character")),
            "{:?}",
            loaded.err()
        );
    }

    #[test]
    fn two_characters_remembered_on_one_cell_are_refused() {
        let loaded = seen(|sightings, _, _| sightings[1].1 = sightings[0].1);
        assert!(
            matches!(&loaded, Err(DecodeError::Inconsistent(why)) if why.contains("two characters")),
            "{:?}",
            loaded.err()
        );
    }

    #[test]
    fn a_sighting_where_the_memory_shows_no_one_is_refused() {
        let loaded = seen(|sightings, game, _| {
            let empty = (game.size().icoord_iter_row_major())
                .find(|&at| game.visibility.memory(at).character.is_none())
                .expect("a cell remembered empty");
            sightings[0].1 = empty;
        });
        assert!(
            matches!(&loaded, Err(DecodeError::Inconsistent(why)) if why.contains("shows no one")),
            "{:?}",
            loaded.err()
        );
    }
}
