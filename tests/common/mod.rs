//! Helpers shared by the scenario tests: hand-made maps in, labelled cells out.
#![allow(dead_code)]

pub mod allies;
pub mod finished;
#[cfg(unix)]
pub mod hostile;
pub mod levels;
pub mod play;
pub mod screen;
pub mod tmux;

use std::process::{Command, Output};

use coord_2d::ICoord;
use direction::CardinalDirection;
use proptest::prelude::*;
use umbra_rules::behaviour::Agent;
use umbra_rules::content::{ItemKind, NpcKind};
use umbra_rules::game::{Activity, Doing, Stop, TurnOutcome};
use umbra_rules::game::{NpcInfo, Side};
use umbra_rules::world::EntityId;
use umbra_rules::{Game, GameOptions, PlayerAction};

pub struct Scenario {
    pub game: Game,
    labels: Vec<(char, ICoord)>,
    /// The NPC that started on each labelled cell, followed wherever it goes.
    named: Vec<(char, EntityId)>,
    /// The map after every turn played through [`Scenario::act`] or [`Scenario::wait`], shown
    /// when a [`Scenario::check`] fails.
    frames: Vec<String>,
}

/// How many of the latest turns a failed check shows.
const FRAMES_SHOWN: usize = 12;

/// How a scenario is made from its map and its NPCs (noticing the player or not).
type MakeScenario = fn(&[&str], &[(char, char)]) -> Scenario;

impl Scenario {
    pub fn new(rows: &[&str]) -> Self {
        Self::with_npcs(rows, &[])
    }

    /// A scenario on a game made elsewhere (a generated level): no labels, no named NPCs.
    pub fn from_game(game: Game) -> Self {
        let mut scenario = Self::new(&["###", "#@#", "###"]);
        scenario.game = game;
        scenario.frames = vec![scenario.frame()];
        scenario
    }

    /// A map with no NPCs added, played with `options` (omniscience, say).
    pub fn with_options(rows: &[&str], options: GameOptions) -> Self {
        let mut scenario = Self::new(rows);
        scenario.game = Game::from_ascii(rows, options).expect("valid map").0;
        scenario.game = scenario.game.with_wanderers_noticing();
        scenario.frames = vec![scenario.frame()];
        scenario
    }

    /// Plays the activity to its end, keeping the map of every step: the reason it stopped and
    /// the turns it took. The turns are counted here, not taken from the activity, so that a
    /// miscount there cannot turn a failure into a hang.
    pub fn perform(&mut self, activity: Activity) -> (Stop, u32) {
        let mut doing = self.game.begin(activity);
        for turns in 0..5_000 {
            if let Err(stop) = self.step(&mut doing) {
                self.check_eq(doing.steps(), turns, "the activity counts its turns");
                return (stop, turns);
            }
        }
        self.fail(&format!("{activity:?} goes on for ever"))
    }

    /// One step of an activity, its map kept.
    pub fn step(&mut self, doing: &mut Doing) -> Result<TurnOutcome, Stop> {
        let outcome = self.game.step(doing);
        self.frames.push(self.frame());
        outcome
    }

    /// A map whose labelled cells in `npcs` hold an NPC (any kind's map letter: `o`/`T` awake,
    /// `z`/`Z` asleep, ...) that the
    /// test can then follow by its label: `('1', 'z')` is "the orc asleep at 1". A label may
    /// hold an item instead (`('1', '!')`, a potion at 1), so its cell keeps its name. An awake
    /// monster has noticed the player: it hunts from the first turn (what it does about the
    /// player is what these tests ask; [`Scenario::unnoticed`] leaves it to notice by itself).
    pub fn with_npcs(rows: &[&str], npcs: &[(char, char)]) -> Self {
        let mut scenario = Self::unnoticed(rows, npcs);
        scenario.game = scenario.game.with_wanderers_noticing();
        scenario.frames = vec![scenario.frame()];
        scenario
    }

    /// [`Scenario::with_npcs`] with its awake monsters wandering, unaware of the player until
    /// they notice it by the stealth rules.
    pub fn unnoticed(rows: &[&str], npcs: &[(char, char)]) -> Self {
        let rows: Vec<String> = rows.iter().map(|row| row.to_string()).collect();
        let plain: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (_, labels) = Game::from_ascii(&plain, GameOptions::default()).expect("valid map");
        let placed: Vec<String> = rows
            .iter()
            .map(|row| {
                row.chars()
                    .map(|c| {
                        npcs.iter()
                            .find(|(l, _)| *l == c)
                            .map_or(c, |&(_, npc)| npc)
                    })
                    .collect()
            })
            .collect();
        let placed: Vec<&str> = placed.iter().map(String::as_str).collect();
        let (game, _) = Game::from_ascii(&placed, GameOptions::default()).expect("valid map");
        let mut scenario = Self {
            game,
            labels,
            named: Vec::new(),
            frames: Vec::new(),
        };
        let is_npc = |glyph: char| NpcKind::from_map_letter(glyph).is_some();
        for &(label, _) in npcs.iter().filter(|(_, glyph)| is_npc(*glyph)) {
            let at = scenario.at(label);
            let id = scenario
                .game
                .inhabitants()
                .npcs()
                .find(|n| n.coord == at)
                .expect("placed")
                .id;
            scenario.named.push((label, id));
        }
        scenario.frames.push(scenario.frame());
        scenario
    }

