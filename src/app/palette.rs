//! Every colour Umbra draws with, but the kinds' own (each monster's, item's and kind of
//! ground's colours are in its entry of the content tables, `content/*.ron`, read by `looks`). Colours sit close to the 16
//! ANSI colours so the HUD stays readable when a terminal can only show those.

use chargrid::core::Rgba32;

pub const BACKGROUND: Rgba32 = Rgba32::new_rgb(0, 0, 0);
pub const PLAYER: Rgba32 = Rgba32::new_rgb(255, 255, 255);
pub const CORPSE: Rgba32 = Rgba32::new_rgb(170, 30, 30);
/// An ally stands on a dark green ground, and is underlined: told from a monster of its kind
/// by more than colour.
pub const ALLY_BACKGROUND: Rgba32 = Rgba32::new_rgb(20, 70, 40);
pub const TEXT: Rgba32 = Rgba32::new_rgb(220, 220, 220);
pub const FAINT_TEXT: Rgba32 = Rgba32::new_rgb(140, 140, 140);
pub const HEADING: Rgba32 = Rgba32::new_rgb(255, 220, 90);
/// Damage to the player, death, and anything else the player must not miss.
pub const DANGER: Rgba32 = Rgba32::new_rgb(255, 80, 80);
pub const GOOD: Rgba32 = Rgba32::new_rgb(100, 230, 100);
/// A monster sensed through walls by telepathy.
pub const SENSED: Rgba32 = Rgba32::new_rgb(230, 110, 230);
pub const PANEL_BACKGROUND: Rgba32 = Rgba32::new_rgb(20, 20, 60);
/// Under the cells within the player's stealth range, when it is shown (`c`): half of it over
/// what is there.
pub const STEALTH_RANGE: Rgba32 = Rgba32::new_rgb(80, 20, 90);
/// Under the cell the look cursor or the mouse points at.
pub const CURSOR: Rgba32 = Rgba32::new_rgb(0, 90, 150);

pub const HEALTH_HIGH: Rgba32 = Rgba32::new_rgb(40, 170, 40);
pub const HEALTH_MEDIUM: Rgba32 = Rgba32::new_rgb(200, 170, 0);
pub const HEALTH_LOW: Rgba32 = Rgba32::new_rgb(200, 30, 30);
pub const HEALTH_EMPTY: Rgba32 = Rgba32::new_rgb(60, 60, 60);

/// Everything remembered but out of view is drawn in this blue, as Brogue draws memory: dim
/// beside what is in view, yet never black on black. Its nearest colours are dark blue among
/// the 16 ANSI colours and (0, 0, 175) in the 256-colour palette, both unlike anything in view.
pub const REMEMBERED: Rgba32 = Rgba32::new_rgb(40, 40, 170);
/// Behind a remembered wall: black where only 16 colours are shown.
pub const REMEMBERED_WALL_BACKGROUND: Rgba32 = Rgba32::new_rgb(15, 15, 40);
/// Behind a game-over or menu panel the map keeps 1/3 of its brightness.
pub const BEHIND_PANEL_DIM: (u32, u32) = (1, 3);

pub fn dim(colour: Rgba32, (numerator, denominator): (u32, u32)) -> Rgba32 {
    colour.saturating_scalar_mul_div(numerator, denominator)
}
/// The cells an aimed item would cross, and the cells a burst would reach.
pub const AIM_PATH: Rgba32 = Rgba32::new_rgb(110, 90, 20);
pub const AIM_AREA: Rgba32 = Rgba32::new_rgb(130, 40, 20);
/// A fireball's flames as it bursts.
pub const BURST: Rgba32 = Rgba32::new_rgb(255, 170, 40);

/// Fire: its flames from dull to bright, chosen a cell at a time by the app's own flicker, and
/// the ground glowing under them.
pub const FLAMES: [Rgba32; 3] = [
    Rgba32::new_rgb(230, 60, 20),
    Rgba32::new_rgb(255, 140, 30),
    Rgba32::new_rgb(255, 220, 80),
];
pub const FIRE_BACKGROUND: Rgba32 = Rgba32::new_rgb(110, 25, 0);
/// A cloud of gas tints the ground under it by its kind's colour up to this share (in a
/// hundred), reached at [`GAS_FULL_TINT_AT`] volume.
pub const GAS_TINT_MOST: u32 = 65;
pub const GAS_FULL_TINT_AT: u32 = 30;

/// The debug views' heat scale, from near (or exposed) to far (or safe).
pub const HEAT_NEAR: Rgba32 = Rgba32::new_rgb(150, 30, 20);
pub const HEAT_FAR: Rgba32 = Rgba32::new_rgb(20, 40, 150);
/// An NPC's state behind it in the minds view.
pub const MIND_ASLEEP: Rgba32 = Rgba32::new_rgb(70, 70, 70);
pub const MIND_WANDERING: Rgba32 = Rgba32::new_rgb(30, 110, 30);
pub const MIND_HUNTING: Rgba32 = Rgba32::new_rgb(160, 20, 20);
pub const MIND_SEARCHING: Rgba32 = Rgba32::new_rgb(150, 130, 0);
pub const MIND_FLEEING: Rgba32 = Rgba32::new_rgb(30, 60, 170);
/// What a noise reached: a fight, a shout, a trap's alarm.
pub const NOISE_FIGHT: Rgba32 = Rgba32::new_rgb(120, 60, 0);
pub const NOISE_SHOUT: Rgba32 = Rgba32::new_rgb(90, 30, 110);
pub const NOISE_ALARM: Rgba32 = Rgba32::new_rgb(110, 100, 0);
/// The wiring view: each machine's cells in a colour of its own (by its index on the level,
/// round again past the last), and the traps'.
pub const WIRING: [Rgba32; 4] = [
    Rgba32::new_rgb(20, 90, 120),
    Rgba32::new_rgb(110, 60, 130),
    Rgba32::new_rgb(40, 110, 50),
    Rgba32::new_rgb(130, 90, 20),
];
pub const WIRING_TRAP: Rgba32 = Rgba32::new_rgb(140, 30, 30);
/// The light view: full light.
pub const LIGHT_FULL: Rgba32 = Rgba32::new_rgb(200, 180, 40);
/// The sight view: in view, remembered, never seen.
pub const SIGHT_IN_VIEW: Rgba32 = Rgba32::new_rgb(90, 80, 10);
pub const SIGHT_REMEMBERED: Rgba32 = Rgba32::new_rgb(15, 30, 80);
pub const SIGHT_NEVER: Rgba32 = Rgba32::new_rgb(60, 0, 0);

/// The colour `part` of the way from `from` to `to`, `whole` being all the way.
pub fn blend(from: Rgba32, to: Rgba32, part: u32, whole: u32) -> Rgba32 {
    let whole = whole.max(1);
    let part = part.min(whole);
    let mix = |a: u8, b: u8| ((u32::from(a) * (whole - part) + u32::from(b) * part) / whole) as u8;
    Rgba32::new_rgb(mix(from.r, to.r), mix(from.g, to.g), mix(from.b, to.b))
}
