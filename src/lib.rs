//! Pegsol: a peg solitaire studio. This package is the program: its entry point
//! (`src/main.rs`) and the command line ([`cli`]). The layers it is built from are crates of
//! their own, each depending only on the ones below it (ARCHITECTURE.md draws the graph):
//! `pegsol-rules` <- `pegsol-layout` <- `pegsol-solver` <- `pegsol-record` <-
//! `pegsol-experiment` <- the terminal game (`pegsol-tui`) and the window (`pegsol-app`).

pub mod cli;
