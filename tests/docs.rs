//! The documentation read as a new contributor would use it: README stays a player's page (at
//! most 300 lines, linking every page of docs/), every RON example in docs/ loads into the
//! tables it is written for, every table of numbers agrees with the content it repeats, the
//! README's keys are the keys the game answers, and every source file named exists.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use umbra::app::keymap::{Keymap, key_name};
use umbra::app::keys::Action;
use umbra::app::looks::{self, Looks};
use umbra_rules::content::{
    BESTIARY_SOURCE, BOLTS_SOURCE, Content, FEATURES_SOURCE, GASES_SOURCE, GROUND_SOURCE,
    ITEMS_SOURCE, ItemKind, LIGHTS_SOURCE, MACHINES_SOURCE, NpcKind, Sources, content,
};
use umbra_rules::game::ItemUse;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    fs::read_to_string(root().join("README.md")).expect("README.md")
}

/// Every page of docs/, by file name, with its text.
fn pages() -> Vec<(String, String)> {
    let mut pages: Vec<(String, String)> = fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| {
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            (name, fs::read_to_string(&path).expect("readable"))
        })
        .collect();
    pages.sort();
    pages
}

#[test]
fn readme_is_a_players_page_of_at_most_300_lines_linking_every_page_of_docs() {
    let readme = readme();
    let lines = readme.lines().count();
    assert!(lines <= 300, "README.md has {lines} lines");
    let pages = pages();
    assert!(pages.len() >= 4, "docs/ has {} pages", pages.len());
    for (name, text) in &pages {
        assert!(
            readme.contains(&format!("(docs/{name})")),
            "README links docs/{name}"
        );
        assert!(text.starts_with("# "), "docs/{name} begins with its title");
    }
    for words in [
        "cargo run --release",
        "cargo test --workspace --release --all-features",
    ] {
        assert!(
            readme.contains(words),
            "README says how to play and test: {words}"
        );
    }
}

/// The RON blocks of a page, each with the table its `<!-- loads into content/X.ron -->` line
/// names.
fn ron_examples(text: &str) -> Vec<(String, String)> {
    let mut examples = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("```ron\n") {
        let before = &rest[..start];
        let table = before
            .rfind("<!-- loads into content/")
            .map(|at| {
                before[at + 24..]
                    .split(".ron")
                    .next()
                    .unwrap_or("")
                    .to_string()
            })
            .unwrap_or_default();
        let body = &rest[start + 7..];
        let end = body.find("```").expect("a closed block");
        examples.push((table, body[..end].to_string()));
        rest = &body[end..];
    }
    examples
}

/// The shipped table with `entry` added as its last kind.
fn with_entry(source: &str, entry: &str) -> String {
    let kinds = source.find("    kinds: [").expect("a list of kinds");
    let end = kinds + source[kinds..].find("\n    ],").expect("its end");
    format!("{}\n{}{}", &source[..end], entry.trim_end(), &source[end..])
}

#[test]
fn every_ron_example_in_docs_loads_into_its_table() {
    let mut loaded = Vec::new();
    for (name, text) in pages() {
        for (table, example) in ron_examples(&text) {
            let mut sources = [
                BESTIARY_SOURCE,
                ITEMS_SOURCE,
                BOLTS_SOURCE,
                GROUND_SOURCE,
                LIGHTS_SOURCE,
                GASES_SOURCE,
                FEATURES_SOURCE,
                MACHINES_SOURCE,
            ]
            .map(String::from);
            let at = [
                "bestiary", "items", "bolts", "ground", "lights", "gases", "features", "machines",
            ]
            .iter()
            .position(|t| *t == table)
            .unwrap_or_else(|| panic!("docs/{name}: a RON example that loads into {table:?}"));
            sources[at] = with_entry(&sources[at], &example);
            let [
                bestiary,
                items,
                bolts,
                ground,
                lights,
                gases,
                features,
                machines,
            ] = &sources;
            let sources = Sources {
                bestiary,
                items,
                bolts,
                ground,
                lights,
                gases,
                features,
                machines,
            };
            let rules = Content::load(sources);
            assert!(
                rules.is_ok(),
                "docs/{name}: {:?}",
                rules.err().map(|e| e.to_string())
            );
            let looks = Looks::load(sources);
            assert!(
                looks.is_ok(),
                "docs/{name}: {:?}",
                looks.err().map(|e| e.to_string())
            );
            loaded.push(table);
        }
    }
    for table in ["bestiary", "items", "ground", "gases", "lights", "features"] {
        assert!(
            loaded.iter().any(|t| t == table),
            "docs/content.md shows how to add to content/{table}.ron"
        );
    }
}

