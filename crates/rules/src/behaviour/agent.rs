//! One NPC's own memory: what it is doing, why it started, and what it knows of the player.
//! Every change of state goes through one small function here, each recording its reason.

use coord_2d::ICoord;

use super::waypoints::WaypointId;
use crate::balance;

/// Where and when an NPC last saw the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Sighting {
    pub coord: ICoord,
    pub turn: u64,
}

/// What a monster knows of its enemies, as the blow from the dark asks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Awareness {
    Asleep,
    /// Awake, but it has not noticed an enemy: wandering or on guard.
    Unaware,
    /// Searching: it has not seen an enemy yet (it notices one only by the stealth roll), but
    /// it heard a fight or lost sight of one and is on its guard, so no blow catches it from
    /// the dark (Brogue CE's sneak attack spares a monster tracking the player likewise).
    Alert,
    /// Hunting or fleeing (or, for one on the player's side, by the player).
    Aware,
}

/// What an NPC is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum NpcState {
    /// Sees nothing; noise or a stealth check wakes it.
    Asleep,
    /// Walking to `goal` (none: choosing one next turn), having last rested at `from`; standing
    /// still until `resume_at`.
    Wandering {
        goal: Option<WaypointId>,
        from: Option<WaypointId>,
        resume_at: u64,
    },
    /// Sees the player and closes in.
    Hunting,
    /// Walking to `target` (where the player was seen or a noise came from), then, once
    /// `prowling`, looking around it; gives up at turn `until`. `previous` is the cell it last
    /// stood on, so that looking around never turns straight back.
    Searching {
        target: ICoord,
        prowling: bool,
        until: u64,
        previous: ICoord,
    },
    /// Running from the player along the safety map (an ally: from the nearest enemy).
    Fleeing,
    /// Held by the monsters round it: it never acts until the player frees it.
    Captive,
    /// Standing guard at `post` (by a captive): it does not wander, and goes back to its post
    /// when nothing else calls it away.
    Guarding { post: ICoord },
    /// An ally keeping near the player, with no enemy to fight.
    Following,
}

/// Why an NPC's state last changed: each transition has one, for tests and for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Reason {
    /// The state it was created in.
    Spawned,
    /// It saw the player.
    SawPlayer,
    /// Asleep, it noticed the player in view (a failed stealth check).
    NoticedPlayer,
    /// It heard a fight.
    HeardNoise,
    /// A shout told it where the player is.
    Alerted,
    /// It no longer sees the player it was hunting.
    LostSight,
    /// It reached the searched cell (or could get no closer) and looks around.
    ReachedTarget,
    /// It searched for long enough and found nothing.
    SearchOver,
    /// The searched cell cannot be reached from where it stands.
    TargetUnreachable,
    /// Badly hurt, it runs.
    Hurt,
    /// Healed enough to fight again.
    Recovered,
    /// Fleeing with nowhere better to go and the player next to it: it fights.
    Cornered,
    /// It saw an enemy other than the player: an ally, or (for an ally) a monster.
    SawEnemy,
    /// The player freed it from its captors: it fights beside the player now.
    Freed,
    /// An ally with no enemy in reach goes back to the player's side.
    NoEnemyNear,
    /// It came onto the level as time passed, looking for the player.
    CameLooking,
    /// Its machine let it out (a statue burst, a wall cracked, a torch died): it comes for the
    /// player who set the machine off.
    Roused,
}

/// The last change of state: why, and on which turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Transition {
    pub reason: Reason,
    pub turn: u64,
}

/// One NPC's memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Agent {
    pub state: NpcState,
    pub last_transition: Transition,
    pub last_sighting: Option<Sighting>,
    /// Turns it wanted to step and could not: in a row for a searcher, on the way to the next
    /// waypoint for a wanderer; for one fleeing, turns in a row its foe stayed at its heels.
    pub stuck_turns: u8,
    /// Turns left stumbling about at random (an item's confusion); its state and memory wait
    /// untouched meanwhile, and it goes back to them when this reaches zero.
    pub confused_for: u16,
    /// Turns left acting at half its pace (a staff of slowness). A dump written before the
    /// armoury reads as none.
    #[serde(default)]
    pub slowed_for: u16,
    /// Its magic is gone (negation): it sends no bolt and bursts into nothing.
    #[serde(default)]
    pub negated: bool,
    /// The turn from which a summoner may call again.
    #[serde(default)]
    pub next_summon: u64,
    /// Time it has left to act this turn, in hundredths of a turn (see
    /// [`balance::TURN_TIME`]): below zero while a slow action it took is still under way.
    pub time_left: i16,
    /// It stepped back from the player with its last action (a kind that keeps its distance):
    /// it gives ground one step at a time, every other action, so a player who presses on
    /// reaches it.
    pub gave_ground: bool,
}

impl Agent {
    pub const fn asleep() -> Self {
        Self::new(NpcState::Asleep)
    }

    /// Held by its captors until freed.
    pub const fn captive() -> Self {
        Self::new(NpcState::Captive)
    }

