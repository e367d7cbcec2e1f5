//! The run beyond one level: items underfoot, potions, and the stairs to the next depth.

use super::{Ending, Game, GameEvent, TurnOutcome};
use crate::balance;
use crate::content::{ItemKind, ItemUse};
use crate::terrain;

impl Game {
    /// The player takes whatever it stepped onto: carried, or the run won.
    pub(super) fn pick_up(&mut self) {
        let Some(item) = self.world.take_item(self.world.player_coord()) else {
            return;
        };
        match item.rules().use_ {
            ItemUse::Drink { .. } => self.carried[item.index()] += 1,
            ItemUse::WinsTheRun => self.ending = Some(Ending::Won),
        }
        self.events.push(GameEvent::PickedUp { item });
    }

    /// The first kind carried that can be drunk, in table order.
    fn drinkable(&self) -> Option<(ItemKind, u32)> {
        ItemKind::all().find_map(|kind| match kind.rules().use_ {
            ItemUse::Drink { heal } if self.carried[kind.index()] > 0 => Some((kind, heal)),
            _ => None,
        })
    }

    /// Drinks a potion if one is carried; false (and no time taken) if not.
    pub(super) fn drink_potion(&mut self) -> bool {
        let Some((item, heal)) = self.drinkable() else {
            self.events.push(GameEvent::NothingToDrink);
            return false;
        };
        self.carried[item.index()] -= 1;
        let before = self.player_hit_points().current;
        self.world.heal_player(heal);
        let healed = self.player_hit_points().current - before;
        self.events.push(GameEvent::Drank { item, healed });
        true
    }

    /// The player's maximum, and its hit points, grow with each new depth.
    fn harden(&mut self) {
        let mut hit_points = self.player_hit_points();
        hit_points.max += balance::PLAYER_HIT_POINTS_PER_DEPTH;
        hit_points.current += balance::PLAYER_HIT_POINTS_PER_DEPTH;
        self.world.set_player_hit_points(hit_points);
    }

    /// Takes the stairs: the next level is generated from the run's RNG, so the same seed and
    /// actions always lead to the same levels. Arriving takes the turn; the new level's NPCs
    /// first act on the next one.
    pub(super) fn descend(&mut self) -> TurnOutcome {
        if !self.world.is_stairs(self.world.player_coord()) {
            self.events.push(GameEvent::NoStairsHere);
            return TurnOutcome::NoTurn;
        }
        self.depth += 1;
        let terrain = terrain::generate_at_depth(self.options.map_size, self.depth, &mut self.rng);
        self.enter_level(&terrain);
        self.harden();
        self.turn += 1;
        self.regenerate();
        self.events.push(GameEvent::Descended { depth: self.depth });
        self.report_npcs_coming_into_view();
        TurnOutcome::TurnTaken
    }
}
