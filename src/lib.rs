//! Pegsol: a peg solitaire studio.
//!
//! The crate is layered so that dependencies point one way:
//! [`rules`] (pure game rules) <- [`layout`], [`solver`], [`record`] <- [`experiment`] <- the
//! command line and the app. The app never names the command line; only the app module may
//! use egui or eframe (tests/architecture.rs enforces both).

pub mod app;
pub mod cli;
pub mod experiment;
pub mod layout;
pub mod record;
pub mod rules;
pub mod solver;
