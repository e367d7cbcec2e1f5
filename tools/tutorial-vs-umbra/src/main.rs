//! The chargrid roguelike tutorial's own turn (its `part-6-end` branch, fetched by `run.sh`)
//! against Umbra's, on the tutorial's own levels (its rooms and L-corridors, drawn by its own
//! generator from the same seed) and the play benchmark's scripted player (lib.rs), with Umbra's
//! floor (`umbra_rules::turn_floor`: a turn with no NPC phase) beside them, alternating blocks of
//! 50 actions within each game. The tutorial's turn is played from its own shared library
//! (lib.rs), so that changing Umbra's code never moves the tutorial's. Umbra takes no turn for a
//! step into a wall where the tutorial runs its whole turn, so the fair unit is the time per turn
//! taken; per action is printed beside it.
//!
//! `tutorial-vs-umbra [ratio|umbra|tutorial|floor] [runs] [width]`: `umbra`, `tutorial` or
//! `floor` plays one alone in this process, for callgrind and cachegrind (`cost-model.sh`); with
//! `-setup` after it (`umbra-setup`) it only makes the games, whose counts docs/performance.md's
//! cost model subtracts. `width` keeps one size. `TUTORIAL_LIB` names the tutorial's library kept
//! from an earlier build. `pad` prices code that leaves the instruction cache: the tutorial's
//! turn played as it is and followed by 16 KB and 32 KB of no-ops (`pad.rs`), alternating,
//! against those no-ops run hot; `pad-jumps` the same with pads that are chains of jumps in a
//! scattered order, which the fetch of the next line does not help.
mod pad;

use std::ffi::c_void;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use libloading::Library;
use tutorial_vs_umbra::{
    per, play_tutorial, script, sizes, tutorial_game, tutorial_level, Step, BLOCK, TURNS,
};
use umbra_rules::game::TurnOutcome;
use umbra_rules::turn_floor::Floor;
use umbra_rules::world::World;
use umbra_rules::{Game, GameOptions, PlayerAction};

/// The scripted player's action as Umbra takes it.
fn umbra_action(step: Step) -> PlayerAction {
    match step {
        Step::Wait => PlayerAction::Wait,
        Step::Move(d) => PlayerAction::Move(direction19::CardinalDirection::all().nth(d).unwrap()),
    }
}

fn umbra_game(rows: &[String], width: u32, height: u32) -> Game {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let options = GameOptions {
        map_size: coord_2d_04::UCoord::new(width, height),
        ..GameOptions::default()
    };
    let (game, _) = Game::from_ascii(&rows, options).expect("a tutorial level reads");
    game.with_player_max_hit_points(10_000_000)
        .with_every_npc_awake()
}

/// Umbra's floor on the tutorial's level drawn in `rows`.
fn floor_game(rows: &[String]) -> Floor {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (terrain, _) = umbra_rules::terrain::from_ascii(&rows).expect("a tutorial level reads");
    Floor::new(World::from_terrain(&terrain))
}

// Out of line so that callgrind can count the turns alone (footprint.sh).
#[inline(never)]
fn play_umbra(game: &mut Game, block: &[PlayerAction]) -> u32 {
    let mut taken = 0;
    for &action in block {
        if let TurnOutcome::TurnTaken = black_box(game.act(action)) {
            taken += 1;
        }
    }
    taken
}

// Out of line so that callgrind can count the turns alone (footprint.sh).
#[inline(never)]
fn play_floor(floor: &mut Floor, block: &[PlayerAction]) -> u32 {
    let mut taken = 0;
    for &action in block {
        taken += u32::from(black_box(floor.turn(action)));
    }
    taken
}

#[derive(Default)]
struct Times {
    umbra: Duration,
    tutorial: Duration,
    floor: Duration,
    umbra_turns: u32,
    tutorial_turns: u32,
    floor_turns: u32,
    actions: u32,
    npcs: usize,
}

