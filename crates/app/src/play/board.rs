//! The board widget: draws a position and turns clicks, drags and keys into commands.
//!
//! Owns what is only the view's business: the selected peg, the keyboard cursor, a drag in
//! progress and the jump animation. It follows egui's widget recipe (size, allocate,
//! interact, paint), gives every hole its own `Id`, response and accessible label ("peg at
//! d4", "empty hole at d4") so screen readers and UI tests can find it, and never changes the
//! game itself: it returns [`PlayCommand`]s for the app to apply.
//!
//! Keyboard: arrows move the cursor; Enter or Space selects the peg under it (or, with a peg
//! selected and the cursor on a hole, jumps there); an arrow with a peg selected jumps that
//! way; Escape deselects. On the triangular grid Left and Right move along the row, and Up and
//! Down take a diagonal, as [`pegsol_rules::arrow_steps`] says for both front ends: Up the
//! up-left one and Down the down-right one (so Up then Down comes back), Shift the other,
//! and the other where the first has no cell (or no legal jump).

use super::access;
use super::banner::{end_banner_ui, Ending, BANNER_HEIGHT};
use super::moves::{arrow_of, attempt, keyboard_jump};
use super::PlayCommand;
use crate::paint::geometry::{self, BoardGeometry};
use crate::paint::palette::Palette;
use eframe::egui;
use egui::{
    Key, Modifiers, Pos2, Rect, Response, Role, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo,
};
use pegsol_rules::cell_name;
use pegsol_rules::{arrow_steps, start_cell, walk};
use pegsol_rules::{Cell, Goal, Grid, Jump, Position};

/// How long a jump takes on screen, in seconds: long enough to see which peg went where,
/// short enough never to hold up a quick player.
const JUMP_SECONDS: f64 = 0.18;

/// What the board shows: read from the game each frame.
#[derive(Clone, Copy, Debug)]
pub struct BoardModel<'a> {
    /// The position on the board.
    pub position: &'a Position,
    /// The win condition (a finish cell is marked on the board).
    pub goal: Goal,
    /// Whether there is a jump to undo (offered when stuck).
    pub can_undo: bool,
    /// Whether jumps animate.
    pub animate: bool,
    /// A suggested jump to draw as an arrow (the Hint button's answer).
    pub hint: Option<Jump>,
    /// The rest of the move the timeline replays next, drawn as one path (see
    /// [`super::chain`]).
    pub chain: Option<&'a [Jump]>,
    /// Whether a click picks the finish cell instead of playing.
    pub picking_finish: bool,
    /// The advisor's jump verdicts and lost proof, drawn over the holes.
    pub overlay: super::hints::Overlay<'a>,
    /// Whether a win is the player's own (praised), not the solver's line replayed.
    pub praise: bool,
    /// Whether to draw the column letters and row numbers round the board.
    pub coordinates: bool,
    /// Whether a text field had the keyboard when the frame began (its Enter is its own).
    pub typing: bool,
}

/// A jump being animated.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Animation {
    jump: Jump,
    started: f64,
    /// Held at this fraction of the slide (0 to 1) instead of following the clock: the
    /// screenshot run's `--mid-jump`, which pictures the animation frame by frame.
    held: Option<f32>,
}

/// The board view's own state: what a person is doing on the board, not the game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardView {
    /// The peg a person has picked up, by click, drag or keyboard.
    selected: Option<Cell>,
    /// The keyboard cursor.
    cursor: Option<Cell>,
    /// The cursor is drawn only once the keyboard is in use, so mouse players never see it.
    cursor_visible: bool,
    /// The peg being dragged.
    dragging: Option<Cell>,
    /// The last jump, while it animates.
    animation: Option<Animation>,
    /// Where the board was drawn last frame (the screenshot run's `--board-only` crops to it).
    drawn: Option<Rect>,
}

impl BoardView {
    /// The selected peg, if any.
    pub fn selected(&self) -> Option<Cell> {
        self.selected
    }

    /// The keyboard cursor, if any.
    pub fn cursor(&self) -> Option<Cell> {
        self.cursor
    }

    /// Where the board was drawn last frame, in points (`None` before it was drawn).
    pub fn drawn(&self) -> Option<Rect> {
        self.drawn
    }

