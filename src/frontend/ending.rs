//! How a frontend stops: quit or signalled, or what went wrong, in one line for the player.

use std::fmt;

/// How a frontend stopped, when nothing went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The player quit from inside the game.
    Quit,
    /// A signal (or its key in a raw terminal, such as Ctrl-C) ended the game, which was saved.
    Signal(i32),
}

#[derive(Debug)]
pub enum FrontendError {
    Terminal(String),
    /// The terminal went away mid-game (closed, hung up); the game was saved as it stood.
    TerminalLost(String),
    Window(String),
    /// The game panicked; the message is the panic's own.
    Crash(String),
}

impl fmt::Display for FrontendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Terminal(reason) => write!(f, "cannot use this terminal: {reason}"),
            Self::TerminalLost(reason) => write!(
                f,
                "the terminal went away ({reason}); the game is saved and resumes at the next start"
            ),
            Self::Window(reason) => {
                write!(f, "cannot open a window ({reason}); try --terminal")
            }
            Self::Crash(message) => write!(f, "the game crashed: {message}"),
        }
    }
}

impl std::error::Error for FrontendError {}
