//! The shape of the code, checked: the rules crate depends on nothing that draws, reads keys,
//! keeps files or tells the time; the app reads the rules through `game` alone; and no module
//! or file imports in a circle. Discipline kept these true; this keeps them true as the game grows.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const RULES: &str = "crates/rules";

/// Crates the rules must never use: screens, terminals, windows, files, signals, the edge.
const EDGE_CRATES: &[&str] = &[
    "chargrid",
    "crossterm",
    "tempfile",
    "directories",
    "signal-hook",
    "dejavu",
    "libc",
    "umbra",
];
/// What in the rules' source would reach past them: files, clocks, the environment, printing.
const EDGE_CALLS: &[&str] = &[
    "std::fs",
    "std::time",
    "std::env",
    "std::io",
    "std::net",
    "std::process",
    "println!",
    "eprintln!",
    "chargrid",
];

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The file's code without its comments (a comment may name anything).
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).expect("a readable source file");
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names that follow `prefix::` in the code: `crate::world` and `crate::{world, balance}`
/// both name `world`.
fn named_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let pattern = format!("{prefix}::");
    for (at, _) in code.match_indices(&pattern) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + pattern.len()..];
        let group = match rest.strip_prefix('{') {
            Some(inner) => &inner[..inner.find('}').unwrap_or(inner.len())],
            None => rest
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .next()
                .unwrap_or(""),
        };
        for part in group.split(',') {
            let name: String = part
                .trim()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

/// A circle in the graph, if there is one, as the path that closes it.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|n| n == node) {
            let mut found = path[start..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_rules_use_no_crate_or_call_that_draws_reads_keys_keeps_files_or_tells_the_time() {
    let manifest = fs::read_to_string(Path::new(ROOT).join(RULES).join("Cargo.toml"))
        .expect("the rules' manifest");
    let dependencies = manifest
        .split("[dependencies]")
        .nth(1)
        .and_then(|rest| rest.split("\n[").next())
        .expect("a [dependencies] table");
    for line in dependencies
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
    {
        let name = line.split('=').next().unwrap_or("").trim();
        for edge in EDGE_CRATES {
            assert!(
                !name.starts_with(edge),
                "the rules depend on {name}: {line}"
            );
        }
    }
    for file in rust_files(&Path::new(ROOT).join(RULES).join("src")) {
        let code = code(&file);
        for call in EDGE_CALLS {
            assert!(!code.contains(call), "{} uses {call}", file.display());
        }
    }
}

#[test]
fn the_app_reads_the_rules_through_game_alone_and_keeps_no_files() {
    for file in rust_files(&Path::new(ROOT).join("src/app")) {
        let code = code(&file);
        let reached: Vec<_> = named_after(&code, "umbra_rules")
            .into_iter()
            .filter(|name| name != "game")
            .collect();
        assert!(
            reached.is_empty(),
            "{} reaches past `game` into {reached:?}",
            file.display()
        );
        let edge: Vec<_> = named_after(&code, "crate")
            .into_iter()
            .filter(|name| matches!(name.as_str(), "storage" | "session" | "frontend"))
            .collect();
        assert!(edge.is_empty(), "{} imports {edge:?}", file.display());
    }
}

/// Within every folder of both crates, no file imports one that imports it back, the folder's
/// own `mod.rs` included (`self` below): its children may use what it holds only if it uses
/// nothing of theirs but to re-export it. A path to a re-exported name counts as a path to where
/// the name is made, and a file that adds methods to a type (`impl Game` in `game/combat.rs`)
/// is part of that type, not a client of it. Every circle found is listed, each step with the
/// files and paths that make it.
#[test]
fn no_module_and_no_file_imports_in_a_circle() {
    let mut circles = Vec::new();
    for crate_src in [
        Path::new(ROOT).join(RULES).join("src"),
        Path::new(ROOT).join("src"),
    ] {
        let modules = Modules::read(&crate_src);
        for (parent, mut graph, evidence) in modules.graphs() {
            while let Some(found) = circle(&graph) {
                let steps: Vec<String> = (found.windows(2))
                    .map(|step| {
                        let why = &evidence[&(step[0].clone(), step[1].clone())];
                        format!("  {} -> {}: {}", step[0], step[1], why.join(", "))
                    })
                    .collect();
                let place = match parent.is_empty() {
                    true => "the crate's root".to_string(),
                    false => parent.join("::"),
                };
                circles.push(format!(
                    "in {} (`{place}`; `self` is its own file):\n{}",
                    crate_src.display(),
                    steps.join("\n")
                ));
                // Take the circle's last step away, to find the next circle.
                let last = found.len() - 1;
                if let Some(to) = graph.get_mut(&found[last - 1]) {
                    to.remove(&found[last]);
                }
            }
        }
    }
    assert!(circles.is_empty(), "{}", circles.join("\n"));
}

/// A crate's modules as its files declare them, and every path each file's code names, resolved
/// to the module or item it names: `super::`, `self::` and `crate::` paths, and in a file that
/// declares modules, its children named bare (`wizard::Step`).
struct Modules {
    /// Each file's module (`app/debug/wizard.rs` is `app::debug::wizard`, `app/debug/mod.rs`
    /// is `app::debug`, `lib.rs` the root) and the paths it names, re-exports followed.
    files: Vec<(Vec<String>, Vec<Vec<String>>)>,
    /// Every module of the crate.
    modules: BTreeSet<Vec<String>>,
}

impl Modules {
    fn read(src: &Path) -> Self {
        let mut sources = Vec::new();
        let mut modules = BTreeSet::new();
        for file in rust_files(src) {
            let Some(module) = module_of(src, &file) else {
                continue;
            };
            modules.insert(module.clone());
            sources.push((module, file));
        }
        let mut aliases = BTreeMap::new();
        let mut files = Vec::new();
        for (module, file) in sources {
            let children: BTreeSet<String> = (modules.iter())
                .filter(|m| m.len() == module.len() + 1 && m.starts_with(&module))
                .map(|m| m[module.len()].clone())
                .collect();
            let code = code(&file);
            // A file's own tests (`#[cfg(test)] mod tests` at its end) are not part of the
            // house, and their `super::` starts a level further down.
            let code = match code.find("#[cfg(test)]\nmod ") {
                Some(at) => &code[..at],
                None => &code,
            };
            let (exports, rest) = re_exports(code);
            for export in exports {
                for (name, path) in exported(&export, &module, &children) {
                    let mut alias = module.clone();
                    alias.push(name);
                    aliases.insert(alias, path);
                }
            }
            // A file that adds methods to a type (`impl Game` in `game/combat.rs`) is a part
            // of that type, not a client of it: its naming the type is no import.
            let extends = extended_types(&rest);
            let paths: Vec<Vec<String>> = named_paths(&rest, &module, &children)
                .into_iter()
                .filter(|path| path.last().is_none_or(|name| !extends.contains(name)))
                .collect();
            files.push((module.clone(), paths));
        }
        // A path to a name a module re-exports is a path to where the name is made: the
        // re-export itself (a module's public face) joins nothing to nothing.
        for (_, paths) in &mut files {
            for path in paths.iter_mut() {
                for _ in 0..8 {
                    let Some((alias, target)) = (1..=path.len())
                        .rev()
                        .find_map(|len| aliases.get_key_value(&path[..len]))
                    else {
                        break;
                    };
                    let mut followed = target.clone();
                    followed.extend_from_slice(&path[alias.len()..]);
                    *path = followed;
                }
            }
        }
        Self { files, modules }
    }

    /// For each module with children: which of its children (and `self`, its own file) imports
    /// which. A file deeper down counts as the child it lies in; a path to an item of the
    /// module's own file (or one it re-exports) counts as `self`.
    fn graphs(&self) -> Vec<(Vec<String>, Graph, Evidence)> {
        let parents: BTreeSet<&Vec<String>> = (self.modules.iter())
            .filter(|m| {
                self.modules
                    .iter()
                    .any(|c| c.len() == m.len() + 1 && c.starts_with(m))
            })
            .collect();
        parents
            .into_iter()
            .map(|parent| {
                let node = |path: &[String]| {
                    let child = path.get(parent.len())?;
                    let mut module = parent.clone();
                    module.push(child.clone());
                    Some(if self.modules.contains(&module) {
                        child.clone()
                    } else {
                        "self".to_string()
                    })
                };
                let mut graph = Graph::new();
                let mut evidence = Evidence::new();
                for (module, paths) in &self.files {
                    if !module.starts_with(parent) {
                        continue;
                    }
                    let from = node(module).unwrap_or_else(|| "self".to_string());
                    for path in paths.iter().filter(|p| p.starts_with(parent)) {
                        if let Some(to) = node(path).filter(|to| *to != from) {
                            graph.entry(from.clone()).or_default().insert(to.clone());
                            let why = format!("{} names {}", module.join("::"), path.join("::"));
                            evidence.entry((from.clone(), to)).or_default().push(why);
                        }
                    }
                }
                (parent.clone(), graph, evidence)
            })
            .collect()
    }
}

type Graph = BTreeMap<String, BTreeSet<String>>;
/// Why each edge of a graph is there: which file names what.
type Evidence = BTreeMap<(String, String), Vec<String>>;

/// The file's `pub use` statements (any visibility), and the rest of its code.
fn re_exports(code: &str) -> (Vec<String>, String) {
    let mut exports = Vec::new();
    let mut rest = String::new();
    let mut remaining = code;
    while let Some(at) = remaining.find("pub") {
        let after = &remaining[at..];
        let visibility_end = if after.starts_with("pub(") {
            after.find(')').map_or(3, |end| end + 1)
        } else {
            3
        };
        let is_use = after[visibility_end..].trim_start().starts_with("use ")
            && !remaining[..at].ends_with(|c: char| is_ident(c));
        if is_use && let Some(end) = after.find(';') {
            rest.push_str(&remaining[..at]);
            let statement = after[visibility_end..end].trim_start();
            exports.push(statement["use ".len()..].trim().to_string());
            remaining = &after[end + 1..];
        } else {
            rest.push_str(&remaining[..at + 3]);
            remaining = &remaining[at + 3..];
        }
    }
    rest.push_str(remaining);
    (exports, rest)
}

/// What a re-export makes `module` hold: each name (or its `as` name) and the path it stands
/// for, resolved.
fn exported(
    export: &str,
    module: &[String],
    children: &BTreeSet<String>,
) -> Vec<(String, Vec<String>)> {
    let renamed: BTreeMap<String, String> = export
        .split([',', '{', '}'])
        .filter_map(|part| {
            let (name, alias) = part.split_once(" as ")?;
            let name = name.trim().rsplit("::").next()?.to_string();
            Some((name, alias.trim().to_string()))
        })
        .collect();
    let (paths, _) = path_tree(export.trim());
    paths
        .into_iter()
        .filter(|path| path.last().is_some_and(|last| last != "*"))
        .filter_map(|path| {
            let starts_inside = matches!(path[0].as_str(), "crate" | "super" | "self")
                || children.contains(&path[0]);
            let resolved = if starts_inside {
                resolve(module, &path)?
            } else {
                return None;
            };
            let last = resolved.last()?.clone();
            let name = renamed.get(&last).cloned().unwrap_or(last);
            Some((name, resolved))
        })
        .collect()
}

/// The types a file writes inherent methods for (`impl Game {`, `impl<'a> World {`).
fn extended_types(code: &str) -> BTreeSet<String> {
    let mut types = BTreeSet::new();
    for line in code.lines() {
        let Some(rest) = line.trim_start().strip_prefix("impl") else {
            continue;
        };
        let rest = rest.trim_start();
        let rest = match rest.strip_prefix('<') {
            Some(generic) => generic
                .split_once('>')
                .map_or("", |(_, after)| after.trim_start()),
            None => rest,
        };
        if rest.contains(" for ") {
            continue;
        }
        let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
        if !name.is_empty() && rest[name.len()..].trim_start().starts_with(['{', '<']) {
            types.insert(name);
        }
    }
    types
}

/// The module a source file is, or None for a binary's own root (`main.rs`).
fn module_of(src: &Path, file: &Path) -> Option<Vec<String>> {
    let relative = file.strip_prefix(src).ok()?;
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .collect();
    match parts.last().map(String::as_str) {
        Some("main") => return None,
        Some("lib" | "mod") => {
            parts.pop();
        }
        _ => (),
    }
    Some(parts)
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every path the code of module `module` names that leads into the crate, resolved from the
/// module: `super::x` from `app::debug::wizard` is `app::debug::x`.
fn named_paths(code: &str, module: &[String], children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut at = 0;
    while at < code.len() {
        let rest = &code[at..];
        let Some(offset) = rest.find(is_ident) else {
            break;
        };
        let start = at + offset;
        let word_len = code[start..]
            .find(|c| !is_ident(c))
            .unwrap_or(code.len() - start);
        let word = &code[start..start + word_len];
        let before = code[..start].chars().next_back();
        let after = &code[start + word_len..];
        let leads = matches!(word, "crate" | "super" | "self") || children.contains(word);
        let is_path_start = !before.is_some_and(|c| is_ident(c) || c == ':');
        if leads && is_path_start && after.starts_with("::") {
            let (found, used) = path_tree(&code[start..]);
            for path in found {
                if let Some(resolved) = resolve(module, &path) {
                    paths.push(resolved);
                }
            }
            at = start + used.max(word_len);
        } else {
            at = start + word_len;
        }
    }
    paths
}

/// The paths a path expression names (`a::{b, c::d}` names `a::b` and `a::c::d`), and how many
/// bytes it takes.
fn path_tree(text: &str) -> (Vec<Vec<String>>, usize) {
    let mut segments = Vec::new();
    let mut at = 0;
    loop {
        let len = text[at..].find(|c| !is_ident(c)).unwrap_or(text.len() - at);
        if len > 0 {
            segments.push(text[at..at + len].to_string());
            at += len;
        }
        if !text[at..].starts_with("::") {
            return (vec![segments], at);
        }
        at += 2;
        if text[at..].starts_with('{') {
            let mut depth = 0;
            let mut end = at;
            for (i, c) in text[at..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => (),
                }
                if depth == 0 {
                    end = at + i;
                    break;
                }
            }
            let inner = &text[at + 1..end];
            let mut found = Vec::new();
            for element in split_top_level(inner) {
                let element = element.trim();
                let (paths, _) = path_tree(element);
                for path in paths {
                    let mut whole = segments.clone();
                    whole.extend(path);
                    found.push(whole);
                }
            }
            return (found, end + 1);
        }
    }
}

fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => (),
        }
    }
    parts.push(&text[start..]);
    parts
}

