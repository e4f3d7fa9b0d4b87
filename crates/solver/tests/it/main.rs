//! The solvers' integration tests, one binary: engines against each other and against
//! brute force, budgets, cancelling, determinism, proofs.

mod advisor;
mod budgets;
mod cancel;
mod deep_prune;
mod determinism;
mod games;
mod levels;
mod pagoda;
mod portfolio;
mod prove;
mod solvers;
mod winnable;
