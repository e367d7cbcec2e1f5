//! The palettes a player can choose (`--palette`, the browser's `&palette=`): the default, one
//! of high contrast, and one safe for the common red-green colour deficiencies. A palette is a
//! tint over everything drawn, so every panel and frontend gets it with nothing else knowing.
//! Facts are never told by colour alone in any palette: states in words (sidebar, look) and
//! letters (minds view), allies underlined, health bars by their length, memory by brightness.

use std::sync::LazyLock;

use chargrid::core::{Rgba32, Tint};

use super::looks;
use super::palette as p;
use umbra_rules::game::Ground;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Palette {
    #[default]
    Default,
    /// Brighter text and things in view, darker grounds behind them.
    HighContrast,
    /// Okabe and Ito's hues in place of the reds and greens that carry a fact (health, harm
    /// and gain, allies, the minds view), told apart by protanopes and deuteranopes.
    ColourBlind,
}

impl Palette {
    pub const ALL: [Self; 3] = [Self::Default, Self::HighContrast, Self::ColourBlind];

    /// Its name on the command line and in the browser's address.
    pub fn name(self) -> &'static str {
        match self {
            Self::Default => "default",
            Self::HighContrast => "high-contrast",
            Self::ColourBlind => "colour-blind",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "color-blind" => Some(Self::ColourBlind),
            _ => Self::ALL.into_iter().find(|palette| palette.name() == name),
        }
    }
}

impl Tint for Palette {
    fn tint(&self, colour: Rgba32) -> Rgba32 {
        match self {
            Self::Default => colour,
            Self::HighContrast => high_contrast(colour),
            Self::ColourBlind => colour_blind(colour),
        }
    }
}

const fn rgb(r: u8, g: u8, b: u8) -> Rgba32 {
    Rgba32::new_rgb(r, g, b)
}

/// Okabe and Ito's colours (2008) for the facts that red and green told.
const COLOUR_BLIND: &[(Rgba32, Rgba32)] = &[
    (p::HEALTH_HIGH, rgb(0, 114, 178)),
    (p::HEALTH_MEDIUM, rgb(230, 159, 0)),
    (p::HEALTH_LOW, rgb(213, 94, 0)),
    (p::DANGER, rgb(240, 120, 40)),
    (p::GOOD, rgb(86, 180, 233)),
    (p::ALLY_BACKGROUND, rgb(0, 55, 100)),
    (p::MIND_WANDERING, rgb(0, 110, 80)),
    (p::MIND_HUNTING, rgb(170, 75, 0)),
    (p::MIND_SEARCHING, rgb(150, 140, 30)),
    (p::MIND_FLEEING, rgb(120, 60, 100)),
    (p::CORPSE, rgb(170, 90, 30)),
];

/// Grounds dark enough that what stands on them stays readable once brightened, and memory a
/// blue still far dimmer than ground in view.
const HIGH_CONTRAST: &[(Rgba32, Rgba32)] = &[
    (p::TEXT, rgb(255, 255, 255)),
    (p::FAINT_TEXT, rgb(205, 205, 205)),
    (p::REMEMBERED, rgb(90, 110, 255)),
    (p::REMEMBERED_WALL_BACKGROUND, rgb(0, 0, 30)),
    (p::PANEL_BACKGROUND, rgb(0, 0, 80)),
    (p::CURSOR, rgb(0, 45, 120)),
    (p::AIM_PATH, rgb(75, 58, 0)),
    (p::AIM_AREA, rgb(130, 30, 0)),
    (p::ALLY_BACKGROUND, rgb(0, 70, 30)),
    (p::MIND_ASLEEP, rgb(60, 60, 60)),
    (p::MIND_WANDERING, rgb(0, 90, 0)),
    (p::MIND_HUNTING, rgb(130, 0, 0)),
    (p::MIND_SEARCHING, rgb(110, 100, 0)),
    (p::MIND_FLEEING, rgb(20, 40, 150)),
];

/// The same for the ground's colours, which its table gives (`content/ground.ron`): floor bright
/// enough to read, deep water and an altar's glow dark enough to read what is on them.
static HIGH_CONTRAST_GROUND: LazyLock<Vec<(Rgba32, Rgba32)>> = LazyLock::new(|| {
    let background = |ground| looks::ground(ground).background();
    [
        (
            Some(looks::ground(Ground::FLOOR).colour()),
            rgb(190, 190, 205),
        ),
        (background(Ground::DEEP_WATER), rgb(0, 20, 90)),
        (background(Ground::ALTAR), rgb(90, 70, 0)),
    ]
    .into_iter()
    .filter_map(|(from, to)| Some((from?, to)))
    .collect()
});

fn replaced(table: &[(Rgba32, Rgba32)], colour: Rgba32) -> Option<Rgba32> {
    table
        .iter()
        .find(|(from, _)| *from == colour)
        .map(|&(_, to)| to)
}

fn colour_blind(colour: Rgba32) -> Rgba32 {
    replaced(COLOUR_BLIND, colour).unwrap_or(colour)
}

/// Colours the table does not name: a bright one (a glyph, text) brought to full brightness,
/// a dark one (a ground) darker still.
fn high_contrast(colour: Rgba32) -> Rgba32 {
    if let Some(to) = replaced(HIGH_CONTRAST, colour).or(replaced(&HIGH_CONTRAST_GROUND, colour)) {
        return to;
    }
    let brightest = colour.r.max(colour.g).max(colour.b);
    if brightest >= 100 {
        colour.saturating_scalar_mul_div(255, u32::from(brightest))
    } else {
        colour.saturating_scalar_mul_div(3, 5)
    }
}
