//! The exact solver's depth-first search one expansion at a time: [`ExactTrace`], what the
//! window's Search view plays beside the assignment's search, to show why a failure table
//! makes the same depth-first search so much faster.
//!
//! It mirrors the exact solver's *inline attempt* (`engines/exact/workers.rs`,
//! `inline_first` and `dfs`): the targets tried in turn (the position class's bound, then one
//! more peg, ...), one depth-first search per target in the assignment's order (the reverse
//! of the scan, as the assignment's stack pops), and a failure table per target holding each
//! position whose every continuation failed, by its canonical form under the symmetries
//! that keep the goal. Positions within `NEAR_TARGET` pegs of the target skip the table, as
//! in the engine.
//!
//! What it leaves out, and why the counts can only be the single-threaded engine's: the
//! full engine hands a search that the inline attempt did not settle in 5,000 expansions to
//! threads in lockstep (several jump orders with restarts, a beam beside them, a goal side
//! built backwards from the finish and pagoda functions), whose combined order of
//! expansions no single stepped search could show. The stepper equals the engine run with
//! one member and an unlimited inline attempt (`Stages { inline_attempt: u64::MAX,
//! quick_phase: u64::MAX, .. }`, `threads: 1`, `beam: false`), expansion for expansion, and
//! the default engine wherever the inline attempt settles the search (the English board
//! from its centre): the tests below hold it to both.

use super::Expansion;
use crate::boards::compact::{Bits, Compact};
use crate::boards::symmetry::Symmetries;
use crate::engines::exact::NEAR_TARGET;
use crate::Stop;
use pegsol_rules::{ClassMasks, Goal, Jump, Position};
use rustc_hash::FxHashSet;

/// Events kept between two expansions for the view (a long run of failures backed out of
/// is summed in [`ExactCounters`], not listed).
const MOST_EVENTS: usize = 64;

/// The exact search's counters after an expansion.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExactCounters {
    /// Positions expanded, over every target so far.
    pub expanded: u64,
    /// Children generated, over every target so far.
    pub generated: u64,
    /// Children found in the failure table (or a mirror image of one) and not searched.
    pub table_hits: u64,
    /// Positions in the current target's failure table.
    pub table_entries: u64,
    /// Jumps from the start to the position expanded last.
    pub depth: u32,
    /// The fewest pegs seen so far.
    pub best_pegs: u32,
    /// The pegs the current target asks for.
    pub target: u32,
}

/// What happened to a position the search left without expanding it, between two
/// expansions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// A child found in the failure table: proven lost before, perhaps as a mirror image.
    TableHit,
    /// Every child of an expanded position failed: it is stored in the failure table.
    Stored,
    /// Every child failed, within a few pegs of the target: not worth a table entry.
    Failed,
    /// A child with the target's pegs, but not the goal's board.
    NotTheGoal,
}

/// One position left without expanding it, as the view lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// Jumps from the start to the position.
    pub depth: u32,
    /// The jump that made it (`None`: the start).
    pub jump: Option<Jump>,
    /// What happened to it.
    pub cut: Cut,
}

/// How the stepped search ended, as the engine's outcome tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactResult {
    /// Why it stopped.
    pub stop: Stop,
    /// The line found (or the deepest line, if none was).
    pub jumps: Vec<Jump>,
    /// Pegs left at the end of that line.
    pub pegs_left: u32,
    /// Whether it is proven: the fewest pegs for "anywhere", or the goal out of reach.
    pub proven: bool,
}

/// A position on the search's stack with the children still to try.
struct Frame<B> {
    board: B,
    pegs: u32,
    canon: B,
    use_table: bool,
    children: Vec<u16>,
    next: usize,
}

/// What came of entering a position (the head of the engine's `dfs`).
enum Entered {
    Expanded,
    Found,
    Failed(Cut),
    Budget,
}

/// The search over boards of one width.
struct Dfs<B> {
    compact: Compact<B>,
    syms: Symmetries<B>,
    /// The jumps in the order tried: the assignment's (the reverse of the scan).
    order: Vec<u16>,
    goal: Goal,
    goal_board: Option<B>,
    start: B,
    start_pegs: u32,
    targets: Vec<u32>,
    /// The target being searched, an index into `targets`.
    target: usize,
    in_target: bool,
    table: FxHashSet<B>,
    stack: Vec<Frame<B>>,
    path: Vec<u16>,
    expanded: u64,
    generated: u64,
    hits: u64,
    budget: u64,
    best_pegs: u32,
    best_path: Vec<u16>,
    stopped: Option<Stop>,
    solution: Option<Vec<u16>>,
    proven: bool,
    detail: bool,
    events: Vec<Event>,
    last_expansion: Option<Expansion>,
    /// The path and children of the position expanded last, kept past backing up and
    /// stopping.
    shown_path: Vec<u16>,
    shown_children: Vec<u16>,
}

