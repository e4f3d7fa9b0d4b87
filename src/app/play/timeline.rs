//! The replay timeline under the board: a scrubber with one tick per jump, step and
//! play/pause controls, the playback speed, undo and restart.
//!
//! Owns the timeline's look, its playback clock ([`Playback`]), putting the solver's line on
//! it, and telling a win along that line from the player's own. It reads the game record's
//! flat view (`jumps`, `index`) and returns [`PlayCommand`]s; moving along the timeline is the
//! record's own undo and redo, so scrubbing, stepping and undo never disagree.

use super::{PlayCommand, PlayView};
use crate::app::game::Game;
use crate::app::shell::ShellCommand;
use eframe::egui;
use egui::{Button, RichText, Stroke, Ui};

/// Playback speeds offered, in jumps per second.
pub const SPEEDS: [f32; 5] = [0.5, 1.0, 2.0, 4.0, 8.0];

/// The playback clock: playing or not, how fast, and when the next jump is due.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playback {
    /// Whether the timeline is playing.
    pub playing: bool,
    /// Jumps per second.
    pub speed: f32,
    /// When the next jump is due (egui's clock, seconds).
    next_at: f64,
}

impl Default for Playback {
    fn default() -> Playback {
        Playback {
            playing: false,
            speed: 2.0,
            next_at: 0.0,
        }
    }
}

impl Playback {
    /// Starts playing at `now` (the first jump comes at once).
    pub fn play(&mut self, now: f64) {
        self.playing = true;
        self.next_at = now;
    }

    /// Stops playing.
    pub fn pause(&mut self) {
        self.playing = false;
    }

    /// Whether a jump is due at `now`; if so, schedules the next one.
    pub fn due(&mut self, now: f64) -> bool {
        if !self.playing || now < self.next_at {
            return false;
        }
        self.next_at = now + 1.0 / f64::from(self.speed.max(0.1));
        true
    }

    /// Seconds until the next jump, while playing.
    pub fn wait(&self, now: f64) -> Option<f64> {
        self.playing.then(|| (self.next_at - now).max(0.0))
    }
}

impl PlayView {
    /// Whether the game on the board was won by the player rather than by replaying the
    /// solver's line to its end.
    pub fn won_by_player(&self) -> bool {
        let record = &self.game.record;
        if !record.position().is_won(self.game.puzzle.goal) {
            return false;
        }
        let Some((from, line)) = &self.solver_line else {
            return true;
        };
        let played = record.played();
        played.len() < from + line.len() || played.get(*from..*from + line.len()) != Some(line)
    }

    /// Puts the last solution on the timeline after the position it starts from: here if it
    /// was solved from here, else from the start (going back there first).
    pub(super) fn load_solution(&mut self) -> Vec<ShellCommand> {
        let tell = |text: String| vec![ShellCommand::Tell(text)];
        let Some(report) = self.solve.report() else {
            return tell("No solution yet: solve first".into());
        };
        let (start, jumps) = (report.start.clone(), report.outcome.jumps.clone());
        let record = &mut self.game.record;
        if record.position() != &start {
            if record.start() != &start {
                return tell(
                    "This solution starts from another position: go back to it or solve again"
                        .into(),
                );
            }
            // Back along the timeline; a restart in the history needs a restart to cross.
            record.goto(0);
            if record.index() > 0 {
                record.restart();
            }
        }
        match record.load_line(&jumps) {
            Ok(()) => {
                self.playback.pause();
                self.board.position_changed();
                self.replay_keys = true;
                tell(format!(
                    "Solution loaded ({} jumps): press Space or Autoplay to play it, Left/Right to step",
                    jumps.len()
                ))
            }
            Err((i, e)) => tell(format!(
                "Jump {} of the solution does not apply here: {e}",
                i + 1
            )),
        }
    }
}

/// Shows the timeline and returns what the person asked for.
pub fn timeline_ui(ui: &mut Ui, game: &Game, playback: &Playback) -> Vec<PlayCommand> {
    let mut commands = Vec::new();
    let record = &game.record;
    let total = record.jumps().len();
    let index = record.index();
    ui.horizontal(|ui| {
        let back = index > 0;
        let ahead = index < total;
        let button = |ui: &mut Ui, enabled: bool, text: &str, hover: &str| {
            ui.add_enabled(enabled, Button::new(text))
                .on_hover_text(hover)
                .clicked()
        };
        if button(ui, back, "|< Start", "Go to the start (Home)") {
            commands.push(PlayCommand::Goto(0));
        }
        if button(ui, back, "< Back", "Step back (Left or [)") {
            commands.push(PlayCommand::StepBack);
        }
        let (play_text, play_hover) = if playback.playing {
            ("Pause", "Pause (Space)")
        } else {
            ("Autoplay", "Play the jumps one after another (Space)")
        };
        // At the end, Play plays the game again from the start.
        if button(ui, total > 0, play_text, play_hover) {
            commands.push(PlayCommand::TogglePlay);
        }
        if button(ui, ahead, "Forward >", "Step forward (Right or ])") {
            commands.push(PlayCommand::StepForward);
        }
        if button(ui, ahead, "End >|", "Go to the end (End)") {
            commands.push(PlayCommand::Goto(total));
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
            commands.push(PlayCommand::SetSpeed(i));
        }
        ui.separator();
        if button(ui, record.can_undo(), "Undo", "Undo (U, Ctrl+Z)") {
            commands.push(PlayCommand::Undo);
        }
        if button(ui, index > 0, "Restart", "Restart (R), undoable") {
            commands.push(PlayCommand::Restart);
        }
        ui.separator();
        ui.label(RichText::new(format!("Jump {index} of {total}")).monospace());
    });
    if let Some(i) = scrubber_ui(ui, index, total) {
        commands.push(PlayCommand::Goto(i));
    }
    commands
}

/// The scrubber: a slider over the jumps with one tick per jump. Returns the index moved to.
fn scrubber_ui(ui: &mut Ui, index: usize, total: usize) -> Option<usize> {
    let mut value = index;
    let width = ui.available_width().max(120.0);
    ui.spacing_mut().slider_width = (width - 80.0).max(60.0);
    let response = ui.add_enabled(
        total > 0,
        egui::Slider::new(&mut value, 0..=total.max(1))
            .integer()
            .step_by(1.0)
            .text("jump"),
    );
    let response = response.on_hover_text("Drag to scrub through the game");
    // One tick per jump under the rail, a longer one every ten.
    if total > 0 && ui.is_rect_visible(response.rect) {
        let rail = response.rect;
        let (left, right) = (
            rail.left() + 6.0,
            rail.left() + ui.spacing().slider_width - 6.0,
        );
        let y = rail.bottom() + 1.0;
        let stroke = Stroke::new(1.0, ui.visuals().weak_text_color());
        let painter = ui.painter();
        for i in 0..=total {
            let x = left + (right - left) * i as f32 / total as f32;
            let long = if i % 10 == 0 { 5.0 } else { 3.0 };
            painter.line_segment([egui::pos2(x, y), egui::pos2(x, y + long)], stroke);
        }
    }
    // The ticks' row, kept with or without ticks, so the board does not move when the first
    // jump makes them appear.
    ui.add_space(6.0);
    (value != index && total > 0).then_some(value.min(total))
}
