//! What the members of one exact search share, and the lock they take it with: a leaf that
//! the search, its workers and the lockstep rounds all read.

use crate::boards::failtable::HasFailTable;
use crate::boards::goal_side::GoalSide;
use crate::boards::pagodas::Pruner;
use crate::Finder;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64};
use std::sync::{Arc, Mutex};

/// What the members of one search share. Only the round's end writes to it (see
/// `lockstep.rs`), so what a member reads is the same on every run.
pub(super) struct Shared<'a, B: HasFailTable> {
    pub(super) failed: &'a B::Table,
    pub(super) goal_side: Option<&'a GoalSide<B>>,
    /// Pagoda functions for this target (inactive when none apply).
    pub(super) pruner: Arc<Pruner>,
    pub(super) exhausted: AtomicBool,
    pub(super) expanded: AtomicU64,
    pub(super) generated: AtomicU64,
    pub(super) best_pegs: AtomicU32,
    pub(super) best_path: Mutex<Vec<u16>>,
    /// The solution and the member that found it.
    pub(super) solution: Mutex<Option<(Vec<u16>, Finder)>>,
    /// Who found `best_path`.
    pub(super) best_by: Mutex<Option<Finder>>,
    /// Expansions this search may use, over all its members.
    pub(super) budget: u64,
    /// Pegs of the start (a line of n jumps leaves n fewer).
    pub(super) start_pegs: u32,
    /// The caller's cancel flag, read at the end of each round.
    pub(super) cancel: &'a AtomicBool,
}

/// Takes a lock, carrying on past a worker that panicked while holding it.
pub(super) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A worker that panicked while holding a lock leaves valid data behind (every update is a
    // single assignment), so the search carries on with it.
    m.lock().unwrap_or_else(|e| e.into_inner())
}
