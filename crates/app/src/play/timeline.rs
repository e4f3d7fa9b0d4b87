//! The replay timeline under the board: a scrubber over the jumps with one tick per move (a
//! move is one peg's chain of jumps, `crates/rules/src/moves.rs`) and the move in play
//! highlighted, step controls by jump and by move, play/pause, the playback speed, undo and
//! restart.
//!
//! Owns the timeline's look, its playback clock ([`Playback`]), putting the solver's line on
//! it, stepping by move, and telling a win along that line from the player's own. It reads
//! the game record's flat view (`jumps`, `index`) and returns [`PlayCommand`]s; moving along
//! the timeline is the record's own undo and redo, so scrubbing, stepping and undo never
//! disagree.

use super::command::TimelineCommand;
use super::{PlayCommand, PlayView};
use crate::command::ShellCommand;
use eframe::egui;
use egui::{Button, RichText, Stroke, Ui};
use pegsol_record::Game;
use pegsol_rules::{move_ends, Jump};
use std::ops::Range;

pub use pegsol_record::session::replay::{Replay as Playback, SPEEDS};

impl PlayView {
    /// Whether the game on the board was won by the player rather than by replaying the
    /// solver's line to its end.
    pub fn won_by_player(&self) -> bool {
        self.session.won_by_player()
    }

    /// Puts the last solution on the timeline after the position it starts from: here if it
    /// was solved from here, else from the start (the session goes back there first, by an
    /// undoable restart).
    pub(super) fn load_solution(&mut self, now: f64) -> Vec<ShellCommand> {
        let Some(report) = self.solve.report() else {
            return vec![ShellCommand::Warn("No solution yet: solve first".into())];
        };
        let (start, jumps) = (report.start.clone(), report.outcome.jumps.clone());
        match self.session.load_solution(&start, &jumps, now) {
            Ok(restarted) => {
                self.board.position_changed();
                self.replay_keys = true;
                let back = if restarted {
                    "; undo (U) brings your game back"
                } else {
                    ""
                };
                vec![ShellCommand::Tell(format!(
                    "Solution loaded ({} jumps): press Space or Autoplay to play it, Left/Right to step{back}",
                    jumps.len()
                ))]
            }
            Err(e) => vec![ShellCommand::Warn(pegsol_rules::capitalise(&e.to_string()))],
        }
    }

    /// The jumps of the move in play still to be replayed: from the position on the board to
    /// the end of its peg's chain (what the board draws as a path), if the timeline goes on.
    pub fn next_chain(&self) -> Option<Vec<Jump>> {
        let record = &self.session.game().record;
        let jumps = record.jumps();
        let span = move_in_play(jumps, record.index())?;
        jumps.get(record.index()..span.end).map(<[Jump]>::to_vec)
    }
}

/// The move in play at `index` jumps from the start, as the jumps it spans: the move the
/// next jump belongs to, or `None` at the end of the timeline.
pub fn move_in_play(jumps: &[Jump], index: usize) -> Option<Range<usize>> {
    if index >= jumps.len() {
        return None;
    }
    let ends = move_ends(jumps);
    let k = ends.iter().position(|&e| e > index)?;
    let begin = if k == 0 { 0 } else { ends[k - 1] };
    Some(begin..ends[k])
}

/// The timeline's label: "Jump 12 of 31 · move 9 of 18", the move being the one the last
/// jump played belongs to (0 at the start).
pub fn position_text(jumps: &[Jump], index: usize) -> String {
    let ends = move_ends(jumps);
    let index = index.min(jumps.len());
    // Moves begun: those whose first jump is played.
    let begun = std::iter::once(0)
        .chain(ends.iter().copied())
        .take(ends.len())
        .filter(|&b| b < index)
        .count();
    format!(
        "Jump {index} of {} · move {begun} of {}",
        jumps.len(),
        ends.len()
    )
}

/// Shows the timeline and returns what the person asked for.
pub fn timeline_ui(ui: &mut Ui, game: &Game, playback: &Playback) -> Vec<PlayCommand> {
    let mut commands = Vec::new();
    let record = &game.record;
    let jumps = record.jumps();
    let total = jumps.len();
    let index = record.index();
    // Wrapped, so a narrow window puts the last buttons on a second row instead of cutting
    // them off.
    ui.horizontal_wrapped(|ui| {
        let back = index > 0;
        let ahead = index < total;
        let button = |ui: &mut Ui, enabled: bool, text: &str, hover: &str| {
            ui.add_enabled(enabled, Button::new(text))
                .on_hover_text(hover)
                .clicked()
        };
        if button(ui, back, "|< Start", "Go to the start (Home)") {
            commands.push(PlayCommand::Timeline(TimelineCommand::Goto(0)));
        }
        if button(ui, back, "<< Move", "Back one move (Shift+Left)") {
            commands.push(PlayCommand::Timeline(TimelineCommand::MoveBack));
        }
        if button(ui, back, "< Back", "Step back one jump (Left or [)") {
            commands.push(PlayCommand::Timeline(TimelineCommand::StepBack));
        }
        let (play_text, play_hover) = if playback.playing {
            ("Pause", "Pause (Space)")
        } else {
            ("Autoplay", "Play the jumps one after another (Space)")
        };
        // At the end, Play plays the game again from the start. As wide as its wider
        // label, so the buttons after it stay put when it swaps.
        let play = crate::paint::steady::steady_button(ui, play_text, &["Autoplay", "Pause"]);
        if ui
            .add_enabled(total > 0, play)
            .on_hover_text(play_hover)
            .clicked()
        {
            commands.push(PlayCommand::Timeline(TimelineCommand::TogglePlay));
        }
        if button(ui, ahead, "Forward >", "Step forward one jump (Right or ])") {
            commands.push(PlayCommand::Timeline(TimelineCommand::StepForward));
        }
        if button(
            ui,
            ahead,
            "Move >>",
            "Forward one move: the peg's whole chain of jumps (Shift+Right)",
        ) {
            commands.push(PlayCommand::Timeline(TimelineCommand::MoveForward));
        }
        if button(ui, ahead, "End >|", "Go to the end (End)") {
            commands.push(PlayCommand::Timeline(TimelineCommand::Goto(total)));
        }
        let current = SPEEDS.iter().position(|&s| s == playback.speed);
        let mut chosen = current;
        egui::ComboBox::from_id_salt("speed")
            .selected_text(format!("{} jumps/s", playback.speed))
            .width(100.0)
            .show_ui(ui, |ui| {
                for (i, s) in SPEEDS.iter().enumerate() {
                    ui.selectable_value(&mut chosen, Some(i), format!("{s} jumps/s"));
                }
            })
            .response
            .on_hover_text("Playback speed");
        if let (Some(i), true) = (chosen, chosen != current) {
            commands.push(PlayCommand::Timeline(TimelineCommand::SetSpeed(i)));
        }
        ui.separator();
        if button(ui, game.can_undo(), "Undo", "Undo (U, Ctrl+Z)") {
            commands.push(PlayCommand::Undo);
        }
        if button(ui, index > 0, "Restart", "Restart (R), undoable") {
            commands.push(PlayCommand::Restart);
        }
    });
    if let Some(i) = scrubber_ui(ui, jumps, index) {
        commands.push(PlayCommand::Timeline(TimelineCommand::Goto(i)));
    }
    commands
}

