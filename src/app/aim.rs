//! Aiming on the look cursor: it starts on the nearest enemy in view, Tab (or + and -) steps
//! through the enemies in view by distance, movement keys and the mouse move it freely. The map
//! shows the cells the item would cross and, for a burst, the cells it would reach, asked of the
//! same rules that resolve it, so what is drawn is what happens as far as the player can see (a
//! monster it cannot see still takes the blow, and is not given away by the aim).

use chargrid::core::{Ctx, FrameBuffer, ICoord, UCoord};
use chargrid::input::{KeyboardInput, keys};

use super::item_messages::aim_words;
use super::item_names::item_words;
use super::messages::Tone;
use super::mode::Mode;
use super::{GameApp, cell_words, draw, map, palette};
use umbra_rules::game::{Aim, CellVisibility, Game, ItemClass, PlayerAction};

/// The enemies the player sees, nearest first.
fn enemies_in_view(game: &Game) -> Vec<ICoord> {
    game.enemies_in_view()
        .into_iter()
        .map(|(_, coord)| coord)
        .collect()
}

impl GameApp {
    pub(super) fn start_aiming(&mut self, slot: u8) {
        let cursor = enemies_in_view(&self.game)
            .first()
            .copied()
            .unwrap_or_else(|| self.game.player_coord());
        self.mode = Mode::Aim { slot, cursor };
    }

    pub(super) fn handle_aim_key(
        &mut self,
        key: KeyboardInput,
        slot: u8,
        cursor: ICoord,
        screen: UCoord,
    ) {
        if let Some(direction) = self.keymap.direction_key(key) {
            let moved = cursor + direction.coord();
            if map::screen_coord(&self.game, screen, moved).is_some() {
                self.mode = Mode::Aim {
                    slot,
                    cursor: moved,
                };
            }
            return;
        }
        match key {
            keys::ESCAPE | KeyboardInput::Char('q') => self.mode = Mode::Play,
            KeyboardInput::Char('\t' | '+' | '=') => self.cycle_target(slot, cursor, 1),
            KeyboardInput::Char('-') => self.cycle_target(slot, cursor, -1),
            keys::RETURN | KeyboardInput::Char('.' | 't' | 'f' | 'r' | ' ') => {
                self.fire(slot, cursor)
            }
            _ => (),
        }
    }

    /// The next (or previous) enemy in view by distance from the one under the cursor.
    fn cycle_target(&mut self, slot: u8, cursor: ICoord, step: isize) {
        let enemies = enemies_in_view(&self.game);
        if enemies.is_empty() {
            return;
        }
        let count = enemies.len() as isize;
        let next = match enemies.iter().position(|&coord| coord == cursor) {
            Some(at) => (at as isize + step).rem_euclid(count),
            None => 0,
        };
        self.mode = Mode::Aim {
            slot,
            cursor: enemies[next as usize],
        };
    }

    /// Uses the item at the cursor's cell, or says why it cannot go there and keeps aiming.
    pub(super) fn fire(&mut self, slot: u8, cursor: ICoord) {
        if let Err(error) = self.game.aim(slot, cursor) {
            self.log.push(aim_words(error), Tone::Normal);
            return;
        }
        // A burst that would reach the player is fired only when asked twice: the top line
        // says so the first time.
        if reaches_player(&self.game, slot, cursor) && self.aim_warned != Some((slot, cursor)) {
            self.aim_warned = Some((slot, cursor));
            self.mode = Mode::Aim { slot, cursor };
            return;
        }
        self.aim_warned = None;
        let stack = self.game.pack().get(slot);
        let target = self.game.inhabitants().npc_at(cursor).map(|npc| npc.id);
        if let (Some(stack), Some(target)) = (stack, target) {
            let thrown = stack.kind.rules().use_.class() == ItemClass::Missile;
            if thrown {
                self.last_throw = Some((stack.kind, target));
            }
        }
        self.mode = Mode::Play;
        // Aimed, a potion or a dart is thrown (reading and zapping choose only what is read or
        // zapped); anything else is used at the cell.
        let class = stack.map(|stack| stack.kind.rules().use_.class());
        self.play(match class {
            Some(ItemClass::Potion | ItemClass::Missile) => {
                PlayerAction::Throw { slot, at: cursor }
            }
            _ => PlayerAction::Use {
                slot,
                at: Some(cursor),
            },
        });
    }

