//! Pegsol: a peg solitaire studio. This package is the program: its entry point
//! (`src/main.rs`) and the command line ([`cli`]). The layers it is built from are crates of
//! their own, each depending only on the ones below it (ARCHITECTURE.md draws the graph):
//! `pegsol-rules` <- `pegsol-layout` <- `pegsol-solver` <- `pegsol-record` <-
//! `pegsol-experiment` <- the terminal game (`pegsol-tui`) and the window (`pegsol-app`).
//!
//! The map of the code (what each crate owns, how the rules are checked, a click and a solve
//! followed from end to end, and how to add a board, an engine, a subcommand or a window
//! view) is `ARCHITECTURE.md` at the top of the repository; the user guide is `docs/guide`.

pub mod cli;
