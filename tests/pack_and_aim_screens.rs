//! The pack and the targeting cursor as a player meets them, drawn headlessly and read back:
//! the pack by letter, the item's panel, aiming that shows the path and a burst's area before
//! anything is spent, Esc that costs nothing, and a throw repeated with `f`.

mod common;

use chargrid::core::{Component, Event, FrameBuffer, UCoord};
use chargrid::input::{Input, KeyboardInput, MouseButton, MouseInput, keys};
use common::screen::{Screen, render_at};
use coord_2d::ICoord;
use umbra::app::{GameApp, palette};
use umbra_rules::content::{ItemKind, ItemUse};
use umbra_rules::game::FightEvent;
use umbra_rules::{Game, GameOptions, PlayerAction};

const SCREEN: UCoord = UCoord::new_u16(100, 40);

fn press(app: &mut GameApp, key: KeyboardInput) {
    common::press_on(app, SCREEN, key);
}

fn click(app: &mut GameApp, at: ICoord) {
    let fb = FrameBuffer::new(SCREEN);
    let mouse = MouseInput::MousePress {
        button: MouseButton::Left,
        coord: at,
    };
    app.update(&mut (), fb.default_ctx(), Event::Input(Input::Mouse(mouse)));
}

fn render(app: &GameApp) -> Screen {
    render_at(app, SCREEN)
}

fn kind(letter: char) -> ItemKind {
    ItemKind::from_map_letter(letter).expect("a kind with that letter")
}

/// A game on `rows` after walking east `steps` times (picking up what lies there).
fn walked(rows: &[&str], steps: usize) -> Game {
    let (mut game, _) = Game::from_ascii(rows, GameOptions::default()).expect("valid map");
    for _ in 0..steps {
        game.act(PlayerAction::Move(direction::CardinalDirection::East));
    }
    game
}

#[test]
fn an_empty_pack_says_so_and_a_carried_item_takes_its_place() {
    for (steps, empty) in [(0, true), (1, false)] {
        let game = walked(&["#######", "#@!...#", "#######"], steps);
        let mut app = GameApp::new(game);
        press(&mut app, KeyboardInput::Char('i'));
        let screen = render(&app);
        assert!(screen.contains("Your pack"), "{}", screen.text());
        let says = screen.contains("You carry nothing.");
        assert_eq!(says, empty, "after {steps} steps:\n{}", screen.text());
    }
}

#[test]
fn the_pack_lists_items_by_letter_and_an_item_offers_what_can_be_done_with_it() {
    let game = walked(&["############", "#@!//......#", "############"], 3);
    let mut app = GameApp::new(game);
    press(&mut app, KeyboardInput::Char('i'));
    let screen = render(&app);
    assert!(screen.contains("Your pack"), "{}", screen.text());
    // Potions look alike until one of each kind is tried: this one is unknown yet.
    assert!(
        screen.contains("a  a") && screen.contains(" potion"),
        "{}",
        screen.text()
    );
    assert!(!screen.contains("healing"), "{}", screen.text());
    assert!(screen.contains("b  2 darts"), "{}", screen.text());
    press(&mut app, KeyboardInput::Char('b'));
    let screen = render(&app);
    assert!(screen.contains("t  throw"), "{}", screen.text());
    assert!(screen.contains("D  drop"), "{}", screen.text());
    assert!(
        !screen.contains("d  drink"),
        "darts are not drunk: {}",
        screen.text()
    );
    press(&mut app, keys::ESCAPE);
    press(&mut app, keys::ESCAPE);
    let turn = app.game().turn();
    press(&mut app, KeyboardInput::Char('d'));
    assert_eq!(
        app.game().turn(),
        turn + 1,
        "d drinks the one potion at once"
    );
    assert_eq!(app.game().pack().get(0), None, "and it is gone");
}

