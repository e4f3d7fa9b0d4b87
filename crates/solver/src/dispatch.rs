//! The one dispatch from an engine and a budget to its search, for the command line, the
//! window, the terminal and the sweep.
//!
//! Owns [`solve`] and what it hands back ([`Solved`]): the plain [`Outcome`] every engine
//! gives, and for the fewest-moves search its [`MovesOutcome`] besides (read as an
//! [`Outcome`] too, so every front end can show, load and save it alike).

use super::engine::Engine;
use super::engines::moves::{self, MovesOutcome};
use super::engines::{classic, exact};
use super::{Budget, Control, Outcome};
use pegsol_rules::{Goal, Position};

/// What a search found: the plain outcome every engine gives, and for the fewest-moves search
/// its moves (chains, proof, lower bound).
#[derive(Clone, Debug)]
pub struct Solved {
    /// The jumps, pegs left and counters (for fewest moves: [`MovesOutcome::to_outcome`]).
    pub outcome: Outcome,
    /// What the fewest-moves search found; `None` for the fewest-pegs engines.
    pub moves: Option<MovesOutcome>,
}

/// Runs `engine` from `start` for `goal` with `budget` expansions (`None`: the engine's
/// default, [`Budget::default_for`]; the exact solver's and the fewest-moves search's budget
/// caps their expansions). The one dispatch from an engine to its search, for the command
/// line, the window, the terminal and the sweep. Each call starts from empty tables, so the
/// outcome's storage is this search's.
pub fn solve(
    engine: Engine,
    start: &Position,
    goal: Goal,
    budget: Option<u64>,
    control: &mut Control,
) -> Solved {
    let budget = Budget::resolve(engine, budget);
    let outcome = match engine {
        Engine::Classic => {
            classic::solve(start, goal, budget.unwrap_or(classic::MAX_BUDGET), control)
        }
        Engine::Exact => exact::solve(
            start,
            goal,
            exact::Options {
                budget,
                ..exact::Options::default()
            },
            control,
        ),
        Engine::FewestMoves => {
            let options = moves::Options {
                budget,
                ..moves::Options::default()
            };
            let found = moves::fewest_moves(start, goal, options, control);
            return Solved {
                outcome: found.to_outcome(start),
                moves: Some(found),
            };
        }
    };
    Solved {
        outcome,
        moves: None,
    }
}

/// Runs `engine` as [`solve`] does and gives its plain outcome.
pub fn search(
    engine: Engine,
    start: &Position,
    goal: Goal,
    budget: Option<u64>,
    control: &mut Control,
) -> Outcome {
    solve(engine, start, goal, budget, control).outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fewest_moves_engine_runs_through_the_one_dispatch() {
        let (puzzle, _) = pegsol_layout::load::resolve_named_puzzle("0").expect("level 0");
        let start = puzzle.start;
        let solved =
            crate::uncontrolled(|c| solve(Engine::FewestMoves, &start, Goal::Anywhere, None, c));
        let moves = solved.moves.expect("a moves outcome");
        assert!(moves.won && moves.proven_optimal);
        assert_eq!(solved.outcome.engine, Engine::FewestMoves);
        assert_eq!(solved.outcome.jumps, moves.jumps());
        let pegs = crate::uncontrolled(|c| solve(Engine::Exact, &start, Goal::Anywhere, None, c));
        assert!(pegs.moves.is_none());
        assert_eq!(pegs.outcome.engine, Engine::Exact);
    }
}
