//! Every number that decides how hard Umbra is, together, each with its reason.
//!
//! Starting points were the reference tutorial's (player 20 HP, orc 2, troll 6, all hitting for 1).
//! With those, a level of a dozen NPCs deals more damage than 20 HP can take even when fought one at
//! a time in corridors, so the player hits harder and heals slowly: careful play (fighting in
//! corridors, resting between fights) clears a level; charging into a room of three rarely does.

/// The player can take about eight orc hits or four troll hits. With 18 (rules 28) and bands
/// arriving over time (rules 29), the careful player won 63 runs in a hundred in 158 kills; with
/// 15, 55 in 146, and half its wins drank no healing potion: fights took a fifth of its health
/// and a rest gave it back. With 12 (rules 31, healing potions half as common again) a fight
/// costs a third, wins stay above one in two, and seven wins in ten drink one.
pub const PLAYER_MAX_HIT_POINTS: u32 = 12;
/// Each new depth reached offers the player a choice of this many boons (see `Boon`), drawn
/// from the run's RNG, in place of hit points given: without growth the trolls of the lower
/// levels, in twos and threes, outmatch any care. The boon chosen on the last descent is not
/// offered on the next: no boon is the answer on every descent.
pub const BOONS_OFFERED: usize = 3;
/// Vigour: this many more maximum hit points, and the hit points themselves, for the first,
/// second and third time it is chosen (and the last of these every time after): 4 first, one
/// more than the 3 a depth given before there was a choice, then less each time, so that a
/// third vigour weighs against a first might (the careful player took vigour six times in ten
/// when each gave 4).
pub const VIGOUR_HIT_POINTS: [u32; 3] = [3, 3, 2];
/// Might: the least and the most the player's blows (with any weapon) deal rise by these: the
/// top of the roll by one, a half a blow on average. One at both ends was chosen two times in
/// five by the careful player, over every other boon but vigour.
pub const MIGHT_DAMAGE: (u32, u32) = (0, 1);
/// Precision: each one leaves this share of the misses of every blow (4 in 5 becomes 23 in 25,
/// then 123 in 125; a war axe's 3 in 5 becomes 21 in 25): fewer misses, with diminishing
/// returns. One more in both numbers (5 in 6) was never chosen over might by the careful
/// player, three more (7 in 8) one time in twenty-five, half the misses one time in thirteen.
pub const PRECISION_MISSES_LEFT: (u32, u32) = (2, 5);
/// Swiftness: each step takes this much less time (100 becomes 75, in scale mail 150 becomes
/// 125), down to [`SWIFTEST_STEP_TIME`]: foes fall behind, and an ogre is outrun sooner (a
/// fifth was chosen one time in fourteen).
pub const SWIFTNESS_STEP_TIME: u32 = 25;
/// No step is quicker than half a turn, however many times swiftness is chosen.
pub const SWIFTEST_STEP_TIME: u32 = 50;
/// Recovery: the player heals a hit point this many turns sooner (every 10 turns becomes every
/// 8), down to [`QUICKEST_REGENERATION_INTERVAL`]: shorter rests between fights.
pub const RECOVERY_TURNS: u64 = 2;
/// No quicker than a hit point every four turns.
pub const QUICKEST_REGENERATION_INTERVAL: u64 = 4;
/// One hit point back every this many turns: resting between fights matters, resting through one does not.
pub const PLAYER_REGENERATION_INTERVAL: u64 = 10;
/// Resting unhurt (to let a wanderer come, as DCSS's long rest) waits this many turns: time for
/// an orc to cross a room and a corridor, short of the player's patience for a missed key.
pub const REST_UNHURT_TURNS: u32 = 30;

/// One blow's dice: a chance to hit, then damage drawn uniformly from an inclusive range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackDice {
    pub to_hit: (u32, u32),
    pub damage: (u32, u32),
}

/// Three blows in four land for 1-3 (2 on average, as the fixed damage this replaced): an orc
/// still falls to two hits, but a miss or a low roll leaves it standing for another swing.
pub const PLAYER_ATTACK: AttackDice = AttackDice {
    to_hit: (4, 5),
    damage: (2, 4),
};

// Monsters' numbers (hit points, attacks, speeds, traits, points, where they spawn) are in the
// bestiary, content/bestiary.ron, and what anyone sends flying in the bolt table,
// content/bolts.ron, each with its reason.

