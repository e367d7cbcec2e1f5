//! An item's numbers in words, for a choice between two (a vault's altars, a second sword):
//! a weapon's blows, a suit's worth, a staff's or wand's bolt and reach, as the rules would
//! make them now (`Game::gear_numbers`, `Game::zap_numbers`).

use umbra_rules::game::{BoltEffect, BoltPath, Game, GearNumbers, Stack, TURN_TIME, ZapNumbers};

/// The line of numbers for `stack`, if it has any the player may know.
pub fn numbers_line(game: &Game, stack: Stack) -> Option<String> {
    if let Some(numbers) = game.gear_numbers(stack) {
        return Some(gear_words(numbers));
    }
    game.zap_numbers(stack).map(zap_words)
}

fn gear_words(numbers: GearNumbers) -> String {
    match numbers {
        GearNumbers::Weapon {
            attack,
            time,
            from_the_dark,
        } => format!(
            "Your blows with it: {} in {} land, for {}; each takes {}; from the dark, {from_the_dark} times the damage.",
            attack.to_hit.0,
            attack.to_hit.1,
            range(attack.damage),
            turns(time)
        ),
        GearNumbers::Armour {
            armour,
            step_time,
            clank,
        } => {
            let mut words = format!(
                "Worn: takes 0 to {armour} off each blow that lands on you; a step takes {}",
                turns(step_time)
            );
            if clank > 0 {
                words += &format!("; monsters hear you {clank} steps further off");
            }
            words + "."
        }
    }
}

fn zap_words(numbers: ZapNumbers) -> String {
    let ZapNumbers {
        effect,
        reach,
        path,
        ignites,
        recharge,
    } = numbers;
    let does = match effect {
        BoltEffect::Blow(dice) => format!(
            "lands {} in {}, for {}",
            dice.to_hit.0,
            dice.to_hit.1,
            range(dice.damage)
        ),
        BoltEffect::Strike(damage) => format!("strikes for {}, surely", range(damage)),
        BoltEffect::Heal(amount) => format!("heals {}", range(amount)),
        BoltEffect::Burst { damage, radius } => {
            format!("bursts for {} on all within {radius}", range(damage))
        }
        BoltEffect::Confuse { turns } => format!("confuses for {turns} turns"),
        BoltEffect::Shatter { radius } => format!("breaks, what it holds reaching {radius} round"),
        BoltEffect::Slow { turns } => format!("slows for {turns} turns"),
        BoltEffect::Blink => "carries you with it".to_string(),
        BoltEffect::Obstruct { turns, radius } => {
            format!("raises crystal {radius} round, for {turns} turns")
        }
        BoltEffect::TeleportOther => "sends what it strikes elsewhere on the level".to_string(),
        BoltEffect::Dominate => {
            "turns what it strikes: surely at a fifth of its health, never unhurt".to_string()
        }
        BoltEffect::Beckon => "pulls what it strikes to your side".to_string(),
        BoltEffect::Negate => "takes the magic of what it strikes".to_string(),
        BoltEffect::Web { turns } => format!("holds for {turns} tries"),
        BoltEffect::Haste { turns } => format!("hastes for {turns} turns"),
    };
    let finds = match path {
        BoltPath::Line => "",
        BoltPath::Pierces => " passes through everyone in its line and",
    };
    let burns = match ignites {
        true => ", setting fire where it stops",
        false => "",
    };
    let mut words = format!("Its bolt{finds} {does}{burns}; reach {reach}");
    if let Some(recharge) = recharge {
        words += &format!("; a charge comes back every {recharge} turns");
    }
    words + "."
}

/// "2 to 5", or "3" when the two ends meet.
fn range((least, most): (u32, u32)) -> String {
    match least == most {
        true => least.to_string(),
        false => format!("{least} to {most}"),
    }
}

/// A time in turns, as a player counts them: "a turn", "half a turn", "1.5 turns".
fn turns(time: u32) -> String {
    match time {
        t if t == TURN_TIME => "a turn".to_string(),
        t if t * 2 == TURN_TIME => "half a turn".to_string(),
        t => {
            let number = format!("{:.2}", f64::from(t) / f64::from(TURN_TIME));
            format!(
                "{} turns",
                number.trim_end_matches('0').trim_end_matches('.')
            )
        }
    }
}
