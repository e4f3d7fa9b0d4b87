//! The Search view's comparison with a student's trace: what `pegsol trace --compare` says,
//! with the two nodes where the traces part drawn side by side.

use super::board::{node_board_ui, NodeBoard};
use super::{Compared, SearchCommand};
use eframe::egui;
use egui::{RichText, Ui};
use pegsol_rules::{capitalise, pegs_in_words, Jump, Position};
use pegsol_solver::trace::Side;

/// The comparison panel; `start` is the start both traces share.
pub fn comparison_ui(
    ui: &mut Ui,
    compared: &Compared,
    start: &Position,
    coordinates: bool,
) -> Vec<SearchCommand> {
    let mut commands = Vec::new();
    let c = &compared.comparison;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal(|ui| {
            let name = compared.file.file_name().map_or_else(
                || compared.file.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            ui.label(
                RichText::new(format!(
                    "Your trace: {name} ({} expansions)",
                    compared.lines
                ))
                .strong(),
            );
            if ui.button("Close comparison").clicked() {
                commands.push(SearchCommand::CloseComparison);
            }
        });
        let headline = capitalise(&c.headline(compared.generated));
        ui.label(format!("{headline}."));
        ui.label(RichText::new(format!("{}.", c.cause_text())).strong());
        let Some(d) = &c.difference else {
            return;
        };
        ui.horizontal(|ui| {
            for (title, side) in [
                ("The assignment's search", d.ours.as_ref()),
                ("Your trace", d.theirs.as_ref()),
            ] {
                ui.vertical(|ui| {
                    ui.set_width(230.0);
                    ui.label(RichText::new(title).strong());
                    side_ui(ui, title, side, start, coordinates);
                });
            }
        });
        if ui
            .button(format!("Show expansion {} in the search", d.n))
            .clicked()
        {
            commands.push(SearchCommand::GoTo(d.n));
        }
    });
    commands
}

/// One side: its node's line, its board and its path.
fn side_ui(ui: &mut Ui, title: &str, side: Option<&Side>, start: &Position, coordinates: bool) {
    let Some(side) = side else {
        ui.label("(no expansion)");
        return;
    };
    let e = side.expansion;
    let after = e.jump.map_or("the start".into(), |j| format!("after {j}"));
    ui.label(format!(
        "Depth {}, {}, {after}",
        e.depth,
        pegs_in_words(e.pegs)
    ));
    let mut position = start.clone();
    for &j in &side.path {
        position.play_unchecked(j);
    }
    let board = NodeBoard {
        position: &position,
        path: &side.path,
        children: &[],
        label: format!("{title}: expansion {}, {}", e.n, pegs_in_words(e.pegs)),
        coordinates,
    };
    node_board_ui(ui, &board, egui::vec2(220.0, 200.0));
    let path: Vec<String> = side.path.iter().map(Jump::to_string).collect();
    ui.label(
        RichText::new(format!("Path: {}", path.join(" ")))
            .small()
            .weak(),
    );
}
