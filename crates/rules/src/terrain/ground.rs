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
    /// A drop to the next depth: the player may jump in (NPCs never step in, as it blocks
    /// walking), and what falls in is lost to this level.
    pub falls: bool,
}

const OPEN: GroundFacts = GroundFacts {
    blocks_sight: false,
    blocks_walking: false,
    stops_missiles: false,
    falls: false,
};

/// Open to the eye and to missiles, closed to feet: deep water.
const UNWALKABLE: GroundFacts = GroundFacts {
    blocks_walking: true,
    ..OPEN
};

const SOLID: GroundFacts = GroundFacts {
    blocks_sight: true,
    blocks_walking: true,
    stops_missiles: true,
    falls: false,
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
                falls: false,
            },
            // A wall to everyone until the player finds it; then it is a door.
            Self::SecretDoor => SOLID,
            // Nobody swims (no kind in the bestiary has a reason to yet), so deep water blocks
            // every step; an archer shoots across it and everyone sees over it.
            Self::DeepWater => UNWALKABLE,
            Self::Chasm => GroundFacts {
                falls: true,
                ..UNWALKABLE
            },
            Self::ShallowWater | Self::ChasmEdge | Self::Bridge | Self::Altar => OPEN,
            // The cage's bars keep feet out and let eyes and arrows through.
            Self::CagedAltar => UNWALKABLE,
            // A closed door nobody can open without its key.
            Self::LockedDoor => SOLID,
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

    #[test]
    fn deep_water_and_chasms_block_only_walking_and_only_a_chasm_falls() {
        for tile in [TerrainTile::DeepWater, TerrainTile::Chasm] {
            let facts = tile.facts();
            assert!(facts.blocks_walking && !facts.blocks_sight && !facts.stops_missiles);
        }
        assert!(TerrainTile::Chasm.facts().falls);
        assert!(!TerrainTile::DeepWater.facts().falls);
        assert_eq!(TerrainTile::Bridge.facts(), OPEN);
    }
}
