//! Every palette renders every panel with the same words; the colour-blind palette draws none
//! of the reds and greens that told facts; the high-contrast one keeps every glyph readable on
//! its ground; seen and remembered ground differ by brightness, not by hue alone, in every
//! palette and every terminal colour mode.

mod common;

use chargrid::core::{Rgba32, Tint, UCoord};
use chargrid::input::{KeyboardInput, keys};
use common::screen::{Screen, render_at};
use umbra::app::palettes::Palette;
use umbra::app::{GameApp, looks, palette};
use umbra::cli::ColourMode;
use umbra::frontend::colour::encode;
use umbra_rules::game::Ground;
use umbra_rules::{Game, GameOptions};

const SIZES: [UCoord; 2] = [UCoord::new_u16(100, 40), UCoord::new_u16(50, 16)];

/// A potion to pick up, an orc at the door, stairs down behind the player.
const HALL: &[&str] = &[
    "############",
    "#>@!.......#",
    "#..........#",
    "#.........o#",
    "############",
];

fn app(palette: Palette) -> GameApp {
    let (game, _) = Game::from_ascii(HALL, GameOptions::default()).expect("valid map");
    GameApp::new(game).with_palette(palette)
}

fn press(app: &mut GameApp, keys: &[KeyboardInput]) {
    for &key in keys {
        common::press_on(app, SIZES[0], key);
    }
}

fn chars(text: &str) -> Vec<KeyboardInput> {
    text.chars().map(KeyboardInput::Char).collect()
}

/// Each panel the game shows, reached by keys from the start of `HALL`.
fn panels() -> Vec<(&'static str, Vec<KeyboardInput>)> {
    vec![
        ("map", chars("l")),
        ("help", chars("?")),
        ("menu", vec![keys::ESCAPE]),
        ("pack", chars("li")),
        ("item", chars("lia")),
        ("log", chars("m")),
        ("look", chars("xl")),
        ("aim", chars("lt")),
        ("boons", chars("h>")),
    ]
}

fn screens(palette: Palette) -> Vec<(String, Screen)> {
    let mut shown = Vec::new();
    for (name, keys) in panels() {
        let mut app = app(palette);
        press(&mut app, &keys);
        for size in SIZES {
            shown.push((format!("{name} at {size:?}"), render_at(&app, size)));
        }
    }
    let dying = {
        let rows = ["#####", "#@o.#", "#####"];
        let (game, _) = Game::from_ascii(&rows, GameOptions::default()).expect("valid map");
        let mut app = GameApp::new(game.with_player_max_hit_points(1)).with_palette(palette);
        for _ in 0..50 {
            press(&mut app, &chars("."));
        }
        assert!(
            app.game().is_over(),
            "an orc beside a player of 1 hit point kills it"
        );
        app
    };
    shown.push(("the end".to_string(), render_at(&dying, SIZES[0])));
    shown
}

fn cells(screen: &Screen) -> impl Iterator<Item = (char, Rgba32, Rgba32)> + '_ {
    screen.rows.iter().enumerate().flat_map(move |(y, row)| {
        row.chars()
            .enumerate()
            .map(move |(x, c)| (c, screen.foreground[y][x], screen.background[y][x]))
    })
}

#[test]
fn every_palette_renders_every_panel_with_the_same_words() {
    let default = screens(Palette::Default);
    for palette in [Palette::HighContrast, Palette::ColourBlind] {
        for ((name, expected), (_, screen)) in default.iter().zip(screens(palette)) {
            assert_eq!(screen.text(), expected.text(), "{name} in {palette:?}");
            assert!(!screen.text().trim().is_empty(), "{name}");
        }
    }
}

#[test]
fn the_colour_blind_palette_draws_none_of_the_reds_and_greens_that_tell_facts() {
    let telling = [
        palette::HEALTH_HIGH,
        palette::HEALTH_MEDIUM,
        palette::HEALTH_LOW,
        palette::DANGER,
        palette::GOOD,
        palette::ALLY_BACKGROUND,
    ];
    let mut health_drawn = false;
    for (name, screen) in screens(Palette::ColourBlind) {
        for (c, foreground, background) in cells(&screen) {
            assert!(
                !telling.contains(&foreground) && !telling.contains(&background),
                "{name}: {c:?} in {foreground:?} on {background:?}"
            );
            health_drawn |= background == Palette::ColourBlind.tint(palette::HEALTH_HIGH);
        }
    }
    assert!(
        health_drawn,
        "the health bars are drawn in the palette's blue"
    );
}

/// WCAG's relative luminance.
fn luminance(colour: Rgba32) -> f64 {
    let linear = |channel: u8| {
        let c = f64::from(channel) / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b)
}

fn contrast(a: Rgba32, b: Rgba32) -> f64 {
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// Every glyph of the map, the sidebar and the status line, and every glyph on a panel (the map
/// dimmed behind a panel is meant to recede).
#[test]
fn the_high_contrast_palette_keeps_every_glyph_readable_on_its_ground() {
    let on_panel = Palette::HighContrast.tint(palette::PANEL_BACKGROUND);
    let uncovered = ["map", "look", "aim"];
    for (name, screen) in screens(Palette::HighContrast) {
        let whole = uncovered.iter().any(|open| name.starts_with(open));
        for (c, foreground, background) in cells(&screen) {
            if c == ' ' || !(whole || background == on_panel) {
                continue;
            }
            let ratio = contrast(foreground, background);
            assert!(
                ratio >= 4.5,
                "{name}: {c:?} in {foreground:?} on {background:?} is {ratio:.1}:1"
            );
        }
    }
}

#[test]
fn seen_and_remembered_ground_differ_by_brightness_in_every_palette_and_colour_mode() {
    for palette in Palette::ALL {
        let seen = palette.tint(looks::ground(Ground::FLOOR).colour());
        let remembered = palette.tint(palette::REMEMBERED);
        let ratio = luminance(seen) / luminance(remembered);
        assert!(ratio >= 1.5, "{palette:?}: seen is {ratio:.2}x as bright");
        for mode in [
            ColourMode::TrueColour,
            ColourMode::Palette256,
            ColourMode::Ansi16,
        ] {
            assert_ne!(
                encode(seen, mode),
                encode(remembered, mode),
                "{palette:?} in {mode:?}"
            );
        }
    }
}

#[test]
fn help_names_the_palettes() {
    let chosen = match umbra::cli::parse(["--palette", "colour-blind"]) {
        Ok(umbra::cli::Parsed::Play(args)) => args.palette,
        other => panic!("{other:?}"),
    };
    assert_eq!(chosen, Palette::ColourBlind);
    let american = match umbra::cli::parse(["--palette", "color-blind"]) {
        Ok(umbra::cli::Parsed::Play(args)) => args.palette,
        other => panic!("{other:?}"),
    };
    assert_eq!(american, Palette::ColourBlind, "spelt either way");
    let usage = match umbra::cli::parse(["--help"]) {
        Ok(umbra::cli::Parsed::Help(usage)) => usage,
        other => panic!("{other:?}"),
    };
    assert!(usage.contains("colour-blind"), "{usage}");
    assert!(usage.contains("high-contrast"), "{usage}");
    let refused = umbra::cli::parse(["--palette", "sepia"]).expect_err("refused");
    assert!(
        refused.message.contains("invalid --palette"),
        "{}",
        refused.message
    );
}
