//! Solving peg solitaire: the engines, the board machinery they share, the services around
//! them, the threads front ends run them on, and the types every caller sees.
//!
//! - [`engines`]: the searches themselves (classic, exact, the prover, fewest moves, solution
//!   counts, count, the winnable set, the level engine for whole boards), with
//!   [`engines::levels`], the level machinery they share.
//! - [`boards`]: compact boards, their symmetry images, board sets, the failure table, the
//!   goal side and pagoda functions, shared by the engines.
//! - [`services`]: what front ends build on the engines: the hint judge and its rounds of
//!   thinking on, the "still winnable?" advisor and the advice both front ends show, board
//!   analysis and meeting in the middle for its open pairs.
//! - [`jobs`]: the threads every front end runs searches on: [`jobs::worker::Worker`] (one
//!   search on its own thread, cancelled when dropped) and [`jobs::task::Task`] (one job keyed
//!   by the question it answers).
//! - [`trace`]: the classic search (and the exact solver's depth-first search and beam)
//!   watched one expansion at a time, and a student's own trace compared with it.
//! - [`system_memory`]: what the system lets the process take; [`cpu`]: hot loops compiled
//!   for x86-64-v3 too, chosen at run time.
//!
//! Beside them, what crosses those folders: [`Budget`] (`budget.rs`: parsing, display, each
//! engine's default, the memory check), [`Stop`] and [`Outcome`] (`outcome.rs`, with the
//! assignment's STATS block), [`Engine`] (`engine.rs`: which engine), [`solve`]
//! (`dispatch.rs`: the one dispatch from an engine and a budget to its search), and here
//! [`Progress`] and [`Control`] (a cancel flag and a progress callback, so a worker thread can
//! run an engine and a front end can stop it). Nothing here knows about any user interface.
//!
//! # Solving a board from code
//!
//! The crate stands on its own (it depends on the rules and the layouts, no user interface):
//! take a board, pick an [`Engine`] and a budget, and [`solve`] it. The exact engine proves
//! its answer; [`uncontrolled`] runs it without a cancel flag or progress reports (a front end
//! passes its own [`Control`] instead, from a worker thread).
//!
//! ```
//! use pegsol_layout::load::resolve_puzzle;
//! use pegsol_solver::{solve, uncontrolled, Engine, Stop};
//!
//! // The 15-hole triangle from the catalogue (a path to a layout file works too).
//! let puzzle = resolve_puzzle("triangle").expect("a catalogue board");
//! let solved = uncontrolled(|control| {
//!     solve(Engine::Exact, &puzzle.start, puzzle.goal, Some(1_000_000), control)
//! });
//! let outcome = solved.outcome;
//! assert!(outcome.won && outcome.proven_optimal);
//! assert_eq!(outcome.stop, Stop::Solved);
//! assert_eq!(outcome.pegs_left, 1);
//! // 14 pegs, one left: 13 jumps, each checked against the rules as it is replayed.
//! let mut position = puzzle.start.clone();
//! for jump in &outcome.jumps {
//!     position = position.try_play(*jump).expect("a legal jump");
//! }
//! assert_eq!(position.pegs().len(), 1);
//! println!("{}", outcome.jumps.iter().map(|j| j.to_string()).collect::<Vec<_>>().join(" "));
//! ```

pub mod boards;
pub mod budget;
pub mod cpu;
mod dispatch;
mod engine;
pub mod engines;
pub mod jobs;
mod outcome;
pub mod services;
pub mod system_memory;
pub mod trace;

pub use budget::Budget;
pub use dispatch::{search, solve, Solved};
pub use engine::Engine;
pub use outcome::{Finder, Outcome, Stop};

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A snapshot of a running search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Nodes expanded so far.
    pub expanded: u64,
    /// Nodes generated so far.
    pub generated: u64,
    /// Fewest pegs seen so far.
    pub best_pegs: u32,
    /// Time since the search started.
    pub elapsed: Duration,
    /// What the search is doing before its own search begins, when it first asks the level
    /// engine for every position that can still win (the fewest-moves search on a board with
    /// no whole winnable set: seconds on English, minutes on French): the engine's latest
    /// step; `None` once the search proper runs. The counters above stay at zero until then.
    pub preparing: Option<engines::whole::Status>,
    /// Where a fewest-moves search meeting in the middle is (levels held, the pass's share
    /// done, the bound proven); `None` for every other search and stage.
    pub meeting: Option<engines::moves::MeetStatus>,
}

