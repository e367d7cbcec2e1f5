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

/// Which of `nodes` each node imports, by `prefix::` (`crate` between a crate's top-level
/// modules, `super` between the files of one folder), with `node_of` naming a file's node.
fn imports(
    files: &[PathBuf],
    prefix: &str,
    node_of: impl Fn(&Path) -> Option<String>,
) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let nodes: BTreeSet<String> = files.iter().filter_map(|f| node_of(f)).collect();
    for file in files {
        let Some(node) = node_of(file) else { continue };
        let uses: Vec<String> = named_after(&code(file), prefix)
            .into_iter()
            .filter(|name| nodes.contains(name) && *name != node)
            .collect();
        graph.entry(node).or_default().extend(uses);
    }
    graph
}

fn top_module(src: &Path) -> impl Fn(&Path) -> Option<String> + '_ {
    move |file| {
        let first = file.strip_prefix(src).ok()?.components().next()?;
        let name = first.as_os_str().to_str()?.trim_end_matches(".rs");
        (!matches!(name, "lib" | "main")).then(|| name.to_string())
    }
}

fn sibling_file(file: &Path) -> Option<String> {
    let stem = file.file_stem()?.to_str()?;
    (stem != "mod").then(|| stem.to_string())
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

#[test]
fn no_module_and_no_file_imports_in_a_circle() {
    for crate_src in [
        Path::new(ROOT).join(RULES).join("src"),
        Path::new(ROOT).join("src"),
    ] {
        let files = rust_files(&crate_src);
        let graph = imports(&files, "crate", top_module(&crate_src));
        assert_eq!(circle(&graph), None, "modules of {}", crate_src.display());
        let folders: BTreeSet<PathBuf> = files
            .iter()
            .filter_map(|f| f.parent().map(Path::to_path_buf))
            .collect();
        for folder in folders {
            let siblings: Vec<PathBuf> = files
                .iter()
                .filter(|f| f.parent() == Some(folder.as_path()))
                .cloned()
                .collect();
            let graph = imports(&siblings, "super", sibling_file);
            assert_eq!(circle(&graph), None, "files of {}", folder.display());
        }
    }
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
    assert_eq!(
        named_after(
            "use super::{draw, layout::X};\nsuper::map::f(a, b)",
            "super"
        ),
        ["draw", "layout", "map"].map(String::from).into()
    );
}
