//! What is wrong with a content table, in words naming the table, the entry and the field.

/// What is wrong with a content table, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentError {
    /// The file: "bestiary" or "items".
    pub table: &'static str,
    /// The entry's name, when the problem is in one.
    pub entry: Option<String>,
    pub problem: Problem,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The text is not a table of this shape: a missing or unknown field, an unknown trait, a
    /// value of the wrong kind. The reader's own words, with the line they refer to.
    Unreadable {
        line: usize,
        reason: String,
    },
    /// A field whose value cannot be used.
    Field {
        field: &'static str,
        reason: String,
    },
    /// Two entries share something that must be their own.
    Shared {
        field: &'static str,
        other: String,
    },
    /// No kind can spawn on this depth.
    EmptyAtDepth {
        depth: u32,
    },
    /// The item table needs exactly one item that wins the run; it has this many.
    Prizes {
        count: usize,
    },
    Keys {
        count: usize,
    },
}

impl std::fmt::Display for ContentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "content/{}.ron", self.table)?;
        if let Some(entry) = &self.entry {
            write!(f, ", entry \"{entry}\"")?;
        }
        match &self.problem {
            Problem::Unreadable { line, reason } => write!(f, " (line {line}): {reason}"),
            Problem::Field { field, reason } => write!(f, ", field `{field}`: {reason}"),
            Problem::Shared { field, other } => {
                write!(f, ", field `{field}`: the same as entry \"{other}\"'s")
            }
            Problem::EmptyAtDepth { depth } => write!(f, ": nothing can spawn on depth {depth}"),
            Problem::Prizes { count } => {
                write!(f, ": {count} items win the run; there must be exactly one")
            }
            Problem::Keys { count } => {
                write!(f, ": {count} items open vaults; there must be exactly one")
            }
        }
    }
}

impl std::error::Error for ContentError {}

pub(super) fn field_error(
    table: &'static str,
    entry: &str,
    field: &'static str,
    reason: impl Into<String>,
) -> ContentError {
    ContentError {
        table,
        entry: Some(entry.to_string()),
        problem: Problem::Field {
            field,
            reason: reason.into(),
        },
    }
}
