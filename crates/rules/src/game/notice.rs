//! What the player notices as a turn ends: NPCs that have come into view.

use super::{Game, GameEvent};

impl Game {
    /// Remembers which NPCs the player sees as the turn begins. Only the cells in sight are
    /// read, so a level with thousands of NPCs costs no more than a small one, and only those
    /// with a character on them are looked up.
    pub(super) fn note_npcs_in_view(&mut self) {
        self.seen_before.clear();
        let world = &self.world;
        let in_view = self.visibility.in_sight().iter().filter_map(|&coord| {
            if !world.has_character(coord) {
                return None;
            }
            let npc = world.character_at(coord)?;
            world.npc_type(npc).map(|_| npc)
        });
        self.seen_before.extend(in_view);
    }

    /// An event for each NPC in the player's sight now that was not at the turn's start.
    pub(super) fn report_npcs_coming_into_view(&mut self) {
        for &coord in self.visibility.in_sight() {
            if !self.world.has_character(coord) {
                continue;
            }
            let Some(npc) = self.world.character_at(coord) else {
                continue;
            };
            if let Some(npc_type) = self.world.npc_type(npc)
                && !self.seen_before.contains(&npc)
            {
                self.events.push(GameEvent::CameIntoView { npc_type });
            }
        }
    }
}
