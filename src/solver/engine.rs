//! Which engine: the one word for it that the solver panel, the terminal game, the sweep and
//! the command line all use, and the one dispatch from it to its search.
//!
//! Owns [`Engine`] (its names on the command line, in tables and CSV, and its form in saved
//! settings), [`Solved`] (what any engine hands back) and [`solve`]. Two engines answer "how
//! few pegs can be left?" (classic and exact, giving an [`Outcome`]); the fewest-moves search
//! answers "how few moves win?" and gives a [`MovesOutcome`] besides, read as an [`Outcome`]
//! too so every front end can show, load and save it alike.

use super::engines::moves::{self, MovesOutcome};
use super::engines::{classic, exact};
use super::{Budget, Control, Outcome};
use crate::rules::{Goal, Position};

/// Which engine a search runs.
///
/// Saved settings hold it by its variant's name (`Exact`, `Classic`, `FewestMoves`); the
/// command line, tables and CSV by [`Engine::name`] (`exact`, `classic`, `moves`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Engine {
    /// The assignment's budgeted depth-first search: the fewest pegs it finds in its budget.
    Classic,
    /// Pegsol's exact solver: the fewest pegs, proven (the default).
    #[default]
    Exact,
    /// The fewest-moves search ([`moves::fewest_moves`]): a win with the fewest moves (a
    /// peg's chain of jumps is one move), proven.
    FewestMoves,
}

impl Engine {
    /// Every engine, in the order the window and the sweep list them.
    pub const ALL: [Engine; 3] = [Engine::Classic, Engine::Exact, Engine::FewestMoves];

    /// The name used on the command line, in JSON, in the sweep's tables and in its CSV.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Classic => "classic",
            Engine::Exact => "exact",
            Engine::FewestMoves => "moves",
        }
    }

    /// The engine of a name ([`Engine::name`], any case, spaces around ignored).
    pub fn from_name(name: &str) -> Option<Engine> {
        let name = name.trim();
        Engine::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(name))
    }

    /// Whether it looks for the fewest pegs (classic and exact), not the fewest moves.
    pub fn fewest_pegs(self) -> bool {
        self != Engine::FewestMoves
    }

    /// Whether it may run without a budget: the exact solver and the fewest-moves search stop
    /// on their own (within the memory the process may use); the classic search always has a
    /// budget ([`Budget::default_for`]).
    pub fn may_be_unlimited(self) -> bool {
        self != Engine::Classic
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

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
    fn every_engine_is_found_by_its_name_in_any_case() {
        for engine in Engine::ALL {
            assert_eq!(Engine::from_name(engine.name()), Some(engine));
            let shouted = format!(" {} ", engine.name().to_uppercase());
            assert_eq!(Engine::from_name(&shouted), Some(engine));
        }
        assert_eq!(Engine::from_name("moves"), Some(Engine::FewestMoves));
        assert_eq!(Engine::from_name("beam"), None);
        assert_eq!(Engine::from_name(""), None);
    }

    #[test]
    fn the_names_people_type_and_read_stay_as_they_were() {
        let names: Vec<&str> = Engine::ALL.iter().map(|e| e.name()).collect();
        assert_eq!(names, ["classic", "exact", "moves"]);
        assert_eq!(Engine::default(), Engine::Exact);
    }

    #[test]
    fn the_fewest_moves_engine_runs_through_the_one_dispatch() {
        let (puzzle, _) = crate::layout::load::resolve_named_puzzle("0").expect("level 0");
        let start = puzzle.start;
        let solved = crate::solver::uncontrolled(|c| {
            solve(Engine::FewestMoves, &start, Goal::Anywhere, None, c)
        });
        let moves = solved.moves.expect("a moves outcome");
        assert!(moves.won && moves.proven_optimal);
        assert_eq!(solved.outcome.engine, Engine::FewestMoves);
        assert_eq!(solved.outcome.jumps, moves.jumps());
        let pegs =
            crate::solver::uncontrolled(|c| solve(Engine::Exact, &start, Goal::Anywhere, None, c));
        assert!(pegs.moves.is_none());
        assert_eq!(pegs.outcome.engine, Engine::Exact);
    }
}
