//! One frame of the app: the map and what is drawn over it, the HUD, the sidebar, the look
//! line, and the panel of the mode, in the order they cover each other, in the palette chosen.

use chargrid::core::{Ctx, FrameBuffer, UCoord};

use super::mode::{Mode, Step};
use super::{
    GameApp, aim, boons, debug, hud, layout, map, pack, pointer, replay, screens, sidebar, title,
};

impl GameApp {
    pub(super) fn render_frame(&self, ctx: Ctx, fb: &mut FrameBuffer) {
        let ctx = ctx.with_tint(&self.palette);
        // The runtimes reuse the buffer between frames without clearing it, and a panel drawn
        // above the map would otherwise outlive its closing.
        fb.clear();
        let screen = ctx.bounding_box.size();
        if !layout::is_big_enough(screen) {
            let menu = match self.mode {
                Mode::Menu { selected } => Some(selected),
                _ => None,
            };
            return screens::too_small(fb, ctx, screen, menu);
        }
        if let Mode::Title { selected } = self.mode {
            return title::render(fb, ctx, &self.game, selected);
        }
        let panel_open = self.panel_open();
        self.render_map(ctx, fb, screen, panel_open);
        let replay = self.playback.as_ref().map(replay::Playback::progress);
        let top = layout::view_size(screen).height() as i32;
        hud::render(&self.game, &self.log, replay.as_deref(), ctx, fb, top);
        if !panel_open {
            sidebar::render(&self.game, ctx, fb, self.pointed_at());
        }
        self.render_pointer(ctx, fb, screen, panel_open);
        self.render_panel(ctx, fb);
    }

    /// Whether a panel covers the map (the map is then dimmed and the sidebar not drawn).
    fn panel_open(&self) -> bool {
        let on_map = matches!(
            self.mode,
            Mode::Play | Mode::Look { .. } | Mode::Aim { .. } | Mode::Wizard(Step::Cell { .. })
        );
        !on_map || self.game.is_over() || self.is_choosing_a_boon()
    }

    fn is_choosing_a_boon(&self) -> bool {
        self.game.boons_offered().is_some() && !self.game.is_over()
    }

    /// The cell the look cursor, the aiming cursor or the mouse points at.
    fn pointed_at(&self) -> Option<coord_2d::ICoord> {
        match self.mode {
            Mode::Look { cursor } | Mode::Aim { cursor, .. } => Some(cursor),
            Mode::Play => self.hover,
            _ => None,
        }
    }

    /// The map (or the full log in its place), a debug view over it, and what is flying.
    fn render_map(&self, ctx: Ctx, fb: &mut FrameBuffer, screen: UCoord, panel_open: bool) {
        let map_view = layout::view_size(screen);
        match self.mode {
            Mode::Log { scroll } => screens::log(fb, ctx, &self.log, scroll),
            _ => {
                let drawing = map::Drawing {
                    behind_panel: panel_open,
                    light: self.palette != super::palettes::Palette::HighContrast,
                    frame: self.frame,
                    stealth: self.show_stealth,
                };
                map::render(&self.game, ctx, fb, map_view, drawing)
            }
        }
        if !panel_open {
            let focus = match self.mode {
                Mode::Look { cursor } => self.game.inhabitants().npc_at(cursor).map(|npc| npc.id),
                _ => None,
            };
            debug::overlay::render(&self.game, ctx, fb, map_view, self.overlay, focus);
        }
        if let Some(animation) = &self.animation {
            animation.render(&self.game, ctx, fb, screen);
        }
    }

    /// The look line of the look cursor, the aiming cursor or the mouse.
    fn render_pointer(&self, ctx: Ctx, fb: &mut FrameBuffer, screen: UCoord, panel_open: bool) {
        let minds = self.debug.overlays;
        match self.mode {
            Mode::Look { cursor } => {
                pointer::render_look(&self.game, ctx, fb, screen, cursor, true, minds)
            }
            Mode::Aim { slot, cursor } => {
                let warned = self.aim_warned == Some((slot, cursor));
                let aimed = aim::Aimed {
                    slot,
                    cursor,
                    warned,
                };
                aim::render_aim(&self.game, ctx, fb, screen, aimed)
            }
            Mode::Play if !panel_open => {
                if let Some(hover) = self.hover {
                    pointer::render_look(&self.game, ctx, fb, screen, hover, false, minds);
                }
            }
            _ => (),
        }
    }

    /// The panel the mode shows over the map, if any.
    fn render_panel(&self, ctx: Ctx, fb: &mut FrameBuffer) {
        let game = &self.game;
        match self.mode {
            Mode::Menu { selected } => screens::menu(fb, ctx, selected),
            Mode::Help { scroll } => screens::help(fb, ctx, scroll, self.debug, &self.keymap),
            Mode::Wizard(step) => debug::wizard::render(fb, ctx, game, step),
            Mode::ConfirmAbandon { seed } => screens::confirm_abandon(fb, ctx, game, seed),
            Mode::ConfirmJump { .. } => screens::confirm_jump(fb, ctx, game),
            Mode::ConfirmTrap { direction } => screens::confirm_trap(fb, ctx, game, direction),
            Mode::ConfirmFree { direction } => screens::confirm_free(fb, ctx, game, direction),
            // The log of a finished run is read on its own: drawn under this panel, the two
            // mixed line by line.
            Mode::Play if game.is_over() => {
                screens::run_over(fb, ctx, game, self.run_record.as_ref())
            }
            Mode::Play if self.is_choosing_a_boon() => boons::render(fb, ctx, game, &self.keymap),
            Mode::Pack { purpose, cursor } => {
                let listing = purpose.map_or(pack::Listing::All, pack::Listing::For);
                pack::render_pack(fb, ctx, game, listing, Some(cursor));
            }
            Mode::Enchant { .. } => {
                pack::render_pack(fb, ctx, game, pack::Listing::Enchanting, None)
            }
            Mode::Item { slot } => pack::render_item(fb, ctx, game, slot, &self.keymap),
            Mode::Play
            | Mode::Log { .. }
            | Mode::Look { .. }
            | Mode::Aim { .. }
            | Mode::Title { .. } => (),
        }
    }
}
