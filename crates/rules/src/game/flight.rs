//! The one path for anything that flies or bursts, whoever sends it: where it goes (a
//! `line_2d` line from the thrower, stopping before the first wall and on the first character)
//! and what it does there. The targeting preview ([`Game::aim`]) is computed by the same code
//! that resolves the throw, so the cells the player is shown are the cells it takes.

use coord_2d::ICoord;
use entity_table::Entity;
use line_2d::{Config, LineSegment};
use rand::Rng;

use super::{Actor, Game, GameEvent};
use crate::balance::AttackDice;
use crate::content::ItemKind;
use crate::world::World;

/// Why an aimed item cannot go where the player asked: said before any time passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AimError {
    /// Nothing is carried under that letter.
    NoSuchItem,
    /// It is used at a cell and none was given.
    NoTarget,
    /// The player's own cell.
    OwnCell,
    /// A cell the player does not see now.
    NotInView,
    /// Further than the item reaches.
    OutOfRange,
    /// A wall stands between the player and the cell.
    NoClearLine,
}

/// Where an aimed item would go: the cells it crosses, the character it would stop on, and for
/// a burst the cells it would reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aim {
    /// From the cell after the player's to where it stops.
    pub path: Vec<ICoord>,
    /// The character it stops on, if any.
    pub stops_on: Option<Actor>,
    /// For a burst, every cell it reaches; empty otherwise.
    pub area: Vec<ICoord>,
}

/// The cells something flying from `from` toward `toward` crosses, up to and including `stop`
/// (which is on the line, or `from` itself when it went nowhere).
pub fn flight_cells(from: ICoord, toward: ICoord, stop: ICoord) -> impl Iterator<Item = ICoord> {
    let line = LineSegment::try_new(from, toward).ok();
    let after_start = Config {
        exclude_start: true,
        exclude_end: false,
    };
    let cells = line
        .into_iter()
        .flat_map(move |line| line.config_iter(after_start));
    let mut done = from == stop;
    cells.take_while(move |&cell| {
        let take = !done;
        done |= cell == stop;
        take
    })
}

/// Where a flight from `from` toward `toward` stops: the first character on the line, else the
/// last open cell before a wall, else `toward`.
fn stop_of(world: &World, from: ICoord, toward: ICoord) -> ICoord {
    let mut stop = from;
    for cell in flight_cells(from, toward, toward) {
        if world.is_wall(cell) {
            break;
        }
        stop = cell;
        if world.has_character(cell) {
            break;
        }
    }
    stop
}

/// Every open cell within `radius` of `centre` with no wall on the line between: what a burst
/// there reaches, in row order.
fn burst_cells(world: &World, centre: ICoord, radius: u32) -> Vec<ICoord> {
    let reach = radius as i32;
    let size = world.size();
    let mut cells = Vec::new();
    for y in centre.y - reach..=centre.y + reach {
        for x in centre.x - reach..=centre.x + reach {
            let cell = ICoord::new(x, y);
            let on_map =
                x >= 0 && y >= 0 && (x as u32) < size.width() && (y as u32) < size.height();
            if on_map
                && cell.distance2(centre) <= radius * radius
                && !world.is_wall(cell)
                && flight_cells(centre, cell, cell).all(|c| c == cell || !world.is_wall(c))
            {
                cells.push(cell);
            }
        }
    }
    cells
}

impl Game {
    /// Where the item under a letter would go if used at `at`, or why it cannot be.
    pub fn aim(&self, slot: u8, at: ICoord) -> Result<Aim, AimError> {
        let stack = self.pack.get(slot).ok_or(AimError::NoSuchItem)?;
        let use_ = stack.kind.rules().use_;
        let from = self.world.player_coord();
        if at == from {
            return Err(AimError::OwnCell);
        }
        if !self.visibility.in_player_sight(at) {
            return Err(AimError::NotInView);
        }
        let range = use_.range().unwrap_or(0);
        if at.distance2(from) > range * range {
            return Err(AimError::OutOfRange);
        }
        let stop = stop_of(&self.world, from, at);
        let path: Vec<ICoord> = flight_cells(from, at, stop).collect();
        let stops_on = self.world.character_at(stop).map(|c| self.actor(c));
        if stop != at && stops_on.is_none() {
            return Err(AimError::NoClearLine);
        }
        let area = match use_ {
            crate::content::ItemUse::Fireball { radius, .. } if self.lore.is_known(stack.kind) => {
                burst_cells(&self.world, stop, radius)
            }
            _ => Vec::new(),
        };
        Ok(Aim {
            path,
            stops_on,
            area,
        })
    }

