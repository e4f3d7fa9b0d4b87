//! Hints for the game in play: asking the advisor for the next jump, showing its answer once
//! it is in when it was asked for early, stopping its thinking, and the one count of positions
//! examined that the status line and the messages both show.
//!
//! Owns [`Hints`] (the hint on show, whether one waits for the advisor, the lost position
//! whose proof was asked for, the count shown so far) and the session's hint commands. The
//! deciding is [`pegsol_solver::services::advisor`]'s; the words are
//! [`Advice`]'s, which both front ends show.

use super::PlaySession;
use pegsol_rules::{Jump, Position};
use pegsol_solver::services::advice::Advice;
use std::cell::RefCell;

/// The hint state of a game in play.
#[derive(Debug, Default)]
pub struct Hints {
    /// The hint on show: the position it is for and the jump.
    shown: Option<(Position, Jump)>,
    /// A hint was asked for while the advisor was still working: say it when it is in.
    wanted: bool,
    /// The lost position whose proof was asked for (a front end draws its weights).
    why: Option<Position>,
    /// The most positions shown as examined for a position, so the count never goes back
    /// (the advisor's own count restarts with each round of thinking).
    most: RefCell<Option<(Position, u64)>>,
}

impl PlaySession {
    /// What the advisor says about the position on the board (`None`: not asked yet), its
    /// count of positions examined never lower than one shown before for this position.
    pub fn advice(&self) -> Option<Advice> {
        let position = self.game.record.position();
        let mut advice = self.advisor.advice(position, self.game.puzzle.goal)?;
        let mut most = self.hints.most.borrow_mut();
        let before = most
            .as_ref()
            .filter(|(p, _)| p == position)
            .map_or(0, |(_, n)| *n);
        if let Advice::Thinking { examined, .. } | Advice::Unknown { examined, .. } = &mut advice {
            *examined = (*examined).max(before);
            *most = Some((position.clone(), *examined));
        }
        Some(advice)
    }

    /// The hint on show, if it is for the position on the board.
    pub fn hint(&self) -> Option<Jump> {
        self.hints
            .shown
            .as_ref()
            .filter(|(p, _)| p == self.game.record.position())
            .map(|(_, j)| *j)
    }

    /// The lost position whose proof the person asked for, if it is on the board.
    pub fn why(&self) -> Option<&Position> {
        self.hints
            .why
            .as_ref()
            .filter(|p| *p == self.game.record.position())
    }

    /// Whether a hint was asked for and waits for the advisor's first answer.
    pub fn hint_pending(&self) -> bool {
        self.hints.wanted && self.hint().is_none()
    }

    /// Whether a hint asked for while the advisor worked can be said now: its first answer
    /// is in (while it thinks on, its guess is said once), or it is decided, or the thinking
    /// ended undecided.
    pub(super) fn hint_due(&self) -> bool {
        self.hints.wanted
            && match self.advice() {
                None | Some(Advice::Checking) => false,
                Some(Advice::Thinking { .. }) => self.hint().is_none(),
                Some(_) => true,
            }
    }

    /// H: the advisor's answer for the position on the board, to say now; its jump is marked
    /// (on an undecided position, a guess said to be one). While the advisor is still working
    /// the hint is said again once its answer is in ([`super::Ticked::hint`]).
    pub fn ask_hint(&mut self) -> Advice {
        let goal = self.game.puzzle.goal;
        self.advisor.ask(self.game.record.position(), goal);
        self.hint_now()
    }

    /// Takes the advice as the hint on show and returns it.
    pub(super) fn hint_now(&mut self) -> Advice {
        let advice = self.advice().unwrap_or(Advice::Checking);
        self.hints.wanted = match &advice {
            Advice::Checking => true,
            // Its guess is on show; the hint replaces it once decided. (With no guess to
            // show, nothing would mark that this was said: not asked again.)
            Advice::Thinking { guess, .. } => guess.is_some(),
            _ => false,
        };
        let position = self.game.record.position().clone();
        if let Some(jump) = advice.hint_jump() {
            self.hints.shown = Some((position.clone(), jump));
        }
        if matches!(advice, Advice::Lost { .. }) {
            self.hints.why = Some(position);
        }
        advice
    }

    /// Whether the advisor is thinking on the position on the board.
    pub fn thinking(&self) -> bool {
        self.advisor
            .thinking(self.game.record.position(), self.game.puzzle.goal)
    }

    /// Stops thinking on the position on the board (it stays undecided). Returns `None` when
    /// it was not thinking; else the hint to say if one was waiting (`Some(Some(advice))`),
    /// or `Some(None)` when there is only the stop to say.
    pub fn stop_thinking(&mut self) -> Option<Option<Advice>> {
        if !self.thinking() {
            self.advisor.stop_thinking();
            return None;
        }
        self.advisor.stop_thinking();
        if self.hints.wanted {
            Some(Some(self.hint_now()))
        } else {
            Some(None)
        }
    }

    /// Thinks on later positions up to `effort` positions examined (the hint effort).
    pub fn set_hint_effort(&mut self, effort: u64) {
        self.advisor.set_effort(effort);
    }

    /// The next hint effort round the choices ([`pegsol_solver::services::hint::EFFORTS`]);
    /// returns it.
    pub fn next_hint_effort(&mut self) -> u64 {
        use pegsol_solver::services::hint::EFFORTS;
        let now = self.advisor.effort();
        let next = EFFORTS
            .iter()
            .copied()
            .find(|&e| e > now)
            .unwrap_or(EFFORTS[0]);
        self.advisor.set_effort(next);
        next
    }
}
