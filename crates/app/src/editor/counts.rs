//! The editor's facts about the board's solutions: the fewest moves to win it and how many
//! solutions (jump sequences) it has, found in the background within a budget.
//!
//! Owns two [`Task`]s keyed by the puzzle they answer and their answers ([`MovesFact`],
//! [`SolutionsFact`]). They run one after the other (the fewest moves first), so their
//! memory never adds up, and each is capped: the moves search at [`MOVES_BUDGET`]
//! positions expanded and [`MOVES_HELD`] held, the count at [`SOLUTIONS_HELD`] positions,
//! so a big board says "too many positions" or "not decided within the budget" instead of
//! taking the machine's memory. A board that changes cancels both and starts again after the
//! check's debounce.

use eframe::egui;
use pegsol_layout::{Finish, Puzzle};
use pegsol_rules::{CellSet, Goal, Grid, Position};
use pegsol_solver::budget::grouped;
use pegsol_solver::engines::moves::{self, MovesOutcome};
use pegsol_solver::engines::solutions::{self, SolutionCount, SolutionsError};
use pegsol_solver::engines::winnable::{WinnableSet, PRACTICAL_HOLES};
use pegsol_solver::jobs::task::Task;
use pegsol_solver::jobs::worker::Finished;
use pegsol_solver::{Control, Progress};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// What the editor's searches answer for: the grid, holes, pegs and finish (a board edited
/// back to the same is not searched again).
pub(super) type PuzzleKey = (Grid, CellSet, CellSet, Finish);

/// Positions the fewest-moves search may expand: enough to prove the English central game's
/// 18 (1.6 million) and every smaller board of the catalogue.
pub const MOVES_BUDGET: u64 = 2_000_000;

/// Positions the fewest-moves search may hold: about 256 MB at its 128 bytes each.
pub const MOVES_HELD: u64 = 2_000_000;

/// Positions the solution count may hold (canonical forms, by peg count): a few tens of
/// megabytes. The English central game's count goes through its winnable set instead (see
/// [`too_big`]).
pub const SOLUTIONS_HELD: u64 = 3_000_000;

/// How long the board must stay unchanged before the searches start.
const DELAY: Duration = Duration::from_millis(300);

/// What the editor knows about the fewest moves of the board as it stands.
#[derive(Clone, Debug, PartialEq)]
pub enum MovesFact {
    /// Not asked yet (the board just changed), or the count of solutions runs first.
    Waiting,
    /// The search is running.
    Searching,
    /// A win in this many moves; `proven`: none takes fewer.
    Found {
        /// Moves (one peg's chain of jumps each).
        moves: u32,
        /// Whether fewer moves were ruled out.
        proven: bool,
    },
    /// Proven: the board cannot be won.
    NotWinnable,
    /// Not decided within the budget; every win takes at least this many moves.
    Undecided {
        /// The lower bound reached.
        at_least: u32,
    },
    /// The board is too big to search here.
    TooBig,
    /// The board cannot be played (the checks say why).
    NotPlayable,
    /// The search failed; the text says why.
    Failed(String),
}

/// What the editor knows about the number of solutions of the board as it stands.
#[derive(Clone, Debug, PartialEq)]
pub enum SolutionsFact {
    /// Not started yet: the fewest moves are searched first.
    Waiting,
    /// The count is running.
    Counting,
    /// Counted: jump sequences that win, and the positions they pass through.
    Counted {
        /// Jump sequences from the start that reach the goal.
        solutions: num_bigint::BigUint,
        /// Distinct positions on at least one of them.
        positions: u64,
    },
    /// More positions than the editor counts over.
    TooMany,
    /// The board cannot be played (the checks say why).
    NotPlayable,
    /// The count failed; the text says why.
    Failed(String),
}

