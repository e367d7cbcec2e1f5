//! Where `--record` may write: checked at the start, before anything is made, so a recording
//! never fails at the end for a reason that was there from the beginning.

use std::fs;
use std::path::{Path, PathBuf};

use crate::storage::{self, SaveSlot};

/// `--record FILE` must be a file storage may replace, and never the save directory or one of
/// the save's own files, whether or not they exist yet: found now, not when the game ends.
pub(super) fn check_record_target(path: &Path, slot: Option<&SaveSlot>) -> Result<(), String> {
    let shown = path.display();
    if let Some(slot) = slot {
        let (target, save_dir) = (resolved(path), resolved(slot.dir()));
        if target == save_dir {
            return Err(format!(
                "cannot record to {shown}: that is the save directory; name a file"
            ));
        }
        let name = target.file_name().map(|name| name.to_string_lossy());
        if target.parent() == Some(save_dir.as_path())
            && name.is_some_and(|name| name.starts_with("save."))
        {
            return Err(format!(
                "cannot record to {shown}: that name belongs to the save; choose another"
            ));
        }
    }
    if path
        .as_os_str()
        .to_string_lossy()
        .ends_with(std::path::MAIN_SEPARATOR)
    {
        return Err(format!(
            "cannot record to {shown}: that names a directory; name a file"
        ));
    }
    storage::check_writable_target(path)
        .map_err(|error| format!("cannot record to {shown}: {error}"))
}

/// `path` as the file system will find it, for paths that may not exist yet: its deepest
/// existing ancestor with links resolved, then the rest, `.` and `..` taken as written.
fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    let base = loop {
        if let Ok(real) = fs::canonicalize(existing) {
            break real;
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            // `..` or the root: keep what was written.
            _ => break existing.to_path_buf(),
        }
    };
    let mut resolved = base;
    for part in rest.iter().rev() {
        resolved.push(part);
    }
    let mut normal = PathBuf::new();
    for component in resolved.components() {
        match component {
            std::path::Component::CurDir => (),
            std::path::Component::ParentDir => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    normal
}
