//! Ground as facts: each kind of terrain is one row saying what it does to those who walk, see
//! and shoot across it (Brogue's tile flags). Rules ask for the fact they mean — sight asks
//! [`GroundFacts::blocks_sight`], a step [`GroundFacts::blocks_walking`], a dart
//! [`GroundFacts::stops_missiles`] — never "is it a wall?", so a door (solid and opaque until
//! opened), deep water (not walkable, but seen and shot across) or a chasm is one more row.
//!
//! The table is Rust (one arm a kind) rather than a RON file: each kind is also named by the generator, the ASCII
//! maps and the stairs' rule, so a row in data alone could add nothing the code would use.

use super::TerrainTile;

/// What one kind of ground does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GroundFacts {
    /// Light stops here: nobody sees into or past it.
    pub blocks_sight: bool,
    /// Nobody stands or steps here; noise, distance maps and dropped items go round it too.
    pub blocks_walking: bool,
    /// Darts, arrows and bolts stop before it, and a burst does not reach through it.
    pub stops_missiles: bool,
}

const OPEN: GroundFacts = GroundFacts {
    blocks_sight: false,
    blocks_walking: false,
    stops_missiles: false,
};

const SOLID: GroundFacts = GroundFacts {
    blocks_sight: true,
    blocks_walking: true,
    stops_missiles: true,
};

impl TerrainTile {
    /// This kind's row of the ground table: one arm a kind, which the compiler holds to every
    /// kind there is.
    pub const fn facts(self) -> GroundFacts {
        match self {
            Self::Floor => OPEN,
            Self::Wall => SOLID,
            // The way down is floor: walked onto, seen and shot across.
            Self::Stairs => OPEN,
            // Closed, a door is a wall anyone can walk into; standing in it opens it (the
            // world clears the first and last of these while someone is there).
            Self::Door => GroundFacts {
                blocks_sight: true,
                blocks_walking: false,
                stops_missiles: true,
            },
            // A wall to everyone until the player finds it; then it is a door.
            Self::SecretDoor => SOLID,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wall_stops_all_three_and_floor_and_stairs_none() {
        assert_eq!(TerrainTile::Wall.facts(), SOLID);
        assert_eq!(TerrainTile::Floor.facts(), OPEN);
        assert_eq!(TerrainTile::Stairs.facts(), OPEN);
    }
}
