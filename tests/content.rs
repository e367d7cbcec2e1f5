//! The content tables: the shipped ones load, every kind in them is complete (it spawns by the
//! last depth, and has a look, a name and a score), and broken tables are refused in words that
//! name the table, the entry and the field.

use rand::SeedableRng;
use rand_isaac::Isaac64Rng;
use umbra::app::looks::{self, Looks};
use umbra_rules::balance::FINAL_DEPTH;
use umbra_rules::content::{
    BESTIARY_SOURCE, BOLTS_SOURCE, BoltKind, Content, ContentError, ITEMS_SOURCE, ItemKind,
    NpcKind, Problem, Sources,
};
use umbra_rules::content::{GROUND_SOURCE, Ground, MachineKind};
use umbra_rules::game::DEFAULT_MAP_SIZE;
use umbra_rules::terrain;

/// The shipped bestiary with `from` replaced by `to` (which must be there to replace).
fn bestiary_with(from: &str, to: &str) -> String {
    assert!(
        BESTIARY_SOURCE.contains(from),
        "{from:?} is in the bestiary"
    );
    BESTIARY_SOURCE.replacen(from, to, 1)
}

fn items_with(from: &str, to: &str) -> String {
    assert!(ITEMS_SOURCE.contains(from), "{from:?} is in the item table");
    ITEMS_SOURCE.replacen(from, to, 1)
}

fn refused(bestiary: &str, items: &str) -> ContentError {
    match Content::load(Sources::SHIPPED.with_bestiary(bestiary).with_items(items)) {
        Ok(_) => panic!("broken tables were accepted"),
        Err(error) => error,
    }
}

/// The message names the table, the entry and every word in `names`.
fn says(error: &ContentError, table: &str, entry: Option<&str>, names: &[&str]) {
    let words = error.to_string();
    assert!(words.contains(&format!("content/{table}.ron")), "{words}");
    if let Some(entry) = entry {
        assert!(words.contains(&format!("entry \"{entry}\"")), "{words}");
    }
    for name in names {
        assert!(words.contains(name), "{name:?} not in: {words}");
    }
    assert_eq!(words.lines().count(), 1, "one line: {words}");
}

#[test]
fn the_shipped_tables_load_with_their_looks() {
    let content = Content::load(Sources::SHIPPED).expect("the shipped tables load");
    let looks = Looks::load(Sources::SHIPPED).expect("the shipped looks load");
    assert_eq!(looks.npcs.len(), content.bestiary.kinds.len());
    assert_eq!(looks.items.len(), content.items.kinds.len());
    assert_eq!(looks.bolts.len(), content.bolts.len());
    assert_eq!(looks.grounds.len(), content.ground.len());
    looks::check_content().expect("what the game checks at start-up");
}

#[test]
fn a_missing_field_is_named_with_its_entry() {
    let broken = bestiary_with("hit_points: 10,", "");
    let error = refused(&broken, ITEMS_SOURCE);
    says(&error, "bestiary", Some("troll"), &["hit_points"]);
}

#[test]
fn an_unknown_trait_is_named_with_its_entry() {
    let broken = bestiary_with(
        "traits: [ShoutsOnSight, FleesWhenHurt]",
        "traits: [Burrows]",
    );
    let error = refused(&broken, ITEMS_SOURCE);
    says(&error, "bestiary", Some("orc"), &["Burrows"]);
}

#[test]
fn a_summoner_of_no_kind_and_a_lesson_with_no_bolt_are_named() {
    let broken = bestiary_with("kind: \"spectral blade\"", "kind: \"spectral sword\"");
    let error = refused(&broken, ITEMS_SOURCE);
    says(
        &error,
        "bestiary",
        Some("goblin conjurer"),
        &["`summons`", "spectral sword"],
    );
    let broken = bestiary_with("teaches: Some(Flight),", "teaches: Some(Bolt),");
    let error = refused(&broken, ITEMS_SOURCE);
    says(&error, "bestiary", Some("vampire bat"), &["`teaches`"]);
    let broken = bestiary_with("count: (2, 3), every: 20", "count: (2, 3), every: 0");
    let error = refused(&broken, ITEMS_SOURCE);
    says(&error, "bestiary", Some("goblin conjurer"), &["`summons`"]);
}

#[test]
fn a_depth_window_no_level_reaches_is_named() {
    let broken = bestiary_with(
        "depths: (2, 10), weight: (first: 3",
        "depths: (12, 14), weight: (first: 3",
    );
    let error = refused(&broken, ITEMS_SOURCE);
    says(&error, "bestiary", Some("troll"), &["`spawn`", "(12, 14)"]);
    let broken = items_with("depths: (1, 10)", "depths: (0, 3)");
    let error = refused(BESTIARY_SOURCE, &broken);
    says(
        &error,
        "items",
        Some("healing potion"),
        &["`spawn`", "(0, 3)"],
    );
}

#[test]
fn a_depth_where_nothing_can_spawn_is_named() {
    let error = refused(&shallow_windows(BESTIARY_SOURCE), ITEMS_SOURCE);
    assert_eq!(error.problem, Problem::EmptyAtDepth { depth: 6 });
    says(&error, "bestiary", None, &["depth 6"]);
}

