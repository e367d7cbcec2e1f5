//! Two scripted players, each choosing one action a turn from what the screen shows.

use coord_2d::ICoord;
use direction::CardinalDirection;
use umbra_rules::balance;
use umbra_rules::content::{ItemKind, ItemUse, NpcTrait, Trigger};
use umbra_rules::game::{Actor, Boon, CellVisibility, FightEvent, GameEvent};
use umbra_rules::{Game, PlayerAction};

use crate::sight::{self, Search};
use umbra_rules::game::DungeonEvent;

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
/// Turns held back from a step into gas before it is taken anyway: gas from a vent or a trap
/// thins within a few dozen turns; gas that is still there after this is being breathed out.
const HELD_BACK_TURNS: u32 = 60;
/// Turns on one level after which a careful player minds only the foes beside it and goes on
/// down: an archer that gives ground across open ground for ever is not worth the level (a
/// careful level takes 400 to 600).
const LEVEL_PATIENCE_TURNS: u64 = 700;
/// A careful player this hurt, with foes in view, jumps into a chasm within a few steps: the
/// fall costs less than the fight it leaves.
const JUMP_BELOW_PERCENT: u32 = 35;
const JUMP_STEPS: u32 = 3;
/// Steps a careful player goes to rest in shadow rather than in the light (where a wanderer
/// notices it from twice as far).
const SHADOW_SEARCH_STEPS: u32 = 4;

