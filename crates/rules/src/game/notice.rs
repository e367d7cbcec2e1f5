//! What the player notices as a turn ends: NPCs that have come into view.

use coord_2d::ICoord;
use entity_table::Entity;

use super::{Game, GameEvent};
use crate::game::{AllyEvent, FightEvent};

impl Game {
    /// Remembers which NPCs the player sees now, for the next turn to tell who comes into view.
    /// Only the cells in sight are read, so a level with thousands of NPCs costs no more than
    /// a small one, and only those with a character on them are looked up. A turn keeps the
    /// list itself ([`Game::report_npcs_coming_into_view`]): between two turns nothing moves.
    pub(super) fn note_npcs_in_view(&mut self) {
        let mut in_view = std::mem::take(&mut self.scratch.in_view_now);
        self.npcs_in_view(&mut in_view);
        self.keep_as_seen(&in_view);
        self.scratch.in_view_now = in_view;
    }

    /// `in_view` are the NPCs the next turn begins with in sight.
    fn keep_as_seen(&mut self, in_view: &[Entity]) {
        let seen = &mut self.scratch.seen_before;
        seen.clear();
        seen.extend(in_view.iter().copied());
    }

    /// An event for each NPC in the player's sight now that was not as the turn began, in the
    /// order sight reached their cells; then the NPCs in sight now are the ones the next turn
    /// begins with.
    pub(super) fn report_npcs_coming_into_view(&mut self) {
        let mut in_view = std::mem::take(&mut self.scratch.in_view_now);
        self.npcs_in_view(&mut in_view);
        let mut new = std::mem::take(&mut self.scratch.came_into_view);
        new.clear();
        let seen_before = &self.scratch.seen_before;
        new.extend(in_view.iter().filter(|npc| !seen_before.contains(npc)));
        if new.len() > 1 {
            let sight = self.visibility.in_sight();
            let world = &self.world;
            new.sort_unstable_by_key(|&npc| sight.iter().position(|&c| c == world.coord_of(npc)));
        }
        for &npc in &new {
            // An ally going in and out of view as it follows is no news.
            if self.world.is_ally(npc) {
                continue;
            }
            if let Some(kind) = self.world.npc_kind(npc) {
                let captive = self.world.side_of(npc) == Some(crate::world::Side::Captive);
                // A kennel's captive behind a cage's bars is neither a foe nor one to free.
                let freeable = self.world.captive_at(self.world.coord_of(npc)).is_some();
                self.scratch.events.push(match (captive, freeable) {
                    (true, true) => GameEvent::Allies(AllyEvent::CaptiveCameIntoView { kind }),
                    (true, false) => continue,
                    (false, _) => GameEvent::Fight(FightEvent::CameIntoView { kind }),
                });
            }
        }
        self.scratch.came_into_view = new;
        self.keep_as_seen(&in_view);
        self.scratch.in_view_now = in_view;
    }

    /// The NPCs in the player's sight, in no particular order, as the player's eyes have just
    /// taken them in (see [`Visibility::sees_as_remembered`]).
    ///
    /// [`Visibility::sees_as_remembered`]: crate::visibility::Visibility::sees_as_remembered
    fn npcs_in_view(&self, npcs: &mut Vec<Entity>) {
        let (world, visibility) = (&self.world, &self.visibility);
        npcs.clear();
        npcs.extend(self.npcs_in_reach_and(move |at| visibility.sees_as_remembered(world, at)));
    }

    /// The living NPCs the player sees (its eyes reach them and they stand in light), in no
    /// particular order.
    pub(super) fn npcs_in_sight(&self) -> impl Iterator<Item = Entity> + '_ {
        (self.npcs_in_reach())
            .filter(|&(npc, at)| self.sees_character_at(npc, at))
            .map(|(npc, _)| npc)
    }

    /// The player sees `character` at `at`: its cell is lit, and it is neither invisible nor
    /// under the water.
    pub(super) fn sees_character_at(&self, character: Entity, at: ICoord) -> bool {
        self.visibility.is_lit(&self.world, at) && !self.world.natures().is_unseen(character)
    }

    /// The NPCs in reach whose cells are `lit`, but those the player's eyes miss where they
    /// stand (under water, invisible).
    fn npcs_in_reach_and<'a>(
        &'a self,
        lit: impl Fn(ICoord) -> bool + 'a,
    ) -> impl Iterator<Item = Entity> + 'a {
        let world = &self.world;
        (self.npcs_in_reach())
            .filter(move |&(npc, at)| lit(at) && !world.natures().is_unseen(npc))
            .map(|(npc, _)| npc)
    }

    /// The living NPCs whose cells the player's eyes reach, lit or not, each with its cell, in
    /// no particular order: found by asking each NPC where it stands when there are few NPCs
    /// for the cells in reach (most levels), and by reading the cells in reach when there are
    /// more (a crowd, a large level). Reading a cell is a byte; asking an NPC is a lookup in two
    /// tables, about four times the cost.
    pub(super) fn npcs_in_reach(&self) -> impl Iterator<Item = (Entity, ICoord)> + '_ {
        let world = &self.world;
        let visibility = &self.visibility;
        let sight = visibility.in_sight();
        let few = world.npcs().len() * 4 < sight.len();
        let by_npc = few.then(|| {
            (world.npcs().iter())
                .map(|&npc| (npc, world.coord_of(npc)))
                .filter(|&(_, at)| visibility.in_player_sight(at))
        });
        // The one character that is no NPC is the player.
        let player = world.player();
        // Every cell in sight is on the map: its byte is read by index.
        let ground = world.floorplan();
        let by_cell = (!few).then(|| {
            sight.iter().filter_map(move |&coord| {
                if !ground.has_character(ground.index(coord)) {
                    return None;
                }
                let npc = world.character_at(coord).filter(|&c| c != player)?;
                Some((npc, coord))
            })
        });
        by_npc
            .into_iter()
            .flatten()
            .chain(by_cell.into_iter().flatten())
    }
}
