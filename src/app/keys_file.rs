//! The keys file: `--print-keys` writes the keys in use in it, `--keys FILE` (or `keys.toml` in
//! the platform's config directory) reads it back. A file that cannot be obeyed is refused with
//! the line and the problem, before anything else happens (the edge prints it and exits).

use std::collections::BTreeMap;
use std::fmt;

use chargrid::input::KeyboardInput;
use toml::Spanned;

use super::keymap::{Keymap, key_name, key_named, key_names};
use super::keys::Action;

/// Why a keys file cannot be obeyed: the line it is on (1 for the first) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeysFileError {
    pub line: usize,
    pub problem: String,
}

impl fmt::Display for KeysFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

/// The keymap in a keys file's format, with a comment above each action saying what it does.
pub fn print(keymap: &Keymap) -> String {
    let named: Vec<&str> = key_names().collect();
    let mut text = format!(
        "# Umbra's keys, as `umbra --print-keys` writes them. Save as keys.toml in Umbra's config\n\
         # directory (read at start), or pass with --keys FILE. Each action lists its keys: one\n\
         # character (\"h\", \"H\", \">\"), F1 to F12, or one of\n\
         # {}.\n\
         # An action left out keeps its keys; a key may ask for one action in play and one\n\
         # outside it (lists, panels, questions, boons: the actions after `quit`).\n",
        named.join(", ")
    );
    for action in Action::all() {
        let keys: Vec<String> = keymap
            .keys_of(action)
            .iter()
            .map(|&key| toml::Value::String(key_name(key)).to_string())
            .collect();
        let needed = if action.is_needed() {
            " (needs a key)"
        } else {
            ""
        };
        text.push_str(&format!(
            "\n# {}{needed}\n{} = [{}]\n",
            action.comment(),
            action.name(),
            keys.join(", ")
        ));
    }
    text
}

/// The keymap a keys file makes of the defaults, or the first thing wrong with it.
pub fn parse(text: &str) -> Result<Keymap, KeysFileError> {
    type Entries = BTreeMap<String, Spanned<Vec<Spanned<String>>>>;
    let line_at = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
    let entries: Entries = toml::from_str(text).map_err(|error| KeysFileError {
        line: error.span().map_or(1, |span| line_at(span.start)),
        problem: first_line(error.message()),
    })?;
    let mut entries: Vec<(String, Spanned<Vec<Spanned<String>>>)> = entries.into_iter().collect();
    entries.sort_by_key(|(_, keys)| keys.span().start);
    let mut keymap = Keymap::default();
    let mut given: Vec<(Action, usize)> = Vec::new();
    for (name, keys) in &entries {
        let line = line_at(keys.span().start);
        let refuse = |problem: String| KeysFileError { line, problem };
        let action = Action::from_name(name)
            .ok_or_else(|| refuse(format!("unknown action {name:?} (--print-keys lists them)")))?;
        let mut bound: Vec<KeyboardInput> = Vec::new();
        for key in keys.get_ref() {
            let line = line_at(key.span().start);
            let named = key_named(key.get_ref()).ok_or_else(|| KeysFileError {
                line,
                problem: format!("unknown key {:?} for {name}", key.get_ref()),
            })?;
            if bound.contains(&named) {
                return Err(KeysFileError {
                    line,
                    problem: format!("{:?} is given twice for {name}", key.get_ref()),
                });
            }
            bound.push(named);
        }
        if bound.is_empty() && action.is_needed() {
            return Err(refuse(format!(
                "{name} is left without a key; the game needs one"
            )));
        }
        keymap.bind(action, bound);
        given.push((action, line));
    }
    check_each_key_once(&keymap, &given)?;
    Ok(keymap)
}

/// Refuses a key that asks for two actions, naming the line that gave it the second time (or
/// the one line whose key an action the file left alone has by default).
fn check_each_key_once(keymap: &Keymap, given: &[(Action, usize)]) -> Result<(), KeysFileError> {
    let line_of = |action: Action| given.iter().find(|(a, _)| *a == action).map(|(_, l)| *l);
    // A key may ask for one action in play and one outside it (k moves north, and up a list).
    let mut seen: Vec<(KeyboardInput, Action)> = Vec::new();
    for action in Action::all() {
        for &key in keymap.keys_of(action) {
            let same_place = |a: &Action| a.is_outside_play() == action.is_outside_play();
            let Some(&(_, first)) = seen.iter().find(|(k, a)| *k == key && same_place(a)) else {
                seen.push((key, action));
                continue;
            };
            // Told in the order the file gives them, at the later line of the two.
            let (mut first, mut second) = (first, action);
            if line_of(first).unwrap_or(0) > line_of(second).unwrap_or(0) {
                (first, second) = (second, first);
            }
            let (first_line, second_line) = (line_of(first), line_of(second));
            let line = second_line.or(first_line).unwrap_or(1);
            let defaulted = |a: Action, at: Option<usize>| match at {
                Some(line) => format!("{} (line {line})", a.name()),
                None => format!("{} (its default: give it other keys here)", a.name()),
            };
            return Err(KeysFileError {
                line,
                problem: format!(
                    "{:?} is bound twice, to {} and to {}",
                    key_name(key),
                    defaulted(first, first_line),
                    defaulted(second, second_line)
                ),
            });
        }
    }
    Ok(())
}

/// The first line of a parser's message (toml's continue with a drawing of the line).
fn first_line(message: &str) -> String {
    message
        .lines()
        .next()
        .unwrap_or("not TOML")
        .trim()
        .to_string()
}
