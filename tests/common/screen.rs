//! The app drawn headlessly into a chargrid frame buffer and read back as a player reads it.

use chargrid::core::{Component, FrameBuffer, Rgba32, UCoord};
use umbra::app::GameApp;

pub struct Screen {
    pub rows: Vec<String>,
    pub foreground: Vec<Vec<Rgba32>>,
    pub background: Vec<Vec<Rgba32>>,
}

impl Screen {
    pub fn text(&self) -> String {
        self.rows.join("\n")
    }

    pub fn contains(&self, needle: &str) -> bool {
        self.rows.iter().any(|row| row.contains(needle))
    }

    pub fn colour_of(&self, needle: &str) -> Rgba32 {
        let (y, row) = self
            .rows
            .iter()
            .enumerate()
            .find(|(_, row)| row.contains(needle))
            .unwrap_or_else(|| panic!("{needle:?} not on screen:\n{}", self.text()));
        let x = row.chars().position(|_| true).unwrap_or(0)
            + row[..row.find(needle).unwrap_or(0)].chars().count();
        self.foreground[y][x]
    }
}

pub fn render_at(app: &GameApp, size: UCoord) -> Screen {
    let mut fb = FrameBuffer::new(size);
    app.render(&(), fb.default_ctx(), &mut fb);
    Screen {
        rows: fb
            .rows()
            .map(|row| row.iter().map(|cell| cell.character).collect())
            .collect(),
        foreground: fb
            .rows()
            .map(|row| row.iter().map(|cell| cell.foreground).collect())
            .collect(),
        background: fb
            .rows()
            .map(|row| row.iter().map(|cell| cell.background).collect())
            .collect(),
    }
}
