//! What a cell is, in words, as the player knows it: the look cursor's and the mouse's line, and
//! why an activity stopped.

use chargrid::core::ICoord;

use super::looks;
use super::messages::{capitalised, npc_with_article};
use super::words::brightness_word;
use umbra_rules::game::{
    CellView, CellVisibility, Flame, GAS_HARMS_AT, Game, HitPoints, NpcState, Side, Sighting, Stop,
    Tile, TileSnapshot,
};

/// The cell at `coord` in a few words: "an orc (wandering), lightly wounded", "a troll,
/// remembered from turn 212", "the wall", "unexplored".
pub fn describe(game: &Game, coord: ICoord) -> String {
    let view = game.level().cell_view(coord);
    let dark = game.level().in_reach(coord) && view.visibility != CellVisibility::Visible;
    if view.visibility == CellVisibility::NeverSeen {
        return match dark {
            true => "too dark to see".to_string(),
            false => "unexplored".to_string(),
        };
    }
    let mut words = described(game, coord, &view);
    match view.visibility {
        CellVisibility::Visible => {
            words.push_str(&fire_and_gas_words(game, coord));
            let light = brightness_word(game.level().cell_light(coord).brightness);
            words = format!("{words}, {light}");
        }
        _ if dark => words = format!("{words}, too dark to see now"),
        _ => (),
    }
    words
}

/// What burns on a cell in view and what gas is there: ", on fire, ablaze, in thick caustic
/// gas".
fn fire_and_gas_words(game: &Game, coord: ICoord) -> String {
    let mut words = String::new();
    let burning = match game.inhabitants().npc_at(coord) {
        Some(npc) => game.inhabitants().is_burning(npc.id),
        None => coord == game.player_coord() && game.player_is_burning(),
    };
    if burning {
        words.push_str(", on fire");
    }
    match game.level().fire_in_view(coord) {
        Some(Flame::Burning) => words.push_str(", ablaze"),
        Some(Flame::Flash) => words.push_str(", in a flash of flame"),
        None => (),
    }
    if let Some((gas, volume)) = game.level().gas_in_view(coord) {
        let thick = match volume >= GAS_HARMS_AT {
            true => "thick ",
            false => "a wisp of ",
        };
        words.push_str(&format!(", in {thick}{}", looks::gas(gas).name));
    }
    words
}

/// The cell in words, its light aside.
fn described(game: &Game, coord: ICoord, view: &CellView) -> String {
    let tiles = &view.tiles;
    let view = *view;
    let mut words = match tiles.character {
        Some(Tile::Player) => "you".to_string(),
        Some(Tile::Npc(kind)) => match view.visibility {
            CellVisibility::Visible => npc_in_view(game, coord, &npc_with_article(kind)),
            _ => npc_with_article(kind),
        },
        Some(Tile::Ally(kind)) => {
            let name = format!("your {}", looks::npc(kind).name);
            match view.visibility {
                CellVisibility::Visible => npc_in_view(game, coord, &name),
                _ => format!("{name} (your ally)"),
            }
        }
        Some(Tile::Captive(kind)) => {
            let name = format!("a captive {}", looks::npc(kind).name);
            match view.visibility {
                CellVisibility::Visible => npc_in_view(game, coord, &name),
                _ => name,
            }
        }
        _ => thing_words(game, coord, &view),
    };
    // Held in what stands there (a kennel's captive behind a cage's bars), or on what lies
    // there.
    let held_in = (ground_of(tiles).and_then(|ground| ground.lying_on.as_deref()))
        .filter(|on| tiles.item.is_none() && on.starts_with(','));
    if tiles.character.is_some() {
        let beneath = thing_words(game, coord, &view);
        match held_in {
            Some(held_in) => words = format!("{words}{held_in}"),
            None if beneath != "the floor" => words = format!("{words}, on {beneath}"),
            None => (),
        }
    }
    let worth_dating = tiles.character.is_some() || tiles.item.is_some() || tiles.corpse.is_some();
    if view.visibility == CellVisibility::Remembered
        && worth_dating
        && let Some(turn) = game.last_seen_turn(coord)
    {
        words = format!("{words}, remembered from turn {turn}");
    }
    words
}

/// What lies on the cell below any character; a stack in view with its count.
fn thing_words(game: &Game, coord: ICoord, view: &CellView) -> String {
    let tiles = &view.tiles;
    let ground = ground_of(tiles);
    match tiles.item.or(tiles.corpse) {
        Some(Tile::Item(kind)) => {
            let count = game.item_at(coord).map_or(1, |lying| lying.count);
            let words = super::item_names::item_words(game.item_name(kind), count);
            match ground.and_then(|ground| ground.lying_on.as_deref()) {
                Some(on) if on.starts_with(',') || on.starts_with(' ') => format!("{words}{on}"),
                Some(on) => format!("{words} {on}"),
                None => words,
            }
        }
        Some(_) => "a corpse".to_string(),
        // A secret is described as what it looks like (omniscience draws it, see `map`).
        None => ground
            .map_or("the floor", |ground| &ground.description)
            .to_string(),
    }
}

