//! A level's vaults in play: taking the item on one altar closes cages on the others, putting
//! it back opens them, and a key opens a locked door.

use coord_2d::{ICoord, UCoord};
use serde::{Deserialize, Serialize};
use spatial_table::Location;

use super::{Layer, Tile, World};
use crate::content::MachineKind;
use crate::terrain::{Ground, VaultGuard, VaultSpawn};

/// The most altars a vault has, and vaults a level has, as a saved game may claim them.
const ALTARS_MAX: usize = 3;
pub(super) const VAULTS_MAX: usize = 16;

/// A vault: its door, its guard, its altars and whether the player has taken from it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Vault {
    pub door: ICoord,
    pub guard: VaultGuard,
    pub altars: Vec<ICoord>,
    pub taken: bool,
    /// The reward room it is (content/machines.ron), or None for a vault of no row.
    pub room: Option<MachineKind>,
    /// The player has seen one of its altars: what a reward room shows on sight is shown.
    pub seen: bool,
}

impl Vault {
    pub(super) fn from_spawn(spawn: &VaultSpawn) -> Self {
        Self {
            door: spawn.door,
            guard: spawn.guard,
            altars: spawn.altars.clone(),
            taken: false,
            room: spawn.room,
            seen: false,
        }
    }

    /// A vault a level could hold: its cells on the map, a few altars.
    pub(super) fn check(&self, size: UCoord) -> Result<(), String> {
        let on_map = |c: &ICoord| c.is_valid(size);
        if self.altars.len() > ALTARS_MAX || !self.altars.iter().all(on_map) || !on_map(&self.door)
        {
            return Err(format!("a vault at {:?} no level could hold", self.door));
        }
        Ok(())
    }
}

impl World {
    /// The level's vaults.
    pub fn vaults(&self) -> &[Vault] {
        &self.vaults
    }

    /// The vaults as a dump or a hand-made level sets them.
    pub fn set_vaults(&mut self, vaults: Vec<Vault>) {
        self.vaults = vaults;
    }

    /// Something was taken from `coord`: if it is the altar of a vault not yet taken from, the
    /// cages close over its other altars, and this says how many, and which reward room the
    /// vault is (for the morgue: what was taken from where).
    pub fn take_from_altar(&mut self, coord: ICoord) -> Option<(u32, Option<MachineKind>)> {
        let index = self
            .vaults
            .iter()
            .position(|vault| !vault.taken && vault.altars.contains(&coord))?;
        self.vaults[index].taken = true;
        let mut caged = 0;
        // By index, so that taking allocates nothing.
        for i in 0..self.vaults[index].altars.len() {
            let altar = self.vaults[index].altars[i];
            if altar != coord {
                self.spawn(
                    Location::from((altar, Layer::Feature)),
                    Tile::Ground(Ground::CAGE),
                );
                self.derived.ground_log.note(altar);
                caged += 1;
            }
        }
        Some((caged, self.vaults[index].room))
    }

    /// The first vault not yet seen with one of its altars `in_view`: it is seen from now on.
    pub fn first_sight_of_a_vault(&mut self, in_view: impl Fn(ICoord) -> bool) -> Option<&Vault> {
        let index = (self.vaults.iter())
            .position(|vault| !vault.seen && vault.altars.iter().any(|&altar| in_view(altar)))?;
        self.vaults[index].seen = true;
        Some(&self.vaults[index])
    }

    /// True if `coord` is an altar of a vault nothing has been taken from yet.
    pub fn is_untaken_altar(&self, coord: ICoord) -> bool {
        (self.vaults.iter()).any(|vault| !vault.taken && vault.altars.contains(&coord))
    }

    /// Something was put back on `coord`: if it is the open altar of a vault taken from, the
    /// cages over its other altars open again (Brogue's rule: the choice can be undone), and
    /// this says how many.
    pub fn return_to_altar(&mut self, coord: ICoord) -> Option<u32> {
        let index = self.vaults.iter().position(|vault| {
            vault.taken && vault.altars.contains(&coord) && self.ground_at(coord) != Ground::CAGE
        })?;
        self.vaults[index].taken = false;
        let mut opened = 0;
        for i in 0..self.vaults[index].altars.len() {
            let altar = self.vaults[index].altars[i];
            let Some((cage, Ground::CAGE)) = self.feature_ground(altar) else {
                continue;
            };
            self.despawn(cage);
            self.refresh_bits(altar);
            self.derived.ground_log.note(altar);
            opened += 1;
        }
        Some(opened)
    }

    /// Unlocks the locked door at `coord`: it becomes what its row says its key opens it into
    /// (a door, closed). False if there is nothing locked there.
    pub fn unlock(&mut self, coord: ICoord) -> bool {
        let unlocked = self.feature_ground(coord).and_then(|(feature, ground)| {
            let unlocks_as = ground.rules().unlocks_as?;
            Some((feature, unlocks_as))
        });
        let Some((feature, unlocks_as)) = unlocked else {
            return false;
        };
        self.components
            .tile
            .insert(feature, Tile::Ground(unlocks_as));
        self.refresh_bits(coord);
        self.derived.ground_log.note(coord);
        true
    }
}
