//! The exact solver's beam one level at a time: [`BeamTrace`], what the window's Search view
//! plays to show a search that goes level by level (one level per peg count) and keeps only
//! the most compact positions of each, so it reaches the bottom at once but proves nothing.
//!
//! It mirrors the portfolio's beam member (`engines/exact/beam.rs`, `beam_member` and
//! `beam`) with the same scoring (the border around the pegs, [`Borders`]), the same order
//! of children, duplicates dropped by canonical form, the same selection of the `width`
//! kept (ties broken by position), and the same rounds: a beam that dead-ends begins again
//! twice as wide with a new seed for its tie-breaking noise. It runs the beam alone, as the
//! member runs before the depth-first members have proven anything: no failure table
//! entries, no goal side, no pagoda functions (in the portfolio these come from the other
//! members, round by round, so no stepped beam could show them). The target is the exact
//! solver's first: one peg (two where the position class rules one out), on the goal's cell
//! if it has one. The tests hold each round to the engine's own beam run alone.

use crate::boards::compact::{Bits, Compact};
use crate::boards::symmetry::Symmetries;
use crate::engines::exact::{Borders, FIRST_WIDTH, MAX_WIDTH};
use crate::Stop;
use pegsol_rules::{ClassMasks, Goal, Jump, Position};
use rustc_hash::FxHashSet;

/// The beam's counters after a level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BeamCounters {
    /// Positions expanded, over every level and round.
    pub expanded: u64,
    /// Children generated, over every level and round.
    pub generated: u64,
    /// Children dropped because the level already had them (or a mirror image).
    pub duplicates: u64,
    /// Levels finished, over every round.
    pub levels: u64,
    /// The round: 0 for the first beam, one more each time a beam dead-ends.
    pub round: u64,
    /// The round's width: the most positions a level keeps.
    pub width: usize,
    /// Positions in the level reached.
    pub kept: usize,
    /// Pegs on the positions of the level reached.
    pub pegs: u32,
    /// The fewest pegs any level reached.
    pub best_pegs: u32,
    /// The pegs the beam is after.
    pub target: u32,
}

/// How a level ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelEnd {
    /// Its best `width` children were kept: the next level.
    Kept,
    /// No child survived: the round is over, the next begins wider.
    DeadEnd,
    /// A child reached the target: the beam found a line.
    Found,
    /// The budget ran out in the middle of it.
    Budget,
}

/// One level of the beam, as the view shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Levels begun, counted from 1 over every round.
    pub n: u64,
    /// The round it belongs to.
    pub round: u64,
    /// Pegs on the positions expanded.
    pub pegs: u32,
    /// Positions expanded for it (the level above, or fewer if the budget ran out).
    pub expanded: u64,
    /// Children they generated.
    pub generated: u64,
    /// Children dropped as duplicates.
    pub duplicates: u64,
    /// Children kept (at most the width).
    pub kept: usize,
    /// How it ended.
    pub end: LevelEnd,
}

/// What leads to a position of a level: its parent in the level above and the jump played.
#[derive(Clone, Copy)]
struct Link {
    parent: u32,
    jump: u16,
}

/// The beam over boards of one width.
struct Beam<B> {
    compact: Compact<B>,
    syms: Symmetries<B>,
    borders: Borders<B>,
    goal_board: Option<B>,
    start: B,
    start_pegs: u32,
    k: u32,
    budget: u64,
    counters: BeamCounters,
    seed: u64,
    /// Whether a round is under way (`frontier` is its level).
    in_round: bool,
    frontier: Vec<B>,
    scores: Vec<u64>,
    links: Vec<Vec<Link>>,
    seen: FxHashSet<B>,
    children: Vec<(u64, B, Link)>,
    best_path: Vec<u16>,
    solution: Option<Vec<u16>>,
    stopped: Option<Stop>,
    /// The position shown: the most compact of the level reached, its path and children.
    shown: (Vec<u16>, Vec<u16>),
}

