//! "Go to expansion N" far away: the steps run on their own thread, so the window keeps
//! drawing (Level 6's three million expansions take seconds), with a progress line and Stop.
//!
//! Owns the long walk only: the stepper and the chart's history are lent to the thread and
//! come back when it ends (at the step asked for, where the search stopped, or where Stop
//! caught it), with the node to show. A short walk, a frame's worth, is taken at once in
//! [`super::SearchView`] and never comes here.

use super::chart::History;
use super::stepper::{Node, Stepper};
use pegsol_rules::Position;
use pegsol_solver::jobs::task::Task;
use pegsol_solver::jobs::worker::{Finished, Job};
use pegsol_solver::Progress;
use std::time::Instant;

/// The most steps "Go to" takes between two frames; a longer walk goes to its own thread.
/// About a frame's work at the fastest run speed on the slowest engine (a few µs a step).
pub const INLINE_STEPS: u64 = 5_000;

/// Steps between two looks at the Stop flag and two progress reports: about a millisecond.
const CHECK_EVERY: u64 = 256;

/// What a walk hands back: the stepper and history it was lent, and the node to show
/// (`None` if it took no step and did not start from the start).
pub struct Walked {
    /// The stepper, moved on.
    pub stepper: Stepper,
    /// The chart's history, moved on with it.
    pub history: History,
    /// The node after the last step taken.
    pub node: Option<Node>,
}

/// A walk under way: where it goes, and what the view shows meanwhile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The step it walks to.
    pub target: u64,
    /// The step it started from (0: from the start again).
    pub from: u64,
}

/// The Search view's long walks, one at a time.
pub struct Going {
    task: Task<Walk, Walked>,
}

impl Default for Going {
    fn default() -> Going {
        Going {
            task: Task::new("pegsol-search-go"),
        }
    }
}

impl Going {
    /// Lends `stepper` and `history` to a thread that takes `count` steps (fewer if the
    /// search stops or Stop is pressed); `from_start`: the stepper is fresh, so a walk with
    /// no step shows `start`. `wake` asks for a frame when there is news.
    pub fn start(
        &mut self,
        walk: Walk,
        (mut stepper, mut history): (Stepper, History),
        count: u64,
        start: Position,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        let from_start = walk.from == 0;
        let job = move |job: &Job<Walked>| {
            let began = Instant::now();
            let mut last = None;
            let mut taken = 0;
            while taken < count {
                if taken.is_multiple_of(CHECK_EVERY) {
                    if job.cancelled() {
                        break;
                    }
                    report(job, &stepper, began);
                }
                let Some(notes) = stepper.step() else {
                    break;
                };
                let (x, first, best) = stepper.point();
                history.record(x, first, best);
                last = Some(notes);
                taken += 1;
            }
            let node = match last {
                Some(notes) => Some(stepper.node(notes)),
                None => from_start.then(|| Node::start(&start)),
            };
            Walked {
                stepper,
                history,
                node,
            }
        };
        self.task.start(walk, job, wake);
    }

    /// The walk under way, if any.
    pub fn walk(&self) -> Option<Walk> {
        self.task.key().copied()
    }

    /// Steps the stepper has reached, by the thread's last report.
    pub fn reached(&self) -> Option<u64> {
        let snapshot = self.task.snapshot()?;
        snapshot.progress.map(|p| p.expanded)
    }

    /// Asks the walk to stop where it is (it comes back from [`Going::poll`] a moment later).
    pub fn stop(&mut self) {
        self.task.cancel();
    }

    /// Whether Stop was pressed and the walk has not come back yet.
    pub fn is_stopping(&self) -> bool {
        self.task.is_cancelling()
    }

    /// Forgets the walk (its stepper with it): the view starts another search.
    pub fn clear(&mut self) {
        self.task.clear();
    }

    /// The walk, once it has ended (stopped or not); an error if its thread failed.
    pub fn poll(&mut self) -> Option<Result<Walked, String>> {
        let (_, finished) = self.task.poll()?;
        Some(match finished {
            Finished::Done(walked) | Finished::Cancelled(walked) => Ok(walked),
            Finished::Failed(e) => Err(e),
        })
    }
}

/// Tells the view where the walk is: the steps done (as `expanded`, whatever a step is) and
/// the search's own counts.
fn report(job: &Job<Walked>, stepper: &Stepper, began: Instant) {
    let shown = stepper.counters();
    let (_, _, best_pegs) = stepper.point();
    job.progress(Progress {
        expanded: stepper.done(),
        generated: shown.generated(),
        best_pegs,
        elapsed: began.elapsed(),
        preparing: None,
        meeting: None,
    });
}
