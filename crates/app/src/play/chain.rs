//! The move being replayed, drawn on the board: the next move's chain of jumps (one peg's
//! jumps in a row) as one path from the peg through each hole it lands in, with an arrow per
//! jump, so a person sees the whole move before stepping through it.
//!
//! Owns only this drawing; the play view picks the chain ([`super::PlayView::next_chain`]).

use crate::paint::geometry::BoardGeometry;
use eframe::egui::{Color32, Painter, Stroke};
use pegsol_rules::Jump;

/// Draws `chain` (jumps by one peg, each starting where the last landed): a ring round the
/// peg that moves, an arrow for each jump from hole to hole over the peg it takes, and a dot
/// on each hole the peg passes through.
pub fn paint_chain(painter: &Painter, geometry: &BoardGeometry, chain: &[Jump], colour: Color32) {
    let Some(first) = chain.first() else {
        return;
    };
    let s = geometry.cell_size();
    let stroke = Stroke::new(s * 0.06, colour);
    // The peg's rim, where the first arrow leaves; the later arrows leave a landing dot.
    let (r_peg, r_dot) = (s * 0.36, s * 0.09);
    let start = geometry.center(first.from);
    painter.circle_stroke(start, r_peg + s * 0.05, stroke);
    for (i, jump) in chain.iter().enumerate() {
        let (from, to) = (geometry.center(jump.from), geometry.center(jump.to));
        let dir = (to - from).normalized();
        let leave = if i == 0 {
            r_peg + s * 0.05
        } else {
            r_dot * 1.5
        };
        // Stop short of the landing hole so the head sits on its rim, not on the next arrow.
        let arrive = s * 0.3;
        painter.arrow(
            from + dir * leave,
            (to - from) - dir * (leave + arrive),
            stroke,
        );
        if i + 1 < chain.len() {
            painter.circle_filled(to, r_dot, colour);
        }
    }
}