impl<B: Bits> Beam<B> {
    fn new(start: &Position, goal: Goal, budget: u64) -> Beam<B> {
        let shape = start.shape();
        let compact = Compact::<B>::new(shape);
        let syms = Symmetries::keeping_goal(&compact, shape, goal);
        let borders = Borders::new(&compact);
        let board = compact.encode(start.pegs());
        let start_pegs = board.count();
        let finishes = ClassMasks::new(shape).possible_finishes(shape, start.pegs());
        let (k, stopped, solution) = match goal {
            // The class rules the cell out: the exact solver does not search at all.
            Goal::At(c) if !finishes.contains(c) => {
                let won = goal.is_won(start.pegs());
                (
                    1,
                    Some(if won { Stop::Solved } else { Stop::Exhausted }),
                    None,
                )
            }
            Goal::At(_) => (1, None, None),
            Goal::Anywhere => (if finishes.is_empty() { 2 } else { 1 }, None, None),
        };
        let (stopped, solution) = if stopped.is_none() && start_pegs <= k {
            (Some(Stop::Solved), Some(Vec::new()))
        } else {
            (stopped, solution)
        };
        Beam {
            goal_board: compact.goal_board(goal),
            compact,
            syms,
            borders,
            start: board,
            start_pegs,
            k,
            budget,
            counters: BeamCounters {
                width: FIRST_WIDTH,
                kept: 1,
                pegs: start_pegs,
                best_pegs: start_pegs,
                target: k,
                ..BeamCounters::default()
            },
            seed: 0,
            in_round: false,
            frontier: Vec::new(),
            scores: Vec::new(),
            links: Vec::new(),
            seen: FxHashSet::default(),
            children: Vec::new(),
            best_path: Vec::new(),
            solution,
            stopped,
            shown: (Vec::new(), Vec::new()),
        }
    }

    /// The jumps to the position `link` leads to from the last level of `links`.
    fn path(links: &[Vec<Link>], link: Link) -> Vec<u16> {
        let mut path = vec![link.jump];
        let mut parent = link.parent;
        for level in links.iter().rev() {
            let l = level[parent as usize];
            path.push(l.jump);
            parent = l.parent;
        }
        path.reverse();
        path
    }

    /// The path to position `i` of the level reached.
    fn path_to(&self, i: usize) -> Vec<u16> {
        match self.links.split_last() {
            Some((last, above)) => Self::path(above, last[i]),
            None => Vec::new(),
        }
    }

    /// Begins a round as `beam_member` does: width `FIRST_WIDTH * 2^round`, seed `round`.
    fn begin_round(&mut self) {
        let round = self.counters.round;
        self.seed = round;
        self.counters.width = (FIRST_WIDTH << round.min(16)).min(MAX_WIDTH);
        self.frontier = vec![self.start];
        self.scores = vec![0];
        self.links.clear();
        self.counters.pegs = self.start_pegs;
        self.counters.kept = 1;
        self.in_round = true;
    }

    /// One level of `beam` (see [`BeamTrace::step`]).
    fn step(&mut self) -> Option<Level> {
        if self.stopped.is_some() {
            return None;
        }
        if !self.in_round {
            self.begin_round();
        }
        let width = self.counters.width;
        let (k, pegs) = (self.k, self.counters.pegs);
        let salt = self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let before = self.counters;
        self.counters.levels += 1;
        let mut level = Level {
            n: self.counters.levels,
            round: self.counters.round,
            pegs,
            expanded: 0,
            generated: 0,
            duplicates: 0,
            kept: 0,
            end: LevelEnd::Kept,
        };
        self.seen.clear();
        self.children.clear();
        let mut found = None;
        'nodes: for i in 0..self.frontier.len() {
            if self.counters.expanded >= self.budget {
                level.end = LevelEnd::Budget;
                break;
            }
            self.counters.expanded += 1;
            if self.children.len() >= 4 * width {
                // Keep memory at a few widths whatever the branching.
                self.children
                    .select_nth_unstable_by_key(width, |c| (c.0, c.1));
                self.children.truncate(width);
            }
            let node = self.frontier[i];
            for j in self.compact.legal(node).iter() {
                self.counters.generated += 1;
                let link = Link {
                    parent: i as u32,
                    jump: j as u16,
                };
                let child = node ^ self.compact.jumps[j].all;
                if pegs - 1 <= k {
                    if self.goal_board.is_none_or(|g| g == child) {
                        found = Some(Self::path(&self.links, link));
                        break 'nodes;
                    }
                    continue;
                }
                let canon = self.syms.canon(child);
                if !self.seen.insert(canon) {
                    self.counters.duplicates += 1;
                    continue;
                }
                let noise = if self.seed == 0 {
                    0
                } else {
                    (canon.hash64() ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56
                };
                let score = (u64::from(self.borders.length(child)) << 8) | noise;
                self.children.push((score, child, link));
            }
        }
        level.expanded = self.counters.expanded - before.expanded;
        level.generated = self.counters.generated - before.generated;
        level.duplicates = self.counters.duplicates - before.duplicates;
        if let Some(path) = found {
            level.end = LevelEnd::Found;
            self.counters.best_pegs = self.start_pegs - path.len() as u32;
            self.shown = (path.clone(), Vec::new());
            self.solution = Some(path);
            self.stopped = Some(Stop::Solved);
            return Some(level);
        }
        if level.end == LevelEnd::Budget {
            self.stopped = Some(Stop::Budget);
            return Some(level);
        }
        if self.children.is_empty() {
            // A dead end for every position kept: the next round, wider.
            level.end = LevelEnd::DeadEnd;
            self.in_round = false;
            self.counters.round += 1;
            return Some(level);
        }
        if self.children.len() > width {
            // Ties broken by position too, as the engine does.
            self.children
                .select_nth_unstable_by_key(width, |c| (c.0, c.1));
            self.children.truncate(width);
        }
        self.links.push(self.children.iter().map(|c| c.2).collect());
        self.frontier = self.children.iter().map(|c| c.1).collect();
        self.scores = self.children.iter().map(|c| c.0).collect();
        level.kept = self.frontier.len();
        self.counters.kept = self.frontier.len();
        self.counters.pegs = pegs - 1;
        if pegs - 1 < self.counters.best_pegs {
            // The deepest level's first position, as the engine offers it.
            self.counters.best_pegs = pegs - 1;
            self.best_path = self.path_to(0);
        }
        let shown = (0..self.frontier.len())
            .min_by_key(|&i| (self.scores[i], self.frontier[i]))
            .unwrap_or(0);
        let board = self.frontier[shown];
        let kids = self.compact.legal(board).iter().map(|j| j as u16).collect();
        self.shown = (self.path_to(shown), kids);
        Some(level)
    }