    /// Whether a jump is sliding on the board now (never while the window does not animate
    /// jumps: the board drops it on the frame it would start).
    pub fn animating(&self) -> bool {
        self.animation.is_some()
    }

    /// Called by the play view after it has played `jump`: drop the selection, follow the peg
    /// with the cursor, and start the animation at time `now` (not drawn when the window does
    /// not animate jumps).
    pub fn jumped(&mut self, jump: Jump, now: f64) {
        self.selected = None;
        self.dragging = None;
        self.cursor = Some(jump.to);
        self.animation = Some(Animation {
            jump,
            started: now,
            held: None,
        });
    }

    /// Shows `jump` (the last one played) held `fraction` of the way through its slide, until
    /// the position changes: a still of the animation, for the screenshot run's `--mid-jump`.
    /// It is drawn even where jumps do not animate, since it was asked for by name.
    pub fn hold_jump(&mut self, jump: Jump, fraction: f32) {
        self.animation = Some(Animation {
            jump,
            started: 0.0,
            held: Some(fraction.clamp(0.0, 1.0)),
        });
    }

    /// Called by the app when the position changed other than by a jump (undo, redo, restart,
    /// a new board): forget anything that refers to the old position.
    pub fn position_changed(&mut self) {
        self.selected = None;
        self.dragging = None;
        self.animation = None;
    }

    /// Shows the board filling the space available and returns what the person asked for.
    /// The widget's own state (a peg picked up, the cursor moved, a drag begun, an animation
    /// over) is its own and changes here; what the person asks of the game (a jump, a
    /// refusal to explain) goes back as commands for the play view to apply.
    pub fn ui(&mut self, ui: &mut Ui, model: &BoardModel<'_>) -> Vec<PlayCommand> {
        let mut commands = Vec::new();
        let position = model.position;
        let shape = position.shape();
        // Keep the view consistent with a position that may have changed under it.
        if self.selected.is_some_and(|c| !position.pegs().contains(c)) {
            self.selected = None;
        }
        if self.cursor.is_some_and(|c| !shape.contains(c)) {
            self.cursor = None;
        }

        // Size and allocate: everything the panel has left.
        let size = ui.available_size().max(Vec2::splat(64.0));
        let (rect, _board) = ui.allocate_exact_size(size, Sense::hover());
        self.drawn = Some(rect);
        // At the end of a game a banner takes a strip under the board, so it never hides a
        // peg. The strip is kept all game long: a board that shrank when the banner came
        // moved every hole under the pointer.
        let mut board_area = rect.shrink(8.0);
        board_area.max.y -= BANNER_HEIGHT + 8.0;
        let margin = if model.coordinates {
            geometry::COORDINATES_MARGIN
        } else {
            geometry::MARGIN
        };
        let geometry =
            BoardGeometry::fit_with_margin(shape.grid(), shape.cells(), board_area, margin);
        let id = ui.make_persistent_id("board");

        // Interact: the keyboard first (so a hole focused with Tab does not also take Enter
        // as a click), then one widget per hole.
        if !model.typing && !ui.ctx().egui_wants_keyboard_input() {
            self.keys(ui, position, &mut commands);
        }
        let mut responses = Vec::new();
        let jumps = position.legal_jumps();
        for cell in shape.cells().iter() {
            let response = ui.interact(
                geometry.cell_rect(cell),
                id.with(cell.index()),
                Sense::click_and_drag(),
            );
            let has_peg = position.pegs().contains(cell);
            let label = access::hole_label(cell, has_peg);
            let selected = self.selected == Some(cell);
            response.widget_info(|| WidgetInfo::selected(Role::Button, true, selected, &label));
            let words = access::hole_description(&jumps, has_peg, cell);
            access::describe_hole(ui.ctx(), response.id, words);
            if model.picking_finish {
                if response.clicked() {
                    commands.push(PlayCommand::SetGoal(Goal::At(cell)));
                }
            } else {
                self.pointer(&response, cell, position, &geometry, &mut commands);
            }
            responses.push((cell, response));
        }

        // Paint.
        let now = ui.input(|i| i.time);
        if let Some(a) = self.animation.filter(|a| a.held.is_none()) {
            if now - a.started >= JUMP_SECONDS || !model.animate {
                self.animation = None;
            } else {
                ui.ctx().request_repaint();
            }
        }
        if ui.is_rect_visible(rect) {
            let palette = Palette::for_theme(ui.ctx().theme());
            self.paint(ui, model, &geometry, &responses, &palette, now);
            let ending = Ending {
                won: model.position.is_won(model.goal),
                stuck: model.position.is_stuck(),
                pegs: model.position.peg_count(),
                can_undo: model.can_undo,
                praise: model.praise,
            };
            end_banner_ui(ui, ending, &geometry, &palette, &mut commands);
        }
        commands
    }

