//! The terminal game's hints: `h` shows what the advisor says, in the words the window
//! uses ([`Advice`]); while the quick answer leaves a position open the advisor thinks on
//! (the status line counts the positions examined), `c` stops it (when no solve runs) and `e` picks how long it
//! may think (the hint effort). The deciding is [`crate::solver::services::advisor`]'s.

use super::draw::Glyphs;
use super::game::TuiGame;
use crate::rules::Jump;
use crate::solver::budget::Budget;
use crate::solver::services::advice::Advice;
use crate::solver::services::advisor::Verdict;
use crate::solver::services::hint::EFFORTS;

impl TuiGame {
    /// The hint on show, if it is for the position on the board.
    pub fn hint(&self) -> Option<Jump> {
        self.hint
            .as_ref()
            .filter(|(p, _)| p == self.game.record.position())
            .map(|(_, j)| *j)
    }

    /// What the advisor says about the position on the board, in the words the window uses
    /// too.
    pub fn advice(&self) -> Option<Advice> {
        self.advisor
            .advice(self.game.record.position(), self.game.puzzle.goal)
    }

    /// What the advisor knows about the position on the board.
    pub fn verdict(&self) -> Option<Verdict> {
        self.advisor
            .verdict(self.game.record.position(), self.game.puzzle.goal)
    }

    /// Takes in the advisor's answers: a hint asked for while it worked is shown once its
    /// first answer is in (a guess while it thinks on) and again once decided. Returns
    /// whether anything changed (while it thinks, the count on the status line does).
    pub(super) fn hint_tick(&mut self) -> bool {
        let mut changed = self.advisor.poll();
        let due = self.hint_wanted
            && match self.advice() {
                None | Some(Advice::Checking) => false,
                Some(Advice::Thinking { .. }) => self.hint().is_none(),
                Some(_) => true,
            };
        if due {
            self.show_hint();
            changed = true;
        }
        changed
            | self
                .advisor
                .thinking(self.game.record.position(), self.game.puzzle.goal)
    }

    /// `h`: the advisor's next jump, now if it knows, else as soon as it does (while it
    /// thinks, the guess it has so far, said to be one).
    pub(super) fn ask_hint(&mut self) {
        self.advisor
            .ask(self.game.record.position(), self.game.puzzle.goal);
        self.show_hint();
    }

    /// Says what the advisor says as a hint, in the window's words, and marks its jump.
    fn show_hint(&mut self) {
        let advice = self.advice().unwrap_or(Advice::Checking);
        self.hint_wanted = match &advice {
            Advice::Checking => true,
            // Its guess is on show; the hint replaces it once decided.
            Advice::Thinking { guess, .. } => guess.is_some(),
            _ => false,
        };
        let mut text = match &advice {
            // At the start there is nothing to undo: the board cannot be won from it.
            Advice::Lost { reason } if !self.game.can_undo() => format!(
                "Not winnable: {}. Nothing to undo: this board cannot be won from its start.",
                reason.describe_in(self.game.puzzle.goal, self.names)
            ),
            _ => advice.hint_text_in(self.game.puzzle.goal, self.names),
        };
        if let Some(jump) = advice.hint_jump() {
            self.hint = Some((self.game.record.position().clone(), jump));
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
        let position = self.game.record.position().clone();
        if !self.advisor.thinking(&position, self.game.puzzle.goal) {
            self.message =
                "Nothing to cancel: c cancels a solve, or the hint's thinking on an undecided \
                 position"
                    .into();
            return;
        }
        self.advisor.stop_thinking();
        if self.hint_wanted {
            self.show_hint();
        } else {
            self.message = "Stopped thinking: the position stays undecided".into();
        }
    }

    /// `e`: the next hint effort (how many positions the hint may examine before it says
    /// "unknown"), round the choices.
    pub(super) fn next_effort(&mut self) {
        let now = self.advisor.effort();
        let next = EFFORTS
            .iter()
            .copied()
            .find(|&e| e > now)
            .unwrap_or(EFFORTS[0]);
        self.advisor.set_effort(next);
        self.message = format!("Hint effort: {} positions (e for the next)", Budget(next));
    }
}
