//! "Can this position still be won, and if not, why?": a verdict with its proof, for the
//! window's hints, the terminal game and `pegsol hint`.
//!
//! Owns the order in which proofs are tried, cheapest first:
//! 1. already won, or no jump left;
//! 2. the position class ([`crate::rules::ClassMasks`]): no finish cell in the goal's class;
//! 3. pagoda functions found before on this board (adding up weights);
//! 4. the winnable set, when one is supplied for this board and goal (the English board's
//!    classic game: see [`crate::solver::engines::winnable`]);
//! 5. the exact solver with a small budget (most positions are decided in milliseconds);
//! 6. a pagoda function found by linear programming ([`Pagoda::find_refutation`]);
//! 7. by turns, each turn longer ([`STAGES`]): the prover
//!    ([`crate::solver::engines::prove`]) on the game played backwards, for each finish
//!    (signed pagoda functions and an exhaustive search, which settle the lost middle-game
//!    positions of the big boards that nothing above does), then the exact solver forwards
//!    (which finds the wins);
//! 8. the exact solver with the whole budget.
//!
//! A lost verdict always carries its reason ([`Reason`]); a winnable one a winning line that
//! replays to the goal. [`Judge`] keeps what is worth keeping between questions: the exact
//! solver (its failure tables are facts about the board), the pagoda functions found, and the
//! backward proofs' signed functions (facts about the board's jumps).
//! The verdict on each legal jump of a position is [`jumps`]'s.

mod jumps;

pub use jumps::decided_by_a_jump;

pub use super::backward::{backward_proof, backward_proof_with, BackwardProof};
use crate::rules::CellSet;
use crate::rules::{Cell, ClassMasks, Goal, Jump, Pagoda, Position, Shape};
use crate::solver::engines::exact::{self, ExactSolver, Options};
use crate::solver::engines::prove::signed::SignedPagoda;
use crate::solver::engines::prove::Limits;
use crate::solver::engines::winnable::WinnableSet;
use crate::solver::Control;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Expansions the exact solver may use on one position before the answer is "unknown". On
/// the advisor bench's 180 positions of the 45-hole boards no win needed more than about 1.1
/// million; the positions left unknown stay unknown at 300 million.
pub const HINT_BUDGET: u64 = 2_000_000;

/// Expansions of the first, quick try of the exact solver.
const QUICK_BUDGET: u64 = 5_000;

/// The turns of step 7 (see the module docs): the prover's expansions per finish on the game
/// played backwards, then the exact solver's expansions forwards (at most the budget; a turn
/// that reaches it is the last). Measured on the advisor bench's positions of the 37- to
/// 45-hole boards: most lost ones are proven within 5,000 backward expansions, the rest
/// within 300,000 (level 7's hardest need 50,000 to 300,000 on one finish); most wins are
/// found within 200,000 forward, a few need about a million. Since the prover has its own
/// simplex (about 15 times faster than a general solver) a backward turn costs less than the
/// forward one beside it, so the second forward turn is 600,000 rather than 1,200,000: level
/// 7's lost middle games no longer wait for a long forward search before their proof (its
/// second-worst position 0.65 s to 0.46 s in one run under load, 2 s to 1.4 s for all 30).
const STAGES: [(u64, u64); 3] = [(5_000, 200_000), (50_000, 600_000), (300_000, u64::MAX)];

/// Most pagoda functions kept per board: each costs a few hundred bytes and a sum to try.
const MAX_PAGODAS: usize = 64;

/// Why a position is lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// No jump is left, and the goal is not reached.
    Stuck,
    /// The position class (colour the holes by `(x + y) mod 3` and `(x - y) mod 3`: a jump
    /// flips the parity of every colour count at once) allows a lone peg only on
    /// `finishes`, none of which is the goal.
    Class {
        /// The cells a lone peg could end on, by class (maybe none).
        finishes: CellSet,
    },
    /// A pagoda function: no jump raises the pegs' total weight, and it is already below
    /// the weight of every finish.
    Pagoda {
        /// The weights.
        pagoda: Pagoda,
        /// The pegs' total weight.
        value: u64,
        /// The lightest finish's weight.
        least: u64,
    },
    /// One pagoda function per cell a lone peg could finish on (by class): each proves that
    /// finish out of reach.
    PagodaPerFinish {
        /// Each finish cell with the weights that refute it.
        proofs: Vec<(Cell, Pagoda)>,
    },
    /// An exhaustive search examined this many positions and found no way to the goal.
    Search {
        /// Positions examined (or held, for the winnable set).
        positions: u64,
    },
}

