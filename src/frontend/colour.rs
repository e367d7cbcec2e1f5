//! Colours for terminals that cannot show 24-bit colour: the nearest entry of the 256-colour
//! palette or of the 16 ANSI colours.

use chargrid::core::Rgba32;
use crossterm::style::Color;

use crate::cli::ColourMode;

/// The levels of the 6×6×6 colour cube in the 256-colour palette (xterm's values).
const CUBE_LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
/// The 16 ANSI colours as xterm shows them by default, in their palette order.
const ANSI_16: [(u8, u8, u8); 16] = [
    (0, 0, 0),
    (205, 0, 0),
    (0, 205, 0),
    (205, 205, 0),
    (0, 0, 238),
    (205, 0, 205),
    (0, 205, 205),
    (229, 229, 229),
    (127, 127, 127),
    (255, 0, 0),
    (0, 255, 0),
    (255, 255, 0),
    (92, 92, 255),
    (255, 0, 255),
    (0, 255, 255),
    (255, 255, 255),
];

pub fn encode(colour: Rgba32, mode: ColourMode) -> Color {
    let rgb = (colour.r, colour.g, colour.b);
    match mode {
        ColourMode::TrueColour => Color::Rgb {
            r: rgb.0,
            g: rgb.1,
            b: rgb.2,
        },
        ColourMode::Palette256 => Color::AnsiValue(palette_256(rgb)),
        ColourMode::Ansi16 => ansi_16(rgb),
    }
}

fn distance((r, g, b): (u8, u8, u8), (r2, g2, b2): (u8, u8, u8)) -> u32 {
    let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).unsigned_abs().pow(2);
    d(r, r2) + d(g, g2) + d(b, b2)
}

fn nearest_level(value: u8) -> usize {
    (0..CUBE_LEVELS.len())
        .min_by_key(|&i| (i32::from(CUBE_LEVELS[i]) - i32::from(value)).unsigned_abs())
        .unwrap_or(0)
}

/// The nearer of the best colour-cube entry and the best of the 24 greys.
fn palette_256(rgb: (u8, u8, u8)) -> u8 {
    let (r, g, b) = (
        nearest_level(rgb.0),
        nearest_level(rgb.1),
        nearest_level(rgb.2),
    );
    let cube = (CUBE_LEVELS[r], CUBE_LEVELS[g], CUBE_LEVELS[b]);
    let average = (u32::from(rgb.0) + u32::from(rgb.1) + u32::from(rgb.2)) / 3;
    let grey_index = (average.saturating_sub(3) / 10).min(23) as u8;
    let grey = 8 + 10 * grey_index;
    if distance(rgb, (grey, grey, grey)) < distance(rgb, cube) {
        232 + grey_index
    } else {
        16 + 36 * r as u8 + 6 * g as u8 + b as u8
    }
}

fn ansi_16(rgb: (u8, u8, u8)) -> Color {
    let index = (0..ANSI_16.len())
        .min_by_key(|&i| distance(rgb, ANSI_16[i]))
        .unwrap_or(0);
    [
        Color::Black,
        Color::DarkRed,
        Color::DarkGreen,
        Color::DarkYellow,
        Color::DarkBlue,
        Color::DarkMagenta,
        Color::DarkCyan,
        Color::Grey,
        Color::DarkGrey,
        Color::Red,
        Color::Green,
        Color::Yellow,
        Color::Blue,
        Color::Magenta,
        Color::Cyan,
        Color::White,
    ][index]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_256_picks_exact_entries() {
        assert_eq!(palette_256((0, 0, 0)), 16);
        assert_eq!(palette_256((255, 255, 255)), 231);
        assert_eq!(palette_256((255, 0, 0)), 196);
        assert_eq!(palette_256((128, 128, 128)), 244);
    }

    #[test]
    fn ansi_16_picks_the_nearest() {
        assert_eq!(ansi_16((250, 10, 10)), Color::Red);
        assert_eq!(ansi_16((10, 10, 10)), Color::Black);
        assert_eq!(ansi_16((140, 140, 140)), Color::DarkGrey);
    }
}
