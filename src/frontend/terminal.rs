//! The terminal frontend: the app's frames drawn with crossterm, keys read by our own parser
//! (`input_parser`) from a reading thread (`terminal_reader`).
//!
//! Ours rather than chargrid_ansi_terminal, which unwraps every read and write (a vanished
//! terminal aborted the game with "non-unwinding panic", exit 134), parses input recursively (a
//! long paste overflowed the stack), treats a 0×0 terminal as an error, and has no answer to
//! job control. Here every terminal failure is an error value, the terminal is restored by a
//! guard however the loop ends, and signals are acted on between frames.

use std::collections::VecDeque;
use std::fs::OpenOptions;
use std::io::{self, BufWriter, Write};
use std::time::{Duration, Instant};

use chargrid::core::{FrameBuffer, FrameBufferCell, UCoord};
use chargrid::input::Input;
use chargrid_runtime::{on_frame, on_input};
use crossterm::style::{Attribute, Colors, Print, SetAttribute, SetColors};
use crossterm::{cursor, queue, terminal};

use super::input_parser::{InputParser, TermInput};
use super::signals::{self, Signals};
use super::terminal_reader::{Incoming, TerminalReader};
use super::{Ending, FrontendError, colour};
use crate::app::GameApp;
use crate::cli::ColourMode;

/// The app's clock ticks at the frame rate of chargrid's own runtimes.
const FRAME: Duration = Duration::from_micros(1_000_000 / 60);
/// Keys handled before the next frame is drawn, so a huge paste still shows progress and
/// signals are still noticed while it is worked through.
const KEYS_PER_FRAME: usize = 4096;
/// With nothing to draw, a vanished terminal would go unnoticed (a hung-up terminal just reads
/// as empty); this often, an invisible sequence is written to find out.
const KEEPALIVE: Duration = Duration::from_millis(250);

/// Refuses terminals that cannot show the game, with a reason a player can act on. Called
/// before the save is touched, so a run that cannot play leaves no trace.
pub fn check_term() -> Result<(), FrontendError> {
    if !cfg!(unix) {
        return Ok(());
    }
    let term = std::env::var("TERM").unwrap_or_default();
    let reason = match term.as_str() {
        "" => "TERM is not set, so this does not look like a terminal that can draw a screen",
        "dumb" => "this terminal (TERM=dumb) cannot move the cursor or draw a screen",
        _ => {
            return terminal_output().map(drop).map_err(|error| {
                FrontendError::Terminal(format!(
                    "there is no terminal to play in ({error}); run Umbra from a terminal, or in \
                     a window with --graphical"
                ))
            });
        }
    };
    Err(FrontendError::Terminal(format!(
        "{reason}; run Umbra in a terminal emulator (xterm, tmux, …) or in a window with --graphical"
    )))
}

pub fn run(
    mut app: GameApp,
    colours: ColourMode,
    mouse: bool,
    signals: &Signals,
) -> Result<Ending, FrontendError> {
    check_term()?;
    let mut screen =
        Screen::open(colours, mouse).map_err(|e| FrontendError::Terminal(e.to_string()))?;
    let ending = play(&mut app, &mut screen, signals);
    if !matches!(ending, Ok(Ending::Quit)) {
        app.leave();
    }
    drop(screen);
    ending
}

fn play(
    app: &mut GameApp,
    screen: &mut Screen,
    signals: &Signals,
) -> Result<Ending, FrontendError> {
    let reader = TerminalReader::start().map_err(lost)?;
    let mut parser = InputParser::default();
    let mut inputs = VecDeque::new();
    let mut frame = FrameBuffer::new(screen.size);
    let mut last_frame = Instant::now();
    loop {
        if let Some(signal) = signals.ending() {
            return Ok(Ending::Signal(signal));
        }
        if signals.take_stop() {
            screen.suspend(signals).map_err(lost)?;
        }
        if signals.take_resumed() {
            screen.take_back().map_err(lost)?;
        }
        let now = Instant::now();
        let mut wait = FRAME.saturating_sub(last_frame.elapsed());
        if let Some(deadline) = parser.deadline() {
            wait = wait.min(deadline.saturating_duration_since(now));
        }
        if inputs.is_empty() {
            read_input(&reader, &mut parser, &mut inputs, wait)?;
        }
        // Keys are handled at the terminal's size as it is when they arrive: a key sent just
        // after a resize must not be judged by the screen before it (too small to play).
        screen.follow_size(signals.take_resized());
        if screen.size != frame.size() {
            frame.resize(screen.size);
        }
        if let Some(ending) = handle_input(app, screen, signals, &frame, &mut inputs)? {
            return Ok(ending);
        }
        let since = last_frame.elapsed();
        if since >= FRAME {
            last_frame = Instant::now();
            if on_frame(app, since, &mut frame).is_some() {
                return Ok(Ending::Quit);
            }
            screen.draw(&frame).map_err(lost)?;
        }
    }
}

