//! The hint judge: decides one position at a time, cheapest proofs first (see the module
//! docs of [`super`]), within an effort counted in positions examined.
//!
//! A question's answer depends on the position, the goal and the effort alone: each new
//! question starts from a clean slate (no failure tables, pagoda or signed functions from
//! earlier questions, which would make the answer depend on what was asked before, and in
//! the window on how fast the person played; only the exact solver's pruning functions are
//! kept, which it would derive the same again), and every engine it runs counts expansions,
//! never time. Within one question the judge keeps what it learns from one round of
//! thinking (and one legal jump) to the next.

use super::{quick_answer, Answer, BackwardProof, Reason, SetSlot, HINT_BUDGET};
use crate::engines::exact::{self, ExactSolver, Options};
use crate::engines::prove::signed::SignedPagoda;
use crate::engines::prove::Limits;
use crate::engines::winnable::WinnableSet;
use crate::Control;
use pegsol_rules::{CellSet, Goal, Jump, Pagoda, Position, Shape};
use std::sync::Arc;

/// Positions the first, quick try of the exact solver may examine.
pub(super) const QUICK_BUDGET: u64 = 5_000;

/// The prover's expansions per finish in the first turns (see [`turn`]). Measured on the
/// advisor bench's positions of the 37- to 45-hole boards: most lost ones are proven within
/// 5,000 backward expansions, the rest within 300,000 (level 7's hardest need 50,000 to
/// 300,000 on one finish).
const BACKWARD: [u64; 3] = [5_000, 50_000, 300_000];

/// The exact solver's expansions forwards in the first turn; each later turn three times
/// the last. Most wins are found within 200,000, a few need about a million. A backward
/// turn costs less than the forward one beside it, so lost middle games do not wait for a
/// long forward search before their proof.
const FORWARD: u64 = 200_000;

/// Most pagoda functions kept per question: each costs a few hundred bytes and a sum to
/// try.
const MAX_PAGODAS: usize = 64;

/// The sizes of turn `i` of step 7: the prover's expansions per finish on the game played
/// backwards, then the exact solver's forwards. They grow without end, both three times a
/// turn after [`BACKWARD`]'s (so the forward search, which finds the wins, keeps at least
/// half of a long think on a board with up to six finishes); the effort decides where a
/// question stops.
pub const fn turn(i: usize) -> (u64, u64) {
    let backward = if i < BACKWARD.len() {
        BACKWARD[i]
    } else {
        BACKWARD[2].saturating_mul(3u64.saturating_pow((i - 2) as u32))
    };
    (
        backward,
        FORWARD.saturating_mul(3u64.saturating_pow(i as u32)),
    )
}

/// A question thought on over rounds: what is known, and where the next round starts.
struct Thinking {
    position: Position,
    goal: Goal,
    /// Positions examined so far.
    examined: u64,
    /// Whether the steps before the turns (quick proofs, quick search, linear programmes)
    /// are done.
    started: bool,
    /// The next turn (see [`turn`]).
    turn: usize,
    /// The backward proof, kept from turn to turn (`None`: none applies).
    proof: Option<BackwardProof>,
    /// The line that came closest so far.
    closest: Vec<Jump>,
    /// The answer, once decided.
    decided: Option<Answer>,
}

/// Decides positions (see the module docs).
pub struct Judge {
    /// Positions a question examines at most, unless thought on ([`Judge::think`]).
    pub(super) budget: u64,
    /// The exact solver for this question's board and goal (it forgets its tables between
    /// questions, keeping only its pagoda functions).
    solver: Option<(Shape, Goal, ExactSolver)>,
    /// Pagoda functions found in this question.
    pagodas: Vec<(Shape, Pagoda)>,
    /// The signed functions the backward proofs of this question found, most useful
    /// first: facts about the board's jumps, so each proof starts with the last one's.
    backward: Option<(Shape, Vec<SignedPagoda>)>,
    /// The winnable set for its board and goal, once built: the same answers whenever it
    /// is asked, so it is kept.
    winnable: Option<Arc<WinnableSet>>,
    /// A set being built elsewhere, waited for by a question it applies to.
    coming: Option<Arc<SetSlot>>,
    /// The question being thought on.
    thinking: Option<Thinking>,
}

impl Judge {
    /// A judge whose questions examine at most `budget` positions each (`0`: no search,
    /// only the proofs that need none: class and pagoda functions).
    pub fn new(budget: u64) -> Judge {
        Judge {
            budget,
            solver: None,
            pagodas: Vec::new(),
            backward: None,
            winnable: None,
            coming: None,
            thinking: None,
        }
    }

