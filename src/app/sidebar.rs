//! Brogue's sidebar beside the map: the player (health, gear in use, boons), then every
//! character in view, nearest first, with a health bar and its state in words, then the items
//! in view. A fight can be read from it without looking for glyphs on the map. Screens too
//! narrow for it and a readable map fold it away (see `layout::sidebar_width`).

use chargrid::core::{Ctx, FrameBuffer, ICoord, UCoord};

use super::{bestiary_words, draw, layout, looks, palette, words};
use umbra_rules::game::{
    Boon, CellVisibility, Draught, Game, HitPoints, ItemClass, NpcInfo, NpcState, Reason, Side,
};

/// The health bar under a character's name; the state's word follows it on the same row.
const BAR_WIDTH: u32 = 8;

/// One thing the sidebar lists, with the map cell it stands for (none for the player's own
/// lines), so pointing at it can mark the cell and pointing at the cell can mark it.
struct Entry {
    cell: Option<ICoord>,
    lines: Vec<Row>,
}

enum Row {
    Text(String, chargrid::core::Rgba32),
    /// A health bar and the words after it.
    Bar(HitPoints, String),
}

/// The characters in view, nearest first (the player excluded): allies, captives and
/// monsters alike, each with the cell it stands on.
fn characters_in_view(game: &Game) -> Vec<NpcInfo> {
    let player = game.player_coord();
    let mut seen: Vec<_> = game
        .inhabitants()
        .npcs()
        .filter(|npc| {
            let view = game.level().cell_view(npc.coord);
            view.visibility == CellVisibility::Visible && view.tiles.character.is_some()
        })
        .collect();
    seen.sort_by_key(|npc| (npc.coord.distance2(player), npc.coord.y, npc.coord.x));
    seen
}

/// The items lying in view within the map's view, nearest first.
fn items_in_view(game: &Game, screen: UCoord) -> Vec<(ICoord, String)> {
    let player = game.player_coord();
    let view = layout::view_size(screen);
    let mut items: Vec<_> = view
        .icoord_iter_row_major()
        .filter_map(|on_screen| super::map::map_coord(game, screen, on_screen))
        .filter_map(|cell| {
            let lying = game.item_at(cell)?;
            let name = super::item_names::item_words(game.item_name(lying.kind), lying.count);
            let glyph = looks::item(lying.kind).look.glyph;
            Some((cell, format!("{glyph} {name}")))
        })
        .collect();
    items.sort_by_key(|(cell, _)| cell.distance2(player));
    items
}

/// A character's state in a word or two: what Brogue's sidebar says under its name. A monster's
/// says what it knows of the player: asleep, unaware (wandering or on guard: a blow from the
/// dark catches it), searching (it heard something and is on its guard: no blow catches it from
/// the dark), sees you (noticed you this turn), hunting.
/// Each fits beside the bar in the sidebar's width.
fn state_words(game: &Game, coord: ICoord, side: Side) -> String {
    let Some(agent) = game.inhabitants().agent_at(coord) else {
        return String::new();
    };
    let ally = side == Side::Hero;
    let just_now = agent.last_transition.turn == game.turn()
        && matches!(
            agent.last_transition.reason,
            Reason::NoticedPlayer | Reason::SawPlayer | Reason::SawEnemy
        );
    let npc = game.inhabitants().npc_at(coord);
    let burning = npc.is_some_and(|npc| game.inhabitants().is_burning(npc.id));
    let condition = npc.map(|npc| game.inhabitants().npc_condition(npc.id));
    let state = match agent.state {
        _ if burning => "burning",
        _ if agent.confused_for > 0 => "confused",
        _ if agent.slowed_for > 0 => "slowed",
        _ if condition.is_some_and(|c| c.held_for > 0) => "webbed",
        _ if condition.is_some_and(|c| c.submerged) => "submerged",
        _ if condition.is_some_and(|c| c.unseen) => "invisible",
        _ if condition.is_some_and(|c| c.hasted_for > 0) => "hasted",
        NpcState::Asleep => "asleep",
        NpcState::Wandering { .. } | NpcState::Guarding { .. } => "unaware",
        NpcState::Hunting if ally => "fighting",
        NpcState::Hunting if just_now => "sees you",
        NpcState::Hunting => "hunting",
        NpcState::Searching { .. } => "searching",
        NpcState::Fleeing => "fleeing",
        NpcState::Captive => "captive",
        NpcState::Following => "following",
    };
    state.to_string()
}

