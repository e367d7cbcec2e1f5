//! Helpers shared by the scenario tests: hand-made maps in, labelled cells out.
#![allow(dead_code)]

use coord_2d::ICoord;
use umbra::behaviour::Agent;
use umbra::game::NpcInfo;
use umbra::{Game, GameOptions};

pub struct Scenario {
    pub game: Game,
    labels: Vec<(char, ICoord)>,
}

impl Scenario {
    pub fn new(rows: &[&str]) -> Self {
        let (game, labels) = Game::from_ascii(rows, GameOptions::default()).expect("valid map");
        Self { game, labels }
    }

    /// The cell a digit marks on the map.
    pub fn at(&self, label: char) -> ICoord {
        self.labels
            .iter()
            .find(|(c, _)| *c == label)
            .unwrap_or_else(|| panic!("no label {label} on the map"))
            .1
    }

    pub fn npcs(&self) -> Vec<NpcInfo> {
        self.game.npcs().collect()
    }

    pub fn npc_coords(&self) -> Vec<ICoord> {
        self.game.npcs().map(|n| n.coord).collect()
    }

    /// The memory of the NPC standing at `coord`.
    pub fn agent(&self, coord: ICoord) -> Agent {
        self.game
            .agent_at(coord)
            .unwrap_or_else(|| panic!("no NPC at {coord}"))
    }

    pub fn wait(&mut self, turns: usize) {
        for _ in 0..turns {
            self.game.act(umbra::PlayerAction::Wait);
        }
    }
}
