//! What the advisor says about a position, for a person: the one answer the window and the
//! terminal game both render ([`Advice`]), in the words both show (the status word, the
//! line under it, and what a hint says). Only words and facts here: the colours and the
//! drawing are each front end's.

use super::hint::{positions_in_words, Reason};
use pegsol_rules::{pegs_in_words, CellNames, Goal, Jump};

/// What the advisor says about one position.
#[derive(Clone, Debug, PartialEq)]
pub enum Advice {
    /// The quick answer is being worked out.
    Checking,
    /// The quick answer left the position open: still thinking, in rounds, each longer.
    Thinking {
        /// Positions examined so far.
        examined: u64,
        /// The closest line's first jump and the pegs that line leaves, if any: a guess.
        guess: Option<(Jump, u32)>,
    },
    /// The goal can be reached.
    Winnable {
        /// The first jump of a winning line (`None`: the position is won).
        next: Option<Jump>,
    },
    /// Proven lost.
    Lost {
        /// Why.
        reason: Reason,
    },
    /// Not decided: the hint effort was reached, or the person stopped the thinking.
    Unknown {
        /// Positions examined.
        examined: u64,
        /// The closest line's first jump and the pegs that line leaves, if any: a guess.
        guess: Option<(Jump, u32)>,
        /// Whether the person stopped it (rather than the effort running out).
        stopped: bool,
        /// The hint effort it was thought on up to.
        effort: u64,
    },
    /// The check failed.
    Failed {
        /// Why, as the worker reported it.
        error: String,
    },
}

