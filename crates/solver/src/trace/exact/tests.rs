//! The stepped exact search held to the exact engine.

use super::*;
use crate::engines::exact::{self, Options, Stages};
use crate::uncontrolled;
use pegsol_layout::load::resolve_puzzle;

/// The exact engine with one member and an unlimited inline attempt: what the stepper
/// mirrors.
fn single(budget: u64) -> Options {
    Options {
        budget: Some(budget),
        threads: 1,
        beam: false,
        stages: Stages {
            inline_attempt: u64::MAX,
            quick_phase: u64::MAX,
            ..Stages::default()
        },
        ..Options::default()
    }
}

/// Steps `start` to the end and checks every expansion is counted once.
fn stepped(start: &Position, goal: Goal, budget: u64) -> (ExactTrace, u64) {
    let mut trace = ExactTrace::new(start, goal, budget);
    let mut steps = 0;
    while let Some(e) = trace.expand() {
        steps += 1;
        assert_eq!(e.n, steps);
        assert_eq!(trace.path().len() as u32, e.depth);
        assert_eq!(trace.position().peg_count(), e.pegs);
    }
    (trace, steps)
}

fn agrees(start: &Position, goal: Goal, options: Options, budget: u64) {
    let (trace, steps) = stepped(start, goal, budget);
    let o = uncontrolled(|c| exact::solve(start, goal, options, c));
    let r = trace.result();
    let c = trace.counters();
    assert_eq!(steps, c.expanded);
    assert_eq!((c.expanded, c.generated), (o.expanded, o.generated));
    assert_eq!(r.stop, o.stop);
    assert_eq!(r.pegs_left, o.pegs_left);
    assert_eq!(r.jumps, o.jumps);
    assert_eq!(r.proven, o.proven_optimal);
}

#[test]
fn the_stepped_exact_search_equals_the_single_member_engine_on_small_boards() {
    for (name, budget) in [
        ("0", 200_000),
        ("1", 200_000),
        ("2", 200_000),
        ("3", 200_000),
        ("4", 200_000),
        ("english", 200_000),
        ("triangle", 200_000),
        ("5", 30_000),
        ("6", 30_000),
    ] {
        let p = resolve_puzzle(name).unwrap();
        agrees(&p.start, Goal::Anywhere, single(budget), budget);
        agrees(&p.start, p.goal, single(budget), budget);
    }
}

#[test]
fn the_stepped_exact_search_equals_the_default_engine_where_the_inline_attempt_settles() {
    let p = resolve_puzzle("english").unwrap();
    let budget = 1_000_000;
    let options = Options {
        budget: Some(budget),
        ..Options::default()
    };
    agrees(&p.start, Goal::Anywhere, options, budget);
    let (trace, _) = stepped(&p.start, Goal::Anywhere, budget);
    assert_eq!(trace.result().pegs_left, 1);
    assert!(
        trace.counters().table_hits > 0,
        "the table is what it shows"
    );
}

#[test]
fn a_budget_stops_the_stepped_exact_search_where_the_engine_stops() {
    let p = resolve_puzzle("6").unwrap();
    for budget in [1, 2, 10, 1_000] {
        agrees(&p.start, Goal::Anywhere, single(budget), budget);
        let (trace, steps) = stepped(&p.start, Goal::Anywhere, budget);
        assert_eq!(steps, budget);
        assert_eq!(trace.stopped(), Some(Stop::Budget));
    }
}

#[test]
fn table_hits_are_listed_between_expansions() {
    let p = resolve_puzzle("english").unwrap();
    let mut trace = ExactTrace::new(&p.start, Goal::Anywhere, 1_000_000);
    trace.set_detail(true);
    let mut listed = 0u64;
    let mut stored = 0u64;
    while trace.expand().is_some() {
        listed += trace
            .events()
            .iter()
            .filter(|e| e.cut == Cut::TableHit)
            .count() as u64;
        stored += trace
            .events()
            .iter()
            .filter(|e| e.cut == Cut::Stored)
            .count() as u64;
        assert!(trace
            .children()
            .iter()
            .all(|&j| trace.position().is_legal(j)));
    }
    assert!(listed > 0 && stored > 0);
    assert!(listed <= trace.counters().table_hits);
}
