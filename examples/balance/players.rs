//! Two scripted players, each choosing one action a turn from what the screen shows.

use coord_2d::ICoord;
use direction::CardinalDirection;
use umbra_rules::content::{ItemKind, NpcTrait};
use umbra_rules::game::{Boon, GameEvent};
use umbra_rules::{Game, PlayerAction};

use crate::sight::{self, Search};

/// How a scripted player plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Rests to heal, lets NPCs come to it in corridors, picks up what it finds and uses it
    /// (see `items`), and explores each level before going down.
    Careful,
    /// The careful player that never uses an item: what items are worth.
    CarefulWithoutItems,
    /// The careful player that never frees a captive: what allies are worth.
    CarefulWithoutAllies,
    /// Heads for the stairs as soon as it knows where they are and fights whatever is in the
    /// way; never rests, never drinks.
    Reckless,
}

/// A careful player rests below this share of its health (in percent) when nothing is in view.
const REST_BELOW_PERCENT: u32 = 70;
/// Steps a careful player goes back to meet an NPC in a corridor rather than in the open.
const CORRIDOR_SEARCH_STEPS: u32 = 4;
/// Turns a careful player waits for a seen NPC to come before going to it (it may be asleep).
const PATIENCE_TURNS: u32 = 6;
/// Turns with foes in view and no blow struck or shot after which the player stops minding
/// the foes that are not next to it and goes on with the level: an archer that will not come
/// and cannot be reached, a shaman across unexplored ground.
const STANDOFF_TURNS: u32 = 40;
/// A careful player this hurt, with foes in view, jumps into a chasm within a few steps: the
/// fall costs less than the fight it leaves.
const JUMP_BELOW_PERCENT: u32 = 35;
const JUMP_STEPS: u32 = 3;

pub struct Player {
    style: Style,
    search: Search,
    npcs: Vec<ICoord>,
    /// Turns spent waiting for an NPC in view to come.
    waited: u32,
    /// Resting until healed: set when hurt with nothing in view, kept until full health.
    resting: bool,
    /// Turns with foes in view since the last blow struck or shot either way.
    standoff: u32,
    uses_items: bool,
    frees_captives: bool,
}

impl Player {
    pub fn new(style: Style) -> Self {
        Self {
            style,
            search: Search::default(),
            npcs: Vec::new(),
            waited: 0,
            resting: false,
            standoff: 0,
            uses_items: matches!(style, Style::Careful | Style::CarefulWithoutAllies),
            frees_captives: matches!(style, Style::Careful | Style::CarefulWithoutItems),
        }
    }

    pub fn choose(&mut self, game: &Game) -> PlayerAction {
        if let Some(offer) = game.boons_offered() {
            return choose_boon(self.style, &offer);
        }
        sight::npcs_in_view(game, &mut self.npcs);
        self.mind_standoffs(game);
        let action = match self.style {
            Style::Careful | Style::CarefulWithoutItems | Style::CarefulWithoutAllies => {
                self.careful(game)
            }
            Style::Reckless => self.reckless(game),
        };
        self.waited = if action == PlayerAction::Wait && !self.npcs.is_empty() {
            self.waited + 1
        } else {
            0
        };
        action
    }

    /// Counts the turns of a standoff; once it has lasted, only the foes next to the player
    /// are minded.
    fn mind_standoffs(&mut self, game: &Game) {
        let fighting = game.events().iter().any(|event| {
            matches!(
                event,
                GameEvent::Attack { .. }
                    | GameEvent::Miss { .. }
                    | GameEvent::Struck { .. }
                    | GameEvent::Missed { .. }
            )
        });
        // A foe stepping in and out of view does not end a standoff; a blow does.
        self.standoff = match (fighting, self.npcs.is_empty()) {
            (true, _) => 0,
            (false, true) => self.standoff,
            (false, false) => self.standoff + 1,
        };
        if self.standoff > STANDOFF_TURNS {
            let player = game.player_coord();
            self.npcs
                .retain(|&c| (c.x - player.x).abs() + (c.y - player.y).abs() == 1);
        }
    }

    fn reckless(&mut self, game: &Game) -> PlayerAction {
        if let Some(direction) = self.adjacent_npc(game) {
            return PlayerAction::Move(direction);
        }
        if game.is_on_stairs() {
            return PlayerAction::Descend;
        }
        self.towards_the_way_down(game)
            .or_else(|| self.search.explore(game))
            .map_or(PlayerAction::Wait, PlayerAction::Move)
    }

    fn careful(&mut self, game: &Game) -> PlayerAction {
        let health = percent(game);
        let adjacent = self.adjacent_npc(game);
        if self.uses_items
            && let Some(action) = crate::items::choose(game, &self.npcs, health)
        {
            return action;
        }
        if let Some(direction) = self.escape_by_chasm(game, health) {
            return PlayerAction::Move(direction);
        }
        if let Some(direction) = adjacent {
            return PlayerAction::Move(direction);
        }
        if !self.npcs.is_empty() {
            return self.meet_in_a_corridor(game);
        }
        if self.uses_items
            && let Some(action) = crate::items::gear(game)
        {
            return action;
        }
        self.resting = health < 100 && (self.resting || health < REST_BELOW_PERCENT);
        if self.resting {
            return PlayerAction::Wait;
        }
        if let Some(action) = self.free_a_captive(game).filter(|_| self.frees_captives) {
            return action;
        }
        if let Some(direction) = self.towards_potion(game).filter(|_| self.uses_items) {
            return PlayerAction::Move(direction);
        }
        if let Some(direction) = self.search.explore(game) {
            return PlayerAction::Move(direction);
        }
        if game.is_on_stairs() {
            return PlayerAction::Descend;
        }
        self.towards_the_way_down(game)
            .map_or(PlayerAction::Wait, PlayerAction::Move)
    }