    /// The first of the scenario's games, rolled from seeds 0, 1, 2, ..., in which `opening`
    /// (played on it) returns true: for rules that follow a roll, such as "once hurt to half,
    /// an orc runs", the test starts from a game where the roll went that way. Panics if no
    /// seed of the first hundred gives it, since the dice are then not what the test assumes.
    pub fn rolled(
        rows: &[&str],
        npcs: &[(char, char)],
        opening: impl Fn(&mut Self) -> bool,
    ) -> Self {
        Self::rolled_from(rows, npcs, Self::with_npcs, opening)
    }

    /// [`Scenario::rolled`] with its awake monsters unaware of the player (see
    /// [`Scenario::unnoticed`]): for rules that follow a monster's noticing the player.
    pub fn rolled_unnoticed(
        rows: &[&str],
        npcs: &[(char, char)],
        opening: impl Fn(&mut Self) -> bool,
    ) -> Self {
        Self::rolled_from(rows, npcs, Self::unnoticed, opening)
    }

    fn rolled_from(
        rows: &[&str],
        npcs: &[(char, char)],
        new: MakeScenario,
        opening: impl Fn(&mut Self) -> bool,
    ) -> Self {
        for seed in 0..100 {
            let mut scenario = new(rows, npcs);
            scenario.game = scenario.game.reseeded(seed);
            if opening(&mut scenario) {
                return scenario;
            }
        }
        panic!("no seed of the first hundred gives the opening this test needs");
    }

    /// The NPC that started at `label`, if it still lives.
    pub fn npc(&self, label: char) -> Option<NpcInfo> {
        let id = self.named.iter().find(|(l, _)| *l == label)?.1;
        self.game.inhabitants().npcs().find(|n| n.id == id)
    }

    /// Where the NPC that started at `label` stands now.
    pub fn where_is(&self, label: char) -> ICoord {
        self.npc(label)
            .unwrap_or_else(|| self.fail(&format!("the NPC from {label} is dead")))
            .coord
    }

    /// The memory of the NPC that started at `label`.
    pub fn mind(&self, label: char) -> Agent {
        let id = self.npc(label).map(|n| n.id);
        id.and_then(|id| self.game.inhabitants().agent(id))
            .unwrap_or_else(|| self.fail(&format!("the NPC from {label} is dead")))
    }

    /// Plays one action and keeps the map for the record.
    pub fn act(&mut self, action: PlayerAction) -> TurnOutcome {
        let outcome = self.game.act(action);
        self.frames.push(self.frame());
        outcome
    }

    /// Panics with `message` and the latest turns' maps unless `condition` holds.
    pub fn check(&self, condition: bool, message: &str) {
        if !condition {
            self.fail(message);
        }
    }

    /// Panics with `message`, both values and the latest turns' maps unless they are equal.
    pub fn check_eq<T: PartialEq + std::fmt::Debug>(&self, found: T, expected: T, message: &str) {
        if found != expected {
            self.fail(&format!(
                "{message}\n  found:    {found:?}\n  expected: {expected:?}"
            ));
        }
    }

    /// Panics with `message`, the value and the latest turns' maps if they are equal.
    pub fn check_ne<T: PartialEq + std::fmt::Debug>(&self, found: T, unexpected: T, message: &str) {
        if found == unexpected {
            self.fail(&format!("{message}\n  both: {found:?}"));
        }
    }

    pub fn fail(&self, message: &str) -> ! {
        let start = self.frames.len().saturating_sub(FRAMES_SHOWN);
        let frames = self.frames[start..].join("\n");
        panic!("{message}\n\nThe latest turns:\n{frames}");
    }

