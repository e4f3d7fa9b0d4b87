//! Deciding one position exhaustively with the level engine (`pegsol hint --deep`, the
//! window's "Think it through"): every position reachable from it that may still win, level
//! by level, then the winners of each level from the last up, as [`super::count`] does, kept
//! this time; the position wins when it is among its level's winners. A winning line walks
//! down the kept winners, and each first jump is judged by whether its child is a winner.
//!
//! With [`Pruning::Pagoda`] (the default) the forward steps drop every child that pagoda
//! functions and the position class prove cannot reach the goal ([`super::reach`]),
//! the functions chosen again for the children of each large level: no winner is among
//! them, so the verdicts are the same, and the levels far smaller. The
//! fewest pegs a line leaves then is known only for a won position (one);
//! [`Pruning::Off`] examines every reachable position and gives it for a lost one too.
//!
//! A position and its images under the symmetries that keep the goal and its class share a
//! verdict, so the levels keep one canonical form for all of them
//! ([`super::Kept::ClassAndGoal`]): deep in a game from a lopsided position, many positions
//! and their mirror images are both reached, and `level-6-game-13`'s proof holds a fifth
//! fewer positions. What it counts as examined is those canonical forms.
//!
//! Two jumps that share no cell reach the same grandchild in either order, and a forward
//! step would make it twice. The levels are tagged ([`Board::tag_levels`]): each position
//! remembers a jump that made it, and of two commuting jumps its children are made in one
//! order only, which [`crate::engines::levels::children::Lines`] shows keeps every
//! position that can win (and, unpruned, every reachable one): `level-6-game-13`'s proof
//! takes 0.70 of the time it took untagged.
//!
//! Nothing is forgotten: the answer is a proof either way, and the same on every run (no
//! table that drops entries under pressure, no timing; the functions are found on fixed
//! pseudo-random games).

use super::count::{climb, forward};
use super::level::{Level, LevelCursor};
use super::{Board, Kept, Settings, Status, Usage, WholeError};
use pegsol_rules::{Goal, Jump, Position};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Whether a deep proof prunes its forward levels (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pruning {
    /// Every reachable position: slower, and gives the fewest pegs of a lost position.
    Off,
    /// Only positions that pagoda functions and the position class leave able to win.
    #[default]
    Pagoda,
}

/// What deciding a position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decided {
    /// A winning line from the position (`Some`, empty when it is won already), or `None`
    /// when the goal cannot be reached.
    pub line: Option<Vec<Jump>>,
    /// Every legal jump from the position and whether the goal can still be reached after it.
    pub jumps: Vec<(Jump, bool)>,
    /// The fewest pegs any sequence of jumps leaves, where it was worked out: always with
    /// [`Pruning::Off`]; with pruning only for a won position (one peg). Never a guess.
    pub fewest_pegs: Option<u32>,
    /// Distinct positions examined (itself included) up to the symmetries that keep the goal
    /// and the position's class ([`super::keeping_class_and_goal`]): every one reachable
    /// from it with [`Pruning::Off`]; with pruning, those the tests and the commuting
    /// jumps' order leave, among them every one that may still win.
    pub positions: u64,
    /// Whether the forward levels were pruned.
    pub pruned: bool,
    /// Memory and disk used.
    pub usage: Usage,
    /// Wall time.
    pub elapsed: Duration,
}

impl Decided {
    /// Whether the goal can be reached.
    pub fn winnable(&self) -> bool {
        self.line.is_some()
    }
}

/// Decides `position` for `goal`, pruned ([`Pruning::Pagoda`]; see the module docs);
/// `watch` hears after every step. Stops with [`WholeError::Cancelled`] soon after `cancel`
/// is set, and with a refusal when neither memory nor the scratch disk can hold a level.
pub fn decide(
    position: &Position,
    goal: Goal,
    settings: &Settings,
    cancel: &AtomicBool,
    watch: &mut dyn FnMut(&Status),
) -> Result<Decided, WholeError> {
    decide_with(position, goal, Pruning::Pagoda, settings, cancel, watch)
}

