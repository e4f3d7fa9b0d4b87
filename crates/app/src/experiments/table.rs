//! The Experiments window's results table: a header that stays put while the rows scroll
//! under it, columns as wide as their widest cell, counts with thousands separators.
//!
//! Owns the table's drawing only (egui's `Grid` scrolls its header away with the rows, so the
//! header and the rows are laid out here on shared column widths). Sorting is asked for by
//! returning [`ExperimentsCommand::Sort`].

use super::ExperimentsCommand;
use eframe::egui;
use egui::{Align, Layout, RichText, Sense, TextStyle, Ui};
use pegsol_experiment::{SweepColumn, SweepRow};

/// Space between columns, in points.
const GAP: f32 = 8.0;

/// Space before a text column's (left-aligned) cells, so they do not run into the
/// right-aligned number before them ("3 classic", "16 yes").
fn lead(column: SweepColumn) -> f32 {
    if column.numeric() {
        0.0
    } else {
        GAP * 1.5
    }
}

/// The table in a box `height` points tall (header included): the header stays put, the rows
/// scroll vertically under it, and both scroll sideways together when the window is narrower
/// than the table. `rows` are in the order to show.
pub fn table_ui(
    ui: &mut Ui,
    rows: &[SweepRow],
    sort: Option<(SweepColumn, bool)>,
    height: f32,
    actions: &mut Vec<ExperimentsCommand>,
) {
    // The moves columns only once a moves run is in the table.
    let columns = SweepColumn::shown(rows);
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| columns.iter().map(|c| c.display(r)).collect())
        .collect();
    let mut widths = column_widths(ui, &columns, &cells);
    // Room to spare goes to the columns (up to 72 points each), so the table spans the window
    // rather than leaving a margin at its right.
    let spare = ui.available_width() - 16.0 - widths.iter().sum::<f32>();
    if spare > 0.0 {
        let each = (spare / widths.len() as f32).min(72.0);
        widths.iter_mut().for_each(|w| *w += each);
    }
    let row_height = ui.text_style_height(&TextStyle::Body) + 4.0;
    // Scroll bars that are always drawn (not only on hover), so a cut-off column is seen to
    // be one.
    ui.style_mut().spacing.scroll = egui::style::ScrollStyle::solid();
    // The sideways bar always drawn, even with nothing to scroll: one that came with the
    // first wide row made the window taller and moved Run and the chart tabs.
    egui::ScrollArea::horizontal()
        .id_salt("experiment-table-sideways")
        .auto_shrink([false, true])
        .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
        .show(ui, |ui| {
            let header = header_ui(ui, &columns, sort, &widths, actions);
            let body = (height - header - ui.spacing().item_spacing.y).max(row_height * 3.0);
            egui::ScrollArea::vertical()
                .id_salt("experiment-table-rows")
                .max_height(body)
                .min_scrolled_height(body)
                .auto_shrink([false, false])
                .show_rows(ui, row_height, cells.len(), |ui, range| {
                    for i in range {
                        row_ui(ui, &columns, &cells[i], &widths, row_height, i % 2 == 1);
                    }
                    // In the rows' own space, so the first row arriving moves nothing.
                    if cells.is_empty() {
                        let empty = "No results yet: choose boards and budgets, then Run.";
                        ui.label(RichText::new(empty).weak());
                    }
                });
        });
}

/// Each column's width: its widest cell, or the longest word of its header (headers wrap).
fn column_widths(ui: &Ui, columns: &[SweepColumn], cells: &[Vec<String>]) -> Vec<f32> {
    let width = |text: &str, style: TextStyle| {
        let font = style.resolve(ui.style());
        ui.ctx().fonts_mut(|f| {
            f.layout_no_wrap(text.to_string(), font, egui::Color32::WHITE)
                .size()
                .x
        })
    };
    columns
        .iter()
        .enumerate()
        .map(|(i, column)| {
            let word = column
                .header()
                .split(' ')
                .map(|w| width(w, TextStyle::Body))
                .fold(0.0, f32::max);
            let cell = cells
                .iter()
                .map(|row| width(&row[i], TextStyle::Body))
                .fold(0.0, f32::max);
            word.max(cell).max(28.0) + GAP + lead(*column)
        })
        .collect()
}

/// The header: a button per column (sort by it; again: reverse), its text wrapped to the
/// column. Returns its height.
fn header_ui(
    ui: &mut Ui,
    columns: &[SweepColumn],
    sort: Option<(SweepColumn, bool)>,
    widths: &[f32],
    actions: &mut Vec<ExperimentsCommand>,
) -> f32 {
    let top = ui.cursor().top();
    ui.horizontal_top(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        for (column, &width) in columns.iter().zip(widths) {
            let arrow = match sort {
                Some((c, true)) if c == *column => " ^",
                Some((c, false)) if c == *column => " v",
                _ => "",
            };
            let align = if column.numeric() {
                Align::Max
            } else {
                Align::Min
            };
            let outer = Layout::left_to_right(Align::Min);
            ui.allocate_ui_with_layout(egui::vec2(width, 0.0), outer, |ui| {
                ui.set_width(width);
                ui.add_space(lead(*column));
                let inner_width = width - GAP / 2.0 - lead(*column);
                let inner = egui::vec2(inner_width, 0.0);
                ui.allocate_ui_with_layout(inner, Layout::top_down(align), |ui| {
                    ui.set_width(inner_width);
                    let text = RichText::new(format!("{}{arrow}", column.header())).strong();
                    let button = egui::Button::new(text)
                        .frame(false)
                        .wrap_mode(egui::TextWrapMode::Wrap);
                    if ui
                        .add(button)
                        .on_hover_text("Sort by this column (again: reverse)")
                        .clicked()
                    {
                        actions.push(ExperimentsCommand::Sort(*column));
                    }
                });
            });
        }
    });
    let height = ui.cursor().top() - top;
    let line = ui.cursor().top();
    let right = ui.min_rect().left() + widths.iter().sum::<f32>();
    ui.painter().hline(
        ui.min_rect().left()..=right,
        line,
        ui.visuals().widgets.noninteractive.bg_stroke,
    );
    height
}

/// One row of cells on the shared column widths, striped when `odd`.
fn row_ui(
    ui: &mut Ui,
    columns: &[SweepColumn],
    cells: &[String],
    widths: &[f32],
    height: f32,
    odd: bool,
) {
    let total: f32 = widths.iter().sum();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(total, height), Sense::hover());
    if odd {
        ui.painter()
            .rect_filled(rect, 0.0, ui.visuals().faint_bg_color);
    }
    let mut left = rect.left();
    for ((column, text), &width) in columns.iter().zip(cells).zip(widths) {
        let cell = egui::Rect::from_min_size(
            egui::pos2(left + lead(*column), rect.top()),
            egui::vec2(width - GAP / 2.0 - lead(*column), height),
        );
        let layout = if column.numeric() {
            Layout::right_to_left(Align::Center)
        } else {
            Layout::left_to_right(Align::Center)
        };
        ui.scope_builder(egui::UiBuilder::new().max_rect(cell).layout(layout), |ui| {
            ui.label(text.as_str());
        });
        left += width;
    }
}
