//! Umbra: a turn-based roguelike. The library holds every rule and both frontends' drawing code;
//! the `umbra` binary only parses the command line and picks a frontend.
//!
//! Data flows one way: `app` (input to actions, state to cells) → `game` (one turn) →
//! `world`, `behaviour`, `visibility`, `terrain`.

pub mod app;
pub mod balance;
pub mod behaviour;
pub mod cli;
pub mod frontend;
pub mod game;
pub mod scenes;
pub mod session;
pub mod storage;
pub mod terrain;
pub mod travel;
pub mod visibility;
pub mod world;

pub use game::{Game, GameOptions, PlayerAction};
