//! Counting the positions reachable from a start, jump by jump, and how many can still win.
//!
//! A breadth-first enumeration over canonical forms: level n holds every position n jumps from
//! the start, stored once per symmetry class. The classes are taken under the symmetries that
//! fix both the start and the goal (so the reachable set and the winnable set are closed under
//! them, and raw counts follow from orbit sizes); "up to symmetry" counts use the board's whole
//! group, as the literature does. A backward pass over the stored levels then marks which
//! positions can still reach the goal; for a game whose start is its goal turned inside out
//! (the English board's classic game) the winnable set met in the middle
//! ([`super::winnable`]) gives those figures instead, much faster.
//!
//! Before each level is generated, what it would need is estimated (its parents' legal jumps
//! count its children exactly before deduplication), and counting is refused with that
//! figure when it would not fit, rather than failing in the allocator.

use crate::boards::compact::{Bits, Compact};
use crate::boards::set::BoardSet;
use crate::boards::symmetry::Symmetries;
use crate::engines::levels::step::{self, Stepper};
use crate::engines::levels::{self, Direction, Halt};
use crate::engines::winnable::{self, WinnableSet};
use crate::system_memory::available_memory;
use crate::with_bits;
use crate::{Control, Stop};
use pegsol_rules::{Goal, Position};

/// The figures for one jump count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LevelCount {
    /// Jumps from the start.
    pub jumps: u32,
    /// Distinct positions.
    pub positions: u64,
    /// Distinct positions up to the board's symmetries.
    pub up_to_symmetry: u64,
    /// Of those, how many can still reach the goal.
    pub winnable_up_to_symmetry: u64,
}

/// Most positions (symmetry classes) held before counting gives up: about 2 GiB of levels
/// and working sets.
pub const MAX_POSITIONS: u64 = 250_000_000;

/// Why counting stopped without figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// The caller cancelled.
    #[error("counting was cancelled")]
    Cancelled,
    /// The next level would not fit: refused before allocating it.
    #[error(
        "too many positions to count: after {jumps} jumps {held} positions (up to symmetry) \
         are held, and the next level would need about {:.1} GiB in all{}",
        gib(*needed),
        match allowed { Some(a) => format!(", more than the {:.1} GiB allowed", gib(*a)), None => String::new() }
    )]
    TooBig {
        /// Jumps counted so far.
        jumps: u32,
        /// Positions held so far.
        held: u64,
        /// Bytes the next level would need with what is held.
        needed: u64,
        /// Bytes allowed (the memory available, or [`MAX_POSITIONS`]' worth).
        allowed: Option<u64>,
    },
}

fn gib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1u32 << 30)
}

/// Counts every level, or stops (cancelled, or the next level would not fit in memory or
/// pass [`MAX_POSITIONS`]) with the reason, before allocating what would not fit.
pub fn count(
    start: &Position,
    goal: Goal,
    control: &mut Control,
) -> Result<Vec<LevelCount>, CountError> {
    let cells = start.shape().cells().len();
    with_bits!(cells, B => run::<B>(start, goal, true, control))
}

/// [`count`] with the backward pass always, never the winnable set: the two are checked
/// against each other.
pub fn count_by_backward_pass(
    start: &Position,
    goal: Goal,
    control: &mut Control,
) -> Result<Vec<LevelCount>, CountError> {
    let cells = start.shape().cells().len();
    with_bits!(cells, B => run::<B>(start, goal, false, control))
}

/// Sorts a level's children and drops duplicates: a radix sort for 64-bit boards, the
/// standard sort for wider ones.
fn sort_dedup<B: Bits>(mut v: Vec<B>, bits: u32) -> Vec<B> {
    if let Some(narrow) = (&mut v as &mut dyn std::any::Any).downcast_mut::<Vec<u64>>() {
        levels::radix_sort(narrow, bits);
    } else {
        v.sort_unstable();
    }
    v.dedup();
    v.shrink_to_fit();
    v
}

