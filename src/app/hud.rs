//! Below the map: the status line, then the newest messages.

use chargrid::core::{Ctx, FrameBuffer, ICoord, Rgba32};

use super::layout::LOG_LINES;
use super::messages::{MessageLog, Tone};
use super::palette;
use super::{draw, words};
use umbra_rules::game::Game;

const HEALTH_BAR_WIDTH: u32 = 20;

pub fn tone_colour(tone: Tone) -> Rgba32 {
    match tone {
        Tone::Normal => palette::TEXT,
        Tone::Danger => palette::DANGER,
        Tone::Good => palette::GOOD,
    }
}

/// Draws the HUD with its first row at `top`.
/// `replay` describes playback progress when a recording is being watched.
pub fn render(
    game: &Game,
    log: &MessageLog,
    replay: Option<&str>,
    ctx: Ctx,
    fb: &mut FrameBuffer,
    top: i32,
) {
    render_status(game, replay, ctx, fb, top);
    let shown = log.len().min(LOG_LINES as usize);
    for (row, message) in log.iter().skip(log.len() - shown).enumerate() {
        let coord = ICoord::new(0, top + 1 + row as i32);
        draw::text(fb, ctx, coord, &message.shown(), tone_colour(message.tone));
    }
}

/// The health bar's width: full on a wide screen, half on a narrow one so the numbers after it
/// still fit.
fn health_bar_width(screen_width: u32) -> u32 {
    if screen_width >= 80 {
        HEALTH_BAR_WIDTH
    } else {
        HEALTH_BAR_WIDTH / 2
    }
}

/// The words after the health bar, as long as the room allows: depth and turn always, then
/// what the pack holds, the seed and the hint when they fit. A replay's progress (`watching`) goes before the
/// seed: it is what a viewer watches, and a wizard run's mark leaves no room for both at 100
/// columns.
fn status_words(game: &Game, hint: &str, watching: bool, room: usize) -> String {
    let (depth, turn, seed) = (game.depth(), game.turn(), game.seed());
    let pack = pack_words(game);
    let paces = paces_in_view(game);
    let gear = gear_words(game);
    let glyphs = gear_glyphs(game);
    let allies = match game.ally_count() + game.followers_on_the_way() {
        0 => String::new(),
        count => format!("  Allies {count}"),
    };
    let wizard = game.is_wizard_run();
    let progress_first = watching
        .then(|| format!("Depth {depth}{gear}  {pack}{allies}  Turn {turn}{paces}  {hint}"));
    [
        Some(format!(
            "Depth {depth}{gear}  {pack}{allies}  Turn {turn}{paces}  Seed {seed}  {hint}"
        )),
        progress_first,
        Some(format!(
            "Depth {depth}{gear}  {pack}{allies}  Turn {turn}{paces}  Seed {seed}"
        )),
        Some(format!(
            "Depth {depth}{gear}  {pack}{allies}  Turn {turn}{paces}"
        )),
        // Short of room, the gear in use by its glyphs and levels ("+1) ["), never dropped:
        // what the player fights with is read as often as the turn.
        Some(format!(
            "Depth {depth}{glyphs}  {pack}{allies}  Turn {turn}{paces}"
        )),
        Some(format!("Depth {depth}{glyphs}  {pack}  Turn {turn}")),
        Some(format!("Depth {depth}{glyphs}  Turn {turn}  {pack}")),
        Some(format!("D{depth}{glyphs} T{turn} {pack}")),
        Some(format!("D{depth}{glyphs} T{turn}")),
    ]
    .into_iter()
    .flatten()
    .map(|words| match wizard {
        true => format!("{}  {words}", words::WIZARD_MARK),
        false => words,
    })
    .find(|words| words.chars().count() <= room)
    .unwrap_or_else(|| format!("D{depth} T{turn}"))
}

