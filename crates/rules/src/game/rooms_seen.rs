//! Rooms as the player meets them (content/machines.ron's `RewardRoom`, `Lair` and `Scenery`
//! rows): the first time one of a vault's altars comes into view the player is told what room
//! it is, and a room that names what it offers (a library, Brogue's: its items known on sight)
//! names the kinds lying on its altars then, so the choice it asks is made knowing; the first
//! time a cell of a lair or a set piece does, what place it is.

use super::{DungeonEvent, Game, GameEvent};
use crate::visibility::CellVisibility;

impl Game {
    /// Every vault whose altars, and every lair or set piece a cell of which, the player sees for the first
    /// time this turn, told and, for a room that names its offer, named. Costs a look at a few
    /// cells a turn until each is seen, nothing after.
    pub(super) fn see_rooms(&mut self) {
        self.see_reward_rooms();
        let visibility = &self.visibility;
        let in_view = |cell| visibility.cell_visibility(cell) == CellVisibility::Visible;
        while let Some(room) = self.world.first_sight_of_a_dead_end_room(in_view) {
            let event = GameEvent::Dungeon(DungeonEvent::RoomSeen { room });
            self.scratch.events.push(event);
        }
    }

    fn see_reward_rooms(&mut self) {
        loop {
            let visibility = &self.visibility;
            let in_view = |cell| visibility.cell_visibility(cell) == CellVisibility::Visible;
            let Some(vault) = self.world.first_sight_of_a_vault(in_view) else {
                return;
            };
            let Some(room) = vault.room else {
                continue;
            };
            let named = (room.rules().reward.as_ref()).is_some_and(|reward| reward.named);
            let altars = match named {
                true => vault.altars.clone(),
                false => Vec::new(),
            };
            self.scratch
                .events
                .push(GameEvent::Dungeon(DungeonEvent::RoomSeen { room }));
            for altar in altars {
                if let Some(lying) = self.world.item_at(altar)
                    && !self.hero.lore.is_known(lying.kind)
                {
                    self.identify(lying.kind);
                }
            }
        }
    }
}
