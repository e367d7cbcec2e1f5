//! Games made to order for scenario tests and benchmarks: a player who outlasts any fight, a
//! level in full swing from its first turn, characters on chosen sides, hand-made levels
//! replayed under other seeds. None of these is reachable from play.

use super::{Game, lore};
use crate::behaviour::Agent;
use crate::world::{EntityId, Side};

impl Game {
    /// A game of the run `seed` begun on a level made elsewhere: a benchmark's level generated
    /// by a chosen profile (a cavern of grass to set alight), not the run's own first depth.
    pub fn on_terrain(
        seed: u64,
        options: super::GameOptions,
        terrain: &crate::terrain::Terrain,
    ) -> Self {
        let mut game = Self::from_terrain(seed, options, terrain);
        game.chronicle.made_to_order = true;
        game
    }

    /// The same game with a player of `max` hit points, for scenario tests and benchmarks that
    /// need a longer fight than the balance allows (a crowd that fights on turn after turn).
    /// Call it before the first turn. The hit points are part of the game's state, so saves and
    /// state hashes keep them, but not of its seed and options: a recording of such a game would
    /// replay with the balance's player.
    #[must_use]
    pub fn with_player_max_hit_points(mut self, max: u32) -> Self {
        self.chronicle.made_to_order = true;
        self.world.set_player_max_hit_points(max);
        self
    }

    /// The same game with no band arriving on this level (see `arrivals`): for tests of what
    /// the level's own inhabitants do over a long while, such as that their turns allocate
    /// nothing (a newcomer's first turns make room for it in the tables).
    #[must_use]
    pub fn with_no_arrivals(mut self) -> Self {
        self.chronicle.made_to_order = true;
        self.progress.arrivals.due_in = u32::MAX;
        self
    }

    /// The same game with the next band due in `turns` (see `arrivals`): for tests of the turn
    /// a band comes on.
    #[must_use]
    pub fn with_band_due_in(mut self, turns: u32) -> Self {
        self.chronicle.made_to_order = true;
        self.progress.arrivals.due_in = turns;
        self
    }

    /// The same game with the player down to `current` hit points, for tests of healing.
    #[must_use]
    pub fn with_player_hit_points(mut self, current: u32) -> Self {
        self.chronicle.made_to_order = true;
        let max = self.player_hit_points().max;
        self.world
            .set_player_hit_points(crate::world::HitPoints { current, max });
        self
    }

    /// The same game with every NPC that is awake, wandering and sees the player already hunting
    /// it, as if it had noticed it: for scenario tests of what a monster does about the player it
    /// hunts (noticing is tested apart). Call it before the first turn.
    #[must_use]
    pub fn with_wanderers_noticing(self) -> Self {
        self.with_wanderers_noticing_within(u32::MAX)
    }

    /// [`Game::with_wanderers_noticing`] for the wanderers within `reach2` (squared distance) of
    /// the player only: a benchmark's crowd round the player, not the wanderers of its rooms.
    #[must_use]
    pub fn with_wanderers_noticing_within(mut self, reach2: u32) -> Self {
        self.chronicle.made_to_order = true;
        let player = self.world.player_coord();
        for &npc in self.world.npcs() {
            let here = self.world.coord_of(npc);
            let near = here.distance2(player) <= reach2;
            let sees = crate::behaviour::sees_player(&self.world, &self.visibility, here, player);
            if let Some(agent) = self.minds.agents.get_mut(npc)
                && near
                && sees
                && matches!(agent.state, crate::behaviour::NpcState::Wandering { .. })
            {
                agent.see_player(player, 0);
            }
        }
        self
    }

    /// The same game with every NPC awake and wandering, for benchmarks of a level in full
    /// swing from its first turn (as the reference tutorial's NPCs are). Call it before the
    /// first turn.
    #[must_use]
    pub fn with_every_npc_awake(mut self) -> Self {
        self.chronicle.made_to_order = true;
        for &npc in self.world.npcs() {
            // A captive stays held: it is no monster to let loose.
            if self
                .minds
                .agents
                .get(npc)
                .is_none_or(|agent| agent.acts() || agent.is_asleep())
            {
                self.minds.agents.insert(npc, Agent::wandering());
            }
        }
        self.rebuild_npc_lists();
        self
    }

    /// The same game with the character `id` on `side`, for scenarios of characters of two sides
    /// until a rule makes allies. Call it before the first turn.
    #[must_use]
    pub fn with_side(mut self, id: EntityId, side: Side) -> Self {
        self.chronicle.made_to_order = true;
        self.world.set_side(id, side);
        self
    }

    /// The same hand-made game with its future rolls drawn from `seed`, for scenario tests that
    /// measure a chance by playing one level under many seeds. Call it before the first turn.
    #[must_use]
    pub fn reseeded(mut self, seed: u64) -> Self {
        self.chronicle.made_to_order = true;
        self.chronicle.seed = seed;
        let seeds = super::seeds::RunSeeds::of(seed);
        self.chronicle.rng = seeds.play_rng();
        self.hero.lore = lore::Lore::shuffled(&mut seeds.looks_rng());
        self
    }
}
