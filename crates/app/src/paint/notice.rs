//! The message line: what a notice is (information or a problem), how long it stays, and
//! how a view shows it with its ×.
//!
//! Owns the notice rules, so every view shows the same two styles: information in the
//! neutral text colour, a refusal or a problem in the warning colour. Short information goes
//! after [`NOTICE_SECONDS`]; problems and long explanations stay until dismissed, replaced,
//! or (on the board) a jump is played.

use eframe::egui;

/// How long a short piece of information stays on screen, in seconds (problems and long
/// explanations stay until dismissed).
const NOTICE_SECONDS: f64 = 8.0;
/// Information longer than this (about a line) stays until dismissed.
const LONG_NOTICE_CHARS: usize = 90;

/// A message on screen, until a time.
#[derive(Clone, Debug)]
pub struct Notice {
    /// What it says.
    pub text: String,
    /// When a short piece of information goes; `None`: it stays until dismissed, replaced,
    /// or (on the board) a jump is played.
    pub until: Option<f64>,
    /// A refusal or a problem (the warning colour), not information.
    pub problem: bool,
}

impl Notice {
    /// `text` shown at `now`, a `problem` or information. A problem stays, and so does
    /// information longer than a line (an explanation needs time to read).
    pub fn new(text: String, problem: bool, now: f64) -> Notice {
        let stays = problem || text.chars().count() > LONG_NOTICE_CHARS;
        Notice {
            text,
            until: (!stays).then_some(now + NOTICE_SECONDS),
            problem,
        }
    }
}

/// The colour of a notice: the warning colour for a problem, else the strong text colour.
pub fn notice_colour(ui: &egui::Ui, problem: bool) -> egui::Color32 {
    if problem {
        ui.visuals().warn_fg_color
    } else {
        ui.visuals().strong_text_color()
    }
}

/// A notice on one line with its × (dismiss); whether the × was clicked.
pub fn notice_line_ui(ui: &mut egui::Ui, notice: &Notice) -> bool {
    let dismiss = ui
        .small_button("×")
        .on_hover_text("Dismiss this message")
        .clicked();
    ui.colored_label(notice_colour(ui, notice.problem), &notice.text);
    dismiss
}

/// Lines the notice area holds: a longer message is cut at the second line, whole on hover.
pub const NOTICE_ROWS: usize = 2;

/// The width kept at the notice area's right for its ×.
const DISMISS_WIDTH: f32 = 22.0;

/// The notice area of a view: always [`NOTICE_ROWS`] lines high and the width given,
/// whatever the message, so a message never moves what is below it. A message of
/// information is in the strong text colour (neutral), a refusal or problem in the warning
/// colour, with a × at the right to dismiss it (the space is kept when there is none).
/// With no message, `instead` (a view's own line, such as the play view's count of winning
/// jumps) takes the area, in the neutral colour. Whether the × was clicked.
pub fn notice_area_ui(ui: &mut egui::Ui, notice: Option<&Notice>, instead: Option<&str>) -> bool {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let row = ui.ctx().fonts_mut(|f| f.row_height(&font));
    let size = egui::vec2(ui.available_width(), row * NOTICE_ROWS as f32);
    let (whole, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    let (rect, close) = whole.split_left_right_at_x(whole.right() - DISMISS_WIDTH);
    let Some(text) = notice.map(|n| n.text.as_str()).or(instead) else {
        return false;
    };
    let mut dismissed = false;
    if notice.is_some() {
        let button = egui::Button::new("×").small();
        let close = egui::Rect::from_min_size(close.left_top(), egui::vec2(DISMISS_WIDTH, row));
        // A child ui: `put` would move the layout's cursor back up to the button's row.
        let mut child = ui.new_child(egui::UiBuilder::new().max_rect(close));
        dismissed = child
            .add(button)
            .on_hover_text("Dismiss this message")
            .clicked();
    }
    let problem = notice.is_some_and(|n| n.problem);
    let colour = notice_colour(ui, problem);
    let mut job = egui::text::LayoutJob::simple(text.to_string(), font, colour, rect.width());
    job.wrap.max_rows = NOTICE_ROWS;
    let galley = ui.ctx().fonts_mut(|f| f.layout_job(job));
    let cut = galley.elided;
    ui.painter().galley(rect.left_top(), galley, colour);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
    if cut {
        response.on_hover_text(text);
    }
    dismissed
}
