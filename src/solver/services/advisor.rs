//! "Can this position still be won?" and "what is a good next jump?", answered in the
//! background after every jump.
//!
//! Owns one [`ExactSolver`] per board and goal, lent to a [`Worker`] for each question and
//! taken back with the answer, so the solver's failure tables (facts about the board, not
//! the position) carry over from one question to the next and later answers come faster.
//! Only the newest question matters: asking again cancels the one in flight, and its answer
//! is dropped when it comes back.

use super::worker::{Finished, Worker};
use crate::rules::{ClassMasks, Goal, Jump, Position, Shape};
use crate::solver::engines::exact::{self, ExactSolver, Options};
use crate::solver::Outcome;
use std::sync::Arc;

/// Expansions one question may use. Positions of the classic boards take far fewer (a few
/// thousand); a hard position is reported as unknown rather than keeping a core busy.
pub const ADVISOR_BUDGET: u64 = 5_000_000;

/// What is known about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The question is being worked on.
    Checking,
    /// The goal can be reached; the hint is the first jump of a winning line (`None` when the
    /// position is already won).
    Winnable(Option<Jump>),
    /// The goal cannot be reached from here, proven.
    NotWinnable,
    /// The budget ran out before an answer.
    Unknown,
    /// The search failed (the text went to [`Advisor::error`]).
    Failed,
}

/// The background solver that answers [`Verdict`]s for positions.
pub struct Advisor {
    budget: u64,
    /// The board and goal the solver was made for.
    key: Option<(Arc<Shape>, Goal)>,
    /// The solver, when no worker holds it.
    solver: Option<ExactSolver>,
    /// The question in flight.
    worker: Option<Worker<(ExactSolver, Outcome)>>,
    /// The question the worker is answering.
    asking: Option<(Position, Goal)>,
    /// The question to ask once the worker is back (the newest one).
    pending: Option<(Position, Goal)>,
    /// The newest answer.
    answer: Option<(Position, Goal, Verdict)>,
    /// The last winning line found: where it starts, for which goal, and its jumps. A
    /// question about a position on it (the person followed a hint, or is replaying a
    /// solution) is answered from it at once.
    line: Option<(Position, Goal, Vec<Jump>)>,
    error: Option<String>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl Advisor {
    /// An advisor that calls `wake` when an answer arrives.
    pub fn new(budget: u64, wake: impl Fn() + Send + Sync + 'static) -> Advisor {
        Advisor {
            budget,
            key: None,
            solver: None,
            worker: None,
            asking: None,
            pending: None,
            answer: None,
            line: None,
            error: None,
            wake: Arc::new(wake),
        }
    }

    /// Asks about `position` for `goal` (nothing happens if it is the question already asked
    /// or answered). A question in flight is cancelled.
    pub fn ask(&mut self, position: &Position, goal: Goal) {
        let same = |q: &Option<(Position, Goal)>| {
            q.as_ref().is_some_and(|(p, g)| p == position && *g == goal)
        };
        let answered = self
            .answer
            .as_ref()
            .is_some_and(|(p, g, _)| p == position && *g == goal);
        if answered || same(&self.pending) || (same(&self.asking) && self.pending.is_none()) {
            return;
        }
        if let Some(next) = self.on_line(position, goal) {
            self.pending = None;
            if let Some(worker) = &self.worker {
                worker.cancel();
            }
            self.answer = Some((position.clone(), goal, Verdict::Winnable(next)));
            return;
        }
        self.pending = Some((position.clone(), goal));
        if let Some(worker) = &self.worker {
            worker.cancel();
        }
        self.poll();
    }

    /// Takes in a finished answer and starts the pending question. Call once a frame; returns
    /// whether anything changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        if let Some(worker) = &mut self.worker {
            if let Some(finished) = worker.take_finished() {
                self.worker = None;
                let asked = self.asking.take();
                changed = true;
                match finished {
                    Finished::Done((solver, outcome)) => {
                        self.solver = Some(solver);
                        if let Some((position, goal)) = asked {
                            let verdict = verdict_of(&outcome);
                            if outcome.won {
                                self.line = Some((position.clone(), goal, outcome.jumps));
                            }
                            self.answer = Some((position, goal, verdict));
                        }
                    }
                    // A superseded question: keep the solver, drop the answer.
                    Finished::Cancelled((solver, _)) => self.solver = Some(solver),
                    Finished::Failed(text) => {
                        // The solver was lost with the thread; a new one is made next time.
                        self.key = None;
                        self.error = Some(text);
                        if let Some((position, goal)) = asked {
                            self.answer = Some((position, goal, Verdict::Failed));
                        }
                    }
                }
            }
        }
        if self.worker.is_none() {
            if let Some((position, goal)) = self.pending.take() {
                self.start(position, goal);
                changed = true;
            }
        }
        changed
    }

    /// If `position` lies on the last winning line, the line's next jump there (`None` at
    /// its end).
    fn on_line(&self, position: &Position, goal: Goal) -> Option<Option<Jump>> {
        let (start, line_goal, jumps) = self.line.as_ref()?;
        if *line_goal != goal || start.shape() != position.shape() {
            return None;
        }
        // Pegs only go down along a line: skip straight to where the counts match.
        let skip = start.peg_count().checked_sub(position.peg_count())? as usize;
        if skip > jumps.len() {
            return None;
        }
        let mut p = start.clone();
        for &j in &jumps[..skip] {
            p.play_unchecked(j);
        }
        (p == *position).then(|| jumps.get(skip).copied())
    }

    fn start(&mut self, position: Position, goal: Goal) {
        // One peg anywhere is out of reach when the position's class allows no finish cell
        // at all: no search needed (the exact solver would go on to find the fewest pegs).
        let shape = position.shape();
        if goal == Goal::Anywhere
            && position.peg_count() > 1
            && ClassMasks::new(shape)
                .possible_finishes(shape, position.pegs())
                .is_empty()
        {
            self.answer = Some((position, goal, Verdict::NotWinnable));
            (self.wake)();
            return;
        }
        let key = (position.shape().clone(), goal);
        let reusable = self
            .key
            .as_ref()
            .is_some_and(|(s, g)| **s == *key.0 && *g == goal);
        let mut solver = match (reusable, self.solver.take()) {
            (true, Some(solver)) => solver,
            _ => ExactSolver::new(
                position.shape(),
                goal,
                Options {
                    budget: Some(self.budget),
                    win_only: true,
                    ..Options::default()
                },
            ),
        };
        self.key = Some(key);
        self.asking = Some((position.clone(), goal));
        let wake = self.wake.clone();
        self.worker = Some(Worker::start(
            "pegsol-advisor",
            move |job| {
                let outcome = job.control(|c| solver.solve(&position, c));
                (solver, outcome)
            },
            move || wake(),
        ));
    }

    /// What is known about `position` for `goal`: the answer if it is about this position,
    /// else [`Verdict::Checking`] while a question is open, else `None` (never asked).
    pub fn verdict(&self, position: &Position, goal: Goal) -> Option<Verdict> {
        match &self.answer {
            Some((p, g, v)) if p == position && *g == goal => Some(*v),
            _ if self.worker.is_some() || self.pending.is_some() => Some(Verdict::Checking),
            _ => None,
        }
    }

    /// Whether a question is in flight.
    pub fn busy(&self) -> bool {
        self.worker.is_some() || self.pending.is_some()
    }

    /// The last failure's message, if a search failed.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }
}