/// [`decide`] with the pruning given: the same line, verdicts and jumps either way (the
/// tests compare them); only [`Pruning::Off`] gives a lost position's fewest pegs.
pub fn decide_with(
    position: &Position,
    goal: Goal,
    pruning: Pruning,
    settings: &Settings,
    cancel: &AtomicBool,
    watch: &mut dyn FnMut(&Status),
) -> Result<Decided, WholeError> {
    // A verdict is the same for a position's images under these: one canonical form
    // stands for a position and its mirror images, reached or not.
    let mut board = Board::keeping(position, goal, Kept::ClassAndGoal, settings, cancel)?;
    board.tag_levels();
    let pruned = pruning == Pruning::Pagoda;
    if pruned {
        board.prune_forward(position, goal);
    }
    let mut levels = Vec::new();
    let mut counts = Vec::new();
    forward(&mut board, position, &mut levels, &mut counts, false, watch)?;
    let positions = counts.iter().map(|c| c.positions).sum();
    let last_level = levels.last().map_or(position.peg_count(), |l| l.pegs);
    let winners = winners(&board, goal, &mut levels, watch)?;
    let start = board.compact.encode(position.pegs());
    let jumps = judged(&board, start, winners.get(1))?
        .into_iter()
        .map(|(j, _, wins)| (board.compact.jumps[j].jump, wins))
        .collect();
    let line = if winners.first().is_some_and(|w| w.len > 0) {
        Some(line(&board, start, &winners)?)
    } else {
        None
    };
    // Pruned, the last level is only the last that may still win: it says nothing of the
    // fewest pegs unless a winner was found there.
    let fewest_pegs = (!pruned || line.is_some()).then_some(last_level);
    Ok(Decided {
        line,
        jumps,
        fewest_pegs,
        positions,
        pruned,
        usage: board.usage(),
        elapsed: board.elapsed(),
    })
}

/// The winners of every level (`[n]`: n jumps from the position), from the last level up;
/// empty when the last level holds no goal. `levels` are dropped as they are used.
fn winners(
    board: &Board,
    goal: Goal,
    levels: &mut Vec<Level>,
    watch: &mut dyn FnMut(&Status),
) -> Result<Vec<Level>, WholeError> {
    let mut kept = Vec::new();
    climb(board, goal, levels, None, Some(&mut kept), watch)?;
    Ok(kept)
}

/// Whether each of `boards` (canonical forms of `level`'s peg count) is in `level`, in the
/// order given.
fn holds(
    board: &Board,
    level: &Level,
    boards: impl Iterator<Item = u64>,
) -> Result<Vec<bool>, WholeError> {
    let mut wanted: Vec<(u64, usize)> = boards.enumerate().map(|(i, b)| (b, i)).collect();
    wanted.sort_unstable();
    let mut out = vec![false; wanted.len()];
    let ranks = board.ranks_of(level)?;
    let mut cursor = LevelCursor::new(level, ranks.as_ref().map(|r| &r.0))?;
    for (b, i) in wanted {
        out[i] = cursor.seek(b)?;
    }
    Ok(out)
}

/// Every legal jump from `at` (its index), the child it makes, and whether that child is
/// among the winners `below` (none wins without them).
fn judged(
    board: &Board,
    at: u64,
    below: Option<&Level>,
) -> Result<Vec<(usize, u64, bool)>, WholeError> {
    let children: Vec<(usize, u64)> = board
        .compact
        .legal(at)
        .iter()
        .map(|j| (j, at ^ board.compact.jumps[j].all))
        .collect();
    let held = match below {
        Some(level) => holds(
            board,
            level,
            children.iter().map(|&(_, c)| board.sub.canon(c)),
        )?,
        None => vec![false; children.len()],
    };
    Ok(children
        .into_iter()
        .zip(held)
        .map(|((j, c), wins)| (j, c, wins))
        .collect())
}

/// A winning line from `start` down the kept `winners` (`winners[0]` holds the start).
fn line(board: &Board, start: u64, winners: &[Level]) -> Result<Vec<Jump>, WholeError> {
    let mut at = start;
    let mut line = Vec::new();
    for below in &winners[1..] {
        let Some((j, child, _)) = judged(board, at, Some(below))?
            .into_iter()
            .find(|&(_, _, wins)| wins)
        else {
            return Err(WholeError::Failed(format!(
                "no winner below the line's {} jumps",
                line.len()
            )));
        };
        line.push(board.compact.jumps[j].jump);
        at = child;
    }
    Ok(line)
}

/// Every canonical form (under the symmetries that keep `start` and `goal`) reachable from
/// `start` that can still reach `goal`, unordered: the forward levels, then the winners of
/// each from the last up (as [`decide`] finds them), read out. For searches that keep only
/// positions that can win (the fewest-moves search); [`Settings::most_positions`] keeps the
/// engine from running long where that would not pay.
pub fn reachable_winners(
    start: &Position,
    goal: Goal,
    settings: &Settings,
    cancel: &AtomicBool,
    watch: &mut dyn FnMut(&Status),
) -> Result<Vec<u64>, WholeError> {
    let mut board = Board::new(start, goal, settings, cancel)?;
    let mut levels = Vec::new();
    forward(
        &mut board,
        start,
        &mut levels,
        &mut Vec::new(),
        false,
        watch,
    )?;
    let winners = winners(&board, goal, &mut levels, watch)?;
    drop(levels);
    let total: u64 = winners.iter().map(|w| w.len).sum();
    let mut all = Vec::new();
    all.try_reserve_exact(total as usize)
        .map_err(|_| WholeError::Memory(crate::engines::memory::NoMemory { bytes: total * 8 }))?;
    for level in &winners {
        board.read_keys(level, &mut all)?;
    }
    Ok(all)
}
