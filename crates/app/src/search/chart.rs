//! The Search view's chart: the stack's size (the exact search's depth, the beam's positions
//! kept) and the best pegs so far over the expansions (the beam's levels).
//!
//! Owns the history the chart draws, kept small however long the search runs: a point every
//! `every` expansions, and when the points pass [`MOST_POINTS`] every other one is dropped and
//! `every` doubles, so a million expansions still draw from at most that many points.

use eframe::egui;

/// Points kept at most.
const MOST_POINTS: usize = 2048;

/// The chart's points: (expansion, stack size, best pegs).
#[derive(Clone, Debug)]
pub struct History {
    every: u64,
    points: Vec<[f64; 3]>,
    last: Option<[f64; 3]>,
}

impl Default for History {
    fn default() -> History {
        History {
            every: 1,
            points: Vec::new(),
            last: None,
        }
    }
}

impl History {
    /// Takes in the counters after an expansion.
    pub fn record(&mut self, expanded: u64, stack: u64, best: u32) {
        let point = [expanded as f64, stack as f64, f64::from(best)];
        self.last = Some(point);
        if !expanded.is_multiple_of(self.every) {
            return;
        }
        self.points.push(point);
        if self.points.len() > MOST_POINTS {
            let kept: Vec<[f64; 3]> = self.points.iter().copied().step_by(2).collect();
            self.points = kept;
            self.every *= 2;
        }
    }

    /// The points to draw for series `k` (1: stack, 2: best pegs), the latest included.
    fn series(&self, k: usize) -> Vec<[f64; 2]> {
        let mut out: Vec<[f64; 2]> = self.points.iter().map(|p| [p[0], p[k]]).collect();
        if let Some(p) = self.last {
            if out.last().is_none_or(|q| q[0] < p[0]) {
                out.push([p[0], p[k]]);
            }
        }
        out
    }
}

/// What the chart's first series and its steps are called (the second is always the best
/// pegs so far): the classic's stack size over expansions, the exact search's depth over
/// expansions, the beam's positions kept over levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Series {
    first: &'static str,
    steps: &'static str,
}

impl Series {
    /// The first series called `first`, over `steps`.
    pub fn new(first: &'static str, steps: &'static str) -> Series {
        Series { first, steps }
    }
}

/// The chart, `height` points high: the first series and best pegs against the steps.
pub fn chart_ui(ui: &mut egui::Ui, history: &History, series: Series, height: f32) {
    let stack_colour = egui::Color32::from_rgb(0, 114, 178);
    let best_colour = egui::Color32::from_rgb(213, 94, 0);
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(series.first)
                .color(stack_colour)
                .strong(),
        );
        ui.label("and");
        ui.label(
            egui::RichText::new("best pegs so far")
                .color(best_colour)
                .strong(),
        );
        ui.label(format!("over the {}", series.steps));
    });
    egui_plot::Plot::new("search-chart")
        .height(height)
        .x_axis_label(series.steps)
        .y_axis_label("count")
        // Before the first expansion the axes still run from 0 to something.
        .include_y(0.0)
        .include_y(1.0)
        .include_x(0.0)
        .include_x(1.0)
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .show(ui, |plot| {
            plot.line(
                egui_plot::Line::new(series.first, history.series(1))
                    .color(stack_colour)
                    .width(1.5),
            );
            plot.line(
                egui_plot::Line::new("best pegs", history.series(2))
                    .color(best_colour)
                    .width(2.0),
            );
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_history_keeps_few_points_and_the_latest() {
        let mut h = History::default();
        for n in 1..=1_000_000u64 {
            h.record(n, n % 97, 40 - (n.ilog2()).min(39));
        }
        assert!(h.points.len() <= MOST_POINTS);
        let stack = h.series(1);
        assert_eq!(stack.last().map(|p| p[0]), Some(1_000_000.0));
        assert!(stack.windows(2).all(|w| w[0][0] < w[1][0]));
    }
}