#[test]
fn every_letter_chooses_its_item_and_only_esc_closes_the_list() {
    // Nine kinds, one a letter: the ninth takes `i`, the pack's own key.
    let game = walked(&["#############", "#@!?&^/§¤¶¥.#", "#############"], 10);
    let carried: Vec<_> = game.pack().stacks().collect();
    assert!(
        game.pack().get(8).is_some(),
        "nine items carried: {carried:?}"
    );
    let mut app = GameApp::new(game);
    press(&mut app, KeyboardInput::Char('i'));
    assert!(render(&app).contains("Your pack"));
    press(&mut app, KeyboardInput::Char('i'));
    let screen = render(&app);
    assert!(
        screen.contains("Esc back to the pack"),
        "i chose the ninth item: {}",
        screen.text()
    );
    press(&mut app, keys::ESCAPE);
    assert!(render(&app).contains("Your pack"), "Esc went back to it");
    press(&mut app, keys::ESCAPE);
    assert!(!render(&app).contains("Your pack"), "and Esc closed it");
}

/// The arrows move a mark down the list and Enter chooses the marked item, as in every other
/// list; `j` and `k` stay letters.
#[test]
fn the_arrows_and_enter_choose_from_the_pack() {
    let game = walked(&["############", "#@!//......#", "############"], 3);
    let mut app = GameApp::new(game);
    press(&mut app, KeyboardInput::Char('i'));
    assert!(
        render(&app).contains(">a  "),
        "the first row marked: {}",
        render(&app).text()
    );
    press(&mut app, KeyboardInput::Down);
    let screen = render(&app);
    assert!(
        screen.contains(">b  2 darts"),
        "the mark moved down: {}",
        screen.text()
    );
    press(&mut app, keys::RETURN);
    let screen = render(&app);
    assert!(
        screen.contains("b  2 darts") && screen.contains("Esc back to the pack"),
        "Enter chose the darts: {}",
        screen.text()
    );
}

#[test]
fn aiming_shows_the_path_and_the_burst_and_esc_costs_nothing() {
    // Reading every other scroll teaches the fireball by elimination (a scroll of enchanting,
    // read, is known and waits for its choice: it is put down).
    // The room starts on the third row: the aim line may take two.
    let rows = [
        "################",
        "################",
        "#@^............#",
        "#..............#",
        "#.......z.z....#",
        "################",
    ];
    let mut game = walked(&rows, 1);
    let far = ICoord::new(9, 2);
    let others = umbra_rules::content::ItemKind::all().filter(|&k| {
        k.rules().use_.class() == umbra_rules::content::ItemClass::Scroll && k != kind('^')
    });
    for other in others {
        let give = umbra_rules::game::WizardCommand::Give {
            kind: other.index() as u8,
        };
        game.act(PlayerAction::Wizard(give));
        let slot = game.pack().slot_of(other).expect("given");
        game.act(PlayerAction::Use {
            slot,
            at: Some(far),
        });
        if let Some(slot) = game.pack().slot_of(other) {
            game.act(PlayerAction::Drop { slot });
        }
    }
    assert!(game.item_name(kind('^')).known, "the fireball is known");
    let mut app = GameApp::new(game);
    let turn = app.game().turn();
    press(&mut app, KeyboardInput::Char('r'));
    let screen = render(&app);
    assert!(
        screen.contains("Aim a scroll of fireball"),
        "{}",
        screen.text()
    );
    // The cursor starts on the nearest enemy in view.
    let (_, target) = *app
        .game()
        .enemies_in_view()
        .first()
        .expect("an orc in view");
    let fireball = app.game().pack().slot_of(kind('^')).expect("carried");
    let aim = app
        .game()
        .aim(fireball, target)
        .expect("the cursor starts on an orc in reach");
    for cell in &aim.path[..aim.path.len() - 1] {
        assert_eq!(
            screen.background[cell.y as usize][cell.x as usize],
            palette::AIM_PATH,
            "the path is drawn at {cell:?}"
        );
    }
    let drawn = screen.rows[target.y as usize]
        .chars()
        .nth(target.x as usize);
    assert_eq!(drawn, Some('o'), "the orc is still drawn under the cursor");
    let words = screen
        .text()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        !words.contains("would stop at"),
        "the flight ends on the orc it is aimed at: {words}"
    );
    let under_path = aim.path[0];
    let drawn = screen.rows[under_path.y as usize]
        .chars()
        .nth(under_path.x as usize);
    assert_eq!(drawn, Some('.'), "the floor is still drawn under the path");
    assert!(aim.area.len() > 5, "a burst reaches round its centre");
    let shown = aim
        .area
        .iter()
        .filter(|c| screen.background[c.y as usize][c.x as usize] == palette::AIM_AREA)
        .count();
    assert!(
        shown + aim.path.len() >= aim.area.len(),
        "the area is drawn"
    );
    press(&mut app, keys::ESCAPE);
    assert_eq!(app.game().turn(), turn, "Esc costs no turn");
    assert_eq!(
        app.game().pack().count_of(kind('^')),
        1,
        "and keeps the scroll"
    );
    press(&mut app, KeyboardInput::Char('r'));
    press(&mut app, keys::RETURN);
    assert_eq!(app.game().turn(), turn + 1, "Enter reads it");
    let burst = (app.game().events().iter()).any(|e| {
        matches!(
            e,
            umbra_rules::game::GameEvent::Fight(FightEvent::Burst { .. })
        )
    });
    assert!(burst, "the fireball bursts");
}

