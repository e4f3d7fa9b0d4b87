//! Which engine: the one word for it that the solver panel, the terminal game, the sweep and
//! the command line all use.
//!
//! Owns [`Engine`]: its names on the command line, in tables and CSV, and its form in saved
//! settings. Two engines answer "how few pegs can be left?" (classic and exact); the
//! fewest-moves search answers "how few moves win?". The dispatch from an engine to its
//! search is `dispatch.rs`'s ([`crate::solve`]); this file imports nothing, so every
//! engine can name itself in its outcome.

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
    /// The fewest-moves search ([`crate::engines::moves::fewest_moves`]): a win with the fewest moves (a
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
    /// budget ([`crate::Budget::default_for`]).
    pub fn may_be_unlimited(self) -> bool {
        self != Engine::Classic
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
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
}
