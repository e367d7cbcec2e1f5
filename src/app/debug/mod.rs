//! What people who study and tune the rules see and do, offered only when the command line (or
//! the browser's address) asks: views over the map of what the NPCs think, an NPC's whole memory
//! under the look cursor, and the wizard's commands. Without the flags none of their keys does
//! anything and the help does not list them.

pub mod mind;
pub mod overlay;
pub mod wizard;

use super::debug_aids::DebugFlags;
use super::keys::Binding;

/// The help's rows for the aids asked for, after the game's own.
pub fn bindings(flags: DebugFlags) -> Vec<Binding> {
    let mut rows = Vec::new();
    if flags.overlays {
        rows.push(Binding {
            label: "v",
            help: "debug: next view over the map (distances, safety, minds, noises, sight, none); \
                   x on an NPC tells its whole memory",
        });
    }
    if flags.wizard {
        rows.push(Binding {
            label: "W",
            help: "wizard: descend, teleport, spawn, give, heal, reveal, sleep (no high score)",
        });
    }
    rows
}