/// Room kept right of the scrubber for its label, so the slider does not change length as
/// the numbers in the label grow.
const LABEL_WIDTH: f32 = 270.0;

/// The scrubber: a slider over the jumps with one tick per move under the rail (a longer one
/// every fifth move), the move in play highlighted on the rail, and the label. Returns the
/// index moved to.
fn scrubber_ui(ui: &mut Ui, jumps: &[Jump], index: usize) -> Option<usize> {
    let total = jumps.len();
    let mut value = index;
    ui.horizontal(|ui| {
        let width = ui.available_width().max(120.0);
        ui.spacing_mut().slider_width = (width - LABEL_WIDTH).max(60.0);
        let response = ui.add_enabled(
            total > 0,
            egui::Slider::new(&mut value, 0..=total.max(1))
                .integer()
                .step_by(1.0)
                .show_value(false),
        );
        let response = response.on_hover_text("Drag to scrub through the game");
        if total > 0 && ui.is_rect_visible(response.rect) {
            let rail = response.rect;
            let (left, right) = (
                rail.left() + 6.0,
                rail.left() + ui.spacing().slider_width - 6.0,
            );
            let x = |i: usize| left + (right - left) * i as f32 / total as f32;
            let y = rail.bottom() + 1.0;
            let painter = ui.painter();
            if let Some(span) = move_in_play(jumps, index) {
                // The move in play: a thick bar along the rail from its first jump to its
                // last, in the selection colour (the same chain the board draws).
                let colour = ui.visuals().selection.bg_fill;
                let (a, b) = (x(span.start), x(span.end));
                painter.line_segment(
                    [egui::pos2(a, y + 2.0), egui::pos2(b, y + 2.0)],
                    Stroke::new(4.0, colour),
                );
            }
            let stroke = Stroke::new(1.0, ui.visuals().weak_text_color());
            for (k, end) in move_ends(jumps).into_iter().enumerate() {
                let long = if (k + 1) % 5 == 0 { 6.0 } else { 4.0 };
                let x = x(end);
                painter.line_segment([egui::pos2(x, y), egui::pos2(x, y + long)], stroke);
            }
        }
        ui.label(RichText::new(position_text(jumps, index)).monospace());
    });
    // The ticks' row, kept with or without ticks, so the board does not move when the first
    // jump makes them appear.
    ui.add_space(6.0);
    (value != index && total > 0).then_some(value.min(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Vec<Jump> {
        // d2-d4, d4-f4 (one peg: one move), b4-d4, d6-d4 (two more moves).
        ["3,1-3,3", "3,3-5,3", "1,3-3,3", "3,5-3,3"]
            .iter()
            .map(|s| s.parse().expect("a jump"))
            .collect()
    }

    #[test]
    fn one_tick_per_move_at_the_jump_where_it_ends() {
        assert_eq!(move_ends(&game()), vec![2, 3, 4]);
        assert!(move_ends(&[]).is_empty());
    }

    #[test]
    fn the_move_in_play_is_the_next_jumps_chain() {
        let g = game();
        assert_eq!(move_in_play(&g, 0), Some(0..2));
        assert_eq!(move_in_play(&g, 1), Some(0..2));
        assert_eq!(move_in_play(&g, 2), Some(2..3));
        assert_eq!(move_in_play(&g, 3), Some(3..4));
        assert_eq!(move_in_play(&g, 4), None);
    }

    #[test]
    fn the_label_counts_jumps_and_the_moves_begun() {
        let g = game();
        assert_eq!(position_text(&g, 0), "Jump 0 of 4 · move 0 of 3");
        assert_eq!(position_text(&g, 1), "Jump 1 of 4 · move 1 of 3");
        assert_eq!(position_text(&g, 2), "Jump 2 of 4 · move 1 of 3");
        assert_eq!(position_text(&g, 3), "Jump 3 of 4 · move 2 of 3");
        assert_eq!(position_text(&g, 4), "Jump 4 of 4 · move 3 of 3");
    }
}