impl<B: Bits> Dfs<B> {
    fn new(start: &Position, goal: Goal, budget: u64) -> Dfs<B> {
        let shape = start.shape();
        let compact = Compact::<B>::new(shape);
        let syms = Symmetries::keeping_goal(&compact, shape, goal);
        let order = (0..compact.jumps.len() as u16).rev().collect();
        let board = compact.encode(start.pegs());
        let start_pegs = board.count();
        let finishes = ClassMasks::new(shape).possible_finishes(shape, start.pegs());
        // The targets the engine tries, and what it says when there is none to try.
        let (targets, stopped, solution) = match goal {
            Goal::At(c) if !finishes.contains(c) => {
                let won = goal.is_won(start.pegs());
                (Vec::new(), Some(won), won.then(Vec::new))
            }
            Goal::At(_) => (vec![1], None, None),
            Goal::Anywhere => {
                let first = if finishes.is_empty() { 2 } else { 1 };
                ((first..=start_pegs.max(first)).collect(), None, None)
            }
        };
        Dfs {
            goal_board: compact.goal_board(goal),
            compact,
            syms,
            order,
            goal,
            start: board,
            start_pegs,
            targets,
            target: 0,
            in_target: false,
            table: FxHashSet::default(),
            stack: Vec::new(),
            path: Vec::new(),
            expanded: 0,
            generated: 0,
            hits: 0,
            budget,
            best_pegs: start_pegs,
            best_path: Vec::new(),
            stopped: stopped.map(|won| if won { Stop::Solved } else { Stop::Exhausted }),
            proven: stopped.is_some(),
            solution,
            detail: false,
            events: Vec::new(),
            last_expansion: None,
            shown_path: Vec::new(),
            shown_children: Vec::new(),
        }
    }

    fn k(&self) -> u32 {
        self.targets
            .get(self.target)
            .copied()
            .unwrap_or(self.start_pegs)
    }

    fn jump(&self, j: u16) -> Jump {
        self.compact.jumps[usize::from(j)].jump
    }

    fn note(&mut self, depth: u32, jump: Option<u16>, cut: Cut) {
        if self.detail && self.events.len() < MOST_EVENTS {
            let jump = jump.map(|j| self.jump(j));
            self.events.push(Event { depth, jump, cut });
        }
    }

    fn stop(&mut self, why: Stop) {
        self.stopped = Some(why);
    }

    /// Starts the next target (as the engine's loop over targets does); `false` when the
    /// search is over instead.
    fn begin_target(&mut self) -> bool {
        let Some(&k) = self.targets.get(self.target) else {
            // Every target proven out of reach (only a goal cell gets here).
            self.stop(Stop::Exhausted);
            return false;
        };
        if self.start_pegs <= k {
            self.solution = Some(Vec::new());
            self.proven = true;
            self.stop(Stop::Solved);
            return false;
        }
        if self.goal == Goal::Anywhere && self.best_pegs <= k {
            // Reached while a smaller target was being proven out of reach: optimal now.
            self.solution = Some(self.best_path.clone());
            self.proven = true;
            self.stop(Stop::Solved);
            return false;
        }
        self.table.clear();
        self.path.clear();
        self.in_target = true;
        true
    }

    /// The head of the engine's `dfs`: the best so far, the target, the failure table, the
    /// budget, then the expansion itself.
    fn enter(&mut self, board: B, pegs: u32) -> Entered {
        let k = self.k();
        if pegs < self.best_pegs {
            self.best_pegs = pegs;
            self.best_path.clone_from(&self.path);
        }
        if pegs <= k {
            return match self.goal_board {
                Some(goal) if board != goal => Entered::Failed(Cut::NotTheGoal),
                _ => Entered::Found,
            };
        }
        let canon = self.syms.canon(board);
        let use_table = pegs > k + NEAR_TARGET;
        if use_table && self.table.contains(&canon) {
            self.hits += 1;
            return Entered::Failed(Cut::TableHit);
        }
        if self.expanded >= self.budget {
            return Entered::Budget;
        }
        self.expanded += 1;
        let children: Vec<u16> = self
            .order
            .iter()
            .copied()
            .filter(|&j| self.compact.jumps[usize::from(j)].legal(board))
            .collect();
        self.shown_children.clone_from(&children);
        self.shown_path.clone_from(&self.path);
        self.stack.push(Frame {
            board,
            pegs,
            canon,
            use_table,
            children,
            next: 0,
        });
        self.last_expansion = Some(Expansion {
            n: self.expanded,
            depth: self.path.len() as u32,
            pegs,
            jump: self.path.last().map(|&j| self.jump(j)),
        });
        Entered::Expanded
    }

