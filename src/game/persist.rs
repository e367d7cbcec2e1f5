//! A game as bytes for the save slot. Only state is written; scratch contexts are rebuilt on
//! load, which gives the same future because they are recomputed from the state each turn.

use entity_table::ComponentTable;
use rand_isaac::Isaac64Rng;
use serde::{Deserialize, Serialize};

use super::{Game, GameOptions, PlayerAction};
use crate::behaviour::{Agent, BehaviourContext};
use crate::storage::LoadError;
use crate::visibility::Visibility;
use crate::world::World;

#[derive(Serialize)]
struct SavedRef<'a> {
    seed: u64,
    options: GameOptions,
    world: &'a World,
    rng: &'a Isaac64Rng,
    visibility: &'a Visibility,
    agents: &'a ComponentTable<Agent>,
    turn: u64,
    actions: &'a [PlayerAction],
}

#[derive(Deserialize)]
struct Saved {
    seed: u64,
    options: GameOptions,
    world: World,
    rng: Isaac64Rng,
    visibility: Visibility,
    agents: ComponentTable<Agent>,
    turn: u64,
    actions: Vec<PlayerAction>,
}

impl Game {
    pub(crate) fn to_save_bytes(&self) -> Vec<u8> {
        let saved = SavedRef {
            seed: self.seed,
            options: self.options,
            world: &self.world,
            rng: &self.rng,
            visibility: &self.visibility,
            agents: &self.agents,
            turn: self.turn,
            actions: &self.actions,
        };
        postcard::to_allocvec(&saved).expect("game state always encodes")
    }

    pub(crate) fn from_save_bytes(bytes: &[u8]) -> Result<Self, LoadError> {
        let saved: Saved =
            postcard::from_bytes(bytes).map_err(|e| LoadError::Invalid(e.to_string()))?;
        saved.world.check_loaded().map_err(LoadError::Invalid)?;
        let size = saved.world.size();
        if saved.visibility.size() != size {
            return Err(LoadError::Invalid("visibility and map sizes differ".into()));
        }
        let remembering = saved
            .agents
            .iter()
            .filter(|(_, agent)| agent.last_sighting.is_some())
            .map(|(npc, _)| npc)
            .collect();
        let mut game = Self {
            seed: saved.seed,
            options: saved.options,
            world: saved.world,
            rng: saved.rng,
            visibility: saved.visibility,
            behaviour: BehaviourContext::new(size),
            agents: saved.agents,
            turn: saved.turn,
            events: Vec::with_capacity(super::EVENTS_PER_TURN_MAX),
            actions: with_room_to_grow(saved.actions),
            remembering,
            awake: Vec::new(),
        };
        game.reserve_npc_lists();
        match game.invariant_violations().first() {
            Some(problem) => Err(LoadError::Invalid(problem.clone())),
            None => Ok(game),
        }
    }
}

/// Keeps recording without reallocating during play for a long while.
pub(super) fn with_room_to_grow(mut actions: Vec<PlayerAction>) -> Vec<PlayerAction> {
    actions.reserve(super::ACTIONS_RESERVED);
    actions
}