/// `lib`: the tutorial's shared library, which `ratio` plays in turn with Umbra.
fn run(width: u32, height: u32, seeds: u64, which: &str, lib: Option<&TutorialLib>) -> Times {
    let mut t = Times::default();
    for seed in 0..seeds {
        let (rows, npcs) = tutorial_level(seed, width, height);
        t.npcs += npcs;
        let steps = script(seed, TURNS);
        let actions: Vec<PlayerAction> = steps.iter().map(|&step| umbra_action(step)).collect();
        let side = which.trim_end_matches("-setup");
        let mut umbra = matches!(side, "ratio" | "umbra").then(|| umbra_game(&rows, width, height));
        // Alone, the tutorial plays here, for callgrind; in `ratio`, from its shared library.
        let mut tutorial = (side == "tutorial").then(|| tutorial_game(seed, width, height));
        let mut loaded = lib
            .filter(|_| side == "ratio")
            .map(|lib| lib.game(seed, width, height));
        let mut floor = matches!(side, "ratio" | "floor").then(|| floor_game(&rows));
        if side != which {
            black_box((&umbra, &tutorial, &floor, &loaded));
            continue;
        }
        for (block, steps) in actions.chunks(BLOCK).zip(steps.chunks(BLOCK)) {
            if let Some(g) = umbra.as_mut() {
                let start = Instant::now();
                t.umbra_turns += play_umbra(g, block);
                t.umbra += start.elapsed();
            }
            if let Some(f) = floor.as_mut() {
                let start = Instant::now();
                t.floor_turns += play_floor(f, block);
                t.floor += start.elapsed();
            }
            if let Some(g) = tutorial.as_mut() {
                let start = Instant::now();
                t.tutorial_turns += play_tutorial(g, steps);
                t.tutorial += start.elapsed();
            }
            if let Some(g) = loaded.as_mut() {
                let start = Instant::now();
                t.tutorial_turns += g.play(steps);
                t.tutorial += start.elapsed();
            }
        }
        t.actions += actions.len() as u32;
    }
    t
}

/// The tutorial's turn as its shared library has it (lib.rs): `TUTORIAL_LIB` if set (one kept
/// from an earlier build), or the one built beside this binary.
struct TutorialLib {
    _library: Library,
    new: unsafe extern "C" fn(u64, u32, u32) -> *mut c_void,
    play: unsafe extern "C" fn(*mut c_void, *const Step, usize) -> u32,
    drop: unsafe extern "C" fn(*mut c_void),
}

impl TutorialLib {
    fn load() -> Self {
        let path = match std::env::var_os("TUTORIAL_LIB") {
            Some(path) => PathBuf::from(path),
            None => std::env::current_exe()
                .expect("the harness knows where it runs from")
                .with_file_name("libtutorial_vs_umbra.so"),
        };
        let loaded = |what: &str, e: libloading::Error| format!("{}: {what}: {e}", path.display());
        // SAFETY: the library is lib.rs built by this package, whose three functions have
        // these signatures; they are copied out while `_library` keeps it loaded.
        unsafe {
            let library = Library::new(&path).map_err(|e| loaded("load", e)).unwrap();
            let new = *(library.get(b"tutorial_new"))
                .map_err(|e| loaded("tutorial_new", e))
                .unwrap();
            let play = *(library.get(b"tutorial_play"))
                .map_err(|e| loaded("tutorial_play", e))
                .unwrap();
            let drop = *(library.get(b"tutorial_drop"))
                .map_err(|e| loaded("tutorial_drop", e))
                .unwrap();
            TutorialLib {
                _library: library,
                new,
                play,
                drop,
            }
        }
    }

    fn game(&self, seed: u64, width: u32, height: u32) -> LoadedGame<'_> {
        // SAFETY: any seed and size makes a game.
        let game = unsafe { (self.new)(seed, width, height) };
        LoadedGame { lib: self, game }
    }
}

/// A tutorial game in the shared library, dropped there.
struct LoadedGame<'a> {
    lib: &'a TutorialLib,
    game: *mut c_void,
}

impl LoadedGame<'_> {
    fn play(&mut self, steps: &[Step]) -> u32 {
        // SAFETY: the game is alive, and the steps are a slice.
        unsafe { (self.lib.play)(self.game, steps.as_ptr(), steps.len()) }
    }
}

