//! The one way out of the app to the program around it: what the keeper tells `main`.

use std::sync::mpsc;

/// What happened outside the screen, for `main` to print once the terminal is its own again.
#[derive(Debug, Default)]
pub struct Report {
    /// Every game started from inside the app, in order.
    pub new_seeds: Vec<u64>,
    /// Every distinct failure to save or record; any one makes the exit code non-zero.
    pub problems: Vec<String>,
}

/// One thing the keeper tells the program around the game, as it happens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Outgoing {
    NewGame { seed: u64 },
    Problem(String),
}

/// The keeper's end of the one way out of the app: what it sends is read by `main` once the
/// frontend has returned (the window's runtime keeps the app to the end, so nothing is handed
/// back). A channel rather than shared, mutable state: the app only ever sends.
#[derive(Debug, Clone)]
pub struct Reporter(mpsc::Sender<Outgoing>);

/// `main`'s end: everything sent so far, gathered into a [`Report`].
#[derive(Debug)]
pub struct Reports(mpsc::Receiver<Outgoing>);

/// A new way out, both ends.
pub fn reporting() -> (Reporter, Reports) {
    let (sender, receiver) = mpsc::channel();
    (Reporter(sender), Reports(receiver))
}

impl Reporter {
    pub(super) fn send(&self, outgoing: Outgoing) {
        // With `main` gone there is nobody left to tell.
        let _ = self.0.send(outgoing);
    }
}

impl Reports {
    /// What has been sent so far, each distinct problem once.
    pub fn collect(&self) -> Report {
        let mut report = Report::default();
        for outgoing in self.0.try_iter() {
            match outgoing {
                Outgoing::NewGame { seed } => report.new_seeds.push(seed),
                Outgoing::Problem(problem) if !report.problems.contains(&problem) => {
                    report.problems.push(problem);
                }
                Outgoing::Problem(_) => (),
            }
        }
        report
    }
}
