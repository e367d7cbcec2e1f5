//! The browser's local storage as a place for bytes: each value is the base64 of one of the
//! native save's files, under a name like the file's. A value is replaced whole by one
//! `setItem`, which the browser performs atomically, so a reload or a closed tab at any moment
//! leaves either the old value or the new one.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Storage;

/// The page's local storage, or the reason there is none (storage disabled, a sandboxed frame).
pub struct Store {
    storage: Result<Storage, String>,
}

/// A value that is there but is not base64 at all: damaged like a file with a bad checksum.
pub struct NotBase64;

impl Store {
    pub fn open() -> Self {
        let storage = web_sys::window()
            .ok_or_else(|| "there is no browser window".to_string())
            .and_then(|window| window.local_storage().map_err(describe))
            .and_then(|storage| {
                storage.ok_or_else(|| "this browser keeps no storage for this page".to_string())
            });
        Self { storage }
    }

    fn storage(&self) -> Result<&Storage, String> {
        self.storage.as_ref().map_err(Clone::clone)
    }

    /// The bytes under `key`; `Ok(None)` when there is nothing there.
    pub fn get(&self, key: &str) -> Result<Option<Result<Vec<u8>, NotBase64>>, String> {
        let text = self.storage()?.get_item(key).map_err(describe)?;
        Ok(text.map(|text| STANDARD.decode(text).map_err(|_| NotBase64)))
    }

    pub fn set(&self, key: &str, bytes: &[u8]) -> Result<(), String> {
        let text = STANDARD.encode(bytes);
        self.storage()?.set_item(key, &text).map_err(describe)
    }

    pub fn remove(&self, key: &str) -> Result<(), String> {
        self.storage()?.remove_item(key).map_err(describe)
    }

    /// Moves the value under `key` to `KEY.unreadable` (or `.unreadable.N`, never over an
    /// earlier one), as the native save renames an unreadable file; returns the new key.
    pub fn set_aside(&self, key: &str) -> Result<String, String> {
        let storage = self.storage()?;
        let value = storage.get_item(key).map_err(describe)?.unwrap_or_default();
        let mut n = 0;
        let aside = loop {
            let aside = match n {
                0 => format!("{key}.unreadable"),
                n => format!("{key}.unreadable.{n}"),
            };
            if storage.get_item(&aside).map_err(describe)?.is_none() {
                break aside;
            }
            n += 1;
        };
        storage.set_item(&aside, &value).map_err(describe)?;
        storage.remove_item(key).map_err(describe)?;
        Ok(aside)
    }
}

/// A JavaScript exception in words: a full storage says `QuotaExceededError`.
pub fn describe(error: JsValue) -> String {
    if let Some(error) = error.dyn_ref::<js_sys::Error>() {
        return format!(
            "{}: {}",
            String::from(error.name()),
            String::from(error.message())
        );
    }
    error.as_string().unwrap_or_else(|| format!("{error:?}"))
}
