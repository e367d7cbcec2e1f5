//! Where something sent flying goes: a `line_2d` line from its sender, stopping before the
//! first wall and on the first character (lightning: through the characters, to its reach).
//! Deciding (an archer asking whether it has a line, the player's aim) and resolving (the
//! arrow flying) both ask here, so they never disagree.

use coord_2d::ICoord;
use line_2d::{Config, LineSegment};

use super::{Side, World};
use entity_table::Entity;

/// The cells something flying from `from` toward `toward` crosses, up to and including `stop`
/// (which is on the line, or `from` itself when it went nowhere).
pub fn flight_cells(from: ICoord, toward: ICoord, stop: ICoord) -> impl Iterator<Item = ICoord> {
    let line = LineSegment::try_new(from, toward).ok();
    let after_start = Config {
        exclude_start: true,
        exclude_end: false,
    };
    let cells = line
        .into_iter()
        .flat_map(move |line| line.config_iter(after_start));
    let mut done = from == stop;
    cells.take_while(move |&cell| {
        let take = !done;
        done |= cell == stop;
        take
    })
}

impl World {
    /// The cells a bolt that passes through characters crosses from `from` through `toward`
    /// and on along the same line: every cell within `range`, up to the first that stops
    /// missiles. None if `toward` is `from` (it goes nowhere).
    pub fn piercing_cells(
        &self,
        from: ICoord,
        toward: ICoord,
        range: u32,
    ) -> impl Iterator<Item = ICoord> + '_ {
        let line = LineSegment::try_new(from, toward).ok();
        let after_start = line_2d::InfiniteConfig {
            exclude_start: true,
        };
        line.into_iter()
            .flat_map(move |line| line.config_infinite_iter(after_start))
            .take_while(move |&cell| cell.distance2(from) <= range * range)
            .take_while(|&cell| !self.stops_missiles(cell))
    }

    /// Where a flight from `from` toward `toward` stops: the first character on the line, else
    /// the last open cell before a wall, else `toward`.
    pub fn flight_stop(&self, from: ICoord, toward: ICoord) -> ICoord {
        self.flight_stop_of(from, toward, Over::Nobody)
    }

    /// [`World::flight_stop`] for what flies over `over`: an ally's shot flies past the
    /// player and the other allies (over their shoulders), stopping at the first other.
    pub fn flight_stop_of(&self, from: ICoord, toward: ICoord, over: Over) -> ICoord {
        self.flight_stop_where(from, toward, |cell| {
            // What flies passes over a swimmer under the water.
            let passed = self.submerged_at(cell)
                || (over == Over::Heroes
                    && self.derived.side_marks.marked(cell) == Some(Side::Hero));
            self.has_character(cell) && !passed
        })
    }

    /// Where a flight from `from` toward `toward` stops: on the first cell `stops_on` says
    /// holds what stops it, else the last open cell before a wall, else `toward`. The player's
    /// aim asks it with the characters the player sees; a flight, with every character.
    pub fn flight_stop_where(
        &self,
        from: ICoord,
        toward: ICoord,
        stops_on: impl Fn(ICoord) -> bool,
    ) -> ICoord {
        let mut stop = from;
        for cell in flight_cells(from, toward, toward) {
            if self.stops_missiles(cell) {
                break;
            }
            stop = cell;
            if stops_on(cell) {
                break;
            }
        }
        stop
    }

    /// True if something sent from `from` reaching `range` would fly to `to` and stop there:
    /// no wall and no other character on the way.
    pub fn has_clear_line(&self, from: ICoord, to: ICoord, range: u32) -> bool {
        self.has_clear_line_of(from, to, range, Over::Nobody)
    }

    /// [`World::has_clear_line`] for what flies over `over`.
    pub fn has_clear_line_of(&self, from: ICoord, to: ICoord, range: u32, over: Over) -> bool {
        from != to
            && from.distance2(to) <= range * range
            && self.flight_stop_of(from, to, over) == to
    }

    /// Whom a shot by `sender` flies over: the player's side, for an ally's.
    pub fn flies_over(&self, sender: Entity) -> Over {
        match sender != self.player() && self.side_of(sender) == Some(Side::Hero) {
            true => Over::Heroes,
            false => Over::Nobody,
        }
    }

    /// Every open cell within `radius` of `centre` with no wall on the line between: what a
    /// burst there reaches, in row order.
    pub fn burst_cells(&self, centre: ICoord, radius: u32) -> Vec<ICoord> {
        let mut cells = Vec::new();
        self.burst_cells_into(centre, radius, &mut cells);
        cells
    }

    /// The cells of `burst_cells` written into `cells` (cleared first): a turn's burst keeps
    /// one list, so a bloat bursting allocates nothing.
    pub fn burst_cells_into(&self, centre: ICoord, radius: u32, cells: &mut Vec<ICoord>) {
        cells.clear();
        let reach = radius as i32;
        let size = self.size();
        for y in centre.y - reach..=centre.y + reach {
            for x in centre.x - reach..=centre.x + reach {
                let cell = ICoord::new(x, y);
                let on_map =
                    x >= 0 && y >= 0 && (x as u32) < size.width() && (y as u32) < size.height();
                if on_map
                    && cell.distance2(centre) <= radius * radius
                    && !self.stops_missiles(cell)
                    && flight_cells(centre, cell, cell)
                        .all(|c| c == cell || !self.stops_missiles(c))
                {
                    cells.push(cell);
                }
            }
        }
    }
}

/// Whom something flying passes over rather than stopping at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    Nobody,
    /// The player and its allies: an ally's shot, over their shoulders.
    Heroes,
}
