//! Wizard commands: shortcuts to any situation, for people who study and tune the rules (DCSS's
//! wizard mode). Each is a recorded action like a step, so a wizard game replays exactly; the
//! first one used marks the run a wizard run for good (its morgue says so and it never enters the
//! high scores). Whether the keys are offered at all is the frontend's business.

use coord_2d::ICoord;

use super::actions::WizardCommand;
use super::{Game, GameEvent, TurnOutcome};
use crate::balance::{FINAL_DEPTH, WIZARD_SPAWNS_PER_LEVEL};
use crate::behaviour::Agent;
use crate::content::{GasKind, ItemKind, NpcKind};

/// A wizard's cloud: a room's worth, thick enough to harm for a while (a bloat's is 350).
const WIZARD_GAS_VOLUME: u16 = 500;
use crate::game::{DungeonEvent, WizardEvent};
use crate::visibility::Lighting;
use crate::world::Side;

impl Game {
    /// True once any wizard command was used in this run.
    pub fn is_wizard_run(&self) -> bool {
        self.chronicle
            .actions
            .iter()
            .any(|action| action.is_wizardry())
    }

    /// Carries out a wizard command. Only descending takes a turn (arriving does); the others
    /// happen between turns. A command that cannot be done (a wall to stand on, a full pack)
    /// does nothing and says so.
    pub(super) fn wizard(&mut self, command: WizardCommand) -> TurnOutcome {
        let done = match command {
            WizardCommand::Descend => return self.wizard_descend(),
            WizardCommand::Spawn { .. } | WizardCommand::SpawnAlly { .. }
                if self.progress.wizard_spawns >= WIZARD_SPAWNS_PER_LEVEL =>
            {
                // Refused before anything is looked at: a recording of a million spawns costs
                // its replay next to nothing past the limit.
                self.scratch
                    .events
                    .push(GameEvent::Wizard(WizardEvent::WizardCrowdFull {
                        limit: WIZARD_SPAWNS_PER_LEVEL,
                    }));
                return TurnOutcome::NoTurn;
            }
            WizardCommand::Teleport { to } => self.teleport(to),
            WizardCommand::Spawn { kind, at } => self.spawn(kind, at, Side::Dungeon),
            WizardCommand::SpawnAlly { kind, at } => self.spawn(kind, at, Side::Hero),
            WizardCommand::Give { kind } => self.give(kind),
            WizardCommand::Heal => {
                let hit_points = self.player_hit_points();
                self.world.heal_player(hit_points.max - hit_points.current);
                true
            }
            WizardCommand::Reveal => {
                let secrets: Vec<_> = (self.world.size().icoord_iter_row_major())
                    .filter(|&cell| self.world.is_secret(cell))
                    .collect();
                for cell in secrets {
                    self.find_secret(cell);
                }
                self.visibility
                    .remember(&self.world, crate::visibility::Omniscience::On);
                true
            }
            WizardCommand::SleepInView => self.sleep_in_view(),
            WizardCommand::LightLevel => self.wizard_lighting(Lighting::AllLit),
            WizardCommand::DarkenLevel => self.wizard_lighting(Lighting::Dark),
            WizardCommand::SetFire { at } => self.wizard_fire(at),
            WizardCommand::ReleaseGas { kind, at } => self.wizard_gas(kind, at),
            WizardCommand::SetOffMachine { at } => match self.wizard_machine(at) {
                Ok(Some(fell)) => {
                    let done = WizardEvent::Wizardry { command };
                    self.scratch.events.push(GameEvent::Wizard(done));
                    return fell;
                }
                Ok(None) => true,
                Err(()) => false,
            },
        };
        self.scratch.events.push(if done {
            GameEvent::Wizard(WizardEvent::Wizardry { command })
        } else {
            GameEvent::Wizard(WizardEvent::WizardryFailed { command })
        });
        TurnOutcome::NoTurn
    }

    /// Every cell of the level lit (or dark but for the player's own light) until the player
    /// leaves it; the same command again gives the level its own light back.
    fn wizard_lighting(&mut self, lighting: Lighting) -> bool {
        self.progress.lighting = match self.progress.lighting == lighting {
            true => Lighting::Natural,
            false => lighting,
        };
        self.fit_eyes();
        self.look_round();
        self.visibility
            .remember(&self.world, self.chronicle.options.omniscience);
        true
    }