impl Reason {
    /// The reason in a few words, for people.
    pub fn describe(&self) -> String {
        match self {
            Reason::Stuck => "no jump is left".into(),
            Reason::Class { finishes } if finishes.is_empty() => {
                "its position class allows no single peg anywhere".into()
            }
            Reason::Class { finishes } => {
                let cells: Vec<String> = finishes.iter().map(|c| c.to_string()).collect();
                format!(
                    "its position class allows a last peg only on {}",
                    cells.join(" ")
                )
            }
            Reason::Pagoda { value, least, .. } => format!(
                "a pagoda function: the pegs weigh {value}, every finish at least {least}, \
                 and no jump adds weight"
            ),
            Reason::PagodaPerFinish { proofs } => format!(
                "for each of the {} cells a last peg could be on, a pagoda function proves it \
                 out of reach",
                proofs.len()
            ),
            Reason::Search { positions } => {
                format!("an exhaustive search of {positions} positions found no way")
            }
        }
    }
}

/// What is known about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The goal can be reached: a winning line (empty when the position is won).
    Winnable(Vec<Jump>),
    /// The goal cannot be reached, and why.
    Lost(Reason),
    /// The budget ran out first: the line that came closest (the most jumps, so the fewest
    /// pegs left; empty when no search ran), for a hint that says it is only a guess.
    Unknown(Vec<Jump>),
}

impl Answer {
    /// `Some(true)` winnable, `Some(false)` lost, `None` unknown.
    pub fn known(&self) -> Option<bool> {
        match self {
            Answer::Winnable(_) => Some(true),
            Answer::Lost(_) => Some(false),
            Answer::Unknown(_) => None,
        }
    }

    /// "winnable", "lost" or "unknown", as JSON says it.
    pub fn word(&self) -> &'static str {
        match self {
            Answer::Winnable(_) => "winnable",
            Answer::Lost(_) => "lost",
            Answer::Unknown(_) => "unknown",
        }
    }

    /// For an unknown answer with a line, that closest line and the pegs it leaves from a
    /// position of `pegs` pegs; `None` for a known answer, or when no search found a jump.
    pub fn closest(&self, pegs: u32) -> Option<(&[Jump], u32)> {
        match self {
            Answer::Unknown(line) if !line.is_empty() => {
                Some((line, pegs.saturating_sub(line.len() as u32)))
            }
            _ => None,
        }
    }
}

/// Each legal jump of a position and whether the goal stays reachable after it (`None`:
/// unknown).
pub type JumpVerdicts = Vec<(Jump, Option<bool>)>;

/// The verdict on a position and on each of its legal jumps.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The position's own verdict.
    pub answer: Answer,
    /// Each legal jump and whether the goal is still reachable after it (`None`: unknown).
    pub jumps: Vec<(Jump, Option<bool>)>,
    /// Wall time for the whole answer.
    pub seconds: f64,
}

/// A winnable set being built on another thread: empty while it is built, then the set (or
/// `None` if the build failed).
#[derive(Default)]
pub struct SetSlot {
    state: Mutex<Option<Option<Arc<WinnableSet>>>>,
}

impl SetSlot {
    /// Hands in the finished build (`None`: it failed or was cancelled).
    pub fn finish(&self, set: Option<Arc<WinnableSet>>) {
        if let Ok(mut s) = self.state.lock() {
            *s = Some(set);
        }
    }

    /// The set once built; `Err(())` while it is still being built.
    #[allow(clippy::result_unit_err)]
    pub fn get(&self) -> Result<Option<Arc<WinnableSet>>, ()> {
        match self.state.lock() {
            Ok(s) => s.clone().ok_or(()),
            Err(_) => Ok(None),
        }
    }
}

/// Decides positions, keeping its solver and pagoda functions between questions.
pub struct Judge {
    budget: u64,
    solver: Option<(Shape, Goal, ExactSolver)>,
    pagodas: Vec<(Shape, Pagoda)>,
    /// The signed functions the backward proofs found on this board, most useful first:
    /// facts about the board's jumps, so each proof starts with the last one's.
    backward: Option<(Shape, Vec<SignedPagoda>)>,
    winnable: Option<Arc<WinnableSet>>,
    /// A set being built elsewhere, taken in once ready (and waited for before a long
    /// search, which it makes unnecessary).
    coming: Option<Arc<SetSlot>>,
}

impl Judge {
    /// A judge whose exact searches may use `budget` expansions per position.
    pub fn new(budget: u64) -> Judge {
        Judge {
            budget,
            solver: None,
            pagodas: Vec::new(),
            backward: None,
            winnable: None,
            coming: None,
        }
    }

    /// Uses the set `slot` will hold once it is built.
    pub fn set_coming_winnable(&mut self, slot: Arc<SetSlot>) {
        self.coming = Some(slot);
    }

