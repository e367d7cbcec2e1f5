//! The wizard's panel: a command by its letter, a kind from a list, a cell with the cursor. Each
//! command goes to the game as a recorded action, like a step.

use chargrid::core::{Ctx, FrameBuffer, ICoord};
use chargrid::input::{KeyboardInput, keys};

use super::super::draw::{self, Line};
use super::super::mode::{CellPurpose, Mode, Step};
use super::super::{GameApp, looks, map, palette};
use umbra_rules::game::{Game, GasKind, ItemKind, NpcKind, PlayerAction, WizardCommand};

/// The commands by letter, as the panel lists them.
const COMMANDS: [(char, &str); 13] = [
    ('d', "descend to the next depth"),
    ('t', "teleport to a cell (cursor)"),
    ('s', "spawn a monster at a cell"),
    ('a', "spawn an ally at a cell"),
    ('g', "give an item"),
    ('h', "heal fully"),
    ('r', "reveal the level"),
    ('z', "put every monster in view to sleep"),
    ('l', "light the level (again: its own light)"),
    ('k', "darken the level (again: its own light)"),
    ('f', "set fire to a cell"),
    ('x', "let a gas out at a cell"),
    ('m', "set off the machine at a cell"),
];

/// The letter for the `index`-th row of a list: `a` to `z`, then `A` to `Z` (the item table
/// has more rows than one alphabet).
fn letter(index: usize) -> char {
    match index {
        0..26 => (b'a' + index as u8) as char,
        _ => (b'A' + (index - 26).min(25) as u8) as char,
    }
}

fn index_of(key: KeyboardInput, count: usize) -> Option<u8> {
    let index = match key {
        KeyboardInput::Char(c @ 'a'..='z') => c as u8 - b'a',
        KeyboardInput::Char(c @ 'A'..='Z') => c as u8 - b'A' + 26,
        _ => return None,
    };
    (usize::from(index) < count).then_some(index)
}

/// Rows past what a panel holds go into a second column beside the first.
const ROWS_IN_A_COLUMN: usize = 24;

fn in_columns(rows: Vec<String>) -> Vec<String> {
    if rows.len() <= ROWS_IN_A_COLUMN {
        return rows;
    }
    let half = rows.len().div_ceil(2);
    let width = rows[..half]
        .iter()
        .map(|r| r.chars().count())
        .max()
        .unwrap_or(0)
        + 3;
    (0..half)
        .map(|i| match rows.get(half + i) {
            Some(right) => format!("{:<width$}{right}", rows[i]),
            None => rows[i].clone(),
        })
        .collect()
}

impl GameApp {
    pub(in super::super) fn handle_wizard_key(
        &mut self,
        key: KeyboardInput,
        step: Step,
        screen: chargrid::core::UCoord,
    ) {
        if key == keys::ESCAPE {
            self.mode = Mode::Play;
            return;
        }
        match step {
            Step::Commands => self.wizard_command_key(key),
            Step::Monsters { ally } => {
                if let Some(kind) = index_of(key, NpcKind::all().len()) {
                    let cursor = self.game.player_coord();
                    let purpose = match ally {
                        true => CellPurpose::SpawnAlly(kind),
                        false => CellPurpose::Spawn(kind),
                    };
                    self.mode = Mode::Wizard(Step::Cell { purpose, cursor });
                }
            }
            Step::Items => {
                if let Some(kind) = index_of(key, ItemKind::all().len()) {
                    self.wizard(WizardCommand::Give { kind });
                }
            }
            Step::Gases => {
                if let Some(kind) = index_of(key, GasKind::all().len()) {
                    let cursor = self.game.player_coord();
                    let purpose = CellPurpose::Gas(kind);
                    self.mode = Mode::Wizard(Step::Cell { purpose, cursor });
                }
            }
            Step::Cell { purpose, cursor } => self.wizard_cell_key(key, purpose, cursor, screen),
        }
    }

    fn wizard_command_key(&mut self, key: KeyboardInput) {
        let KeyboardInput::Char(letter) = key else {
            return;
        };
        let cursor = self.game.player_coord();
        let command = match letter {
            'd' => WizardCommand::Descend,
            'h' => WizardCommand::Heal,
            'r' => WizardCommand::Reveal,
            'z' => WizardCommand::SleepInView,
            'l' => WizardCommand::LightLevel,
            'k' => WizardCommand::DarkenLevel,
            't' => {
                let purpose = CellPurpose::Teleport;
                self.mode = Mode::Wizard(Step::Cell { purpose, cursor });
                return;
            }
            's' => return self.mode = Mode::Wizard(Step::Monsters { ally: false }),
            'a' => return self.mode = Mode::Wizard(Step::Monsters { ally: true }),
            'g' => return self.mode = Mode::Wizard(Step::Items),
            'x' => return self.mode = Mode::Wizard(Step::Gases),
            'm' => {
                let purpose = CellPurpose::Machine;
                self.mode = Mode::Wizard(Step::Cell { purpose, cursor });
                return;
            }
            'f' => {
                let purpose = CellPurpose::Fire;
                self.mode = Mode::Wizard(Step::Cell { purpose, cursor });
                return;
            }
            _ => return,
        };
        self.wizard(command);
    }

