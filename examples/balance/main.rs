//! Measured difficulty: whole runs played headlessly by scripted players that see only what a
//! player would (the cells in view and those remembered), over many seeds.
//!
//! `cargo run --release --example balance` plays 200 runs per player and prints the table in
//! docs/balance.md; `-- --runs N` plays N. `cargo test` runs a few of them (see the tests below).

mod activities;
mod altars;
mod args;
mod armoury;
mod charts;
mod golden;
mod items;
mod players;
mod sight;
mod table;

use std::io::Write;
use std::thread;

use args::{Request, request_from_args};
use direction::CardinalDirection;
use players::{Player, Style};
use umbra_rules::content::ItemUse;
use umbra_rules::game::{Actor, Boon, Ending, GameEvent, ItemClass};
use umbra_rules::game::{DungeonEvent, FightEvent, ItemEvent};
use umbra_rules::{Game, GameOptions, PlayerAction};

/// A run still going after this many turns is counted as lost: a stuck player, not a slow one
/// (a careful win takes a few thousand).
const TURN_LIMIT: u64 = 50_000;
/// Actions sent, turn or no turn, before a run is counted as lost: twice the turn limit.
const ACTION_LIMIT: usize = 2 * TURN_LIMIT as usize;

/// How one run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Outcome {
    won: bool,
    depth: u32,
    turns: u64,
    /// Potions drunk and scrolls read.
    items_used: u64,
    /// Darts thrown (they are gathered again after a fight).
    thrown: u64,
    /// What dealt the killing blow, for a run that ended in death (a kind, fire, a gas).
    killer: Option<Actor>,
    /// Monsters killed by fire, and by gas, whoever set them going.
    fire_kills: u64,
    gas_kills: u64,
    /// Choices between reasonable actions: an item used, a boon chosen, gear put on or away.
    decisions: u64,
    /// Secret doors found (the scripted players never search on purpose: these are noticed).
    secret_doors: u64,
    /// Jumps into a chasm.
    chasms: u64,
    /// Reward rooms (vaults) whose altars the player saw.
    rooms_seen: u64,
    /// Rewards taken from reward rooms: an item from an altar, or a kennel's captive freed
    /// (each closing the cages over the rest).
    vaults: u64,
    /// Captives freed.
    allies_freed: u64,
    /// Monsters the player's side killed.
    kills: u64,
    /// Potions and scrolls still carried when the run was won (none counted for a loss).
    left_at_win: u64,
    /// Healing potions drunk over the run (the hand-played winner drank none).
    healing_drunk: u64,
    /// Weapons and armour carried but not in use when the run was won (none for a loss).
    spare_gear_at_win: u64,
    /// How many times each boon was chosen, in `Boon::ALL`'s order.
    boons: [u64; 5],
    /// Turns with an archer in view and no blow struck or shot either way.
    standoff: u64,
    /// The player's blows from the dark (at a monster asleep or unaware).
    sneak_attacks: u64,
    /// Monsters the player killed before they ever noticed it: a blow from the dark that
    /// killed.
    killed_unaware: u64,
    /// Distinct item kinds the player used (drank, read, zapped, threw, wore, wielded or
    /// enchanted with) in a turn that passed.
    kinds_used: u64,
    /// Bands that arrived on the levels the player was on (see `game/arrivals.rs`).
    arrivals: u64,
    /// Healing potions still carried when the run was won (none counted for a loss).
    healing_left_at_win: u64,
    /// Staffs and wands carried charged and never used when the run was won (none counted for
    /// a loss): a staff recharges, so one used is not counted however full it is.
    charged_left_at_win: u64,
    /// The lowest the player's health fell over the run, in percent of its most.
    lowest_health: u64,
    /// Traps the player set off by stepping on them (hidden ones, mostly: the scripted
    /// players' routes keep off the traps they know).
    traps_sprung: u64,
    /// Hidden traps the player found (noticed in passing: the scripted players never search).
    traps_found: u64,
    /// Machines the player set off (lifting what lay on a machine's altar, pulling a lever).
    machines_set_off: u64,
    /// Keys the player took (from a machine's altar, or where one lay).
    keys_won: u64,
    /// Locked vault doors the player opened with their keys.
    keys_used: u64,
}