    /// The cells a burst of this item at `centre` reaches: what the app lights when one bursts.
    pub fn burst_area(&self, item: ItemKind, centre: ICoord) -> Vec<ICoord> {
        match item.rules().use_ {
            crate::content::ItemUse::Fireball { radius, .. } => {
                burst_cells(&self.world, centre, radius)
            }
            _ => Vec::new(),
        }
    }

    /// The NPCs in the player's view, nearest first (by straight distance, the first spawned on
    /// a tie): what aiming steps through, and what lightning picks from.
    pub fn enemies_in_view(&self) -> Vec<(Entity, ICoord)> {
        let player = self.world.player_coord();
        let mut enemies: Vec<(u32, Entity, ICoord)> = self
            .npcs_in_sight()
            .map(|npc| {
                let coord = self.world.coord_of(npc);
                (coord.distance2(player), npc, coord)
            })
            .collect();
        enemies.sort_unstable();
        enemies
            .into_iter()
            .map(|(_, npc, coord)| (npc, coord))
            .collect()
    }

    /// The enemy a bolt of lightning reaching `range` would strike: the nearest in view.
    pub fn lightning_target(&self, range: u32) -> Option<Entity> {
        let player = self.world.player_coord();
        let (npc, coord) = self.enemies_in_view().into_iter().next()?;
        (coord.distance2(player) <= range * range).then_some(npc)
    }

    fn fly(&mut self, item: ItemKind, toward: ICoord) -> ICoord {
        let from = self.world.player_coord();
        let stop = stop_of(&self.world, from, toward);
        self.events.push(GameEvent::Flew {
            item,
            from,
            toward,
            stop,
        });
        stop
    }

    pub(super) fn lightning(&mut self, item: ItemKind, damage: (u32, u32), range: u32) {
        let Some(target) = self.lightning_target(range) else {
            self.events.push(GameEvent::Fizzled { item });
            return;
        };
        let at = self.world.coord_of(target);
        let from = self.world.player_coord();
        self.events.push(GameEvent::Flew {
            item,
            from,
            toward: at,
            stop: at,
        });
        let damage = self.rng.random_range(damage.0..=damage.1);
        self.hurt(item, target, damage);
        self.make_noise(crate::behaviour::Noise::fight(at));
    }

    /// Flies toward `at`: where it stopped, and the NPC it stopped on, if any.
    fn fly_at_npc(&mut self, item: ItemKind, at: ICoord) -> (ICoord, Option<Entity>) {
        let stop = self.fly(item, at);
        let npc = (self.world.character_at(stop)).filter(|&c| c != self.world.player());
        (stop, npc)
    }

    pub(super) fn confuse(&mut self, item: ItemKind, turns: u32, at: ICoord) {
        let (stop, npc) = self.fly_at_npc(item, at);
        let Some((npc, target)) = npc.and_then(|npc| Some((npc, self.world.npc_type(npc)?))) else {
            self.events.push(GameEvent::Fizzled { item });
            return;
        };
        if let Some(agent) = self.agents.get_mut(npc) {
            agent.confused_for = u16::try_from(turns).unwrap_or(u16::MAX);
        }
        self.events.push(GameEvent::Confused { target });
        self.make_noise(crate::behaviour::Noise::fight(stop));
    }

    pub(super) fn fireball(&mut self, item: ItemKind, damage: (u32, u32), radius: u32, at: ICoord) {
        let centre = self.fly(item, at);
        self.events.push(GameEvent::Burst { item, centre });
        let damage = self.rng.random_range(damage.0..=damage.1);
        for cell in burst_cells(&self.world, centre, radius) {
            if let Some(character) = self.world.character_at(cell) {
                self.hurt(item, character, damage);
            }
        }
        self.make_noise(crate::behaviour::Noise::fight(centre));
    }

    pub(super) fn throw(&mut self, item: ItemKind, attack: AttackDice, at: ICoord) {
        let (stop, struck) = self.fly_at_npc(item, at);
        if let Some(target) = struck {
            let actor = self.actor(target);
            let (hit, damage, killed) = self.world.strike(target, attack, &mut self.rng);
            if hit {
                self.events.push(GameEvent::Struck {
                    item,
                    target: actor,
                    damage,
                });
            } else {
                self.events.push(GameEvent::Missed {
                    item,
                    target: actor,
                });
            }
            self.after_harm(Actor::Player, target, actor, killed);
            self.make_noise(crate::behaviour::Noise::fight(stop));
        }
        self.world.put_item(stop, item, 1);
    }

    /// Damage from an item to any character, the player too.
    fn hurt(&mut self, item: ItemKind, target: Entity, damage: u32) {
        let actor = self.actor(target);
        let killed = self.world.wound(target, damage);
        self.events.push(GameEvent::Struck {
            item,
            target: actor,
            damage,
        });
        self.after_harm(Actor::Player, target, actor, killed);
    }
}