impl MovesFact {
    /// The fact in words, for the checks panel.
    pub fn text(&self) -> String {
        match self {
            MovesFact::Waiting => "waiting…".into(),
            MovesFact::Searching => "searching…".into(),
            MovesFact::Found {
                moves,
                proven: true,
            } => format!("{moves} (proven)"),
            MovesFact::Found { moves, .. } => format!("{moves} (not proven)"),
            MovesFact::NotWinnable => "none: the board cannot be won".into(),
            MovesFact::Undecided { at_least } => format!(
                "not decided within the budget ({} million positions); at least {at_least}",
                MOVES_BUDGET / 1_000_000
            ),
            MovesFact::TooBig => "too many positions to search here".into(),
            MovesFact::NotPlayable => "–".into(),
            MovesFact::Failed(e) => format!("the search failed: {e}"),
        }
    }

    /// Whether the search is still to come or running.
    pub fn busy(&self) -> bool {
        matches!(self, MovesFact::Waiting | MovesFact::Searching)
    }
}

impl SolutionsFact {
    /// The fact in words, for the checks panel.
    pub fn text(&self) -> String {
        match self {
            SolutionsFact::Waiting => "waiting…".into(),
            SolutionsFact::Counting => "counting…".into(),
            SolutionsFact::Counted {
                solutions,
                positions,
            } => format!(
                "{} jump sequences, through {} positions",
                grouped(&solutions.to_string()),
                grouped(&positions.to_string())
            ),
            SolutionsFact::TooMany => format!(
                "too many positions to count here (more than {} million)",
                SOLUTIONS_HELD / 1_000_000
            ),
            SolutionsFact::NotPlayable => "–".into(),
            SolutionsFact::Failed(e) => format!("the count failed: {e}"),
        }
    }

    /// Whether the count is still to come or running.
    pub fn busy(&self) -> bool {
        matches!(self, SolutionsFact::Waiting | SolutionsFact::Counting)
    }
}

/// Whether the engines would build a winnable set bigger than a front end builds unasked:
/// a start that is the goal turned inside out on a board of more than [`PRACTICAL_HOLES`]
/// holes (that build is not capped by the budgets here).
fn too_big(start: &Position, goal: Goal) -> bool {
    let shape = start.shape();
    WinnableSet::applies(shape, start.pegs(), goal) && shape.cells().len() > PRACTICAL_HOLES
}

/// The count's answer: the count or why not, and whether it stopped at [`SOLUTIONS_HELD`].
type Counted = (Result<SolutionCount, SolutionsError>, bool);

/// The two searches and their answers (see the module docs).
pub(super) struct Counts {
    /// The puzzle the facts are about, with its start and goal (to start the count once the
    /// moves are known).
    of: Option<(PuzzleKey, Option<(Position, Goal)>)>,
    moves_task: Task<PuzzleKey, MovesOutcome>,
    count_task: Task<PuzzleKey, Counted>,
    moves: MovesFact,
    solutions: SolutionsFact,
}

impl Default for Counts {
    fn default() -> Counts {
        Counts {
            of: None,
            moves_task: Task::new("editor-moves"),
            count_task: Task::new("editor-solutions"),
            moves: MovesFact::Waiting,
            solutions: SolutionsFact::Waiting,
        }
    }
}

impl Counts {
    /// The fewest moves, as far as known.
    pub(super) fn moves(&self) -> &MovesFact {
        &self.moves
    }

    /// The number of solutions, as far as known.
    pub(super) fn solutions(&self) -> &SolutionsFact {
        &self.solutions
    }

    /// Once a frame: starts again (cancelling both searches) when the puzzle changed, starts
    /// the count once the moves are known, and takes in answers.
    pub(super) fn logic(&mut self, ctx: &egui::Context, key: &PuzzleKey, puzzle: Option<&Puzzle>) {
        if self.of.as_ref().is_none_or(|(k, _)| k != key) {
            self.restart(ctx, key, puzzle);
        }
        if let Some((_, finished)) = self.moves_task.poll() {
            self.moves = match finished {
                Finished::Done(o) | Finished::Cancelled(o) => moves_fact(&o),
                Finished::Failed(e) => MovesFact::Failed(e),
            };
            self.start_count(ctx);
        } else if self.moves_task.is_running() {
            self.moves = MovesFact::Searching;
        }
        if let Some((_, finished)) = self.count_task.poll() {
            self.solutions = match finished {
                Finished::Done((result, capped)) | Finished::Cancelled((result, capped)) => {
                    solutions_fact(result, capped)
                }
                Finished::Failed(e) => SolutionsFact::Failed(e),
            };
        } else if self.count_task.is_running() {
            self.solutions = SolutionsFact::Counting;
        }
        if let Some(wait) = self.moves_task.wait() {
            ctx.request_repaint_after(wait);
        }
    }