impl Drop for LoadedGame<'_> {
    fn drop(&mut self) {
        // SAFETY: made by `new` and dropped once, here.
        unsafe { (self.lib.drop)(self.game) }
    }
}

/// The tutorial's turn plain and followed by each pad, alternating in blocks on the same
/// games, and each pad run hot in a loop as many times: the time a turn of each, in order
/// plain, padded by 256 lines, padded by 512, then the two pads hot. `jumps`: the pads are
/// chains of jumps in a scattered order, not no-ops in a row.
fn run_pad(width: u32, height: u32, seeds: u64, jumps: bool) -> [Duration; 5] {
    let mut t = [Duration::ZERO; 5];
    let mut turns = 0;
    let pads: [fn(); 2] = match jumps {
        true => [pad::jumps::<256>, pad::jumps::<512>],
        false => [pad::lines::<256>, pad::lines::<512>],
    };
    for seed in 0..seeds {
        let actions = script(seed, TURNS);
        let mut games: Vec<_> = (0..3).map(|_| tutorial_game(seed, width, height)).collect();
        for block in actions.chunks(BLOCK) {
            for (i, game) in games.iter_mut().enumerate() {
                let start = Instant::now();
                match i {
                    0 => {
                        play_tutorial(game, block);
                    }
                    _ => play_tutorial_padded(game, block, pads[i - 1]),
                }
                t[i] += start.elapsed();
            }
            for (i, pad) in pads.iter().enumerate() {
                let start = Instant::now();
                for _ in block {
                    pad();
                }
                t[3 + i] += start.elapsed();
            }
            turns += block.len() as u32;
        }
    }
    t.map(|d| d / turns.max(1))
}

/// [`play_tutorial`], with `pad` run after each turn.
#[inline(never)]
fn play_tutorial_padded(game: &mut tutorial_vs_umbra::game::GameState, block: &[Step], pad: fn()) {
    for action in block {
        play_tutorial(game, std::slice::from_ref(action));
        pad();
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map(String::as_str).unwrap_or("ratio");
    let runs: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    if which == "pad" || which == "pad-jumps" {
        println!("| size | tutorial's turn | + 256 lines | + 512 lines | 256 lines hot | 512 lines hot | a line fetched again, each turn |");
        println!("|---|---|---|---|---|---|---|");
        for _ in 0..runs {
            for (w, h, seeds) in sizes(args.get(3)) {
                let [plain, p256, p512, hot256, hot512] =
                    run_pad(w, h, seeds, which == "pad-jumps").map(|d| d.as_secs_f64() * 1e6);
                let line = |padded: f64, hot: f64, n: f64| (padded - plain - hot) * 1e3 / n;
                println!(
                    "| {w}x{h} | {plain:.2} µs | {p256:.2} µs | {p512:.2} µs | {hot256:.3} µs | {hot512:.3} µs | {:.1} ns; {:.1} ns |",
                    line(p256, hot256, 256.0),
                    line(p512, hot512, 512.0)
                );
            }
        }
        return;
    }
    let lib = (which == "ratio").then(TutorialLib::load);
    println!("| size | games | NPCs a level | Umbra per turn taken | tutorial per turn | ratio | Umbra's floor per turn taken | tutorial / floor | Umbra per action | ratio per action | Umbra turns taken | turns taken (Umbra; floor; tutorial) |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for _ in 0..runs {
        for (w, h, seeds) in sizes(args.get(3)) {
            let t = run(w, h, seeds, which, lib.as_ref());
            let u = per(t.umbra, t.umbra_turns);
            let r = per(t.tutorial, t.tutorial_turns);
            let f = per(t.floor, t.floor_turns);
            let ua = per(t.umbra, t.actions);
            println!(
                "| {w}x{h} | {seeds} | {:.1} | {u:.2} µs | {r:.2} µs | {:.2}x | {f:.2} µs | {:.2}x | {ua:.2} µs | {:.2}x | {:.0} % | {}; {}; {} |",
                t.npcs as f64 / seeds as f64,
                r / u,
                r / f,
                r / ua,
                100.0 * f64::from(t.umbra_turns) / f64::from(t.actions),
                t.umbra_turns,
                t.floor_turns,
                t.tutorial_turns
            );
        }
    }
}
