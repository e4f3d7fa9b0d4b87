//! The play view's status line: pegs left, jumps and moves, the state of play, the
//! advisor's word, the finish, and at the right the game's clock and the player's figures.

use super::deep::{self, DeepShow};
use super::{thinking, PlayCommand};
use eframe::egui;
use egui::{RichText, Ui};
use pegsol_record::stats::{self, BoardStats, GameClock};
use pegsol_record::Game;
use pegsol_rules::cell_name;
use pegsol_rules::Goal;
use pegsol_solver::services::advice::Advice;

/// The status line: pegs left, jumps and moves made, the state of play, what the advisor
/// says (whether the goal can still be reached, or that it is still thinking, with a Stop
/// button), and the finish target. (Notices go above the board, next to what they are
/// about.) Returns the command to stop thinking when its button is clicked.
///
/// At the right, always in the same place: the game's clock (from the first jump, stopped
/// at the end) and the player's figures on this board.
pub fn status_ui(
    ui: &mut Ui,
    game: &Game,
    advice: Option<&Advice>,
    deep: &DeepShow,
    clock: Option<GameClock>,
    figures: Option<BoardStats>,
) -> Option<PlayCommand> {
    // One line when both sides fit (the right side at the right, the left at the left);
    // else two, the left side wrapping on its own and the right side under it, so the
    // texts never overlap. Whether they fit is known from the widths the sides took
    // last frame (the left side's as it took one line).
    let id = egui::Id::unique("pegsol-status-widths");
    let widths: Option<[f32; 2]> = ui.data(|d| d.get_temp(id));
    let gap = 3.0 * ui.spacing().item_spacing.x;
    let one_line = widths.is_none_or(|[l, r]| l + gap + r <= ui.available_width());
    let right = |ui: &mut Ui| {
        right_ui(ui, clock, figures);
        ui.min_rect().width()
    };
    if one_line {
        let (command, right_width) = egui::Sides::new().shrink_left().show(
            ui,
            |ui| {
                let command = status_left_ui(ui, game, advice, deep);
                (command, ui.min_rect().width())
            },
            right,
        );
        let (command, left_width) = command;
        ui.data_mut(|d| d.insert_temp(id, [left_width, right_width]));
        return command;
    }
    let command = ui
        .horizontal_wrapped(|ui| status_left_ui(ui, game, advice, deep))
        .inner;
    let right_width = ui
        .with_layout(egui::Layout::right_to_left(egui::Align::Center), right)
        .inner;
    // Back to one line once the window is wide enough for the left side's one-line width.
    if let Some([left_width, _]) = widths {
        ui.data_mut(|d| d.insert_temp(id, [left_width, right_width]));
    }
    command
}

/// The status line's right part: the game's clock and the player's figures on the board.
fn right_ui(ui: &mut Ui, clock: Option<GameClock>, figures: Option<BoardStats>) {
    let time = clock.map_or("–:––".to_string(), |c| stats::clock(c.seconds));
    let time = RichText::new(format!("Time {time}")).monospace();
    let stopped = clock.is_some_and(|c| !c.running);
    ui.label(if stopped { time.strong() } else { time })
        .on_hover_text(
            "From your first jump; it stops at the end of the game. A solution loaded or a \
             game resumed has no time.",
        );
    if let Some(figures) = figures {
        ui.separator();
        ui.label(figures.summary())
            .on_hover_text("Your games on this board: won, fewest pegs left, best time");
    }
}

/// The status line's left part: pegs, jumps, state, the advisor's word, finish. Returns
/// the command to stop thinking when its Stop button is clicked.
fn status_left_ui(
    ui: &mut Ui,
    game: &Game,
    advice: Option<&Advice>,
    deep: &DeepShow,
) -> Option<PlayCommand> {
    let mut command = None;
    let position = game.record.position();
    ui.label(format!("Pegs left: {}", position.peg_count()));
    ui.separator();
    // Jumps, and moves as puzzle books count them (one peg's chain of jumps is one).
    ui.label(format!(
        "Jumps: {}, moves: {}",
        game.record.index(),
        game.record.moves()
    ));
    ui.separator();
    let state = if position.is_won(game.puzzle.goal) {
        RichText::new("Solved!").strong()
    } else if position.is_stuck() {
        RichText::new(format!(
            "Stuck with {} pegs: undo (U) or restart (R)",
            position.peg_count()
        ))
        .strong()
    } else {
        RichText::new("Playing")
    };
    ui.label(state);
    ui.separator();
    if !position.is_won(game.puzzle.goal) {
        // Thinking it through, and its proof, replace the advisor's "unknown".
        if !matches!(deep, DeepShow::Done(Ok(_)) | DeepShow::Running(_)) {
            command = thinking::advice_ui(ui, advice);
        }
        command = deep::deep_ui(ui, deep).or(command);
        ui.separator();
    }
    ui.label(finish_text(game.puzzle.goal));
    command
}

/// The finish target in words.
pub fn finish_text(goal: Goal) -> String {
    match goal {
        Goal::Anywhere => "Goal: one peg left, anywhere".to_string(),
        Goal::At(cell) => format!("Goal: one peg left, on {}", cell_name(cell)),
    }
}
