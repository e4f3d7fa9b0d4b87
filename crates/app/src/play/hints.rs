//! The advisor's help: the hint (H) and what it says, every legal jump's verdict drawn on the
//! board (View > Show winning jumps) and, once a person asks why a position is lost, the
//! pagoda weights that prove it.
//!
//! Owns what the board draws over the holes for the advisor ([`Overlay`],
//! [`paint_overlay`]) and the play view's reads of the advisor. When a hint is due, and what
//! it marks, are the play session's ([`pegsol_record::session::hints`], the terminal game's
//! too); H shows its [`Advice`] in the words both front ends use. The deciding is
//! [`pegsol_solver::services::hint`]'s.

use super::PlayView;
use crate::command::ShellCommand;
use crate::paint::geometry::BoardGeometry;
use crate::paint::palette::{LOSES, WINS};
use eframe::egui::{self, Color32, Painter, Stroke};
use pegsol_rules::{Jump, Pagoda};
use pegsol_solver::services::advice::Advice;
use pegsol_solver::services::hint::{Answer, Reason};

/// A jump not decided: grey.
const UNDECIDED: Color32 = Color32::from_rgb(0x99, 0x99, 0x99);
/// The pagoda weights: Okabe–Ito blue.
const WEIGHT: Color32 = Color32::from_rgb(0x00, 0x72, 0xB2);

/// What the advisor adds to the board this frame.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overlay<'a> {
    /// Each legal jump and its verdict (`None`: unknown), when View > Show winning jumps is
    /// on and they are known.
    pub jumps: Option<&'a [(Jump, Option<bool>)]>,
    /// The pagoda function proving the position lost, once the person asked why.
    pub weights: Option<&'a Pagoda>,
}

impl PlayView {
    /// Whether the position is being thought through ("Think it through").
    pub fn thinking_it_through(&self) -> bool {
        self.deep.busy()
    }

    /// Each legal jump of the position on the board and whether the goal stays reachable
    /// after it, once the advisor has judged them (only while they are shown).
    pub fn jump_verdicts(&self) -> Option<&[(Jump, Option<bool>)]> {
        let game = self.session.game();
        let (position, goal) = (game.record.position(), game.puzzle.goal);
        // Thought through, every jump is decided.
        if let Some(jumps) = self.deep.jumps(position, goal) {
            return Some(jumps);
        }
        self.session.advisor().jumps(position, goal)
    }

    /// The pagoda function proving the position on the board lost, if that is the advisor's
    /// reason.
    pub fn lost_weights(&self) -> Option<&Pagoda> {
        let game = self.session.game();
        match self
            .session
            .advisor()
            .answer(game.record.position(), game.puzzle.goal)?
        {
            Answer::Lost(Reason::Pagoda { pagoda, .. }) => Some(pagoda),
            // One proof per finish: the first one's weights (the others are alike in kind).
            Answer::Lost(Reason::PagodaPerFinish { proofs }) => proofs.first().map(|(_, p)| p),
            _ => None,
        }
    }

    /// Why the position on the board is lost, in words, if the advisor knows.
    pub fn lost_reason(&self) -> Option<String> {
        let game = self.session.game();
        let goal = game.puzzle.goal;
        match self
            .session
            .advisor()
            .answer(game.record.position(), goal)?
        {
            Answer::Lost(reason) => Some(reason.describe(goal)),
            _ => None,
        }
    }

    /// What the advisor says about the position on the board, if it was asked (its count of
    /// positions never going back: the session's).
    pub fn advice(&self) -> Option<Advice> {
        self.session.advice()
    }

    /// Stops thinking on the position on the board: its answer stays undecided, with the
    /// closest line found so far as a guess.
    pub(super) fn stop_thinking(&mut self) -> Vec<ShellCommand> {
        match self.session.stop_thinking() {
            None => Vec::new(),
            Some(Some(advice)) => self.tell_hint(advice),
            Some(None) => vec![ShellCommand::Tell(
                "Stopped thinking: the position stays undecided".into(),
            )],
        }
    }

