//! The Experiments window's live charts: egui_plot versions of the three charts the command
//! line draws, from the same [`Chart`] data, so both show the same thing.
//!
//! Owns the drawing only: axes, tick labels, series colours and styles, and the legends,
//! which are drawn here above each plot rather than by egui_plot (whose legend sits on the
//! data and shows a dot for every line, hiding the dash that tells the exact engine from the
//! classic one), and the tick labels, which egui_plot fades or leaves out as they crowd: here
//! every labelled tick is drawn at full strength and every board is named. Wide windows show
//! the charts side by side; narrower ones one at a time, chosen with tabs, so that a chart's
//! board names have room.

use super::ExperimentsCommand;
use eframe::egui;
use egui::{Color32, RichText, Sense, Stroke, Ui};
use pegsol_experiment::{
    self as sweep, marker_for, series_colour, x_tick_label, y_tick_label, Chart, Marker, Series,
    SweepRow, XAxis,
};

/// Below this width the charts are shown one at a time.
const SIDE_BY_SIDE_WIDTH: f32 = 1050.0;

/// A series colour as egui wants it.
fn colour(i: usize) -> Color32 {
    let (r, g, b) = series_colour(i);
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
    let each = (width - 16.0) / charts.len() as f32;
    let (_, line_height) = measure(ui, &[]);
    let boards = sweep::layouts_in_order(rows).len();
    // Side by side only where the speed chart still has room to name every board.
    if width >= SIDE_BY_SIDE_WIDTH && each >= width_to_name(boards, line_height) {
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

/// The least height a plot is given, frame and axes included, when the window leaves less:
/// small enough that the charts fit under the table in an 800 by 600 window.
const MIN_PLOT_HEIGHT: f32 = 60.0;

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

/// The gap between two labelled ticks on the y axis, in points: a label's height and a
/// little air (the x axis's room for both its ticks and its title leaves the plot shorter,
/// and every whole number of pegs must still be labelled).
const Y_LABEL_GAP: f32 = 18.0;
/// The gap between a tick label and the plot's frame, in points.
const TICK_GAP: f32 = 5.0;

/// The tick labels' colour: the theme's text colour at full strength (egui_plot's own
/// labels fade as they crowd, which left the pegs-left axis unreadable in both themes).
pub fn tick_label_colour(visuals: &egui::Visuals) -> Color32 {
    visuals.text_color()
}

/// How a category axis's names are turned so that every one is written: level where each
/// fits its slot, at 45 degrees where a line of text fits the slot's diagonal, else upright
/// (reading upwards). `None`: not even upright names fit, the chart needs more width.
pub fn name_angle(widest: f32, line_height: f32, slot: f32) -> Option<f32> {
    if widest + 8.0 <= slot {
        Some(0.0)
    } else if line_height * std::f32::consts::SQRT_2 + 2.0 <= slot {
        Some(-std::f32::consts::FRAC_PI_4)
    } else if line_height + 2.0 <= slot {
        Some(-std::f32::consts::FRAC_PI_2)
    } else {
        None
    }
}

/// How far below the frame names turned by `angle` reach, in points.
fn names_depth(angle: f32, widest: f32, line_height: f32) -> f32 {
    widest * (-angle).sin() + line_height * angle.cos()
}

/// The widest of `names` in the body font, and the line height.
fn measure(ui: &Ui, names: &[String]) -> (f32, f32) {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let height = ui.fonts_mut(|f| f.row_height(&font));
    let widest = names
        .iter()
        .map(|n| {
            ui.painter()
                .layout_no_wrap(n.clone(), font.clone(), Color32::WHITE)
                .size()
                .x
        })
        .fold(0.0, f32::max);
    (widest, height)
}

/// The width the speed chart needs to name every one of `boards` boards upright, in points
/// (the y axis's labels included).
pub fn width_to_name(boards: usize, line_height: f32) -> f32 {
    boards as f32 * (line_height + 2.0) + 90.0
}

/// One chart in a box `width` by `height`: its legend above, then the plot in what is left.
/// The tick labels are drawn here, not by egui_plot: every labelled tick at full strength,
/// and on a category axis every name (turned when they do not fit side by side); each label
/// is a node of its own for screen readers ("pegs left: 3", "layout: level-4").
fn chart_ui(ui: &mut Ui, chart: &Chart, width: f32, height: f32) {
    let top = ui.cursor().top();
    legend_ui(ui, &chart.series);
    // The plot takes what the legend leaves and no more: a plot taller than its box made the
    // window's content taller than the window at 800x600, and egui then moved the whole
    // window up under the pointer when the first result came in.
    let plot_height = (height - (ui.cursor().top() - top)).max(MIN_PLOT_HEIGHT);
    let whole = chart.id != "speed";
    let names = match &chart.x_axis {
        XAxis::Categories(names) => names.clone(),
        _ => Vec::new(),
    };
    let (widest_name, line_height) = measure(ui, &names);
    // The y labels' column: as wide as the widest label that can come up.
    let y_width = {
        let most = chart
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1))
            .fold(1.0, f64::max);
        let (w, _) = measure(ui, &[y_tick_label(most), y_tick_label(most * 1.1)]);
        w + TICK_GAP + 4.0
    };
    let axis_title = line_height * 1.3;
    let slot = (width - y_width - axis_title) / names.len().max(1) as f32;
    let angle = name_angle(widest_name, line_height, slot).unwrap_or(-std::f32::consts::FRAC_PI_2);
    // Room for the names (or egui_plot's labels) and, under them, the axis's title.
    // egui_plot's tick labels and the axis title each take a line: with room for one the
    // "100k" tick was drawn over the title at 800x600.
    let x_thickness = if names.is_empty() {
        line_height + TICK_GAP + axis_title + 2.0
    } else {
        names_depth(angle, widest_name, line_height) + TICK_GAP + axis_title + 2.0
    };
    // Before the first result there is nothing to number: the frame and the titles only
    // (egui_plot's default range numbered an empty axis from -0.5 to 0.4).
    let empty = chart.series.iter().all(|s| s.points.is_empty());
    let axis = chart.x_axis.clone();
    let x_hints = egui_plot::AxisHints::new_x()
        .label(chart.x_label.as_str())
        .formatter(move |mark, _| match &axis {
            _ if empty => String::new(),
            XAxis::Categories(_) => String::new(),
            _ => x_tick_label(&axis, mark.value),
        })
        .label_spacing(40.0..=41.0)
        .tick_label_color(tick_label_colour(ui.visuals()))
        .min_thickness(x_thickness);
    let y_hints = egui_plot::AxisHints::new_y()
        .label(chart.y_label.as_str())
        .formatter(|_, _| String::new())
        // The tick labels (drawn below, against the frame) and, outside them, the title.
        .min_thickness(y_width + axis_title);
    let mut plot = egui_plot::Plot::new(chart.id)
        .width(width)
        .height(plot_height)
        .custom_x_axes(vec![x_hints])
        .custom_y_axes(vec![y_hints])
        .y_grid_spacer(Box::new(move |input: egui_plot::GridInput| {
            // egui_plot's base step is 8 points' worth of value.
            let per_unit = 8.0 / input.base_step_size;
            let step = sweep::label_step(per_unit, f64::from(Y_LABEL_GAP), whole);
            sweep::ticks(input.bounds.0, input.bounds.1, step)
                .into_iter()
                .map(|value| egui_plot::GridMark {
                    value,
                    step_size: step,
                })
                .collect()
        }))
        .include_y(0.0)
        .allow_scroll(false);
    if empty {
        plot = plot.include_x(0.0).include_x(1.0).include_y(1.0);
    }
    match &chart.x_axis {
        XAxis::Linear => {}
        XAxis::Log10Budget => {
            // Marks at whole powers of ten only.
            plot = plot.x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]));
        }
        XAxis::Categories(names) if names.is_empty() => {}
        XAxis::Categories(names) => {
            // A mark per board, all alike; the names are drawn below.
            plot = plot
                .x_grid_spacer(Box::new(|input: egui_plot::GridInput| {
                    sweep::ticks(input.bounds.0, input.bounds.1, 1.0)
                        .into_iter()
                        .map(|value| egui_plot::GridMark {
                            value,
                            step_size: 1.0,
                        })
                        .collect()
                }))
                .include_x(-0.5)
                .include_x(names.len() as f64 - 0.5);
        }
    }
    let shown = plot.show(ui, |plot_ui| {
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
                    .shape(plot_marker(marker_for(series.colour)))
                    .radius(3.5)
                    .filled(true),
            );
        }
    });
    let transform = shown.transform;
    let frame = *transform.frame();
    let text_colour = tick_label_colour(ui.visuals());
    let font = egui::TextStyle::Body.resolve(ui.style());
    // The y labels, right-aligned against the frame, one per grid line.
    let per_unit = f64::from(transform.dpos_dvalue_y().abs() as f32);
    let step = sweep::label_step(per_unit, f64::from(Y_LABEL_GAP), whole);
    let bounds = transform.bounds();
    if empty {
        let words = "No results yet";
        let weak = ui.visuals().weak_text_color();
        ui.painter().text(
            frame.center(),
            egui::Align2::CENTER_CENTER,
            words,
            font,
            weak,
        );
        return;
    }
    for value in sweep::ticks(bounds.min()[1], bounds.max()[1], step) {
        let y = transform
            .position_from_point(&egui_plot::PlotPoint::new(0.0, value))
            .y;
        let text = y_tick_label(value);
        let galley = ui
            .painter()
            .layout_no_wrap(text.clone(), font.clone(), text_colour);
        let rect = egui::Rect::from_min_size(
            egui::pos2(
                frame.left() - TICK_GAP - galley.size().x,
                y - galley.size().y / 2.0,
            ),
            galley.size(),
        );
        ui.painter().galley(rect.min, galley, text_colour);
        label_node(ui, chart, "y", &chart.y_label, &text, rect);
    }
    // The names, each ending at its mark.
    let (sin, cos) = angle.sin_cos();
    let along = egui::vec2(cos, sin);
    let across = egui::vec2(-sin, cos);
    for (i, name) in names.iter().enumerate() {
        let galley = ui
            .painter()
            .layout_no_wrap(name.clone(), font.clone(), text_colour);
        let size = galley.size();
        let x = transform
            .position_from_point(&egui_plot::PlotPoint::new(i as f64, 0.0))
            .x;
        let (pos, rect) = if angle == 0.0 {
            let pos = egui::pos2(x - size.x / 2.0, frame.bottom() + TICK_GAP);
            (pos, egui::Rect::from_min_size(pos, size))
        } else {
            let end = egui::pos2(x, frame.bottom() + TICK_GAP);
            let pos = end - along * size.x - across * size.y / 2.0;
            let corners = [
                pos,
                pos + along * size.x,
                pos + across * size.y,
                end + across * size.y / 2.0,
            ];
            (pos, egui::Rect::from_points(&corners))
        };
        ui.painter()
            .add(egui::epaint::TextShape::new(pos, galley, text_colour).with_angle(angle));
        label_node(ui, chart, "x", &chart.x_label, name, rect);
    }
}

