//! Umbra: a turn-based roguelike. The rules are a crate of their own (`umbra_rules`); this
//! library is everything around them: the app (the chargrid component every frontend runs, with
//! every colour, glyph and word), the byte formats of saves and recordings (`storage`), the
//! command line (`cli`) and, with the default `native` feature, the terminal and window
//! frontends and the save's files (`frontend`, `session`). The `umbra` binary only parses the
//! command line and picks a frontend. The browser build (`web/`) uses the library without `native`.
//!
//! Data flows one way: frontend → `app` (input to actions, state to cells) →
//! `umbra_rules::game` (one turn), which the app, `cli` and `storage` import the rules through.

pub mod app;
pub mod cli;
#[cfg(feature = "native")]
pub mod frontend;
#[cfg(feature = "native")]
pub mod session;
pub mod storage;
