//! The portfolio's members in lockstep: the same start, goal and budget give the same answer
//! on every run, on any machine, under any load.
//!
//! Each member (the depth-first workers and the beam) runs on its own thread, but only for
//! a slice of expansions at a time; then it pauses until every other member has used its
//! slice too (a round). What a member learns during a round (failures, its deepest line, a
//! solution, a proof that the target is out of reach) stays its own until the round ends:
//! the failures it finds go to its private overlay, which it alone reads. At the round's
//! end the last member to pause merges every member's report into what they share, in
//! member order (so the lossy failure table holds the same entries whatever the threads'
//! timing), decides whether the search goes on, and hands out the next slices. A member
//! that reads the shared table therefore only ever sees what every earlier round found, a
//! fact of the search rather than of the scheduler.
//!
//! The budget is handed out in slices: their sum never exceeds what is left, so a search
//! never expands more than its budget (the beam's expansions included). The number of
//! members is fixed by the options, never by the number of cores.

use super::shared::{lock, Shared};
use crate::boards::failtable::{FailTable, HasFailTable};
use crate::Finder;
use std::sync::atomic::Ordering;
use std::sync::{Condvar, Mutex};

/// What a member found since it last paused, merged at the end of the round.
pub(super) struct Report<B> {
    /// Positions expanded.
    pub(super) expanded: u64,
    /// Positions generated.
    pub(super) generated: u64,
    /// Positions proven to fail, in the order found.
    pub(super) failed: Vec<B>,
    /// The deepest line it reached, and who found it, if deeper than what it knew.
    pub(super) best: Option<(Vec<u16>, Finder)>,
    /// A line that reaches the target.
    pub(super) solution: Option<(Vec<u16>, Finder)>,
    /// Whether it proved the target out of reach.
    pub(super) exhausted: bool,
}

impl<B> Default for Report<B> {
    fn default() -> Self {
        Report {
            expanded: 0,
            generated: 0,
            failed: Vec::new(),
            best: None,
            solution: None,
            exhausted: false,
        }
    }
}

/// Where the rounds stand.
struct State {
    /// Members that have not retired.
    active: usize,
    /// Members paused in this round.
    arrived: usize,
    /// Rounds completed.
    round: u64,
    /// Each member's slice for the current round.
    allot: Vec<u64>,
    retired: Vec<bool>,
    /// The search is over: every member stops at its next pause.
    stop: bool,
}

/// The members' rounds (see the module docs).
pub(super) struct Lockstep<'s, 'a, B: HasFailTable> {
    shared: &'s Shared<'a, B>,
    /// Each member's largest slice.
    slices: Vec<u64>,
    state: Mutex<State>,
    turn: Condvar,
    reports: Vec<Mutex<Report<B>>>,
}

impl<'s, 'a, B: HasFailTable> Lockstep<'s, 'a, B> {
    /// Rounds for members whose slices are at most `slices`, sharing `shared`'s budget.
    pub(super) fn new(shared: &'s Shared<'a, B>, slices: Vec<u64>) -> Self {
        let n = slices.len();
        let retired = vec![false; n];
        let left = shared.left();
        let stop = left == 0;
        let allot = share(left, &slices, &retired);
        Lockstep {
            shared,
            state: Mutex::new(State {
                active: n,
                arrived: 0,
                round: 0,
                allot,
                retired,
                stop,
            }),
            slices,
            turn: Condvar::new(),
            reports: (0..n).map(|_| Mutex::new(Report::default())).collect(),
        }
    }

    /// Member `m`'s slice for the first round (`None`: the search is over before it began).
    pub(super) fn first_slice(&self, m: usize) -> Option<u64> {
        let st = lock(&self.state);
        (!st.stop).then(|| st.allot[m])
    }

    /// Member `m` has used its slice: hands in `report` and waits for the round to end.
    /// Returns its next slice (more than zero), or `None` when the search is over.
    pub(super) fn pause(&self, m: usize, report: Report<B>) -> Option<u64> {
        *lock(&self.reports[m]) = report;
        let mut st = lock(&self.state);
        loop {
            st.arrived += 1;
            let round = st.round;
            if st.arrived == st.active {
                self.complete(&mut st);
            } else {
                while st.round == round {
                    st = self.turn.wait(st).unwrap_or_else(|e| e.into_inner());
                }
            }
            if st.stop {
                return None;
            }
            // A member given nothing this round (too little budget left to go round)
            // waits for the next.
            if st.allot[m] > 0 {
                return Some(st.allot[m]);
            }
        }
    }