/// The rows of the markdown table whose header begins with `header`, cells trimmed.
fn table_rows(text: &str, header: &str) -> Vec<Vec<String>> {
    let start = text
        .find(header)
        .unwrap_or_else(|| panic!("a table headed {header:?}"));
    text[start..]
        .lines()
        .skip(2)
        .map(str::trim)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells = line.trim_matches('|').split('|');
            cells.map(|cell| cell.trim().replace("**", "")).collect()
        })
        .collect()
}

fn chance((hits, out_of): (u32, u32)) -> String {
    format!("{hits} in {out_of}")
}

fn span((low, high): (u32, u32)) -> String {
    match low == high {
        true => low.to_string(),
        false => format!("{low}–{high}"),
    }
}

fn page(name: &str) -> String {
    fs::read_to_string(root().join("docs").join(name)).expect("a page")
}

#[test]
fn the_monster_table_in_docs_agrees_with_the_bestiary() {
    let rows = table_rows(&page("rules.md"), "| | hit points | chance to hit |");
    let mut checked = 0;
    for kind in NpcKind::all() {
        let look = looks::npc(kind);
        let label = format!("{} `{}`", look.name, look.look.glyph);
        let row = rows.iter().find(|row| row[0] == label);
        let row = row.unwrap_or_else(|| panic!("the monster table has a row {label:?}"));
        let rules = kind.rules();
        assert_eq!(row[1], rules.hit_points.to_string(), "{label}: hit points");
        assert_eq!(
            row[2],
            chance(rules.attack.to_hit),
            "{label}: chance to hit"
        );
        assert_eq!(row[3], span(rules.attack.damage), "{label}: damage");
        let times = format!("{} / {}", rules.time.move_, rules.time.attack);
        assert_eq!(row[4], times, "{label}: step / blow");
        let depths = span(rules.spawn.depths);
        assert!(
            row[5].starts_with(&depths),
            "{label}: depths {depths}, not {}",
            row[5]
        );
        checked += 1;
    }
    assert_eq!(
        rows.len(),
        checked + 1,
        "a row for the player and one per kind"
    );
}

#[test]
fn the_gear_and_item_tables_in_docs_agree_with_the_item_table() {
    let text = page("rules.md");
    let gear = table_rows(&text, "| gear | dice or armour |");
    let items = table_rows(&text, "| item | use |");
    for kind in ItemKind::all() {
        let look = looks::item(kind);
        let label = format!("{} `{}`", look.name, look.look.glyph);
        let rules = kind.rules();
        let depths = rules
            .spawn
            .map(|spawn| span(spawn.depths))
            .unwrap_or_default();
        let (dice, time) = match rules.use_ {
            ItemUse::Wield { attack, time, .. } => (
                format!("{}, {}", chance(attack.to_hit), span(attack.damage)),
                format!("blow {time}"),
            ),
            ItemUse::Wear {
                armour, step_time, ..
            } => (format!("0–{armour}"), format!("step {step_time}")),
            ItemUse::Drink { heal } => {
                let row = items.iter().find(|row| row[0].starts_with(&label));
                let row = row.unwrap_or_else(|| panic!("the item table has a row {label:?}"));
                let said = format!("{heal} hit points back");
                assert!(row[2].starts_with(&said), "{label}: {said}, not {}", row[2]);
                continue;
            }
            _ => {
                let listed = items.iter().any(|row| row[0].starts_with(&label));
                let placed = rules.spawn.is_some();
                assert!(listed || !placed, "the item table has a row for {label}");
                continue;
            }
        };
        let row = gear.iter().find(|row| row[0] == label);
        let row = row.unwrap_or_else(|| panic!("the gear table has a row {label:?}"));
        assert_eq!((&row[1], &row[2]), (&dice, &time), "{label}");
        assert_eq!(row[3], depths, "{label}: depths");
    }
}