    /// With an NPC in view and not yet next to it: step back into a corridor if one is close
    /// and no nearer the NPC, then wait for it there; go to it if it does not come.
    fn meet_in_a_corridor(&mut self, game: &Game) -> PlayerAction {
        let player = game.player_coord();
        // An archer or a shaman does not come: it keeps its distance (and shoots, or heals
        // from there), so waiting only costs.
        let keeps_away = |c: ICoord| {
            game.npc_at(c)
                .is_some_and(|npc| npc.kind.rules().has(NpcTrait::KeepsDistance))
        };
        if self.waited >= PATIENCE_TURNS || keeps_away(self.npcs[0]) {
            let nearest = self.npcs[0];
            let step = self.search.towards(game, u32::MAX, true, |c| c == nearest);
            return step.map_or(PlayerAction::Wait, |(d, _)| PlayerAction::Move(d));
        }
        if sight::open_neighbours(game, player) <= 2 {
            return PlayerAction::Wait;
        }
        let nearest = self.npcs[0];
        let distance = |c: ICoord| (c.x - nearest.x).abs() + (c.y - nearest.y).abs();
        let here = distance(player);
        let corridor = |c: ICoord| {
            sight::known_open(game, c)
                && sight::open_neighbours(game, c) <= 2
                && distance(c) >= here
        };
        match self
            .search
            .towards(game, CORRIDOR_SEARCH_STEPS, false, corridor)
        {
            Some((direction, _)) => PlayerAction::Move(direction),
            None => PlayerAction::Wait,
        }
    }

    fn adjacent_npc(&self, game: &Game) -> Option<CardinalDirection> {
        let player = game.player_coord();
        CardinalDirection::all().find(|d| self.npcs.contains(&(player + d.coord())))
    }

    /// With nothing in view and healed, a captive it has seen: freed if it stands next to
    /// the player, else walked to (its captors, if they live, come out to meet the player on
    /// the way, and are met as any foe is).
    fn free_a_captive(&mut self, game: &Game) -> Option<PlayerAction> {
        let player = game.player_coord();
        if let Some(direction) =
            CardinalDirection::all().find(|d| sight::shows_captive(game, player + d.coord()))
        {
            return Some(PlayerAction::Free(direction));
        }
        let beside_captive = |c: ICoord| {
            sight::known_open(game, c)
                && CardinalDirection::all().any(|d| sight::shows_captive(game, c + d.coord()))
        };
        self.search
            .towards(game, u32::MAX, false, beside_captive)
            .map(|(d, _)| PlayerAction::Move(d))
    }

    fn towards_potion(&mut self, game: &Game) -> Option<CardinalDirection> {
        let potion = |c| sight::shows_carriable(game, c);
        self.search
            .towards(game, u32::MAX, true, potion)
            .map(|(d, _)| d)
    }

    /// Towards the Sunstone if it is known, else the nearer of the stairs and a chasm (whose
    /// last step jumps: a few hit points for the walk it saves).
    fn towards_the_way_down(&mut self, game: &Game) -> Option<CardinalDirection> {
        let sunstone = |c| sight::shows_item(game, c, ItemKind::prize());
        if let Some((direction, _)) = self.search.towards(game, u32::MAX, true, sunstone) {
            return Some(direction);
        }
        let stairs = self
            .search
            .towards(game, u32::MAX, true, |c| sight::shows_stairs(game, c));
        let chasm = self
            .search
            .towards(game, u32::MAX, true, |c| sight::shows_chasm(game, c));
        let nearer = match (stairs, chasm) {
            (Some(stairs), Some(chasm)) if chasm.1 < stairs.1 => Some(chasm),
            (stairs, chasm) => stairs.or(chasm),
        };
        nearer.map(|(direction, _)| direction)
    }

    /// Hurt with foes in view and a chasm a few steps away: towards it, and in.
    fn escape_by_chasm(&mut self, game: &Game, health: u32) -> Option<CardinalDirection> {
        if self.npcs.is_empty() || health >= JUMP_BELOW_PERCENT {
            return None;
        }
        let chasm = |c| sight::shows_chasm(game, c);
        self.search
            .towards(game, JUMP_STEPS, false, chasm)
            .map(|(d, _)| d)
    }
}

/// Every player chooses a boon on each descent (the reckless one takes the first offered): the
/// careful ones by a fixed liking, hardier and harder-hitting first.
fn choose_boon(style: Style, offer: &[Boon]) -> PlayerAction {
    const LIKING: [Boon; 5] = [
        Boon::Vigour,
        Boon::Might,
        Boon::Precision,
        Boon::Recovery,
        Boon::Swiftness,
    ];
    let index = match style {
        Style::Reckless => 0,
        Style::Careful | Style::CarefulWithoutItems | Style::CarefulWithoutAllies => LIKING
            .iter()
            .find_map(|liked| offer.iter().position(|b| b == liked))
            .unwrap_or(0),
    };
    PlayerAction::Choose { boon: index as u8 }
}

fn percent(game: &Game) -> u32 {
    let hit_points = game.player_hit_points();
    hit_points.current * 100 / hit_points.max.max(1)
}
