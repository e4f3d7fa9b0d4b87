//! One question about a position, thought on until it is decided: what is known so far and
//! what to do next. The one plan the window's and the terminal game's advisor and
//! `pegsol hint` all follow, so that each says the same thing about a position.
//!
//! The steps, in order:
//! 1. the quick answer: a round of [`HINT_BUDGET`] positions ([`rounds`]);
//! 2. when that leaves it open, every legal jump with the quick search (cheap: a jump found
//!    winning decides the position);
//! 3. while still open, the next round, each examining [`super::rounds`]' growing number of
//!    positions in all, until decided, the effort is reached, or the person stops it;
//! 4. once decided (when the jumps are wanted), every legal jump again, now with the
//!    verdict known.
//!
//! Step 2 runs whether or not the jumps are shown, so the verdict never depends on a view
//! setting.

use super::{decided_by_a_jump, rounds, Answer, Hint, Judge, JumpVerdicts, HINT_BUDGET};
use crate::Control;
use pegsol_rules::{Goal, Jump, Position};
use std::time::Instant;

/// What to do next for a [`Question`].
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Think on the verdict until this many positions are examined in all
    /// ([`super::Judge::think`]); the first round is the quick answer.
    Verdict {
        /// The round's effort.
        effort: u64,
        /// Which round (`0`: the quick answer).
        round: usize,
    },
    /// Judge every legal jump given this answer ([`super::Judge::judge_jumps_with_lines`]).
    Jumps(Answer),
}

/// One question about a position (see the module docs).
#[derive(Clone, Debug)]
pub struct Question {
    position: Position,
    goal: Goal,
    /// The efforts of the rounds.
    rounds: Vec<u64>,
    /// Rounds done.
    done: usize,
    /// The latest answer (after the first round).
    answer: Option<Answer>,
    /// Positions examined for the verdict over the rounds done.
    examined: u64,
    /// The jump verdicts and winning lines, and whether they were judged knowing the
    /// verdict.
    jumps: Option<(JumpVerdicts, Vec<Vec<Jump>>, bool)>,
    /// The person stopped the thinking.
    stopped: bool,
}

impl Question {
    /// A question about `position` for `goal`, thought on up to `effort` positions.
    pub fn new(position: Position, goal: Goal, effort: u64) -> Question {
        Question {
            position,
            goal,
            rounds: rounds(effort),
            done: 0,
            answer: None,
            examined: 0,
            jumps: None,
            stopped: false,
        }
    }

    /// A question already decided (remembered from earlier in the session).
    pub fn decided(position: Position, goal: Goal, answer: Answer, examined: u64) -> Question {
        let mut q = Question::new(position, goal, 0);
        q.done = q.rounds.len();
        q.answer = Some(answer);
        q.examined = examined;
        q
    }

    /// Thinks on up to `effort` positions from now on: the rounds done stay done (the rounds
    /// of two efforts agree below the smaller).
    pub fn set_effort(&mut self, effort: u64) {
        self.rounds = rounds(effort);
    }

    /// The position asked about.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The goal asked about.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// Whether this is the question about `position` for `goal`.
    pub fn is_about(&self, position: &Position, goal: Goal) -> bool {
        self.goal == goal && self.position == *position
    }

    /// What to do next (`colours`: whether the jumps are wanted once the verdict is
    /// decided); `None` when there is nothing left to do.
    pub fn next(&self, colours: bool) -> Option<Step> {
        let round = |i: usize| Step::Verdict {
            effort: self.rounds[i],
            round: i,
        };
        let Some(answer) = &self.answer else {
            return Some(round(0));
        };
        let judged = self.jumps.as_ref().map(|(_, _, knowing)| *knowing);
        match answer.known() {
            None if judged.is_none() => Some(Step::Jumps(answer.clone())),
            None if !self.stopped && self.done < self.rounds.len() => Some(round(self.done)),
            None => None,
            Some(_) if colours && judged != Some(true) => Some(Step::Jumps(answer.clone())),
            Some(_) => None,
        }
    }

