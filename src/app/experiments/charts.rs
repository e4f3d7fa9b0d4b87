//! The Experiments window's live charts: egui_plot versions of the three charts the command
//! line draws, from the same [`Chart`] data, so both show the same thing.
//!
//! Owns the drawing only: axes, tick labels, legend placement, series colours and styles.

use crate::experiment::{
    self as sweep, x_tick_label, y_tick_label, Chart, SweepRow, XAxis, SERIES_COLOURS,
};
use eframe::egui;
use egui::{Color32, RichText, Ui};

/// A series colour as egui wants it.
fn colour(i: usize) -> Color32 {
    let (r, g, b) = SERIES_COLOURS[i % SERIES_COLOURS.len()];
    Color32::from_rgb(r, g, b)
}

/// The three charts side by side, drawn from the rows so far.
pub fn charts_ui(ui: &mut Ui, rows: &[SweepRow]) {
    let charts = sweep::charts(rows);
    let width = ((ui.available_width() - 16.0) / charts.len() as f32).max(200.0);
    ui.horizontal_top(|ui| {
        for chart in &charts {
            ui.vertical(|ui| {
                ui.set_width(width);
                ui.label(RichText::new(&chart.title).strong());
                chart_ui(ui, chart, width);
            });
        }
    });
}

/// One chart with egui_plot: log budget axis labelled with budgets, layouts by name.
fn chart_ui(ui: &mut Ui, chart: &Chart, width: f32) {
    let axis = chart.x_axis.clone();
    // Where the lines leave room: pegs left fall as the budget grows (top right is free);
    // the other charts rise to the right (top left is free).
    let legend_corner = match chart.x_axis {
        XAxis::Log10Budget => egui_plot::Corner::RightTop,
        _ => egui_plot::Corner::LeftTop,
    };
    let mut plot = egui_plot::Plot::new(chart.id)
        .width(width)
        .height(210.0)
        .legend(egui_plot::Legend::default().position(legend_corner))
        .x_axis_label(chart.x_label.as_str())
        .y_axis_label(chart.y_label.as_str())
        // Levels are named by number: nine names must fit under a third of the window.
        .x_axis_formatter(move |mark, _| {
            let label = x_tick_label(&axis, mark.value);
            label
                .strip_prefix("level-")
                .map(str::to_string)
                .unwrap_or(label)
        })
        .y_axis_formatter(|mark, _| y_tick_label(mark.value))
        .include_y(0.0)
        .allow_scroll(false);
    if !matches!(chart.x_axis, XAxis::Linear) {
        // Marks at whole numbers only: a category each, a power of ten each.
        plot = plot.x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]));
    }
    if let XAxis::Categories(names) = &chart.x_axis {
        plot = plot.include_x(-0.5).include_x(names.len() as f64 - 0.5);
    }
    plot.show(ui, |plot_ui| {
        for series in &chart.series {
            let points: Vec<[f64; 2]> = series.points.iter().map(|&(x, y)| [x, y]).collect();
            let style = if series.dashed {
                egui_plot::LineStyle::dashed_loose()
            } else {
                egui_plot::LineStyle::Solid
            };
            plot_ui.line(
                egui_plot::Line::new(series.name.as_str(), points.clone())
                    .color(colour(series.colour))
                    .style(style)
                    .width(2.0),
            );
            plot_ui.points(
                egui_plot::Points::new(series.name.as_str(), points)
                    .color(colour(series.colour))
                    .radius(3.0)
                    .filled(true),
            );
        }
    });
}