fn run<B: Bits>(
    start: &Position,
    goal: Goal,
    use_set: bool,
    control: &mut Control,
) -> Result<Vec<LevelCount>, CountError> {
    let shape = start.shape();
    let compact = Compact::<B>::new(shape);
    let bits = shape.cells().len();
    // The whole group for "up to symmetry"; the subgroup that keeps the start and the goal
    // for the levels themselves.
    let group = Symmetries::all(&compact, shape);
    let sub = Symmetries::keeping_start_and_goal(&compact, start, goal);
    let goal_board = compact.goal_board(goal);
    let is_goal = |b: B| match goal_board {
        Some(g) => b == g,
        None => b.count() == 1,
    };

    // Calls `f` with each child's canonical form until `f` says stop; says whether it did.
    // A child's images are its parent's with one xor each (no allocation per position).
    let children_until = |p: B, f: &mut dyn FnMut(B) -> bool| -> bool {
        let im = sub.images(p);
        compact.legal(p).iter().any(|j| f(sub.child_canon(&im, j)))
    };
    let children = |p: B, f: &mut dyn FnMut(B)| {
        children_until(p, &mut |c| {
            f(c);
            false
        });
    };
    let width = std::mem::size_of::<B>() as u64;
    let allowed = MAX_POSITIONS.saturating_mul(width);
    let allowed = available_memory().map_or(allowed, |a| allowed.min(a / 10 * 8));

    // Forward: every level, as sorted vectors of canonical forms under the subgroup. Each
    // thread takes a slice of the level, writes its children out in a row, sorts and dedups
    // them; a merge joins the runs.
    let mut levels: Vec<Vec<B>> = vec![vec![sub.canon(compact.encode(start.pegs()))]];
    let mut held = 1u64;
    let cancel = control.cancel_flag();
    // Boards small enough to rank take every level through the dense bitset instead.
    let dense = dense_levels::<B>(start, goal, control)?;
    let stepped = dense.is_some();
    if let Some(dense) = dense {
        levels = dense;
    }
    while let Some(current) = levels.last().filter(|_| !stepped) {
        // What the next level needs before it is deduplicated: every child once, again as
        // the radix sort's buffer, and a quarter of that for the merged result (children
        // repeat several times over); refused before any of it is allocated.
        let raw: u64 = current
            .iter()
            .map(|&p| u64::from(compact.legal(p).len()))
            .sum();
        let needed = (held + 2 * raw + raw / 4).saturating_mul(width);
        if needed > allowed || held + raw / 8 > MAX_POSITIONS {
            return Err(CountError::TooBig {
                jumps: levels.len() as u32 - 1,
                held,
                needed,
                allowed: Some(allowed),
            });
        }
        let parts = levels::in_parts(current.len(), levels::parts_for(current.len()), |range| {
            let slice = &current[range];
            let size: u64 = slice
                .iter()
                .map(|&p| u64::from(compact.legal(p).len()))
                .sum();
            let mut out = Vec::with_capacity(size as usize);
            for (i, &p) in slice.iter().enumerate() {
                children(p, &mut |c| out.push(c));
                if i % 65_536 == 0 && cancel.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
            }
            sort_dedup(out, bits)
        });
        let parts = parts.into_iter().map(levels::or_resume);
        if control.cancelled() {
            return Err(CountError::Cancelled);
        }
        let next: Vec<B> = parts.reduce(levels::merge_dedup).unwrap_or_default();
        control.report(
            held,
            held + next.len() as u64,
            current.first().map_or(0, |b| b.count()),
        );
        if next.is_empty() {
            break;
        }
        held += next.len() as u64;
        levels.push(next);
    }

    // The game whose start is its goal turned inside out (the English board's classic
    // game) has its winnable set met in the middle: far faster than the backward pass.
    // A set too large to hold falls back to the backward pass.
    let winnable_counts: Option<Vec<u64>> = match goal {
        Goal::At(cell) if use_set && WinnableSet::applies(shape, start.pegs(), goal) => {
            match WinnableSet::build(shape, cell, winnable::MAX_ENTRIES, control) {
                Ok(set) => {
                    let pegs = start.peg_count();
                    Some(
                        (0..levels.len() as u32)
                            .map(|n| set.count_up_to_symmetry(shape, pegs - n))
                            .collect(),
                    )
                }
                Err(Stop::Cancelled) => return Err(CountError::Cancelled),
                Err(_) => None,
            }
        }
        _ => None,
    };

    // Backward: which positions of each level can still reach the goal. The winners of a
    // level are few, so their set stays in cache while the level below is checked.
    let mut winners: Vec<Vec<B>> = vec![Vec::new(); levels.len()];
    let mut below: Option<BoardSet<B>> = None;
    for n in (0..levels.len()).rev() {
        if winnable_counts.is_some() {
            break;
        }
        let win: Vec<B> = levels[n]
            .iter()
            .copied()
            .filter(|&p| {
                if is_goal(p) {
                    return true;
                }
                let Some(w) = &below else { return false };
                children_until(p, &mut |c| w.contains(c))
            })
            .collect();
        let mut set = BoardSet::with_capacity(win.len().max(16));
        for &b in &win {
            set.insert(b);
        }
        below = Some(set);
        winners[n] = win;
        if control.cancelled() {
            return Err(CountError::Cancelled);
        }
    }

    let distinct_under_group = |boards: &[B]| {
        if group.len() == sub.len() {
            // The classes are already the whole group's.
            return boards.len() as u64;
        }
        let mut forms: Vec<B> = boards.iter().map(|&b| group.canon(b)).collect();
        forms.sort_unstable();
        forms.dedup();
        forms.len() as u64
    };
    Ok(levels
        .iter()
        .zip(&winners)
        .enumerate()
        .map(|(n, (level, win))| LevelCount {
            jumps: n as u32,
            positions: level.iter().map(|&b| sub.orbit_size(b)).sum(),
            up_to_symmetry: distinct_under_group(level),
            winnable_up_to_symmetry: match &winnable_counts {
                Some(counts) => counts[n],
                None => distinct_under_group(win),
            },
        })
        .collect())
}

