//! Fire and gas drawn over the map: flames that flicker (from the frame count and the cell, the
//! app's own noise, never the game's dice) on a glowing ground, and gas tinting the ground under
//! it by its kind's colour and its amount. Only where the player sees now: fire and gas move
//! too fast to be remembered.

use chargrid::core::{ICoord, RenderCell, Rgba32};

use super::{looks, palette};
use umbra_rules::game::{CellView, Game};

/// The glyph of a flame.
const FLAME: char = '^';

/// `cell` as drawn with the fire and gas on it.
pub fn over(
    game: &Game,
    coord: ICoord,
    view: &CellView,
    cell: RenderCell,
    frame: u64,
) -> RenderCell {
    let mut cell = cell;
    if let Some((gas, volume)) = game.level().gas_in_view(coord) {
        let background = cell.background().unwrap_or(palette::BACKGROUND);
        let share = palette::GAS_TINT_MOST * u32::from(volume).min(palette::GAS_FULL_TINT_AT)
            / palette::GAS_FULL_TINT_AT;
        cell = cell.with_background(palette::blend(
            background,
            looks::gas(gas).look.colour(),
            share,
            100,
        ));
    }
    if game.level().fire_in_view(coord).is_some() {
        let flame = flame_colour(coord, frame);
        cell = cell.with_background(palette::blend(palette::FIRE_BACKGROUND, flame, 1, 4));
        if view.tiles.character.is_none() {
            cell = cell.with_character(FLAME).with_foreground(flame);
        }
    }
    cell
}

/// A flame's colour this frame: changing a few times a second, differing from cell to cell.
fn flame_colour(coord: ICoord, frame: u64) -> Rgba32 {
    let tick = frame / 4;
    let noise = (coord.x as u64)
        .wrapping_mul(2_654_435_761)
        .wrapping_add((coord.y as u64).wrapping_mul(40_503))
        .wrapping_add(tick.wrapping_mul(2_246_822_519));
    palette::FLAMES[((noise >> 11) % palette::FLAMES.len() as u64) as usize]
}
