//! A budget is a budget: no engine expands more positions than it was given (the exact
//! solver's beam included: the portfolio shares one budget), and the hint judge examines no
//! more positions than its effort.

use pegsol_layout::load::resolve_puzzle;
use pegsol_rules::Goal;
use pegsol_solver::engines::{classic, exact, moves};
use pegsol_solver::services::hint::Judge;
use pegsol_solver::{search, uncontrolled, Engine};

const BUDGETS: [u64; 4] = [1, 100, 10_000, 1_000_000];
const LEVELS: [&str; 4] = ["5", "6", "7", "8"];

#[test]
fn no_engine_expands_more_than_its_budget_on_levels_5_to_8() {
    for level in LEVELS {
        let puzzle = resolve_puzzle(level).expect("level");
        let (start, goal) = (&puzzle.start, puzzle.goal);
        for budget in BUDGETS {
            let mut runs: Vec<(&str, u64)> = Vec::new();
            for algorithm in [Engine::Classic, Engine::Exact] {
                let o = uncontrolled(|c| search(algorithm, start, goal, Some(budget), c));
                runs.push((algorithm.name(), o.expanded));
            }
            // The exact solver as the hint judge runs it, and with one depth-first member
            // and the beam, each member its own thread.
            for (name, options) in [
                (
                    "exact, win only",
                    exact::Options {
                        budget: Some(budget),
                        win_only: true,
                        ..exact::Options::default()
                    },
                ),
                (
                    "exact, one member and the beam",
                    exact::Options {
                        budget: Some(budget),
                        threads: 1,
                        ..exact::Options::default()
                    },
                ),
            ] {
                let o = uncontrolled(|c| exact::solve(start, goal, options, c));
                runs.push((name, o.expanded));
            }
            let classic_again = uncontrolled(|c| classic::solve(start, goal, budget, c));
            runs.push(("classic, direct", classic_again.expanded));
            if budget <= 10_000 {
                // Fewest moves keeps every position it reaches: the small budgets only.
                let o = uncontrolled(|c| {
                    moves::fewest_moves(
                        start,
                        goal,
                        moves::Options {
                            budget: Some(budget),
                            ..moves::Options::default()
                        },
                        c,
                    )
                });
                runs.push(("fewest moves", o.expanded));
            }
            for (name, expanded) in runs {
                assert!(
                    expanded <= budget,
                    "level {level}, {name}: {expanded} expanded with a budget of {budget}"
                );
            }
        }
    }
}

#[test]
fn the_beam_counts_against_the_budget_it_shares() {
    // Level 6 is found by the beam: with a budget below what that takes, the whole
    // portfolio stops at the budget exactly, not past it by a beam level.
    let puzzle = resolve_puzzle("6").expect("level 6");
    for budget in [4_999, 5_001, 20_000, 33_333] {
        let o = uncontrolled(|c| {
            exact::solve(
                &puzzle.start,
                Goal::Anywhere,
                exact::Options {
                    budget: Some(budget),
                    ..exact::Options::default()
                },
                c,
            )
        });
        assert!(!o.won, "{budget}: found within a small budget");
        assert_eq!(o.expanded, budget, "the budget is used, and no more");
    }
}

#[test]
fn the_hint_examines_no_more_positions_than_its_effort() {
    for level in LEVELS {
        let puzzle = resolve_puzzle(level).expect("level");
        for effort in BUDGETS {
            let mut judge = Judge::for_effort(effort);
            let hint =
                uncontrolled(|c| judge.hint_with_effort(&puzzle.start, puzzle.goal, effort, c));
            assert!(
                hint.examined <= effort,
                "level {level}: {} examined with an effort of {effort}",
                hint.examined
            );
        }
    }
}