    /// Clicks and drags on one hole.
    fn pointer(
        &mut self,
        response: &Response,
        cell: Cell,
        position: &Position,
        geometry: &BoardGeometry,
        commands: &mut Vec<PlayCommand>,
    ) {
        let has_peg = position.pegs().contains(cell);
        if response.clicked() {
            self.cursor = Some(cell);
            self.cursor_visible = false;
            commands.extend(self.choose(cell, position));
        }
        if response.drag_started() {
            self.cursor_visible = false;
            if has_peg {
                self.selected = Some(cell);
                self.dragging = Some(cell);
            } else {
                commands.push(PlayCommand::Warn(format!(
                    "{} is an empty hole: drag a peg",
                    cell_name(cell)
                )));
            }
        }
        if response.drag_stopped() && self.dragging == Some(cell) {
            self.dragging = None;
            let drop = response
                .interact_pointer_pos()
                .or_else(|| response.ctx.input(|i| i.pointer.latest_pos()));
            match drop.and_then(|p| geometry.cell_at(position.shape().cells(), p)) {
                Some(to) if to == cell => {}
                Some(to) => commands.push(attempt(position, cell, to)),
                None => commands.push(PlayCommand::Warn(
                    "Dropped off the board: drop the peg on an empty hole".into(),
                )),
            }
        }
    }

    /// A click (or Enter) on `cell`: select or deselect a peg, or jump the selected peg there.
    fn choose(&mut self, cell: Cell, position: &Position) -> Option<PlayCommand> {
        if position.pegs().contains(cell) {
            if self.selected == Some(cell) {
                self.selected = None;
                return None;
            }
            self.selected = Some(cell);
            if position.legal_jumps_from(cell).is_empty() {
                return Some(PlayCommand::Warn(format!(
                    "The peg at {} has no jump from here",
                    cell_name(cell)
                )));
            }
            return None;
        }
        match self.selected {
            Some(from) => Some(attempt(position, from, cell)),
            None => Some(PlayCommand::Warn(format!(
                "{} is an empty hole: pick a peg to jump with first",
                cell_name(cell)
            ))),
        }
    }

    /// The keyboard: cursor, selection and jumps.
    fn keys(&mut self, ui: &Ui, position: &Position, commands: &mut Vec<PlayCommand>) {
        let shape = position.shape();
        // In the order pressed, each press once: a select and a jump a few milliseconds
        // apart (one frame) must not run as the jump and then the select.
        let pressed = ui.input_mut(|i| {
            crate::input::take_in_order(i, |key, modifiers| {
                let arrow = matches!(
                    key,
                    Key::ArrowLeft | Key::ArrowRight | Key::ArrowUp | Key::ArrowDown
                );
                let other = matches!(key, Key::Enter | Key::Space | Key::Escape);
                // Shift first: a plain pattern would also match Shift+key.
                if arrow && modifiers.matches_logically(Modifiers::SHIFT) {
                    Some((key, true))
                } else if (arrow || other) && modifiers.matches_logically(Modifiers::NONE) {
                    Some((key, false))
                } else {
                    None
                }
            })
        });
        if pressed.is_empty() {
            return;
        }
        self.cursor_visible = true;
        // A jump made by an earlier key of this frame is played on a copy here, so the
        // next key acts on the position it will meet (the play view plays the jump itself
        // when it applies the commands, and `jumped` then agrees with this).
        let mut after: Option<Position> = None;
        for (key, shift) in pressed {
            let position = after.as_ref().unwrap_or(position);
            let cursor = self
                .cursor
                .or(self.selected)
                .or_else(|| start_cell(position.shape()));
            let Some(cursor) = cursor else { return };
            self.cursor = Some(cursor);
            match key {
                Key::Enter | Key::Space => commands.extend(self.choose(cursor, position)),
                Key::Escape => self.selected = None,
                arrow => {
                    let steps = arrow_steps(shape.grid(), arrow_of(arrow), shift);
                    if let Some(from) = self.selected {
                        let command = keyboard_jump(position, from, &steps);
                        if let PlayCommand::Play(jump) = &command {
                            let jump = *jump;
                            if let Ok(next) = position.try_play(jump) {
                                self.selected = None;
                                self.cursor = Some(jump.to);
                                after = Some(next);
                            }
                        }
                        commands.push(command);
                    } else if let Some(next) = steps
                        .iter()
                        .find_map(|&step| walk(position.shape(), cursor, step))
                    {
                        self.cursor = Some(next);
                    }
                }
            }
        }
    }

