//! Cancelling a search: it stops within 100 ms. These live in their own test binary so no
//! other test competes for the CPU while the latency is measured (cargo runs test binaries
//! one after another).

use pegsol::layout::load::resolve_puzzle;
use pegsol::solver::engines::{classic, exact};
use pegsol::solver::{Control, Outcome, Progress, Stop};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Starts `run` on a thread, cancels it after 200 ms, and returns how long it took to stop.
fn cancel_latency(
    run: impl FnOnce(&mut Control) -> Outcome + Send + 'static,
) -> (Duration, Outcome) {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let worker = std::thread::spawn(move || {
        let mut ignore = |_: &Progress| {};
        let mut control = Control::new(&flag, &mut ignore);
        run(&mut control)
    });
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    cancel.store(true, Ordering::Relaxed);
    let outcome = worker.join().unwrap();
    (asked.elapsed(), outcome)
}

/// One test, so the two measurements never overlap either.
#[test]
fn cancelling_a_search_stops_it_within_100_ms() {
    let p = resolve_puzzle("8").unwrap();
    let (latency, o) = cancel_latency(move |c| classic::solve(&p.start, p.goal, 100_000_000, c));
    assert_eq!(o.stop, Stop::Cancelled);
    assert!(latency < Duration::from_millis(100), "classic: {latency:?}");

    let p = resolve_puzzle("6").unwrap();
    let (latency, o) =
        cancel_latency(move |c| exact::solve(&p.start, p.goal, exact::Options::default(), c));
    assert_eq!(o.stop, Stop::Cancelled);
    assert!(!o.proven_optimal);
    assert!(latency < Duration::from_millis(100), "exact: {latency:?}");
}
