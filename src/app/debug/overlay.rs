//! The views over the map: what the NPCs' maps hold, what each NPC is doing and where it goes,
//! what they heard, and who sees what. Each is drawn over the cells on screen only, from maps the
//! game measures once a frame, and only while it is on.

use chargrid::core::{Ctx, FrameBuffer, ICoord, Rgba32, UCoord};

pub use super::super::debug_aids::Overlay;
use super::super::{draw, looks, map, palette};
use umbra_rules::game::{
    CellVisibility, EntityId, Game, Heading, LIT, NoiseKind, NpcState, ThinkingMaps, Trigger, Wire,
};

/// How many of a hunter's next steps the minds view draws.
const STEPS_SHOWN: usize = 8;

impl Overlay {
    /// The view's one-line legend.
    pub fn legend(self, game: &Game, focus: Option<EntityId>) -> String {
        let reach = ThinkingMaps::REACH;
        match self {
            Self::Off => String::new(),
            Self::Distance => format!(
                "Distance to you (NPCs' map): steps mod 10, red near, blue far; unmarked: past {reach}"
            ),
            Self::Safety => format!(
                "Safety map (fleeing NPCs go down it): red exposed, blue safe; unmarked: past {reach} or dead end"
            ),
            Self::Minds => "Minds: a letter beside each NPC, a colour behind it: Z grey asleep, W green \
                            wandering, H red hunting, S yellow searching, F blue fleeing, G guarding, \
                            C captive, A ally following; * next steps, x saw you, ? searches, w waypoint"
                .to_string(),
            Self::Noises => format!(
                "Noises of the last turn ({}): orange a fight, violet a shout, ! its source",
                game.noises_heard().len()
            ),
            Self::Sight if focus.is_some() => {
                "Sight of the NPC under the cursor: yellow it sees (range and walls)".to_string()
            }
            Self::Sight => {
                "Your sight: yellow in view, blue remembered, red never seen; x on an NPC for its sight"
                    .to_string()
            }
            Self::Light => format!(
                "Light of the level (yours added where your eyes reach): tens of its units a digit, bright yellow full; lit from {LIT}; unmarked: none"
            ),
            Self::Gas => format!(
                "Gas on the level, seen or not ({} in all, {} cells burning): its kind's colour, \
                 a digit of tens of its volume (9 for 90 and over); it harms from {}",
                game.level().gas_total().0,
                game.level().cells_burning(),
                umbra_rules::game::GAS_HARMS_AT
            ),
            Self::Wiring => wiring_legend(game),
            Self::Stealth => format!(
                "Stealth range {}: a monster nearer than this many steps notices you by chance; \
                 beyond it, never ({})",
                game.stealth_range(),
                super::super::words::stealth_words(game)
            ),
        }
    }
}

/// Draws `overlay` over the map view of `view` cells and its legend on the view's last row.
/// `focus` is the NPC under the look cursor, whose sight the sight view shows.
pub fn render(
    game: &Game,
    ctx: Ctx,
    fb: &mut FrameBuffer,
    view: UCoord,
    overlay: Overlay,
    focus: Option<EntityId>,
) {
    let screen = ctx.bounding_box.size();
    let on_screen = |cell: ICoord| map::screen_coord(game, screen, cell);
    // Each map cell on screen, with where it is drawn.
    let cells: Vec<(ICoord, ICoord)> = match overlay {
        Overlay::Off => return,
        Overlay::Distance
        | Overlay::Safety
        | Overlay::Sight
        | Overlay::Light
        | Overlay::Gas
        | Overlay::Stealth => view
            .icoord_iter_row_major()
            .filter_map(|at| Some((at, map::map_coord(game, screen, at)?)))
            .collect(),
        Overlay::Minds | Overlay::Noises | Overlay::Wiring => Vec::new(),
    };
    match overlay {
        Overlay::Off => return,
        Overlay::Distance => distances(game, ctx, fb, &cells),
        Overlay::Safety => safety(game, ctx, fb, &cells),
        Overlay::Minds => minds(game, ctx, fb, &on_screen),
        Overlay::Noises => noises(game, ctx, fb, &on_screen),
        Overlay::Sight => {
            for &(at, cell) in &cells {
                if let Some(colour) = sight_colour(game, cell, focus) {
                    draw::highlight(fb, ctx, at, colour);
                }
            }
        }
        Overlay::Light => light_levels(game, ctx, fb, &cells),
        Overlay::Gas => gas_amounts(game, ctx, fb, &cells),
        Overlay::Wiring => wiring(game, ctx, fb, &on_screen),
        Overlay::Stealth => {
            let (player, range) = (game.player_coord(), game.stealth_range());
            for &(at, cell) in &cells {
                let steps = (cell - player).manhattan_magnitude();
                if steps <= range {
                    draw::highlight(fb, ctx, at, heat(steps, range.max(1)));
                }
            }
        }
    }
    legend(game, ctx, fb, view, overlay, focus);
}

