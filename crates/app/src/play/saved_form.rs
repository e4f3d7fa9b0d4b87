//! The solver panel's form as the settings file holds it (`settings.ron`, and version 1's
//! `app.ron`; see [`crate::start::persist`]).
//!
//! Owns the form's written fields and the reading of every form written so far, so nothing a
//! person saved is lost. Today's form names the engine once:
//! `SolverPanel(engine: FewestMoves, fewest_pegs_engine: Classic, budget_text: "1,000,000",
//! no_limit: true)`. Before the solver had one word for its engines, the form said the
//! fewest-pegs engine and the objective apart: `SolverPanel(algorithm: Classic, budget_text:
//! "1,000,000", no_limit: true, objective: FewestMoves)`; that reads as the same choice (the
//! fewest-moves engine, with classic on the radio buttons for when it is unticked). A field
//! missing takes the panel's default, as before.

use super::solve::SolverPanel;
use pegsol_solver::Engine;
use serde::{Deserialize, Deserializer, Serialize};

/// The form as written.
#[derive(Serialize)]
#[serde(rename = "SolverPanel")]
pub struct Written {
    engine: Engine,
    fewest_pegs_engine: Engine,
    budget_text: String,
    no_limit: bool,
}

impl From<SolverPanel> for Written {
    fn from(panel: SolverPanel) -> Written {
        Written {
            engine: panel.engine,
            fewest_pegs_engine: panel.fewest_pegs,
            budget_text: panel.budget_text,
            no_limit: panel.no_limit,
        }
    }
}

/// Any form written so far, each field as found (`None`: not in the file).
#[derive(Default, Deserialize)]
#[serde(rename = "SolverPanel", default)]
pub struct Read {
    #[serde(deserialize_with = "found")]
    engine: Option<Engine>,
    #[serde(deserialize_with = "found")]
    fewest_pegs_engine: Option<Engine>,
    #[serde(deserialize_with = "found")]
    budget_text: Option<String>,
    #[serde(deserialize_with = "found")]
    no_limit: Option<bool>,
    /// Before one engine word: the fewest-pegs engine (`Exact` or `Classic`, the same names
    /// as [`Engine`]'s).
    #[serde(deserialize_with = "found")]
    algorithm: Option<Engine>,
    /// Before one engine word: the fewest pegs or the fewest moves.
    #[serde(deserialize_with = "found")]
    objective: Option<OldObjective>,
}

/// What the form called the choice between the fewest-pegs engines and the fewest-moves one
/// before [`Engine`] named all three; read only, to take in settings saved then.
#[derive(Clone, Copy, PartialEq, Eq, Deserialize)]
enum OldObjective {
    FewestPegs,
    FewestMoves,
}

/// A field that is there, read as its own type (not as RON's `Some(…)`), so its absence alone
/// makes `None`.
fn found<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

