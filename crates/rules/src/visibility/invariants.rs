//! The caches of sight against sight worked out afresh: what a turn's end must satisfy, for
//! tests and random play.
//!
//! Sight keeps what it can: the cells in view are scanned again only when the player moved or a
//! door near moved (or are taken from a recent view with the same walls), a cell's memory is
//! taken again only when the world's count of its changes moved, and who is seen as a turn ends
//! is read off marks left by remembering. Each is right only while the counts it keys on are
//! bumped by every change that matters; a change that forgets to bump one leaves the player
//! seeing or remembering what is no longer there, here and nowhere else.

use coord_2d::ICoord;

use super::Visibility;
use super::field_of_view::scan;
use crate::world::World;

impl Visibility {
    /// Every way the kept view disagrees with the view worked out afresh from `world`, for a
    /// world unchanged since the last look and remembering (a turn's end).
    pub fn violations(&self, world: &World) -> Vec<String> {
        let mut problems = Vec::new();
        if self.player_at != world.player_coord() {
            problems.push(format!(
                "the view is from {}, the player stands at {}",
                self.player_at,
                world.player_coord()
            ));
            return problems;
        }
        let mut fresh = Vec::new();
        scan(&mut shadowcast::Context::default(), world, |coord| {
            if coord.is_valid(world.size()) {
                fresh.push(coord);
            }
        });
        let mut kept = self.in_view.clone();
        for cells in [&mut fresh, &mut kept] {
            cells.sort_unstable_by_key(|coord| (coord.y, coord.x));
            cells.dedup();
        }
        if kept != fresh {
            let only = |a: &[ICoord], b: &[ICoord]| -> Vec<ICoord> {
                a.iter().filter(|c| !b.contains(c)).copied().collect()
            };
            problems.push(format!(
                "in view but not in a fresh scan: {:?}; in a fresh scan but not in view: {:?}",
                only(&kept, &fresh),
                only(&fresh, &kept)
            ));
        }
        for &cell in &kept {
            let sees = self.sees(world, cell);
            if self.sees_as_remembered(world, cell) != sees {
                problems.push(format!("{cell}: seen {sees}, the marks say otherwise"));
            }
            let shows = world.tiles_at(cell);
            if sees && self.memory(cell) != shows {
                problems.push(format!(
                    "{cell}: remembered as {:?}, shows {shows:?}",
                    self.memory(cell)
                ));
            }
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::visibility::Omniscience;

    /// A lit hall (a torch in its wall) with the player at `@`, its view looked and remembered.
    fn hall(rows: &[&str]) -> (World, Visibility) {
        let (terrain, _) = crate::terrain::from_ascii(rows).expect("a valid map");
        let world = World::from_terrain(&terrain);
        let mut visibility = Visibility::new(world.size());
        visibility.update(&world, Omniscience::Off);
        (world, visibility)
    }

    #[test]
    fn a_view_kept_from_elsewhere_or_remembered_wrong_is_reported() {
        let (world, visibility) = hall(&["#######}##", "#@.......#", "#........#", "##########"]);
        assert_eq!(visibility.violations(&world), Vec::<String>::new());
        // The same hall with the player two cells on: the kept view is from where it was.
        let (moved, _) = hall(&["#######}##", "#..@.....#", "#........#", "##########"]);
        assert!(
            !visibility.violations(&moved).is_empty(),
            "a view from elsewhere"
        );
        // The same hall with something new in view that the memory does not hold.
        let (changed, _) = hall(&["#######}##", "#@....!..#", "#........#", "##########"]);
        assert!(
            !visibility.violations(&changed).is_empty(),
            "a stale memory"
        );
    }
}
