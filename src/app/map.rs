//! The dungeon as the player knows it: live in view, dimmed in memory, blank where never seen.

use chargrid::core::{Ctx, FrameBuffer, ICoord, RenderCell, Rgba32, UCoord};

use super::layout::view_size;
use super::{lighting, looks, palette, surface};
use umbra_rules::game::{CellView, CellVisibility, Game, Ground, Omniscience, Tile};

/// The map cell drawn at the view's top-left corner: the view follows the player and stops at
/// the map's edges.
fn camera_offset(game: &Game, view_size: UCoord) -> ICoord {
    let axis = |player: i32, view: u32, map: u32| {
        let max = map.saturating_sub(view) as i32;
        (player - view as i32 / 2).clamp(0, max)
    };
    let player = game.player_coord();
    let map = game.size();
    ICoord::new(
        axis(player.x, view_size.width(), map.width()),
        axis(player.y, view_size.height(), map.height()),
    )
}

/// The map cell shown at `on_screen`, if the map is drawn there.
pub fn map_coord(game: &Game, screen: UCoord, on_screen: ICoord) -> Option<ICoord> {
    let view = view_size(screen);
    let cell = on_screen + camera_offset(game, view);
    (on_screen.is_valid(view) && cell.is_valid(game.size())).then_some(cell)
}

/// Where the map cell `cell` is drawn on a screen of this size, if it is.
pub fn screen_coord(game: &Game, screen: UCoord, cell: ICoord) -> Option<ICoord> {
    let view = view_size(screen);
    let on_screen = cell - camera_offset(game, view);
    (on_screen.is_valid(view) && cell.is_valid(game.size())).then_some(on_screen)
}

/// How the map is drawn this frame.
#[derive(Debug, Clone, Copy)]
pub struct Drawing {
    /// Dims it under a notice.
    pub behind_panel: bool,
    /// Tints what is in view by its light (not in the high-contrast palette, which keeps every
    /// glyph at full contrast; its words still say what is lit).
    pub light: bool,
    /// The frame's count, for the light's flicker.
    pub frame: u64,
    /// Marks the cells within the player's stealth range.
    pub stealth: bool,
}

/// Draws the map into the top `view_size` cells.
pub fn render(game: &Game, ctx: Ctx, fb: &mut FrameBuffer, view_size: UCoord, drawing: Drawing) {
    let offset = camera_offset(game, view_size);
    let omniscient = game.options().omniscience == Omniscience::On;
    let player = game.player_coord();
    let stealth = drawing.stealth.then(|| game.stealth_range());
    for screen_coord in view_size.icoord_iter_row_major() {
        let coord = screen_coord + offset;
        let view = game.level().cell_view(coord);
        let light = (drawing.light && view.visibility == CellVisibility::Visible)
            .then(|| game.level().cell_light(coord));
        let sensed = game.sensed_at(coord).map(|kind| {
            // Sensed through walls by telepathy: the monster's glyph in the mind's colour.
            RenderCell::BLANK
                .with_character(looks::npc(kind).look.glyph)
                .with_foreground(palette::SENSED)
                .with_background(palette::BACKGROUND)
        });
        if let Some(mut cell) =
            sensed.or_else(|| render_cell(&view, drawing.behind_panel, omniscient))
        {
            if let Some(light) = light {
                let colours = (
                    cell.foreground().unwrap_or(palette::BACKGROUND),
                    cell.background().unwrap_or(palette::BACKGROUND),
                );
                let (foreground, background) =
                    lighting::lit_colours(light, colours, (coord.x, coord.y), drawing.frame);
                cell = cell.with_foreground(foreground).with_background(background);
            }
            if view.visibility == CellVisibility::Visible && !drawing.behind_panel {
                cell = surface::over(game, coord, &view, cell, drawing.frame);
            }
            let within = |range: u32| (coord - player).manhattan_magnitude() <= range;
            if stealth.is_some_and(within) && !drawing.behind_panel {
                let background = cell.background().unwrap_or(palette::BACKGROUND);
                cell =
                    cell.with_background(palette::blend(background, palette::STEALTH_RANGE, 1, 2));
            }
            fb.set_cell_relative_to_ctx(ctx, screen_coord, 0, cell);
        }
    }
}

