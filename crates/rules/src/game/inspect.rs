//! Reading a game: what frontends draw, what tests assert, and a stable hash of the whole state.

use coord_2d::{ICoord, UCoord};
use entity_table::Entity;

use super::{
    Brightness, CellLight, CellView, Ending, Game, GameEvent, GameOptions, NpcCondition, NpcInfo,
    PlayerAction,
};
use crate::behaviour::Agent;
use crate::content::{ItemKind, ItemUse, NpcKind};
use crate::visibility::CellVisibility;
use crate::world::{HitPoints, Side};

impl Game {
    /// Every action sent while the game was on, first to last.
    pub fn actions(&self) -> &[PlayerAction] {
        &self.chronicle.actions
    }

    pub fn events(&self) -> &[GameEvent] {
        &self.scratch.events
    }

    /// True once the run has ended, in death or victory: no action takes time after that.
    pub fn is_over(&self) -> bool {
        self.progress.ending.is_some()
    }

    /// How the run ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        self.progress.ending
    }

    pub fn is_won(&self) -> bool {
        self.progress.ending == Some(Ending::Won)
    }

    /// The level the player is on, from 1.
    pub fn depth(&self) -> u32 {
        self.progress.depth
    }

    /// What the player carries, by letter.
    pub fn pack(&self) -> &super::Pack {
        &self.hero.pack
    }

    /// An item kind as the player can name it now: by its kind once known, else by its look.
    pub fn item_name(&self, kind: ItemKind) -> super::ItemName {
        self.hero.lore.name(kind)
    }

    /// Items of drinkable kinds carried.
    pub fn potions(&self) -> u32 {
        self.hero
            .pack
            .stacks()
            .filter(|(_, stack)| matches!(stack.kind.rules().use_, ItemUse::Drink { .. }))
            .map(|(_, stack)| stack.count)
            .sum()
    }

    /// The stack lying at a cell the player sees now (how many lie in a remembered cell is
    /// not remembered).
    pub fn item_at(&self, coord: ICoord) -> Option<crate::world::Lying> {
        let seen = self.visibility.sees(&self.world, coord);
        seen.then(|| self.world.item_at(coord)).flatten()
    }

    /// NPCs of this kind the player has killed this run.
    pub fn kills_of(&self, kind: NpcKind) -> u64 {
        self.hero.kills[kind.index()]
    }

    /// True if the player stands on the stairs down.
    pub fn is_on_stairs(&self) -> bool {
        self.world.is_stairs(self.world.player_coord())
    }

    pub fn seed(&self) -> u64 {
        self.chronicle.seed
    }

    pub fn options(&self) -> GameOptions {
        self.chronicle.options
    }

    pub fn turn(&self) -> u64 {
        self.progress.turn
    }

    pub fn size(&self) -> UCoord {
        self.world.size()
    }

    pub fn player_coord(&self) -> ICoord {
        self.world.player_coord()
    }

    pub fn player_hit_points(&self) -> HitPoints {
        self.world
            .hit_points(self.world.player())
            .expect("the player always has hit points")
    }

    /// Secret doors the player has found this run.
    pub fn secret_doors_found(&self) -> u32 {
        self.hero.secret_doors_found
    }

    /// Times the player has jumped into a chasm this run.
    pub fn chasms_jumped(&self) -> u32 {
        self.hero.chasms_jumped
    }

    /// What the player took from vaults this run, and on which depth.
    pub fn vault_rewards(&self) -> &[(ItemKind, u32)] {
        &self.hero.vault_rewards
    }

    /// The level's vaults.
    pub fn vaults(&self) -> &[crate::world::Vault] {
        self.world.vaults()
    }

    /// True where walking in means a fall to the next depth (what the app asks about first).
    pub fn is_chasm(&self, coord: ICoord) -> bool {
        self.world.falls(coord)
    }

    /// The cell as the player knows it: live if in view, the last sighting if remembered.
    pub fn cell_view(&self, coord: ICoord) -> CellView {
        let visibility = self.visibility.cell_visibility(coord);
        let tiles = match visibility {
            CellVisibility::Visible => self.world.tiles_at(coord),
            CellVisibility::Remembered | CellVisibility::Mapped | CellVisibility::NeverSeen => {
                self.visibility.memory(coord)
            }
        };
        CellView { visibility, tiles }
    }

    /// Fire on a cell the player sees now, if any: what is burning is seen only in view.
    pub fn fire_in_view(&self, coord: ICoord) -> Option<crate::world::Flame> {
        let seen = self.visibility.cell_visibility(coord) == CellVisibility::Visible;
        self.world.flame_at(coord).filter(|_| seen)
    }

    /// Gas on a cell the player sees now, and how much, if any.
    pub fn gas_in_view(&self, coord: ICoord) -> Option<(crate::content::GasKind, u16)> {
        let seen = self.visibility.cell_visibility(coord) == CellVisibility::Visible;
        self.world.gas_at(coord).filter(|_| seen)
    }

    /// How a cell burns, if it does, seen or not (for tests and tools).
    pub fn fire_at(&self, coord: ICoord) -> Option<crate::world::Flame> {
        self.world.flame_at(coord)
    }

    /// The gas on a cell and how much, seen or not (for tests and tools).
    pub fn gas_at(&self, coord: ICoord) -> Option<(crate::content::GasKind, u16)> {
        self.world.gas_at(coord)
    }

    /// All the gas on the level, and what the last turn's gas thinned away or poured into
    /// chasms (for tests and tools).
    pub fn gas_total(&self) -> (u64, u64) {
        (self.world.gas_total(), self.world.gas_gone_last_turn())
    }

    /// What the last turn let out (a zombie's breath, a burst, a wizard's cloud).
    pub fn gas_made(&self) -> u64 {
        self.world.gas_made_last_turn()
    }

    /// How many cells burn (for tests and tools).
    pub fn cells_burning(&self) -> usize {
        self.world.burning_cells().len()
    }

    /// The kind of ground on a cell, seen or not (for tests and tools).
    pub fn ground_at(&self, coord: ICoord) -> crate::content::Ground {
        self.world.ground_at(coord)
    }

    /// The ground underfoot on a cell (grass under an open door's frame, a bridge), seen or
    /// not (for tests and tools).
    pub fn burnable_ground_at(&self, coord: ICoord) -> Option<crate::content::Ground> {
        self.world.fuel(coord)
    }

    /// The player is on fire.
    pub fn player_is_burning(&self) -> bool {
        self.world.is_on_fire(self.world.player())
    }

    /// The NPC is on fire.
    pub fn is_burning(&self, npc: Entity) -> bool {
        self.world.is_on_fire(npc)
    }

    /// Turns the player has left stumbling in a gas's confusion.
    pub fn player_confused_for(&self) -> u16 {
        self.progress.confused_for
    }

    /// The light at a cell as the player's eyes would meet it there (its own light only where
    /// its eyes reach), in the rules' units: lit from [`crate::balance::LIT`].
    pub fn light_at(&self, coord: ICoord) -> u32 {
        self.visibility.light_at(&self.world, coord)
    }

    /// True if the player's eyes reach the cell now, lit or not (a dark cell in reach is not
    /// seen, but whatever is there sees the player's light).
    pub fn in_reach(&self, coord: ICoord) -> bool {
        self.visibility.in_player_sight(coord)
    }

    /// How a cell the player's eyes reach is lit: for drawing the light and telling it.
    pub fn cell_light(&self, coord: ICoord) -> CellLight {
        let own = self.visibility.own_light_at(coord);
        let level = self.visibility.light_at(&self.world, coord);
        let strongest = (self.visibility.eyes().lighting == crate::visibility::Lighting::Natural)
            .then(|| self.world.light_here(coord).strongest)
            .flatten();
        let brightness = match (
            level >= crate::balance::LIT,
            level - own.min(level) >= crate::balance::LIT,
        ) {
            (_, true) => Brightness::Lit,
            (true, false) => Brightness::Shadow,
            (false, _) => Brightness::Dark,
        };
        CellLight {
            level,
            own,
            strongest,
            brightness,
        }
    }

    /// True if nothing is seen on or past the cell (a wall, a closed door). Ground truth, for
    /// tests of what hides what.
    #[cfg(feature = "testing")]
    pub fn blocks_sight(&self, coord: ICoord) -> bool {
        self.world.blocks_sight(coord)
    }

    /// True if nobody can stand on the cell's ground (or it is outside the map). Ground truth,
    /// for tests of where things go.
    #[cfg(feature = "testing")]
    pub fn blocks_walking(&self, coord: ICoord) -> bool {
        self.world.blocks_walking(coord)
    }

    /// Living NPCs in the order they act. Ground truth, for tests and tools.
    pub fn npcs(&self) -> impl Iterator<Item = NpcInfo> + '_ {
        self.world.npcs().iter().map(|&npc| NpcInfo {
            id: npc,
            coord: self.world.coord_of(npc),
            kind: self.world.npc_kind(npc).expect("NPCs have a type"),
            hit_points: self.world.hit_points(npc).expect("NPCs have hit points"),
            side: self.world.side_of(npc).unwrap_or(Side::Dungeon),
        })
    }

    pub fn count_corpses(&self) -> usize {
        self.world.count_corpses()
    }

    /// Steps from `coord` to the player on the NPCs' shared distance map.
    #[cfg(feature = "testing")]
    pub fn npc_distance_to_player(&self, coord: ICoord) -> Option<u32> {
        self.minds.behaviour.distance_to_player(&self.world, coord)
    }

    /// The memory of the NPC `id`, while it lives.
    pub fn agent(&self, id: Entity) -> Option<Agent> {
        self.minds.agents.get(id).copied()
    }

    /// The living NPC standing at `coord`, if any, found through the spatial table rather than
    /// by scanning every NPC. Ground truth: callers show it only where the player sees.
    pub fn npc_at(&self, coord: ICoord) -> Option<NpcInfo> {
        let npc = self.world.character_at(coord)?;
        Some(NpcInfo {
            id: npc,
            coord,
            kind: self.world.npc_kind(npc)?,
            hit_points: self.world.hit_points(npc)?,
            side: self.world.side_of(npc)?,
        })
    }

    /// What the NPC `id` is beyond its kind, and the spells on it: for the look and the
    /// sidebar.
    pub fn npc_condition(&self, id: Entity) -> NpcCondition {
        let world = &self.world;
        NpcCondition {
            learned: world.learned(id),
            unseen: world.is_unseen(id),
            submerged: world.is_submerged(id),
            carrying: (world.carrying(id)).map(|(kind, _)| self.hero.lore.name(kind)),
            hasted_for: world.hasted_for(id),
            held_for: world.held_for(id),
            fades_in: world.fades_in(id),
        }
    }

    /// Characters that joined this level in play (twins, summoned) and that faded from it.
    pub fn joined_and_faded(&self) -> (u32, u32) {
        self.progress.joined_and_faded
    }

    /// How many more tries a web holds the player for.
    pub fn player_held_for(&self) -> u16 {
        self.world.held_for(self.world.player())
    }

    /// The memory of the NPC standing at `coord`, if a living NPC stands there.
    pub fn agent_at(&self, coord: ICoord) -> Option<Agent> {
        let npc = self.world.character_at(coord)?;
        self.minds.agents.get(npc).copied()
    }

    /// How many NPCs are awake (wandering, hunting, searching or fleeing).
    #[cfg(feature = "testing")]
    pub fn awake_npcs(&self) -> usize {
        self.minds.awake.len()
    }

    /// How many waypoints wandering NPCs walk between on this level.
    pub fn waypoint_count(&self) -> usize {
        self.minds.behaviour.waypoint_count()
    }

    /// Where wandering NPCs head: the waypoints' cells, by row then column. For tests of where
    /// they are placed; nothing in play needs them.
    #[cfg(feature = "testing")]
    pub fn waypoint_cells(&self) -> &[ICoord] {
        self.minds.behaviour.waypoint_cells()
    }

    /// Bytes the waypoints' maps and tables hold (reserved; pages are backed once written).
    pub fn waypoint_bytes(&self) -> usize {
        self.minds.behaviour.waypoint_bytes()
    }

    /// How many NPCs saw the player on the turn just played, by their memory of it.
    #[cfg(feature = "testing")]
    pub fn npcs_seeing_player(&self) -> usize {
        self.minds
            .agents
            .iter()
            .filter(|(_, agent)| {
                agent
                    .last_sighting
                    .is_some_and(|s| s.turn == self.progress.turn)
            })
            .count()
    }

    /// Every broken rule in the game's state, described; empty when all is well.
    pub fn invariant_violations(&self) -> Vec<String> {
        let mut problems = self.world.invariant_violations();
        problems.extend(self.minds_violations());
        problems.extend(self.told_world_violations());
        problems.extend(self.visibility.violations(&self.world));
        problems.extend(self.minds.behaviour.cache_violations(&self.world));
        problems
    }

    /// What the game told the world of its state (the gear in use, who floats, who does not
    /// burn) against what its state says now: the world keeps it unsaved, and a loaded game
    /// tells it again from the state.
    fn told_world_violations(&self) -> Vec<String> {
        let told = self.world.told_by_game();
        let player = [self.world.player()];
        let draughts = self.progress.draughts;
        let only_player = |on: bool| if on { &player[..] } else { &[] };
        let expected = crate::world::ToldByGame {
            player_gear: self.gear_in_use(),
            flying: only_player(draughts.is(crate::content::Draught::Levitation)),
            fireproof: only_player(draughts.is(crate::content::Draught::FireImmunity)),
        };
        match told == expected {
            true => Vec::new(),
            false => vec![format!(
                "the world was told {told:?}, the game says {expected:?}"
            )],
        }
    }

    /// Every broken rule a loaded game could bring: the world's own facts and the minds, but not
    /// the grids loading has just derived from those facts.
    pub(crate) fn loaded_violations(&self) -> Vec<String> {
        let mut problems = self.world.consistency_violations();
        problems.extend(self.minds_violations());
        // What the player remembers of a cell in view and lit is what stands there: a saved
        // game always remembered after its last change.
        problems.extend(self.visibility.violations(&self.world));
        problems
    }

    fn minds_violations(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.minds.agents.len() != self.world.npcs().len() {
            problems.push(format!(
                "{} agents for {} living NPCs",
                self.minds.agents.len(),
                self.world.npcs().len()
            ));
        }
        for &npc in self.world.npcs() {
            let Some(agent) = self.minds.agents.get(npc) else {
                problems.push(format!("living NPC {npc:?} has no agent"));
                continue;
            };
            let captive = agent.state == crate::behaviour::NpcState::Captive;
            if captive != (self.world.side_of(npc) == Some(crate::world::Side::Captive)) {
                problems.push(format!("NPC {npc:?} is held captive in mind or side alone"));
            }
        }
        problems
    }

    /// True once every NPC on the level is dead and the player still stands.
    pub fn is_cleared(&self) -> bool {
        self.world.npcs().is_empty() && self.world.is_player_alive()
    }

    /// Monsters the player's side (the player and its allies) has killed this run.
    pub fn kills(&self) -> u64 {
        self.hero.kills.iter().sum()
    }

    pub fn enemies_left(&self) -> usize {
        self.world.npcs().len()
    }

    /// Characters that have died on this level, the player included.
    pub fn deaths(&self) -> u64 {
        self.world.deaths()
    }
}