#[test]
fn f_throws_again_at_the_same_target_and_a_click_fires() {
    let rows = ["############", "#@////...Z.#", "############"];
    let game = walked(&rows, 4);
    let mut app = GameApp::new(game);
    press(&mut app, KeyboardInput::Char('t'));
    assert!(render(&app).contains("Aim a dart"));
    press(&mut app, keys::RETURN);
    assert_eq!(app.game().pack().count_of(kind('/')), 3, "one thrown");
    press(&mut app, KeyboardInput::Char('f'));
    assert_eq!(app.game().pack().count_of(kind('/')), 2, "f throws another");
    press(&mut app, KeyboardInput::Char('t'));
    let troll = app
        .game()
        .inhabitants()
        .npcs()
        .next()
        .expect("darts do not kill a troll")
        .coord;
    click(&mut app, troll);
    assert_eq!(app.game().pack().count_of(kind('/')), 1, "a click fires");
}

#[test]
fn out_of_reach_is_said_before_any_turn_is_spent() {
    let rows = [
        "##################",
        "#@/..............#",
        "##################",
    ];
    let game = walked(&rows, 1);
    let mut app = GameApp::new(game);
    let turn = app.game().turn();
    press(&mut app, KeyboardInput::Char('t'));
    for _ in 0..9 {
        press(&mut app, KeyboardInput::Char('l'));
    }
    // And how far it does reach: what the player needs to know next.
    assert!(render(&app).contains("That is out of range: it reaches 6."));
    press(&mut app, keys::RETURN);
    assert_eq!(app.game().turn(), turn, "nothing thrown");
    assert!(render(&app).contains("That is out of range: it reaches 6."));
}

#[test]
fn a_throw_is_drawn_in_flight_and_a_key_or_time_ends_it() {
    let rows = ["############", "#@//....Z..#", "############"];
    let game = walked(&rows, 2);
    let mut app = GameApp::new(game);
    let first_cell = app.game().player_coord() + ICoord::new(1, 0);
    let glyph_at = |app: &GameApp, cell: ICoord| {
        render(app).rows[cell.y as usize]
            .chars()
            .nth(cell.x as usize)
            .unwrap_or(' ')
    };
    press(&mut app, KeyboardInput::Char('t'));
    press(&mut app, keys::RETURN);
    assert_eq!(
        glyph_at(&app, first_cell),
        '/',
        "the dart leaves the thrower"
    );
    let fb = FrameBuffer::new(SCREEN);
    let tick = Event::Tick(std::time::Duration::from_secs(1));
    app.update(&mut (), fb.default_ctx(), tick);
    assert_eq!(glyph_at(&app, first_cell), '.', "and is gone once landed");
    press(&mut app, KeyboardInput::Char('f'));
    assert_eq!(glyph_at(&app, first_cell), '/', "thrown again");
    let turn = app.game().turn();
    press(&mut app, KeyboardInput::Char('.'));
    assert_eq!(glyph_at(&app, first_cell), '.', "a key ends the flight");
    assert_eq!(app.game().turn(), turn + 1, "and still acts");
}