fn player_entry(game: &Game) -> Entry {
    let mut lines = vec![
        Row::Text("@ You".to_string(), palette::PLAYER),
        Row::Bar(game.player_hit_points(), String::new()),
        Row::Text(
            format!("  {}", words::standing_words(game)),
            palette::FAINT_TEXT,
        ),
        Row::Text(
            format!("  stealth {}", game.stealth_range()),
            palette::FAINT_TEXT,
        ),
    ];
    // What fire or gas is doing to the player, under its light: it must not be missed.
    for (plight, now) in [
        ("burning", game.player_is_burning()),
        ("confused", game.player_confused_for() > 0),
        ("webbed", game.player_held_for() > 0),
    ] {
        if now {
            lines.push(Row::Text(format!("  {plight}"), palette::DANGER));
        }
    }
    // What a potion does for the player, with the turns it has left.
    let draughts = game.draughts();
    for (state, word) in [
        (Draught::Levitation, "levitating"),
        (Draught::Telepathy, "telepathic"),
        (Draught::Haste, "hasted"),
        (Draught::FireImmunity, "fireproof"),
    ] {
        let left = draughts.turns(state);
        if left > 0 {
            lines.push(Row::Text(format!("  {word} {left}"), palette::GOOD));
        }
    }
    // What the player holds ready: weapon, armour, rings, then staffs and wands with charges.
    let pack = game.pack();
    let ready = pack.stacks().filter(|&(_, stack)| {
        pack.is_in_use(stack.kind)
            || matches!(
                stack.kind.rules().use_.class(),
                ItemClass::Staff | ItemClass::Wand
            )
    });
    let width = layout::SIDEBAR_WIDTH as usize - 3;
    for (_, stack) in ready {
        for line in draw::wrap(&words::stack_words(game, stack), width) {
            lines.push(Row::Text(format!("  {line}"), palette::FAINT_TEXT));
        }
    }
    let chosen: Vec<String> = Boon::ALL
        .iter()
        .filter_map(|&boon| match game.boon_count(boon) {
            0 => None,
            1 => Some(words::boon_words(boon).0.to_string()),
            count => Some(format!("{} {count}", words::boon_words(boon).0)),
        })
        .collect();
    if !chosen.is_empty() {
        // Indented under the name, wrapped to the sidebar's width rather than cut.
        let width = layout::SIDEBAR_WIDTH as usize - 3;
        for line in draw::wrap(&chosen.join(", "), width) {
            lines.push(Row::Text(format!("  {line}"), palette::FAINT_TEXT));
        }
    }
    Entry { cell: None, lines }
}

/// `text` in rows of the sidebar's width, `indent` cells in, each row after the first two more:
/// a name or a line a player must read is wrapped, never cut ("a captive goblin" over
/// "  shaman", not "a captive goblin sh").
fn wrapped(text: &str, colour: chargrid::core::Rgba32, indent: usize, lines: &mut Vec<Row>) {
    let width = layout::SIDEBAR_WIDTH as usize - 3 - indent;
    for (i, line) in draw::wrap(text, width).into_iter().enumerate() {
        let margin = indent + if i == 0 { 0 } else { 2 };
        lines.push(Row::Text(format!("{:margin$}{line}", ""), colour));
    }
}

fn character_entry(game: &Game, npc: &NpcInfo) -> Entry {
    let look = looks::npc(npc.kind);
    let name = words::npc_name(npc.kind);
    let mut heading = match npc.side {
        Side::Hero => format!("{} your {name}", look.look.glyph),
        Side::Captive => format!("{} captive {name}", look.look.glyph),
        Side::Dungeon => format!("{} {name}", look.look.glyph),
    };
    if let Some(pace) = words::pace(npc.kind) {
        heading.push_str(&format!(" ({pace})"));
    }
    let mut lines = Vec::new();
    wrapped(&heading, look.colour(), 0, &mut lines);
    lines.push(Row::Bar(
        npc.hit_points,
        state_words(game, npc.coord, npc.side),
    ));
    // What it ran off with, and what an ally learned: worth a line of their own.
    let condition = game.inhabitants().npc_condition(npc.id);
    if let Some(item) = condition.carrying {
        let carried = format!("has {}", super::item_names::item_words(item, 1));
        wrapped(&carried, palette::DANGER, 2, &mut lines);
    }
    if let Some(ability) = condition.learned {
        let learned = format!("knows {}", bestiary_words::ability_words(ability));
        wrapped(&learned, palette::GOOD, 2, &mut lines);
    }
    Entry {
        cell: Some(npc.coord),
        lines,
    }
}