    /// Runs on to the next expansion (see [`ExactTrace::expand`]).
    fn expand(&mut self) -> Option<Expansion> {
        if self.stopped.is_some() {
            return None;
        }
        self.events.clear();
        loop {
            if !self.in_target {
                if !self.begin_target() {
                    return None;
                }
                let (start, pegs) = (self.start, self.start_pegs);
                match self.enter(start, pegs) {
                    Entered::Expanded => return self.last_expansion,
                    Entered::Budget => {
                        self.stop(Stop::Budget);
                        return None;
                    }
                    // Not reached: the start has more pegs than the target and the table
                    // is empty.
                    Entered::Found | Entered::Failed(_) => {
                        self.stop(Stop::Exhausted);
                        return None;
                    }
                }
            }
            let Some(top) = self.stack.last_mut() else {
                self.in_target = false;
                continue;
            };
            if let Some(&j) = top.children.get(top.next) {
                top.next += 1;
                let child = top.board ^ self.compact.jumps[usize::from(j)].all;
                let pegs = top.pegs - 1;
                self.generated += 1;
                self.path.push(j);
                match self.enter(child, pegs) {
                    Entered::Expanded => return self.last_expansion,
                    Entered::Found => {
                        self.solution = Some(self.path.clone());
                        self.proven = true;
                        self.stop(Stop::Solved);
                        return None;
                    }
                    Entered::Budget => {
                        self.stop(Stop::Budget);
                        return None;
                    }
                    Entered::Failed(cut) => {
                        self.note(self.path.len() as u32, Some(j), cut);
                        self.path.pop();
                    }
                }
            } else {
                // Every child failed: the position fails too, and is stored.
                let frame = self.stack.pop().expect("a frame on top");
                let cut = if frame.use_table {
                    self.table.insert(frame.canon);
                    Cut::Stored
                } else {
                    Cut::Failed
                };
                self.note(self.path.len() as u32, self.path.last().copied(), cut);
                if self.stack.is_empty() {
                    // The target is out of reach: on to the next.
                    if self.goal != Goal::Anywhere {
                        self.proven = true;
                    }
                    self.in_target = false;
                    self.target += 1;
                } else {
                    self.path.pop();
                }
            }
        }
    }
}

/// A search over boards of either width.
enum Steps {
    Narrow(Box<Dfs<u64>>),
    Wide(Box<Dfs<u128>>),
}

/// Runs `$body` with `$d` the search, whichever width it is.
macro_rules! each {
    ($steps:expr, $d:ident => $body:expr) => {
        match $steps {
            Steps::Narrow($d) => $body,
            Steps::Wide($d) => $body,
        }
    };
}

/// The exact solver's depth-first search with its failure table, expanded one position at a
/// time ([`ExactTrace::expand`]); see the module docs for what it mirrors.
pub struct ExactTrace {
    start: Position,
    steps: Steps,
}

impl ExactTrace {
    /// The search from `start` for `goal` with a budget of `budget` expansions.
    pub fn new(start: &Position, goal: Goal, budget: u64) -> ExactTrace {
        let steps = if start.shape().cells().len() <= 64 {
            Steps::Narrow(Box::new(Dfs::new(start, goal, budget)))
        } else {
            Steps::Wide(Box::new(Dfs::new(start, goal, budget)))
        };
        ExactTrace {
            start: start.clone(),
            steps,
        }
    }

    /// Whether each step keeps the positions cut on the way ([`ExactTrace::events`]); off
    /// by default.
    pub fn set_detail(&mut self, on: bool) {
        each!(&mut self.steps, d => d.detail = on);
    }

    /// Runs on to the next expansion and says which it was; `None` once the search has
    /// stopped (found, out of budget, or every target proven out of reach).
    pub fn expand(&mut self) -> Option<Expansion> {
        each!(&mut self.steps, d => d.expand())
    }

    /// The counters after the last step.
    pub fn counters(&self) -> ExactCounters {
        each!(&self.steps, d => ExactCounters {
            expanded: d.expanded,
            generated: d.generated,
            table_hits: d.hits,
            table_entries: d.table.len() as u64,
            depth: d.last_expansion.map_or(0, |e| e.depth),
            best_pegs: d.best_pegs,
            target: d.k(),
        })
    }

    /// Why the search stopped, once it has.
    pub fn stopped(&self) -> Option<Stop> {
        each!(&self.steps, d => d.stopped)
    }

    /// The start.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The jumps from the start to the position expanded last.
    pub fn path(&self) -> Vec<Jump> {
        each!(&self.steps, d => d.shown_path.iter().map(|&j| d.jump(j)).collect())
    }

    /// The position expanded last.
    pub fn position(&self) -> Position {
        let mut p = self.start.clone();
        for j in self.path() {
            p.play_unchecked(j);
        }
        p
    }

    /// The children of the position expanded last, in the order the search tries them.
    pub fn children(&self) -> Vec<Jump> {
        each!(&self.steps, d => d.shown_children.iter().map(|&j| d.jump(j)).collect())
    }

    /// The positions cut between the last expansion and the one before it (at most a few
    /// dozen; with detail on).
    pub fn events(&self) -> &[Event] {
        each!(&self.steps, d => &d.events)
    }

    /// The line found, or the deepest so far, as the engine reports it.
    pub fn result(&self) -> ExactResult {
        each!(&self.steps, d => {
            let line = d.solution.as_ref().unwrap_or(&d.best_path);
            let jumps: Vec<Jump> = line.iter().map(|&j| d.jump(j)).collect();
            let stop = match d.stopped {
                Some(_) if d.proven && d.solution.is_some() => Stop::Solved,
                Some(s) => s,
                None => Stop::Budget,
            };
            ExactResult {
                stop,
                pegs_left: d.start_pegs - jumps.len() as u32,
                jumps,
                proven: d.proven,
            }
        })
    }
}

#[cfg(test)]
mod tests;