/// Every level through [`Stepper`] (a dense bitset per level), for boards of at most
/// [`step::DENSE_CELLS`] cells numbered as `u64`; `None` for other boards.
fn dense_levels<B: Bits>(
    start: &Position,
    goal: Goal,
    control: &mut Control,
) -> Result<Option<Vec<Vec<B>>>, CountError> {
    let shape = start.shape();
    if std::any::TypeId::of::<B>() != std::any::TypeId::of::<u64>()
        || shape.cells().len() > step::DENSE_CELLS
    {
        return Ok(None);
    }
    let compact = Compact::<u64>::new(shape);
    let sub = Symmetries::keeping_start_and_goal(&compact, start, goal);
    let mut levels: Vec<Vec<u64>> = vec![vec![sub.canon(compact.encode(start.pegs()))]];
    let mut held = 1u64;
    let cancel = control.cancel_flag();
    let mut step = Stepper::new(&compact, &sub, cancel);
    let allowed = available_memory().map_or(u64::MAX, |a| a / 10 * 8);
    while let Some(current) = levels.last() {
        let next = match step.expand(current, Direction::Forward, false, MAX_POSITIONS - held) {
            Ok(next) => next,
            Err(Halt::Cancelled) => return Err(CountError::Cancelled),
            Err(Halt::TooMany) => {
                return Err(CountError::TooBig {
                    jumps: levels.len() as u32 - 1,
                    held,
                    needed: (held + MAX_POSITIONS) * 8,
                    allowed: None,
                })
            }
        };
        control.report(
            held,
            held + next.len() as u64,
            current.first().map_or(0, |b| b.count_ones()),
        );
        if next.is_empty() {
            break;
        }
        // The levels held and the bitset: refused once they would pass the memory there is.
        let needed = (held + next.len() as u64) * 8 + step.bytes();
        if needed > allowed {
            return Err(CountError::TooBig {
                jumps: levels.len() as u32,
                held,
                needed,
                allowed: Some(allowed),
            });
        }
        held += next.len() as u64;
        levels.push(next);
    }
    let boxed: Box<dyn std::any::Any> = Box::new(levels);
    Ok(boxed.downcast::<Vec<Vec<B>>>().ok().map(|b| *b))
}
