//! The terminal game's hints: `h` shows what the advisor says, in the words the window
//! uses ([`Advice`]); while the quick answer leaves a position open the advisor thinks on
//! (the status line counts the positions examined), `c` stops it (when no solve runs) and `e`
//! picks how long it may think (the hint effort). When a hint is due, and the count shown,
//! are the play session's ([`pegsol_record::session::hints`]); this only words them for the
//! terminal.

use super::draw::Glyphs;
use super::game::TuiGame;
use pegsol_rules::Jump;
use pegsol_solver::budget::Budget;
use pegsol_solver::services::advice::Advice;
use pegsol_solver::services::advisor::Verdict;

impl TuiGame {
    /// The hint on show, if it is for the position on the board.
    pub fn hint(&self) -> Option<Jump> {
        self.session.hint()
    }

    /// What the advisor says about the position on the board, in the words the window uses
    /// too.
    pub fn advice(&self) -> Option<Advice> {
        self.session.advice()
    }

    /// What the advisor knows about the position on the board.
    pub fn verdict(&self) -> Option<Verdict> {
        let game = self.session.game();
        self.session
            .advisor()
            .verdict(game.record.position(), game.puzzle.goal)
    }

    /// `h`: the advisor's next jump, now if it knows, else as soon as it does (while it
    /// thinks, the guess it has so far, said to be one).
    pub(super) fn ask_hint(&mut self) {
        let advice = self.session.ask_hint();
        self.say_hint(advice);
    }

    /// Says `advice` as a hint, in the window's words, with the marks the board draws.
    pub(super) fn say_hint(&mut self, advice: Advice) {
        let goal = self.puzzle().goal;
        let mut text = match &advice {
            // At the start there is nothing to undo: the board cannot be won from it.
            Advice::Lost { reason } if !self.session.can_undo() => format!(
                "Not winnable: {}. Nothing to undo: this board cannot be won from its start.",
                reason.describe_in(goal, self.names)
            ),
            _ => advice.hint_text_in(goal, self.names),
        };
        if advice.hint_jump().is_some() {
            text += &format!(
                " (marked {} and {})",
                self.glyphs.hint_from, self.glyphs.target
            );
        }
        if matches!(advice, Advice::Thinking { .. }) {
            text += " c stops.";
        }
        if self.glyphs == Glyphs::ASCII {
            text = text.replace('…', "...");
        }
        self.message = text;
    }

    /// `c` with no solve running: stops thinking on the position on the board (it stays
    /// undecided).
    pub(super) fn stop_thinking(&mut self) {
        match self.session.stop_thinking() {
            None => {
                self.message = "Nothing to cancel: c cancels a solve, or the hint's thinking on \
                                an undecided position"
                    .into();
            }
            Some(Some(advice)) => self.say_hint(advice),
            Some(None) => {
                self.message = "Stopped thinking: the position stays undecided".into();
            }
        }
    }

    /// `e`: the next hint effort (how many positions the hint may examine before it says
    /// "unknown"), round the choices.
    pub(super) fn next_effort(&mut self) {
        let next = self.session.next_hint_effort();
        self.message = format!("Hint effort: {} positions (e for the next)", Budget(next));
    }
}