    /// The true map now: walls, the player, NPCs (`o`/`T`, `z`/`Z` asleep) and what each NPC
    /// is doing.
    pub fn frame(&self) -> String {
        let size = self.game.size();
        let npcs: Vec<NpcInfo> = self.game.inhabitants().npcs().collect();
        let mut text = format!(
            "turn {}, player {:?}\n",
            self.game.turn(),
            self.game.player_hit_points()
        );
        for y in 0..size.height() as i32 {
            for x in 0..size.width() as i32 {
                let coord = ICoord::new(x, y);
                let npc = npcs.iter().find(|n| n.coord == coord);
                text.push(match npc {
                    _ if coord == self.game.player_coord() => '@',
                    Some(npc) => npc_glyph(npc, self.game.inhabitants().agent(npc.id)),
                    None if self.game.level().is_chasm(coord) => ':',
                    // Seen across but never walked: deep water.
                    None if self.game.level().blocks_walking(coord)
                        && !self.game.level().blocks_sight(coord) =>
                    {
                        '~'
                    }
                    None if self.game.level().blocks_walking(coord) => '#',
                    // Walkable yet opaque: a closed door.
                    None if self.game.level().blocks_sight(coord) => '+',
                    None => '.',
                });
            }
            text.push('\n');
        }
        for npc in &npcs {
            if let Some(agent) = self.game.inhabitants().agent(npc.id) {
                let line = format!(
                    "  {:?} at {}: {:?} ({:?})\n",
                    npc.kind, npc.coord, agent.state, agent.last_transition
                );
                text.push_str(&line);
            }
        }
        text
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
        self.game.inhabitants().npcs().collect()
    }

    pub fn npc_coords(&self) -> Vec<ICoord> {
        self.game.inhabitants().npcs().map(|n| n.coord).collect()
    }

    /// The memory of the NPC standing at `coord`.
    pub fn agent(&self, coord: ICoord) -> Agent {
        self.game
            .inhabitants()
            .agent_at(coord)
            .unwrap_or_else(|| panic!("no NPC at {coord}"))
    }

    /// The NPC that started at `label` is an ally of the player's, following it.
    #[must_use]
    pub fn with_ally(mut self, label: char) -> Self {
        let id = self.id(label);
        self.game = self.game.with_ally(id);
        self.frames.push(self.frame());
        self
    }

    /// The NPC that started at `label` is held captive.
    #[must_use]
    pub fn with_captive(mut self, label: char) -> Self {
        let id = self.id(label);
        self.game = self.game.with_captive(id);
        self.frames.push(self.frame());
        self
    }

    /// The NPC that started at `label` stands guard where it stands.
    #[must_use]
    pub fn with_guard(mut self, label: char) -> Self {
        let id = self.id(label);
        self.game = self.game.with_guard(id);
        self
    }

    fn id(&self, label: char) -> EntityId {
        self.npc(label)
            .unwrap_or_else(|| panic!("no NPC at {label}"))
            .id
    }

    /// The game changed by one of its `with_*` makers (a hurt troll, a hurt player).
    pub fn change(&mut self, make: impl FnOnce(Game) -> Game) {
        let placeholder = Game::from_ascii(&["###", "#@#", "###"], GameOptions::default())
            .expect("a valid map")
            .0;
        let game = std::mem::replace(&mut self.game, placeholder);
        self.game = make(game);
    }

    pub fn wait(&mut self, turns: usize) {
        for _ in 0..turns {
            self.act(PlayerAction::Wait);
        }
    }
}

/// The letter a test map draws the NPC with (its kind's `map_letters`), asleep or awake; an
/// ally as `&`, a captive as `"`, whatever their kinds (the lines under the map say which).
fn npc_glyph(npc: &NpcInfo, agent: Option<Agent>) -> char {
    let letters = npc.kind.rules().map_letters;
    match (npc.side, agent.is_some_and(|a| a.is_asleep())) {
        (Side::Hero, _) => '&',
        (Side::Captive, _) => '"',
        (Side::Dungeon, true) => letters.asleep,
        (Side::Dungeon, false) => letters.awake,
    }
}

/// The kinds tests name, found by the letters test maps draw them with.
pub fn orc() -> NpcKind {
    npc_kind('o')
}

pub fn troll() -> NpcKind {
    npc_kind('T')
}

pub fn potion() -> ItemKind {
    item_kind('!')
}

pub fn sunstone() -> ItemKind {
    item_kind('*')
}

fn npc_kind(letter: char) -> NpcKind {
    NpcKind::from_map_letter(letter)
        .unwrap_or_else(|| panic!("no kind drawn with {letter}"))
        .0
}

fn item_kind(letter: char) -> ItemKind {
    ItemKind::from_map_letter(letter).unwrap_or_else(|| panic!("no item drawn with {letter}"))
}