/// What a cell shows: a character over an item over a corpse over the ground. The player is
/// never remembered where it no longer stands (it left in a blink, or was teleported).
fn top_tile(view: &CellView) -> Option<Tile> {
    let tiles = &view.tiles;
    let remembered_self =
        tiles.character == Some(Tile::Player) && view.visibility != CellVisibility::Visible;
    tiles
        .character
        .filter(|_| !remembered_self)
        .or(tiles.item)
        .or(tiles.corpse)
        .or(tiles.feature)
        .or(tiles.floor)
}

/// The glyph the map shows for a cell as the player knows it; blank where never seen.
pub fn glyph(view: &CellView) -> char {
    top_tile(view).map_or(' ', |tile| look(tile).0)
}

/// The topmost layer's glyph: in its own colours if in view, in the colours of memory if only
/// remembered.
fn render_cell(view: &CellView, behind_panel: bool, omniscient: bool) -> Option<RenderCell> {
    let tile = top_tile(view)?;
    let (mut character, mut foreground, mut background) = look(tile);
    if let (true, Tile::Ground(ground)) = (omniscient, tile)
        && let Some(revealed) = looks::ground(ground).revealed
    {
        // The debugging eye sees what a search would find.
        let (r, g, b) = revealed.colour;
        (character, foreground) = (revealed.glyph, Rgba32::new_rgb(r, g, b));
    }
    // What lies or stands on ground that shows under it (an altar's glow, a cage's bars) is
    // drawn on that ground's background.
    let under = [view.tiles.feature, view.tiles.floor]
        .into_iter()
        .flatten()
        .find_map(|tile| match tile {
            Tile::Ground(ground) if looks::ground(ground).shows_under => {
                looks::ground(ground).background()
            }
            _ => None,
        });
    if let Some(under) = under {
        background = under;
    }
    if view.visibility != CellVisibility::Visible {
        foreground = palette::REMEMBERED;
        if matches!(tile, Tile::Ground(ground) if looks::ground(ground).solid_in_memory) {
            background = palette::REMEMBERED_WALL_BACKGROUND;
        }
    }
    let dim = |colour: Rgba32| {
        if behind_panel {
            palette::dim(colour, palette::BEHIND_PANEL_DIM)
        } else {
            colour
        }
    };
    Some(
        RenderCell::BLANK
            .with_character(character)
            .with_foreground(dim(foreground))
            .with_background(dim(background))
            .with_bold(tile == Tile::Player)
            .with_underline(matches!(tile, Tile::Ally(_))),
    )
}

fn look(tile: Tile) -> (char, Rgba32, Rgba32) {
    match tile {
        Tile::Player => ('@', palette::PLAYER, palette::BACKGROUND),
        Tile::Npc(kind) => {
            let npc = looks::npc(kind);
            (npc.look.glyph, npc.colour(), palette::BACKGROUND)
        }
        Tile::Ally(kind) => {
            let npc = looks::npc(kind);
            (npc.look.glyph, npc.colour(), palette::ALLY_BACKGROUND)
        }
        // A captive stands in the grey of the cages.
        Tile::Captive(kind) => {
            let npc = looks::npc(kind);
            let cage = looks::ground(Ground::CAGE).background();
            (
                npc.look.glyph,
                npc.colour(),
                cage.unwrap_or(palette::BACKGROUND),
            )
        }
        Tile::Ground(ground) => {
            let look = looks::ground(ground);
            let background = look.background().unwrap_or(palette::BACKGROUND);
            (look.glyph, look.colour(), background)
        }
        Tile::Corpse => ('%', palette::CORPSE, palette::BACKGROUND),
        Tile::Item(kind) => {
            let item = looks::item(kind);
            (item.look.glyph, item.colour(), palette::BACKGROUND)
        }
    }
}