#[test]
fn the_kill_points_in_docs_are_the_bestiary_s() {
    let text = page("saves.md");
    for kind in NpcKind::all() {
        let said = format!("{} {}", looks::npc(kind).name, kind.rules().score);
        assert!(text.contains(&said), "docs/saves.md says {said:?}");
    }
}

#[test]
fn readme_lists_every_key_the_game_answers_by_default() {
    let readme = readme();
    let rows = table_rows(&readme, "| key | what it does |");
    let keymap = Keymap::default();
    for &(actions, _) in Action::help_lines().iter().filter(|(a, _)| !a.is_empty()) {
        let keys: Vec<String> = (actions.iter())
            .flat_map(|&action| keymap.keys_of(action))
            .map(|&key| format!("`{}`", key_name(key)))
            .collect();
        let keys = keys.join(" ");
        let listed = rows
            .iter()
            .any(|row| row[0] == keys || row[0].starts_with(&format!("{keys},")));
        assert!(
            listed,
            "README's keys table has a row for {actions:?}: {keys}"
        );
    }
}

/// A path in backquotes ending in .rs or .ron, as the docs name source files.
fn named_files(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|word| {
            (word.ends_with(".rs") || word.ends_with(".ron"))
                && word.contains('/')
                && !word.contains(' ')
                && !word.contains('*')
        })
        .map(str::to_string)
        .collect()
}

fn exists(named: &str) -> bool {
    let bases = [
        "",
        "crates/rules/src",
        "src",
        "crates/rules",
        "tests",
        "benches",
    ];
    bases
        .iter()
        .any(|base| Path::new(&root()).join(base).join(named).exists())
}

#[test]
fn every_source_file_the_docs_name_exists() {
    let mut texts = pages();
    texts.push(("README.md".to_string(), readme()));
    for (name, text) in texts {
        for named in named_files(&text) {
            assert!(exists(&named), "{name} names {named}, which is not there");
        }
    }
}

/// The targets of a page's relative links and images: `](target)`, not `http`, not `#`.
fn relative_links(text: &str) -> Vec<String> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|target| !target.starts_with("http") && !target.starts_with('#'))
        .map(|target| target.split('#').next().unwrap_or(target).to_string())
        .collect()
}

#[test]
fn every_link_and_image_of_readme_and_docs_is_there() {
    let mut texts: Vec<(PathBuf, String)> = pages()
        .into_iter()
        .map(|(name, text)| (root().join("docs").join(name), text))
        .collect();
    texts.push((root().join("README.md"), readme()));
    let mut links = 0;
    for (path, text) in texts {
        let dir = path.parent().expect("a directory");
        for target in relative_links(&text) {
            assert!(dir.join(&target).exists(), "{}: {target}", path.display());
            links += 1;
        }
    }
    assert!(
        links >= 16,
        "the screenshots and the pages are linked: {links}"
    );
}

/// A page's text (or a file's doc comment) with its lines joined, so a phrase wrapped across
/// lines reads whole.
fn flowing(text: &str) -> String {
    (text.split_whitespace())
        .filter(|word| *word != "//!")
        .collect::<Vec<_>>()
        .join(" ")
}

const NUMBERS: [&str; 11] = [
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
];