    /// Throws what was last thrown at the same target, if it is carried and the target is
    /// still in view; else says why not.
    pub(super) fn fire_again(&mut self) {
        let again = self.last_throw.and_then(|(kind, target)| {
            let slot = self.game.pack().slot_of(kind)?;
            let npc = self
                .game
                .inhabitants()
                .npcs()
                .find(|npc| npc.id == target)?;
            let seen = self.game.level().cell_view(npc.coord).visibility == CellVisibility::Visible;
            seen.then_some((slot, npc.coord))
        });
        match again {
            Some((slot, at)) => self.fire(slot, at),
            None => {
                let words = "There is nothing to throw again at a target in view.";
                self.log.push(words.to_string(), Tone::Normal);
            }
        }
    }
}

/// Whether the burst of the item under `slot`, aimed at `cursor`, would reach the player.
fn reaches_player(game: &Game, slot: u8, cursor: ICoord) -> bool {
    let aim = game.aim(slot, cursor);
    aim.is_ok_and(|aim| aim.area.contains(&game.player_coord()))
}

/// What is aimed: the item, the cell, and whether the player was warned its burst would
/// reach it.
#[derive(Debug, Clone, Copy)]
pub struct Aimed {
    pub slot: u8,
    pub cursor: ICoord,
    pub warned: bool,
}

/// The path, the burst's area, the cursor, and a line saying what is aimed at and the keys.
pub fn render_aim(game: &Game, ctx: Ctx, fb: &mut FrameBuffer, screen: UCoord, aimed: Aimed) {
    let Aimed {
        slot,
        cursor,
        warned,
    } = aimed;
    let aim = game.aim(slot, cursor);
    let reaches_you = aim
        .as_ref()
        .is_ok_and(|aim| aim.area.contains(&game.player_coord()));
    if let Ok(aim) = &aim {
        for &cell in &aim.area {
            if let Some(on_screen) = map::screen_coord(game, screen, cell) {
                draw::highlight(fb, ctx, on_screen, palette::AIM_AREA);
            }
        }
        for &cell in &aim.path {
            if let Some(on_screen) = map::screen_coord(game, screen, cell) {
                draw::highlight(fb, ctx, on_screen, palette::AIM_PATH);
            }
        }
    }
    if let Some(on_screen) = map::screen_coord(game, screen, cursor) {
        draw::highlight(fb, ctx, on_screen, palette::CURSOR);
    }
    let item = game.pack().get(slot).map_or_else(String::new, |stack| {
        item_words(game.item_name(stack.kind), 1)
    });
    let status = match aim {
        // Something stands in the way: the flight stops there, and the player is told whom
        // it would strike (an ally, as like as not).
        Ok(Aim {
            path,
            stops_on: Some(first),
            reach,
            ..
        }) if path.last() != Some(&cursor) => format!(
            "{}, but it would stop at {} on the way; reach {reach}",
            cell_words::look_line(game, cursor),
            super::item_messages::the(first)
        ),
        // Lightning passes through: everyone in its line is named, allies too.
        Ok(Aim { strikes, reach, .. }) if !strikes.is_empty() => format!(
            "{}; it would strike {}; reach {reach}",
            cell_words::look_line(game, cursor),
            listed(
                strikes
                    .iter()
                    .map(|&actor| super::item_messages::the(actor))
            )
        ),
        Ok(Aim { reach, .. }) => format!("{}; reach {reach}", cell_words::look_line(game, cursor)),
        Err(error) => aim_words(error),
    };
    let line = match (reaches_you, warned) {
        // Within the narrowest line (60 columns), whatever the item.
        (true, true) => "The burst will reach you! Enter: fire anyway, Esc: cancel".to_string(),
        // The warning first, so the narrowest line keeps it.
        (true, false) => format!(
            "Aim {item}: the burst would reach you! {status}  Enter fires, Tab next, Esc cancels"
        ),
        (false, _) => format!("Aim {item}: {status}  Enter fires, Tab next, Esc cancels"),
    };
    draw::top_line(game, ctx, fb, screen, (0, &line));
}

/// "the orc", "the orc and the goblin", "the orc, the goblin and the jackal".
fn listed(names: impl Iterator<Item = String>) -> String {
    let names: Vec<String> = names.collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}