/// Waits up to `wait` for the terminal's bytes, takes whatever else has arrived, and settles a
/// key sequence left unfinished past its time.
fn read_input(
    reader: &TerminalReader,
    parser: &mut InputParser,
    inputs: &mut VecDeque<TermInput>,
    wait: Duration,
) -> Result<(), FrontendError> {
    let mut parsed = Vec::new();
    let mut incoming = reader.wait(wait);
    while let Some(next) = incoming {
        match next {
            Incoming::Bytes(bytes) => parser.feed(&bytes, Instant::now(), &mut parsed),
            Incoming::Gone(error) => return Err(lost(error)),
        }
        incoming = reader.next();
    }
    parser.tick(Instant::now(), &mut parsed);
    inputs.extend(parsed);
    Ok(())
}

/// Handles the inputs that have arrived, up to a frame's worth.
fn handle_input(
    app: &mut GameApp,
    screen: &mut Screen,
    signals: &Signals,
    frame: &FrameBuffer,
    inputs: &mut VecDeque<TermInput>,
) -> Result<Option<Ending>, FrontendError> {
    for _ in 0..KEYS_PER_FRAME {
        let Some(input) = inputs.pop_front() else {
            break;
        };
        match input {
            TermInput::Key(key) if on_input(app, Input::Keyboard(key), frame).is_some() => {
                return Ok(Some(Ending::Quit));
            }
            TermInput::Key(_) => (),
            TermInput::Mouse(mouse) => {
                let _ = on_input(app, Input::Mouse(mouse), frame);
            }
            TermInput::Signal(signal) => return Ok(Some(Ending::Signal(signal))),
            TermInput::Suspend => screen.suspend(signals).map_err(lost)?,
        }
    }
    Ok(None)
}

fn lost(error: io::Error) -> FrontendError {
    FrontendError::TerminalLost(error.to_string())
}