/// Every cell's light on a scale from none to full, as a digit of tens of its units: the whole
/// level's, seen or not, since the view is for studying where light falls.
fn light_levels(game: &Game, ctx: Ctx, fb: &mut FrameBuffer, cells: &[(ICoord, ICoord)]) {
    for &(at, cell) in cells {
        let level = game.level().light_at(cell);
        if level == 0 {
            continue;
        }
        let colour = palette::blend(palette::HEAT_FAR, palette::LIGHT_FULL, level.min(100), 100);
        draw::highlight(fb, ctx, at, colour);
        if game.inhabitants().npc_at(cell).is_none() && cell != game.player_coord() {
            let digit = char::from_digit((level / 10).min(9), 10).unwrap_or('9');
            draw::text(fb, ctx, at, &digit.to_string(), palette::TEXT);
        }
    }
}

/// Every cell's gas, seen or not, tinted by its kind and written as tens of its volume; fire
/// marked with its own colour.
fn gas_amounts(game: &Game, ctx: Ctx, fb: &mut FrameBuffer, cells: &[(ICoord, ICoord)]) {
    for &(at, cell) in cells {
        if game.level().fire_at(cell).is_some() {
            draw::highlight(fb, ctx, at, palette::FIRE_BACKGROUND);
        }
        let Some((gas, volume)) = game.level().gas_at(cell) else {
            continue;
        };
        let colour = looks::gas(gas).look.colour();
        let share = u32::from(volume).min(palette::GAS_FULL_TINT_AT);
        draw::highlight(
            fb,
            ctx,
            at,
            palette::blend(
                palette::BACKGROUND,
                colour,
                share,
                palette::GAS_FULL_TINT_AT,
            ),
        );
        if game.inhabitants().npc_at(cell).is_none() && cell != game.player_coord() {
            let digit = char::from_digit((u32::from(volume) / 10).min(9), 10).unwrap_or('9');
            draw::text(fb, ctx, at, &digit.to_string(), palette::TEXT);
        }
    }
}

/// The wiring view's legend: how it marks the cells, then each machine in the order of the
/// colours ([`palette::WIRING`]).
fn wiring_legend(game: &Game) -> String {
    let machines: Vec<String> = (game.machines().iter())
        .map(|machine| {
            format!(
                "{} (set off {})",
                looks::machine(machine.kind).description,
                machine.signals
            )
        })
        .collect();
    let machines = match machines.is_empty() {
        true => "none".to_string(),
        false => machines.join(", "),
    };
    format!(
        "Wiring: L a key lifted, B bumped (b hidden), T a throw landing, P a step (p hidden) sets \
         its machine off; \
         * answers; S a trap (s hidden). Machines in blue, violet, green, amber, in turn: {machines}"
    )
}