/// Time, in hundredths of a turn: every player action takes one turn, 100. Each turn every
/// awake NPC gains this much time and acts while it has some left, each action spending what
/// its kind's action takes (`time` in the bestiary): a kind moving in 50 steps twice a turn, one
/// moving in 200 steps every other turn. Hundredths leave room for paces between.
pub const TURN_TIME: u32 = 100;
/// The quickest an action may be: four actions a turn at most, so a turn's rounds stay few.
pub const FASTEST_ACTION_TIME: u32 = 25;
/// The slowest an action may be: a kind still acts once in four turns.
pub const SLOWEST_ACTION_TIME: u32 = 400;
/// A kind that keeps its distance (`KeepsDistance`) stays this many steps from the player: out
/// of reach of a blow and of a step and a blow, close enough to keep its line (Brogue's archers
/// keep three).
pub const KEEP_DISTANCE_STEPS: u32 = 3;

// Sight and light.

/// The farthest anyone's eyes reach (radius squared 196, fourteen cells): across a dark cave to
/// a lit hall beyond it. Beyond the player's own light a cell within reach is seen only if
/// something lights it (see [`LIT`]); the old ten cells of sight on every level are now the
/// first depths' light.
pub const PLAYER_VISION_DISTANCE_SQUARED: u32 = 196;
/// NPCs see as far as the player does, so that "if you can see it, it can see you" holds at
/// every range (see `behaviour::sight`). The player carries a light, so a monster in the dark
/// sees the player before the player sees it, as in Brogue.
pub const NPC_VISION_DISTANCE_SQUARED: u32 = PLAYER_VISION_DISTANCE_SQUARED;
/// The player's own light by depth (its radius in cells; the light's brightness and fade are
/// its row in `content/lights.ron`): the ten cells of sight of the first levels at first, then
/// a cell less every two depths, to five on the last (Brogue CE's miner's light shrinks from
/// 80 cells on depth 1 to 20 on depth 10, a quarter; ours shrinks to a half, as its levels are
/// smaller and lit halls fewer deep down). Deep levels are dark: the blow from the shadows is
/// struck there, and what the player sees coming it sees late.
pub const PLAYER_LIGHT_RADIUS: [u32; FINAL_DEPTH as usize] = [9, 9, 8, 8, 7, 7, 6, 6, 5, 5];
/// A cell is lit, and so seen when in view, from this much light: the player's light keeps 31 at
/// its rim (90 with 35 left in a hundred), a wall torch lights its hall to its seventh cell, a
/// patch of fungus a step or two round it.
pub const LIT: u32 = 25;

// Stealth: who notices the player (and the player's allies), and the blow from the dark.

/// Every monster that could notice a character of the player's side does so only within this
/// many steps of it (Brogue CE's stealth range, 14).
pub const STEALTH_RANGE: u32 = 14;
/// Inside the stealth range and in sight, a monster that has not noticed the player does so
/// with this chance a turn, asleep or awake (Brogue CE's 25 in a hundred): a sleeper beside a
/// lit passage usually wakes as the player walks by, one at the edge of the range rarely does.
pub const NOTICE_CHANCE: (u32, u32) = (1, 4);
/// A blow against a monster that has not noticed its striker (asleep or unaware) always lands
/// and deals this many times its damage (Brogue CE's sneak attack, tripled); a weapon may deal
/// more (the dagger's `sneak_attack` in `content/items.ron`).
pub const SNEAK_ATTACK_MULTIPLIER: u32 = 3;
/// A hunter that loses its quarry beyond the stealth range searches for a third of the usual
/// time before it gives up (Brogue's hunters lose the scent outside the range).
pub const LOST_BEYOND_RANGE_SEARCH: (u64, u64) = (1, 3);

// The run: levels get harder on the way down to the Sunstone.

/// The Sunstone lies on this depth; taking it wins the run. Ten levels of about twelve NPCs
/// each make a run of an hour or so, in the manner of a short Brogue or DCSS sprint.
pub const FINAL_DEPTH: u32 = 10;