/// The terminal while the game owns it: raw mode, the alternate screen, no cursor. Dropping it
/// gives the terminal back as it was, even while a panic unwinds, and never fails itself.
struct Screen {
    out: BufWriter<Box<dyn Write>>,
    colours: ColourMode,
    /// Whether the terminal is asked to report the mouse.
    mouse: bool,
    size: UCoord,
    /// What the terminal shows, cell by cell; `None` where it is unknown and must be drawn.
    shown: Vec<Option<Shown>>,
    last_write: Instant,
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct Shown {
    character: char,
    style: Style,
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct Style {
    foreground: (u8, u8, u8),
    background: (u8, u8, u8),
    bold: bool,
    underline: bool,
}

impl Shown {
    fn of(cell: &FrameBufferCell) -> Self {
        let rgb = |c: chargrid::core::Rgba32| (c.r, c.g, c.b);
        Self {
            // A control character would move the cursor or worse; the app never means one.
            character: if cell.character.is_control() {
                ' '
            } else {
                cell.character
            },
            style: Style {
                foreground: rgb(cell.foreground),
                background: rgb(cell.background),
                bold: cell.bold,
                underline: cell.underline,
            },
        }
    }
}

/// Where the screen goes: the controlling terminal itself, so stdout stays free for the seed.
fn terminal_output() -> io::Result<Box<dyn Write>> {
    if cfg!(unix) {
        let tty = OpenOptions::new().write(true).open("/dev/tty")?;
        Ok(Box::new(tty))
    } else {
        Ok(Box::new(io::stdout()))
    }
}

impl Screen {
    fn open(colours: ColourMode, mouse: bool) -> io::Result<Self> {
        let out = terminal_output()?;
        let size = terminal::size().map_or(UCoord::new(0, 0), |(c, r)| UCoord::new_u16(c, r));
        let mut screen = Self {
            out: BufWriter::with_capacity(1 << 16, out),
            colours,
            mouse,
            size,
            shown: Vec::new(),
            last_write: Instant::now(),
        };
        screen.take_back()?;
        Ok(screen)
    }

    /// Puts the terminal in the game's modes (again, after a stop or a continue: the shell may
    /// have changed them meanwhile) and forgets what it shows, so the next frame is drawn whole.
    fn take_back(&mut self) -> io::Result<()> {
        // Raw mode is re-entered from scratch: crossterm skips enabling it if it thinks it on.
        let _ = terminal::disable_raw_mode();
        terminal::enable_raw_mode()?;
        queue!(
            self.out,
            terminal::EnterAlternateScreen,
            cursor::Hide,
            terminal::Clear(terminal::ClearType::All)
        )?;
        if self.mouse {
            queue!(self.out, crossterm::event::EnableMouseCapture)?;
        }
        self.out.flush()?;
        if let Ok((columns, rows)) = terminal::size() {
            self.size = UCoord::new_u16(columns, rows);
        }
        self.shown.clear();
        Ok(())
    }

    fn give_back(&mut self) -> io::Result<()> {
        queue!(
            self.out,
            SetAttribute(Attribute::Reset),
            crossterm::event::DisableMouseCapture,
            cursor::Show,
            terminal::LeaveAlternateScreen
        )?;
        let flushed = self.out.flush();
        terminal::disable_raw_mode()?;
        flushed
    }

    /// Ctrl-Z: the terminal is the shell's while the game is stopped, the game's again after `fg`.
    fn suspend(&mut self, signals: &Signals) -> io::Result<()> {
        self.give_back()?;
        signals::stop_process_group(signals)?;
        self.take_back()
    }

    /// Takes the terminal's size as it is now (asked each turn of the loop: a resize sends no
    /// bytes). After a resize (`resized`, from SIGWINCH) the whole screen is drawn again even
    /// if the size came back to what it was: the terminal may have reflowed what it showed.
    fn follow_size(&mut self, resized: bool) {
        if let Ok((columns, rows)) = terminal::size() {
            let size = UCoord::new_u16(columns, rows);
            if size != self.size || resized {
                self.size = size;
                self.shown.clear();
            }
        }
    }

    /// Writes the cells that differ from what the terminal shows.
    fn draw(&mut self, frame: &FrameBuffer) -> io::Result<()> {
        let cells = (frame.size().width() * frame.size().height()) as usize;
        if self.shown.len() != cells {
            self.shown = vec![None; cells];
            queue!(self.out, terminal::Clear(terminal::ClearType::All))?;
        }
        let mut cursor_at = None;
        let mut style = None;
        for (index, (coord, cell)) in frame.enumerate().enumerate() {
            let wanted = Shown::of(cell);
            if self.shown[index] == Some(wanted) {
                continue;
            }
            let (x, y) = (coord.x as u16, coord.y as u16);
            if cursor_at != Some((x, y)) {
                queue!(self.out, cursor::MoveTo(x, y))?;
            }
            if style != Some(wanted.style) {
                self.set_style(wanted.style)?;
                style = Some(wanted.style);
            }
            queue!(self.out, Print(wanted.character))?;
            cursor_at = Some((x + 1, y));
            self.shown[index] = Some(wanted);
        }
        if cursor_at.is_none() && self.last_write.elapsed() < KEEPALIVE {
            return Ok(());
        }
        if cursor_at.is_none() {
            queue!(self.out, cursor::Hide)?;
        }
        self.last_write = Instant::now();
        self.out.flush()
    }

    fn set_style(&mut self, style: Style) -> io::Result<()> {
        let colour =
            |(r, g, b)| colour::encode(chargrid::core::Rgba32::new_rgb(r, g, b), self.colours);
        let (bold, underline) = (
            if style.bold {
                Attribute::Bold
            } else {
                Attribute::NormalIntensity
            },
            if style.underline {
                Attribute::Underlined
            } else {
                Attribute::NoUnderline
            },
        );
        let colours = Colors::new(colour(style.foreground), colour(style.background));
        queue!(
            self.out,
            SetAttribute(bold),
            SetAttribute(underline),
            SetColors(colours)
        )
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let _ = self.give_back();
    }
}