    /// Paints the board, the holes, the pegs and the markers.
    fn paint(
        &self,
        ui: &Ui,
        model: &BoardModel<'_>,
        geometry: &BoardGeometry,
        responses: &[(Cell, Response)],
        palette: &Palette,
        now: f64,
    ) {
        let painter = ui.painter();
        let position = model.position;
        let s = geometry.cell_size();
        let (r_hole, r_peg) = (s * 0.2, s * 0.36);
        paint_board_shape(painter, position, geometry, palette);
        if model.coordinates {
            let colour = ui.visuals().text_color();
            geometry::paint_coordinates(painter, geometry, position.shape().cells(), colour);
        }
        let targets: Vec<Cell> = self
            .selected
            .map(|c| position.legal_jumps_from(c).iter().map(|j| j.to).collect())
            .unwrap_or_default();
        let won = position.is_won(model.goal);
        let animating = self.animation.map(|a| {
            let t = a
                .held
                .unwrap_or(((now - a.started) / JUMP_SECONDS).clamp(0.0, 1.0) as f32);
            (a.jump, 1.0 - (1.0 - t) * (1.0 - t))
        });
        let pointer = ui.input(|i| i.pointer.latest_pos());

        for (cell, response) in responses {
            let (cell, c) = (*cell, geometry.center(*cell));
            painter.circle_filled(c, r_hole, palette.hole);
            painter.circle_stroke(c, r_hole, Stroke::new(s * 0.03, palette.hole_rim));
            if model.goal == Goal::At(cell) {
                // A cross-hair of four ticks: a shape cue, not only a colour.
                let stroke = Stroke::new(s * 0.035, palette.finish);
                for d in [Vec2::X, -Vec2::X, Vec2::Y, -Vec2::Y] {
                    painter.line_segment([c + d * r_peg * 1.08, c + d * r_peg * 1.3], stroke);
                }
            }
            let has_peg = position.pegs().contains(cell);
            let landing = animating.is_some_and(|(j, _)| j.to == cell);
            let dragged = self.dragging == Some(cell) && response.dragged();
            if has_peg && !landing {
                let alpha = if dragged { 0.35 } else { 1.0 };
                paint_peg(painter, c, r_peg, palette, alpha);
            }
            if self.selected == Some(cell) && !dragged {
                painter.circle_stroke(c, r_peg + s * 0.07, Stroke::new(s * 0.08, palette.selected));
            }
            if targets.contains(&cell) {
                painter.circle_stroke(c, r_peg * 0.8, Stroke::new(s * 0.06, palette.target));
                painter.circle_filled(c, s * 0.08, palette.target);
            }
            if won && has_peg {
                painter.circle_stroke(c, r_peg + s * 0.07, Stroke::new(s * 0.05, palette.won));
                painter.circle_stroke(c, r_peg + s * 0.15, Stroke::new(s * 0.03, palette.won));
            }
            if response.hovered() && !response.dragged() && (has_peg || targets.contains(&cell)) {
                painter.circle_stroke(c, r_peg + s * 0.02, Stroke::new(1.5, palette.hover));
            }
            if self.cursor_visible && self.cursor == Some(cell) {
                painter.rect_stroke(
                    Rect::from_center_size(c, Vec2::splat(s * 0.92)),
                    s * 0.12,
                    Stroke::new(s * 0.05, palette.cursor),
                    StrokeKind::Middle,
                );
            }
        }
        if let Some((jump, t)) = animating {
            let (from, over, to) = (
                geometry.center(jump.from),
                geometry.center(jump.over),
                geometry.center(jump.to),
            );
            // The jumped peg shrinks away while the jumper arcs over it.
            paint_peg(painter, over, r_peg * (1.0 - t), palette, 1.0 - t);
            let lift = Vec2::new(0.0, -s * 0.35 * (std::f32::consts::PI * t).sin());
            paint_peg(painter, from + (to - from) * t + lift, r_peg, palette, 1.0);
        }
        super::hints::paint_overlay(painter, geometry, &model.overlay);
        if let Some(chain) = model.chain {
            super::chain::paint_chain(painter, geometry, chain, palette.target);
        }
        if let Some(jump) = model.hint {
            // An arrow from the peg to its landing hole, over the peg it takes.
            // In the board's ink, with a dashed ring: the selection is a solid orange ring,
            // a losing jump a vermilion arrow with a cross (see `Palette::hint`).
            let (from, to) = (geometry.center(jump.from), geometry.center(jump.to));
            let dir = (to - from).normalized();
            let stroke = Stroke::new(s * 0.06, palette.hint);
            let r = r_peg + s * 0.08;
            let ring: Vec<Pos2> = (0..=48)
                .map(|i| {
                    let a = i as f32 / 48.0 * std::f32::consts::TAU;
                    from + Vec2::new(a.cos(), a.sin()) * r
                })
                .collect();
            painter.extend(egui::Shape::dashed_line(&ring, stroke, s * 0.09, s * 0.07));
            painter.arrow(
                from + dir * r,
                (to - from) - dir * (r + r_peg * 0.6),
                stroke,
            );
            painter.circle_filled(to, s * 0.08, palette.hint);
        }
        if let (Some(_), Some(p)) = (self.dragging, pointer) {
            if responses.iter().any(|(_, r)| r.dragged()) {
                paint_peg(painter, p, r_peg * 1.05, palette, 0.9);
            }
        }
    }
}

