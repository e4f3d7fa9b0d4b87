//! The editor's background work: the exact solver's verdict on the board as it stands, its
//! fewest moves and number of solutions ([`super::counts`]), and on request the analysis of
//! every single-vacancy start.
//!
//! Owns two [`Task`]s, keyed by what they answer (the puzzle for the check, the holes for
//! the analysis), and their last answers. A board that changes restarts the check after a
//! short debounce (a drag across ten cells starts one search) and drops an analysis of other
//! holes; the tasks cancel the searches they replace.

use super::counts::{Counts, PuzzleKey};
use super::{Verdict, ANALYZE_BUDGET, CHECK_BUDGET};
use eframe::egui;
use pegsol_layout::edit::{Board, Facts};
use pegsol_rules::{CellSet, Grid};
use pegsol_solver::engines::exact;
use pegsol_solver::jobs::task::Task;
use pegsol_solver::jobs::worker::Finished;
use pegsol_solver::services::analyze::{analyze, StartReport};
use std::sync::Arc;
use std::time::Duration;

/// How long the board must stay unchanged before a check starts, so a drag across ten cells
/// starts one search, not ten.
const CHECK_DELAY: Duration = Duration::from_millis(200);

/// What the analysis answers: the grid and holes.
type ShapeKey = (Grid, CellSet);

/// A finished (or stopped) analysis, for one shape.
struct Analysis {
    key: ShapeKey,
    reports: Option<Vec<StartReport>>,
    failed: Option<String>,
}

/// The check and the analysis (see the module docs).
pub(super) struct Jobs {
    check: Task<PuzzleKey, Option<bool>>,
    /// The board the verdict is about, and the verdict.
    checked: Option<(PuzzleKey, Verdict)>,
    analysis: Task<ShapeKey, Option<Vec<StartReport>>>,
    analysed: Option<Analysis>,
    /// The fewest moves and the number of solutions.
    counts: Counts,
}

impl Default for Jobs {
    fn default() -> Jobs {
        Jobs {
            check: Task::new("editor-check"),
            checked: None,
            analysis: Task::new("editor-analysis"),
            analysed: None,
            counts: Counts::default(),
        }
    }
}

impl Jobs {
    /// The verdict on the board as it stands, once a check was made for it.
    pub(super) fn verdict(&self) -> Option<&Verdict> {
        self.checked.as_ref().map(|(_, v)| v)
    }

    /// The fewest moves and the number of solutions of the board as it stands.
    pub(super) fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The analysis of the starts, when finished and still about the board's holes.
    pub(super) fn analysis(&self) -> Option<&[StartReport]> {
        self.analysed.as_ref().and_then(|a| a.reports.as_deref())
    }

    /// Why the last analysis stopped, if it did not finish.
    pub(super) fn analysis_failed(&self) -> Option<&str> {
        self.analysed.as_ref().and_then(|a| a.failed.as_deref())
    }

    /// Whether the analysis is running.
    pub(super) fn analyzing(&self) -> bool {
        self.analysis.is_busy()
    }

    /// Positions the running analysis has searched so far.
    pub(super) fn analysis_progress(&self) -> u64 {
        self.analysis
            .snapshot()
            .and_then(|s| s.progress)
            .map_or(0, |p| p.expanded)
    }

    /// Starts analysing every single-vacancy start of `board`'s holes.
    pub(super) fn analyze(&mut self, ctx: &egui::Context, board: &Board) {
        let shape = Arc::new(board.shape());
        let wake = ctx.clone();
        self.analysed = None;
        self.analysis.start(
            board.shape_key(),
            move |job| job.control(|c| analyze(&shape, None, Some(ANALYZE_BUDGET), c)),
            move || wake.request_repaint(),
        );
    }

    /// Stops the analysis and forgets it.
    pub(super) fn cancel_analysis(&mut self) {
        self.analysis.clear();
        self.analysed = None;
    }

    /// Once a frame: restarts the check when the board changed, drops an analysis of other
    /// holes, and takes in finished jobs; the fewest moves and the solution count only while
    /// the editor is `shown`. Returns whether an analysis was dropped.
    pub(super) fn logic(
        &mut self,
        ctx: &egui::Context,
        board: &Board,
        facts: &Facts,
        shown: bool,
    ) -> bool {
        let key = board.puzzle_key();
        if shown {
            self.counts.logic(ctx, &key, facts.puzzle.as_ref());
        }
        if self.checked.as_ref().is_none_or(|(k, _)| *k != key) {
            // The first check starts at once; later ones wait for the board to stay put.
            let delay = if self.checked.is_some() {
                CHECK_DELAY
            } else {
                Duration::ZERO
            };
            let verdict = match &facts.puzzle {
                Some(puzzle) => {
                    let (start, goal) = (puzzle.start.clone(), puzzle.goal);
                    let wake = ctx.clone();
                    self.check.start_after(
                        delay,
                        key,
                        move |job| {
                            job.control(|c| exact::winnable(&start, goal, Some(CHECK_BUDGET), c).0)
                        },
                        move || wake.request_repaint(),
                    );
                    Verdict::Waiting
                }
                None => {
                    self.check.clear();
                    Verdict::NotPlayable
                }
            };
            self.checked = Some((key, verdict));
        }
        if let Some((answered, finished)) = self.check.poll() {
            let verdict = match finished {
                Finished::Done(Some(true)) => Verdict::Winnable,
                Finished::Done(Some(false)) => Verdict::NotWinnable,
                Finished::Done(None) | Finished::Cancelled(_) => Verdict::Unknown,
                Finished::Failed(e) => Verdict::Failed(e),
            };
            self.checked = Some((answered, verdict));
        } else if self.check.is_running() {
            if let Some((_, verdict)) = &mut self.checked {
                *verdict = Verdict::Checking;
            }
        }
        if let Some(wait) = self.check.wait() {
            ctx.request_repaint_after(wait);
        }

        let shape = board.shape_key();
        let stale = |k: &ShapeKey| *k != shape;
        let dropped = self.analysed.as_ref().is_some_and(|a| stale(&a.key))
            || self.analysis.key().is_some_and(stale);
        if dropped {
            // The holes changed: the answers are about another board.
            self.cancel_analysis();
        }
        if let Some((key, finished)) = self.analysis.poll() {
            let (reports, failed) = match finished {
                Finished::Done(Some(reports)) => (Some(reports), None),
                Finished::Done(None) | Finished::Cancelled(_) => (None, Some("cancelled".into())),
                Finished::Failed(e) => (None, Some(e)),
            };
            self.analysed = Some(Analysis {
                key,
                reports,
                failed,
            });
        }
        dropped
    }
}