fn play(style: Style, seed: u64) -> Outcome {
    play_watched(style, seed, GameOptions::default(), |_| ())
}

/// Plays a run, showing `watch` the game after every action.
fn play_watched(
    style: Style,
    seed: u64,
    options: GameOptions,
    mut watch: impl FnMut(&Game),
) -> Outcome {
    let (mut items_used, mut thrown, mut decisions, mut standoff) = (0, 0, 0, 0);
    let (mut sneak_attacks, mut killed_unaware) = (0, 0);
    let (mut fire_kills, mut gas_kills) = (0, 0);
    let mut healing_drunk = 0;
    let mut arrivals = 0;
    let (mut traps_sprung, mut traps_found) = (0, 0);
    let (mut machines_set_off, mut keys_won, mut keys_used) = (0, 0, 0);
    let mut rooms_taken = 0;
    let mut rooms_seen = 0;
    let mut lowest_health = 100;
    let mut turn = 0;
    let mut seen = Vec::new();
    // A volley of darts at one foe is one decision, not one a dart.
    let mut throwing = false;
    let mut pack_before = None;
    let mut kinds_used: Vec<umbra_rules::game::ItemKind> = Vec::new();
    let mut last_turn = 0;
    let game = play_game(style, seed, options, |game| {
        // What the last action used, if it took time.
        if game.turn() > last_turn
            && let (Some(&action), Some(pack)) = (game.actions().last(), pack_before.as_ref())
        {
            let slots = match action {
                PlayerAction::Use { slot, .. } | PlayerAction::Throw { slot, .. } => {
                    [Some(slot), None]
                }
                PlayerAction::UseOn { slot, on } => [Some(slot), Some(on)],
                _ => [None, None],
            };
            for slot in slots.into_iter().flatten() {
                if let Some(stack) = umbra_rules::game::Pack::get(pack, slot)
                    && !kinds_used.contains(&stack.kind)
                {
                    kinds_used.push(stack.kind);
                }
            }
        }
        last_turn = game.turn();
        // What the last action used, from the pack before it.
        match game.actions().last() {
            Some(PlayerAction::Choose { .. }) => decisions += 1,
            Some(PlayerAction::Use { .. } | PlayerAction::Throw { .. }) => (),
            Some(_) => throwing = false,
            None => (),
        }
        if let (Some(PlayerAction::Use { slot, .. } | PlayerAction::Throw { slot, .. }), Some(pack)) =
            (game.actions().last(), pack_before.take())
            && let Some(stack) = umbra_rules::game::Pack::get(&pack, *slot)
        {
            let missile = stack.kind.rules().use_.class() == umbra_rules::game::ItemClass::Missile;
            decisions += u64::from(!(missile && throwing));
            throwing = missile;
            match stack.kind.rules().use_.class() {
                umbra_rules::game::ItemClass::Missile => thrown += 1,
                umbra_rules::game::ItemClass::Potion | umbra_rules::game::ItemClass::Scroll => {
                    items_used += 1
                }
                _ => (),
            }
        }
        pack_before = Some(game.pack().clone());
        for event in game.events() {
            match event {
                GameEvent::Fight(FightEvent::Kill {
                    killer: Actor::Fire,
                    victim: Actor::Npc(_),
                }) => fire_kills += 1,
                GameEvent::Fight(FightEvent::Kill {
                    killer: Actor::Gas(_),
                    victim: Actor::Npc(_),
                }) => gas_kills += 1,
                GameEvent::Items(ItemEvent::Drank { item, .. })
                    if matches!(item.kind.rules().use_, ItemUse::Drink { .. }) =>
                {
                    healing_drunk += 1
                }
                GameEvent::Dungeon(DungeonEvent::SomethingArrived) => arrivals += 1,
                GameEvent::Dungeon(DungeonEvent::TrapSprung {
                    who: Some(Actor::Player),
                    ..
                }) => traps_sprung += 1,
                GameEvent::Dungeon(DungeonEvent::FoundTrap { .. }) => traps_found += 1,
                GameEvent::Dungeon(DungeonEvent::MachineSetOff { first: true, .. }) => {
                    machines_set_off += 1
                }
                GameEvent::Dungeon(DungeonEvent::Unlocked) => keys_used += 1,
                GameEvent::Dungeon(DungeonEvent::Caged { .. }) => rooms_taken += 1,
                GameEvent::Dungeon(DungeonEvent::RoomSeen { room })
                    if room.rules().role == umbra_rules::content::Role::RewardRoom =>
                {
                    rooms_seen += 1
                }
                GameEvent::Items(ItemEvent::PickedUp { item, .. })
                    if item.kind == umbra_rules::content::ItemKind::key() =>
                {
                    keys_won += 1
                }
                _ => (),
            }
        }
        let health = game.player_hit_points();
        if health.current > 0 {
            lowest_health = lowest_health.min(100 * health.current / health.max.max(1));
        }
        let (sneaks, killed) = blows_from_the_dark(game.events());
        sneak_attacks += sneaks;
        killed_unaware += killed;
        if game.turn() > turn {
            turn = game.turn();
            standoff += u64::from(sight::archer_standoff(game, &mut seen));
        }
        watch(game);
    });
    let carried = |class| {
        (game.pack().stacks())
            .filter(|(_, stack)| stack.kind.rules().use_.class() == class)
            .map(|(_, stack)| u64::from(stack.count))
            .sum::<u64>()
    };
    let left_at_win = match game.is_won() {
        true => carried(ItemClass::Potion) + carried(ItemClass::Scroll),
        false => 0,
    };
    let won_with = |counts: fn(&umbra_rules::game::Stack) -> bool| match game.is_won() {
        true => (game.pack().stacks())
            .filter(|(_, stack)| counts(stack))
            .map(|(_, stack)| u64::from(stack.count))
            .sum(),
        false => 0,
    };
    let healing_left_at_win =
        won_with(|stack| matches!(stack.kind.rules().use_, ItemUse::Drink { .. }));
    let unused_at_win = (game.pack().stacks()).filter(|(_, stack)| {
        let class = stack.kind.rules().use_.class();
        matches!(class, ItemClass::Staff | ItemClass::Wand)
            && stack.tuning.charges > 0
            && !kinds_used.contains(&stack.kind)
    });
    let charged_left_at_win = match game.is_won() {
        true => unused_at_win.count() as u64,
        false => 0,
    };
    let spare_gear_at_win = match game.is_won() {
        true => (game.pack().stacks())
            .filter(|(_, stack)| {
                let class = stack.kind.rules().use_.class();
                matches!(class, ItemClass::Weapon | ItemClass::Armour)
                    && !game.pack().is_in_use(stack.kind)
            })
            .map(|(_, stack)| u64::from(stack.count))
            .sum(),
        false => 0,
    };
    Outcome {
        won: game.is_won(),
        depth: game.depth(),
        turns: game.turn(),
        items_used,
        thrown,
        killer: match game.ending() {
            Some(Ending::Died { killer }) => Some(killer),
            _ => None,
        },
        fire_kills,
        gas_kills,
        decisions,
        secret_doors: u64::from(game.secret_doors_found()),
        chasms: u64::from(game.chasms_jumped()),
        rooms_seen,
        vaults: rooms_taken,
        allies_freed: u64::from(game.allies_freed()),
        kills: game.kills(),
        left_at_win,
        healing_drunk,
        spare_gear_at_win,
        boons: Boon::ALL.map(|boon| u64::from(game.boon_count(boon))),
        standoff,
        sneak_attacks,
        killed_unaware,
        kinds_used: kinds_used.len() as u64,
        arrivals,
        healing_left_at_win,
        charged_left_at_win,
        lowest_health: u64::from(lowest_health),
        traps_sprung,
        traps_found,
        machines_set_off,
        keys_won,
        keys_used,
    }
}

