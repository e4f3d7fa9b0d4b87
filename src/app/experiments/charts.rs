//! The Experiments window's live charts: egui_plot versions of the three charts the command
//! line draws, from the same [`Chart`] data, so both show the same thing.
//!
//! Owns the drawing only: axes, tick labels, series colours and styles, and the legends,
//! which are drawn here above each plot rather than by egui_plot (whose legend sits on the
//! data and shows a dot for every line, hiding the dash that tells the exact engine from the
//! classic one). Wide windows show the three charts side by side; narrower ones one at a time,
//! chosen with tabs, so that a chart's board names have room.

use super::ExperimentsCommand;
use crate::experiment::{
    self as sweep, x_tick_label, y_tick_label, Chart, Series, SweepRow, XAxis, SERIES_COLOURS,
};
use eframe::egui;
use egui::{Color32, RichText, Sense, Stroke, Ui};

/// Below this width the charts are shown one at a time.
const SIDE_BY_SIDE_WIDTH: f32 = 1050.0;

/// A series colour as egui wants it.
fn colour(i: usize) -> Color32 {
    let (r, g, b) = SERIES_COLOURS[i % SERIES_COLOURS.len()];
    Color32::from_rgb(r, g, b)
}

/// The charts from the rows so far, in a box `height` points tall: side by side when the
/// window is wide, else the one numbered `shown` with tabs to choose another.
pub fn charts_ui(
    ui: &mut Ui,
    rows: &[SweepRow],
    shown: usize,
    height: f32,
    actions: &mut Vec<ExperimentsCommand>,
) {
    let charts = sweep::charts(rows);
    let width = ui.available_width();
    if width >= SIDE_BY_SIDE_WIDTH {
        let each = (width - 16.0) / charts.len() as f32;
        ui.horizontal_top(|ui| {
            for chart in &charts {
                ui.vertical(|ui| {
                    ui.set_width(each);
                    let top = ui.cursor().top();
                    ui.label(RichText::new(&chart.title).strong());
                    let left = height - (ui.cursor().top() - top);
                    chart_ui(ui, chart, each, left);
                });
            }
        });
        return;
    }
    let top = ui.cursor().top();
    ui.horizontal(|ui| {
        for (i, chart) in charts.iter().enumerate() {
            if ui
                .selectable_label(i == shown, tab_label(chart))
                .on_hover_text(&chart.title)
                .clicked()
            {
                actions.push(ExperimentsCommand::ShowChart(i));
            }
        }
    });
    if let Some(chart) = charts.get(shown).or(charts.first()) {
        let left = height - (ui.cursor().top() - top);
        chart_ui(ui, chart, width, left);
    }
}

/// A chart's tab where they are shown one at a time: short, so that four tabs fit an
/// 800-point window (the full title is the tab's hover text).
fn tab_label(chart: &Chart) -> &str {
    match chart.id {
        "pegs-vs-start" => "Pegs left by pegs at the start",
        "budget-vs-pegs" => "Pegs left by budget",
        "budget-vs-moves" => "Fewest moves by budget",
        "speed" => "Expansions per second",
        _ => &chart.title,
    }
}

/// One chart in a box `width` by `height`: its legend above, then the plot in what is left.
fn chart_ui(ui: &mut Ui, chart: &Chart, width: f32, height: f32) {
    let top = ui.cursor().top();
    legend_ui(ui, &chart.series);
    let plot_height = (height - (ui.cursor().top() - top)).max(120.0);
    let axis = chart.x_axis.clone();
    let mut plot = egui_plot::Plot::new(chart.id)
        .width(width)
        .height(plot_height)
        .x_axis_label(chart.x_label.as_str())
        .y_axis_label(chart.y_label.as_str())
        .x_axis_formatter(move |mark, _| x_tick_label(&axis, mark.value))
        .y_axis_formatter(|mark, _| y_tick_label(mark.value))
        .include_y(0.0)
        .allow_scroll(false);
    if chart.id == "budget-vs-moves" {
        // Moves are a few tens at most: marks at 1, 2 and 10 (egui_plot's default steps by
        // ten, which on a short plot leaves only 0 labelled).
        plot = plot.y_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 2.0, 10.0]));
    }
    match &chart.x_axis {
        XAxis::Linear => {}
        XAxis::Log10Budget => {
            // Marks at whole powers of ten only.
            plot = plot.x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]));
        }
        XAxis::Categories(names) => {
            // A mark per board; every second or fourth board's name where all do not fit
            // (egui_plot leaves out labels wider than their spacing).
            plot = plot
                .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 2.0, 4.0]))
                .include_x(-0.5)
                .include_x(names.len() as f64 - 0.5);
        }
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

/// The legend: for each line a sample of it (its colour, solid or dashed, with its point
/// marker) and its name, wrapped to the chart's width. Each entry is one allocation (a child
/// `horizontal` would take the whole row and never wrap), labelled for screen readers.
fn legend_ui(ui: &mut Ui, series: &[Series]) {
    if series.is_empty() {
        return;
    }
    const SAMPLE: f32 = 30.0;
    ui.horizontal_wrapped(|ui| {
        for s in series {
            let font = egui::TextStyle::Body.resolve(ui.style());
            let text_colour = ui.visuals().text_color();
            let galley = ui
                .painter()
                .layout_no_wrap(s.name.clone(), font, text_colour);
            let size = egui::vec2(SAMPLE + 4.0 + galley.size().x, galley.size().y.max(14.0));
            let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Label, true, s.name.as_str())
            });
            let painter = ui.painter();
            let stroke = Stroke::new(2.0, colour(s.colour));
            let y = rect.center().y;
            let (left, right) = (rect.left(), rect.left() + SAMPLE);
            if s.dashed {
                let mut x = left;
                while x < right {
                    let end = (x + 6.0).min(right);
                    painter.line_segment([egui::pos2(x, y), egui::pos2(end, y)], stroke);
                    x += 10.0;
                }
            } else {
                painter.line_segment([egui::pos2(left, y), egui::pos2(right, y)], stroke);
            }
            painter.circle_filled(egui::pos2(left + SAMPLE / 2.0, y), 3.0, colour(s.colour));
            let text_top = rect.center().y - galley.size().y / 2.0;
            painter.galley(egui::pos2(right + 4.0, text_top), galley, text_colour);
            ui.add_space(8.0);
        }
    });
}
