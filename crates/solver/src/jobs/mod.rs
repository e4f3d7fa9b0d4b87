//! Background jobs, for every front end and the command line: not solver services but the
//! threads they run on.
//!
//! - [`worker`]: runs a job (a search, an analysis, a sweep) on its own thread, with progress,
//!   a stage line and a cancel flag; a job that panics is reported, never taken down with it.
//! - [`task`]: one background job on a [`worker::Worker`], keyed by the question it answers,
//!   cancelled when replaced and optionally debounced: what every view of the window runs.

pub mod task;
pub mod worker;