    fn wizard_descend(&mut self) -> TurnOutcome {
        // Each depth reached offers boons once: the offer waiting is chosen first.
        if self.growth_pending() {
            self.scratch
                .events
                .push(GameEvent::Dungeon(DungeonEvent::ChooseABoonFirst));
            return TurnOutcome::NoTurn;
        }
        if self.progress.depth >= FINAL_DEPTH {
            self.scratch
                .events
                .push(GameEvent::Wizard(WizardEvent::WizardryFailed {
                    command: WizardCommand::Descend,
                }));
            return TurnOutcome::NoTurn;
        }
        self.go_down()
    }

    fn teleport(&mut self, to: ICoord) -> bool {
        if !self.world.can_npc_enter(to) {
            return false;
        }
        let player = self.world.player();
        self.world.put_character(player, to);
        self.travel.forget();
        self.look_again();
        true
    }

    fn spawn(&mut self, kind: u8, at: ICoord, side: Side) -> bool {
        let Some(kind) = NpcKind::all().nth(usize::from(kind)) else {
            return false;
        };
        // A swimmer is called into deep water, anyone else onto open ground.
        let open = match kind.rules().has(crate::content::NpcTrait::Submerges) {
            true => self.world.ground_at(at).rules().submerges && !self.world.has_character(at),
            false => self.world.can_npc_enter(at),
        };
        if !open {
            return false;
        }
        self.progress.wizard_spawns += 1;
        let npc = self.world.add_npc(at, kind);
        let agent = match side {
            Side::Hero => {
                self.world.set_side(npc, Side::Hero);
                Agent::following()
            }
            Side::Dungeon | Side::Captive => Agent::wandering(),
        };
        self.minds.agents.insert(npc, agent);
        self.rebuild_npc_lists();
        self.look_again();
        true
    }

    fn give(&mut self, kind: u8) -> bool {
        let given = ItemKind::all()
            .nth(usize::from(kind))
            .is_some_and(|kind| self.hero.pack.add(kind, 1).is_some());
        self.fit_gear();
        given
    }

    /// The monsters in view fall asleep; allies and captives are no monsters to put down.
    fn sleep_in_view(&mut self) -> bool {
        let monster = |world: &crate::world::World, npc| world.side_of(npc) == Some(Side::Dungeon);
        let in_view: Vec<_> = (self.npcs_in_sight())
            .filter(|&npc| monster(&self.world, npc))
            .collect();
        for npc in in_view {
            if let Some(agent) = self.minds.agents.get_mut(npc) {
                *agent = Agent::asleep();
            }
        }
        self.rebuild_npc_lists();
        true
    }

    /// Fire on the cell, and on whoever stands there: false where fire cannot be (water, a
    /// wall).
    fn wizard_fire(&mut self, at: ICoord) -> bool {
        if !self.world.ignite(at) {
            return false;
        }
        if let Some(character) = self.world.character_at(at) {
            self.world.set_on_fire(character);
        }
        self.explode_flammable_gas();
        self.look_again();
        true
    }

    /// A cloud of a gas let out on the cell: false for a kind the table lacks or a cell no gas
    /// can be in.
    fn wizard_gas(&mut self, kind: u8, at: ICoord) -> bool {
        let Some(kind) = GasKind::all().nth(usize::from(kind)) else {
            return false;
        };
        if self.world.blocks_gas(at) {
            return false;
        }
        self.world.release_gas(at, kind, WIZARD_GAS_VOLUME);
        self.look_again();
        true
    }

    /// The machine `at` belongs to goes off as if its trigger had: `Err` if no machine holds the
    /// cell, else the outcome if the player fell.
    fn wizard_machine(&mut self, at: ICoord) -> Result<Option<TurnOutcome>, ()> {
        self.world.machine_at(at).ok_or(())?;
        let fell = self.set_off_machine_at(at);
        if fell.is_none() {
            self.look_again();
        }
        Ok(fell)
    }

    /// The player's view after the world changed between turns.
    fn look_again(&mut self) {
        self.visibility
            .update(&self.world, self.chronicle.options.omniscience);
        self.report_npcs_coming_into_view();
    }
}