/// How far a search reaches, in cells along either axis: a room's half-width, so a search from
/// a room's middle covers its walls.
pub const SEARCH_RADIUS: i32 = 5;
/// In a hundred, a search's chance to find a secret door in view beside the player, and what
/// each cell further takes off: 75 beside, 15 at the edge of reach. A player who suspects a wall
/// finds its door in a turn or two by standing next to it; a glance round a room rarely does.
pub const SEARCH_CHANCE: (u32, u32) = (75, 15);
/// Searching this many turns in a row is thorough: the last turn finds every secret door in view
/// within reach (Brogue's fifth turn), so five turns settle whether a wall hides anything.
pub const THOROUGH_SEARCH_TURNS: u8 = 5;
/// Every turn the player notices secret doors unsought, with this share of a search's chance
/// (a fifth: 15 in a hundred beside it, 3 at the edge of reach): walking past a hidden door a
/// few times usually finds it, as in Brogue, while a search is still worth five times a glance.
pub const PASSIVE_SEARCH_SHARE: u32 = 5;

/// The most monsters a wizard may call up on one level: a hundred is room for any fight worth
/// studying (the default level generates a few dozen); beyond it a spawn is refused in words.
/// Without a bound a crafted recording of 100,000 spawns put 47,000 monsters on a level, at
/// 17 ms a turn, and its replay ran for minutes; with it, a recording costs what a game of its
/// length on its level costs.
pub const WIZARD_SPAWNS_PER_LEVEL: u32 = 100;

/// A jump into a chasm hurts this much (a roll between the two), a fifth of the player's health
/// at most: enough that a chasm is not the stairs, little enough that it is an escape. A fall
/// never kills (it leaves 1 hit point): a player who jumps to get away is not punished for it
/// by a roll.
pub const CHASM_FALL_DAMAGE: (u32, u32) = (1, 4);

// Fire and gas. Sources: Brogue CE's fire (a chance a turn to catch, by the ground's row, and
// to burn out) and its gas (volumes that even out with their neighbours and thin by kind).

/// A burning cell goes out one turn in five: about five turns of fire a cell, so that each of
/// its neighbours is touched five times. Green grass (15 a touch) then catches about half the
/// time, a fire that creeps and gutters; dead grass (40) nearly always, a fire that runs.
pub const FIRE_BURNS_OUT: (u32, u32) = (1, 5);
/// Fire hurts whoever stands in it or burns, this much a turn (a roll between the two): an orc
/// (4) dies in about two turns of it, the player ([`PLAYER_MAX_HIT_POINTS`], 15) has time to
/// reach water or bare ground.
pub const BURN_DAMAGE: (u32, u32) = (1, 3);
/// A burning creature off the fire goes out one turn in three: about three more turns of
/// burning, six hit points, so that fire is a threat to be put out in water, not a scratch.
pub const BURNING_STOPS: (u32, u32) = (1, 3);
/// A potion thrown flies this far (its shattering bolt's range, if it has one, is the same):
/// across a room, as a dart, but not from beyond sight.
pub const POTION_THROW_RANGE: u32 = 8;
/// A gas harms whoever stands in it at this volume or more: the thin rim of a cloud is seen
/// before it is felt, and a cloud spread over a room stops harming before it is gone (a
/// bloat's 350 harms a dozen cells or so at first).
pub const GAS_HARMS_AT: u16 = 8;
/// Methane explodes where it stands this thick as it goes up; thinner, it only flashes (and
/// sets alight what burns).
pub const GAS_EXPLODES_AT: u16 = 10;

// How many monsters and items a level holds, and of which kinds, is in the content tables
// (content/bestiary.ron and content/items.ron), each number with its reason.

// The dungeon does not wait (Brogue CE's periodic hordes): bands keep arriving on a level as the
// player stays on it, by a way onto it out of the player's sight (see `game/arrivals.rs`).

