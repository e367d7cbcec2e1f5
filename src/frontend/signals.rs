//! Signals that end or pause the game. The handlers (from `signal-hook`) only raise flags; the
//! frontend's own loop acts on them between frames, where leaving the game and restoring the
//! terminal are safe.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

#[cfg(unix)]
use signal_hook::consts::{SIGCONT, SIGHUP, SIGQUIT, SIGTSTP, SIGWINCH};
use signal_hook::consts::{SIGINT, SIGTERM};

#[cfg(unix)]
const ENDING: &[i32] = &[SIGHUP, SIGINT, SIGQUIT, SIGTERM];
#[cfg(not(unix))]
const ENDING: &[i32] = &[SIGINT, SIGTERM];

/// Exit code of a program ended by `signal`, as shells report it.
pub fn exit_code(signal: i32) -> u8 {
    u8::try_from(128 + signal).unwrap_or(u8::MAX)
}

/// The signal numbers, for frontends that see them as keys (Ctrl-C in raw mode).
pub const INTERRUPT: i32 = SIGINT;
#[cfg(unix)]
pub const QUIT: i32 = SIGQUIT;
#[cfg(not(unix))]
pub const QUIT: i32 = SIGINT;

#[derive(Clone)]
pub struct Signals {
    /// The ending signal that arrived first, 0 for none.
    ending: Arc<AtomicUsize>,
    /// Set once an ending signal arrived: a second one then ends the process at once, in case
    /// the game is too stuck to notice the first.
    ending_seen: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
    resumed: Arc<AtomicBool>,
    /// The terminal changed size (SIGWINCH), perhaps and back again since it was last looked
    /// at: the whole screen is drawn again either way.
    resized: Arc<AtomicBool>,
}

impl Signals {
    /// Catches the signals that end a game (HUP, INT, QUIT, TERM) and, for a terminal, the stop
    /// (TSTP) and continue (CONT) of job control, which a window can leave to their defaults.
    pub fn install(job_control: bool) -> io::Result<Self> {
        let signals = Self {
            ending: Arc::new(AtomicUsize::new(0)),
            ending_seen: Arc::new(AtomicBool::new(false)),
            stop: Arc::new(AtomicBool::new(false)),
            resumed: Arc::new(AtomicBool::new(false)),
            resized: Arc::new(AtomicBool::new(false)),
        };
        for &signal in ENDING {
            let code = i32::from(exit_code(signal));
            signal_hook::flag::register_conditional_shutdown(
                signal,
                code,
                Arc::clone(&signals.ending_seen),
            )?;
            signal_hook::flag::register(signal, Arc::clone(&signals.ending_seen))?;
            let number = usize::try_from(signal).unwrap_or_default();
            signal_hook::flag::register_usize(signal, Arc::clone(&signals.ending), number)?;
        }
        #[cfg(unix)]
        if job_control {
            signal_hook::flag::register(SIGTSTP, Arc::clone(&signals.stop))?;
            signal_hook::flag::register(SIGCONT, Arc::clone(&signals.resumed))?;
            signal_hook::flag::register(SIGWINCH, Arc::clone(&signals.resized))?;
        }
        Ok(signals)
    }

    /// The signal that asked the game to end, if one has.
    pub fn ending(&self) -> Option<i32> {
        match self.ending.load(Ordering::Relaxed) {
            0 => None,
            signal => i32::try_from(signal).ok(),
        }
    }

    /// True once per stop request (SIGTSTP from outside, e.g. `kill -TSTP`).
    pub fn take_stop(&self) -> bool {
        self.stop.swap(false, Ordering::Relaxed)
    }

    /// True once after the terminal changed size, however many times.
    pub fn take_resized(&self) -> bool {
        self.resized.swap(false, Ordering::Relaxed)
    }

    /// True once per SIGCONT: the terminal may have been changed while the game was stopped.
    pub fn take_resumed(&self) -> bool {
        self.resumed.swap(false, Ordering::Relaxed)
    }
}

/// Stops the game's whole process group, as Ctrl-Z typed to a terminal out of raw mode would,
/// and returns once it is continued. Stopping the game alone left a launcher that waits for it
/// (`sh -c 'umbra; …'`, a script without `exec`, `cargo run`) waiting, its shell never given
/// the terminal back; stopped together, the shell sees its job stop and `fg` continues them all.
#[cfg(unix)]
pub fn stop_process_group(signals: &Signals) -> io::Result<()> {
    use rustix::process::{Signal, kill_current_process_group};
    // Every other member stops by the signal's default action; the game's own handler only
    // notes it, so the game then stops itself as the default would.
    kill_current_process_group(Signal::TSTP)?;
    signal_hook::low_level::emulate_default_handler(SIGTSTP)?;
    // The note of the group's signal is not another request to stop once continued.
    signals.take_stop();
    Ok(())
}

#[cfg(not(unix))]
pub fn stop_process_group(_: &Signals) -> io::Result<()> {
    Ok(())
}