    /// Takes in the coming set if it is built; with `wait`, waits for it (until cancelled).
    fn adopt(&mut self, wait: bool, control: &Control) {
        while let Some(slot) = &self.coming {
            match slot.get() {
                Ok(set) => {
                    self.winnable = set.or(self.winnable.take());
                    self.coming = None;
                }
                Err(()) if wait && !control.cancelled() => {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                Err(()) => return,
            }
        }
    }

    /// Uses `set` for positions of its board and goal (see [`WinnableSet::applies`]).
    pub fn set_winnable(&mut self, set: Arc<WinnableSet>) {
        self.winnable = Some(set);
    }

    /// Whether a winnable set is in use.
    pub fn has_winnable(&self) -> bool {
        self.winnable.is_some()
    }

    /// The position's verdict and every legal jump's (a position left undecided whose jump
    /// is found winning is winnable, by that jump's line).
    pub fn hint(&mut self, position: &Position, goal: Goal, control: &mut Control) -> Hint {
        let started = Instant::now();
        let answer = self.judge(position, goal, control);
        let (jumps, lines) = self.judge_jumps_with_lines(position, goal, &answer, control);
        let answer = jumps::decided_by_a_jump(answer, &lines);
        Hint {
            answer,
            jumps,
            seconds: started.elapsed().as_secs_f64(),
        }
    }

    /// The verdict on `position` for `goal`, trying the cheap proofs first (see the module
    /// docs).
    pub fn judge(&mut self, position: &Position, goal: Goal, control: &mut Control) -> Answer {
        if let Some(answer) = quick_answer(position, goal) {
            return answer;
        }
        let shape = position.shape();
        let pegs = position.pegs();
        let finishes = finishes_of(position, goal);
        if let Some(reason) = self.known_pagoda(shape, pegs, finishes) {
            return Answer::Lost(reason);
        }
        self.adopt(false, control);
        if let Some(answer) = self.set_answer(position, goal) {
            return answer;
        }
        let mut closest = Vec::new();
        match self.search(position, goal, QUICK_BUDGET.min(self.budget), control) {
            Ok(answer) => return answer,
            Err(line) => closer(&mut closest, line),
        }
        if let Some(pagoda) = Pagoda::find_refutation(shape, pegs, finishes) {
            let reason = pagoda_reason(&pagoda, pegs, finishes);
            if self.pagodas.len() >= MAX_PAGODAS {
                self.pagodas.remove(0);
            }
            self.pagodas.push(((**shape).clone(), pagoda));
            if let Some(reason) = reason {
                return Answer::Lost(reason);
            }
        } else if let Some(reason) = self.pagoda_per_finish(shape, pegs, finishes) {
            return Answer::Lost(reason);
        }
        // Proofs backwards (lost middle games) and searches forwards (wins) by turns, each
        // turn longer: whichever kind decides the position costs at most a few times its own
        // need. Most lost ones fall to the glance, most wins to the first search.
        let mut proof = self.backward_proof(shape, pegs, finishes);
        for (backward, forward) in STAGES {
            if let Some(proof) = proof.as_mut() {
                let reason = proof.turn(Limits::long(backward), control);
                self.backward = Some(((**shape).clone(), proof.functions()));
                if let Some(reason) = reason {
                    return Answer::Lost(reason);
                }
            }
            if forward >= self.budget {
                break;
            }
            match self.search(position, goal, forward, control) {
                Ok(answer) => return answer,
                Err(line) => closer(&mut closest, line),
            }
        }
        // A set on its way decides this position sooner than a long search would.
        if self.coming.is_some() && self.fits_coming(position, goal) {
            self.adopt(true, control);
            if let Some(answer) = self.set_answer(position, goal) {
                return answer;
            }
        }
        match self.search(position, goal, self.budget, control) {
            Ok(answer) => answer,
            Err(line) => {
                closer(&mut closest, line);
                Answer::Unknown(closest)
            }
        }
    }

    /// For several finishes, one pagoda function for each, when every one is refuted.
    fn pagoda_per_finish(
        &mut self,
        shape: &Shape,
        pegs: CellSet,
        finishes: CellSet,
    ) -> Option<Reason> {
        if finishes.len() < 2 {
            return None;
        }
        let mut proofs = Vec::new();
        for cell in finishes {
            let one = CellSet::single(cell);
            let known = self
                .pagodas
                .iter()
                .find(|(s, p)| s == shape && p.refutes(pegs, one))
                .map(|(_, p)| p.clone());
            let pagoda = match known {
                Some(p) => p,
                None => {
                    let p = Pagoda::find_refutation(shape, pegs, one)?;
                    if self.pagodas.len() >= MAX_PAGODAS {
                        self.pagodas.remove(0);
                    }
                    self.pagodas.push((shape.clone(), p.clone()));
                    p
                }
            };
            proofs.push((cell, pagoda));
        }
        Some(Reason::PagodaPerFinish { proofs })
    }

    /// Whether the coming set could answer about `position` (its board and goal).
    fn fits_coming(&self, position: &Position, goal: Goal) -> bool {
        let shape = position.shape();
        match goal {
            Goal::At(c) => WinnableSet::applies(shape, shape.cells() - CellSet::single(c), goal),
            Goal::Anywhere => false,
        }
    }

    /// The backward proof of `pegs`, to be tried by turns, starting from the functions the
    /// last backward proof on this board found.
    fn backward_proof(
        &self,
        shape: &Shape,
        pegs: CellSet,
        finishes: CellSet,
    ) -> Option<BackwardProof> {
        let functions = match &self.backward {
            Some((s, f)) if s == shape => f.as_slice(),
            _ => &[],
        };
        BackwardProof::new(shape, pegs, finishes, functions)
    }

    /// A pagoda function found earlier on this board that refutes `pegs`.
    fn known_pagoda(&self, shape: &Shape, pegs: CellSet, finishes: CellSet) -> Option<Reason> {
        self.pagodas
            .iter()
            .filter(|(s, _)| s == shape)
            .find_map(|(_, p)| pagoda_reason(p, pegs, finishes))
    }

    /// The winnable set's answer, when it has one for this position.
    fn set_answer(&self, position: &Position, goal: Goal) -> Option<Answer> {
        let set = self.winnable.as_ref()?;
        if goal != Goal::At(set.goal()) {
            return None;
        }
        let shape = position.shape();
        let start = shape.cells() - CellSet::single(set.goal());
        if !WinnableSet::applies(shape, start, goal) || !set.fits(shape) {
            return None;
        }
        match set.judge(position.pegs())? {
            true => set.line(shape, position.pegs()).map(Answer::Winnable),
            false => Some(Answer::Lost(Reason::Search {
                positions: set.explored(),
            })),
        }
    }

    /// The exact solver's answer within `budget` expansions, or when it did not decide, the
    /// line that came closest.
    fn search(
        &mut self,
        position: &Position,
        goal: Goal,
        budget: u64,
        control: &mut Control,
    ) -> Result<Answer, Vec<Jump>> {
        let shape = position.shape();
        let reusable = self
            .solver
            .as_ref()
            .is_some_and(|(s, g, _)| s == &**shape && *g == goal);
        if !reusable {
            let solver = ExactSolver::new(
                shape,
                goal,
                Options {
                    budget: Some(self.budget),
                    win_only: true,
                    ..Options::default()
                },
            );
            self.solver = Some(((**shape).clone(), goal, solver));
        }
        let Some((_, _, solver)) = self.solver.as_mut() else {
            return Err(Vec::new());
        };
        solver.set_budget(Some(budget));
        let outcome = solver.solve(position, control);
        match exact::verdict(&outcome) {
            Some(true) => Ok(Answer::Winnable(outcome.jumps)),
            Some(false) => Ok(Answer::Lost(Reason::Search {
                positions: outcome.expanded.max(1),
            })),
            None => Err(outcome.jumps),
        }
    }
}

/// Keeps in `closest` whichever of it and `line` goes further (leaves fewer pegs).
fn closer(closest: &mut Vec<Jump>, line: Vec<Jump>) {
    if line.len() > closest.len() {
        *closest = line;
    }
}

/// The answer without any search, when there is one: the position is won, stuck, or its
/// class allows no finish on the goal.
pub fn quick_answer(position: &Position, goal: Goal) -> Option<Answer> {
    if position.is_won(goal) {
        return Some(Answer::Winnable(Vec::new()));
    }
    if position.is_stuck() {
        return Some(Answer::Lost(Reason::Stuck));
    }
    let shape = position.shape();
    let possible = ClassMasks::new(shape).possible_finishes(shape, position.pegs());
    let wanted = match goal {
        Goal::At(c) => CellSet::single(c),
        Goal::Anywhere => possible,
    };
    (wanted & possible)
        .is_empty()
        .then_some(Answer::Lost(Reason::Class { finishes: possible }))
}

/// The cells a lone peg may finish on for `goal`: the goal's cell, or for "anywhere" every
/// cell the position's class allows.
fn finishes_of(position: &Position, goal: Goal) -> CellSet {
    match goal {
        Goal::At(c) => CellSet::single(c),
        Goal::Anywhere => position.shape().possible_finishes(position.pegs()),
    }
}

/// The pagoda reason when `pagoda` refutes `pegs`.
fn pagoda_reason(pagoda: &Pagoda, pegs: CellSet, finishes: CellSet) -> Option<Reason> {
    pagoda.refutes(pegs, finishes).then(|| Reason::Pagoda {
        pagoda: pagoda.clone(),
        value: pagoda.value(pegs),
        least: pagoda.least_finish(finishes).unwrap_or(0),
    })
}