/// The verdict an exact search's outcome gives.
fn verdict_of(outcome: &Outcome) -> Verdict {
    match exact::verdict(outcome) {
        Some(true) => Verdict::Winnable(outcome.jumps.first().copied()),
        Some(false) => Verdict::NotWinnable,
        None => Verdict::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::catalogue;
    use std::time::{Duration, Instant};

    fn english() -> Position {
        catalogue::find("english")
            .and_then(|e| e.layout().ok())
            .and_then(|l| l.validate().ok())
            .map(|p| p.start)
            .expect("english")
    }

    fn settle(advisor: &mut Advisor) {
        let until = Instant::now() + Duration::from_secs(60);
        while advisor.busy() && Instant::now() < until {
            advisor.poll();
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(
            !advisor.busy(),
            "the advisor did not answer within a minute"
        );
    }

    #[test]
    fn the_hint_keeps_the_english_board_winnable_jump_after_jump() {
        let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
        let goal = Goal::At(english().shape().center().expect("centre"));
        let mut position = english();
        // Follow the hints to the end: every one is legal and the game is won.
        loop {
            advisor.ask(&position, goal);
            settle(&mut advisor);
            match advisor.verdict(&position, goal) {
                Some(Verdict::Winnable(Some(jump))) => {
                    position = position.try_play(jump).expect("hint is legal");
                }
                Some(Verdict::Winnable(None)) => break,
                other => panic!("expected winnable, got {other:?}"),
            }
        }
        assert!(position.is_won(goal));
    }

    #[test]
    fn positions_on_the_last_winning_line_are_answered_at_once() {
        let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
        let start = english();
        advisor.ask(&start, Goal::Anywhere);
        settle(&mut advisor);
        let Some(Verdict::Winnable(Some(first))) = advisor.verdict(&start, Goal::Anywhere) else {
            panic!("the English board is winnable");
        };
        let next = start.try_play(first).expect("legal");
        advisor.ask(&next, Goal::Anywhere);
        // No search started: the answer is there before any poll.
        assert!(!advisor.busy());
        assert!(matches!(
            advisor.verdict(&next, Goal::Anywhere),
            Some(Verdict::Winnable(Some(_)))
        ));
    }

    #[test]
    fn a_lost_position_is_proven_not_winnable() {
        let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
        let start = english();
        let center = start.shape().center().expect("centre");
        // A corner finish is in another class than the centre start: impossible.
        let corner = crate::rules::Cell { x: 2, y: 0 };
        assert_ne!(corner, center);
        advisor.ask(&start, Goal::At(corner));
        settle(&mut advisor);
        assert_eq!(
            advisor.verdict(&start, Goal::At(corner)),
            Some(Verdict::NotWinnable)
        );
    }

    #[test]
    fn one_peg_ruled_out_by_class_is_answered_without_a_search() {
        let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
        let level_8 = catalogue::find("8")
            .and_then(|e| e.layout().ok())
            .and_then(|l| l.validate().ok())
            .map(|p| p.start)
            .expect("level 8");
        advisor.ask(&level_8, Goal::Anywhere);
        assert!(!advisor.busy());
        assert_eq!(
            advisor.verdict(&level_8, Goal::Anywhere),
            Some(Verdict::NotWinnable)
        );
    }

    #[test]
    fn a_newer_question_supersedes_the_one_in_flight() {
        let mut advisor = Advisor::new(ADVISOR_BUDGET, || {});
        let start = english();
        let first = start.legal_jumps()[0];
        let next = start.try_play(first).expect("legal");
        advisor.ask(&start, Goal::Anywhere);
        advisor.ask(&next, Goal::Anywhere);
        settle(&mut advisor);
        assert_eq!(advisor.verdict(&start, Goal::Anywhere), None);
        assert!(matches!(
            advisor.verdict(&next, Goal::Anywhere),
            Some(Verdict::Winnable(Some(_)))
        ));
    }
}
