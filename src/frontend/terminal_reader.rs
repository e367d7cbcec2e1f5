//! The terminal's bytes, read on a thread of their own and handed over through a channel, so the
//! game loop never blocks on the terminal: it waits at most a frame (or until an unfinished key
//! sequence times out), and signals are acted on whatever the input does.

use std::fs::File;
use std::io::{self, Read};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::thread;
use std::time::Duration;

/// What the reading thread has for the game loop.
pub(super) enum Incoming {
    Bytes(Vec<u8>),
    /// The terminal is gone (closed, hung up): nothing more will come.
    Gone(io::Error),
}

pub(super) struct TerminalReader {
    receiver: Receiver<Incoming>,
}

impl TerminalReader {
    /// Starts reading the controlling terminal. The thread ends with the terminal; at exit it is
    /// simply left blocked in its read.
    pub fn start() -> io::Result<Self> {
        let mut tty = File::open("/dev/tty")?;
        let (sender, receiver) = mpsc::channel();
        thread::Builder::new()
            .name("terminal input".into())
            .spawn(move || {
                let mut buffer = [0; 4096];
                loop {
                    let incoming = match tty.read(&mut buffer) {
                        Ok(0) => Incoming::Gone(io::ErrorKind::UnexpectedEof.into()),
                        Ok(read) => Incoming::Bytes(buffer[..read].to_vec()),
                        Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                        Err(error) => Incoming::Gone(error),
                    };
                    let gone = matches!(incoming, Incoming::Gone(_));
                    if sender.send(incoming).is_err() || gone {
                        return;
                    }
                }
            })?;
        Ok(Self { receiver })
    }

    /// The next bytes, waiting at most `timeout`.
    pub fn wait(&self, timeout: Duration) -> Option<Incoming> {
        match self.receiver.recv_timeout(timeout) {
            Ok(incoming) => Some(incoming),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => Some(gone()),
        }
    }

    /// The next bytes if any have arrived.
    pub fn next(&self) -> Option<Incoming> {
        match self.receiver.try_recv() {
            Ok(incoming) => Some(incoming),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(gone()),
        }
    }
}

fn gone() -> Incoming {
    Incoming::Gone(io::Error::other("the terminal's reader stopped"))
}