/// The player's blows from the dark among one action's events, and how many of them killed.
fn blows_from_the_dark(events: &[GameEvent]) -> (u64, u64) {
    let mut blows = 0;
    let mut killed = 0;
    for (i, event) in events.iter().enumerate() {
        if let GameEvent::Fight(FightEvent::SneakAttack {
            attacker: Actor::Player,
            target,
            ..
        }) = *event
        {
            blows += 1;
            let kill = GameEvent::Fight(FightEvent::Kill {
                killer: Actor::Player,
                victim: target,
            });
            // Its kill comes after it, before any other blow (a noise it made may come
            // between).
            let next = events[i + 1..]
                .iter()
                .find(|e| e.is_blow() || matches!(e, GameEvent::Fight(FightEvent::Kill { .. })));
            killed += u64::from(next == Some(&kill));
        }
    }
    (blows, killed)
}

/// Plays a run to its end (or the turn limit) and returns the game.
fn play_game(style: Style, seed: u64, options: GameOptions, mut watch: impl FnMut(&Game)) -> Game {
    let mut game = Game::new(seed, options);
    let mut player = Player::new(style);
    // Actions that take no time (a step into a wall) count too, so a player stuck trying
    // one never plays for ever.
    while !game.is_over() && game.turn() < TURN_LIMIT && game.actions().len() < ACTION_LIMIT {
        let action = player.choose(&game);
        game.act(action);
        watch(&game);
    }
    game
}