    fn jumps(&self, line: &[u16]) -> Vec<Jump> {
        line.iter()
            .map(|&j| self.compact.jumps[usize::from(j)].jump)
            .collect()
    }
}

/// A beam over boards of either width.
enum Steps {
    Narrow(Box<Beam<u64>>),
    Wide(Box<Beam<u128>>),
}

/// Runs `$body` with `$b` the beam, whichever width it is.
macro_rules! each {
    ($steps:expr, $b:ident => $body:expr) => {
        match $steps {
            Steps::Narrow($b) => $body,
            Steps::Wide($b) => $body,
        }
    };
}

/// The exact solver's beam, one level at a time ([`BeamTrace::step`]); see the module docs
/// for what it mirrors.
pub struct BeamTrace {
    start: Position,
    steps: Steps,
}

impl BeamTrace {
    /// The beam from `start` for `goal` with a budget of `budget` expansions.
    pub fn new(start: &Position, goal: Goal, budget: u64) -> BeamTrace {
        let steps = if start.shape().cells().len() <= 64 {
            Steps::Narrow(Box::new(Beam::new(start, goal, budget)))
        } else {
            Steps::Wide(Box::new(Beam::new(start, goal, budget)))
        };
        BeamTrace {
            start: start.clone(),
            steps,
        }
    }

    /// Expands every position of the level reached and keeps the `width` most compact of
    /// their children: the next level. `None` once the beam has stopped (a line found, or
    /// the budget used).
    pub fn step(&mut self) -> Option<Level> {
        each!(&mut self.steps, b => b.step())
    }

    /// The counters after the last level.
    pub fn counters(&self) -> BeamCounters {
        each!(&self.steps, b => b.counters)
    }

    /// Why the beam stopped, once it has.
    pub fn stopped(&self) -> Option<Stop> {
        each!(&self.steps, b => b.stopped)
    }

    /// The start.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The jumps from the start to the position shown: the most compact of the level
    /// reached (the line found, once found).
    pub fn path(&self) -> Vec<Jump> {
        each!(&self.steps, b => b.jumps(&b.shown.0))
    }

    /// The position shown.
    pub fn position(&self) -> Position {
        let mut p = self.start.clone();
        for j in self.path() {
            p.play_unchecked(j);
        }
        p
    }

    /// The jumps the position shown has: its children at the next level.
    pub fn children(&self) -> Vec<Jump> {
        each!(&self.steps, b => b.jumps(&b.shown.1))
    }

    /// The line found, if one was.
    pub fn solution(&self) -> Option<Vec<Jump>> {
        each!(&self.steps, b => b.solution.as_ref().map(|s| b.jumps(s)))
    }