/// Turns on a level before the first band arrives, drawn between these (inclusive). Brogue CE's
/// fuse is 125 to 175 turns on a level of Umbra's default size (79×29 against 80×30); a careful
/// player spent about 550 turns a level (rules 28), so the first band comes while it is still
/// exploring, and a player who clears a level briskly meets one or two. (With 150 to 250 the
/// careful player won 59 runs in a hundred and drank no healing potion in 49 % of its wins;
/// with these, 55 and 56 %: within the noise of a hundred runs, but sooner is the point.)
pub const ARRIVAL_FUSE: (u32, u32) = (120, 200);
/// Each band that arrives shortens the next fuse to this share of the last: the third band of a
/// level comes after about 110 turns, the sixth after about 50. The longer a level is stayed on
/// (resting to full between every fight), the sooner the next comes.
pub const ARRIVAL_QUICKENS: (u32, u32) = (3, 4);
/// No fuse is shorter than this: a level stayed on for ever is busy, not flooded (a band a
/// rest's worth of turns, about what a careful player can fight and recover from).
pub const ARRIVAL_FUSE_FLOOR: u32 = 40;
/// A band arrives this far from the player or further (straight distance), out of its sight: it
/// is heard of, not seen stepping out of the air.
pub const ARRIVAL_DISTANCE: u32 = 10;
/// When no way onto the level is out of sight and far enough (the player stands by both), the
/// band tries again after this many turns.
pub const ARRIVAL_RETRY_TURNS: u32 = 10;
/// The band's others stand within this many cells of its leader (a band of five fits).
pub const ARRIVAL_SPREAD: i32 = 2;

// How NPCs behave. Sources: Brogue CE (monsters mostly asleep, wandering between waypoints,
// fleeing on a safety map) and DCSS (noise that wakes and draws monsters to a fight).

/// A lair's doorway lies at least this many steps from the arrival (content/machines.ron,
/// `Lair`): its band wakes to a player who has found its feet on the level, not one who has
/// just come down the stairs with a wound.
pub const LAIR_STEPS: u32 = 20;
/// One NPC in three starts awake and wandering; the rest sleep until something wakes them.
/// Enough that a level feels alive, few enough that sneaking past sleepers is a real choice.
pub const NPC_AWAKE_AT_START: (u32, u32) = (1, 3);
/// A blow is heard this many steps away, by path over open ground: about the span of a room and
/// the corridor beside it, so a fight draws its neighbours but not the whole level.
pub const COMBAT_NOISE_STEPS: u32 = 8;
/// Blows struck within this many cells (along either axis) of a blow already heard this turn
/// are the same fight: one noise, where the first was struck. A melee of allies and monsters
/// is heard as the fight it is, not as a hundred (each flooded for its listeners), and whoever
/// comes to see comes to the same place within a step or two.
pub const FIGHT_NOISE_SPREAD: i32 = 2;
/// An orc that spots the player shouts; the shout carries a little further than a blow.
pub const SHOUT_NOISE_STEPS: u32 = 12;
/// How far a trap's alarm carries, in steps: Brogue's alarm wakes the level; twenty steps is
/// the rooms round the trap (a level of 80×30 is some 60 steps end to end), so the bell brings
/// a fight, not the whole level.
pub const ALARM_NOISE_STEPS: u32 = 20;
/// An orc shouts again only if it had not seen the player for this long: about a search's
/// length, so losing the player round a corner, or coming back healed, raises no new alarm.
pub const SHOUT_AGAIN_AFTER_TURNS: u64 = 50;
/// How long a searching NPC keeps at it: time to walk to the last-seen cell...
pub const SEARCH_APPROACH_TURNS: u64 = 30;
/// ...and then to look around it for this many turns before wandering again.
pub const SEARCH_PROWL_TURNS: u64 = 15;
/// While looking around, a searcher stays within this many steps of the cell it is searching.
pub const SEARCH_PROWL_STEPS: u32 = 5;
/// A wandering NPC rests this many turns (inclusive range) at each waypoint it reaches.
pub const WANDER_PAUSE_TURNS: (u64, u64) = (2, 6);
/// An NPC that wanted to step and could not for this many turns picks another way (a
/// wanderer counts them over the whole way to its next waypoint, a searcher in a row): long
/// enough to let a neighbour pass, short enough that two NPCs in a corridor never block each
/// other for long.
pub const STUCK_TURNS: u8 = 3;
/// NPCs heal one hit point every this many turns: slower than the player, so a wounded orc that
/// got away comes back, but not soon.
pub const NPC_REGENERATION_INTERVAL: u64 = 20;