impl Progress {
    /// The level engine's step before the search proper, in words for a progress line:
    /// "every position that can still win: forward, jumps 12 of 35, …".
    pub fn preparing_line(&self) -> Option<String> {
        self.preparing
            .map(|s| format!("every position that can still win: {}", s.line()))
    }

    /// The meeting's place in words, for a progress line (see [`Progress::meeting`]).
    pub fn meeting_line(&self) -> Option<String> {
        self.meeting.map(|m| m.line())
    }
}

/// How a caller steers a running search: a cancel flag and a progress callback.
pub struct Control<'a> {
    cancel: &'a AtomicBool,
    on_progress: &'a mut (dyn FnMut(&Progress) + Send),
    started: Instant,
    /// Added to every `expanded` reported: the work done before this search in a job of
    /// several (see [`Control::with_offset`]).
    offset: u64,
}

/// Expansions between two progress reports / cancel checks: about a millisecond of work.
pub const REPORT_EVERY: u64 = 4096;

impl<'a> Control<'a> {
    /// A control reading `cancel` and reporting to `on_progress`.
    pub fn new(cancel: &'a AtomicBool, on_progress: &'a mut (dyn FnMut(&Progress) + Send)) -> Self {
        Control {
            cancel,
            on_progress,
            started: Instant::now(),
            offset: 0,
        }
    }

    /// Runs `f` with `before` added to the expansions it reports: a job that runs several
    /// searches in turn (the hint judge) reports the work of all of them, not each one's
    /// from zero.
    pub fn with_offset<T>(&mut self, before: u64, f: impl FnOnce(&mut Control) -> T) -> T {
        self.offset += before;
        let out = f(self);
        self.offset -= before;
        out
    }

    /// Whether the caller asked the search to stop.
    #[inline]
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Time since the control was made.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Reports progress.
    pub fn report(&mut self, expanded: u64, generated: u64, best_pegs: u32) {
        let p = Progress {
            expanded: self.offset + expanded,
            generated,
            best_pegs,
            elapsed: self.started.elapsed(),
            preparing: None,
            meeting: None,
        };
        (self.on_progress)(&p);
    }

    /// Reports progress of a fewest-moves search meeting in the middle (see
    /// [`Progress::meeting`]).
    pub fn report_meeting(
        &mut self,
        expanded: u64,
        generated: u64,
        status: &engines::moves::MeetStatus,
    ) {
        let p = Progress {
            expanded: self.offset + expanded,
            generated,
            best_pegs: 0,
            elapsed: self.started.elapsed(),
            preparing: None,
            meeting: Some(*status),
        };
        (self.on_progress)(&p);
    }

    /// Reports a step of the level engine's work before the search proper (see
    /// [`Progress::preparing`]).
    pub fn report_preparing(&mut self, preparing: &engines::whole::Status) {
        let p = Progress {
            expanded: self.offset,
            generated: 0,
            best_pegs: 0,
            elapsed: self.started.elapsed(),
            preparing: Some(*preparing),
            meeting: None,
        };
        (self.on_progress)(&p);
    }

    /// The cancel flag, for engines that share it with helper threads.
    pub fn cancel_flag(&self) -> &'a AtomicBool {
        self.cancel
    }
}

/// Runs `f` with a control that is never cancelled and ignores progress: for tests and the
/// command line's quiet paths.
pub fn uncontrolled<T>(f: impl FnOnce(&mut Control) -> T) -> T {
    let cancel = AtomicBool::new(false);
    let mut ignore = |_: &Progress| {};
    let mut control = Control::new(&cancel, &mut ignore);
    f(&mut control)
}