/// Every wired cell, seen or not: each machine's cells in its colour, marked by what they do
/// in it, and the traps.
fn wiring(
    game: &Game,
    ctx: Ctx,
    fb: &mut FrameBuffer,
    on_screen: &dyn Fn(ICoord) -> Option<ICoord>,
) {
    let colour = |machine: usize| palette::WIRING[machine % palette::WIRING.len()];
    for (cell, wire) in game.wiring() {
        let Some(at) = on_screen(cell) else {
            continue;
        };
        let (background, mark) = match wire {
            Wire::SetsOff {
                machine,
                trigger,
                hidden,
            } => (
                colour(machine),
                Some(match (trigger, hidden) {
                    (Trigger::Lifted, _) => "L",
                    (Trigger::Bumped, false) => "B",
                    (Trigger::Bumped, true) => "b",
                    (Trigger::Landed, _) => "T",
                    (Trigger::SteppedOn, false) => "P",
                    (Trigger::SteppedOn, true) => "p",
                }),
            ),
            Wire::Answers { machine } => (colour(machine), Some("*")),
            Wire::Part { machine } => (palette::dim(colour(machine), (1, 2)), None),
            Wire::Trap { hidden } => (palette::WIRING_TRAP, Some(if hidden { "s" } else { "S" })),
        };
        draw::highlight(fb, ctx, at, background);
        // A mark never hides a character: where one stands, its own glyph says more.
        let free = game.inhabitants().npc_at(cell).is_none() && cell != game.player_coord();
        if let Some(mark) = mark.filter(|_| free) {
            draw::text(fb, ctx, at, mark, palette::TEXT);
        }
    }
}

/// Each cell's steps to the player on the NPCs' map, on a heat scale, as its last digit.
fn distances(game: &Game, ctx: Ctx, fb: &mut FrameBuffer, cells: &[(ICoord, ICoord)]) {
    let maps = game.thinking_maps();
    for &(at, cell) in cells {
        if let Some(steps) = maps.distance_to_player(cell) {
            draw::highlight(fb, ctx, at, heat(steps, ThinkingMaps::REACH));
            if game.inhabitants().npc_at(cell).is_none() && cell != game.player_coord() {
                let digit = char::from_digit(steps % 10, 10).unwrap_or('?');
                draw::text(fb, ctx, at, &digit.to_string(), palette::TEXT);
            }
        }
    }
}

/// The safety map's values on a heat scale from the most exposed cell on screen to the safest.
fn safety(game: &Game, ctx: Ctx, fb: &mut FrameBuffer, cells: &[(ICoord, ICoord)]) {
    let maps = game.thinking_maps();
    let values: Vec<_> = cells
        .iter()
        .filter_map(|&(at, cell)| Some((at, maps.safety(cell)?)))
        .collect();
    let safest = values.iter().map(|&(_, v)| v).min().unwrap_or(0);
    let exposed = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
    let span = (exposed - safest).max(1) as u32;
    for (at, value) in values {
        draw::highlight(fb, ctx, at, heat((exposed - value) as u32, span));
    }
}

fn legend(
    game: &Game,
    ctx: Ctx,
    fb: &mut FrameBuffer,
    view: UCoord,
    overlay: Overlay,
    focus: Option<EntityId>,
) {
    // Wrapped onto as many of the view's last rows as it needs on a narrow screen.
    let lines = draw::wrap(&overlay.legend(game, focus), view.width() as usize);
    let top = view.height() as i32 - lines.len() as i32;
    for (i, words) in lines.iter().enumerate() {
        let row = top + i as i32;
        for x in 0..view.width() as i32 {
            draw::background(fb, ctx, ICoord::new(x, row), palette::PANEL_BACKGROUND);
        }
        draw::text(fb, ctx, ICoord::new(0, row), words, palette::TEXT);
    }
}

/// Red at no distance, blue at `reach` and beyond.
fn heat(steps: u32, reach: u32) -> Rgba32 {
    palette::blend(palette::HEAT_NEAR, palette::HEAT_FAR, steps, reach)
}

/// A state's colour behind the NPC, and its letter beside it: the colour is never the only
/// way to tell a state (a colour-blind player reads the letter).
fn state_look(state: NpcState) -> (Rgba32, &'static str) {
    match state {
        NpcState::Asleep => (palette::MIND_ASLEEP, "Z"),
        NpcState::Wandering { .. } => (palette::MIND_WANDERING, "W"),
        NpcState::Hunting => (palette::MIND_HUNTING, "H"),
        NpcState::Searching { .. } => (palette::MIND_SEARCHING, "S"),
        NpcState::Fleeing => (palette::MIND_FLEEING, "F"),
        NpcState::Captive => (palette::MIND_ASLEEP, "C"),
        NpcState::Guarding { .. } => (palette::MIND_ASLEEP, "G"),
        NpcState::Following => (palette::MIND_WANDERING, "A"),
    }
}

