//! The window's integration tests, one binary: egui_kittest drives `PegsolApp` as a person
//! would (clicks, keys, the sizes a screen has).

mod app;
mod common;
mod editor;
mod experiments_app;
mod full_disk;
#[path = "../../../solver/tests/it/games.rs"]
mod games;
mod hint_effort;
mod moves_window;
mod palette;
mod problems;
mod puzzles_app;
mod search_view;
mod search_view_engines;
mod solver_panel;
mod think_through;
mod views;
mod welcome;
mod window_polish;
mod window_steady;
mod winning_jumps;