/// Seeds 1..=runs, split between two threads (the machines this runs on have two cores).
fn play_many(style: Style, runs: u64) -> Vec<Outcome> {
    let seeds: Vec<u64> = (1..=runs).collect();
    let (first, second) = seeds.split_at(seeds.len() / 2);
    thread::scope(|scope| {
        let other = scope.spawn(|| second.iter().map(|&s| play(style, s)).collect::<Vec<_>>());
        let mut outcomes: Vec<Outcome> = first.iter().map(|&s| play(style, s)).collect();
        outcomes.extend(other.join().expect("a run panicked"));
        outcomes
    })
}

/// Win rate, mean depth reached and mean turns.
fn summary(outcomes: &[Outcome]) -> (f64, f64, f64) {
    let runs = outcomes.len().max(1) as f64;
    let wins = outcomes.iter().filter(|o| o.won).count() as f64;
    let depth: u64 = outcomes.iter().map(|o| u64::from(o.depth)).sum();
    let turns: u64 = outcomes.iter().map(|o| o.turns).sum();
    (wins / runs, depth as f64 / runs, turns as f64 / runs)
}

/// The key the game binds to an action.
fn key(action: PlayerAction) -> char {
    match action {
        PlayerAction::Move(CardinalDirection::North) => 'k',
        PlayerAction::Move(CardinalDirection::South) => 'j',
        PlayerAction::Move(CardinalDirection::East) => 'l',
        PlayerAction::Move(CardinalDirection::West) => 'h',
        PlayerAction::Wait => '.',
        PlayerAction::Descend => '>',
        PlayerAction::PickUp => 'g',
        PlayerAction::Search => 's',
        // Not one key: a letter (and a cell) follow; the keys line stops being replayable.
        PlayerAction::Drop { .. } => 'D',
        PlayerAction::Use { .. } => 'u',
        PlayerAction::Throw { .. } => 't',
        PlayerAction::UseOn { .. } => 'E',
        PlayerAction::Choose { boon } => char::from(b'1' + boon),
        // The scripted players never use the wizard's commands.
        PlayerAction::Wizard(_) => 'W',
        // A step into the captive, then `y`: the keys line stops being replayable here too.
        PlayerAction::Free(_) => 'F',
    }
}