/// Every NPC on screen: its state behind it, where it last saw the player, where it is going.
fn minds(
    game: &Game,
    ctx: Ctx,
    fb: &mut FrameBuffer,
    on_screen: &dyn Fn(ICoord) -> Option<ICoord>,
) {
    let maps = game.thinking_maps();
    for npc in game.inhabitants().npcs() {
        let (Some(agent), Some(at)) = (game.inhabitants().agent(npc.id), on_screen(npc.coord))
        else {
            continue;
        };
        let (colour, letter) = state_look(agent.state);
        draw::highlight(fb, ctx, at, colour);
        if game.level().cell_view(npc.coord).visibility != CellVisibility::Visible {
            // Out of the player's sight the map shows nobody there: the view does.
            let look = looks::npc(npc.kind);
            draw::text(fb, ctx, at, &look.look.glyph.to_string(), look.colour());
        }
        // Marks never hide a character: where one stands, its own glyph says more.
        let mut mark = |cell: ICoord, glyph: &str| {
            let free = game.inhabitants().npc_at(cell).is_none() && cell != game.player_coord();
            if let Some(at) = on_screen(cell).filter(|_| free) {
                draw::text(fb, ctx, at, glyph, colour);
            }
        };
        match game.heading(npc.id) {
            Some(Heading::Waypoint(cell)) => mark(cell, "w"),
            Some(Heading::Search { target, .. }) => mark(target, "?"),
            Some(Heading::Enemy(cell)) => mark(cell, "!"),
            Some(Heading::Post(cell)) => mark(cell, "g"),
            Some(Heading::Player(_)) => {
                for step in maps.steps_to_player(npc.coord, STEPS_SHOWN) {
                    mark(step, "*");
                }
            }
            _ => (),
        }
        // Last, so that a searcher's target (most often where it saw the player) shows as that.
        if let Some(sighting) = agent.last_sighting {
            mark(sighting.coord, "x");
        }
        mark(npc.coord + ICoord::new(1, 0), letter);
    }
}

/// The cells each noise of the last turn carried to, and where it was made.
fn noises(
    game: &Game,
    ctx: Ctx,
    fb: &mut FrameBuffer,
    on_screen: &dyn Fn(ICoord) -> Option<ICoord>,
) {
    let screen = ctx.bounding_box.size();
    let corner = map::map_coord(game, screen, ICoord::new(0, 0)).unwrap_or_default();
    let view = super::super::layout::view_size(screen);
    game.noise_reach(corner, view, |noise, cell, _| {
        let colour = match noise.kind {
            NoiseKind::Fight => palette::NOISE_FIGHT,
            NoiseKind::Shout { .. } => palette::NOISE_SHOUT,
            NoiseKind::Alarm => palette::NOISE_ALARM,
        };
        if let Some(at) = on_screen(cell) {
            draw::highlight(fb, ctx, at, colour);
        }
    });
    for noise in game.noises_heard() {
        if let Some(at) = on_screen(noise.source) {
            draw::text(fb, ctx, at, "!", palette::HEADING);
        }
    }
}

/// The player's sight, or the sight of the NPC under the cursor.
fn sight_colour(game: &Game, cell: ICoord, focus: Option<EntityId>) -> Option<Rgba32> {
    if let Some(npc) = focus {
        return game.npc_sees(npc, cell).then_some(palette::SIGHT_IN_VIEW);
    }
    Some(match game.level().cell_view(cell).visibility {
        CellVisibility::Visible => palette::SIGHT_IN_VIEW,
        CellVisibility::Remembered | CellVisibility::Mapped => palette::SIGHT_REMEMBERED,
        CellVisibility::NeverSeen => palette::SIGHT_NEVER,
    })
}