/// The words of the ground on top at the cell: what stands there, else its floor.
fn ground_of(tiles: &TileSnapshot) -> Option<&'static looks::GroundLook> {
    [tiles.feature, tiles.floor]
        .into_iter()
        .flatten()
        .find_map(|tile| match tile {
            Tile::Ground(ground) => Some(looks::ground(ground)),
            _ => None,
        })
}

/// A living NPC in view: its state of mind and how hurt it is.
fn npc_in_view(game: &Game, coord: ICoord, name: &str) -> String {
    let npc = game.inhabitants().npc_at(coord);
    let ally = npc.is_some_and(|npc| npc.side == Side::Hero);
    let cage = Some(Tile::Ground(umbra_rules::game::Ground::CAGE));
    let caged = game.level().cell_view(coord).tiles.feature == cage;
    let state = game
        .inhabitants()
        .agent_at(coord)
        .map(|agent| match agent.state {
            NpcState::Asleep => "asleep",
            NpcState::Wandering { .. } => "unaware, wandering",
            NpcState::Hunting if ally => "your ally, fighting",
            NpcState::Hunting if hunts_you(game, coord) => "hunting you",
            NpcState::Hunting => "hunting your ally",
            NpcState::Searching { .. } => "searching",
            NpcState::Fleeing if ally => "your ally, fleeing",
            NpcState::Fleeing => "fleeing",
            NpcState::Captive if caged => "a captive, out of reach for good",
            NpcState::Captive => "a captive: walk into it to free it",
            NpcState::Guarding { .. } => "unaware, standing guard",
            NpcState::Following => "your ally",
        });
    let health = npc.map_or("", |npc| health_words(npc.hit_points));
    let pace = npc.and_then(|npc| super::words::pace(npc.kind));
    match (state, pace) {
        (Some(state), Some(pace)) => format!("{name} ({state}, {pace}), {health}"),
        (Some(state), None) => format!("{name} ({state}), {health}"),
        (None, _) => format!("{name}, {health}"),
    }
}

/// Whether the monster at `coord` hunts the player rather than an ally: it last saw the player.
/// With no ally on the level there is nobody else to hunt; with one, a monster whose last sight
/// of the player is older than the last turn (a slow one sees only when it acts) is after the
/// ally.
fn hunts_you(game: &Game, coord: ICoord) -> bool {
    let allies = game.inhabitants().npcs().any(|npc| npc.side == Side::Hero);
    let sighting = game
        .inhabitants()
        .agent_at(coord)
        .and_then(|agent| agent.last_sighting);
    let fresh = |seen: Sighting| seen.coord == game.player_coord() || seen.turn + 2 >= game.turn();
    !allies || sighting.is_none_or(fresh)
}

fn health_words(hit_points: HitPoints) -> &'static str {
    let HitPoints { current, max } = hit_points;
    if current >= max {
        "unhurt"
    } else if current * 3 >= max * 2 {
        "lightly wounded"
    } else if current * 3 >= max {
        "wounded"
    } else {
        "badly wounded"
    }
}

/// Why an activity stopped, when the player needs telling; `None` when the log already says it
/// (a blow, an NPC coming into view) or nothing needs saying (arrived, a run's end).
pub fn stop_words(stop: Stop, game: &Game) -> Option<String> {
    Some(match stop {
        Stop::Interrupted | Stop::RunEnded | Stop::GameOver => return None,
        Stop::Arrived if game.is_on_stairs() => {
            "You reach the stairs down. Press > to descend.".to_string()
        }
        Stop::Arrived => return None,
        Stop::NpcInView(kind) => {
            format!("Not with {} in view.", npc_with_article(kind))
        }
        Stop::Danger => "Not with fire or gas about.".to_string(),
        Stop::InTheWay(kind) => {
            let who = capitalised(&npc_with_article(kind));
            format!("{who} stands in the way.")
        }
        Stop::Healed => "You rest until you are fully healed.".to_string(),
        Stop::Waited => "You rest a while. Nothing comes.".to_string(),
        Stop::Searched => "You search the walls thoroughly and find nothing.".to_string(),
        Stop::NoRoute => "You know of no way there.".to_string(),
        Stop::Explored { stairs: None } => {
            "Everything you can reach is explored. Walls may hide doors: S searches.".to_string()
        }
        Stop::Explored {
            stairs: Some(stairs),
        } => format!(
            "Everything you can reach is explored. The stairs down are {}: press > to go there.",
            whereabouts(stairs - game.player_coord())
        ),
    })
}

/// An offset in compass words: "12 east and 3 north of you".
fn whereabouts(offset: ICoord) -> String {
    let along = |amount: i32, positive: &str, negative: &str| match amount {
        0 => None,
        n if n > 0 => Some(format!("{n} {positive}")),
        n => Some(format!("{} {negative}", -n)),
    };
    let parts: Vec<String> = [
        along(offset.x, "east", "west"),
        along(offset.y, "south", "north"),
    ]
    .into_iter()
    .flatten()
    .collect();
    match parts.as_slice() {
        [] => "here".to_string(),
        parts => format!("{} of you", parts.join(" and ")),
    }
}

/// The look line as a sentence for the screen.
pub fn look_line(game: &Game, coord: ICoord) -> String {
    capitalised(&describe(game, coord))
}
