//! The terminal's input bytes turned into keys, clicks and the raw-mode control keys, by a
//! parser of our own that never waits for ever: a sequence left unfinished (a lone Esc, a
//! pasted `ESC [ 200 ~` opener, half a mouse report) is settled once [`SEQUENCE_TIMEOUT`] has
//! passed with no byte to finish it, as a lone Esc key or dropped, so the keys after it always
//! arrive. Sequences it does not know are dropped whole. Time is passed in, so tests can drive it.

use std::time::{Duration, Instant};

use chargrid::core::ICoord;
use chargrid::input::{KeyboardInput, MouseButton, MouseInput};

use super::signals;

/// How long an unfinished sequence waits for its next byte: far longer than a terminal takes to
/// send one sequence, far shorter than a person between two keys.
pub const SEQUENCE_TIMEOUT: Duration = Duration::from_millis(50);
/// A control sequence longer than this is no key anyone sends: it is dropped.
const SEQUENCE_MAX: usize = 32;

const ESC: u8 = 0x1b;

/// What the player did at the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TermInput {
    Key(KeyboardInput),
    Mouse(MouseInput),
    /// Ctrl-C and Ctrl-\ in raw mode: what the signals would have done.
    Signal(i32),
    /// Ctrl-Z in raw mode.
    Suspend,
}

/// Bytes read so far that do not yet make a whole key, and when the first of them came.
#[derive(Debug, Default)]
pub struct InputParser {
    pending: Vec<u8>,
    since: Option<Instant>,
}

/// What the bytes at the start of the pending ones amount to.
enum Step {
    /// This many bytes made this input (or nothing worth reporting).
    Done(usize, Option<TermInput>),
    /// They may be the start of a sequence: wait for more, up to the timeout.
    NeedMore,
}

impl InputParser {
    /// Takes bytes as they arrive at `now`, adding what they complete to `out`.
    pub fn feed(&mut self, bytes: &[u8], now: Instant, out: &mut Vec<TermInput>) {
        if self.pending.is_empty() {
            self.since = Some(now);
        }
        self.pending.extend_from_slice(bytes);
        self.parse(out, false);
        if self.pending.is_empty() {
            self.since = None;
        }
    }

    /// Settles an unfinished sequence that has waited its time out: a lone Esc is the Esc key,
    /// anything else is dropped (and what follows it parsed afresh).
    pub fn tick(&mut self, now: Instant, out: &mut Vec<TermInput>) {
        let expired = self
            .since
            .is_some_and(|since| now.duration_since(since) >= SEQUENCE_TIMEOUT);
        if expired {
            self.parse(out, true);
            self.since = (!self.pending.is_empty()).then_some(now);
        }
    }

    /// When [`InputParser::tick`] should next be called, if something waits.
    pub fn deadline(&self) -> Option<Instant> {
        self.since.map(|since| since + SEQUENCE_TIMEOUT)
    }

    fn parse(&mut self, out: &mut Vec<TermInput>, timed_out: bool) {
        let mut at = 0;
        while at < self.pending.len() {
            match step(&self.pending[at..]) {
                Step::Done(used, input) => {
                    out.extend(input);
                    at += used;
                }
                Step::NeedMore if timed_out => {
                    // Waited long enough: a lone Esc was the key; a partial sequence is dropped
                    // up to the next Esc, where a new one may begin.
                    let rest = &self.pending[at..];
                    if rest == [ESC] {
                        out.push(TermInput::Key(KeyboardInput::Char('\u{1b}')));
                    }
                    let next = rest.iter().skip(1).position(|&b| b == ESC);
                    at += next.map_or(rest.len(), |n| n + 1);
                }
                Step::NeedMore => break,
            }
        }
        self.pending.drain(..at);
    }
}

fn step(bytes: &[u8]) -> Step {
    match bytes[0] {
        ESC => escape(bytes),
        0x03 => Step::Done(1, Some(TermInput::Signal(signals::INTERRUPT))),
        0x1c => Step::Done(1, Some(TermInput::Signal(signals::QUIT))),
        0x1a => Step::Done(1, Some(TermInput::Suspend)),
        b'\r' | b'\n' => key(1, KeyboardInput::Char('\r')),
        b'\t' => key(1, KeyboardInput::Char('\t')),
        0x7f | 0x08 => key(1, KeyboardInput::Char('\u{7f}')),
        0x00..=0x1f => Step::Done(1, None),
        _ => utf8(bytes),
    }
}

fn key(used: usize, input: KeyboardInput) -> Step {
    Step::Done(used, Some(TermInput::Key(input)))
}

/// One character, however many bytes it takes; bytes that are no character are dropped.
fn utf8(bytes: &[u8]) -> Step {
    let width = match bytes[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Step::Done(1, None),
    };
    let Some(encoded) = bytes.get(..width) else {
        // A continuation byte that cannot continue it means it never will.
        let broken = bytes[1..].iter().any(|&b| b & 0xc0 != 0x80);
        return if broken {
            Step::Done(1, None)
        } else {
            Step::NeedMore
        };
    };
    match std::str::from_utf8(encoded)
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) => key(width, KeyboardInput::Char(c)),
        None => Step::Done(1, None),
    }
}