/// A tick label's node for screen readers (and tests): "pegs left: 3".
fn label_node(ui: &Ui, chart: &Chart, axis: &str, title: &str, text: &str, rect: egui::Rect) {
    let id = ui.scope_id().with((chart.id, axis, text));
    let response = ui.interact(rect, id, Sense::hover());
    let label = format!("{title}: {text}");
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, label.as_str()));
}

/// egui_plot's shape for a marker.
fn plot_marker(marker: Marker) -> egui_plot::MarkerShape {
    match marker {
        Marker::Circle => egui_plot::MarkerShape::Circle,
        Marker::Square => egui_plot::MarkerShape::Square,
        Marker::Triangle => egui_plot::MarkerShape::Up,
        Marker::Diamond => egui_plot::MarkerShape::Diamond,
        Marker::Plus => egui_plot::MarkerShape::Plus,
    }
}

/// A marker painted at `centre` (the legends' samples).
fn paint_marker(painter: &egui::Painter, marker: Marker, centre: egui::Pos2, colour: Color32) {
    let r = 4.0;
    let p = |x: f32, y: f32| centre + egui::vec2(x, y);
    match marker {
        Marker::Circle => {
            painter.circle_filled(centre, r - 0.5, colour);
        }
        Marker::Square => {
            painter.rect_filled(
                egui::Rect::from_center_size(centre, egui::vec2(2.0 * r - 1.0, 2.0 * r - 1.0)),
                0.0,
                colour,
            );
        }
        Marker::Triangle => {
            painter.add(egui::Shape::convex_polygon(
                vec![p(0.0, -r), p(r, r * 0.8), p(-r, r * 0.8)],
                colour,
                Stroke::NONE,
            ));
        }
        Marker::Diamond => {
            painter.add(egui::Shape::convex_polygon(
                vec![p(0.0, -r), p(r, 0.0), p(0.0, r), p(-r, 0.0)],
                colour,
                Stroke::NONE,
            ));
        }
        Marker::Plus => {
            let stroke = Stroke::new(2.0, colour);
            painter.line_segment([p(-r, 0.0), p(r, 0.0)], stroke);
            painter.line_segment([p(0.0, -r), p(0.0, r)], stroke);
        }
    }
}

/// The legend: for each line a sample of it (its colour, solid or dashed, with its point
/// marker) and its name, wrapped to the chart's width. Each entry is one allocation (a child
/// `horizontal` would take the whole row and never wrap), labelled for screen readers.
fn legend_ui(ui: &mut Ui, series: &[Series]) {
    const SAMPLE: f32 = 30.0;
    // One row is kept for the legend before the first result too, so the plot under it does
    // not shrink (and its tabs and the window do not move) when the first line comes in.
    let (_, line_height) = measure(ui, &[]);
    let row = line_height.max(14.0) + ui.spacing().item_spacing.y;
    let top = ui.cursor().top();
    if series.is_empty() {
        ui.add_space(row);
        return;
    }
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
            paint_marker(
                painter,
                marker_for(s.colour),
                egui::pos2(left + SAMPLE / 2.0, y),
                colour(s.colour),
            );
            let text_top = rect.center().y - galley.size().y / 2.0;
            painter.galley(egui::pos2(right + 4.0, text_top), galley, text_colour);
            ui.add_space(8.0);
        }
    });
    let used = ui.cursor().top() - top;
    if used < row {
        ui.add_space(row - used);
    }
}