/// A path as the crate's absolute module path: `super` climbs from `module`, `crate` starts at
/// the root, `self` and a child's bare name start at `module`.
fn resolve(module: &[String], path: &[String]) -> Option<Vec<String>> {
    let mut base = module.to_vec();
    let mut segments = path.iter().peekable();
    match segments.peek().map(|s| s.as_str()) {
        Some("crate") => {
            base.clear();
            segments.next();
        }
        Some("self") => {
            segments.next();
        }
        _ => (),
    }
    while segments.peek().is_some_and(|s| *s == "super") {
        base.pop()?;
        segments.next();
    }
    let rest: Vec<String> = segments.filter(|s| *s != "self").cloned().collect();
    (!rest.is_empty()).then(|| {
        base.extend(rest);
        base
    })
}

/// The checker itself: a circle is found, and a straight line is not.
#[test]
fn a_circle_of_imports_is_found() {
    let graph = |edges: &[(&str, &str)]| {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in edges {
            graph
                .entry(from.to_string())
                .or_default()
                .insert(to.to_string());
        }
        graph
    };
    let found = circle(&graph(&[("draw", "map"), ("map", "hud"), ("hud", "draw")]));
    assert_eq!(
        found,
        Some(vec![
            "draw".into(),
            "map".into(),
            "hud".into(),
            "draw".into()
        ])
    );
    assert_eq!(circle(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])), None);
    let app = |path: &[&str]| {
        let mut whole = vec!["app".to_string()];
        whole.extend(path.iter().map(|s| s.to_string()));
        whole
    };
    let children: BTreeSet<String> = ["wizard".to_string()].into();
    assert_eq!(
        named_paths(
            "use super::{draw::{self, Line}, layout::X};\nsuper::map::f(a, b); wizard::Step",
            &["app".to_string(), "hud".to_string()],
            &children,
        ),
        [
            app(&["draw"]),
            app(&["draw", "Line"]),
            app(&["layout", "X"]),
            app(&["map", "f"]),
            app(&["hud", "wizard", "Step"]),
        ]
    );
    assert_eq!(
        resolve(
            &["app".to_string(), "debug".to_string(), "wizard".to_string()],
            &[
                "super".to_string(),
                "super".to_string(),
                "looks".to_string()
            ]
        ),
        Some(app(&["looks"]))
    );
}