impl Advice {
    /// The status word: `Winnable`, `Not winnable`, `Unknown`, `Thinking…`, `Checking…` or
    /// `Check failed` (`ascii`: `...` for `…`).
    pub fn word(&self, ascii: bool) -> &'static str {
        match (self, ascii) {
            (Advice::Checking, false) => "Checking…",
            (Advice::Checking, true) => "Checking...",
            (Advice::Thinking { .. }, false) => "Thinking…",
            (Advice::Thinking { .. }, true) => "Thinking...",
            (Advice::Winnable { .. }, _) => "Winnable",
            (Advice::Lost { .. }, _) => "Not winnable",
            (Advice::Unknown { .. }, _) => "Unknown",
            (Advice::Failed { .. }, _) => "Check failed",
        }
    }

    /// A line saying more than the word, for the window's status bar and the terminal
    /// game's message line (`None`: the word says it all).
    ///
    /// ```
    /// use pegsol_solver::services::advice::Advice;
    /// let thinking = Advice::Thinking { examined: 1_234_567, guess: None };
    /// assert_eq!(
    ///     thinking.detail(false).as_deref(),
    ///     Some("Still thinking… (1,234,567 positions)")
    /// );
    /// ```
    pub fn detail(&self, ascii: bool) -> Option<String> {
        let dots = if ascii { "..." } else { "…" };
        match self {
            Advice::Thinking { examined, .. } => Some(format!(
                "Still thinking{dots} ({})",
                positions_in_words(*examined)
            )),
            Advice::Unknown {
                examined, stopped, ..
            } => Some(format!(
                "{} after {}",
                if *stopped { "Stopped" } else { "Undecided" },
                positions_in_words(*examined)
            )),
            _ => None,
        }
    }

    /// What the status word means, for a tooltip.
    pub fn meaning(&self) -> &'static str {
        match self {
            Advice::Checking => "The solver is checking this position",
            Advice::Thinking { .. } => {
                "The quick answer left this position open: the solver keeps thinking, up to \
                 the hint effort (View > Hint effort)"
            }
            Advice::Winnable { .. } => {
                "The goal can still be reached from here (H shows a jump that keeps it so)"
            }
            Advice::Lost { .. } => {
                "Proven: the goal cannot be reached from here; undo (U) to go back"
            }
            Advice::Unknown { .. } => {
                "The solver could not decide within the hint effort (View > Hint effort)"
            }
            Advice::Failed { .. } => "The background check failed",
        }
    }

    /// The jump a hint draws: the winning line's first, or a guess's (said to be one).
    pub fn hint_jump(&self) -> Option<Jump> {
        match self {
            Advice::Winnable { next } => *next,
            Advice::Thinking { guess, .. } | Advice::Unknown { guess, .. } => {
                guess.map(|(jump, _)| jump)
            }
            _ => None,
        }
    }

    /// What a hint (H) says about the position, for `goal`.
    ///
    /// ```
    /// use pegsol_rules::Goal;
    /// use pegsol_solver::services::advice::Advice;
    /// use pegsol_solver::services::hint::Reason;
    /// let lost = Advice::Lost { reason: Reason::Search { positions: 1 } };
    /// assert_eq!(
    ///     lost.hint_text(Goal::Anywhere),
    ///     "Not winnable: an exhaustive search of 1 position found no way to one peg. \
    ///      Undo (U) to go back to a winnable position."
    /// );
    /// ```
    pub fn hint_text(&self, goal: Goal) -> String {
        self.hint_text_in(goal, CellNames::Board)
    }

    /// [`Advice::hint_text`] with cells named as `names` says (the terminal game's `x`).
    pub fn hint_text_in(&self, goal: Goal, names: CellNames) -> String {
        let guess_text = |guess: &Option<(Jump, u32)>| match guess {
            Some((jump, left)) => format!(
                " Only a guess: jump {}; the closest line found leaves {}.",
                names.jump(*jump),
                pegs_in_words(*left)
            ),
            None => String::new(),
        };
        match self {
            Advice::Checking => "Thinking about a hint…".into(),
            Advice::Thinking { examined, guess } => format!(
                "Still thinking ({} so far): the hint comes as soon as it is decided.{}",
                positions_in_words(*examined),
                guess_text(guess)
            ),
            Advice::Winnable { next: Some(jump) } => format!("Hint: jump {}", names.jump(*jump)),
            Advice::Winnable { next: None } => "Already solved!".into(),
            Advice::Lost { reason } => format!(
                "Not winnable: {}. Undo (U) to go back to a winnable position.",
                reason.describe_in(goal, names)
            ),
            Advice::Unknown {
                examined,
                guess,
                stopped,
                ..
            } => {
                let why = if *stopped {
                    format!("thinking stopped after {}", positions_in_words(*examined))
                } else {
                    format!(
                        "undecided after {} (the hint effort)",
                        positions_in_words(*examined)
                    )
                };
                match guess {
                    Some(_) => format!(
                        "No hint: {why}.{} Solve from here or a larger hint effort may decide it.",
                        guess_text(guess)
                    ),
                    None => format!(
                        "No hint: {why}; Solve from here or a larger hint effort may decide it."
                    ),
                }
            }
            Advice::Failed { error } => format!("No hint: the check failed ({error})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_rules::Cell;

    #[test]
    fn every_kind_of_advice_has_words() {
        let jump: Jump = "3,1-3,3".parse().expect("jump");
        let all = [
            Advice::Checking,
            Advice::Thinking {
                examined: 1,
                guess: Some((jump, 3)),
            },
            Advice::Winnable { next: Some(jump) },
            Advice::Winnable { next: None },
            Advice::Lost {
                reason: Reason::Stuck,
            },
            Advice::Unknown {
                examined: 2,
                guess: None,
                stopped: true,
                effort: 10,
            },
            Advice::Failed {
                error: "boom".into(),
            },
        ];
        for advice in all {
            let goal = Goal::At(Cell { x: 3, y: 3 });
            assert!(!advice.word(true).contains('…'));
            assert!(!advice.hint_text(goal).is_empty());
            assert!(!advice.meaning().is_empty());
        }
        let thinking = Advice::Thinking {
            examined: 1,
            guess: Some((jump, 3)),
        };
        assert_eq!(
            thinking.detail(true).as_deref(),
            Some("Still thinking... (1 position)")
        );
        assert!(thinking
            .hint_text(Goal::Anywhere)
            .contains("d2 over d3 to d4"));
        assert!(thinking.hint_text(Goal::Anywhere).contains("leaves 3 pegs"));
    }
}