/// What the pack holds, by the glyphs the map draws them with, gear in use left out: "Pack !2
/// ?1 )5"; "Pack empty" with nothing else carried. It tells at a glance what is left to fight
/// with (Brogue's and DCSS's quivers say as much), where a count of potions told only one class.
fn pack_words(game: &Game) -> String {
    let pack = game.pack();
    let mut counts: Vec<(char, u32)> = Vec::new();
    for (_, stack) in pack
        .stacks()
        .filter(|(_, stack)| !pack.is_in_use(stack.kind))
    {
        let glyph = super::looks::item(stack.kind).look.glyph;
        match counts.iter_mut().find(|(shown, _)| *shown == glyph) {
            Some((_, count)) => *count += stack.count,
            None => counts.push((glyph, stack.count)),
        }
    }
    if counts.is_empty() {
        return "Pack empty".to_string();
    }
    let words: Vec<String> = counts
        .iter()
        .map(|(glyph, count)| format!("{glyph}{count}"))
        .collect();
    format!("Pack {}", words.join(" "))
}

/// What the player has in use: "  war axe, scale mail"; empty with nothing in use.
fn gear_words(game: &Game) -> String {
    let pack = game.pack();
    let names: Vec<&str> = [pack.wielded(), pack.worn()]
        .into_iter()
        .flatten()
        .map(|kind| super::looks::item(kind).name.as_str())
        .collect();
    if names.is_empty() {
        String::new()
    } else {
        format!("  {}", names.join(", "))
    }
}

/// [`gear_words`] by the glyphs the map draws them with, each after its level if it has one:
/// "  +1) ["; empty with nothing in use.
fn gear_glyphs(game: &Game) -> String {
    let pack = game.pack();
    let glyphs: Vec<String> = [pack.wielded(), pack.worn()]
        .into_iter()
        .flatten()
        .map(|kind| {
            let glyph = super::looks::item(kind).look.glyph;
            let level = pack.stack_of(kind).map_or(0, |stack| stack.tuning.enchant);
            match level {
                0 => glyph.to_string(),
                level => format!("+{level}{glyph}"),
            }
        })
        .collect();
    match glyphs.is_empty() {
        true => String::new(),
        false => format!(" {}", glyphs.join(" ")),
    }
}

/// The kinds in view that are not at the player's pace, nearest first, each once: "  fast
/// jackal, slow ogre"; empty when every one in view keeps the player's pace.
fn paces_in_view(game: &Game) -> String {
    let mut kinds = Vec::new();
    for (_, coord) in game.enemies_in_view() {
        if let Some(kind) = game.inhabitants().npc_at(coord).map(|npc| npc.kind)
            && !kinds.contains(&kind)
        {
            kinds.push(kind);
        }
    }
    let words: Vec<String> = kinds
        .into_iter()
        .filter_map(|kind| Some(format!("{} {}", words::pace(kind)?, words::npc_name(kind))))
        .collect();
    if words.is_empty() {
        String::new()
    } else {
        format!("  {}", words.join(", "))
    }
}

fn render_status(game: &Game, replay: Option<&str>, ctx: Ctx, fb: &mut FrameBuffer, row: i32) {
    let screen_width = ctx.bounding_box.size().width();
    let bar_width = health_bar_width(screen_width);
    let hit_points = game.player_hit_points();
    draw::text(fb, ctx, ICoord::new(0, row), "HP", palette::TEXT);
    draw::health_bar(fb, ctx, ICoord::new(3, row), bar_width, hit_points);
    let bar_colour = draw::health_colour(hit_points);
    let numbers = format!("{}/{}", hit_points.current, hit_points.max);
    let numbers_colour = if bar_colour == palette::HEALTH_HIGH {
        palette::TEXT
    } else {
        palette::DANGER
    };
    let after_bar = 4 + bar_width as i32;
    draw::text(
        fb,
        ctx,
        ICoord::new(after_bar, row),
        &numbers,
        numbers_colour,
    );
    let start = after_bar + numbers.len() as i32 + 2;
    let room = (screen_width as i32 - start).max(0) as usize;
    let rest = status_words(game, replay.unwrap_or("? help"), replay.is_some(), room);
    draw::text(fb, ctx, ICoord::new(start, row), &rest, palette::FAINT_TEXT);
}
