//! The assignment's search one expansion at a time: [`ClassicTrace`] steps the classic engine's
//! own [`Search`] with a watcher that keeps what a trace line, the window's Search view and
//! the comparison need (the node, its depth and jump, and on request its path and children).

use super::Expansion;
use crate::boards::compact::Bits;
use crate::engines::classic::{Fate, Search, Watch};
use crate::{Outcome, Stop};
use pegsol_rules::{CellSet, Goal, Jump, Position};
use std::time::Duration;

/// The counters the assignment prints, and the two the Search view adds, after an expansion.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Nodes expanded (popped), the root included.
    pub expanded: u64,
    /// Children generated (every legal jump of every expanded node).
    pub generated: u64,
    /// Children dropped because their board was seen before.
    pub duplicates: u64,
    /// Nodes waiting on the stack.
    pub stack: usize,
    /// The fewest pegs seen so far.
    pub best_pegs: u32,
}

/// The watcher behind [`ClassicTrace`]: the node being expanded and, with `detail`, its path
/// and children (copied only when asked for, so a trace streams at the engine's speed).
struct Recorder<B> {
    jumps: Vec<Jump>,
    board: B,
    depth: u32,
    last: Option<u16>,
    detail: bool,
    path: Vec<u16>,
    children: Vec<(u16, Fate)>,
    duplicates: u64,
}

impl<B: Bits> Watch<B> for Recorder<B> {
    #[inline(always)]
    fn expanding(&mut self, _n: u64, board: B, path: &[u16]) {
        self.board = board;
        self.depth = path.len() as u32;
        self.last = path.last().copied();
        if self.detail {
            self.path.clear();
            self.path.extend_from_slice(path);
            self.children.clear();
        }
    }

    #[inline(always)]
    fn generated(&mut self, jump: u16, fate: Fate) {
        self.duplicates += u64::from(fate == Fate::Duplicate);
        if self.detail {
            self.children.push((jump, fate));
        }
    }
}

/// A search over boards of either width.
enum Steps {
    Narrow(Box<Search<u64>>, Recorder<u64>),
    Wide(Box<Search<u128>>, Recorder<u128>),
}

/// Runs `$body` with `$s` the search and `$r` its recorder, whichever width they are.
macro_rules! each {
    ($steps:expr, $s:ident, $r:ident => $body:expr) => {
        match $steps {
            Steps::Narrow($s, $r) => $body,
            Steps::Wide($s, $r) => $body,
        }
    };
}

/// The assignment's search, expanded one node at a time ([`ClassicTrace::expand`]), with the
/// node, the counters and (with [`ClassicTrace::set_detail`]) the path and children of each
/// expansion. It is the classic engine itself, so its expansions are the engine's, node for
/// node; it holds the search's own tables and nothing per expansion.
pub struct ClassicTrace {
    start: Position,
    steps: Steps,
}

impl ClassicTrace {
    /// The search from `start` with a budget of `budget` expansions.
    pub fn new(start: &Position, budget: u64) -> ClassicTrace {
        fn recorder<B: Bits>(search: &Search<B>) -> Recorder<B> {
            Recorder {
                jumps: search.jumps().collect(),
                board: B::ZERO,
                depth: 0,
                last: None,
                detail: false,
                path: Vec::new(),
                children: Vec::new(),
                duplicates: 0,
            }
        }
        let steps = if start.shape().cells().len() <= 64 {
            let search = Box::new(Search::<u64>::new(start, budget));
            let r = recorder(&search);
            Steps::Narrow(search, r)
        } else {
            let search = Box::new(Search::<u128>::new(start, budget));
            let r = recorder(&search);
            Steps::Wide(search, r)
        };
        ClassicTrace {
            start: start.clone(),
            steps,
        }
    }

    /// Whether each expansion keeps its path and children ([`ClassicTrace::path`],
    /// [`ClassicTrace::children`]); off by default.
    pub fn set_detail(&mut self, on: bool) {
        each!(&mut self.steps, _s, r => r.detail = on);
    }

    /// Expands the next node and says which it was; `None` once the search has stopped.
    pub fn expand(&mut self) -> Option<Expansion> {
        each!(&mut self.steps, s, r => {
            if s.stopped().is_some() {
                return None;
            }
            let before = s.expanded();
            s.step(r);
            (s.expanded() > before).then(|| Expansion {
                n: s.expanded(),
                depth: r.depth,
                pegs: r.board.count(),
                jump: r.last.map(|j| r.jumps[usize::from(j)]),
            })
        })
    }

    /// The counters after the last expansion.
    pub fn counters(&self) -> Counters {
        each!(&self.steps, s, r => Counters {
            expanded: s.expanded(),
            generated: s.generated(),
            duplicates: r.duplicates,
            stack: s.stack_len(),
            best_pegs: s.best_pegs(),
        })
    }

    /// Why the search stopped, once it has.
    pub fn stopped(&self) -> Option<Stop> {
        each!(&self.steps, s, _r => s.stopped())
    }

    /// The start.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The pegs of the node expanded last (the start before any expansion).
    pub fn pegs(&self) -> CellSet {
        each!(&self.steps, s, r => {
            if s.expanded() == 0 {
                self.start.pegs()
            } else {
                s.pegs_of(r.board)
            }
        })
    }

    /// The node expanded last as a position.
    pub fn position(&self) -> Position {
        let mut p = self.start.clone();
        for j in self.path() {
            p.play_unchecked(j);
        }
        p
    }

    /// The jumps from the start to the node expanded last (kept with detail on).
    pub fn path(&self) -> Vec<Jump> {
        each!(&self.steps, _s, r => r.path.iter().map(|&j| r.jumps[usize::from(j)]).collect())
    }

    /// The children the last expansion generated, in the scan order, and what became of each
    /// (kept with detail on).
    pub fn children(&self) -> Vec<(Jump, Fate)> {
        each!(&self.steps, _s, r => {
            let mut kids = r.children.clone();
            kids.sort_by_key(|&(j, _)| j);
            kids.into_iter().map(|(j, f)| (r.jumps[usize::from(j)], f)).collect()
        })
    }

    /// What the search found so far, as the engine reports it.
    pub fn outcome(&self, goal: Goal, elapsed: Duration) -> Outcome {
        each!(&self.steps, s, _r => s.outcome(&self.start, goal, elapsed))
    }
}
