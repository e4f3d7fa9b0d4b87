//! Pegsol: a peg solitaire studio.
//!
//! The crate is layered so that dependencies point one way:
//! [`rules`] (pure game rules) <- [`layout`], [`solver`], [`record`] <- [`experiment`] <- the
//! command line and the two front ends, the window ([`app`]) and the terminal game ([`tui`]).
//! The window and the terminal game never name the command line; only the app module may use
//! egui or eframe, only the terminal game ratatui (tests/architecture.rs enforces all three).
//!
//! The map of the code (what each layer owns, how the rules are checked, a click and a solve
//! followed from end to end, and how to add a board, an engine, a subcommand or a window
//! view) is `ARCHITECTURE.md` at the top of the repository; the user guide is `docs/guide`.

pub mod app;
pub mod cli;
pub mod experiment;
pub mod layout;
pub mod record;
pub mod rules;
pub mod solver;
pub mod tui;

/// A folder for one unit test, removed when it passes: the integration tests' own module,
/// so both kinds of test share one guard.
#[cfg(test)]
#[path = "../tests/support/scratch.rs"]
pub(crate) mod test_scratch;
