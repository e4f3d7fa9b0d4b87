//! The play view's status line: pegs left, jumps and moves, the state of play, the
//! advisor's word, the finish, and at the right the game's clock and the player's figures.

use super::deep::{self, DeepShow};
use super::{thinking, PlayCommand};
use crate::record::stats::{self, BoardStats, GameClock};
use crate::record::Game;
use crate::rules::cell_name;
use crate::rules::Goal;
use crate::solver::services::advice::Advice;
use eframe::egui;
use egui::{RichText, Ui};

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
    // The right side first (`shrink_left`): the clock keeps its place, and a narrow window
    // cuts the left side instead.
    let (command, ()) = egui::Sides::new().shrink_left().show(
        ui,
        |ui| status_left_ui(ui, game, advice, deep),
        |ui| {
            let time = clock.map_or("–:––".to_string(), |c| stats::clock(c.seconds));
            let time = RichText::new(format!("Time {time}")).monospace();
            let stopped = clock.is_some_and(|c| !c.running);
            ui.label(if stopped { time.strong() } else { time })
                .on_hover_text(
                    "From your first jump; it stops at the end of the game. A solution \
                     loaded or a game resumed has no time.",
                );
            if let Some(figures) = figures {
                ui.separator();
                ui.label(figures.summary())
                    .on_hover_text("Your games on this board: won, fewest pegs left, best time");
            }
        },
    );
    command
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
