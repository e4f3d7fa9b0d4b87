//! Pegsol: a peg solitaire studio.
//!
//! The crate is layered so that dependencies point one way:
//! [`rules`] (pure game rules) <- [`layout`], [`solver`], [`record`] <- the command line and
//! the app. Only the app module may use egui or eframe (a test enforces it).

pub mod app;
pub mod cli;
pub mod layout;
pub mod record;
pub mod rules;
pub mod solver;