/// A kind that flees when hurt (`FleesWhenHurt` in the bestiary) flees at or below half its hit points (an orc after one player blow)...
pub const FLEE_AT_OR_BELOW: (u32, u32) = (1, 2);
/// ...and comes back to fight once healed to three quarters (an orc after twenty turns' rest).
pub const RECOVERED_AT_OR_ABOVE: (u32, u32) = (3, 4);
/// A fleeing monster with its foe this many steps off or nearer (a diagonal's length)...
pub const FLEE_PRESSED_STEPS: u32 = 2;
/// ...this many turns in a row has not shaken it off (as fast as it, on four-way moves, a
/// chaser never closes a diagonal, and a runner never opens it: a hand-played run spent twenty
/// turns on one orc): it turns and fights, as if cornered.
pub const FLEE_PRESSED_TURNS: u8 = 4;

// The score (see `game::score` for the formula): depth first, fights second, winning above all.

/// Points per depth reached: the main measure of a run, so going down is worth more than
/// clearing a level (a run that sneaks to depth 6 beats one that dies on depth 4 with 20 kills).
pub const POINTS_PER_DEPTH: u64 = 100;
/// Points for taking the Sunstone: more than any losing run can gather, so any win beats any loss.
pub const POINTS_FOR_VICTORY: u64 = 5_000;
// Points for each kill are the bestiary's (`score`).

// Allies: captives the player freed (Brogue's `moveAlly`, with its numbers where they fit).

/// An ally fights an enemy it sees only while that enemy is within this many steps (along both
/// axes together) of the player: it guards the player, never chases across the level. Brogue
/// lets an ally attack within 4 cells of the player (10 while the player rests); 6 covers a room
/// the player fights in and the doorway beside it.
pub const ALLY_LEASH_STEPS: u32 = 6;
/// With no enemy to fight, an ally walks back until it is this many steps from the player by
/// walking: close enough to come when called, far enough not to stand in every doorway.
pub const ALLY_FOLLOW_STEPS: u32 = 2;
/// An ally runs when it is down to a third of its hit points (Brogue's rule)...
pub const ALLY_FLEE_AT_OR_BELOW: (u32, u32) = (1, 3);
/// ...and an enemy it sees is within this many cells (Brogue's 10)...
pub const ALLY_FLEE_FROM_STEPS: u32 = 10;
/// ...and comes back to fight once healed to two thirds: its regeneration is slow (a hit point
/// in twenty turns), so three quarters would keep an ogre out of fights for a level.
pub const ALLY_RECOVERED_AT_OR_ABOVE: (u32, u32) = (2, 3);
/// Allies within this many steps of the player (by walking) follow it down the stairs or into a
/// chasm; one further off is left behind. Brogue takes those close enough to see it go; a
/// room's width (five steps) left an ally behind whenever it had strayed to a fight or run to
/// heal, and the careful player did little better with allies than without.
pub const ALLY_FOLLOWS_DOWN_STEPS: u32 = 12;
/// A follower arrives on the new level this many turns after the player for each step it was
/// from the player when it left (at least one): the nearest come first.
pub const ALLY_ARRIVAL_TURNS_PER_STEP: u64 = 1;
/// How far round the player the allies' shared map of their enemies reaches: the leash, and
/// room to walk round a wall to an enemy within it (and to see one coming while running).
pub const ALLY_MAP_REACH: u32 = ALLY_LEASH_STEPS + 4;

// The armoury: staffs, wands, rings and enchanting (Brogue CE's numbers where they fit).

