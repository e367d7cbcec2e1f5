//! Umbra: a turn-based roguelike. The library holds every rule, the app (the chargrid component
//! every frontend runs) and, with the default `native` feature, the terminal and window
//! frontends and the save's files; the `umbra` binary only parses the command line and picks a
//! frontend. The browser build (`web/`) uses the library without `native`.
//!
//! Data flows one way: `app` (input to actions, state to cells) → `game` (one turn) →
//! `world`, `behaviour`, `visibility`, `terrain`.

pub mod app;
pub mod balance;
pub mod behaviour;
pub mod cli;
#[cfg(feature = "native")]
pub mod frontend;
pub mod game;
#[cfg(feature = "native")]
pub mod session;
pub mod storage;
pub mod terrain;
pub mod travel;
pub mod visibility;
pub mod world;

pub use game::{Game, GameOptions, PlayerAction};
