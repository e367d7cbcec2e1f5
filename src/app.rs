//! The chargrid component that turns key presses into player actions and game state into cells.
//! Every colour and glyph is defined here, and nowhere below this module knows about either.

use chargrid::core::{
    Component, Ctx, Event, FrameBuffer, ICoord, RenderCell, Rgba32, UCoord, app, input::keys,
};
use chargrid::input::{Input, KeyboardInput};
use direction::CardinalDirection;

use crate::game::{Actor, CellView, Game, GameEvent, PlayerAction};
use crate::terrain::NpcType;
use crate::visibility::CellVisibility;
use crate::world::Tile;

/// Rows below the map: the status line and one line of this turn's messages.
const HUD_ROWS: u32 = 2;

mod palette {
    use chargrid::core::Rgba32;

    pub const BACKGROUND: Rgba32 = Rgba32::new_rgb(0, 0, 0);
    pub const FLOOR: Rgba32 = Rgba32::new_rgb(90, 90, 110);
    pub const WALL_FOREGROUND: Rgba32 = Rgba32::new_rgb(210, 190, 150);
    pub const WALL_BACKGROUND: Rgba32 = Rgba32::new_rgb(70, 55, 40);
    pub const PLAYER: Rgba32 = Rgba32::new_rgb(255, 255, 255);
    pub const ORC: Rgba32 = Rgba32::new_rgb(90, 200, 60);
    pub const TROLL: Rgba32 = Rgba32::new_rgb(230, 90, 50);
    pub const CORPSE: Rgba32 = Rgba32::new_rgb(160, 30, 30);
    pub const TEXT: Rgba32 = Rgba32::new_rgb(220, 220, 220);
    pub const DANGER: Rgba32 = Rgba32::new_rgb(255, 70, 70);
    /// Remembered cells keep 2/5 of their brightness: clearly out of view, still readable.
    pub const REMEMBERED_DIM: (u32, u32) = (2, 5);
}

/// A player's intent read from one key press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Play(PlayerAction),
    Quit,
}

/// Arrows and `h j k l` move, space and `.` wait, Esc and `q` quit.
pub fn command_for_key(key: KeyboardInput) -> Option<Command> {
    use CardinalDirection::*;
    let action = match key {
        KeyboardInput::Up | KeyboardInput::Char('k') => PlayerAction::Move(North),
        KeyboardInput::Down | KeyboardInput::Char('j') => PlayerAction::Move(South),
        KeyboardInput::Left | KeyboardInput::Char('h') => PlayerAction::Move(West),
        KeyboardInput::Right | KeyboardInput::Char('l') => PlayerAction::Move(East),
        KeyboardInput::Char(' ') | KeyboardInput::Char('.') => PlayerAction::Wait,
        keys::ESCAPE | KeyboardInput::Char('q') => return Some(Command::Quit),
        _ => return None,
    };
    Some(Command::Play(action))
}

/// The whole game as one chargrid component; frontends run it as it is.
pub struct GameApp {
    game: Game,
}

impl GameApp {
    pub fn new(game: Game) -> Self {
        Self { game }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The map cell drawn at the screen's top-left corner: the view follows the player and
    /// stops at the map's edges.
    fn camera_offset(&self, view_size: UCoord) -> ICoord {
        let axis = |player: i32, view: u32, map: u32| {
            let max = map.saturating_sub(view) as i32;
            (player - view as i32 / 2).clamp(0, max)
        };
        let player = self.game.player_coord();
        let map = self.game.size();
        ICoord::new(
            axis(player.x, view_size.width(), map.width()),
            axis(player.y, view_size.height(), map.height()),
        )
    }

    fn render_map(&self, ctx: Ctx, fb: &mut FrameBuffer) {
        let screen = ctx.bounding_box.size();
        let view_size = UCoord::new(screen.width(), screen.height().saturating_sub(HUD_ROWS));
        let offset = self.camera_offset(view_size);
        for screen_coord in view_size.icoord_iter_row_major() {
            let view = self.game.cell_view(screen_coord + offset);
            if let Some(cell) = render_cell(&view) {
                fb.set_cell_relative_to_ctx(ctx, screen_coord, 0, cell);
            }
        }
    }

    fn render_hud(&self, ctx: Ctx, fb: &mut FrameBuffer) {
        let height = ctx.bounding_box.size().height() as i32;
        let hit_points = self.game.player_hit_points();
        let status = format!(
            "HP {}/{}   Turn {}   Seed {}",
            hit_points.current,
            hit_points.max,
            self.game.turn(),
            self.game.seed()
        );
        draw_text(fb, ctx, ICoord::new(0, height - 2), &status, palette::TEXT);
        let (message, colour) = if self.game.is_over() {
            let text = format!(
                "You died on turn {}. Press q or Esc to quit.",
                self.game.turn()
            );
            (text, palette::DANGER)
        } else {
            let text = self
                .game
                .events()
                .iter()
                .map(|&event| describe(event))
                .collect::<Vec<_>>()
                .join(" ");
            let hurt = self.game.events().iter().any(is_damage_to_player);
            (text, if hurt { palette::DANGER } else { palette::TEXT })
        };
        draw_text(fb, ctx, ICoord::new(0, height - 1), &message, colour);
    }
}

impl Component for GameApp {
    type Output = app::Output;
    type State = ();

