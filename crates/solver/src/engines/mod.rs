//! The search engines: each takes a start, a goal and a [`crate::Control`] and
//! reports an [`crate::Outcome`] (or, for counting, its own figures).
//!
//! - [`classic`]: the assignment's budgeted depth-first search, reproduced node for node.
//! - [`exact`]: Pegsol's own solver, which finds the fewest pegs (or a finish on a given cell)
//!   and proves it.
//! - [`prove`]: decides whether a position can end as one peg on a given cell, with signed
//!   pagoda functions found by linear programming and a lossless failure set: a proof where
//!   the exact solver's search runs out.
//! - [`moves`]: a solution with the fewest moves (one peg's chain of jumps is one move),
//!   found and proven.
//! - [`solutions`]: how many jump sequences solve a start (a dynamic programme over
//!   positions, exact at any size).
//! - [`count`]: every position reachable from a start, jump by jump, and how many can still
//!   win.
//! - [`winnable`]: the winnable set of a game whose start is its goal turned inside out
//!   (the English board's classic game), met in the middle.
//! - [`levels`]: not an engine, the level machinery [`winnable`], [`count`] and [`solutions`]
//!   share: sorted level vectors ([`levels::radix`]), the step from one level to the next
//!   ([`levels::step`], through [`levels::ranked`]'s dense bitset where it pays, with
//!   [`levels::children`]'s inner loops).
//! - [`whole`]: the level engine for whole boards, which uses the whole machine and then the
//!   disk (levels as dense ranked bitsets or sorted, compressed runs, in memory or in scratch
//!   files), for `count` and `solutions` on boards the in-memory engines cannot hold;
//!   [`memory`] holds what every level engine may take, and its fallible buffers.
//!
//! A new engine goes here, next to these, and into [`crate::search`] if it answers
//! the same question (solve this start within this budget).

pub mod classic;
pub mod count;
pub mod exact;
pub mod levels;
pub mod memory;
pub mod moves;
pub mod prove;
pub mod solutions;
pub mod whole;
pub mod winnable;
