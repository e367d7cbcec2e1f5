//! What a dump says that the loader passes over, as comments for whoever reads the dump: how
//! the level is wired, each NPC's awareness and every cell's light, and where fire burns and gas
//! lies. All of it is worked out again from the state a dump does carry, so none is read back.

use coord_2d::ICoord;

use super::Game;
use super::dump::COMMENT;
use super::wiring::Wire;

impl Game {
    /// How the level is wired, as comments the loader passes over: for each machine by its
    /// index (its `machine` line's order), the cells that set it off and how, and the cells
    /// that answer; then each trap.
    pub(super) fn dump_wiring(&self, text: &mut String) {
        let wiring = self.wiring();
        let at = |c: ICoord| format!("({}, {})", c.x, c.y);
        for machine in 0..self.world.machines().len() {
            let mut sets_off = Vec::new();
            let mut answers = Vec::new();
            for &(cell, wire) in &wiring {
                match wire {
                    Wire::SetsOff {
                        machine: m,
                        trigger,
                        hidden,
                    } if m == machine => {
                        let hidden = if hidden { " hidden" } else { "" };
                        let how = format!("{trigger:?}{hidden}").to_lowercase();
                        sets_off.push(format!("{how} {}", at(cell)));
                    }
                    Wire::Answers { machine: m } if m == machine => answers.push(at(cell)),
                    _ => (),
                }
            }
            text.push_str(&format!(
                "{COMMENT} wiring: machine {machine} set off by {}; answers {}\n",
                sets_off.join(", "),
                answers.join(", ")
            ));
        }
        for &(cell, wire) in &wiring {
            if let Wire::Trap { hidden } = wire {
                let hidden = if hidden { ", hidden" } else { "" };
                text.push_str(&format!("{COMMENT} wiring: trap {}{hidden}\n", at(cell)));
            }
        }
    }

    /// What is derived and read back from nothing: each NPC's awareness of its enemies, and
    /// every cell's light as the player's eyes would meet it there (a digit a cell: tens of the
    /// light's units, 9 for 90 and over; a cell is lit from [`crate::balance::LIT`]), as
    /// comments the loader passes over.
    pub(super) fn dump_light_and_awareness(&self, text: &mut String) {
        for npc in self.inhabitants().npcs() {
            let Some(mind) = self.inhabitants().agent(npc.id) else {
                continue;
            };
            let awareness = match mind.awareness() {
                crate::behaviour::Awareness::Asleep => "asleep",
                crate::behaviour::Awareness::Unaware => "unaware",
                crate::behaviour::Awareness::Alert => "alert",
                crate::behaviour::Awareness::Aware => "aware",
            };
            let letter = npc.kind.rules().map_letters.awake;
            text.push_str(&format!(
                "{COMMENT} awareness ({}, {}) {letter} {awareness}\n",
                npc.coord.x, npc.coord.y
            ));
        }
        text.push_str(&format!(
            "{COMMENT} light: the player's own reaches {} cells; a digit a cell, tens of the \
             light's units (lit from {})\n",
            self.visibility.eyes().light_radius,
            crate::balance::LIT
        ));
        let size = self.world.size();
        for y in 0..size.height() as i32 {
            let row: String = (0..size.width() as i32)
                .map(|x| {
                    let level = self.visibility.light_at(&self.world, ICoord::new(x, y));
                    char::from_digit((level / 10).min(9), 10).unwrap_or('9')
                })
                .collect();
            text.push_str(&format!("{COMMENT} light {row}\n"));
        }
    }

    /// Where fire burns and gas lies, as comments the loader passes over (the surface, grass
    /// and what burnt, is in the map itself): a row of the map a line, only when there is any.
    pub(super) fn dump_fire_and_gas(&self, text: &mut String) {
        let size = self.world.size();
        let rows = |letter: &dyn Fn(ICoord) -> char| -> Vec<String> {
            (0..size.height() as i32)
                .map(|y| {
                    (0..size.width() as i32)
                        .map(|x| letter(ICoord::new(x, y)))
                        .collect()
                })
                .collect()
        };
        text.push_str(&format!(
            "{COMMENT} fire: {} cells burning; '^' burning ground, '!' a flash that dies this \
             turn, '.' none\n",
            self.world.fires().cells().len()
        ));
        if !self.world.fires().cells().is_empty() {
            let fire = |at: ICoord| match self.world.fires().flame_at(at) {
                Some(crate::world::Flame::Burning) => '^',
                Some(crate::world::Flame::Flash) => '!',
                None => '.',
            };
            for row in rows(&fire) {
                text.push_str(&format!("{COMMENT} fire {row}\n"));
            }
        }
        let kinds: Vec<String> = (crate::content::GasKind::all())
            .map(|kind| format!("{} row {}", gas_letter(kind, false), kind.index() + 1))
            .collect();
        text.push_str(&format!(
            "{COMMENT} gas: {} in all; a letter a cell by the gas table's row ({}), upper case \
             where it is thick enough to harm ({}), '.' none\n",
            self.world.gases().total(),
            kinds.join(", "),
            crate::balance::GAS_HARMS_AT
        ));
        if self.world.gases().total() > 0 {
            let gas = |at: ICoord| match self.world.gases().at(at) {
                Some((kind, volume)) => gas_letter(kind, volume >= crate::balance::GAS_HARMS_AT),
                None => '.',
            };
            for row in rows(&gas) {
                text.push_str(&format!("{COMMENT} gas {row}\n"));
            }
        }
    }
}

/// A gas's letter in a dump: `a` for the table's first row, `b` the next, upper case thick.
fn gas_letter(kind: crate::content::GasKind, thick: bool) -> char {
    let letter = char::from(b'a' + (kind.index() as u8).min(25));
    if thick {
        letter.to_ascii_uppercase()
    } else {
        letter
    }
}