/// The bestiary with every kind's depth window cut to end at depth 5 (and begin by then).
fn shallow_windows(source: &str) -> String {
    let mut out = String::new();
    for line in source.lines() {
        if let Some(at) = line.find("depths: (") {
            let open = at + "depths: (".len();
            let close = open + line[open..].find(')').expect("a window closes");
            let from: u32 = line[open..close]
                .split(',')
                .next()
                .and_then(|first| first.trim().parse().ok())
                .expect("a window starts with a depth");
            out.push_str(&format!(
                "{}{}, 5{}",
                &line[..open],
                from.min(5),
                &line[close..]
            ));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

#[test]
fn two_kinds_drawn_with_one_glyph_are_named() {
    let broken = bestiary_with("glyph: 'T'", "glyph: 'o'");
    let error = Looks::load(Sources::SHIPPED.with_bestiary(&broken))
        .expect_err("a shared glyph is refused");
    says(&error, "bestiary", Some("troll"), &["`glyph`", "\"orc\""]);
    let broken = items_with("glyph: '!'", "glyph: '#'");
    let error =
        Looks::load(Sources::SHIPPED.with_items(&broken)).expect_err("the wall's glyph is refused");
    says(&error, "items", Some("healing potion"), &["`glyph`"]);
}

#[test]
fn two_kinds_written_with_one_map_letter_are_named() {
    let broken = bestiary_with(
        "map_letters: (awake: 'T', asleep: 'Z')",
        "map_letters: (awake: 'T', asleep: 'z')",
    );
    let error = refused(&broken, ITEMS_SOURCE);
    says(
        &error,
        "bestiary",
        Some("troll"),
        &["`map_letters`", "\"orc\""],
    );
}

#[test]
fn a_missing_look_is_named_by_the_app_and_an_unknown_use_by_the_rules() {
    let broken = items_with("plural: \"healing potions\",", "");
    let error =
        Looks::load(Sources::SHIPPED.with_items(&broken)).expect_err("a look without its plural");
    says(&error, "items", Some("healing potion"), &["plural"]);
    let broken = items_with("use: WinsTheRun", "use: Explodes");
    let error = refused(BESTIARY_SOURCE, &broken);
    says(&error, "items", Some("Sunstone"), &["Explodes"]);
}

#[test]
fn an_extra_monster_chance_above_one_or_out_of_nothing_is_named() {
    for (from, to) in [
        (
            "chance: (first: 1, last: 6), out_of: 12",
            "chance: (first: 1, last: 13), out_of: 12",
        ),
        (
            "chance: (first: 1, last: 6), out_of: 12",
            "chance: (first: 0, last: 0), out_of: 0",
        ),
    ] {
        let error = refused(&bestiary_with(from, to), ITEMS_SOURCE);
        says(&error, "bestiary", None, &["`extra_per_room`"]);
    }
}

#[test]
fn an_item_drawn_on_maps_like_the_floor_is_named() {
    let broken = items_with("map_letter: '!'", "map_letter: '.'");
    let error = refused(BESTIARY_SOURCE, &broken);
    says(&error, "items", Some("healing potion"), &["`map_letter`"]);
}

#[test]
fn the_item_table_needs_exactly_one_way_to_win() {
    let broken = items_with("use: WinsTheRun", "use: Drink(heal: 1)");
    let error = refused(BESTIARY_SOURCE, &broken);
    assert_eq!(error.problem, Problem::Prizes { count: 0 });
    says(&error, "items", None, &["win the run"]);
}

#[test]
fn numbers_that_cannot_be_played_are_named_with_their_field() {
    let cases = [
        ("hit_points: 4,", "hit_points: 0,", "orc", "`hit_points`"),
        (
            "to_hit: (1, 2), damage: (2, 4)",
            "to_hit: (3, 2), damage: (2, 4)",
            "troll",
            "`attack`",
        ),
        ("damage: (1, 2)", "damage: (3, 2)", "orc", "`attack`"),
        (
            "weight: (first: 16, last: 6), band: (1, 1)",
            "weight: (first: 16, last: 6), band: (2, 1)",
            "orc",
            "`spawn`",
        ),
    ];
    for (from, to, entry, field) in cases {
        let error = refused(&bestiary_with(from, to), ITEMS_SOURCE);
        says(&error, "bestiary", Some(entry), &[field]);
    }
}

/// Levels from the first depth to the last, for many seeds: every monster kind of the bestiary
/// and every item kind that spawns turns up somewhere.
#[test]
fn every_kind_spawns_by_the_last_depth_and_has_a_look_a_name_and_a_score() {
    let mut npcs_seen = vec![false; NpcKind::all().len()];
    let mut items_seen = vec![false; ItemKind::all().len()];
    for seed in 0..20 {
        let mut rng = Isaac64Rng::seed_from_u64(seed);
        for depth in 1..=FINAL_DEPTH {
            let level = terrain::generate_at_depth(DEFAULT_MAP_SIZE, depth, &mut rng);
            for npc in &level.npcs {
                npcs_seen[npc.kind.index()] = true;
            }
            for item in &level.items {
                items_seen[item.item.index()] = true;
            }
        }
    }
    // A kind only ever called by another (a conjurer's blades) arrives with its caller, and
    // is worth nothing: it fades by itself.
    for caller in NpcKind::all() {
        if let Some(summons) = caller.rules().summons
            && npcs_seen[caller.index()]
        {
            npcs_seen[summons.kind.index()] = true;
        }
    }
    for kind in NpcKind::all() {
        let look = looks::npc(kind);
        assert!(npcs_seen[kind.index()], "{} never spawns", look.name);
        assert!(!look.name.is_empty() && !look.look.plural.is_empty());
        let called = kind.rules().lifespan.is_some();
        assert!(
            kind.rules().score > 0 || called,
            "{} is worth no points",
            look.name
        );
    }
    for kind in ItemKind::all() {
        let look = looks::item(kind);
        assert!(
            items_seen[kind.index()],
            "{} never lies on a level",
            look.name
        );
        assert!(
            !look.look.description.is_empty() && !look.look.plural.is_empty(),
            "{} has no words",
            look.name
        );
    }
}

/// Every bolt is named in a sentence as one of its plural: "a bolt of lightning" beside
/// "bolts of lightning", never "a lightning" or "a ogre lightning".
#[test]
fn every_bolt_reads_as_one_of_its_plural_with_the_right_article() {
    for kind in BoltKind::all() {
        let look = looks::bolt(kind);
        let one = look.a();
        let (article, name) = one.split_once(' ').expect("an article and a name");
        let vowel = name.starts_with(['a', 'e', 'i', 'o', 'u']);
        assert_eq!(article, if vowel { "an" } else { "a" }, "{one:?}");
        let words: Vec<&str> = name.split(' ').collect();
        let plural: Vec<&str> = look.look.plural.split(' ').collect();
        let differing: Vec<_> = (words.iter().zip(&plural))
            .filter(|(one, many)| one != many)
            .collect();
        assert!(
            words.len() == plural.len()
                && differing.len() == 1
                && differing[0].1.starts_with(differing[0].0),
            "{one:?} is not one of {:?}",
            look.look.plural
        );
    }
}

/// Values at the very edge of what can be played are accepted: a sure hit, a fixed blow, a
/// one-level window, an extra monster in every room of the last level, a fixed count of items.
#[test]
fn numbers_at_the_edge_of_the_playable_are_accepted() {
    let bestiary_edges = [
        (
            "to_hit: (1, 2), damage: (1, 2)",
            "to_hit: (2, 2), damage: (2, 2)",
        ),
        (
            "depths: (2, 10), weight: (first: 3",
            "depths: (10, 10), weight: (first: 3",
        ),
        (
            "chance: (first: 1, last: 6), out_of: 12",
            "chance: (first: 1, last: 12), out_of: 12",
        ),
    ];
    for (from, to) in bestiary_edges {
        let tables = bestiary_with(from, to);
        Content::load(Sources::SHIPPED.with_bestiary(&tables))
            .unwrap_or_else(|e| panic!("{to}: {e}"));
    }
    let tables = items_with("per_level: (2, 3)", "per_level: (1, 1)");
    Content::load(Sources::SHIPPED.with_items(&tables)).unwrap_or_else(|e| panic!("(1, 1): {e}"));
}

#[test]
fn tables_without_kinds_and_backwards_ranges_are_named() {
    let no_monsters = format!(
        "{}])",
        &BESTIARY_SOURCE[..BESTIARY_SOURCE.find("kinds: [").expect("kinds") + 8]
    );
    let error = refused(&no_monsters, ITEMS_SOURCE);
    says(&error, "bestiary", None, &["`kinds`"]);
    let no_items = format!(
        "{}])",
        &ITEMS_SOURCE[..ITEMS_SOURCE.find("kinds: [").expect("kinds") + 8]
    );
    let error = refused(BESTIARY_SOURCE, &no_items);
    says(&error, "items", None, &["`kinds`"]);
    let error = refused(
        BESTIARY_SOURCE,
        &items_with("per_level: (2, 3)", "per_level: (2, 1)"),
    );
    says(&error, "items", None, &["`per_level`"]);
    let backwards = bestiary_with(
        "depths: (2, 10), weight: (first: 3",
        "depths: (6, 5), weight: (first: 3",
    );
    says(
        &refused(&backwards, ITEMS_SOURCE),
        "bestiary",
        Some("troll"),
        &["`spawn`"],
    );
}

#[test]
fn map_letters_must_be_two_letters() {
    for to in [
        "map_letters: (awake: 'T', asleep: 'T')",
        "map_letters: (awake: '1', asleep: 'Z')",
    ] {
        let broken = bestiary_with("map_letters: (awake: 'T', asleep: 'Z')", to);
        says(
            &refused(&broken, ITEMS_SOURCE),
            "bestiary",
            Some("troll"),
            &["`map_letters`"],
        );
    }
}

/// Items must be drawable on every depth where a level places any; a table that places none
/// needs no weights.
#[test]
fn items_with_nothing_to_draw_on_a_depth_are_named_unless_none_are_placed() {
    let shallow = items_with("depths: (1, 10)", "depths: (1, 5)")
        .replace("depths: (1, 10)", "depths: (1, 5)")
        .replace("depths: (2, 10)", "depths: (2, 5)")
        .replace("depths: (3, 10)", "depths: (3, 5)")
        .replace("depths: (4, 10)", "depths: (4, 5)")
        .replace("depths: (5, 10)", "depths: (5, 5)");
    let error = refused(BESTIARY_SOURCE, &shallow);
    assert_eq!(error.problem, Problem::EmptyAtDepth { depth: 6 });
    says(&error, "items", None, &["depth 6"]);
    let none_placed = shallow.replacen("per_level: (2, 3)", "per_level: (0, 0)", 1);
    Content::load(Sources::SHIPPED.with_items(&none_placed))
        .expect("no items placed, no weights needed");
}

fn bolts_with(from: &str, to: &str) -> String {
    assert!(BOLTS_SOURCE.contains(from), "{from:?} is in the bolt table");
    BOLTS_SOURCE.replacen(from, to, 1)
}

#[test]
fn a_bolt_named_nowhere_is_refused_naming_the_entry_that_names_it() {
    let broken = items_with("Throw(bolt: \"dart\"", "Throw(bolt: \"javelin\"");
    let error = Content::load(Sources::SHIPPED.with_items(&broken)).expect_err("no javelin bolt");
    says(&error, "items", Some("dart"), &["use", "javelin"]);
}

#[test]
fn broken_bolts_are_refused() {
    let far = bolts_with("range: 7,", "range: 15,");
    let error = Content::load(Sources::SHIPPED.with_bolts(&far)).expect_err("beyond sight");
    says(&error, "bolts", Some("arrow"), &["range", "sight"]);
    let nothing = bolts_with("effect: Heal((1, 3))", "effect: Heal((0, 3))");
    let error = Content::load(Sources::SHIPPED.with_bolts(&nothing)).expect_err("heals nothing");
    says(
        &error,
        "bolts",
        Some("healing spell"),
        &["effect", "at least one"],
    );
}

#[test]
fn an_action_quicker_than_a_quarter_turn_is_refused() {
    let broken = bestiary_with(
        "time: (move: 50, attack: 100)",
        "time: (move: 10, attack: 100)",
    );
    let error = Content::load(Sources::SHIPPED.with_bestiary(&broken)).expect_err("too quick");
    says(&error, "bestiary", Some("jackal"), &["time", "quarter"]);
}

#[test]
fn a_scroll_is_its_bolt_and_a_broken_scroll_bolt_is_refused() {
    let wide = bolts_with(
        "Burst(damage: (3, 6), radius: 2)",
        "Burst(damage: (3, 6), radius: 8)",
    );
    let error = Content::load(Sources::SHIPPED.with_bolts(&wide)).expect_err("wider than it flies");
    says(&error, "bolts", Some("fireball"), &["effect", "less far"]);
    let never = bolts_with("Confuse(turns: 8)", "Confuse(turns: 0)");
    let error = Content::load(Sources::SHIPPED.with_bolts(&never)).expect_err("confuses nobody");
    says(
        &error,
        "bolts",
        Some("confusion"),
        &["effect", "at least one"],
    );
    let nowhere = bolts_with(
        "range: 8,\n                // Aimed, and through",
        "range: 0,\n                // Aimed, and through",
    );
    let error = Content::load(Sources::SHIPPED.with_bolts(&nowhere)).expect_err("sent nowhere");
    says(&error, "bolts", Some("lightning"), &["range"]);
}

#[test]
fn a_monster_sends_nothing_that_pierces_or_confuses() {
    for bolt in ["lightning", "confusion"] {
        let broken = bestiary_with("bolt: Some(\"arrow\")", &format!("bolt: Some(\"{bolt}\")"));
        let error = refused(&broken, ITEMS_SOURCE);
        says(&error, "bestiary", Some("goblin archer"), &["bolt", "line"]);
    }
    let fireball = bestiary_with("bolt: Some(\"arrow\")", "bolt: Some(\"fireball\")");
    Content::load(Sources::SHIPPED.with_bestiary(&fireball))
        .expect("a monster may throw a fireball");
}

/// The bestiary's bands and captives name kinds by name: a name the bestiary lacks, a count of
/// none and a chance above a hundred are refused naming the row and the field.
#[test]
fn broken_bands_captives_and_deeper_ones_are_named() {
    let cases = [
        (
            r#"members: [("goblin shaman", (1, 1)), ("orc", (2, 3))]"#,
            r#"members: [("goblin shaman", (1, 1)), ("orcs", (2, 3))]"#,
            "band orc war band",
            "`members`",
        ),
        (
            r#"members: [("goblin shaman", (1, 1)), ("orc", (2, 3))]"#,
            r#"members: [("goblin shaman", (1, 1)), ("orc", (0, 3))]"#,
            "band orc war band",
            "`members`",
        ),
        (
            "out_of_depth: (chance: 80, deeper: 4, from_depth: 2)",
            "out_of_depth: (chance: 160, deeper: 3, from_depth: 2)",
            "out_of_depth",
            "`out_of_depth`",
        ),
        (
            "out_of_depth: (chance: 80, deeper: 4, from_depth: 2)",
            "out_of_depth: (chance: 80, deeper: 4, from_depth: 0)",
            "out_of_depth",
            "`out_of_depth`",
        ),
        (
            r#"captive: "goblin archer","#,
            r#"captive: "goblin archers","#,
            "captive goblin archers",
            "`captive`",
        ),
    ];
    for (from, to, entry, field) in cases {
        let error = refused(&bestiary_with(from, to), ITEMS_SOURCE);
        says(&error, "bestiary", Some(entry), &[field]);
    }
}

fn ground_with(from: &str, to: &str) -> String {
    assert!(
        GROUND_SOURCE.contains(from),
        "{from:?} is in the ground table"
    );
    GROUND_SOURCE.replacen(from, to, 1)
}

fn ground_refused(ground: &str) -> ContentError {
    Content::load(Sources::SHIPPED.with_ground(ground)).expect_err("a broken ground table")
}

#[test]
fn the_kinds_the_code_places_by_name_keep_their_places_in_the_ground_table() {
    let renamed = ground_with("name: \"stairs\"", "name: \"steps\"");
    let error = ground_refused(&renamed);
    says(
        &error,
        "ground",
        Some("steps"),
        &["name", "row 3", "\"stairs\""],
    );
    for ground in Ground::all().take(13) {
        let letter = ground.map_letter();
        assert_eq!(Ground::from_map_letter(letter), Some(ground));
    }
    assert_eq!(Ground::WALL.map_letter(), '#');
    assert_eq!(Ground::LOCKED_DOOR.map_letter(), '$');
}

#[test]
fn a_ground_table_that_cannot_be_played_is_refused_in_words() {
    let error = ground_refused(&ground_with("map_letters: [','],", "map_letters: ['~'],"));
    says(
        &error,
        "ground",
        Some("shallow water"),
        &["map_letters", "deep water"],
    );
    let error = ground_refused(&ground_with("map_letters: ['_'],", "map_letters: ['b'],"));
    says(&error, "ground", Some("bridge"), &["map_letters"]);
    let error = ground_refused(&ground_with(
        "on: Some(\"altar\"), blocks_walking: true",
        "on: Some(\"altars\"), blocks_walking: true",
    ));
    says(&error, "ground", Some("cage"), &["altars"]);
    let error = ground_refused(&ground_with(
        "on: Some(\"altar\"), blocks_walking: true",
        "on: Some(\"wall\"), blocks_walking: true",
    ));
    says(&error, "ground", Some("cage"), &["on"]);
    let error = ground_refused(&ground_with(
        "found_as: Some(\"door\")",
        "found_as: Some(\"floor\")",
    ));
    says(
        &error,
        "ground",
        Some("secret door"),
        &["found_as", "layer"],
    );
    let error = ground_refused(&ground_with("catches: 50,", "catches: 150,"));
    says(&error, "ground", Some("door"), &["fire", "hundred"]);
    // An item drawn on test maps with the ground's letter could never be told from it.
    let clash = items_with("map_letter: '!'", "map_letter: '~'");
    let error = Content::load(Sources::SHIPPED.with_items(&clash)).expect_err("a shared letter");
    says(&error, "items", None, &["map_letter", "ground"]);
}

#[test]
fn an_item_with_an_unknown_use_or_a_staff_with_an_unknown_bolt_is_refused() {
    let unknown_use = items_with("Recite(spell: Enchanting)", "Recite(spell: Alchemy)");
    let error = refused(BESTIARY_SOURCE, &unknown_use);
    says(&error, "items", None, &["Alchemy"]);
    let unknown_bolt = items_with("Staff(bolt: \"firebolt\"", "Staff(bolt: \"icebolt\"");
    let error = refused(BESTIARY_SOURCE, &unknown_bolt);
    says(&error, "items", Some("staff of firebolt"), &["icebolt"]);
    let no_charge = items_with(
        "Wand(bolt: \"domination\", charges: 1)",
        "Wand(bolt: \"domination\", charges: 0)",
    );
    let error = refused(BESTIARY_SOURCE, &no_charge);
    says(&error, "items", Some("wand of domination"), &["charge"]);
}

#[test]
fn rings_are_drawn_as_every_roguelike_draws_them_and_no_item_as_a_trap() {
    // `^` is what a roguelike player reads as a trap (and fire burns as one here).
    for kind in ItemKind::all() {
        let named = looks::item(kind);
        assert_ne!(named.look.glyph, '^', "{} is drawn as a trap", named.name);
        if named.class == Some(umbra_rules::game::ItemClass::Ring) {
            assert_eq!(named.look.glyph, '=', "{} is drawn as a ring", named.name);
        }
    }
}

/// Six kinds of trap at least the levels lay, each a plate over a feature that does something,
/// each with a hidden twin that is found as it and goes off as it does (a machine's plate, a
/// lair's web, is its machine's).
#[test]
fn the_ground_table_holds_six_traps_each_with_a_hidden_twin() {
    let a_machines =
        |g: Ground| MachineKind::all().any(|m| m.rules().parts.iter().any(|part| part.ground == g));
    let traps: Vec<Ground> = Ground::all()
        .filter(|&g| g.rules().is_plain_trap() && !a_machines(g))
        .collect();
    assert!(traps.len() >= 6, "{} kinds of trap", traps.len());
    for trap in traps {
        let twin = Ground::all().find(|g| g.rules().found_as == Some(trap));
        let twin = twin.unwrap_or_else(|| panic!("{trap:?} has a hidden twin"));
        assert_eq!(twin.rules().pressure_plate, trap.rules().pressure_plate);
        assert!(!twin.rules().blocks_walking && !trap.rules().blocks_walking);
    }
}

/// The shipped features table with its first `from` made `to`, and the loader's refusal of it.
fn features(from: &str, to: &str) -> ContentError {
    use umbra_rules::content::FEATURES_SOURCE;
    assert!(FEATURES_SOURCE.contains(from), "{from:?} is in the table");
    let source = FEATURES_SOURCE.replacen(from, to, 1);
    Content::load(Sources::SHIPPED.with_features(&source)).expect_err("refused")
}

/// The features table is checked as the others are: a row that does nothing, a gas of no
/// volume, a gas or a name the tables lack, and a trap whose hidden twin would go off otherwise
/// are refused in one line naming the table, the entry and the field.
#[test]
fn a_features_table_or_a_trap_that_cannot_be_played_is_refused_in_words() {
    says(
        &features("rules: (alarm: true),", "rules: (),"),
        "features",
        Some("alarm"),
        &["rules", "does nothing"],
    );
    says(
        &features(
            "gas: Some((\"caustic gas\", 500)),",
            "gas: Some((\"caustic gas\", 0)),",
        ),
        "features",
        Some("caustic vent"),
        &["gas", "at least one"],
    );
    says(
        &features(
            "gas: Some((\"caustic gas\", 500)),",
            "gas: Some((\"marsh gas\", 500)),",
        ),
        "features",
        Some("caustic vent"),
        &["gas", "marsh gas"],
    );
    says(
        &features("name: \"falling net\",", "name: \"alarm\","),
        "features",
        Some("alarm"),
        &["name", "two features"],
    );
    let plate = ground_refused(&ground_with(
        "pressure_plate: Some(\"caustic vent\"),\n            ),\n            look: (\n                glyph: '.',",
        "pressure_plate: Some(\"confusion vent\"),\n            ),\n            look: (\n                glyph: '.',",
    ));
    says(
        &plate,
        "ground",
        Some("hidden caustic trap"),
        &["pressure_plate", "hidden trap"],
    );
    let unknown = ground_refused(&ground_with(
        "pressure_plate: Some(\"alarm\"),",
        "pressure_plate: Some(\"gong\"),",
    ));
    says(&unknown, "ground", Some("alarm trap"), &["gong"]);
}

/// A feature's blob of ground and its `then` are checked: a blob that never ends or lays what
/// is not floor, ground the table lacks, and a chain of features that comes back on itself are
/// refused in one line naming the table, the entry and the field.
#[test]
fn a_features_blob_or_chain_that_cannot_be_played_is_refused_in_words() {
    let blob = "(ground: \"rubble\", start: 60, falloff: 30, onto: Some(\"floor\"))";
    for (broken, field) in [
        (
            "(ground: \"rubble\", start: 60, falloff: 0, onto: Some(\"floor\"))",
            "ground",
        ),
        (
            "(ground: \"rubble\", start: 0, falloff: 30, onto: Some(\"floor\"))",
            "ground",
        ),
        (
            "(ground: \"rubble\", start: 101, falloff: 30, onto: Some(\"floor\"))",
            "ground",
        ),
        (
            "(ground: \"wall\", start: 60, falloff: 30, onto: Some(\"floor\"))",
            "ground",
        ),
        (
            "(ground: \"rubble\", start: 60, falloff: 30, onto: Some(\"wall\"))",
            "ground",
        ),
        (
            "(ground: \"gravel\", start: 60, falloff: 30, onto: Some(\"floor\"))",
            "gravel",
        ),
    ] {
        says(
            &features(blob, broken),
            "features",
            Some("jackals burst"),
            &[field],
        );
    }
    says(
        &features(
            "then: Some(\"tomb air\")",
            "then: Some(\"sarcophagus opens\")",
        ),
        "features",
        Some("sarcophagus opens"),
        &["then"],
    );
    says(
        &features("then: Some(\"tomb air\")", "then: Some(\"tomb breath\")"),
        "features",
        Some("sarcophagus opens"),
        &["tomb breath"],
    );
}

/// The machines table is checked as the others are: a key holder with no altar that sets it
/// off, a wall part that can be walked through, a floor part that cannot, a ground the table
/// lacks, depths the dungeon lacks, and the machines' own ground rows (a lever that can be
/// walked onto, a chance over a hundred) are refused in one line naming the table, the entry
/// and the field.
#[test]
fn a_machines_table_or_a_machines_ground_that_cannot_be_played_is_refused_in_words() {
    use umbra_rules::content::MACHINES_SOURCE;
    let machines = |from: &str, to: &str| {
        assert!(MACHINES_SOURCE.contains(from), "{from:?} is in the table");
        let source = MACHINES_SOURCE.replacen(from, to, 1);
        Content::load(Sources::SHIPPED.with_machines(&source)).expect_err("refused")
    };
    says(
        &machines(
            "(ground: \"key altar\", at: Altar),\n                    (ground: \"torch",
            "(ground: \"altar\", at: Altar),\n                    (ground: \"torch",
        ),
        "machines",
        Some("tinderbox"),
        &["parts", "Lifted"],
    );
    says(
        &machines(
            "(ground: \"torch bracket\", at: WallByDoor)",
            "(ground: \"dead grass\", at: WallByDoor)",
        ),
        "machines",
        Some("tinderbox"),
        &["parts", "walls"],
    );
    says(
        &machines(
            "(ground: \"dead grass\", at: Inside)",
            "(ground: \"wall\", at: Inside)",
        ),
        "machines",
        Some("tinderbox"),
        &["parts", "floor"],
    );
    says(
        &machines(
            "(ground: \"vent grate\", at: Scattered(2))",
            "(ground: \"wall\", at: Scattered(2))",
        ),
        "machines",
        Some("gas chamber"),
        &["parts", "floor"],
    );
    says(
        &machines(
            "(ground: \"dead grass\", at: Inside)",
            "(ground: \"straw\", at: Inside)",
        ),
        "machines",
        Some("tinderbox"),
        &["parts", "straw"],
    );
    says(
        &machines("depths: (1, 8),", "depths: (1, 11),"),
        "machines",
        Some("tinderbox"),
        &["depths"],
    );
    says(
        &machines("cells: (8, 60),", "cells: (3, 60),"),
        "machines",
        Some("tinderbox"),
        &["cells"],
    );
    // Monsters held dormant: only in ground that wakes them, of the bestiary's kinds, one to
    // four a cell.
    let closet_wall = "(ground: \"hollow wall\", at: Wall, dormant: Some((\"jackal\", 2)))";
    says(
        &machines(
            closet_wall,
            "(ground: \"wall\", at: Wall, dormant: Some((\"jackal\", 2)))",
        ),
        "machines",
        Some("ambush closet"),
        &["parts", "wakes"],
    );
    says(
        &machines(
            closet_wall,
            "(ground: \"hollow wall\", at: Wall, dormant: Some((\"jackalope\", 2)))",
        ),
        "machines",
        Some("ambush closet"),
        &["parts", "jackalope"],
    );
    for count in [0, 5] {
        let many =
            format!("(ground: \"hollow wall\", at: Wall, dormant: Some((\"jackal\", {count})))");
        says(
            &machines(closet_wall, &many),
            "machines",
            Some("ambush closet"),
            &["parts", "dormant"],
        );
    }
    // Four, the most, is held.
    let four = "(ground: \"hollow wall\", at: Wall, dormant: Some((\"jackal\", 4)))";
    let source = MACHINES_SOURCE.replacen(closet_wall, four, 1);
    Content::load(Sources::SHIPPED.with_machines(&source)).expect("four a cell is held");
    // A door is no floor to fill a room with, though nothing stops a step through it.
    says(
        &machines(
            "(ground: \"dead grass\", at: Inside)",
            "(ground: \"door\", at: Inside)",
        ),
        "machines",
        Some("tinderbox"),
        &["parts", "floor"],
    );
    // A doorway's ground that stands on floor opens only if its machine's signal opens it: a
    // locked door never does.
    says(
        &machines(
            "(ground: \"portcullis\", at: Door)",
            "(ground: \"locked door\", at: Door)",
        ),
        "machines",
        Some("throwing plate"),
        &["parts"],
    );
    // A door guard has no altar of its own (the altars are its vault's), shuts its doorway
    // until it goes off, and has a part that sets it off.
    let pit = "(ground: \"plate pit\", at: FacingDoor),";
    let door_guard_refusals = [
        (
            pit,
            "(ground: \"plate pit\", at: FacingDoor), (ground: \"key altar\", at: Altar),",
        ),
        (
            "(ground: \"portcullis\", at: Door)",
            "(ground: \"raised portcullis\", at: Door)",
        ),
        (pit, ""),
    ];
    for (from, to) in door_guard_refusals {
        says(
            &machines(from, to),
            "machines",
            Some("throwing plate"),
            &["parts", "door guard"],
        );
    }
    // A reward room offers a class at least and stands its parts in its walls; nothing else
    // offers anything.
    let offer = "reward: Some((offers: [Potion, Scroll], named: true)),";
    let shelf = "(ground: \"bookshelf\", at: Wall),\n                    (ground: \"bookshelf\", at: Wall),";
    for (from, to, field) in [
        (offer, "reward: Some((offers: [], named: true)),", "reward"),
        (offer, "", "reward"),
        (shelf, "(ground: \"dead grass\", at: Inside),", "parts"),
    ] {
        says(&machines(from, to), "machines", Some("library"), &[field]);
    }
    says(
        &machines(
            "cells: (8, 60),",
            "cells: (8, 60),\n                reward: Some((offers: [Potion])),",
        ),
        "machines",
        Some("tinderbox"),
        &["reward"],
    );
    // A kennel's captives are the bestiary's, and it offers captives or items, not both; a
    // key nests only among items.
    let kennel = "captives: [\n                        \"jackal\",";
    for (from, to) in [
        (
            kennel,
            "captives: [\n                        \"jackalope\",",
        ),
        (
            kennel,
            "offers: [Potion], captives: [\n                        \"jackal\",",
        ),
        (
            kennel,
            "nests: true, captives: [\n                        \"jackal\",",
        ),
    ] {
        says(&machines(from, to), "machines", Some("kennel"), &["reward"]);
    }
    // A lair has sleepers of the bestiary's kinds, a few of a kind, room for them and its
    // loot, and no part in its doorway, at an altar or setting it off; nothing else has one.
    let sleepers = "lair: Some((sleepers: [(\"spider\", 2)], loot: 2)),";
    let webs = "(ground: \"spider web\", at: Scattered(5)),";
    for (from, to, field) in [
        (sleepers, "lair: Some((sleepers: [], loot: 2)),", "lair"),
        (sleepers, "", "lair"),
        (
            sleepers,
            "lair: Some((sleepers: [(\"spider\", 5)], loot: 0)),",
            "lair",
        ),
        (
            sleepers,
            "lair: Some((sleepers: [(\"spider\", 3)], loot: 3)),",
            "lair",
        ),
        (
            sleepers,
            "lair: Some((sleepers: [(\"spidre\", 2)], loot: 2)),",
            "lair",
        ),
        (webs, "(ground: \"spider web\", at: Door),", "parts"),
        (webs, "(ground: \"key altar\", at: Altar),", "parts"),
        (
            webs,
            "(ground: \"hidden flagstone\", at: Scattered(1)),",
            "parts",
        ),
    ] {
        says(
            &machines(from, to),
            "machines",
            Some("spider lair"),
            &[field],
        );
    }
    // A set piece is its ground alone: no altar, nothing in its doorway, nothing that sets it
    // off or waits in its walls, no sleepers.
    let shelf = "(ground: \"bookshelf\", at: Wall),\n                    (ground: \"rubble\"";
    for (from, to, field) in [
        (
            shelf,
            "(ground: \"key altar\", at: Altar),\n                    (ground: \"rubble\"",
            "parts",
        ),
        (
            shelf,
            "(ground: \"worn carpet\", at: Door),\n                    (ground: \"rubble\"",
            "parts",
        ),
        (
            shelf,
            "(ground: \"hidden flagstone\", at: FacingDoor),\n                    (ground: \"rubble\"",
            "parts",
        ),
        (
            shelf,
            "(ground: \"hollow wall\", at: Wall, dormant: Some((\"jackal\", 1))),\n                    (ground: \"rubble\"",
            "parts",
        ),
        (
            "role: Scenery,\n                depths: (2, 10),",
            "role: Scenery,\n                lair: Some((sleepers: [(\"orc\", 1)], loot: 0)),\n                depths: (2, 10),",
            "lair",
        ),
    ] {
        says(&machines(from, to), "machines", Some("remnant"), &[field]);
    }
    // A shrine does something: a part of it signals, none in its doorway, none holds a monster.
    let dais = "(ground: \"commutation dais\", at: Altar),";
    for to in [
        "(ground: \"commutation altar\", at: Altar),",
        "(ground: \"commutation dais\", at: Door),",
        "(ground: \"commutation dais\", at: Altar),\n                    (ground: \"hollow wall\", at: Wall, dormant: Some((\"jackal\", 1))),",
    ] {
        says(
            &machines(dais, to),
            "machines",
            Some("commutation altars"),
            &["parts"],
        );
    }
    // Four of a kind, the most, and as many sleepers and items as half its fewest cells, load.
    let most = MACHINES_SOURCE.replacen(
        sleepers,
        "lair: Some((sleepers: [(\"spider\", 4)], loot: 1)),",
        1,
    );
    Content::load(Sources::SHIPPED.with_machines(&most)).expect("four spiders and an item held");
    says(
        &machines(
            "cells: (8, 60),",
            "cells: (8, 60),\n                lair: Some((sleepers: [(\"orc\", 1)], loot: 0)),",
        ),
        "machines",
        Some("tinderbox"),
        &["lair"],
    );
    // Backwards ranges, each bound alone out of order.
    says(
        &machines("depths: (1, 8),", "depths: (9, 8),"),
        "machines",
        Some("tinderbox"),
        &["depths"],
    );
    says(
        &machines("cells: (8, 60),", "cells: (61, 60),"),
        "machines",
        Some("tinderbox"),
        &["cells"],
    );
    // At the edge of the playable: one depth, the smallest area.
    for (from, to) in [
        ("depths: (1, 8),", "depths: (8, 8),"),
        ("cells: (8, 60),", "cells: (4, 4),"),
    ] {
        let source = MACHINES_SOURCE.replacen(from, to, 1);
        Content::load(Sources::SHIPPED.with_machines(&source)).expect("accepted");
    }
    let lever = ground_refused(&ground_with(
        "                blocks_walking: true,\n                stops_missiles: true,\n                blocks_gas: true,\n                signals: Some(Bumped),",
        "                stops_missiles: true,\n                blocks_gas: true,\n                signals: Some(Bumped),",
    ));
    says(&lever, "ground", Some("lever"), &["signals", "Bumped"]);
    let plate = ground_refused(&ground_with(
        "                blocks_walking: true,\n                signals: Some(Landed),",
        "                blocks_walking: true,\n                stops_missiles: true,\n                signals: Some(Landed),",
    ));
    says(&plate, "ground", Some("plate pit"), &["signals", "Landed"]);
    let chance = ground_refused(&ground_with(
        "changes: Some((into: \"chasm\", chance: 20, spreading: true)),",
        "changes: Some((into: \"chasm\", chance: 120, spreading: true)),",
    ));
    says(
        &chance,
        "ground",
        Some("crumbling floor"),
        &["changes", "1 to 100"],
    );
    // What a change lets loose is a feature of the features table.
    let loosed = ground_refused(&ground_with(
        "feature: Some(\"guttering torch falls\")",
        "feature: Some(\"torch fall\")",
    ));
    says(&loosed, "ground", Some("guttering torch"), &["torch fall"]);
}