fn escape(bytes: &[u8]) -> Step {
    match bytes.get(1) {
        None => Step::NeedMore,
        Some(b'[') => csi(bytes),
        Some(b'O') => ss3(bytes),
        // Esc and then another key (Alt+key, or Esc pressed twice): the Esc first.
        Some(_) => key(1, KeyboardInput::Char('\u{1b}')),
    }
}

/// `ESC O x`: arrows, Home and End, F1 to F4 as some terminals send them.
fn ss3(bytes: &[u8]) -> Step {
    let Some(&last) = bytes.get(2) else {
        return Step::NeedMore;
    };
    let input = match last {
        b'A' => KeyboardInput::Up,
        b'B' => KeyboardInput::Down,
        b'C' => KeyboardInput::Right,
        b'D' => KeyboardInput::Left,
        b'H' => KeyboardInput::Home,
        b'F' => KeyboardInput::End,
        b'P'..=b'S' => KeyboardInput::Function(last - b'P' + 1),
        _ => return Step::Done(3, None),
    };
    key(3, input)
}

/// `ESC [ params final`: cursor keys, editing keys, function keys and SGR mouse reports;
/// anything else (a pasted `ESC [ 200 ~`) is dropped whole.
fn csi(bytes: &[u8]) -> Step {
    let body = &bytes[2..];
    let Some(end) = body.iter().position(|b| (0x40..=0x7e).contains(b)) else {
        let malformed = body.iter().any(|b| !(0x20..=0x3f).contains(b));
        return if malformed || bytes.len() > SEQUENCE_MAX {
            Step::Done(2 + body.len(), None)
        } else {
            Step::NeedMore
        };
    };
    let used = 2 + end + 1;
    let params = &body[..end];
    let input = match body[end] {
        b'M' | b'm' if params.first() == Some(&b'<') => {
            return Step::Done(used, mouse(&params[1..], body[end] == b'M'));
        }
        b'~' => tilde_key(params),
        last => cursor_key(last, params),
    };
    Step::Done(used, input.map(TermInput::Key))
}

fn numbers(params: &[u8]) -> Vec<u32> {
    params
        .split(|&b| b == b';')
        .map(|n| {
            std::str::from_utf8(n)
                .ok()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0)
        })
        .collect()
}

/// Arrows (Shift and an arrow runs, as H J K L do), Home and End.
fn cursor_key(last: u8, params: &[u8]) -> Option<KeyboardInput> {
    let shifted = numbers(params).get(1) == Some(&2);
    Some(match (last, shifted) {
        (b'A', true) => KeyboardInput::Char('K'),
        (b'B', true) => KeyboardInput::Char('J'),
        (b'C', true) => KeyboardInput::Char('L'),
        (b'D', true) => KeyboardInput::Char('H'),
        (b'A', false) => KeyboardInput::Up,
        (b'B', false) => KeyboardInput::Down,
        (b'C', false) => KeyboardInput::Right,
        (b'D', false) => KeyboardInput::Left,
        (b'H', _) => KeyboardInput::Home,
        (b'F', _) => KeyboardInput::End,
        _ => return None,
    })
}

/// `ESC [ n ~`: the editing and function keys by number.
fn tilde_key(params: &[u8]) -> Option<KeyboardInput> {
    Some(match numbers(params).first()? {
        1 | 7 => KeyboardInput::Home,
        4 | 8 => KeyboardInput::End,
        3 => KeyboardInput::Delete,
        5 => KeyboardInput::PageUp,
        6 => KeyboardInput::PageDown,
        n @ 11..=15 => KeyboardInput::Function((n - 10) as u8),
        n @ 17..=21 => KeyboardInput::Function((n - 11) as u8),
        n @ 23..=24 => KeyboardInput::Function((n - 12) as u8),
        _ => return None,
    })
}

/// An SGR mouse report, `ESC [ < b ; x ; y M` (pressed or moved) or `m` (released): pointing
/// and left clicks mean something here, the rest of the mouse nothing.
fn mouse(params: &[u8], pressed: bool) -> Option<TermInput> {
    let [button, x, y] = numbers(params)[..] else {
        return None;
    };
    let coord = ICoord::new(x.saturating_sub(1) as i32, y.saturating_sub(1) as i32);
    let moved = button & 32 != 0;
    let input = match (moved, button & 0b1100_0011, pressed) {
        (true, _, _) => MouseInput::MouseMove {
            button: None,
            coord,
        },
        (false, 0, true) => MouseInput::MousePress {
            button: MouseButton::Left,
            coord,
        },
        _ => return None,
    };
    Some(TermInput::Mouse(input))
}
