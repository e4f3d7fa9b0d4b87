//! Pegsol: a peg solitaire studio.
//!
//! The crate is layered so that dependencies point one way:
//! [`rules`] (pure game rules) <- [`layout`], [`solver`], [`record`] <- the command line and
//! the two front ends, the window ([`app`]) and the terminal game ([`tui`]). Only the app
//! module may use egui or eframe, only the terminal game ratatui (a test enforces both).

pub mod app;
pub mod cli;
pub mod layout;
pub mod record;
pub mod rules;
pub mod solver;
pub mod tui;
