//! What the page runs: the player's game, and now and then a recording being watched over it.
//! Quitting the game leads to its title screen (a tab has nothing to quit to); quitting a
//! recording leads back to the game.

use std::cell::RefCell;
use std::rc::Rc;

use chargrid::core::{Component, Ctx, Event, FrameBuffer, UCoord, app};
use umbra::app::GameApp;
use umbra_rules::game::{Game, History};

pub struct Shell {
    playing: GameApp,
    watching: Option<GameApp>,
}

impl Shell {
    pub fn new(playing: GameApp) -> Self {
        Self {
            playing: playing.with_title_on_quit(),
            watching: None,
        }
    }

    pub fn watch(&mut self, recording: &History) {
        self.watching = Some(GameApp::replay(recording));
    }

    /// The page is going away (a reload, a closed tab): leave the game ready to resume.
    pub fn leave(&mut self) {
        self.playing.leave();
    }

    pub fn playing(&self) -> &GameApp {
        &self.playing
    }

    /// The recording being watched, as far as it has been played.
    pub fn watched(&self) -> Option<&Game> {
        self.watching.as_ref().map(GameApp::game)
    }

    fn shown(&self) -> &GameApp {
        self.watching.as_ref().unwrap_or(&self.playing)
    }
}

/// The shell shared between chargrid_web's event handlers and the page's own hooks (state for
/// tests, a recording dropped on the page, the page being hidden). JavaScript runs one handler at
/// a time, so a borrow never meets another.
#[derive(Clone)]
pub struct SharedShell(pub Rc<RefCell<Shell>>);

impl Component for SharedShell {
    type Output = app::Output;
    type State = ();

    fn render(&self, state: &(), ctx: Ctx, fb: &mut FrameBuffer) {
        self.0.borrow().shown().render(state, ctx, fb);
    }

    fn update(&mut self, state: &mut (), ctx: Ctx, event: Event) -> app::Output {
        let mut shell = self.0.borrow_mut();
        if let Some(watching) = shell.watching.as_mut() {
            if watching.update(state, ctx, event).is_some() {
                shell.watching = None;
            }
            return None;
        }
        // The game shows its title screen instead of exiting, so its output is always None.
        shell.playing.update(state, ctx, event)
    }

    fn size(&self, _state: &(), ctx: Ctx) -> UCoord {
        ctx.bounding_box.size()
    }
}