    /// The judge for `pegsol hint --budget` and the front ends: [`HINT_BUDGET`] positions
    /// per question at first.
    pub fn quick() -> Judge {
        Judge::new(HINT_BUDGET)
    }

    /// Uses the set `slot` will hold once it is built (a question it applies to waits for
    /// it).
    pub fn set_coming_winnable(&mut self, slot: Arc<SetSlot>) {
        self.coming = Some(slot);
    }

    /// Uses `set` for positions of its board and goal (see [`WinnableSet::applies`]).
    pub fn set_winnable(&mut self, set: Arc<WinnableSet>) {
        self.winnable = Some(set);
        self.coming = None;
    }

    /// Uses `other`'s winnable set (built or coming) too.
    pub(super) fn share_set(&mut self, other: &Judge) {
        self.winnable.clone_from(&other.winnable);
        self.coming.clone_from(&other.coming);
    }

    /// Whether a winnable set is in use.
    pub fn has_winnable(&self) -> bool {
        self.winnable.is_some()
    }

    /// Forgets everything learnt from earlier questions (the winnable set is kept: its
    /// answers never change), so the next answer depends on its question alone.
    pub(super) fn forget(&mut self) {
        if let Some((_, _, solver)) = &mut self.solver {
            solver.forget();
        }
        self.pagodas.clear();
        self.backward = None;
        self.thinking = None;
    }

    /// The verdict on `position` for `goal`, a new question within the judge's budget,
    /// trying the cheap proofs first (see the module docs of [`super`]).
    pub fn judge(&mut self, position: &Position, goal: Goal, control: &mut Control) -> Answer {
        self.forget();
        self.think(position, goal, self.budget, control)
    }

    /// Thinks on `position` until `effort` positions have been examined for it in all (a
    /// round), going on from the last round when that was about the same position and goal
    /// and finished; otherwise a new question. A round that is cancelled is forgotten: the
    /// next starts the question afresh.
    pub fn think(
        &mut self,
        position: &Position,
        goal: Goal,
        effort: u64,
        control: &mut Control,
    ) -> Answer {
        let same = self
            .thinking
            .as_ref()
            .is_some_and(|t| t.position == *position && t.goal == goal);
        if !same {
            self.forget();
        }
        let mut t = self.thinking.take().unwrap_or_else(|| Thinking {
            position: position.clone(),
            goal,
            examined: 0,
            started: false,
            turn: 0,
            proof: None,
            closest: Vec::new(),
            decided: None,
        });
        let answer = match self.advance(&mut t, effort, control) {
            Some(answer) => {
                t.decided = Some(answer.clone());
                answer
            }
            None => Answer::Unknown(t.closest.clone()),
        };
        if !control.cancelled() {
            self.thinking = Some(t);
        } else {
            self.forget();
        }
        answer
    }

    /// Positions examined for the question being thought on (`0`: none).
    pub fn examined(&self) -> u64 {
        self.thinking.as_ref().map_or(0, |t| t.examined)
    }

    /// A question judged as part of this one (a legal jump's position, for the jumps'
    /// verdicts): its own effort, with what this question learnt so far.
    pub(super) fn sub_question(
        &mut self,
        position: &Position,
        goal: Goal,
        effort: u64,
        control: &mut Control,
    ) -> Answer {
        let mut t = Thinking {
            position: position.clone(),
            goal,
            examined: 0,
            started: false,
            turn: 0,
            proof: None,
            closest: Vec::new(),
            decided: None,
        };
        self.advance(&mut t, effort, control)
            .unwrap_or(Answer::Unknown(t.closest))
    }