fn trace(style: Style, seed: u64, options: GameOptions) {
    let outcome = play_watched(style, seed, options, |game| {
        // A flight is only drawn: it has no words.
        let said = (game.events().iter())
            .map(|&event| umbra::app::messages::describe(event))
            .filter(|words| !words.is_empty());
        for words in said {
            let hit_points = game.player_hit_points();
            let _ = writeln!(
                std::io::stdout(),
                "turn {:5} depth {:2} HP {:2}/{} potions {}: {words}",
                game.turn(),
                game.depth(),
                hit_points.current,
                hit_points.max,
                game.potions(),
            );
        }
    });
    let _ = writeln!(std::io::stdout(), "{outcome:?}");
}

fn main() -> std::process::ExitCode {
    let (runs, only, charts) = match request_from_args() {
        Ok(Request::Table { runs, only, charts }) => (runs, only, charts),
        Ok(Request::Trace {
            style,
            seed,
            options,
        }) => {
            trace(style, seed, options);
            return std::process::ExitCode::SUCCESS;
        }
        Ok(Request::Keys {
            style,
            seed,
            options,
        }) => {
            let mut keys = String::new();
            play_watched(style, seed, options, |game| {
                keys.push(key(*game
                    .actions()
                    .last()
                    .expect("an action was just played")));
            });
            let _ = writeln!(std::io::stdout(), "{keys}");
            return std::process::ExitCode::SUCCESS;
        }
        Ok(Request::Golden { dir }) => return record_goldens(&dir),
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "balance: {message}");
            return std::process::ExitCode::from(2);
        }
    };
    let (rates, careful) = table::print(runs, only);
    if let Some(dir) = charts
        && let Err(error) = charts::draw(std::path::Path::new(&dir), &rates, &careful)
    {
        let _ = writeln!(
            std::io::stderr(),
            "balance: cannot draw into {dir}: {error}"
        );
        return std::process::ExitCode::FAILURE;
    }
    std::process::ExitCode::SUCCESS
}

fn record_goldens(dir: &str) -> std::process::ExitCode {
    match golden::record(std::path::Path::new(dir)) {
        Ok(lines) => {
            for line in lines {
                let _ = writeln!(std::io::stdout(), "{line}");
            }
            std::process::ExitCode::SUCCESS
        }
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "balance: cannot write to {dir}: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Twenty runs each (a dozen leave items' worth to chance: seeds 1 to 12 win as often
    /// with as without): every run ends, careful play goes deeper and wins at least as often,
    /// careful play with items wins more and goes deeper than without, the careful player
    /// strikes from the dark, and a run is the same every time it is played.
    #[test]
    fn careful_play_goes_deeper_than_reckless_play() {
        let careful = play_many(Style::Careful, 20);
        let without_items = play_many(Style::CarefulWithoutItems, 20);
        let reckless = play_many(Style::Reckless, 20);
        for outcome in careful.iter().chain(&without_items).chain(&reckless) {
            assert!(
                outcome.turns < TURN_LIMIT,
                "a scripted player got stuck: {outcome:?}"
            );
        }
        let (careful_rate, careful_depth, _) = summary(&careful);
        let (reckless_rate, reckless_depth, _) = summary(&reckless);
        assert!(
            careful_depth > reckless_depth + 1.0,
            "{careful_depth} vs {reckless_depth}"
        );
        assert!(careful_rate >= reckless_rate);
        let (without_rate, without_depth, _) = summary(&without_items);
        assert!(
            careful_rate > without_rate && careful_depth > without_depth,
            "items help: {careful_rate} {careful_depth} vs {without_rate} {without_depth}"
        );
        assert!(
            without_depth > reckless_depth,
            "{without_depth} vs {reckless_depth}"
        );
        let used: u64 = careful.iter().map(|o| o.items_used + o.thrown).sum();
        assert!(used > 0, "the careful player uses what it finds");
        let from_the_dark: u64 = careful.iter().map(|o| o.killed_unaware).sum();
        assert!(from_the_dark > 0, "the careful player kills from the dark");
        assert!(
            careful.iter().any(|o| o.won),
            "some careful run of twenty wins: {careful:?}"
        );
        assert_eq!(
            play(Style::Careful, 3),
            careful[2],
            "the same seed plays the same run"
        );
    }
}
