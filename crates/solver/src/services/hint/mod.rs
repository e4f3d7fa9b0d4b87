//! "Can this position still be won, and if not, why?": a verdict with its proof, for the
//! window's hints, the terminal game and `pegsol hint`.
//!
//! Owns the order in which proofs are tried, cheapest first ([`Judge`], in `judge.rs`):
//! 1. already won, or no jump left;
//! 2. the position class ([`pegsol_rules::ClassMasks`]): no finish cell in the goal's class;
//! 3. pagoda functions found before in this question (adding up weights);
//! 4. the winnable set, when one applies to this board and goal (the English board's
//!    classic game: see [`crate::engines::winnable`]), waited for while it is built;
//! 5. the exact solver with a small budget (most positions are decided in milliseconds);
//! 6. a pagoda function found by linear programming ([`Pagoda::find_refutation`]);
//! 7. by turns, each turn longer ([`turn`]): the prover
//!    ([`crate::engines::prove`]) on the game played backwards, for each finish
//!    (signed pagoda functions and an exhaustive search, which settle the lost middle-game
//!    positions of the big boards that nothing above does), then the exact solver forwards
//!    (which finds the wins).
//!
//! Work is counted in positions examined (the exact solver's expansions and the prover's),
//! never in time: a question has an effort, a number of positions, and the answer is a
//! function of the position, the goal and the effort alone, the same on every run, on any
//! machine, under any load. A question left open can be thought on in rounds of growing
//! effort ([`rounds`]); each round goes on from where the last stopped.
//!
//! A lost verdict always carries its reason ([`Reason`], said in words by
//! [`Reason::describe`]); a winnable one a winning line that replays to the goal. The verdict
//! on each legal jump of a position is `jumps.rs`'s.

mod backward;
mod judge;
mod jumps;
mod question;

pub use judge::{turn, Judge};
pub use jumps::decided_by_a_jump;
pub use question::{Question, Step};

use crate::budget::grouped;
use crate::engines::winnable::WinnableSet;
pub use backward::{backward_proof, backward_proof_with, BackwardProof};
use pegsol_rules::{Cell, CellNames, CellSet, ClassMasks, Goal, Jump, Pagoda, Position};
use std::sync::{Arc, Mutex};

/// Positions the quick answer may examine (forward and backward): on the advisor bench's
/// positions of the 45-hole boards no win needed more than about 1.1 million forward
/// expansions, and most lost ones fall to the backward proof within a few hundred thousand.
pub const HINT_BUDGET: u64 = 4_000_000;

/// How long the window, the terminal game and `pegsol hint` think on a position the quick
/// answer leaves open, unless the person says otherwise (View > Hint effort, `--budget`):
/// positions examined in all: up to about two minutes of work on a 2-core machine (level 6's
/// hardest undecided position: 137 s).
pub const DEFAULT_EFFORT: u64 = 150_000_000;

/// The hint efforts the front ends offer (View > Hint effort in the window, `e` in the
/// terminal game), in positions examined: the quick answer only, then longer thinking.
pub const EFFORTS: [u64; 5] = [
    HINT_BUDGET,
    30_000_000,
    DEFAULT_EFFORT,
    600_000_000,
    2_400_000_000,
];

/// Each round of thinking on may examine this many times the positions of all rounds
/// before it.
const ROUND_GROWTH: u64 = 4;

