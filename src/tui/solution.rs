//! Solving from here and replaying the solution: the keys of the solve prompt, taking in the
//! search's answer, and stepping or playing the timeline.
//!
//! Owns the part of [`TuiGame`]'s behaviour that deals with a line of jumps the person did
//! not play: the solver's answer is put after the position on the board with
//! [`crate::record::Record::load_line`], exactly as the window's "Load solution" does, and the
//! replay walks the record's timeline, so taking over at any point drops the rest of it.

use super::game::{TuiGame, REPLAY_STEP};
use super::solve::{short_count, Solving};
use crate::rules::Position;
use crate::solver::services::worker::Finished;
use crate::solver::Outcome;
use ratatui::crossterm::event::KeyCode;
use std::time::Instant;

impl TuiGame {
    /// `s`: opens the solve prompt (engine and budget), unless a search is already running.
    pub(super) fn open_solve_prompt(&mut self) {
        if self.solving.is_some() {
            self.message = "A solve is already running: c cancels it".into();
            return;
        }
        self.next_step = None;
        self.prompt = Some(self.plan);
    }

    /// Keys while the solve prompt is open: Tab switches engine, arrows or +/- change the
    /// budget, Enter starts, Escape closes.
    pub(super) fn prompt_key(&mut self, code: KeyCode) {
        let Some(plan) = &mut self.prompt else {
            return;
        };
        match code {
            KeyCode::Tab | KeyCode::BackTab | KeyCode::Char('e' | 'E') => plan.toggle_engine(),
            KeyCode::Right | KeyCode::Up | KeyCode::Char('+' | '=') => plan.step_budget(true),
            KeyCode::Left | KeyCode::Down | KeyCode::Char('-') => plan.step_budget(false),
            KeyCode::Enter | KeyCode::Char('s' | 'S') => {
                let plan = *plan;
                self.prompt = None;
                self.plan = plan;
                let from = self.game.record.position().clone();
                self.solving = Some(Solving::start(plan, from, self.game.puzzle.goal));
                self.message = format!(
                    "Solving from here ({})...",
                    plan.describe(self.game.puzzle.shape().cells().len())
                );
            }
            KeyCode::Esc | KeyCode::Char('q' | 'Q') => {
                self.prompt = None;
                self.message = "Solve closed".into();
            }
            _ => {}
        }
    }

    pub(super) fn cancel_solve(&mut self) {
        match &self.solving {
            Some(solving) => {
                solving.cancel();
                self.message = "Cancelling the solve...".into();
            }
            None => self.message = "No solve is running".into(),
        }
    }

    /// A search ended: load its line after the position it started from, if the board still
    /// shows that position.
    pub(super) fn solve_finished(&mut self, finished: Finished<Outcome>, from: &Position) {
        let (outcome, cancelled) = match finished {
            Finished::Done(o) => (o, false),
            Finished::Cancelled(o) => (o, true),
            Finished::Failed(why) => {
                self.message = format!("The solve failed: {why}");
                return;
            }
        };
        let found = if outcome.won {
            format!(
                "a win in {} jumps{}",
                outcome.jumps.len(),
                if outcome.proven_optimal {
                    ""
                } else {
                    " (not proven optimal)"
                }
            )
        } else {
            format!(
                "no win; best {} pegs after {} jumps{}",
                outcome.pegs_left,
                outcome.jumps.len(),
                if outcome.proven_optimal {
                    ", proven"
                } else {
                    ", budget used up"
                }
            )
        };
        let stats = format!(
            "{} expanded in {:.1} s",
            short_count(outcome.expanded),
            outcome.elapsed.as_secs_f64()
        );
        let head = if cancelled {
            "Solve cancelled"
        } else {
            "Solved"
        };
        if self.game.record.position() != from {
            self.message = format!(
                "{head}: {found}, {stats}; the board has moved on, so nothing was loaded (s solves from here)"
            );
            return;
        }
        if outcome.jumps.is_empty() {
            self.message = format!("{head}: {found}, {stats}");
            return;
        }
        self.message = match self.game.record.load_line(&outcome.jumps) {
            Ok(()) => format!("{head}: {found}, {stats}. p plays it, ] steps, [ steps back"),
            Err((i, e)) => format!("{head}, but jump {} is not legal: {}", i + 1, e.in_words()),
        };
    }

    /// `]` and `[`: one jump along the timeline (the solution loaded, or what redo would
    /// replay).
    pub(super) fn step_replay(&mut self, forward: bool) {
        self.next_step = None;
        let index = self.game.record.index();
        let target = if forward {
            index + 1
        } else {
            index.saturating_sub(1)
        };
        self.goto(target);
        if self.game.record.index() == index {
            self.message = if forward {
                "End of the line: nothing more to replay".into()
            } else {
                "At the start of the line".into()
            };
        }
    }

    pub(super) fn goto(&mut self, index: usize) {
        let before = self.game.record.index();
        self.selected = None;
        self.game.record.goto(index);
        if self.game.record.index() != before {
            self.after_replay_step();
        }
    }

    /// `p`: plays the rest of the timeline, a jump every [`REPLAY_STEP`], or pauses it.
    pub(super) fn toggle_replay(&mut self, now: Instant) {
        if self.next_step.take().is_some() {
            self.message = "Replay paused".into();
        } else if self.game.record.index() < self.game.record.jumps().len() {
            self.next_step = Some(now + REPLAY_STEP);
            self.message = "Playing (p pauses)".into();
        } else {
            self.message = "Nothing to play: s solves from here, then p plays the solution".into();
        }
    }

    pub(super) fn after_replay_step(&mut self) {
        if let Some(last) = self.game.record.played().last() {
            self.cursor = last.to;
        }
        self.message = format!(
            "Jump {} of {}",
            self.game.record.index(),
            self.game.record.jumps().len()
        );
        self.position_changed();
        self.report_end();
    }
}