/// Everything the sidebar lists, in order, on a screen of this size.
fn entries(game: &Game, screen: UCoord) -> Vec<Entry> {
    let mut entries = vec![player_entry(game)];
    for npc in characters_in_view(game) {
        entries.push(character_entry(game, &npc));
    }
    let items = items_in_view(game, screen);
    if !items.is_empty() {
        entries.push(Entry {
            cell: None,
            lines: vec![Row::Text("Items in view".to_string(), palette::HEADING)],
        });
    }
    for (cell, words) in items {
        let mut lines = Vec::new();
        wrapped(&words, palette::TEXT, 0, &mut lines);
        entries.push(Entry {
            cell: Some(cell),
            lines,
        });
    }
    entries
}

/// Each entry with the screen row it begins on; entries that do not fit are left off, and the
/// last row that fits says how many.
fn placed(game: &Game, screen: UCoord) -> (Vec<(i32, Entry)>, usize) {
    let rows = layout::view_size(screen).height() as i32;
    let mut row = 0;
    let mut placed = Vec::new();
    let mut all = entries(game, screen).into_iter();
    for entry in all.by_ref() {
        // A blank row between entries; one kept free at the bottom for "and N more".
        let needed = entry.lines.len() as i32;
        if row + needed > rows - 1 {
            let left = 1 + all.count();
            return (placed, left);
        }
        let top = row;
        row += needed + 1;
        placed.push((top, entry));
    }
    (placed, 0)
}

/// The map cell listed at `on_screen`, if the sidebar lists one there.
pub fn cell_at(game: &Game, screen: UCoord, on_screen: ICoord) -> Option<ICoord> {
    let left = layout::sidebar_left(screen, game.size().width())?;
    if on_screen.x < left {
        return None;
    }
    let (placed, _) = placed(game, screen);
    placed.into_iter().find_map(|(top, entry)| {
        let rows = top..top + entry.lines.len() as i32;
        entry.cell.filter(|_| rows.contains(&on_screen.y))
    })
}

/// Draws the sidebar to the right of the map; `focus` is the cell the look cursor or the
/// mouse points at, whose entry is marked.
pub fn render(game: &Game, ctx: Ctx, fb: &mut FrameBuffer, focus: Option<ICoord>) {
    let screen = ctx.bounding_box.size();
    let Some(left) = layout::sidebar_left(screen, game.size().width()) else {
        return;
    };
    let width = (left + layout::SIDEBAR_WIDTH as i32).min(screen.width() as i32) - left - 1;
    let (placed, left_off) = placed(game, screen);
    for (top, entry) in &placed {
        let marked = entry.cell.is_some() && entry.cell == focus;
        for (i, line) in entry.lines.iter().enumerate() {
            let at = ICoord::new(left + 1, top + i as i32);
            if marked {
                for x in 0..width {
                    draw::highlight(fb, ctx, at + ICoord::new(x, 0), palette::CURSOR);
                }
            }
            render_row(fb, ctx, at, width as usize, line);
        }
    }
    if left_off > 0 {
        let row = layout::view_size(screen).height() as i32 - 1;
        let words = format!("and {left_off} more");
        draw::text(
            fb,
            ctx,
            ICoord::new(left + 1, row),
            &words,
            palette::FAINT_TEXT,
        );
    }
}

fn render_row(fb: &mut FrameBuffer, ctx: Ctx, at: ICoord, width: usize, row: &Row) {
    match row {
        Row::Text(words, colour) => {
            let cut: String = words.chars().take(width).collect();
            draw::text(fb, ctx, at, &cut, *colour);
        }
        Row::Bar(hit_points, state) => {
            draw::health_bar(fb, ctx, at, BAR_WIDTH, *hit_points);
            let numbers = format!("{}/{}", hit_points.current, hit_points.max);
            let after = if state.is_empty() {
                numbers
            } else {
                state.clone()
            };
            let room = width.saturating_sub(BAR_WIDTH as usize + 1);
            let cut: String = after.chars().take(room).collect();
            let at = at + ICoord::new(BAR_WIDTH as i32 + 1, 0);
            draw::text(fb, ctx, at, &cut, palette::TEXT);
        }
    }
}
