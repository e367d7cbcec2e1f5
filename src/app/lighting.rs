//! Light drawn: every cell in view is tinted by the light that reaches it, its colour and its
//! strength (gridbugs' games blend coloured light into glyph and ground the same way), inside
//! the palette's own tint. The rules say how much light a cell has and whose (integers); the
//! colours and the flicker are the app's, and the flicker is cosmetic, drawn from the frame
//! count and the cell, never from the game's dice.

use chargrid::core::Rgba32;

use super::looks;
use umbra_rules::game::{CellLight, LightKind};

/// A cell in view keeps at least this share of its colours however dim its light (in a hundred):
/// a glyph at the rim of the player's light is still read at a glance.
const DIMMEST: u32 = 55;
/// Light from here up draws a cell at its full colours.
const FULL: u32 = 100;
/// How far a light's colour tints what it lights, in a hundred: a warm torch yellows the floor
/// without hiding its own colour.
const TINT: u32 = 30;

/// The colours a cell in view is drawn with under its light, `frame` the frame's count (for the
/// flicker).
pub fn lit_colours(
    light: CellLight,
    (foreground, background): (Rgba32, Rgba32),
    cell: (i32, i32),
    frame: u64,
) -> (Rgba32, Rgba32) {
    let flicker = light.strongest.map_or(0, |kind| looks::light(kind).flicker);
    let wobble = if flicker == 0 {
        0
    } else {
        // A wobble of up to `flicker` in a hundred, changing a few times a second, differing from
        // cell to cell: the torches of a hall do not beat together.
        let tick = frame / 8;
        let noise = (cell.0 as u64)
            .wrapping_mul(73_856_093)
            .wrapping_add((cell.1 as u64).wrapping_mul(19_349_663))
            .wrapping_add(tick.wrapping_mul(83_492_791));
        (noise >> 7) % (u64::from(flicker) + 1)
    } as u32;
    let level = light.level.min(FULL) * (100 - wobble) / 100;
    let share = DIMMEST + (100 - DIMMEST) * level / FULL;
    let colour = tint_colour(light);
    let shade = |c: Rgba32| {
        let tinted = super::palette::blend(c, multiply(c, colour), TINT, 100);
        tinted.saturating_scalar_mul_div(share, 100)
    };
    (shade(foreground), shade(background))
}

/// The light's colour at a cell: the player's own light's and the strongest other light's,
/// mixed by how much of the cell's light each gives.
fn tint_colour(light: CellLight) -> Rgba32 {
    let own = looks::light(LightKind::PLAYERS).colour();
    let Some(other) = light.strongest else {
        return own;
    };
    let rest = light.level.saturating_sub(light.own);
    super::palette::blend(own, looks::light(other).colour(), rest, light.level.max(1))
}

/// A colour as lit by coloured light: each channel scaled by the light's.
fn multiply(colour: Rgba32, light: Rgba32) -> Rgba32 {
    let channel = |a: u8, b: u8| (u16::from(a) * u16::from(b) / 255) as u8;
    Rgba32::new_rgb(
        channel(colour.r, light.r),
        channel(colour.g, light.g),
        channel(colour.b, light.b),
    )
}