#[test]
fn the_monster_from_deeper_down_comes_as_often_in_the_docs_as_the_bestiary_says() {
    let odds = content().bestiary.out_of_depth;
    assert_eq!(odds.chance % 20, 0, "a chance the docs say in fifths");
    let often = format!("{} levels in five", NUMBERS[odds.chance as usize / 20]);
    let deeper = format!("{} depths", NUMBERS[odds.deeper as usize]);
    for name in ["content.md", "rules.md"] {
        let text = flowing(&page(name)).to_lowercase();
        assert!(text.contains(&often), "docs/{name} says {often:?}");
        assert!(text.contains(&deeper), "docs/{name} says {deeper:?}");
    }
}

#[test]
fn the_open_ground_spread_in_docs_is_the_one_measured() {
    let measured = common::levels::open_ground_spread_of_whole_runs() * 100.0;
    let said = format!("differ by {measured:.1} %");
    let text = flowing(&page("rules.md"));
    assert!(
        text.contains(&said),
        "docs/rules.md says the levels of whole runs {said:?}"
    );
    let bound = "at least 20 %";
    assert!(
        text.contains(bound),
        "and the bound tests/levels_by_depth.rs holds them to"
    );
}

/// The order the docs give the rules' modules in, top to bottom: the names between arrows that
/// follow `lead`, each a part's first word, for as long as they name modules of the rules.
fn layers(text: &str, lead: &str, arrow: &str) -> Vec<String> {
    let text = flowing(text);
    let start = text
        .find(lead)
        .unwrap_or_else(|| panic!("a line beginning {lead:?}"));
    let src = root().join("crates/rules/src");
    let is_module = |name: &str| {
        !name.is_empty() && (src.join(name).is_dir() || src.join(format!("{name}.rs")).is_file())
    };
    text[start + lead.len()..]
        .split(arrow)
        .map(|part| {
            (part.trim().trim_start_matches('`').chars())
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .take_while(|name| is_module(name))
        .collect()
}

/// The top-level modules of the rules that `module`'s code names (`crate::world`).
fn rules_imports(module: &str) -> std::collections::BTreeSet<String> {
    let src = root().join("crates/rules/src");
    let mut files = vec![src.join(format!("{module}.rs"))];
    let mut pending = vec![src.join(module)];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    let mut named = std::collections::BTreeSet::new();
    for file in files.iter().filter(|f| f.exists()) {
        let text = fs::read_to_string(file).expect("a source file");
        for (at, _) in text.match_indices("crate::") {
            let name: String = (text[at + 7..].chars())
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            named.insert(name);
        }
    }
    named
}

#[test]
fn the_rules_layers_run_downward_in_the_order_the_docs_give() {
    let architecture = page("architecture.md");
    let lib = fs::read_to_string(root().join("crates/rules/src/lib.rs")).expect("lib.rs");
    let drawn = layers(&architecture, "crates/rules (umbra-rules):", "->");
    let told = layers(&lib, "from the top of this list to the bottom:", "→");
    assert_eq!(
        drawn, told,
        "docs/architecture.md and lib.rs give one order"
    );
    assert_eq!(drawn.len(), 8, "every module of the rules: {drawn:?}");
    for (place, module) in drawn.iter().enumerate() {
        for named in rules_imports(module) {
            let Some(below) = drawn.iter().position(|m| *m == named) else {
                continue;
            };
            assert!(
                below >= place,
                "{module} names {named}, which the docs put above it: {drawn:?}"
            );
        }
    }
}

#[test]
fn the_light_and_stealth_numbers_in_docs_are_the_rules() {
    use umbra_rules::balance::{
        LIT, NOTICE_CHANCE, PLAYER_LIGHT_RADIUS, SNEAK_ATTACK_MULTIPLIER, STEALTH_RANGE,
    };
    let text = flowing(&page("rules.md"));
    // The player's light, told depth window by depth window: "9 cells on depths 1–2, 8 on 3–4".
    let mut windows: Vec<(u32, usize, usize)> = Vec::new();
    for (i, &radius) in PLAYER_LIGHT_RADIUS.iter().enumerate() {
        match windows.last_mut() {
            Some((r, _, last)) if *r == radius => *last = i + 1,
            _ => windows.push((radius, i + 1, i + 1)),
        }
    }
    let told: Vec<String> = windows
        .iter()
        .enumerate()
        .map(|(i, (radius, first, last))| match i {
            0 => format!("{radius} cells on depths {first}–{last}"),
            _ => format!("{radius} on {first}–{last}"),
        })
        .collect();
    for words in &told {
        assert!(
            text.contains(words.as_str()),
            "docs/rules.md says {words:?}"
        );
    }
    let dagger = ItemKind::all()
        .find_map(|kind| match kind.rules().use_ {
            ItemUse::Wield {
                sneak_attack: Some(multiple),
                ..
            } => Some(multiple),
            _ => None,
        })
        .expect("a weapon of the dark");
    for words in [
        format!("a cell is lit from {LIT}"),
        format!(
            "with a chance of {} in {} each turn",
            NOTICE_CHANCE.0, NOTICE_CHANCE.1
        ),
        format!("The range is {STEALTH_RANGE} in light"),
        format!("for {SNEAK_ATTACK_MULTIPLIER} times its damage (the dagger's for {dagger})"),
    ] {
        assert!(text.contains(&words), "docs/rules.md says {words:?}");
    }
}

#[test]
fn the_arrival_numbers_in_docs_are_the_rules() {
    use umbra_rules::balance::{
        ARRIVAL_DISTANCE, ARRIVAL_FUSE, ARRIVAL_FUSE_FLOOR, ARRIVAL_QUICKENS, ARRIVAL_RETRY_TURNS,
    };
    let text = flowing(&page("rules.md"));
    for words in [
        format!(
            "The first is due {} to {} turns after the player arrives",
            ARRIVAL_FUSE.0, ARRIVAL_FUSE.1
        ),
        format!(
            "({}/{} of the last fuse, never under {ARRIVAL_FUSE_FLOOR} turns)",
            ARRIVAL_QUICKENS.0, ARRIVAL_QUICKENS.1
        ),
        format!("{ARRIVAL_DISTANCE} cells away or more"),
        format!("it tries again {ARRIVAL_RETRY_TURNS} turns later"),
    ] {
        assert!(text.contains(&words), "docs/rules.md says {words:?}");
    }
}

#[test]
fn the_lit_shares_in_docs_are_the_ones_measured() {
    let shares = common::levels::lit_share_by_depth();
    let window = |first: usize, last: usize| {
        let sum: f64 = (first..=last).map(|d| shares[d - 1]).sum();
        (sum / (last - first + 1) as f64 * 100.0).round()
    };
    let said = format!(
        "{} % on depths 1–2, {} % on 3–4, {} % on 5–7 and {} % on 8–10",
        window(1, 2),
        window(3, 4),
        window(5, 7),
        window(8, 10)
    );
    let text = flowing(&page("rules.md"));
    assert!(text.contains(&said), "docs/rules.md says {said:?}");
}

/// Every file under `dir` (the build's and git's own folders left out), as paths relative to the
/// repository's root with `/` between their parts.
fn files_under(dir: &Path, into: &mut Vec<String>) {
    for entry in fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().expect("a name").to_string_lossy();
        if name == "target" || name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            files_under(&path, into);
        } else {
            let relative = path.strip_prefix(root()).expect("under the root");
            let parts: Vec<_> = relative.iter().map(|p| p.to_string_lossy()).collect();
            into.push(parts.join("/"));
        }
    }
}

