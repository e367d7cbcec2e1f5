//! What people who study and tune the rules see and do, offered only when the command line (or
//! the browser's address) asks: views over the map of what the NPCs think, an NPC's whole memory
//! under the look cursor, and the wizard's commands. Without the flags none of their keys does
//! anything and the help does not list them.

pub mod mind;
pub mod overlay;
pub mod wizard;

use chargrid::input::KeyboardInput;

use super::keys::Binding;
pub use overlay::Overlay;

/// Which debugging aids the command line asked for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DebugFlags {
    /// `--debug-overlays`: views over the map and NPCs' memories under the look cursor.
    pub overlays: bool,
    /// `--debug-wizard`: the wizard's commands.
    pub wizard: bool,
}

/// Cycles the views over the map.
pub const OVERLAY_KEY: KeyboardInput = KeyboardInput::Char('v');
/// Opens the wizard's commands.
pub const WIZARD_KEY: KeyboardInput = KeyboardInput::Char('W');

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
