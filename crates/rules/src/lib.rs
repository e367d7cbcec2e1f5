//! Umbra's rules: everything that decides play, and nothing that shows it.
//!
//! Data flows one way, from the top of this list to the bottom:
//! `game` (one turn: the player's action, every NPC's, the field of view; the API frontends,
//! tests and benchmarks use) → `travel` (routes over what the player remembers) → `behaviour`
//! (what NPCs decide) → `visibility` (what the player sees and remembers) → `world` (entities,
//! moving, fighting, dying) → `terrain` (levels, generated or drawn in ASCII) → `content` (the
//! kinds of monster, item and ground, and the level profiles) → `balance` (every number, with
//! its reason).
//!
//! No module here touches rendering, input, files, clocks or words: the app (the `umbra`
//! package) turns the game's state and events into cells and sentences, and the edges keep the
//! bytes. The app reads the rules through [`game`] alone, which re-exports the vocabulary it draws.

pub mod balance;
pub mod behaviour;
pub mod content;
pub mod game;
pub mod terrain;
pub mod travel;
#[cfg(feature = "testing")]
pub mod turn_floor;
pub mod visibility;
pub mod world;

pub use game::{Game, GameOptions, PlayerAction};
