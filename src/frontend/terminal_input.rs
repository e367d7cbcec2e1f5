//! Keys and the mouse as crossterm reports them, in chargrid's terms.

use chargrid::input::{KeyboardInput, MouseButton, MouseInput};
use crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton as CrosstermButton, MouseEvent,
    MouseEventKind,
};

use super::signals;

/// What a key press means to the frontend.
pub(super) enum Key {
    Input(KeyboardInput),
    /// Ctrl-C and Ctrl-\ in raw mode: what the signals would have done.
    Signal(i32),
    /// Ctrl-Z in raw mode.
    Suspend,
}

pub(super) fn translate(key: KeyEvent) -> Option<Key> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c') => Some(Key::Signal(signals::INTERRUPT)),
            KeyCode::Char('\\') => Some(Key::Signal(signals::QUIT)),
            KeyCode::Char('z') => Some(Key::Suspend),
            _ => None,
        };
    }
    let shifted = key.modifiers.contains(KeyModifiers::SHIFT);
    let input = match key.code {
        // Shift and an arrow runs, as H J K L do.
        KeyCode::Up if shifted => KeyboardInput::Char('K'),
        KeyCode::Down if shifted => KeyboardInput::Char('J'),
        KeyCode::Left if shifted => KeyboardInput::Char('H'),
        KeyCode::Right if shifted => KeyboardInput::Char('L'),
        KeyCode::Char(c) => KeyboardInput::Char(c),
        KeyCode::Enter => KeyboardInput::Char('\r'),
        KeyCode::Esc => KeyboardInput::Char('\u{1b}'),
        KeyCode::Backspace => KeyboardInput::Char('\u{7f}'),
        KeyCode::Tab => KeyboardInput::Char('\t'),
        KeyCode::Up => KeyboardInput::Up,
        KeyCode::Down => KeyboardInput::Down,
        KeyCode::Left => KeyboardInput::Left,
        KeyCode::Right => KeyboardInput::Right,
        KeyCode::Home => KeyboardInput::Home,
        KeyCode::End => KeyboardInput::End,
        KeyCode::PageUp => KeyboardInput::PageUp,
        KeyCode::PageDown => KeyboardInput::PageDown,
        KeyCode::Delete => KeyboardInput::Delete,
        KeyCode::F(n) => KeyboardInput::Function(n),
        _ => return None,
    };
    Some(Key::Input(input))
}

/// Pointing and left clicks, in chargrid's terms; the rest of the mouse means nothing here.
pub(super) fn translate_mouse(mouse: MouseEvent) -> Option<MouseInput> {
    let coord = chargrid::core::ICoord::new(i32::from(mouse.column), i32::from(mouse.row));
    match mouse.kind {
        MouseEventKind::Moved | MouseEventKind::Drag(_) => Some(MouseInput::MouseMove {
            button: None,
            coord,
        }),
        MouseEventKind::Down(CrosstermButton::Left) => Some(MouseInput::MousePress {
            button: MouseButton::Left,
            coord,
        }),
        _ => None,
    }
}