    /// Takes `t` on until `effort` positions examined: the answer once decided, `None` when
    /// the effort (or a cancel) stops it first.
    fn advance(&mut self, t: &mut Thinking, effort: u64, control: &mut Control) -> Option<Answer> {
        if let Some(answer) = &t.decided {
            return Some(answer.clone());
        }
        let position = t.position.clone();
        let goal = t.goal;
        let shape = position.shape();
        let pegs = position.pegs();
        let finishes = finishes_of(&position, goal);
        if !t.started {
            t.started = true;
            if let Some(answer) = quick_answer(&position, goal) {
                return Some(answer);
            }
            if let Some(reason) = self.known_pagoda(shape, pegs, finishes) {
                return Some(Answer::Lost(reason));
            }
            if self.fits_coming(&position, goal) {
                // The set answers every position of its game: waited for, so the answer
                // never depends on whether it happened to be built yet.
                self.adopt(control);
            }
            if let Some(answer) = self.set_answer(&position, goal) {
                return Some(answer);
            }
            let quick = QUICK_BUDGET.min(effort.saturating_sub(t.examined));
            if quick > 0 {
                if let Some(answer) = self.search(t, quick, control) {
                    return Some(answer);
                }
            }
            if let Some(pagoda) = Pagoda::find_refutation(shape, pegs, finishes) {
                let reason = pagoda_reason(&pagoda, pegs, finishes);
                self.keep_pagoda(shape, pagoda);
                if let Some(reason) = reason {
                    return Some(Answer::Lost(reason));
                }
            } else if let Some(reason) = self.pagoda_per_finish(shape, pegs, finishes) {
                return Some(Answer::Lost(reason));
            }
            t.proof = self.backward_proof(shape, pegs, finishes);
        }
        // Proofs backwards (lost middle games) and searches forwards (wins) by turns, each
        // turn longer: whichever kind decides the position costs at most a few times its own
        // need. Most lost ones fall to the first turns, most wins to the first searches. A
        // turn cut short by the effort is taken again, longer, by the next round.
        loop {
            if control.cancelled() {
                return None;
            }
            let (backward, forward) = turn(t.turn);
            if let Some(proof) = t.proof.as_mut() {
                let left = effort.saturating_sub(t.examined);
                let before = proof.positions();
                let reason = control.with_offset(t.examined, |c| {
                    proof.turn_within(Limits::long(backward), left, c)
                });
                t.examined += proof.positions() - before;
                self.backward = Some(((**shape).clone(), proof.functions()));
                if let Some(reason) = reason {
                    return Some(Answer::Lost(reason));
                }
            }
            let left = effort.saturating_sub(t.examined);
            if left == 0 {
                return None;
            }
            if let Some(answer) = self.search(t, forward.min(left), control) {
                return Some(answer);
            }
            if forward > left {
                return None;
            }
            t.turn += 1;
        }
    }

    /// Takes in the coming set, waiting for it (until cancelled).
    fn adopt(&mut self, control: &Control) {
        while let Some(slot) = &self.coming {
            match slot.get() {
                Ok(set) => {
                    self.winnable = set.or(self.winnable.take());
                    self.coming = None;
                }
                Err(()) if !control.cancelled() => {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                Err(()) => return,
            }
        }
    }

    /// Keeps a pagoda function found for this question.
    fn keep_pagoda(&mut self, shape: &Shape, pagoda: Pagoda) {
        if self.pagodas.len() >= MAX_PAGODAS {
            self.pagodas.remove(0);
        }
        self.pagodas.push((shape.clone(), pagoda));
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
                    self.keep_pagoda(shape, p.clone());
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
        self.coming.is_some()
            && match goal {
                Goal::At(c) => {
                    WinnableSet::applies(shape, shape.cells() - CellSet::single(c), goal)
                }
                Goal::Anywhere => false,
            }
    }

    /// The backward proof of `pegs`, to be tried by turns, starting from the functions the
    /// last backward proof of this question found.
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

    /// A pagoda function found earlier in this question that refutes `pegs`.
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

    /// The exact solver's answer on `t`'s position within `budget` expansions (counted in
    /// `t`), or when it did not decide, `None` with the line that came closest kept in `t`.
    fn search(&mut self, t: &mut Thinking, budget: u64, control: &mut Control) -> Option<Answer> {
        let shape = t.position.shape();
        let goal = t.goal;
        let reusable = self
            .solver
            .as_ref()
            .is_some_and(|(s, g, _)| s == &**shape && *g == goal);
        if !reusable {
            let solver = ExactSolver::new(
                shape,
                goal,
                Options {
                    budget: Some(budget),
                    win_only: true,
                    ..Options::default()
                },
            );
            self.solver = Some(((**shape).clone(), goal, solver));
        }
        let (_, _, solver) = self.solver.as_mut()?;
        solver.set_budget(Some(budget));
        let outcome = control.with_offset(t.examined, |c| solver.solve(&t.position, c));
        t.examined += outcome.expanded;
        match exact::verdict(&outcome) {
            Some(true) => Some(Answer::Winnable(outcome.jumps)),
            Some(false) => Some(Answer::Lost(Reason::Search {
                positions: outcome.expanded.max(1),
            })),
            None => {
                if outcome.jumps.len() > t.closest.len() {
                    t.closest = outcome.jumps;
                }
                None
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::turn;

    #[test]
    fn turns_grow_without_end() {
        assert_eq!(turn(0), (5_000, 200_000));
        assert_eq!(turn(1), (50_000, 600_000));
        assert_eq!(turn(2), (300_000, 1_800_000));
        assert_eq!(turn(3), (900_000, 5_400_000));
        assert_eq!(turn(4), (2_700_000, 16_200_000));
        let (b, f) = turn(80);
        assert_eq!((b, f), (u64::MAX, u64::MAX));
    }
}
