//! The program's integration tests, one binary (matklad's "delete cargo integration tests"):
//! the command line and the terminal game run as a person runs them (`CARGO_BIN_EXE_pegsol`),
//! the two front ends side by side, and what only the whole program shows (packaging, the
//! crates' boundaries).

mod analysis;
mod architecture;
mod cli;
mod cluster;
#[path = "../../crates/app/tests/it/common.rs"]
mod common;
mod deep;
mod docs;
mod experiment;
mod fuzz_parsers;
mod game_store;
#[path = "../../crates/solver/tests/it/games.rs"]
mod games;
mod hint;
mod hostile_files;
mod hostile_runs;
mod interrupts;
mod memory_line;
mod moves;
mod one_session;
mod packaging;
mod pty;
mod support;
mod trace;
mod trace_engines;
mod tui;
mod tui_connection;
mod tui_process;
mod whole;
mod window_state;
