//! Flights and bursts drawn from the turn's events: a few frames, cosmetic only. The rules have
//! already resolved everything; a key press ends the animation at once and acts as usual, so
//! it never delays input.

use std::time::Duration;

use chargrid::core::{Ctx, FrameBuffer, ICoord, RenderCell, UCoord};

use super::{looks, map, palette};
use umbra_rules::game::FightEvent;
use umbra_rules::game::{Game, GameEvent, Missile, flight_cells};

/// How long a flying thing takes per cell, and how long a burst stays lit.
const PER_CELL: Duration = Duration::from_millis(25);
const BURST: Duration = Duration::from_millis(150);

/// What is being shown: the cells flown through, then the burst's cells, if any.
#[derive(Debug, Clone)]
pub struct Animation {
    what: Missile,
    cells: Vec<ICoord>,
    burst: Vec<ICoord>,
    elapsed: Duration,
}

impl Animation {
    /// The animation of a turn's events, if anything flew.
    pub fn of(game: &Game, events: &[GameEvent]) -> Option<Self> {
        let flight = events.iter().find_map(|event| match *event {
            GameEvent::Fight(FightEvent::Flew {
                what,
                from,
                toward,
                stop,
                ..
            }) => Some((what, flight_cells(from, toward, stop).collect())),
            _ => None,
        });
        let burst = events.iter().find_map(|event| match *event {
            GameEvent::Fight(FightEvent::Burst { what, centre }) => {
                Some((what, game.burst_area(what, centre)))
            }
            _ => None,
        });
        // A burst with no flight before it (a bloat's) is drawn where it burst.
        let (what, cells) = match (flight, &burst) {
            (Some(flight), _) => flight,
            (None, Some((what, _))) => (*what, Vec::new()),
            (None, None) => return None,
        };
        let burst = burst.map(|(_, cells)| cells).unwrap_or_default();
        Some(Self {
            what,
            cells,
            burst,
            elapsed: Duration::ZERO,
        })
    }

    /// Moves it on; false once it is over.
    pub fn advance(&mut self, elapsed: Duration) -> bool {
        self.elapsed += elapsed;
        self.elapsed < self.flight_time() + self.burst_time()
    }

    fn flight_time(&self) -> Duration {
        PER_CELL * self.cells.len() as u32
    }

    fn burst_time(&self) -> Duration {
        if self.burst.is_empty() {
            Duration::ZERO
        } else {
            BURST
        }
    }

    pub fn render(&self, game: &Game, ctx: Ctx, fb: &mut FrameBuffer, screen: UCoord) {
        let look = match self.what {
            Missile::Item(item) => looks::item(item),
            Missile::Bolt(bolt) => looks::bolt(bolt),
        };
        if self.elapsed < self.flight_time() {
            let at = (self.elapsed.as_millis() / PER_CELL.as_millis().max(1)) as usize;
            if let Some(&cell) = self.cells.get(at)
                && let Some(on_screen) = map::screen_coord(game, screen, cell)
            {
                let drawn = RenderCell::default()
                    .with_character(look.look.glyph)
                    .with_foreground(look.colour())
                    .with_bold(true);
                fb.set_cell_relative_to_ctx(ctx, on_screen, 2, drawn);
            }
            return;
        }
        for &cell in &self.burst {
            if let Some(on_screen) = map::screen_coord(game, screen, cell) {
                let drawn = RenderCell::default()
                    .with_character('*')
                    .with_foreground(palette::BURST)
                    .with_background(palette::AIM_AREA);
                fb.set_cell_relative_to_ctx(ctx, on_screen, 2, drawn);
            }
        }
    }
}