    /// Shows the advisor's next jump for the position on the board, or says why there is none
    /// (on an undecided position, a guess that says it is one). While the advisor is still
    /// working, says so, shows the guess it has, and the session says the hint again once
    /// decided.
    pub(super) fn show_hint(&mut self) -> Vec<ShellCommand> {
        let advice = self.session.ask_hint();
        self.tell_hint(advice)
    }

    /// Says `advice` as a hint (the session marked its jump).
    pub(super) fn tell_hint(&mut self, advice: Advice) -> Vec<ShellCommand> {
        // Every answer is information (a lost position is news about the game, not a
        // problem with the app); only an advisor that failed is a problem.
        let text = advice.hint_text(self.session.game().puzzle.goal);
        vec![if matches!(advice, Advice::Failed { .. }) {
            ShellCommand::Warn(text)
        } else {
            ShellCommand::Tell(text)
        }]
    }

    /// What the board draws for the advisor: the jumps when `show_jumps`, the weights once
    /// asked why.
    pub fn overlay(&self, show_jumps: bool) -> Overlay<'_> {
        Overlay {
            jumps: self.jump_verdicts().filter(|_| show_jumps),
            weights: self.session.why().and_then(|_| self.lost_weights()),
        }
    }
}

/// A line for people under the board's name: how many jumps keep the goal reachable.
pub fn summary(jumps: &[(Jump, Option<bool>)]) -> String {
    let wins = jumps.iter().filter(|(_, v)| *v == Some(true)).count();
    let open = jumps.iter().filter(|(_, v)| v.is_none()).count();
    if jumps.is_empty() {
        // After a win, or when stuck: "0 of 0 keep the goal reachable" said nothing.
        return "No jumps left to play".into();
    }
    let mut text = format!(
        "Winning jumps: {wins} of {} keep the goal reachable",
        jumps.len()
    );
    if open > 0 {
        text.push_str(&format!(" ({open} undecided)"));
    }
    text
}

/// Paints the overlay over the board: an arrow per jump (green and solid when it keeps the
/// goal reachable, orange with a cross when it loses, grey when undecided) and the pagoda
/// weights as numbers on the holes.
pub fn paint_overlay(painter: &Painter, geometry: &BoardGeometry, overlay: &Overlay<'_>) {
    let s = geometry.cell_size();
    if let Some(jumps) = overlay.jumps {
        for &(jump, verdict) in jumps {
            let colour = match verdict {
                Some(true) => WINS,
                Some(false) => LOSES,
                None => UNDECIDED,
            };
            let (from, to) = (geometry.center(jump.from), geometry.center(jump.to));
            let dir = (to - from).normalized();
            // Offset sideways a little, so two jumps along one line in opposite directions
            // do not hide each other.
            let side = egui::vec2(-dir.y, dir.x) * s * 0.12;
            let start = from + dir * s * 0.25 + side;
            let length = (to - from) - dir * s * 0.55;
            let width = if verdict == Some(true) { 0.06 } else { 0.035 };
            painter.arrow(start, length, Stroke::new(s * width, colour));
            if verdict == Some(false) {
                // A cross at the arrow's head: a shape cue, not only a colour.
                let tip = start + length;
                let d = s * 0.08;
                let stroke = Stroke::new(s * 0.035, colour);
                painter.line_segment([tip + egui::vec2(-d, -d), tip + egui::vec2(d, d)], stroke);
                painter.line_segment([tip + egui::vec2(-d, d), tip + egui::vec2(d, -d)], stroke);
            }
        }
    }
    if let Some(pagoda) = overlay.weights {
        let font = egui::FontId::proportional((s * 0.28).max(9.0));
        for (cell, weight) in pagoda.weights() {
            let c = geometry.center(cell) + egui::vec2(s * 0.3, -s * 0.3);
            painter.circle_filled(c, s * 0.17, Color32::from_white_alpha(220));
            painter.text(
                c,
                egui::Align2::CENTER_CENTER,
                weight.to_string(),
                font.clone(),
                WEIGHT,
            );
        }
    }
}