    /// Takes in a round's answer, with the positions examined for the verdict so far.
    pub fn take_verdict(&mut self, answer: Answer, examined: u64) {
        self.done += 1;
        self.examined = examined;
        if self.answer.as_ref().is_some_and(|a| a.known().is_some()) {
            return;
        }
        self.answer = Some(answer);
    }

    /// Takes in the jump verdicts judged given `answer`; an open position with a jump found
    /// winning is winnable by that jump's line.
    pub fn take_jumps(&mut self, answer: &Answer, jumps: JumpVerdicts, lines: Vec<Vec<Jump>>) {
        let knowing = answer.known().is_some();
        if !knowing {
            if let Some(open) = self.answer.take() {
                self.answer = Some(decided_by_a_jump(open, &lines));
            }
        }
        self.jumps = Some((jumps, lines, knowing));
    }

    /// Stops thinking on: the answer stays the last round's.
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    /// The latest answer, once the first round is done.
    pub fn answer(&self) -> Option<&Answer> {
        self.answer.as_ref()
    }

    /// Positions examined for the verdict over the rounds done.
    pub fn examined(&self) -> u64 {
        self.examined
    }

    /// The jump verdicts, once judged.
    pub fn jumps(&self) -> Option<&JumpVerdicts> {
        self.jumps.as_ref().map(|(j, _, _)| j)
    }

    /// Whether the answer is open and more rounds are to come (not stopped, effort not
    /// reached).
    pub fn thinking(&self) -> bool {
        self.answer.as_ref().is_some_and(|a| a.known().is_none())
            && !self.stopped
            && self.done < self.rounds.len()
    }

    /// Whether the person stopped the thinking before the answer was decided.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

impl Judge {
    /// A judge for questions thought on up to `effort` positions: its first round (and the
    /// share of each legal jump) is the quick answer's, or `effort` if less.
    pub fn for_effort(effort: u64) -> Judge {
        Judge::new(HINT_BUDGET.min(effort))
    }

    /// The verdict on `position` and every legal jump's, within the judge's budget.
    pub fn hint(&mut self, position: &Position, goal: Goal, control: &mut Control) -> Hint {
        let effort = self.budget;
        self.hint_with_effort(position, goal, effort, control)
    }

    /// The verdict on `position` and every legal jump's, thought on up to `effort`
    /// positions by the plan every front end follows (see the module docs): what the
    /// window and the terminal game say with that hint effort.
    pub fn hint_with_effort(
        &mut self,
        position: &Position,
        goal: Goal,
        effort: u64,
        control: &mut Control,
    ) -> Hint {
        let started = Instant::now();
        // The jumps are judged by a judge of their own, so that judging them does not
        // forget the verdict's thinking.
        let mut jumper = Judge::new(self.budget);
        jumper.share_set(self);
        let mut question = Question::new(position.clone(), goal, effort);
        while let Some(step) = question.next(true) {
            // A step cut short by a cancel is dropped: what stands is what was finished.
            match step {
                Step::Verdict { effort, .. } => {
                    let answer = self.think(position, goal, effort, control);
                    if control.cancelled() {
                        break;
                    }
                    question.take_verdict(answer, self.examined());
                }
                Step::Jumps(answer) => {
                    let (jumps, lines) =
                        jumper.judge_jumps_with_lines(position, goal, &answer, control);
                    if control.cancelled() {
                        break;
                    }
                    question.take_jumps(&answer, jumps, lines);
                }
            }
        }
        Hint {
            answer: question
                .answer()
                .cloned()
                .unwrap_or(Answer::Unknown(Vec::new())),
            jumps: question.jumps().cloned().unwrap_or_default(),
            examined: question.examined(),
            stopped: control.cancelled(),
            seconds: started.elapsed().as_secs_f64(),
        }
    }
}