    /// Standing guard at `post`.
    pub const fn guarding(post: ICoord) -> Self {
        Self::new(NpcState::Guarding { post })
    }

    /// A captive just freed on `turn`: its memory starts afresh, at the player's side.
    pub fn freed(turn: u64) -> Self {
        let mut agent = Self::new(NpcState::Following);
        agent.last_transition = Transition {
            reason: Reason::Freed,
            turn,
        };
        agent
    }

    /// An ally arriving beside the player (on a new level, or called up by a wizard).
    pub const fn following() -> Self {
        Self::new(NpcState::Following)
    }

    pub const fn wandering() -> Self {
        Self::new(NpcState::Wandering {
            goal: None,
            from: None,
            resume_at: 0,
        })
    }

    /// A newcomer to the level (a band arriving as time passes, standing at `here`), come
    /// looking for the player at `target`, where it stood when the band came: it walks there,
    /// looks round, and wanders if it finds nothing.
    pub fn arriving(target: ICoord, here: ICoord, turn: u64) -> Self {
        let mut agent = Self::wandering();
        agent.start_search(target, here, Reason::CameLooking, turn);
        agent
    }

    /// One held dormant in a machine, let out at `here` by the player standing at `target`:
    /// it comes for that cell on its guard, so no blow from the dark catches it as it steps
    /// out (Brogue's statues come alive hunting).
    pub fn roused(target: ICoord, here: ICoord, turn: u64) -> Self {
        let mut agent = Self::wandering();
        agent.start_search(target, here, Reason::Roused, turn);
        agent
    }

    const fn new(state: NpcState) -> Self {
        Self {
            state,
            last_transition: Transition {
                reason: Reason::Spawned,
                turn: 0,
            },
            last_sighting: None,
            stuck_turns: 0,
            confused_for: 0,
            slowed_for: 0,
            negated: false,
            next_summon: 0,
            time_left: 0,
            gave_ground: false,
        }
    }

    pub fn is_asleep(&self) -> bool {
        self.state == NpcState::Asleep
    }

    /// What it knows of its enemies: whether a blow from the dark would catch it unawares.
    pub fn awareness(&self) -> Awareness {
        match self.state {
            NpcState::Asleep => Awareness::Asleep,
            NpcState::Wandering { .. } | NpcState::Guarding { .. } => Awareness::Unaware,
            NpcState::Searching { .. } => Awareness::Alert,
            NpcState::Hunting | NpcState::Fleeing | NpcState::Captive | NpcState::Following => {
                Awareness::Aware
            }
        }
    }

    /// Whether it takes turns: the asleep and the captive do not (a sleeper waits for a noise
    /// or the player's coming, a captive for the player's hand).
    pub fn acts(&self) -> bool {
        !matches!(self.state, NpcState::Asleep | NpcState::Captive)
    }

    /// A memory read back from a save refers only to cells of a map of `size` and to the
    /// level's `waypoints`.
    pub fn fits(&self, size: coord_2d::UCoord, waypoints: usize) -> bool {
        let cell = |coord: ICoord| coord.is_valid(size);
        let waypoint = |id: Option<WaypointId>| id.is_none_or(|id| (id as usize) < waypoints);
        let state = match self.state {
            NpcState::Wandering { goal, from, .. } => waypoint(goal) && waypoint(from),
            NpcState::Searching {
                target, previous, ..
            } => cell(target) && cell(previous),
            NpcState::Guarding { post } => cell(post),
            NpcState::Asleep
            | NpcState::Hunting
            | NpcState::Fleeing
            | NpcState::Captive
            | NpcState::Following => true,
        };
        let time = i32::from(self.time_left);
        let slowest = balance::SLOWEST_ACTION_TIME as i32;
        state
            && (balance::TURN_TIME as i32 - slowest..=balance::TURN_TIME as i32).contains(&time)
            && self
                .last_sighting
                .is_none_or(|sighting| cell(sighting.coord))
    }

    fn become_(&mut self, state: NpcState, reason: Reason, turn: u64) {
        self.state = state;
        self.last_transition = Transition { reason, turn };
        self.stuck_turns = 0;
    }

    // A wanderer's plan changes without a change of state (it goes on wandering), so these
    // leave `last_transition` as it was.

    /// Reached the waypoint `reached`: rests there until `resume_at`, then heads for `next`,
    /// its patience with blockers renewed.
    pub fn rest_at(&mut self, reached: WaypointId, next: WaypointId, resume_at: u64) {
        self.state = NpcState::Wandering {
            goal: Some(next),
            from: Some(reached),
            resume_at,
        };
        self.stuck_turns = 0;
    }

    /// On its way to `goal` (the one it had, or the nearest waypoint when it had none). Blocked
    /// turns keep counting: only arriving or turning back renews its patience.
    pub fn head_for(&mut self, goal: WaypointId) {
        if let NpcState::Wandering { goal: heading, .. } = &mut self.state {
            *heading = Some(goal);
        }
    }

