//! The solver's budget presets and defaults for a game in play, the same in the window's
//! solver panel and the terminal game's solve prompt.
//!
//! Owns [`SolvePlan`] (an engine and a budget picked from the presets) and the two preset
//! lists. The defaults are the solver's own ([`Budget::default_for`]): the classic search
//! gets [`Budget::CLASSIC_DEFAULT`], the exact search none (it always ends with its proof).

use pegsol_solver::budget::rounded;
use pegsol_solver::engines::classic;
use pegsol_solver::{Budget, Engine};

/// The exact solver's budgets, smallest first; `None` is no limit (it always ends, but the
/// big boards can take minutes).
pub const EXACT_BUDGETS: [Option<u64>; 5] = [
    Some(100_000),
    Some(1_000_000),
    Some(10_000_000),
    Some(100_000_000),
    None,
];

/// The classic search's budgets: the assignment's experiment's (10k, 100k, 1M, 1.5M) and
/// 10M, the most whose duplicate set stays well under a gigabyte.
pub const CLASSIC_BUDGETS: [Option<u64>; 5] = [
    Some(10_000),
    Some(100_000),
    Some(1_000_000),
    Some(1_500_000),
    Some(10_000_000),
];

/// The budget presets of `engine`, smallest first.
pub fn budgets(engine: Engine) -> &'static [Option<u64>] {
    match engine {
        Engine::Classic => &CLASSIC_BUDGETS,
        Engine::Exact | Engine::FewestMoves => &EXACT_BUDGETS,
    }
}

/// The budget a solve of `engine` runs with until a person picks one.
pub fn default_budget(engine: Engine) -> Option<u64> {
    Budget::default_for(engine).map(|b| b.0)
}

/// A preset in words: `10k`, `1.5M`, `no limit`.
pub fn budget_words(budget: Option<u64>) -> String {
    budget.map_or("no limit".to_string(), rounded)
}

/// The engine and budget the next solve will use, picked from the presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolvePlan {
    /// The engine: exact or classic (a game in play asks for the fewest pegs).
    pub engine: Engine,
    /// Index into the engine's budget presets.
    budget_index: usize,
}

impl Default for SolvePlan {
    /// The exact solver with its default budget.
    fn default() -> SolvePlan {
        SolvePlan::with_default_budget(Engine::Exact)
    }
}

impl SolvePlan {
    /// `engine` with its default budget.
    pub fn with_default_budget(engine: Engine) -> SolvePlan {
        let presets = budgets(engine);
        let wanted = default_budget(engine);
        let budget_index = presets
            .iter()
            .position(|&b| b == wanted)
            .unwrap_or(presets.len() - 1);
        SolvePlan {
            engine,
            budget_index,
        }
    }

    /// The budget in expansions (`None`: no limit).
    pub fn budget(self) -> Option<u64> {
        let presets = budgets(self.engine);
        presets[self.budget_index.min(presets.len() - 1)]
    }

    /// Switches engine (exact and classic), each with its default budget.
    pub fn toggle_engine(&mut self) {
        *self = SolvePlan::with_default_budget(match self.engine {
            Engine::Exact | Engine::FewestMoves => Engine::Classic,
            Engine::Classic => Engine::Exact,
        });
    }

    /// The next larger (`up`) or smaller budget preset, stopping at the ends.
    pub fn step_budget(&mut self, up: bool) {
        let last = budgets(self.engine).len() - 1;
        self.budget_index = if up {
            (self.budget_index + 1).min(last)
        } else {
            self.budget_index.saturating_sub(1)
        };
    }

    /// The plan in words, for a prompt: engine, budget, and for the classic search the
    /// memory its worst case may need on a board of `cells` holes.
    pub fn describe(self, cells: u32) -> String {
        let budget = budget_words(self.budget());
        match self.engine {
            Engine::Exact | Engine::FewestMoves => format!("{}, budget {budget}", self.engine),
            Engine::Classic => {
                let bytes = classic::estimate_bytes(self.budget().unwrap_or(0), cells);
                format!("classic, budget {budget} (up to {})", memory_words(bytes))
            }
        }
    }
}

/// Bytes in words for a memory estimate, never "0 MiB": `640 KiB`, `12 MiB`.
pub fn memory_words(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{} KiB", bytes.div_ceil(1 << 10).max(1))
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_solvers_own_and_among_the_presets() {
        assert_eq!(SolvePlan::default().budget(), None, "exact: no limit");
        let classic = SolvePlan::with_default_budget(Engine::Classic);
        assert_eq!(classic.budget(), Some(Budget::CLASSIC_DEFAULT.0));
        let mut plan = SolvePlan::default();
        plan.toggle_engine();
        assert_eq!(plan, classic);
        plan.toggle_engine();
        assert_eq!(plan, SolvePlan::default());
    }

    #[test]
    fn budgets_step_within_the_presets() {
        let mut plan = SolvePlan::with_default_budget(Engine::Classic);
        for _ in 0..10 {
            plan.step_budget(true);
        }
        assert_eq!(plan.budget(), Some(10_000_000));
        for _ in 0..10 {
            plan.step_budget(false);
        }
        assert_eq!(plan.budget(), Some(10_000));
    }

    #[test]
    fn a_small_classic_budget_never_says_zero_mib() {
        let mut plan = SolvePlan::with_default_budget(Engine::Classic);
        plan.step_budget(false);
        plan.step_budget(false);
        let words = plan.describe(33);
        assert!(!words.contains("(up to 0 "), "{words}");
        assert_eq!(memory_words(1), "1 KiB");
        assert_eq!(memory_words(3 << 20), "3 MiB");
    }
}
