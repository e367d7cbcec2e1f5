//! The kinds of things a level holds: the monster kinds and the item kinds. The bottom of the
//! rules: generation, the world, the balance and the app all name kinds from here, and this
//! names nothing of theirs.

/// A kind of monster.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum NpcType {
    Orc,
    Troll,
}

impl NpcType {
    /// Every kind, in the order tallies list them.
    pub const ALL: [Self; 2] = [Self::Orc, Self::Troll];
}

/// Things that lie on the floor until the player walks over them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Item {
    /// Carried, and drunk when the player chooses, to heal.
    HealingPotion,
    /// Lies at the bottom of the dungeon in place of the stairs: taking it wins the run.
    Sunstone,
}