    /// Blocked on its way to `goal` for too long: gives it up and sets off for `next` at once.
    pub fn turn_back(&mut self, goal: WaypointId, next: WaypointId) {
        if let NpcState::Wandering { resume_at, .. } = self.state {
            self.state = NpcState::Wandering {
                goal: Some(next),
                from: Some(goal),
                resume_at,
            };
        }
        self.stuck_turns = 0;
    }

    /// Sees the player (or, asleep, noticed it): the chase begins. True if this is news worth
    /// a shout: it was not already after the player, and had not seen it for
    /// [`balance::SHOUT_AGAIN_AFTER_TURNS`] (an orc that lost the player round a corner a moment
    /// ago, or comes back healed, does not raise the alarm again).
    pub fn see_player(&mut self, at: ICoord, turn: u64) -> bool {
        let previous = self.last_sighting.replace(Sighting { coord: at, turn });
        if matches!(self.state, NpcState::Hunting | NpcState::Fleeing) {
            return false;
        }
        let reason = if self.is_asleep() {
            Reason::NoticedPlayer
        } else {
            Reason::SawPlayer
        };
        self.become_(NpcState::Hunting, reason, turn);
        previous.is_none_or(|seen| turn - seen.turn > balance::SHOUT_AGAIN_AFTER_TURNS)
    }

    /// Sees an enemy that is not the player (an ally of the player's, or, for an ally, a
    /// monster) at `at`: it goes for it, as [`Agent::see_player`]. True if it is news worth a
    /// shout.
    pub fn see_enemy(&mut self, at: ICoord, turn: u64) -> bool {
        let previous = self.last_sighting.replace(Sighting { coord: at, turn });
        if matches!(self.state, NpcState::Hunting | NpcState::Fleeing) {
            return false;
        }
        self.become_(NpcState::Hunting, Reason::SawEnemy, turn);
        previous.is_none_or(|seen| turn - seen.turn > balance::SHOUT_AGAIN_AFTER_TURNS)
    }

    /// Goes to look at `target`, for `reason`, unless busy with the player already.
    pub fn investigate(&mut self, target: ICoord, here: ICoord, reason: Reason, turn: u64) {
        // Allies keep by the player and captives cannot move: neither goes to see.
        let busy = matches!(
            self.state,
            NpcState::Hunting | NpcState::Fleeing | NpcState::Following | NpcState::Captive
        );
        if busy {
            return;
        }
        self.start_search(target, here, reason, turn);
    }

    /// The player it was hunting is out of sight: search where it was last seen; for a third of
    /// the time if the player slipped away beyond its stealth range (`beyond_range`).
    pub fn lose_sight(&mut self, here: ICoord, turn: u64, beyond_range: bool) {
        let target = self.last_sighting.map_or(here, |s| s.coord);
        self.start_search(target, here, Reason::LostSight, turn);
        if beyond_range && let NpcState::Searching { until, .. } = &mut self.state {
            let (part, whole) = balance::LOST_BEYOND_RANGE_SEARCH;
            *until = turn + balance::SEARCH_APPROACH_TURNS * part / whole;
        }
    }

    fn start_search(&mut self, target: ICoord, here: ICoord, reason: Reason, turn: u64) {
        let state = NpcState::Searching {
            target,
            prowling: false,
            until: turn + balance::SEARCH_APPROACH_TURNS,
            previous: here,
        };
        self.become_(state, reason, turn);
    }

    /// At (or as near as it gets to) the searched cell: look around it for a while.
    pub fn start_prowling(&mut self, here: ICoord, reason: Reason, turn: u64) {
        if let NpcState::Searching { target, .. } = self.state {
            let state = NpcState::Searching {
                target,
                prowling: true,
                until: turn + balance::SEARCH_PROWL_TURNS,
                previous: here,
            };
            self.become_(state, reason, turn);
        }
    }

    /// Nothing left to do: wander again.
    pub fn give_up(&mut self, reason: Reason, turn: u64) {
        self.become_(
            NpcState::Wandering {
                goal: None,
                from: None,
                resume_at: turn,
            },
            reason,
            turn,
        );
    }

    pub fn flee(&mut self, turn: u64) {
        self.become_(NpcState::Fleeing, Reason::Hurt, turn);
    }

    /// Healed while out of sight of the player: back to where it last saw it.
    pub fn recover(&mut self, here: ICoord, turn: u64) {
        let target = self.last_sighting.map_or(here, |s| s.coord);
        self.start_search(target, here, Reason::Recovered, turn);
    }

    /// Fights again, healed or cornered.
    pub fn turn_to_fight(&mut self, reason: Reason, turn: u64) {
        self.become_(NpcState::Hunting, reason, turn);
    }

    /// An ally goes back to the player's side: no enemy in reach, or healed.
    pub fn follow(&mut self, reason: Reason, turn: u64) {
        if self.state != NpcState::Following {
            self.become_(NpcState::Following, reason, turn);
        }
    }
}