    /// The deepest line the beam offers: the first position of the deepest level reached.
    pub fn deepest(&self) -> Vec<Jump> {
        each!(&self.steps, b => b.jumps(&b.best_path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::exact::{ExactSolver, Options};
    use pegsol_layout::load::resolve_puzzle;

    /// Steps `trace` to the end of its current round: the levels it took.
    fn round(trace: &mut BeamTrace) -> Vec<Level> {
        let mut levels = Vec::new();
        while let Some(level) = trace.step() {
            levels.push(level);
            if level.end != LevelEnd::Kept {
                break;
            }
        }
        levels
    }

    #[test]
    fn each_round_of_the_stepped_beam_equals_the_engines_beam_run_alone() {
        let mut rounds_checked = 0;
        for (name, goal) in [
            ("0", None),
            ("2", None),
            ("4", None),
            ("5", None),
            ("6", None),
            ("english", None),
            ("english", Some(Goal::Anywhere)),
            ("triangle", None),
            ("french", None),
        ] {
            let p = resolve_puzzle(name).unwrap();
            let goal = goal.unwrap_or(p.goal);
            let solver = ExactSolver::new(p.start.shape(), goal, Options::default());
            let mut trace = BeamTrace::new(&p.start, goal, u64::MAX);
            let k = trace.counters().target;
            // The first rounds: a find ends the beam, a dead end goes on wider.
            for r in 0..3u64 {
                let before = trace.counters();
                let width = before.width.max(FIRST_WIDTH << r).min(MAX_WIDTH);
                let levels = round(&mut trace);
                let after = trace.counters();
                let engine = solver.beam_alone(&p.start, k, width, r);
                assert_eq!(
                    (
                        after.expanded - before.expanded,
                        after.generated - before.generated
                    ),
                    (engine.expanded, engine.generated),
                    "{name} round {r}"
                );
                assert_eq!(
                    levels.iter().map(|l| l.expanded).sum::<u64>(),
                    engine.expanded
                );
                rounds_checked += 1;
                match levels.last().map(|l| l.end) {
                    Some(LevelEnd::Found) => {
                        let found = engine.found.as_deref().map(|l| solver.jumps_of(l));
                        assert_eq!(trace.solution(), found, "{name}");
                        assert_eq!(trace.path(), trace.solution().unwrap_or_default());
                        break;
                    }
                    Some(LevelEnd::DeadEnd) => {
                        assert!(engine.found.is_none(), "{name} round {r}");
                        if r == 0 {
                            let deepest = engine.deepest.as_deref().unwrap_or_default();
                            assert_eq!(trace.deepest(), solver.jumps_of(deepest), "{name}");
                        }
                    }
                    end => panic!("{name} round {r}: {end:?}"),
                }
            }
        }
        assert!(rounds_checked >= 9);
    }

    #[test]
    fn a_level_keeps_at_most_the_width_and_each_level_has_one_peg_fewer() {
        let p = resolve_puzzle("6").unwrap();
        let mut trace = BeamTrace::new(&p.start, Goal::Anywhere, u64::MAX);
        let mut pegs = p.start.peg_count();
        while let Some(level) = trace.step() {
            assert_eq!(level.pegs, pegs);
            assert!(level.kept <= trace.counters().width);
            assert!(level.expanded > 0);
            match level.end {
                LevelEnd::Kept => {
                    pegs -= 1;
                    assert_eq!(trace.position().peg_count(), pegs);
                    let position = trace.position();
                    assert!(trace.children().iter().all(|&j| position.is_legal(j)));
                }
                LevelEnd::DeadEnd => pegs = p.start.peg_count(),
                LevelEnd::Found | LevelEnd::Budget => break,
            }
        }
        assert_eq!(trace.stopped(), Some(Stop::Solved));
        let line = trace.solution().unwrap_or_default();
        let mut end = p.start.clone();
        for j in line {
            assert!(end.is_legal(j));
            end.play_unchecked(j);
        }
        assert_eq!(end.peg_count(), 1);
    }

    #[test]
    fn the_budget_stops_the_beam_in_the_middle_of_a_level() {
        let p = resolve_puzzle("6").unwrap();
        let mut trace = BeamTrace::new(&p.start, Goal::Anywhere, 300);
        let mut last = None;
        while let Some(level) = trace.step() {
            last = Some(level);
        }
        assert_eq!(last.map(|l| l.end), Some(LevelEnd::Budget));
        assert_eq!(trace.counters().expanded, 300);
        assert_eq!(trace.stopped(), Some(Stop::Budget));
    }
}
