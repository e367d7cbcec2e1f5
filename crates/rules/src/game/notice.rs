//! What the player notices as a turn ends: NPCs that have come into view.

use super::{Game, GameEvent};

impl Game {
    /// Remembers which NPCs the player sees now, for the next turn to tell who comes into view.
    /// Only the cells in sight are read, so a level with thousands of NPCs costs no more than
    /// a small one, and only those with a character on them are looked up. A turn keeps the
    /// list itself ([`Game::report_npcs_coming_into_view`]): between two turns nothing moves.
    pub(super) fn note_npcs_in_view(&mut self) {
        let mut in_view = std::mem::take(&mut self.seen_before);
        self.npcs_in_view(&mut in_view);
        self.seen_before = in_view;
    }

    /// An event for each NPC in the player's sight now that was not as the turn began; then
    /// the NPCs in sight now are the ones the next turn begins with.
    pub(super) fn report_npcs_coming_into_view(&mut self) {
        let mut in_view = std::mem::take(&mut self.in_view_now);
        self.npcs_in_view(&mut in_view);
        for &npc in &in_view {
            if let Some(npc_type) = self.world.npc_type(npc)
                && !self.seen_before.contains(&npc)
            {
                self.events.push(GameEvent::CameIntoView { npc_type });
            }
        }
        self.in_view_now = std::mem::replace(&mut self.seen_before, in_view);
    }

    /// The NPCs on the cells in the player's sight, in the order of the cells.
    fn npcs_in_view(&self, npcs: &mut Vec<entity_table::Entity>) {
        npcs.clear();
        let world = &self.world;
        let in_view = self.visibility.in_sight().iter().filter_map(|&coord| {
            if !world.has_character(coord) {
                return None;
            }
            let npc = world.character_at(coord)?;
            world.npc_type(npc).map(|_| npc)
        });
        npcs.extend(in_view);
    }
}