/// Where `glyph` (the stairs, `>`, which a digit cannot mark) is drawn on a test map.
pub fn drawn_at(rows: &[&str], glyph: char) -> ICoord {
    rows.iter()
        .enumerate()
        .find_map(|(y, row)| {
            let x = row.chars().position(|c| c == glyph)?;
            Some(ICoord::new(x as i32, y as i32))
        })
        .unwrap_or_else(|| panic!("no {glyph} on the map"))
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
        8 => Just(PlayerAction::Wait),
        8 => Just(PlayerAction::Move(CardinalDirection::North)),
        8 => Just(PlayerAction::Move(CardinalDirection::East)),
        8 => Just(PlayerAction::Move(CardinalDirection::South)),
        8 => Just(PlayerAction::Move(CardinalDirection::West)),
        2 => Just(PlayerAction::Descend),
        2 => Just(PlayerAction::PickUp),
        2 => Just(PlayerAction::Search),
        2 => (0u8..3).prop_map(|slot| PlayerAction::Drop { slot }),
        2 => (0u8..3).prop_map(|slot| PlayerAction::Use { slot, at: None }),
        2 => (0u8..3, -2i32..82, -2i32..32).prop_map(|(slot, x, y)| PlayerAction::Use {
            slot,
            at: Some(ICoord::new(x, y)),
        }),
        1 => (0u8..3, 0u8..3).prop_map(|(slot, on)| PlayerAction::UseOn { slot, on }),
        2 => (0u8..3, -2i32..82, -2i32..32).prop_map(|(slot, x, y)| PlayerAction::Throw {
            slot,
            at: ICoord::new(x, y),
        }),
        2 => (0u8..4).prop_map(|boon| PlayerAction::Choose { boon }),
        1 => (0usize..4).prop_map(|d| PlayerAction::Free(
            CardinalDirection::all().nth(d).expect("four directions")
        )),
        1 => wizard_command().prop_map(PlayerAction::Wizard),
    ]
}

/// Any one wizard command, some of them impossible (a cell off the map, a kind past the tables).
pub fn wizard_command() -> impl Strategy<Value = umbra_rules::game::WizardCommand> {
    use umbra_rules::game::WizardCommand;
    let cell = (-2i32..82, -2i32..32).prop_map(|(x, y)| ICoord::new(x, y));
    // Descending is rare: each depth reached waits for a boon to be chosen.
    prop_oneof![
        1 => Just(WizardCommand::Descend),
        4 => Just(WizardCommand::Heal),
        4 => Just(WizardCommand::Reveal),
        4 => Just(WizardCommand::SleepInView),
        4 => cell.clone().prop_map(|to| WizardCommand::Teleport { to }),
        4 => (0u8..9, cell.clone()).prop_map(|(kind, at)| WizardCommand::Spawn { kind, at }),
        2 => (0u8..9, cell.clone()).prop_map(|(kind, at)| WizardCommand::SpawnAlly { kind, at }),
        4 => (0u8..14).prop_map(|kind| WizardCommand::Give { kind }),
        3 => cell.clone().prop_map(|at| WizardCommand::SetFire { at }),
        3 => (0u8..4, cell.clone()).prop_map(|(kind, at)| WizardCommand::ReleaseGas { kind, at }),
        3 => cell.prop_map(|at| WizardCommand::SetOffMachine { at }),
    ]
}

/// What tells two levels apart: the walls, where the player stands, who stands where.
pub type LevelPicture = (Vec<bool>, ICoord, Vec<(ICoord, NpcKind)>);

pub fn level_picture(game: &Game) -> LevelPicture {
    let walls = game
        .size()
        .icoord_iter_row_major()
        .map(|c| game.level().blocks_walking(c))
        .collect();
    let npcs = game
        .inhabitants()
        .npcs()
        .map(|n| (n.coord, n.kind))
        .collect();
    (walls, game.player_coord(), npcs)
}

/// One key press for the app, on a screen of `size`.
pub fn press_on(
    app: &mut umbra::app::GameApp,
    size: coord_2d::UCoord,
    key: chargrid::input::KeyboardInput,
) {
    use chargrid::core::{Component, Event, FrameBuffer};
    let fb = FrameBuffer::new(size);
    let event = Event::Input(chargrid::input::Input::Keyboard(key));
    app.update(&mut (), fb.default_ctx(), event);
}

/// The first seed whose opening lets the player explore a good way (more than 25 steps)
/// before anything stops it, as the game's own explore plays it.
pub fn calm_seed() -> u64 {
    (0..200)
        .find(|&seed| {
            let mut game = Game::new(seed, GameOptions::default());
            let mut doing = game.begin(umbra_rules::game::Activity::Explore);
            let mut steps = 0;
            while game.step(&mut doing).is_ok() {
                steps += 1;
            }
            steps > 25
        })
        .expect("some start is calm")
}

/// The first seed whose player, only waiting, is found and killed within `turns` turns: for
/// tests of how a run ends, which should not hang on one seed's monsters as rules change.
pub fn doomed_seed(turns: u32) -> u64 {
    (1..200)
        .find(|&seed| {
            let mut game = Game::new(seed, GameOptions::default());
            (0..turns).any(|_| {
                game.act(PlayerAction::Wait);
                game.is_over()
            })
        })
        .expect("some player who only waits dies")
}
