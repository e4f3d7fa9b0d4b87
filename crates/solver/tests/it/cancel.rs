//! Cancelling a search: it stops, says it was cancelled, and keeps what it found. How fast it
//! stops is a speed target, so it is measured by the bench (`cargo bench --bench solvers
//! cancel`, goal: under 100 ms); here the bound is one a loaded 2-core machine never misses,
//! and the wait itself times out instead of hanging. Its own test binary, so no other test
//! competes for the CPU (cargo runs test binaries one after another).

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::{Cell, CellSet, Goal, Position};
use pegsol_solver::engines::{classic, exact};
use pegsol_solver::jobs::worker::{Finished, Worker};
use pegsol_solver::{Control, Outcome, Stop};
use std::time::{Duration, Instant};

/// A bound no cancel misses, however loaded the machine: the check runs every few thousand
/// expansions (about a millisecond of work).
const STOPS_WITHIN: Duration = Duration::from_secs(5);

/// Starts `run` on a worker, cancels it after 200 ms, and returns how long it took to stop and
/// what it reported.
fn cancel_after_200_ms(
    run: impl FnOnce(&mut Control) -> Outcome + Send + 'static,
) -> (Duration, Outcome) {
    let worker = Worker::start("pegsol-test", move |job| job.control(run), || {});
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    worker.cancel();
    match worker.wait_for(Duration::from_secs(60)) {
        Ok(Finished::Cancelled(o)) => (asked.elapsed(), o),
        Ok(other) => panic!("expected a cancelled search, got {other:?}"),
        Err(_) => panic!("the search did not stop within a minute of the cancel"),
    }
}

/// One test, so the two searches never overlap either.
#[test]
fn cancelling_a_search_stops_it() {
    let p = resolve_puzzle("8").unwrap();
    let (latency, o) =
        cancel_after_200_ms(move |c| classic::solve(&p.start, p.goal, 100_000_000, c));
    assert_eq!(o.stop, Stop::Cancelled);
    assert!(o.expanded > 0, "a cancelled search keeps its figures");
    assert!(latency < STOPS_WITHIN, "classic: {latency:?}");

    // The exact solver answers every level, and the diamond with (4,3) empty, within a
    // second now; the diamond with its tip (4,0) empty keeps it busy for minutes (one peg is
    // neither found nor ruled out).
    let p = resolve_puzzle("diamond").unwrap();
    let shape = p.start.shape().clone();
    let vacancy = CellSet::single(Cell { x: 4, y: 0 });
    let start = Position::new(shape.clone(), shape.cells() - vacancy).unwrap();
    let (latency, o) = cancel_after_200_ms(move |c| {
        exact::solve(&start, Goal::Anywhere, exact::Options::default(), c)
    });
    assert_eq!(o.stop, Stop::Cancelled);
    assert!(!o.proven_optimal);
    assert!(latency < STOPS_WITHIN, "exact: {latency:?}");
}