#[test]
fn the_pack_groups_by_class_and_shows_a_known_staffs_charges() {
    let rows = ["############", "#@»!....Z..#", "############"];
    let staff = kind('»');
    let mut app = GameApp::new(walked(&rows, 2));
    press(&mut app, KeyboardInput::Char('i'));
    let screen = render(&app);
    assert!(screen.contains("Staffs"), "grouped: {}", screen.text());
    assert!(screen.contains("Potions"), "grouped: {}", screen.text());
    assert!(
        !screen.contains("firebolt"),
        "unknown yet: {}",
        screen.text()
    );
    let mut game = walked(&rows, 2);
    let slot = game.pack().slot_of(staff).expect("the staff is carried");
    let orc = game.inhabitants().npcs().next().expect("an orc").coord;
    game.act(PlayerAction::Use {
        slot,
        at: Some(orc),
    });
    let mut app = GameApp::new(game);
    press(&mut app, KeyboardInput::Char('i'));
    let screen = render(&app);
    assert!(
        screen.contains("staff of firebolt [1/2]"),
        "known, with its charges: {}",
        screen.text()
    );
}

#[test]
fn the_morgue_names_what_was_carried_as_the_pack_does() {
    let rows = ["############", "#@»!....Z..#", "############"];
    let mut game = walked(&rows, 2);
    let slot = game
        .pack()
        .slot_of(kind('»'))
        .expect("the staff is carried");
    let orc = game.inhabitants().npcs().next().expect("an orc").coord;
    game.act(PlayerAction::Use {
        slot,
        at: Some(orc),
    });
    let morgue = umbra::app::morgue_text(&game, &umbra::app::messages::MessageLog::default());
    assert!(
        morgue.contains("staff of firebolt [1/2]"),
        "with its charges, as the pack has it: {morgue}"
    );
}

/// The wield-and-wear list (`e`) holds what can be worn or wielded and nothing else: the potion
/// and the darts carried beside them are not offered.
#[test]
fn the_wear_and_wield_list_holds_only_what_can_be_worn_or_wielded() {
    // The dagger wielded as it is picked up, so the armour (one spare) is carried too.
    let mut game = walked(&["##########", "#@!/)[...#", "##########"], 3);
    game.act(PlayerAction::Use { slot: 2, at: None });
    game.act(PlayerAction::Move(direction::CardinalDirection::East));
    assert_eq!(game.pack().stacks().count(), 4, "all four picked up");
    let mut app = GameApp::new(game);
    press(&mut app, KeyboardInput::Char('e'));
    let screen = render(&app);
    assert!(screen.contains("What will you wield"), "{}", screen.text());
    assert!(screen.contains("c  a dagger"), "{}", screen.text());
    assert!(
        screen.contains("d  a suit of leather armour"),
        "{}",
        screen.text()
    );
    assert!(!screen.contains("potion"), "{}", screen.text());
    assert!(!screen.contains("dart"), "{}", screen.text());
}

/// An unknown scroll asked to be read is read at a target like any other: nothing said before
/// it is read names what it is, even with no enemy in view to aim it at.
#[test]
fn an_unknown_scroll_is_never_named_by_a_refusal() {
    let game = walked(&["#######", "#@?...#", "#######"], 1);
    let mut app = GameApp::new(game);
    press(&mut app, KeyboardInput::Char('r'));
    let before = render(&app);
    assert!(!before.contains("lightning"), "{}", before.text());
    assert_eq!(app.game().pack().stacks().count(), 1, "nothing read yet");
}

/// With no ally anywhere, a monster hunting is hunting the player, and the aim line says so:
/// a slow ogre whose last sight of the player is a step old is not "hunting your ally".
#[test]
fn a_monster_hunting_with_no_ally_about_hunts_you() {
    let rows = ["################", "#.@//.....O....#", "################"];
    let s = common::Scenario::with_npcs(&rows, &[]);
    let mut app = GameApp::new(s.game);
    for _ in 0..3 {
        press(&mut app, KeyboardInput::Char('l'));
        press(&mut app, KeyboardInput::Char('t'));
        let screen = render(&app);
        assert!(screen.contains("An ogre (hunting you"), "{}", screen.text());
        assert!(!screen.contains("your ally"), "{}", screen.text());
        press(&mut app, keys::ESCAPE);
    }
}

