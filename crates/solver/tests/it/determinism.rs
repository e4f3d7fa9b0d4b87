//! Same input, same answer: the hint and the exact solver give the same verdict, line and
//! guess whether the machine is idle or busy, because they count work in positions, never
//! in time, and the portfolio's members share what they find only between rounds.

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::{CellSet, Goal, Position};
use pegsol_solver::engines::exact;
use pegsol_solver::services::hint::{Hint, Judge};
use pegsol_solver::{uncontrolled, Outcome};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Runs `f` while two other threads keep every core busy, then stops them.
fn under_load<T>(f: impl FnOnce() -> T) -> T {
    let stop = Arc::new(AtomicBool::new(false));
    let busy: Vec<_> = (0..2)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut x: u64 = 1;
                while !stop.load(Ordering::Relaxed) {
                    for _ in 0..10_000 {
                        x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                    }
                    std::hint::black_box(x);
                }
            })
        })
        .collect();
    let out = f();
    stop.store(true, Ordering::Relaxed);
    for b in busy {
        let _ = b.join();
    }
    out
}

/// Level 6 (Wiegleb's board) with holes at `holes` ("x,y x,y ...") and pegs elsewhere.
fn level_6_with_holes(holes: &str) -> Position {
    let start = resolve_puzzle("6").expect("level 6").start;
    let holes: CellSet = holes
        .split_whitespace()
        .map(|c| c.parse().expect("x,y"))
        .collect();
    Position::new(start.shape().clone(), start.shape().cells() - holes).expect("board")
}

fn hint(p: &Position, effort: u64) -> Hint {
    uncontrolled(|c| Judge::for_effort(effort).hint_with_effort(p, Goal::Anywhere, effort, c))
}

#[test]
fn the_hint_says_the_same_with_a_busy_thread_running() {
    let cases = [
        // Winnable: the same line.
        (
            level_6_with_holes("2,3 2,4 5,3 0,5 1,5 3,5 5,5 4,6 5,6"),
            4_000_000,
        ),
        // Lost: the same reason.
        (
            level_6_with_holes("1,3 2,3 2,4 3,2 3,3 5,4 6,4 3,5 5,5 5,6"),
            4_000_000,
        ),
        // Undecided within the effort: the same guess (the "two different guesses"
        // on a level-6 position).
        (
            level_6_with_holes("3,2 4,3 5,3 0,4 1,4 4,4 5,5 6,5 4,6"),
            300_000,
        ),
    ];
    for (p, effort) in cases {
        let idle = hint(&p, effort);
        let busy = under_load(|| hint(&p, effort));
        assert_eq!(idle.answer, busy.answer, "the verdict, line or guess moved");
        assert_eq!(idle.jumps, busy.jumps, "a jump's verdict moved");
        assert_eq!(idle.examined, busy.examined, "the work done moved");
    }
}

/// The parts of an outcome that must not move (not its time).
fn facts(o: &Outcome) -> impl PartialEq + std::fmt::Debug {
    (
        o.jumps.clone(),
        o.pegs_left,
        o.proven_optimal,
        o.stop,
        o.expanded,
        o.generated,
        o.found_by,
    )
}

#[test]
fn the_exact_solver_with_a_budget_says_the_same_under_load() {
    for level in ["5", "6", "7", "8"] {
        let puzzle = resolve_puzzle(level).expect("level");
        for budget in [10_000, 100_000] {
            let solve = || {
                uncontrolled(|c| {
                    exact::solve(
                        &puzzle.start,
                        Goal::Anywhere,
                        exact::Options {
                            budget: Some(budget),
                            ..exact::Options::default()
                        },
                        c,
                    )
                })
            };
            let idle = solve();
            let busy = under_load(solve);
            assert_eq!(facts(&idle), facts(&busy), "level {level}, budget {budget}");
        }
    }
}
