//! What a screen reader says about the board: each hole's name ("peg at d4") and a
//! description of what it can do ("can jump to d6 or f4"), through AccessKit.
//!
//! Owns the board's words for assistive technology; the board widget calls these for each
//! hole it lays out. Tested through kittest's accessibility queries (crates/app/tests/it/window_polish.rs).

use eframe::egui;
use pegsol_rules::{cell_name, Cell, Jump};

/// The accessible label of a hole: "peg at d4" or "empty hole at d4".
pub fn hole_label(cell: Cell, has_peg: bool) -> String {
    if has_peg {
        format!("peg at {}", cell_name(cell))
    } else {
        format!("empty hole at {}", cell_name(cell))
    }
}

/// What a hole can do, given the position's `jumps` (its legal jumps), in words: a peg's
/// landing holes ("can jump to d6 or f4", "cannot jump"), an empty hole's pegs that can jump
/// into it ("d2 can jump here").
pub fn hole_description(jumps: &[Jump], has_peg: bool, cell: Cell) -> String {
    let names = |cells: Vec<Cell>| {
        let names: Vec<String> = cells.into_iter().map(cell_name).collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
        }
    };
    if has_peg {
        let to: Vec<Cell> = jumps
            .iter()
            .filter(|j| j.from == cell)
            .map(|j| j.to)
            .collect();
        if to.is_empty() {
            "cannot jump".into()
        } else {
            format!("can jump to {}", names(to))
        }
    } else {
        let from: Vec<Cell> = jumps
            .iter()
            .filter(|j| j.to == cell)
            .map(|j| j.from)
            .collect();
        if from.is_empty() {
            "no peg can jump here".into()
        } else {
            format!("{} can jump here", names(from))
        }
    }
}

/// Sets the AccessKit description of the hole widget `id` (read after its name).
pub fn describe_hole(ctx: &egui::Context, id: egui::Id, description: String) {
    ctx.accesskit_node_builder(id, |node| node.set_description(description));
}