/// A fireball aimed two cells off would burn the reader: the top line says so, and the first
/// Enter fires nothing; the second, asked again, fires. Aimed far enough, one Enter fires.
#[test]
fn a_burst_that_would_reach_the_player_is_fired_only_when_asked_twice() {
    let rows = [
        "##################",
        "#@^^^............#",
        "##################",
    ];
    let game = walked(&rows, 3);
    let mut app = GameApp::new(game);
    // The first read makes the kind known (an unknown scroll shows no burst): far away.
    press(&mut app, KeyboardInput::Char('r'));
    for _ in 0..7 {
        press(&mut app, KeyboardInput::Char('l'));
    }
    press(&mut app, keys::RETURN);
    assert_eq!(
        app.game().pack().get(0).map(|s| s.count),
        Some(2),
        "one read"
    );
    // Two cells off, in the burst's reach.
    let turn = app.game().turn();
    press(&mut app, KeyboardInput::Char('r'));
    for _ in 0..2 {
        press(&mut app, KeyboardInput::Char('l'));
    }
    let screen = render(&app);
    assert!(
        screen.contains("the burst would reach you"),
        "{}",
        screen.text()
    );
    press(&mut app, keys::RETURN);
    assert_eq!(app.game().turn(), turn, "nothing fired");
    let screen = render(&app);
    assert!(
        screen.contains("The burst will reach you!"),
        "{}",
        screen.text()
    );
    assert!(screen.contains("Enter: fire anyway"), "{}", screen.text());
    press(&mut app, keys::RETURN);
    assert!(app.game().turn() > turn, "asked again, it fires");
    assert_eq!(app.game().pack().get(0).map(|s| s.count), Some(1));
}

#[test]
fn the_aim_line_wraps_rather_than_losing_its_end_on_a_small_screen() {
    let rows = ["################", "#@/.z.z........#", "################"];
    let mut app = GameApp::new(walked(&rows, 1));
    press(&mut app, KeyboardInput::Char('t'));
    press(&mut app, KeyboardInput::Char('\t'));
    for size in [UCoord::new(80, 24), SCREEN] {
        let text = render_at(&app, size).text();
        for part in ["stop at the orc on the way", "Esc", "cancels"] {
            assert!(text.contains(part), "{size:?}: {part:?} in\n{text}");
        }
    }
}