    /// Forgets the answers about the old puzzle (cancelling its searches) and starts the
    /// moves search for `puzzle` after the debounce.
    fn restart(&mut self, ctx: &egui::Context, key: &PuzzleKey, puzzle: Option<&Puzzle>) {
        self.moves_task.clear();
        self.count_task.clear();
        // The first board is searched at once; later ones wait for the board to stay put.
        let delay = if self.of.is_some() {
            DELAY
        } else {
            Duration::ZERO
        };
        let game = puzzle.map(|p| (p.start.clone(), p.goal));
        self.of = Some((*key, game.clone()));
        let Some((start, goal)) = game else {
            self.moves = MovesFact::NotPlayable;
            self.solutions = SolutionsFact::NotPlayable;
            return;
        };
        if too_big(&start, goal) {
            self.moves = MovesFact::TooBig;
            self.solutions = SolutionsFact::TooMany;
            return;
        }
        self.moves = MovesFact::Waiting;
        self.solutions = SolutionsFact::Waiting;
        let wake = ctx.clone();
        self.moves_task.start_after(
            delay,
            *key,
            move |job| {
                let options = moves::Options {
                    budget: Some(MOVES_BUDGET),
                    max_held: Some(MOVES_HELD),
                    ..moves::Options::default()
                };
                job.control(|c| moves::fewest_moves(&start, goal, options, c))
            },
            move || wake.request_repaint(),
        );
    }

    /// Starts the count for the puzzle the facts are about.
    fn start_count(&mut self, ctx: &egui::Context) {
        let Some((key, Some((start, goal)))) = self.of.clone() else {
            return;
        };
        let wake = ctx.clone();
        self.count_task.start(
            key,
            move |job| {
                job.control(|c| {
                    // The job's own cancel flag, also raised when the positions held pass
                    // the cap: the count stops either way, and `capped` tells which.
                    let flag = c.cancel_flag();
                    let capped = AtomicBool::new(false);
                    let mut on_progress = |p: &Progress| {
                        job.progress(*p);
                        // The count reports the positions it holds as `expanded`.
                        if p.expanded > SOLUTIONS_HELD {
                            capped.store(true, Ordering::Relaxed);
                            flag.store(true, Ordering::Relaxed);
                        }
                    };
                    let mut control = Control::new(flag, &mut on_progress);
                    let result = solutions::count_solutions(&start, goal, &mut control);
                    (result, capped.load(Ordering::Relaxed))
                })
            },
            move || wake.request_repaint(),
        );
        self.solutions = SolutionsFact::Counting;
    }
}

/// The moves search's outcome as a fact.
fn moves_fact(o: &MovesOutcome) -> MovesFact {
    match (o.moves(), o.proven_optimal) {
        (Some(moves), proven) => MovesFact::Found { moves, proven },
        (None, true) => MovesFact::NotWinnable,
        (None, false) => MovesFact::Undecided {
            at_least: o.lower_bound,
        },
    }
}

/// The count's answer as a fact.
fn solutions_fact(result: Result<SolutionCount, SolutionsError>, capped: bool) -> SolutionsFact {
    match result {
        Ok(c) => SolutionsFact::Counted {
            solutions: c.solutions,
            positions: c.positions,
        },
        Err(_) if capped => SolutionsFact::TooMany,
        Err(SolutionsError::TooManyPositions | SolutionsError::TooLarge(_)) => {
            SolutionsFact::TooMany
        }
        Err(e) => SolutionsFact::Failed(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_undecided_search_says_its_lower_bound() {
        let text = MovesFact::Undecided { at_least: 12 }.text();
        assert!(text.contains("not decided within the budget") && text.ends_with("at least 12"));
    }
}