impl From<Read> for SolverPanel {
    fn from(read: Read) -> SolverPanel {
        let default = SolverPanel::default();
        let pegs = |e: Option<Engine>| e.filter(|e| e.fewest_pegs());
        // The radio buttons' engine: today's field, else the old form's, else the engine
        // itself when it is one of the two.
        let fewest_pegs = pegs(read.fewest_pegs_engine)
            .or(pegs(read.algorithm))
            .or(pegs(read.engine))
            .unwrap_or(default.fewest_pegs);
        let engine = match (read.engine, read.objective) {
            (Some(engine), _) => engine,
            (None, Some(OldObjective::FewestMoves)) => Engine::FewestMoves,
            (None, Some(OldObjective::FewestPegs) | None) => fewest_pegs,
        };
        SolverPanel {
            engine,
            fewest_pegs,
            budget_text: read.budget_text.unwrap_or(default.budget_text),
            no_limit: read.no_limit.unwrap_or(default.no_limit),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::start::persist::{LegacyState, PersistedState};

    /// `settings.ron` as the window wrote it before one engine word, field for field (a
    /// copy of a file the window wrote), with the solver panel's form given.
    fn old_settings(algorithm: &str, objective: &str) -> String {
        format!(
            "PegsolSettings(
    version: 2,
    recent: [],
    settings: Settings(
        animate: true,
        theme: System,
        show_picker: true,
        show_solver: true,
        welcomed: false,
        show_winning_jumps: false,
        coordinates: true,
        hint_effort: 150000000,
    ),
    solver: SolverPanel(
        algorithm: {algorithm},
        budget_text: \"1,200,000\",
        no_limit: false,
        objective: {objective},
    ),
)"
        )
    }

    fn panel(engine: Engine, fewest_pegs: Engine) -> SolverPanel {
        SolverPanel {
            engine,
            fewest_pegs,
            budget_text: "1,200,000".into(),
            no_limit: false,
        }
    }

    #[test]
    fn settings_saved_before_one_engine_word_load_into_the_same_choice() {
        use Engine::{Classic, Exact, FewestMoves};
        for (algorithm, objective, engine, radio) in [
            ("Exact", "FewestPegs", Exact, Exact),
            ("Classic", "FewestPegs", Classic, Classic),
            ("Exact", "FewestMoves", FewestMoves, Exact),
            ("Classic", "FewestMoves", FewestMoves, Classic),
        ] {
            let text = old_settings(algorithm, objective);
            let state = PersistedState::from_ron(&text).expect("today's settings read");
            assert_eq!(
                state.solver,
                panel(engine, radio),
                "{algorithm}, {objective}"
            );
            assert_eq!(state.solver.engine(), engine);
            assert_eq!(state.solver.fewest_pegs_engine(), radio);
            // The rest of the file is read as before.
            assert!(state.settings.coordinates && !state.settings.welcomed);
        }
        // Written before "Fewest moves" existed: no objective at all.
        let text = old_settings("Classic", "FewestPegs").replace("objective: FewestPegs,", "");
        let state = PersistedState::from_ron(&text).expect("reads");
        assert_eq!(state.solver, panel(Classic, Classic));
    }

    #[test]
    fn version_1_state_keeps_its_solver_choice() {
        let text = "PegsolState(version: 1, solver: SolverPanel(algorithm: Classic, \
                    budget_text: \"1,200,000\", no_limit: false, objective: FewestMoves))";
        let legacy = LegacyState::from_ron(text).expect("version 1's state");
        assert_eq!(
            legacy.settings().solver,
            panel(Engine::FewestMoves, Engine::Classic)
        );
    }

    #[test]
    fn settings_written_now_name_the_engine_and_read_back_the_same() {
        use Engine::{Classic, Exact, FewestMoves};
        for (engine, radio) in [
            (Exact, Exact),
            (Classic, Classic),
            (FewestMoves, Exact),
            (FewestMoves, Classic),
        ] {
            let state = PersistedState {
                solver: panel(engine, radio),
                ..PersistedState::default()
            };
            let text = state.to_ron();
            assert!(
                text.contains(&format!("engine: {engine:?},"))
                    && text.contains(&format!("fewest_pegs_engine: {radio:?},")),
                "{text}"
            );
            assert!(!text.contains("algorithm") && !text.contains("objective"));
            assert_eq!(PersistedState::from_ron(&text).expect("reads back"), state);
        }
        // Missing fields take the panel's defaults; a fewest-pegs engine alone is the radio's.
        let bare = "PegsolSettings(version: 2, solver: SolverPanel(engine: Classic))";
        let state = PersistedState::from_ron(bare).expect("reads");
        assert_eq!(
            state.solver,
            SolverPanel {
                engine: Classic,
                fewest_pegs: Classic,
                ..SolverPanel::default()
            }
        );
        // A hand-edited radio choice that is not a fewest-pegs engine is not taken.
        let odd = "PegsolSettings(version: 2, solver: SolverPanel(engine: FewestMoves, \
                   fewest_pegs_engine: FewestMoves))";
        let state = PersistedState::from_ron(odd).expect("reads");
        assert_eq!(state.solver.fewest_pegs_engine(), Exact);
    }
}