/// The efforts of the rounds for a question of `effort` positions in all: the quick
/// answer's ([`HINT_BUDGET`], or `effort` if less), then each [`ROUND_GROWTH`] times the
/// last, the last one `effort`. Every front end thinks by these rounds, so the window with
/// a hint effort of N says what `pegsol hint --budget N` says.
///
/// ```
/// use pegsol_solver::services::hint::rounds;
/// assert_eq!(rounds(1_000), [1_000]);
/// assert_eq!(rounds(20_000_000), [4_000_000, 16_000_000, 20_000_000]);
/// ```
pub fn rounds(effort: u64) -> Vec<u64> {
    let mut out = vec![HINT_BUDGET.min(effort)];
    while let Some(&last) = out.last() {
        if last >= effort {
            break;
        }
        out.push(last.saturating_mul(ROUND_GROWTH).min(effort));
    }
    out
}

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
    /// The reason in words a player understands, for `goal` ("an exhaustive search of
    /// 59,185 positions found no way to one peg"): the one wording the window, the terminal
    /// game and `pegsol hint` all show.
    ///
    /// ```
    /// use pegsol_rules::{Cell, Goal};
    /// use pegsol_solver::services::hint::Reason;
    /// let search = Reason::Search { positions: 1 };
    /// assert_eq!(
    ///     search.describe(Goal::Anywhere),
    ///     "an exhaustive search of 1 position found no way to one peg"
    /// );
    /// let search = Reason::Search { positions: 59_185 };
    /// assert_eq!(
    ///     search.describe(Goal::At(Cell { x: 3, y: 3 })),
    ///     "an exhaustive search of 59,185 positions found no way to one peg on d4"
    /// );
    /// ```
    pub fn describe(&self, goal: Goal) -> String {
        self.describe_in(goal, CellNames::Board)
    }

    /// [`Reason::describe`] with cells named as `names` says (the terminal game's `x`).
    pub fn describe_in(&self, goal: Goal, names: CellNames) -> String {
        match self {
            Reason::Stuck => "no jump is left".into(),
            Reason::Class { finishes } if finishes.is_empty() => {
                "by its position class, no sequence of jumps can leave a single peg anywhere".into()
            }
            Reason::Class { finishes } => format!(
                "by its position class, a last peg can only be on {}",
                cells_in_words(*finishes, names)
            ),
            Reason::Pagoda { value, least, .. } => format!(
                "a pagoda function proves it: with the weights shown, the pegs weigh {} in \
                 all, no jump adds weight, and a last peg {} weighs at least {}",
                grouped(&value.to_string()),
                match goal {
                    Goal::Anywhere => "on any cell it could end on".to_string(),
                    Goal::At(c) => format!("on {}", names.cell(c)),
                },
                grouped(&least.to_string())
            ),
            Reason::PagodaPerFinish { proofs } if proofs.len() == 1 => format!(
                "a last peg could only be on {}, and a pagoda function proves it cannot get \
                 there",
                names.cell(proofs[0].0)
            ),
            Reason::PagodaPerFinish { proofs } => format!(
                "a last peg could only be on {}, and for each of these {} cells a pagoda \
                 function proves it cannot get there",
                cells_in_words(proofs.iter().map(|(c, _)| *c).collect(), names),
                proofs.len()
            ),
            Reason::Search { positions } => format!(
                "an exhaustive search of {} found no way to {}",
                positions_in_words(*positions),
                goal_words(goal, names)
            ),
        }
    }
}

/// A number of positions in words, with thousands separators: `1 position`,
/// `59,185 positions`.
pub fn positions_in_words(n: u64) -> String {
    if n == 1 {
        "1 position".into()
    } else {
        format!("{} positions", grouped(&n.to_string()))
    }
}

/// The goal in words: `one peg`, `one peg on d4`.
pub fn goal_in_words(goal: Goal) -> String {
    goal_words(goal, CellNames::Board)
}

/// [`goal_in_words`] with cells named as `names` says.
fn goal_words(goal: Goal, names: CellNames) -> String {
    match goal {
        Goal::Anywhere => "one peg".into(),
        Goal::At(c) => format!("one peg on {}", names.cell(c)),
    }
}

/// Cells in words: `d4`, `d4 and g7`, `a1, d4 and g7`.
fn cells_in_words(cells: CellSet, names: CellNames) -> String {
    let names: Vec<String> = cells.iter().map(|c| names.cell(c)).collect();
    match names.split_last() {
        None => "no cell".into(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// What is known about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The goal can be reached: a winning line (empty when the position is won).
    Winnable(Vec<Jump>),
    /// The goal cannot be reached, and why.
    Lost(Reason),
    /// The effort ran out first: the line that came closest (the most jumps, so the fewest
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

    /// For an unknown answer with a line, its first jump and the pegs the whole line leaves
    /// from a position of `pegs` pegs: the guess a hint offers, said to be one.
    pub fn guess(&self, pegs: u32) -> Option<(Jump, u32)> {
        self.closest(pegs).map(|(line, left)| (line[0], left))
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
    /// Positions examined for the verdict, over every round finished (the jumps' not
    /// counted).
    pub examined: u64,
    /// Whether it was cancelled before it was done: the answer is then the last round's
    /// finished.
    pub stopped: bool,
    /// Wall time for the whole answer (shown, never used to decide).
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