    /// Member `m` is done (it found, proved, or was stopped): hands in its last `report`
    /// and leaves the rounds. Calling it again does nothing.
    pub(super) fn retire(&self, m: usize, report: Report<B>) {
        let mut st = lock(&self.state);
        if st.retired[m] {
            return;
        }
        *lock(&self.reports[m]) = report;
        st.retired[m] = true;
        st.active -= 1;
        if st.active == 0 || st.arrived == st.active {
            self.complete(&mut st);
        }
    }

    /// Ends a round: merges the reports in member order, decides whether to go on, hands
    /// out the next slices, and wakes the members waiting.
    fn complete(&self, st: &mut State) {
        let shared = self.shared;
        for report in &self.reports {
            let report = std::mem::take(&mut *lock(report));
            shared.merge(report);
        }
        let left = shared.left();
        st.stop = st.stop
            || st.active == 0
            || left == 0
            || lock(&shared.solution).is_some()
            || shared.exhausted.load(Ordering::Relaxed)
            || shared.cancel.load(Ordering::Relaxed);
        if !st.stop {
            st.allot = share(left, &self.slices, &st.retired);
        }
        st.arrived = 0;
        st.round += 1;
        self.turn.notify_all();
    }
}

impl<B: HasFailTable> Shared<'_, B> {
    /// Expansions left in this search's budget.
    pub(super) fn left(&self) -> u64 {
        self.budget
            .saturating_sub(self.expanded.load(Ordering::Relaxed))
    }

    /// Takes in one member's report (only ever while no member runs).
    fn merge(&self, report: Report<B>) {
        self.expanded.fetch_add(report.expanded, Ordering::Relaxed);
        self.generated
            .fetch_add(report.generated, Ordering::Relaxed);
        for (i, &board) in report.failed.iter().enumerate() {
            // The next few entries' buckets are fetched while this one is written.
            if let Some(&ahead) = report.failed.get(i + 8) {
                self.failed.prefetch(ahead);
            }
            self.failed.insert(board);
        }
        if let Some((path, finder)) = report.best {
            let mut best = lock(&self.best_path);
            if path.len() > best.len() {
                let pegs = self.start_pegs.saturating_sub(path.len() as u32);
                self.best_pegs.fetch_min(pegs, Ordering::Relaxed);
                *best = path;
                *lock(&self.best_by) = Some(finder);
            }
        }
        if let Some(found) = report.solution {
            lock(&self.solution).get_or_insert(found);
        }
        if report.exhausted {
            self.exhausted.store(true, Ordering::Relaxed);
        }
    }
}

/// The slices for a round: each active member's full slice when `left` covers them all,
/// else `left` shared in proportion (the rest to the first active member), so that they
/// never add up to more than `left`.
fn share(left: u64, slices: &[u64], retired: &[bool]) -> Vec<u64> {
    let active = |i: usize| !retired[i];
    let total: u64 = (0..slices.len())
        .filter(|&i| active(i))
        .map(|i| slices[i])
        .sum();
    if total <= left {
        return (0..slices.len())
            .map(|i| if active(i) { slices[i] } else { 0 })
            .collect();
    }
    let mut allot: Vec<u64> = (0..slices.len())
        .map(|i| {
            if active(i) {
                (u128::from(left) * u128::from(slices[i]) / u128::from(total)) as u64
            } else {
                0
            }
        })
        .collect();
    let given: u64 = allot.iter().sum();
    if let Some(first) = (0..slices.len()).find(|&i| active(i)) {
        allot[first] += left - given;
    }
    allot
}

#[cfg(test)]
mod tests {
    use super::share;

    #[test]
    fn slices_never_add_up_to_more_than_the_budget_left() {
        let slices = [16_384, 16_384, 4_096];
        for left in [0, 1, 2, 3, 100, 10_000, 36_864, 36_865, 1_000_000] {
            for retired in [
                [false, false, false],
                [true, false, false],
                [false, true, true],
            ] {
                let allot = share(left, &slices, &retired);
                let sum: u64 = allot.iter().sum();
                assert!(sum <= left, "{allot:?} > {left}");
                for i in 0..3 {
                    assert!(allot[i] <= slices[i].max(left));
                    if retired[i] {
                        assert_eq!(allot[i], 0);
                    }
                }
                // Something is always handed out while budget is left.
                if left > 0 && retired.iter().any(|r| !r) {
                    assert!(sum > 0);
                }
            }
        }
        assert_eq!(share(1_000_000, &slices, &[false; 3]), slices);
    }
}