/// The board itself, shaped like its holes (a cross for the English board, a triangle for the
/// triangle) rather than a plain rectangle: an outline pass, then the fill.
fn paint_board_shape(
    painter: &egui::Painter,
    position: &Position,
    geometry: &BoardGeometry,
    palette: &Palette,
) {
    let shape = position.shape();
    let s = geometry.cell_size();
    let edge = 1.5;
    for (grow, colour) in [(edge, palette.board_edge), (0.0, palette.board)] {
        for cell in shape.cells().iter() {
            let c = geometry.center(cell);
            match shape.grid() {
                // Overlapping discs cover the triangular lattice with no gaps (its holes are
                // 1/sqrt(3) from the nearest cell) and give a softly scalloped edge.
                Grid::Triangular => {
                    painter.circle_filled(c, s * 0.62 + grow, colour);
                }
                Grid::Square => {
                    // Round only the corners on the outside of the board.
                    let open = |dx: i32, dy: i32| {
                        [(dx, 0), (0, dy), (dx, dy)]
                            .iter()
                            .all(|&(x, y)| !cell.offset(x, y).is_some_and(|n| shape.contains(n)))
                    };
                    let r = |dx, dy| {
                        if open(dx, dy) {
                            (s * 0.3).min(255.0) as u8
                        } else {
                            0
                        }
                    };
                    let corners = egui::CornerRadius {
                        nw: r(-1, -1),
                        ne: r(1, -1),
                        sw: r(-1, 1),
                        se: r(1, 1),
                    };
                    // Half a point of overlap hides the seams between neighbours.
                    let rect = Rect::from_center_size(c, Vec2::splat(s + 2.0 * grow + 0.5));
                    painter.rect_filled(rect, corners, colour);
                }
            }
        }
    }
}

/// A peg: a solid disc with a highlight, so it reads as raised even in greyscale.
fn paint_peg(painter: &egui::Painter, c: Pos2, r: f32, palette: &Palette, alpha: f32) {
    if r <= 0.5 {
        return;
    }
    painter.circle_filled(c, r, palette.peg.gamma_multiply(alpha));
    painter.circle_filled(
        c + Vec2::new(-0.32, -0.32) * r,
        r * 0.28,
        palette.peg_shine.gamma_multiply(0.8 * alpha),
    );
}