/// The most charges a staff or wand holds, enchanted or not: a wand of domination with a dozen
/// charges would be an army.
pub const MOST_CHARGES: u8 = 10;
/// The most levels of enchanting an item takes: past a score of scrolls a run does not find.
pub const MOST_ENCHANT: u8 = 20;
/// A ring shows what it is after this many turns worn (Brogue's rings reveal their bonus in
/// time): a level's walk, long enough that wearing an unknown ring is a choice.
pub const RING_KNOWN_AFTER: u16 = 100;
/// Each level of a ring of stealth takes this many steps off the wearer's stealth range (14):
/// three levels are the shadow's halving, carried into the light.
pub const RING_STEALTH_STEPS: u32 = 2;
/// Each level of a ring of regeneration takes this many turns off the wait between hit points
/// healed (10), down to [`QUICKEST_REGENERATION_INTERVAL`]: a first level heals a third
/// sooner.
pub const RING_REGENERATION_TURNS: u64 = 3;
/// Each level of a ring of light adds this many cells to the wearer's own light, which shrinks
/// with depth ([`PLAYER_LIGHT_RADIUS`]): two levels undo five depths of dimming.
pub const RING_LIGHT_CELLS: u32 = 1;
/// A staff's bolt grows with its enchanting: each level adds this to its damage, healing and
/// reach...
pub const STAFF_POWER_PER_LEVEL: u32 = 1;
/// ...and half again of its lasting effects (slowness, crystal) per two levels: in a hundred,
/// what each level adds.
pub const STAFF_DURATION_PER_LEVEL: u32 = 50;
/// Each level of enchanting shortens a staff's wait for a charge by this share (in a hundred)
/// of its row's `recharge`: a staff grows quicker as it grows stronger, as Brogue's do.
pub const STAFF_RECHARGE_PER_LEVEL: u32 = 20;
/// Domination takes surely when its mark is down to a fifth of its health or less (Brogue's
/// rule); above that its chance in a hundred is the share of health the mark has lost, so a
/// monster at full health never turns.
pub const DOMINATION_SURE_AT: (u32, u32) = (1, 5);
/// A monster teleported away, or the reader of teleportation, lands at least this many steps
/// (in a straight line) from where it was: out of a room and the rooms beside it.
pub const TELEPORT_AWAY_STEPS: u32 = 12;
/// Haste halves the time of everything the drinker does, slowness doubles it for its mark.
pub const HASTE_TIME_SHARE: (u32, u32) = (1, 2);
pub const SLOW_TIME_MULTIPLIER: u32 = 2;

/// A kind that flits steps at random one action in three (Brogue's bats and eels: enough to
/// make them hard to pin in a corridor, not so much that they never arrive).
pub const FLIT_CHANCE: (u32, u32) = (1, 3);
/// How far round it a summoner's calls appear: the cells beside it first.
pub const SUMMON_REACH: i32 = 2;
/// An ally learns from a foe that falls within this many steps of it, in its sight: close
/// enough to have watched the fight (Brogue's allies absorb a corpse's power standing by it).
pub const LEARN_STEPS: u32 = 5;
/// An ally that learned regeneration heals a hit point every this many turns, beside the
/// one every NPC heals every `NPC_REGENERATION_INTERVAL` (a troll's gift: a fight's wounds
/// gone in a rest).
pub const LEARNED_REGENERATION_TURNS: u64 = 3;

/// An ally at or below this share of its hit points (numerator, denominator) is dying: a fight
/// of its out of the player's view stops the player's walking only then, so the player may go to
/// its help without every blow of every fight out of view stopping a walk.
pub const ALLY_DYING_AT: (u32, u32) = (1, 3);

/// Weapons and armour are heavy: the pack holds this many besides what is wielded and worn. A
/// hand-played winner ended with four suits of leather, three of scale mail and two war axes
/// (the careful player with 1.7 spare); a second suit of armour is a choice, the third a habit.
/// Putting one down makes room (exploring then fetches what is better).
pub const SPARE_GEAR: u32 = 1;

/// An ally heals a hit point every this many turns, several times as often as a monster: its
/// wounds mend while the player rests, so a freed captive is still there for the next level's
/// fights (at the monsters' pace, the careful player did as well without allies: 52 % to 50 %;
/// every 5 turns, a few points better).
pub const ALLY_REGENERATION_INTERVAL: u64 = 3;

/// A freed captive fights with this share of its kind's hit points (numerator, denominator:
/// three times; twice and two and a half times left the careful player 6 points better with
/// allies than without),
/// whole: a captive is one that lived through its captors, and the player's side is what
/// makes it worth the fight to free (a freed archer with its kind's 4 fell in its first fight,
/// and the careful player won as often without allies as with them).
pub const FREED_HIT_POINTS: (u32, u32) = (3, 1);

/// Every run meets a captive band by this depth: one depth from the captives' first to this,
/// drawn from the run's seed, holds one surely (its chance roll is still drawn, so the level is
/// otherwise the one chance made). By chance alone about one run in six met none on depths 2
/// to 5 and one in forty none at all (seed 47, played by hand, had no ally to free), and allies
/// are a build a run should be able to choose.
pub const CAPTIVE_BAND_BY: u32 = 5;