    fn wizard_cell_key(
        &mut self,
        key: KeyboardInput,
        purpose: CellPurpose,
        cursor: ICoord,
        screen: chargrid::core::UCoord,
    ) {
        if let Some(direction) = self.keymap.direction_key(key) {
            let moved = cursor + direction.coord();
            if map::screen_coord(&self.game, screen, moved).is_some() {
                self.mode = Mode::Wizard(Step::Cell {
                    purpose,
                    cursor: moved,
                });
            }
            return;
        }
        if key == keys::RETURN {
            self.wizard(match purpose {
                CellPurpose::Teleport => WizardCommand::Teleport { to: cursor },
                CellPurpose::Spawn(kind) => WizardCommand::Spawn { kind, at: cursor },
                CellPurpose::SpawnAlly(kind) => WizardCommand::SpawnAlly { kind, at: cursor },
                CellPurpose::Fire => WizardCommand::SetFire { at: cursor },
                CellPurpose::Gas(kind) => WizardCommand::ReleaseGas { kind, at: cursor },
                CellPurpose::Machine => WizardCommand::SetOffMachine { at: cursor },
            });
        }
    }

    fn wizard(&mut self, command: WizardCommand) {
        self.mode = Mode::Play;
        self.play(PlayerAction::Wizard(command));
    }
}

/// The panel for the step the wizard is at (the cell step draws a cursor instead).
pub fn render(fb: &mut FrameBuffer, ctx: Ctx, game: &Game, step: Step) {
    let mut lines: Vec<Line> = vec![
        ("Wizard".to_string(), palette::HEADING),
        (
            "(a wizard run never enters the high scores)".to_string(),
            palette::FAINT_TEXT,
        ),
    ];
    let rows: Vec<String> = match step {
        Step::Commands => COMMANDS
            .iter()
            .map(|(key, what)| format!("{key}  {what}"))
            .collect(),
        Step::Monsters { .. } => NpcKind::all()
            .enumerate()
            .map(|(i, kind)| format!("{}  {}", letter(i), looks::npc(kind).name))
            .collect(),
        Step::Items => ItemKind::all()
            .enumerate()
            .map(|(i, kind)| format!("{}  {}", letter(i), looks::item(kind).name))
            .collect(),
        Step::Gases => GasKind::all()
            .enumerate()
            .map(|(i, kind)| format!("{}  {}", letter(i), looks::gas(kind).name))
            .collect(),
        Step::Cell { purpose, cursor } => {
            return render_cell(fb, ctx, game, purpose, cursor);
        }
    };
    lines.extend(in_columns(rows).into_iter().map(|row| (row, palette::TEXT)));
    lines.push(("Esc  close".to_string(), palette::FAINT_TEXT));
    draw::panel(fb, ctx, &lines);
}

fn render_cell(fb: &mut FrameBuffer, ctx: Ctx, game: &Game, purpose: CellPurpose, cell: ICoord) {
    let screen = ctx.bounding_box.size();
    let what = match purpose {
        CellPurpose::Teleport => "Teleport".to_string(),
        CellPurpose::Spawn(kind) | CellPurpose::SpawnAlly(kind) => {
            let name = NpcKind::all()
                .nth(usize::from(kind))
                .map_or("?", |kind| looks::npc(kind).name.as_str());
            let side = match purpose {
                CellPurpose::SpawnAlly(_) => " (your ally)",
                _ => "",
            };
            format!("Spawn {name}{side}")
        }
        CellPurpose::Fire => "Set fire".to_string(),
        CellPurpose::Machine => "Set off the machine".to_string(),
        CellPurpose::Gas(kind) => format!(
            "Let out {}",
            GasKind::all()
                .nth(usize::from(kind))
                .map_or("?", |kind| looks::gas(kind).name.as_str())
        ),
    };
    let line = format!("{what}: move the cursor, Enter here, Esc cancel");
    draw::cursor_line(game, ctx, fb, screen, cell, &line);
}
