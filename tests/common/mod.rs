//! Helpers shared by the scenario tests: hand-made maps in, labelled cells out.
#![allow(dead_code)]

pub mod hostile;
pub mod play;
pub mod tmux;

use std::process::{Command, Output};

use coord_2d::ICoord;
use direction::CardinalDirection;
use proptest::prelude::*;
use umbra::behaviour::Agent;
use umbra::game::NpcInfo;
use umbra::{Game, GameOptions, PlayerAction};

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

/// Player inputs from a fixed arithmetic sequence, so tests need no randomness of their own.
pub fn scripted_actions(count: usize, mut state: u64) -> Vec<PlayerAction> {
    (0..count)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            match (state >> 33) % 5 {
                0 => PlayerAction::Move(CardinalDirection::North),
                1 => PlayerAction::Move(CardinalDirection::East),
                2 => PlayerAction::Move(CardinalDirection::South),
                3 => PlayerAction::Move(CardinalDirection::West),
                _ => PlayerAction::Wait,
            }
        })
        .collect()
}

/// Runs the real binary with no display, so it never tries to open a window, and with a data
/// directory of its own, so no test touches the saves of whoever runs the tests.
pub fn umbra(args: &[&str]) -> Output {
    let data = std::env::temp_dir().join(format!("umbra-data-{}", std::process::id()));
    Command::new(env!("CARGO_BIN_EXE_umbra"))
        .args(args)
        .env("XDG_DATA_HOME", data)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the binary runs")
}

/// Any one player action, for property tests.
pub fn action() -> impl Strategy<Value = PlayerAction> {
    prop_oneof![
        Just(PlayerAction::Wait),
        Just(PlayerAction::Move(CardinalDirection::North)),
        Just(PlayerAction::Move(CardinalDirection::East)),
        Just(PlayerAction::Move(CardinalDirection::South)),
        Just(PlayerAction::Move(CardinalDirection::West)),
    ]
}