/// How near a fire in view keeps a careful player standing on ground that does not burn off
/// ground that does: fire runs through dead grass (40 a turn) about as fast as the player walks,
/// so a fire a room's length away can meet it halfway.
const FIRE_WARY_STEPS: i32 = 15;
/// Steps a careful player looks for a cell free of fire and gas when it stands in them.
const HARM_SEARCH_STEPS: u32 = 8;

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
    /// The depth it is on, and the turn it arrived.
    arrived: (u32, u64),
    /// The lever of the machine it has just set off, to pull on the way out.
    lever: Option<ICoord>,
    /// Turns in a row its footing held it back from a step into harm.
    held_back: u32,
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
            arrived: (1, 0),
            lever: None,
            held_back: 0,
        }
    }

    /// Held back from a step into gas long enough that the gas is not thinning (a zombie
    /// breathing rot gas over the altar between it and the player, neither stepping in: careful
    /// seed 328 waited out the turn limit so), the player takes the step, if no fire is ahead and
    /// it has half its health.
    fn past_harm_that_stays(
        &self,
        game: &Game,
        meant: PlayerAction,
        footing: PlayerAction,
    ) -> PlayerAction {
        let PlayerAction::Move(direction) = meant else {
            return footing;
        };
        let ahead = game.player_coord() + direction.coord();
        let fire = game.level().fire_in_view(ahead).is_some();
        match self.held_back > HELD_BACK_TURNS && !fire && percent(game) >= 50 {
            true => meant,
            false => footing,
        }
    }

    pub fn choose(&mut self, game: &Game) -> PlayerAction {
        if let Some(offer) = game.boons_offered() {
            return choose_boon(self.style, game, &offer);
        }
        sight::npcs_in_view(game, &mut self.npcs);
        self.mind_standoffs(game);
        if self.arrived.0 != game.depth() {
            self.arrived = (game.depth(), game.turn());
            self.search.forget_levers();
        }
        let impatient = game.turn() - self.arrived.1 > LEVEL_PATIENCE_TURNS;
        if impatient && self.style != Style::Reckless {
            let player = game.player_coord();
            self.npcs
                .retain(|&c| (c.x - player.x).abs() + (c.y - player.y).abs() == 1);
            if self.npcs.is_empty() {
                if game.is_on_stairs() {
                    return PlayerAction::Descend;
                }
                if let Some(direction) = self.towards_the_way_down(game) {
                    return PlayerAction::Move(direction);
                }
            }
        }
        let action = match self.style {
            Style::Careful | Style::CarefulWithoutItems | Style::CarefulWithoutAllies => {
                let meant = self.careful(game);
                let footing = careful_footing(game, meant);
                self.held_back = match footing == meant {
                    true => 0,
                    false => self.held_back + 1,
                };
                self.past_harm_that_stays(game, meant, footing)
            }
            Style::Reckless => self.reckless(game),
        };
        let action = self.past_a_captive(game, action);
        self.waited = if action == PlayerAction::Wait && !self.npcs.is_empty() {
            self.waited + 1
        } else {
            0
        };
        action
    }

    /// A step into a captive only asks whether to free it, taking no time (careful seed 377,
    /// impatient on its level, walked into one in a corridor 98,000 times): a player that
    /// frees captives frees it; one that does not waits, so that a run with no other way on
    /// ends at the turn limit, not the action limit.
    fn past_a_captive(&self, game: &Game, action: PlayerAction) -> PlayerAction {
        match action {
            PlayerAction::Move(direction)
                if sight::shows_captive(game, game.player_coord() + direction.coord()) =>
            {
                match self.frees_captives {
                    true => PlayerAction::Free(direction),
                    false => PlayerAction::Wait,
                }
            }
            other => other,
        }
    }

    /// Counts the turns of a standoff; once it has lasted, only the foes next to the player
    /// are minded.
    fn mind_standoffs(&mut self, game: &Game) {
        let fighting = game.events().iter().any(GameEvent::is_blow);
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
        if let Some(action) = self.towards_the_lever(game) {
            return action;
        }
        if self.uses_items
            && let Some(action) = crate::items::heal_in_danger(game, &self.npcs, percent(game))
        {
            return action;
        }
        if let Some(direction) = self.out_of_harm(game) {
            return PlayerAction::Move(direction);
        }
        let health = percent(game);
        let adjacent = self.adjacent_npc(game);
        if self.uses_items
            && let Some(action) = crate::items::choose(game, &self.npcs, health)
                .or_else(|| crate::armoury::fight(game, &self.npcs, health))
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
            && let Some(action) = crate::armoury::calm(game)
        {
            return action;
        }
        self.resting = health < 100 && (self.resting || health < REST_BELOW_PERCENT);
        // Shot at while resting (an archer beyond reach, given up on as a standoff), it goes
        // on rather than rest under its arrows (careful seed 6 waited out the turn limit on
        // depth 10 under a goblin archer across a chasm, chipped and healed in turn).
        let shot = (game.events().iter()).any(|event| {
            matches!(
                event,
                GameEvent::Fight(
                    FightEvent::Struck {
                        target: Actor::Player,
                        ..
                    } | FightEvent::Missed {
                        target: Actor::Player,
                        ..
                    }
                )
            )
        });
        if self.resting && !shot {
            return self
                .towards_shadow(game)
                .map_or(PlayerAction::Wait, PlayerAction::Move);
        }
        if let Some(action) = self.free_a_captive(game).filter(|_| self.frees_captives) {
            return action;
        }
        // A reward room's altars all seen, the one worth most is walked to and taken.
        if let Some(altar) = crate::altars::chosen(game).filter(|_| self.uses_items) {
            if game.player_coord() == altar {
                return PlayerAction::PickUp;
            }
            if let Some((direction, _)) = self.search.towards(game, u32::MAX, true, |c| c == altar)
            {
                return PlayerAction::Move(direction);
            }
        }
        // Else a vault's altar is taken from on purpose, never by walking over it.
        let on_altar = (game.events().iter())
            .any(|e| matches!(e, GameEvent::Dungeon(DungeonEvent::AltarHolds { .. })));
        if on_altar && self.uses_items {
            return PlayerAction::PickUp;
        }
        // So is a machine's: what lies there is worth what the machine does (the careful
        // player knows a gas chamber's lever, and pulls it on the way out).
        let on_switch = (game.events().iter())
            .any(|e| matches!(e, GameEvent::Dungeon(DungeonEvent::SwitchHolds { .. })));
        if on_switch && self.uses_items {
            self.lever = lever_of_machine_at(game, game.player_coord());
            return PlayerAction::PickUp;
        }
        if let Some(direction) = self.towards_potion(game).filter(|_| self.uses_items) {
            return PlayerAction::Move(direction);
        }
        if let Some(action) = self.press_a_plate(game).filter(|_| self.uses_items) {
            return action;
        }
        if let Some(direction) = self.towards_a_locked_door(game).filter(|_| self.uses_items) {
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

    /// Standing in fire or a harmful gas (or swamp gas with a flame coming), or burning: the
    /// first step to water if it burns and water is a step or two away, else to the nearest
    /// cell clear of harm.
    fn out_of_harm(&mut self, game: &Game) -> Option<CardinalDirection> {
        let here = game.player_coord();
        let burning = game.player_is_burning();
        if burning && !sight::shows_water(game, here) {
            let water = |c| sight::shows_water(game, c) && !sight::harms(game, c);
            if let Some((direction, _)) = self.search.towards(game, 2, false, water) {
                return Some(direction);
            }
        }
        if !sight::harms_soon(game, here) {
            return None;
        }
        let clear = |c| sight::known_open(game, c) && !sight::harms_soon(game, c);
        self.search
            .towards(game, HARM_SEARCH_STEPS, false, clear)
            .map(|(d, _)| d)
    }

    /// Standing in the light: the first step to a shadowed cell a few steps away.
    fn towards_shadow(&mut self, game: &Game) -> Option<CardinalDirection> {
        if sight::in_shadow(game, game.player_coord()) {
            return None;
        }
        let shadow = |c| sight::known_open(game, c) && sight::in_shadow(game, c);
        self.search
            .towards(game, SHADOW_SEARCH_STEPS, false, shadow)
            .map(|(d, _)| d)
    }

    /// With an NPC in view and not yet next to it: creep up on it if it has not noticed the
    /// player (the blow from the dark), else step back into a corridor if one is close
    /// and no nearer the NPC, then wait for it there; go to it if it does not come.
    fn meet_in_a_corridor(&mut self, game: &Game) -> PlayerAction {
        let player = game.player_coord();
        let nearest = self.npcs[0];
        // An archer or a shaman does not come: it keeps its distance (and shoots, or heals
        // from there), so waiting only costs.
        let keeps_away = |c: ICoord| {
            game.inhabitants()
                .npc_at(c)
                .is_some_and(|npc| npc.kind.rules().has(NpcTrait::KeepsDistance))
        };
        let unaware = sight::unaware_npc_in_view(game, nearest);
        if unaware || self.waited >= PATIENCE_TURNS || keeps_away(nearest) {
            if let Some((direction, _)) =
                self.search.towards(game, u32::MAX, true, |c| c == nearest)
            {
                return PlayerAction::Move(direction);
            }
            // No way to it (a captive in the only doorway, water between): free the captive
            // if that is what stands in the way, else go on with the level rather than stand
            // in its line.
            if let Some(free) = self.free_a_captive(game).filter(|_| self.frees_captives) {
                return free;
            }
            return (self.search.explore(game))
                .or_else(|| self.towards_the_way_down(game))
                .map_or(PlayerAction::Wait, PlayerAction::Move);
        }
        if sight::open_neighbours(game, player) <= 2 {
            return PlayerAction::Wait;
        }
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

    /// With nothing in view and healed, a captive it has seen (of a kennel's, the one it
    /// chose): freed if it stands next to
    /// the player, else walked to (its captors, if they live, come out to meet the player on
    /// the way, and are met as any foe is).
    fn free_a_captive(&mut self, game: &Game) -> Option<PlayerAction> {
        let player = game.player_coord();
        let wanted =
            |c: ICoord| sight::shows_captive(game, c) && crate::altars::free_this_one(game, c);
        if let Some(direction) = CardinalDirection::all().find(|d| wanted(player + d.coord())) {
            return Some(PlayerAction::Free(direction));
        }
        let beside_captive = |c: ICoord| {
            sight::known_open(game, c) && CardinalDirection::all().any(|d| wanted(c + d.coord()))
        };
        self.search
            .towards(game, u32::MAX, false, beside_captive)
            .map(|(d, _)| PlayerAction::Move(d))
    }

    fn towards_potion(&mut self, game: &Game) -> Option<CardinalDirection> {
        // Not under a crystal it would walk into until it dissolves.
        let potion = |c| sight::shows_carriable(game, c) && sight::known_open(game, c);
        self.search
            .towards(game, u32::MAX, true, potion)
            .map(|(d, _)| d)
    }

    /// A plate seen in a pit beyond a shut doorway, and a dart to throw: to the cell before the
    /// doorway, then the dart through the bars onto the plate.
    fn press_a_plate(&mut self, game: &Game) -> Option<PlayerAction> {
        let (slot, _) = (game.pack().stacks())
            .find(|(_, stack)| matches!(stack.kind.rules().use_, ItemUse::Throw { .. }))?;
        let plate_of = |machine: &&umbra_rules::world::Machine| {
            let plate = |c: &&ICoord| {
                game.level().ground_at(**c).rules().signals == Some(Trigger::Landed)
                    && game.level().cell_view(**c).visibility != CellVisibility::NeverSeen
            };
            machine
                .cells
                .iter()
                .find(plate)
                .map(|&p| (machine.cells[0], p))
        };
        let unpressed = (game.machines().iter()).filter(|machine| machine.signals == 0);
        let (door, plate) = unpressed.filter_map(|m| plate_of(&m)).next()?;
        let step = ICoord::new((plate.x - door.x) / 2, (plate.y - door.y) / 2);
        let from = door - step;
        if game.player_coord() == from {
            return Some(PlayerAction::Throw { slot, at: plate });
        }
        let (direction, _) = self.search.towards(game, u32::MAX, true, |c| c == from)?;
        Some(PlayerAction::Move(direction))
    }

    /// Carrying a key and knowing a locked door: a step towards it, or into it (which
    /// unlocks it; exploring then finds the vault's altars, where a reward is chosen).
    fn towards_a_locked_door(&mut self, game: &Game) -> Option<CardinalDirection> {
        game.pack().slot_of(ItemKind::key())?;
        let here = game.player_coord();
        if let Some(direction) =
            CardinalDirection::all().find(|d| sight::shows_locked_door(game, here + d.coord()))
        {
            return Some(direction);
        }
        let beside = |c: ICoord| {
            sight::known_open(game, c)
                && CardinalDirection::all().any(|d| sight::shows_locked_door(game, c + d.coord()))
        };
        let (direction, _) = self.search.towards(game, u32::MAX, true, beside)?;
        Some(direction)
    }

    /// A step towards the lever it means to pull (past its allies), or into it; none once
    /// pulled. A lever still hidden in the wall is searched for from beside it: the careful
    /// player knows a gas chamber hides its lever by the door, not which stone.
    fn towards_the_lever(&mut self, game: &Game) -> Option<PlayerAction> {
        let lever = self.lever?;
        let here = game.player_coord();
        if let Some(direction) = CardinalDirection::all().find(|d| here + d.coord() == lever) {
            if game.level().ground_at(lever).rules().found_as.is_some() {
                return Some(PlayerAction::Search);
            }
            self.lever = None;
            self.search.pull_lever(game, lever);
            return Some(PlayerAction::Move(direction));
        }
        let beside =
            |c: ICoord| (c - lever).manhattan_magnitude() == 1 && sight::known_open(game, c);
        let step = self.search.towards(game, u32::MAX, true, beside);
        step.map(|(direction, _)| PlayerAction::Move(direction))
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

/// Every player chooses a boon on each descent: the reckless one takes the first offered, the
/// careful ones the one worth most to them now (see [`boon_value`]).
fn choose_boon(style: Style, game: &Game, offer: &[Boon]) -> PlayerAction {
    let index = match style {
        Style::Reckless => 0,
        Style::Careful | Style::CarefulWithoutItems | Style::CarefulWithoutAllies => (0..offer
            .len())
            .max_by_key(|&i| (boon_value(game, offer[i]), std::cmp::Reverse(i)))
            .unwrap_or(0),
    };
    PlayerAction::Choose { boon: index as u8 }
}

/// What a boon would add to what it improves now, in thousandths: vigour to the most hit
/// points, might to the mean damage of a blow, precision to the chance a blow lands; swiftness
/// and recovery (time, which a careful player has) count half what they add to the pace of a
/// step or of healing. Gear, boons taken and diminishing returns all move the values, so the
/// choice follows the situation, not a liking.
fn boon_value(game: &Game, boon: Boon) -> u64 {
    let gear = game.player_gear();
    let ratio = |gain: f64, of: f64| (gain / of.max(1.0) * 1000.0) as u64;
    match boon {
        Boon::Vigour => ratio(
            f64::from(game.next_vigour()),
            f64::from(game.player_hit_points().max),
        ),
        Boon::Might => {
            let (least, most) = gear.attack.damage;
            ratio(
                f64::from(balance::MIGHT_DAMAGE.0 + balance::MIGHT_DAMAGE.1) / 2.0,
                f64::from(least + most) / 2.0,
            )
        }
        Boon::Precision => {
            let (hit, of) = gear.attack.to_hit;
            let now = f64::from(hit) / f64::from(of);
            let (num, den) = balance::PRECISION_MISSES_LEFT;
            let misses = f64::from(of - hit.min(of)) * f64::from(num) / f64::from(den);
            let then = (f64::from(of) - misses) / f64::from(of);
            ratio(then - now, now)
        }
        Boon::Swiftness => {
            let step = step_time(game);
            let quicker =
                balance::SWIFTNESS_STEP_TIME.min(step.saturating_sub(balance::SWIFTEST_STEP_TIME));
            ratio(f64::from(quicker), f64::from(step)) / 2
        }
        Boon::Recovery => {
            let every = game.regeneration_interval();
            let sooner = balance::RECOVERY_TURNS
                .min(every.saturating_sub(balance::QUICKEST_REGENERATION_INTERVAL));
            ratio(sooner as f64, (every - sooner).max(1) as f64) / 2
        }
    }
}

/// How long a step of the player's takes now, in hundredths of a turn.
fn step_time(game: &Game) -> u32 {
    let worn = game.pack().worn().map(|kind| kind.rules().use_);
    let step = match worn {
        Some(ItemUse::Wear { step_time, .. }) => step_time,
        _ => balance::TURN_TIME,
    };
    let quicker = balance::SWIFTNESS_STEP_TIME * game.boon_count(Boon::Swiftness);
    step.saturating_sub(quicker)
        .max(balance::SWIFTEST_STEP_TIME)
}

fn percent(game: &Game) -> u32 {
    let hit_points = game.player_hit_points();
    hit_points.current * 100 / hit_points.max.max(1)
}

/// The lever of the machine whose cell `at` is, found or still hidden, if it has one.
fn lever_of_machine_at(game: &Game, at: ICoord) -> Option<ICoord> {
    let machine = (game.machines().iter()).find(|machine| machine.cells.contains(&at))?;
    let lever = |c: &&ICoord| {
        game.level().ground_at(**c).as_found().rules().signals == Some(Trigger::Bumped)
    };
    machine.cells.iter().find(lever).copied()
}

/// A careful player out of harm does not walk into fire or a harmful gas, nor out onto
/// ground that burns with a fire in view near it: it waits for the fire to burn out or the gas
/// to thin (a tinderbox's grass burning between its altar and the door). A blow at a foe
/// standing there is not a step.
fn careful_footing(game: &Game, action: PlayerAction) -> PlayerAction {
    let here = game.player_coord();
    let PlayerAction::Move(direction) = action else {
        return action;
    };
    let ahead = here + direction.coord();
    let foe = game.inhabitants().npc_at(ahead).is_some();
    let burns = |c: ICoord| game.level().ground_at(c).rules().fire.catches > 0;
    let fire_near = || {
        let reach = FIRE_WARY_STEPS;
        (-reach..=reach).any(|dy| {
            (-reach..=reach).any(|dx| {
                game.level()
                    .fire_in_view(here + ICoord::new(dx, dy))
                    .is_some()
            })
        })
    };
    let into_harm = sight::harms(game, ahead) || (burns(ahead) && !burns(here) && fire_near());
    if !foe && into_harm && !sight::harms(game, here) {
        PlayerAction::Wait
    } else {
        action
    }
}
