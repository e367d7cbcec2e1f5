//! Reading a game: what frontends draw, what tests assert, and a stable hash of the whole state.

use coord_2d::{ICoord, UCoord};

use super::{Ending, Game, GameEvent, GameOptions, PlayerAction};
use crate::content::{ItemKind, ItemUse, NpcKind};
use crate::world::HitPoints;

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

    /// What the player took from vaults this run, on which depth, and the reward room it was
    /// (content/machines.ron; none for a vault of no row).
    pub fn vault_rewards(&self) -> &[(ItemKind, u32, Option<crate::content::MachineKind>)] {
        &self.hero.vault_rewards
    }

    /// The level's vaults.
    pub fn vaults(&self) -> &[crate::world::Vault] {
        self.world.vaults()
    }

    /// The level's machines.
    pub fn machines(&self) -> &[crate::world::Machine] {
        self.world.machines()
    }

    /// The player is on fire.
    pub fn player_is_burning(&self) -> bool {
        self.world.is_on_fire(self.world.player())
    }

    /// Turns the player has left stumbling in a gas's confusion.
    pub fn player_confused_for(&self) -> u16 {
        self.progress.confused_for
    }

    /// How many more tries a web holds the player for.
    pub fn player_held_for(&self) -> u16 {
        self.world.natures().held_for(self.world.player())
    }

    /// Every broken rule in the game's state, described; empty when all is well.
    pub fn invariant_violations(&self) -> Vec<String> {
        let mut problems = self.world.invariant_violations();
        problems.extend(self.minds_violations());
        problems.extend(self.told_world_violations());
        problems.extend(self.arrival_violations());
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
        let mut problems = Vec::new();
        if told != expected {
            problems.push(format!(
                "the world was told {told:?}, the game says {expected:?}"
            ));
        }
        // The player's own light, as the rings in use and the depth make it.
        let eyes = self.visibility.eyes();
        if eyes != self.eyes_now() {
            problems.push(format!(
                "the player's eyes are {eyes:?}, the rings and depth say {:?}",
                self.eyes_now()
            ));
        }
        problems
    }

    /// Every broken rule a loaded game could bring: the world's own facts and the minds, but not
    /// the grids loading has just derived from those facts.
    pub(crate) fn loaded_violations(&self) -> Vec<String> {
        let mut problems = self.world.consistency_violations();
        problems.extend(self.minds_violations());
        problems.extend(self.arrival_violations());
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
