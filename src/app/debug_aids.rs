//! Which debugging aids the command line (or the browser's address) asked for, the view drawn
//! over the map, and the keys that work them: the state the app keeps of them, below both the
//! app that keeps it and the aids themselves (`debug`), which draw and word it.

use chargrid::input::KeyboardInput;

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

/// Which view is drawn over the map (`debug::overlay` draws it and words its legend).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Overlay {
    #[default]
    Off,
    Distance,
    Safety,
    Minds,
    Noises,
    Sight,
    Light,
    Stealth,
    Gas,
    Wiring,
}

impl Overlay {
    pub fn next(self) -> Self {
        match self {
            Self::Off => Self::Distance,
            Self::Distance => Self::Safety,
            Self::Safety => Self::Minds,
            Self::Minds => Self::Noises,
            Self::Noises => Self::Sight,
            Self::Sight => Self::Light,
            Self::Light => Self::Stealth,
            Self::Stealth => Self::Gas,
            Self::Gas => Self::Wiring,
            Self::Wiring => Self::Off,
        }
    }
}
