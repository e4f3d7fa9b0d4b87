//! Controls that keep their size whatever they say: a button that swaps its label (Run and
//! Pause, Autoplay and Pause) or a label that changes with a mode takes the width of the
//! widest thing it can say, so nothing after it on the row moves when it changes.

use eframe::egui;

/// The width the widest of `texts` takes in the button font.
fn widest(ui: &egui::Ui, texts: &[&str]) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let colour = ui.visuals().text_color();
    ui.ctx().fonts_mut(|f| {
        texts
            .iter()
            .map(|t| {
                f.layout_no_wrap(t.to_string(), font.clone(), colour)
                    .size()
                    .x
            })
            .fold(0.0, f32::max)
    })
}

/// A button saying `text`, as wide as the widest of `texts` (which should include `text`):
/// its neighbours stay put when it says another of them.
pub fn steady_button<'a>(ui: &egui::Ui, text: &'a str, texts: &[&str]) -> egui::Button<'a> {
    let width = widest(ui, texts) + 2.0 * ui.spacing().button_padding.x;
    egui::Button::new(text).min_size(egui::vec2(width, 0.0))
}

/// A label saying `text` in a space as wide as the widest of `texts`, so what follows it on
/// the row stays put when it says another of them.
pub fn steady_label_ui(ui: &mut egui::Ui, text: &str, texts: &[&str]) -> egui::Response {
    let width = widest(ui, texts);
    let height = ui.spacing().interact_size.y;
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_width(width);
            ui.label(text)
        },
    )
    .inner
}
