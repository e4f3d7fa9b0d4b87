//! Solving from here and replaying the solution: the keys of the solve prompt, taking in the
//! search's answer, and stepping or playing the timeline.
//!
//! Owns the part of [`TuiGame`]'s behaviour that deals with a line of jumps the person did
//! not play: the solver's answer is put after the position on the board with
//! [`pegsol_record::PlaySession::load_solution`], exactly as the window's "Load solution"
//! does, and the replay walks the record's timeline at the session's pace, so taking over at
//! any point drops the rest of it.

use super::game::TuiGame;
use super::solve::Solving;
use pegsol_rules::{jumps_in_words, pegs_in_words, Position};
use pegsol_solver::budget::rounded;
use pegsol_solver::jobs::worker::Finished;
use pegsol_solver::Outcome;
use ratatui::crossterm::event::KeyCode;
use std::time::Instant;

impl TuiGame {
    /// `s`: opens the solve prompt (engine and budget), unless a search is already running.
    pub(super) fn open_solve_prompt(&mut self) {
        if self.solving.is_some() {
            self.message = "A solve is already running: c cancels it".into();
            return;
        }
        self.session.pause_replay();
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
                let from = self.session.position().clone();
                self.solving = Some(Solving::start(plan, from, self.puzzle().goal));
                self.message = format!(
                    "Solving from here ({})...",
                    plan.describe(self.puzzle().shape().cells().len())
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
                "a win in {}{}",
                jumps_in_words(outcome.jumps.len()),
                if outcome.proven_optimal {
                    ""
                } else {
                    " (not proven optimal)"
                }
            )
        } else {
            let best = pegs_in_words(outcome.pegs_left);
            if outcome.proven_optimal {
                format!("no win: {best} is the best there is (proven)")
            } else if cancelled {
                format!("no win found before the cancel; the best so far leaves {best}")
            } else {
                format!("no win within the budget; the best found leaves {best}")
            }
        };
        let stats = format!(
            "{} expanded in {:.1} s",
            rounded(outcome.expanded),
            outcome.elapsed.as_secs_f64()
        );
        let head = match (cancelled, outcome.won) {
            (true, _) => "Search cancelled",
            (false, true) => "Solved",
            (false, false) => "Search finished",
        };
        if self.session.position() != from {
            self.message = format!(
                "{head}: {found}, {stats}; the board has moved on, so nothing was loaded (s solves from here)"
            );
            return;
        }
        if outcome.jumps.is_empty() {
            self.message = format!("{head}: {found}, {stats}");
            return;
        }
        let now = self.now();
        self.message = match self.session.load_solution(from, &outcome.jumps, now) {
            Ok(_) => format!("{head}: {found}, {stats}. p plays it, ] steps, [ steps back"),
            Err(pegsol_record::session::LoadError::Illegal { index, error }) => format!(
                "{head}, but jump {index} is not legal: {}",
                self.names.refusal(error)
            ),
            Err(e) => format!("{head}, but {e}"),
        };
    }

    /// `]` and `[`: one jump along the timeline (the solution loaded, or what redo would
    /// replay).
    pub(super) fn step_replay(&mut self, forward: bool) {
        self.selected = None;
        let now = self.now();
        if self.session.step(forward, now).is_some() {
            self.after_replay_step();
        } else {
            self.message = if forward {
                "End of the line: nothing more to replay".into()
            } else {
                "At the start of the line".into()
            };
        }
    }

    pub(super) fn goto(&mut self, index: usize) {
        self.selected = None;
        let now = self.now();
        if self.session.goto(index, now) {
            self.after_replay_step();
        }
    }

    /// `p`: plays the rest of the timeline at the session's pace, or pauses it.
    pub(super) fn toggle_replay(&mut self, now: Instant) {
        let now = self.secs(now);
        let was = self.session.is_replaying();
        self.message = if self.session.toggle_replay(now) {
            "Playing (p pauses)".into()
        } else if was {
            "Replay paused".into()
        } else {
            "Nothing to play: s solves from here, then p plays the solution".into()
        };
    }

    pub(super) fn after_replay_step(&mut self) {
        let last = self.session.record().played().last().copied();
        if let Some(last) = last {
            self.cursor = last.to;
        }
        // Which jump, in words, so stepping can be followed without reading the board.
        let what = last.map_or(String::new(), |j| format!(": {}", self.names.jump(j)));
        self.message = format!(
            "Jump {} of {}{what}",
            self.session.record().index(),
            self.session.record().jumps().len()
        );
        self.report_end();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pegsol_record::Game;
    use pegsol_solver::Engine;
    use pegsol_solver::Stop;

    fn outcome(won: bool, proven: bool, stop: Stop) -> Outcome {
        Outcome {
            engine: Engine::Exact,
            jumps: Vec::new(),
            pegs_left: if won { 1 } else { 3 },
            won,
            proven_optimal: proven,
            stop,
            expanded: 1000,
            generated: 4000,
            peak_nodes: 10,
            elapsed: std::time::Duration::from_millis(100),
            storage_bytes: 0,
            found_by: None,
        }
    }

    fn told(finished: Finished<Outcome>) -> String {
        let game = Game::from_spec("english").expect("a board");
        let from = game.record.position().clone();
        let mut tui = TuiGame::new(game, "test".into());
        tui.solve_finished(finished, &from);
        tui.message
    }

    #[test]
    fn a_failed_or_cancelled_search_says_which_and_what_it_found() {
        let budget = told(Finished::Done(outcome(false, false, Stop::Budget)));
        assert!(
            budget.starts_with(
                "Search finished: no win within the budget; the best found leaves 3 pegs"
            ),
            "{budget}"
        );
        let proven = told(Finished::Done(outcome(false, true, Stop::Exhausted)));
        assert!(
            proven.starts_with("Search finished: no win: 3 pegs is the best there is (proven)"),
            "{proven}"
        );
        let cancelled = told(Finished::Cancelled(outcome(false, false, Stop::Cancelled)));
        assert!(
            cancelled.starts_with("Search cancelled: no win found before the cancel"),
            "{cancelled}"
        );
        assert!(!cancelled.contains("budget"), "{cancelled}");
        let failed = told(Finished::Failed("the worker panicked".into()));
        assert_eq!(failed, "The solve failed: the worker panicked");
    }

    #[test]
    fn stepping_names_the_jump() {
        let mut tui = TuiGame::new(Game::from_spec("0").expect("a board"), "test".into());
        let jump = tui.session.position().legal_jumps()[0];
        tui.game_mut().record.load_line(&[jump]).expect("legal");
        tui.step_replay(true);
        assert_eq!(tui.message, format!("Jump 1 of 1: {}", jump.in_words()));
        assert!(tui.message.contains(" over "), "{}", tui.message);
    }
}