/// A glob as cargo-mutants reads one: `**` for any number of folders, `*` within a part for
/// any characters.
fn glob_matches(glob: &[&str], path: &[&str]) -> bool {
    match (glob.split_first(), path.split_first()) {
        (None, None) => true,
        (Some((&"**", rest)), _) => {
            glob_matches(rest, path) || (!path.is_empty() && glob_matches(glob, &path[1..]))
        }
        (Some((part, rest)), Some((name, names))) => {
            part_matches(part, name) && glob_matches(rest, names)
        }
        _ => false,
    }
}

fn part_matches(part: &str, name: &str) -> bool {
    match part.split_once('*') {
        None => part == name,
        Some((before, after)) => {
            name.len() >= before.len() + after.len()
                && name.starts_with(before)
                && name.ends_with(after)
        }
    }
}

#[test]
fn the_glob_matcher_reads_globs_as_cargo_mutants_does() {
    let matches = |glob: &str, path: &str| {
        let glob: Vec<_> = glob.split('/').collect();
        let path: Vec<_> = path.split('/').collect();
        glob_matches(&glob, &path)
    };
    assert!(matches("a/**/*.rs", "a/b.rs"));
    assert!(matches("a/**/*.rs", "a/b/c/d.rs"));
    assert!(matches("a/b.rs", "a/b.rs"));
    assert!(!matches("a/b.rs", "a/b/mod.rs"));
    assert!(!matches("a/**/*.rs", "b/c.rs"));
    assert!(!matches("a/*.rs", "a/b/c.rs"));
}