#[test]
fn the_item_panel_gives_the_numbers_a_choice_needs() {
    // One spare weapon or suit is carried at a time: the mail lies on a map of its own.
    let carried = || walked(&["###########", "#@)»......#", "###########"], 2);
    let mail = || walked(&["#####", "#@].#", "#####"], 1);
    // The panel of the item with `map_letter`, its words run together as a player reads them.
    let panel = |game: Game, map_letter: char| {
        let slot = game.pack().slot_of(kind(map_letter)).unwrap_or_else(|| {
            panic!(
                "{map_letter} carried: {:?}",
                game.pack().stacks().collect::<Vec<_>>()
            )
        });
        let mut app = GameApp::new(game);
        press(&mut app, KeyboardInput::Char('i'));
        press(&mut app, KeyboardInput::Char((b'a' + slot) as char));
        let text = render(&app).text();
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let dagger = panel(carried(), ')');
    assert!(
        dagger.contains("Your blows with it: 4 in 5 land, for 1 to 2; each takes half a turn; from the dark, 5 times the damage."),
        "{dagger}"
    );
    let mail = panel(mail(), ']');
    assert!(
        mail.contains("takes 0 to 3 off each blow that lands on you; a step takes 1.5 turns"),
        "{mail}"
    );
    // A staff not yet known keeps its numbers to itself; zapped once, it tells them.
    let unknown = panel(carried(), '»');
    assert!(!unknown.contains("Its bolt"), "{unknown}");
    let mut game = carried();
    let slot = game.pack().slot_of(kind('»')).expect("carried");
    game.act(PlayerAction::Use {
        slot,
        at: Some(ICoord::new(9, 1)),
    });
    let known = panel(game, '»');
    assert!(
        known.contains("Its bolt") && known.contains("reach"),
        "{known}"
    );
    assert!(
        known.contains("a charge comes back every 50 turns"),
        "{known}"
    );
}

#[test]
fn every_staff_and_wand_once_zapped_tells_each_number_of_its_bolt_in_a_line_of_its_own() {
    let zappers = ItemKind::all().filter(|kind| {
        matches!(
            kind.rules().use_,
            ItemUse::Staff { .. } | ItemUse::Wand { .. }
        )
    });
    let mut lines: Vec<String> = Vec::new();
    for kind in zappers {
        let row = format!("#@{}.....o#", kind.rules().map_letter);
        let mut game = walked(&["##########", &row, "##########"], 1);
        let slot = game.pack().slot_of(kind).expect("picked up");
        let numbers = game.zap_numbers(game.pack().get(slot).expect("carried"));
        assert!(
            numbers.is_none(),
            "{kind:?} tells nothing before it is known"
        );
        game.act(PlayerAction::Use {
            slot,
            at: Some(ICoord::new(8, 1)),
        });
        let stack = game.pack().get(slot).expect("still carried");
        let numbers = game.zap_numbers(stack).expect("known once zapped");
        let mut app = GameApp::new(game);
        press(&mut app, KeyboardInput::Char('i'));
        press(&mut app, KeyboardInput::Char((b'a' + slot) as char));
        let text = render(&app)
            .text()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let start = text
            .find("Its bolt")
            .unwrap_or_else(|| panic!("{kind:?}: {text}"));
        let line = &text[start..start + text[start..].find('.').expect("a sentence")];
        // Every number the rules give the bolt (its dice, turns, radius, reach) is told.
        let told: Vec<&str> = line
            .split(|c: char| !c.is_ascii_digit())
            .filter(|word| !word.is_empty())
            .collect();
        let given = format!("{:?} {}", numbers.effect, numbers.reach);
        for number in given
            .split(|c: char| !c.is_ascii_digit())
            .filter(|w| !w.is_empty())
        {
            assert!(
                told.contains(&number),
                "{kind:?}: {number} of {given} in {line:?}"
            );
        }
        // "Its bolt strikes ...", "Its bolt raises crystal ...": a verb says what it does.
        let verb = line["Its bolt ".len()..].split(' ').next().unwrap_or("");
        assert!(verb.ends_with('s'), "{kind:?}: {line:?} says what it does");
        assert!(
            !lines.iter().any(|seen| seen == line),
            "{kind:?}: {line:?} twice"
        );
        lines.push(line.to_string());
    }
    assert!(lines.len() >= 10, "{lines:?}");
}

#[test]
fn lightning_is_aimed_and_its_aim_line_names_everyone_in_its_line_and_its_reach() {
    let rows = [
        "##############",
        "#@¿...z.J....#",
        "#............#",
        "##############",
    ];
    let mut game = walked(&rows, 1);
    let slot = game.pack().slot_of(kind('¿')).expect("carried");
    // Zapped once down at the floor, away from the two: now it is known.
    game.act(PlayerAction::Use {
        slot,
        at: Some(ICoord::new(2, 2)),
    });
    assert!(game.item_name(kind('¿')).known, "zapped, it is known");
    let told: Vec<String> = (game.events().iter())
        .map(|&e| umbra::app::messages::describe(e))
        .collect();
    assert!(
        told.iter().any(|line| line.contains("strikes no one")),
        "the bolt that met no one says so: {told:?}"
    );
    assert!(
        told.iter().any(|line| line.starts_with("You zap a ")),
        "and the zap is told: {told:?}"
    );
    let mut app = GameApp::new(game);
    press(&mut app, KeyboardInput::Char('z'));
    press(&mut app, KeyboardInput::Char((b'a' + slot) as char));
    let text = render(&app).text();
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for part in ["it would strike the orc and the jackal", "reach 8"] {
        assert!(words.contains(part), "{part:?} in\n{text}");
    }
    // Down at the floor, nobody is in its line, and nobody is named.
    for key in ['h', 'h', 'h', 'h', 'h', 'j'] {
        press(&mut app, KeyboardInput::Char(key));
    }
    let text = render(&app).text();
    // The aim line's two rows, left of the sidebar.
    let aim_line: Vec<String> = (text.lines().take(2))
        .map(|row| row.chars().take(60).collect())
        .collect();
    let words = aim_line
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        words.contains("reach 8") && !words.contains("strike"),
        "{text}"
    );
}
