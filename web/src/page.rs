//! The page around the grid (see web/index.html): the seed line, and a problem box for what
//! stops the game from starting or running.

use wasm_bindgen::JsValue;

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// "RNG Seed: N" under the game and on the console, as the native game prints it first.
pub fn show_seed(seed: u64) {
    let line = umbra::app::seed_line(seed);
    if let Some(element) = element("seed") {
        element.set_text_content(Some(&line));
    }
    web_sys::console::log_1(&JsValue::from_str(&line));
}

/// A line on the console, where the native game writes to stdout.
pub fn say(text: &str) {
    web_sys::console::log_1(&JsValue::from_str(text));
}

/// Shows `text` in place of the game, and on the console.
pub fn show_problem(text: &str) {
    let text = format!("umbra: {text}");
    web_sys::console::error_1(&JsValue::from_str(&text));
    if let Some(element) = element("problem") {
        element.set_text_content(Some(&text));
        let _ = element.remove_attribute("hidden");
    }
}