/// A glob that matches no file puts a part of the rules outside mutation testing without a
/// word (the scope named `visibility.rs` for a round after it became `visibility/mod.rs`); a
/// test binary that does not exist fails every mutant's build.
#[test]
fn every_mutants_config_names_files_and_tests_that_exist() {
    let mut files = Vec::new();
    files_under(&root(), &mut files);
    let mut configs = vec![root().join(".cargo/mutants.toml")];
    for entry in fs::read_dir(root().join("tests/mutants")).expect("tests/mutants/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|ext| ext == "toml") {
            configs.push(path);
        }
    }
    for config in configs {
        let text = fs::read_to_string(&config).expect("readable");
        let table: toml::Table = toml::from_str(&text).expect("a TOML file");
        let name = config.display();
        let globs = table.get("examine_globs").and_then(|g| g.as_array());
        for glob in globs.into_iter().flatten() {
            let glob = glob.as_str().expect("a string");
            let parts: Vec<_> = glob.split('/').collect();
            assert!(
                files.iter().any(|file| {
                    let file: Vec<_> = file.split('/').collect();
                    glob_matches(&parts, &file)
                }),
                "{name}: the glob {glob} matches no file"
            );
        }
        let arguments = table
            .get("additional_cargo_args")
            .and_then(|a| a.as_array());
        let arguments: Vec<_> = arguments.into_iter().flatten().collect();
        for pair in arguments.windows(2) {
            if pair[0].as_str() == Some("--test") {
                let test = pair[1].as_str().expect("a test's name");
                assert!(
                    root().join("tests").join(format!("{test}.rs")).is_file(),
                    "{name}: no test named {test}"
                );
            }
        }
    }
}

/// A count in words, as the README writes them ("twenty-one").
fn in_words(n: usize) -> String {
    const ONES: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 10] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    match (n / 10, n % 10) {
        _ if n < 20 => ONES[n].to_string(),
        (tens, 0) => TENS[tens].to_string(),
        (tens, ones) => format!("{}-{}", TENS[tens], ONES[ones]),
    }
}

/// The README counts the kinds in words; a kind added to or taken from a table changes the
/// count a player reads first, so the count is the table's.
#[test]
fn readme_counts_the_kinds_the_tables_hold() {
    assert_eq!(in_words(21), "twenty-one");
    assert_eq!(in_words(40), "forty");
    let readme = flowing(&readme());
    // The Sunstone ends the run when lifted and a key opens its vault by walking: neither is
    // carried to be used.
    let carried = (ItemKind::all())
        .filter(|kind| !matches!(kind.rules().use_, ItemUse::WinsTheRun | ItemUse::Key))
        .count();
    for said in [
        format!("{} kinds in all", in_words(NpcKind::all().len())),
        format!("{} kinds of item to carry and use", in_words(carried)),
    ] {
        assert!(readme.contains(&said), "README.md says {said:?}");
    }
}
