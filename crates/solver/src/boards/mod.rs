//! The board machinery the engines share: compact boards and what is built from them.
//!
//! - [`compact`]: a shape's cells numbered 0..n, boards as `u64`/`u128` bit sets, jumps as
//!   masks, legal-jump sets.
//! - [`symmetry`]: the one place where a board's symmetric images are built (byte tables per
//!   symmetry, each jump's images as masks, canonical forms).
//! - [`set`]: a growable open-addressing set of boards (the classic search's duplicate set,
//!   the goal side's levels).
//! - [`failtable`]: the exact solver's fixed-size, lock-free table of failed positions.
//! - [`goal_side`]: the exact solver's backward search from the goal.
//! - [`pagodas`]: a board's pagoda functions for a goal, and their per-jump deltas.
//!
//! Nothing here searches on its own behalf or knows about budgets, progress or results: that
//! is the engines' ([`crate::engines`]).

pub mod compact;
pub mod failtable;
pub mod goal_side;
pub mod pagodas;
pub mod set;
pub mod symmetry;