    fn render(&self, _state: &(), ctx: Ctx, fb: &mut FrameBuffer) {
        self.render_map(ctx, fb);
        self.render_hud(ctx, fb);
    }

    fn update(&mut self, _state: &mut (), _ctx: Ctx, event: Event) -> app::Output {
        let Event::Input(Input::Keyboard(key)) = event else {
            return None;
        };
        #[cfg(feature = "test-crash-key")]
        if key == KeyboardInput::Char('!') {
            panic!("crash requested with the test-crash-key feature");
        }
        match command_for_key(key)? {
            Command::Quit => Some(app::Exit),
            Command::Play(action) => {
                self.game.act(action);
                None
            }
        }
    }

    fn size(&self, _state: &(), ctx: Ctx) -> UCoord {
        ctx.bounding_box.size()
    }
}

/// What a known cell looks like: the topmost layer's glyph, dimmed if only remembered.
fn render_cell(view: &CellView) -> Option<RenderCell> {
    let tiles = &view.tiles;
    let tile = tiles
        .character
        .or(tiles.corpse)
        .or(tiles.feature)
        .or(tiles.floor)?;
    let (character, foreground, background) = tile_look(tile);
    let dim = |colour: Rgba32| match view.visibility {
        CellVisibility::Visible => colour,
        CellVisibility::Remembered | CellVisibility::NeverSeen => {
            let (numerator, denominator) = palette::REMEMBERED_DIM;
            colour.saturating_scalar_mul_div(numerator, denominator)
        }
    };
    Some(
        RenderCell::BLANK
            .with_character(character)
            .with_foreground(dim(foreground))
            .with_background(dim(background))
            .with_bold(tile == Tile::Player),
    )
}

fn tile_look(tile: Tile) -> (char, Rgba32, Rgba32) {
    match tile {
        Tile::Player => ('@', palette::PLAYER, palette::BACKGROUND),
        Tile::Npc(NpcType::Orc) => ('o', palette::ORC, palette::BACKGROUND),
        Tile::Npc(NpcType::Troll) => ('T', palette::TROLL, palette::BACKGROUND),
        Tile::Floor => ('.', palette::FLOOR, palette::BACKGROUND),
        Tile::Wall => ('#', palette::WALL_FOREGROUND, palette::WALL_BACKGROUND),
        Tile::Corpse => ('%', palette::CORPSE, palette::BACKGROUND),
    }
}

fn draw_text(fb: &mut FrameBuffer, ctx: Ctx, start: ICoord, text: &str, colour: Rgba32) {
    for (i, character) in text.chars().enumerate() {
        let cell = RenderCell::BLANK
            .with_character(character)
            .with_foreground(colour);
        fb.set_cell_relative_to_ctx(ctx, start + ICoord::new(i as i32, 0), 1, cell);
    }
}

fn is_damage_to_player(event: &GameEvent) -> bool {
    matches!(
        event,
        GameEvent::Attack {
            target: Actor::Player,
            ..
        } | GameEvent::PlayerDied { .. }
    )
}

fn actor_name(actor: Actor) -> &'static str {
    match actor {
        Actor::Player => "you",
        Actor::Npc(npc_type) => npc_type.name(),
    }
}

/// One event in plain words, e.g. "The troll hits you for 2."
pub fn describe(event: GameEvent) -> String {
    match event {
        GameEvent::Attack {
            attacker: Actor::Player,
            target,
            damage,
        } => format!("You hit the {} for {damage}.", actor_name(target)),
        GameEvent::Attack {
            attacker, damage, ..
        } => format!("The {} hits you for {damage}.", actor_name(attacker)),
        GameEvent::Kill { victim, .. } => format!("You kill the {}.", actor_name(victim)),
        GameEvent::PlayerDied { killer } => format!("The {} kills you.", actor_name(killer)),
    }
}
